#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""The backing file of QEMU's ivshmem-plain device for case_ivshmem_discovery.sh.

  disc_table.py make FILE BAR SIZE   writes FILE (SIZE bytes, the device's BAR 2 at
                                     physical address BAR): an uncore discovery table
                                     at its start whose units are MMIO boxes further
                                     in the same BAR, their registers holding
                                     recognisable "firmware" values
  disc_table.py compare ORIG AFTER BAR
                                     names every register (or other dword) of AFTER
                                     that differs from ORIG; exit 1 if any does
  disc_table.py check-log ORIG BAR LOG
                                     the run's log read the device: its
                                     discovery_table record holds ORIG's first bytes,
                                     its uncore handoff record what ORIG holds at each
                                     register it names (mmio ADDRESS); exit 1 if not

Written from the table's public description, not from efipmu's decoder or its model:
Linux arch/x86/events/intel/uncore_discovery.h (union uncore_global_discovery, struct
uncore_unit_discovery) and Intel PCM src/uncore_pmu_discovery.h (GlobalPMU, BoxPMU):
  global state, 3 qwords: type 7:0, stride 15:8 (in qwords), max_units 25:16,
    access_type 63:62; global control address; status_offset 7:0, num_status 23:8
  unit state i at (i + 1) * stride * 8, 3 qwords: num_regs 7:0, ctl_offset 15:8,
    bit_width 23:16, ctr_offset 31:24, status_offset 39:32, access_type 63:62
    (0 MSR, 1 MMIO, 2 PCI); box control address; box_type 15:0, box_id 31:16
An MMIO unit's registers, as Linux's generic discovery PMU reaches them (uncore.h
uncore_pci_event_ctl / uncore_pci_perf_ctr, used for MMIO boxes too): box control
(32 bits) at the box control address, control i (32 bits) at ctl_offset + 4 i,
counter i (64 bits) at ctr_offset + 8 i. Every byte of the BAR that is neither table
nor register holds FILL, so a write anywhere shows in the comparison.
"""
import struct
import sys

STRIDE = 4                  # qwords per state (Sapphire Rapids' tables use 4)
UNIT_BASE = 0x10000         # the units' registers start here in the BAR
UNIT_STEP = 0x4000          # one unit a step further: Linux maps 16 KiB of each MMIO box
                            # (uncore_discovery.h UNCORE_GENERIC_MMIO_SIZE)
GLOBAL_CTL = 0x8000         # the global control register's offset in the BAR
FILL = 0xA5                 # bit 22 (EN) of a dword of it is clear
MMIO = 1
# (box_type, box_id, counters, width, ctl_offset, ctr_offset): two units of type 6 (the
# iMC on Sapphire Rapids, Linux uncore_snbep.c) laid out as its iMC channels (Linux
# icx/spr: box control +0x00, counters +0x08, controls +0x40) and one of a type no
# source names, so one unit is named only by its type number.
UNITS = [(6, 0, 4, 48, 0x40, 0x08), (6, 1, 4, 48, 0x40, 0x08), (0x1f, 0, 2, 48, 0x20, 0x08)]


def regs(bar):
    """(offset in the BAR, bytes, firmware value, name) of every register of every unit."""
    out = [(GLOBAL_CTL, 8, 0, "global control")]
    for k, (typ, box, n, _w, ctl, ctr) in enumerate(UNITS):
        base = UNIT_BASE + k * UNIT_STEP
        unit = "unit %d (type %d box %d)" % (k, typ, box)
        # firmware's values: recognisable, EN (bit 22) clear, counters below 2^48
        out.append((base, 4, 0x00010000 | k << 12, unit + " box control"))
        for i in range(n):
            out.append((base + ctl + 4 * i, 4, (0xA0 + k) << 8 | (0x10 + i),
                        "%s control %d" % (unit, i)))
            out.append((base + ctr + 8 * i, 8, 0xCAFE00000000 | k << 8 | i,
                        "%s counter %d" % (unit, i)))
    return out


def make(path, bar, size):
    b = bytearray([FILL]) * size
    g0 = 0x01 | STRIDE << 8 | len(UNITS) << 16 | MMIO << 62   # type 1: arbitrary, unused
    struct.pack_into("<QQQ", b, 0, g0, bar + GLOBAL_CTL, 0)
    for k, (typ, box, n, width, ctl, ctr) in enumerate(UNITS):
        q0 = n | ctl << 8 | width << 16 | ctr << 24 | MMIO << 62
        at = (k + 1) * STRIDE * 8
        struct.pack_into("<QQQQ", b, at, q0, bar + UNIT_BASE + k * UNIT_STEP,
                         typ | box << 16, 0)
    for off, n, val, _name in regs(bar):
        struct.pack_into("<Q" if n == 8 else "<I", b, off, val)
    with open(path, "wb") as f:
        f.write(b)


def name_of(off, bar):
    for roff, n, _val, name in regs(bar):
        if roff <= off < roff + n:
            return name
    if off < (len(UNITS) + 1) * STRIDE * 8:
        return "the table"
    return "no register (FILL)"


def compare(orig, after, bar):
    a, b = open(orig, "rb").read(), open(after, "rb").read()
    if len(a) != len(b):
        print("sizes differ: %d against %d bytes" % (len(a), len(b)))
        return 1
    bad = 0
    for off in range(0, len(a), 4):
        if a[off:off + 4] != b[off:off + 4]:
            bad += 1
            print("BAR+0x%05x (0x%x) %s: 0x%08x, was 0x%08x" % (
                off, bar + off, name_of(off, bar), struct.unpack_from("<I", b, off)[0],
                struct.unpack_from("<I", a, off)[0]))
    print("%d of %d dwords differ (%d registers named)" % (bad, len(a) // 4, len(regs(bar))))
    return 1 if bad else 0


def check_log(orig, bar, log):
    import json
    a = open(orig, "rb").read()
    recs = [json.loads(line) for line in open(log, encoding="ascii")]
    bad = []
    table = "".join(r["bytes"] for r in recs if r.get("rec") == "discovery_table")
    if not table or bytes.fromhex(table) != a[:len(table) // 2]:
        bad.append("the discovery_table record is not the file's first %d bytes"
                   % (len(table) // 2))
    seen = same = 0
    for r in recs:
        if r.get("rec") != "handoff" or r.get("box") != "uncore":
            continue
        for reg, val in r["registers"]:
            kind, addr = reg.split()
            off = int(addr, 16) - bar
            if kind != "mmio" or not 0 <= off < len(a):
                bad.append("%s is not in the BAR" % reg)
                continue
            n = next((w for roff, w, _v, _n in regs(bar) if roff == off), 4)
            held = int.from_bytes(a[off:off + n], "little")
            seen += 1
            same += held == int(val, 16)
            if held != int(val, 16):
                bad.append("%s (%s) read %s, the file holds 0x%x"
                           % (reg, name_of(off, bar), val, held))
    if not seen:
        bad.append("no uncore handoff record names a register")
    for b in bad:
        print(b)
    print("%d of %d registers of the handoff read as the file holds them" % (same, seen))
    return 1 if bad else 0


def main(argv):
    if len(argv) == 4 and argv[0] == "make":
        make(argv[1], int(argv[2], 0), int(argv[3], 0))
        return 0
    if len(argv) == 4 and argv[0] == "compare":
        return compare(argv[1], argv[2], int(argv[3], 0))
    if len(argv) == 4 and argv[0] == "check-log":
        return check_log(argv[1], int(argv[2], 0), argv[3])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
