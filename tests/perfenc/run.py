#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""Every core event of every vendored perfmon list and every event of the Xeon uncore lists
(Sandy Bridge-EP to Sierra Forest), by name, and raw specs of AMD's L3, DF and UMC on
zen2-4 and of every unit type of Diamond Rapids, Panther Lake and Nova Lake, through
`efipmu-host dry-run --each`, against the independent encoding of encode.py. Offcore events
of lists with two response MSRs also run in pairs: perf puts the second one on
MSR_OFFCORE_RSP_1.

Per list: matched, refused as expected, mismatched (the first ones shown), and not compared:
a discovery list's events on units the reference model's table does not publish or efipmu
does not name (each a refusal saying so; neither passed nor failed). Fails on a
mismatch not in known-gaps.txt, on a listed gap that now matches or names nothing that ran,
and on any missing input. Last line: "perfenc: N passed, N failed" (passed: events matched
or refused as expected, and the runner's own checks in test_check.py; known gaps count in
neither).
  run.py [--tool PATH] [--data DIR] [--gaps FILE] [--write-gaps] [--jobs N] [--only REGEX]
"""
import argparse
import csv
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import encode

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# Reference-model profiles (lib/model/model_profiles.c) by CPU model, and the stepping of
# the dump each answers CPUID from. A list whose models have none runs on a profile of the
# same core PMU with names from its own model's list (and stepping: Cascade Lake is 06_55
# from stepping 5, the Skylake-SP dump stepping 4).
PROFILES = {0x1A: "nehalem-ep", 0x2C: "westmere-ep", 0x2E: "nehalem-ex", 0x2F: "westmere-ex",
            0x2D: "sandy-bridge-ep", 0x55: "skylake-sp", 0x6A: "icelake-sp",
            0x8F: "sapphire-rapids", 0xCF: "emerald-rapids", 0x97: "alder-lake",
            0xAA: "meteor-lake", 0xBD: "lunar-lake", 0xAD: "granite-rapids",
            0xAF: "sierra-forest"}
PROFILE_STEPPING = {"skylake-sp": 4}
# Profiles of architectural PerfMon v6 parts (CPUID.0AH version 6): their counters are
# driven through the v6 MSRs, GP counter n at 0x1900 + 4n, its select at 0x1901 + 4n,
# fixed counter i at 0x1980 + 4i (Linux 149fd4712bcd, msr-index.h MSR_IA32_PMC_V6_*), the
# same registers as PMCn, PERFEVTSELn and FIXED_CTRi.
V6_PROFILES = {"lunar-lake", "panther-lake"}


def v6_legacy(msr):
    """The legacy number of a v6 counter MSR (msr itself for any other)."""
    if 0x1900 <= msr < 0x1980 and (msr - 0x1900) % 4 < 2:
        n, k = divmod(msr - 0x1900, 4)
        return (0x186 if k else 0xC1) + n
    if 0x1980 <= msr < 0x19A0 and msr % 4 == 0:
        return 0x309 + (msr - 0x1980) // 4
    return msr

SAME_CORE = {0x25: "westmere-ep",      # Westmere client: the Westmere core PMU (v3, 4 + 3)
             0xC6: "lunar-lake",       # Arrow Lake: Lion Cove and Skymont, as Lunar Lake
             0xC5: "lunar-lake"}
# Arrow Lake 06_C5's low-power E-cores (native model 2) are Crestmont: Meteor Lake's E-cores.
SAME_CORE_NATIVE = {(0xC5, 2): "meteor-lake"}
CORE_TYPES = {0x20: "atom", 0x40: "core"}
# AMD's uncore has no Intel list: raw specs of its L3, DF and UMC formats (encode.amd_expects)
# on each AMD profile, from the CPUID dump its model answers (tools/gen_cpuid_tables.py).
AMD_PROFILES = {"zen2": "amd-17-31-rome.txt", "zen3": "amd-19-01-milan.txt",
                "zen4": "amd-19-11-genoa.txt"}
# Nor have Diamond Rapids, Panther Lake and Nova Lake one: raw specs of each unit type's
# format as Linux defines it (encode.raw_expects), a hybrid part's uncore counted from its
# P-core (the core type a run needs there).
RAW_PROFILES = {"diamond-rapids": None, "panther-lake": "core", "nova-lake": "core"}
# Uncore lists whose boxes efipmu drives by Intel's names: Sandy Bridge-EP's to Ice Lake-SP's,
# and the discovery-table parts' (the client parts' uncore lists are vendored, not run).
UNCORE_MODELS = {0x2D, 0x55, 0x6A, 0x8F, 0xCF, 0xAD, 0xAF}

# Registers every event's run may write besides its extra MSRs (Intel SDM Vol. 4 table 2-2;
# Intel 327043-001 2.2; Linux uncore_snbep.c; PMC8-9 and FIXED_CTR4-6 where CPUID.23H lists them,
# PERF_METRICS 0x329 with TOPDOWN.SLOTS).
CORE_REGS = (set(range(0x186, 0x190)) | set(range(0xC1, 0xCB)) | set(range(0x4C1, 0x4CB))
             | set(range(0x309, 0x310)) | {0x38D, 0x38F, 0x390, 0x391, 0x329})
UNCORE_REGS = ({0xC08, 0xC09, 0xC10, 0xC11, 0xC16, 0xC17, 0xC24}
               | set(range(0xC30, 0xC34)) | set(range(0xC36, 0xC3A))
               | {0xD04 + 0x20 * n + r for n in range(8)
                  for r in (0, 0xC, 0xD, 0xE, 0xF, 0x12, 0x13, 0x14, 0x15)}
               # Skylake-SP (Linux uncore_snbep.c): U-box and PCU 0x703-0x71A, IIO and IRP
               # 0xA40-0xB1F, CHA 0-27 box, controls and counters
               | set(range(0x703, 0x71B)) | set(range(0xA40, 0xB20))
               | {0xE00 + 0x10 * n + r for n in range(28) for r in range(0xC)}
               # Ice Lake-SP: IIO, IRP, M2PCIe 0xA40-0xB3F, CHA 0-39 0xB60-0xFEF
               | set(range(0xA40, 0xB40)) | set(range(0xB60, 0xFF0))
               # Sapphire Rapids on: CHA 0-15 0x2000-0x20FF (Intel PCM's SPR CHA MSRs)
               | set(range(0x2000, 0x2100))
               # Diamond Rapids' other units in the model's CBB table, one a type (encode.py)
               | set(range(0x2100, 0x2230))
               # and its other MSR units (encode.py DISC_UNITS): PCU, IIO, M2PCIe, IRP 0-5
               | set(range(0x2FC0, 0x2FCC)) | set(range(0x3000, 0x3060))
               | set(range(0x3200, 0x3260)) | set(range(0x3400, 0x3460))
               # Granite Rapids and Sierra Forest: IIO, IRP 0-5, MDF, B2HOT, PCU, U-box
               | set(range(0x2900, 0x2960)) | set(range(0x2A00, 0x2A60))
               | set(range(0x3F00, 0x3F20)) | set(range(0x3F80, 0x3F8C))
               | set(range(0x3FE0, 0x3FFA))
               # AMD: L3 0xC0010230-B, DF 0xC0010240-5F, UMC from 0xC0010800 (encode.py)
               | set(range(0xC0010230, 0xC001023C)) | set(range(0xC0010240, 0xC0010260))
               | set(range(0xC0010800, 0xC0010880)))
WINDOW = ("program", "start")   # the writes in effect while the events count
MSR_GLOBAL_CTRL, MSR_FIXED_CTR_CTRL, MSR_PERFEVTSEL0 = 0x38F, 0x38D, 0x186
FRZ = 1 << 8   # SNB-EP box control freeze (Linux uncore_snbep.c)
NAME_SHOWN = 63   # efipmu keeps the first 63 characters of an event's name (EVENT_NAME_MAX)


class Missing(Exception):
    pass


class Item:
    """One list and how it runs: its profile, the model (and stepping) whose names it takes,
    and on a hybrid part the core type whose CPU counts it (its specs then say cpu_atom/..)."""

    def __init__(self, path, etype, prof, model=0, stepping=None, core_type=None):
        self.path, self.etype, self.prof = path, etype, prof
        # a list's name is its JSON file's; AMD's and the raw specs' runs, the profile's
        self.name = {"amd": f"amd_uncore_{prof}", "raw": f"raw_uncore_{prof}"}.get(
            etype, os.path.basename(path)[:-5])
        self.model, self.stepping, self.core_type = model, stepping, core_type

    def list_model(self):
        if not self.model:
            return None
        return f"{self.model:#x}" + ("" if self.stepping is None else f":{self.stepping}")


def lists_from_mapfile(data):
    """[Item] from mapfile.csv: every core (per core type on hybrids) and uncore list."""
    path = os.path.join(data, "mapfile.csv")
    if not os.path.isfile(path):
        raise Missing(f"{path} is missing")
    by_file = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            m = re.fullmatch(r"GenuineIntel-6-([0-9A-Fa-f]{2})(?:-\[([0-9A-Fa-f]+)\])?",
                             row["Family-model"])
            if not m or row["EventType"] not in ("core", "hybridcore", "uncore"):
                continue
            if row["EventType"] == "uncore" and int(m.group(1), 16) not in UNCORE_MODELS:
                continue
            steps = [int(c, 16) for c in m.group(2)] if m.group(2) else None
            ctype = CORE_TYPES.get(int(row["Core Type"], 0)) if row["Core Type"] else None
            native = int(row["Native Model ID"], 0) if row["Native Model ID"] else 0
            key = (row["Filename"].lstrip("/"), row["EventType"])
            by_file.setdefault(key, []).append((int(m.group(1), 16), steps, ctype, native))
    out = []
    for (rel, etype), rows in sorted(by_file.items()):
        full = os.path.join(data, rel)
        if not os.path.isfile(full):
            raise Missing(f"{full} (mapfile.csv) is missing")
        etype = "uncore" if etype == "uncore" else "core"
        own = [r for r in rows if r[0] in PROFILES]
        other = [r for r in rows if r[0] in SAME_CORE]
        if own:
            model, steps, ctype, native = own[0]
            prof = PROFILES[model]
            st = PROFILE_STEPPING.get(prof)
            if steps and st not in steps:   # the profile's stepping maps to another list
                out.append(Item(full, etype, prof, model, steps[0], ctype))
            else:
                out.append(Item(full, etype, prof, 0, None, ctype))
        elif other:
            model, steps, ctype, native = other[0]
            prof = SAME_CORE_NATIVE.get((model, native), SAME_CORE[model])
            out.append(Item(full, etype, prof, model, steps[0] if steps else None, ctype))
        else:
            raise Missing(f"{rel}: no reference-model profile for models "
                          + ", ".join(f"{r[0]:#x}" for r in rows))
    if not out:
        raise Missing(f"{path} lists no event file")
    for prof, dump in AMD_PROFILES.items():
        full = os.path.join(os.path.dirname(os.path.abspath(data)), "cpuid", dump)
        if not os.path.isfile(full):
            raise Missing(f"{full} is missing")
        out.append(Item(full, "amd", prof))
    for prof, ctype in RAW_PROFILES.items():
        out.append(Item("", "raw", prof, core_type=ctype))
    return out


def spell(item, name):
    """The spec of a named event: perf's hybrid PMU on a hybrid list (cpu_atom/NAME/)."""
    return name if item.core_type is None else f"cpu_{item.core_type}/{name}/"


def runs_for(item):
    """[(label, spec, [Expect])]: every event alone, then offcore pairs."""
    if item.etype == "amd":
        exps = encode.amd_expects(item.path)
        return [(x.name, x.name, [x]) for x in exps]
    if item.etype == "raw":
        return [(spec, spec, xs) for spec, xs in encode.raw_expects(item.prof)]
    events = encode.load_events(item.path)
    if item.etype == "core":
        perfmon_dir = os.path.basename(os.path.dirname(os.path.dirname(item.path)))   # "JKT"
        key = item.name if item.core_type else perfmon_dir
        exps = [encode.core_expect(e, key) for e in events]
        for x in exps:
            x.name = spell(item, x.name)
    else:
        lst = os.path.basename(os.path.dirname(os.path.dirname(item.path)))   # "JKT", "SKX"
        exps = [x for x in (encode.uncore_expect(e, lst) for e in events) if x]
        if lst == "JKT" and any(e["Unit"] == "QPI LL" for e in events):
            exps += encode.qpi_term_expects(events)
    if not exps:
        raise Missing(f"{item.path}: no event to run")
    runs = [(x.name, x.name, [x]) for x in exps]
    two = [x for x in exps if len(x.alts) == 2]
    for a, b in zip(two[0::2], two[1::2]):
        runs.append((f"{a.name}+{b.name}", f"{a.name},{b.name}", [a, b]))
    return runs


def parse_blocks(text):
    """{spec: block} from dry-run --each output."""
    blocks, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"dry run of (\S+?)(: refused: (.*)| on the reference model .*)$", line)
        if m:
            cur = dict(refused=m.group(3), counters={}, order=[], writes=[], failed=None, pci={},
                       mmio={})
            blocks[m.group(1)] = cur
            section, phase = None, None
            continue
        if cur is None:
            continue
        if line.startswith("core engine:"):
            section = "core"
        elif line.startswith("uncore engine"):
            section = "uncore"
        elif m := re.match(r"  (\S+)\s+(pmc|fixed)(\d+)\s+control (0x\w+), counter (0x\w+)$",
                           line):
            cur["counters"][m.group(1).upper()] = dict(
                box="core", kind="fixed" if m.group(2) == "fixed" else "gp",
                idx=int(m.group(3)), ctl=int(m.group(4), 16))
            cur["order"].append((m.group(1).upper(), cur["counters"][m.group(1).upper()]))
        elif m := re.match(r"  (\S+)\s+(uncore_\w+|amd_\w+) (ctr(\d+)|fixed) control "
                           r"(0x\w+|pci \S+|mmio \S+), counter (0x\w+|pci \S+|mmio \S+)$", line):
            cur["counters"][m.group(1).upper()] = dict(
                box=m.group(2), kind="fixed" if m.group(3) == "fixed" else "gp",
                idx=int(m.group(4) or 0), ctl=reg_key(m.group(5)))
        elif m := re.match(r"  (uncore_\w+): PCI device (0x\w+) found at pci (\S+)$", line):
            cur["pci"][m.group(1)] = (int(m.group(2), 16), m.group(3))
        elif m := re.match(r"  (uncore_\w+): MMIO box \((?:base from PCI device 0x\w+|the "
                           r"discovery table's address)\) at mmio (0x\w+)$", line):
            cur["mmio"][m.group(1)] = int(m.group(2), 16)
        elif m := re.match(r"  (snapshot|program|start|stop|read|restore)\b(.*)$", line):
            phase = m.group(1)
            if ": failed: " in m.group(2):
                cur["failed"] = f"{phase}: {m.group(2).split(': failed: ', 1)[1]}"
        elif m := re.match(r"\s+\d+ (?:wrmsr (0x\w+)|write (pci \S+|mmio \S+))\s.*?= (0x\w+)",
                           line):
            cur["writes"].append((section, phase, reg_key(m.group(1) or m.group(2)),
                                  int(m.group(3), 16)))
    return blocks


def reg_key(text):
    """An MSR number, ("pci", "SSSS:BB:DD.F", offset) for "pci SSSS:BB:DD.F+0xOFF", or
    ("mmio", address) for "mmio 0xADDR"."""
    if text.startswith("mmio "):
        return ("mmio", int(text[5:], 16))
    if not text.startswith("pci "):
        return int(text, 16)
    fn, off = text[4:].split("+")
    return ("pci", fn, int(off, 16))


def check_pci(enc, ctr, eff, block):
    """check_enc for an SNB-EP PCI box: the function whose device id the list's unit has."""
    unit = enc.unit
    m = re.fullmatch(unit["box"], ctr["box"])
    if not m:
        return f"counted on {ctr['box']}, expected {unit['box']}", None
    n = int(m.group(1)) if m.groups() else 0
    want_id = unit["pci"][n]
    found = block["pci"].get(ctr["box"])
    if not found or found[0] != want_id:
        return f"{ctr['box']} is device {found and hex(found[0])}, expected {want_id:#x}", None
    if "pci_at" in unit and not found[1].endswith(":" + unit["pci_at"][n]):
        return f"{ctr['box']} found at {found[1]}, expected device.function {unit['pci_at'][n]}", None
    fn = found[1]
    if enc.kind == "pci_fixed":
        if ctr["kind"] != "fixed":
            return f"on {ctr['kind']}{ctr['idx']}, expected the iMC's fixed DCLK counter", None
        ctl = ("pci", fn, encode.PCI_FIXED_CTL)
    else:
        if ctr["kind"] != "gp" or (enc.counters and ctr["idx"] not in enc.counters):
            return f"on {ctr['kind']} {ctr['idx']}, the list allows {sorted(enc.counters)}", None
        ctl = ("pci", fn, unit.get("pci_ctl", encode.PCI_CTL) + unit.get("pci_step", 4) * ctr["idx"])
    if ctr["ctl"] != ctl:
        return f"counter {ctr['idx']} controlled by {ctr['ctl']}, expected {ctl}", None
    got = eff.get(ctl)
    if unit.get("ctl_wide") and got is not None:   # the control's second dword, at + 4
        got |= eff.get(("pci", fn, ctl[2] + 4), 0) << 32
    if got != enc.ctl:
        return f"control {fmt(got)}, expected {enc.ctl:#x}", None
    box = unit.get("pci_box", encode.PCI_BOX_CTL)
    b = eff.get(("pci", fn, box))
    if b is None or b & unit.get("frz", FRZ):
        return f"box control {fn}+{box:#x} {fmt(b)}: not unfrozen", None
    # the box's counter, control and box registers (SNB-EP: 0xA0-0xF7) may be written, nothing else
    lo, hi = unit.get("pci_range", (0xA0, 0xF8))
    claimed = {("pci", fn, o): ("any", 0) for o in range(lo, hi, 4)}
    # the HA's match registers hold what the event asks
    claimed.update({("pci", fn, o): ("=", v)
                    for o, v in zip(unit.get("pci_match", ()), enc.extra.get("match", ()))})
    # a QPI port's match/mask (function 6 of its device) hold what the terms ask
    pkt_fn = fn[:-1] + str(encode.QPI_PKT_FN)
    claimed.update({("pci", pkt_fn, o): ("=", v)
                    for o, v in zip(encode.QPI_PKT_REGS, enc.extra.get("pkt", ()))})
    return None, claimed


def check_mmio(enc, ctr, eff, block):
    """check_enc for an iMC channel in MMIO (Linux SNR_IMC_MMIO_*): its control at box + 0x40 +
    4 n (the fixed counter's at + 0x54), the box unfrozen."""
    if not re.fullmatch(enc.unit["box"], ctr["box"]):
        return f"counted on {ctr['box']}, expected {enc.unit['box']}", None
    box = block["mmio"].get(ctr["box"])
    if box is None:
        return f"{ctr['box']}: no MMIO box listed", None
    m = re.fullmatch(enc.unit["box"], ctr["box"])
    at = enc.unit.get("mmio_at")
    if at and box != at[int(m.group(1))]:   # where the model's table puts it
        return f"{ctr['box']} at mmio {box:#x}, expected {at[int(m.group(1))]:#x}", None
    if enc.kind == "uncore_fixed":   # the list's "FIXED": the channel's fixed counter, +0x54
        if ctr["kind"] != "fixed":
            return f"on {ctr['kind']} {ctr['idx']}, expected the iMC's fixed counter", None
        ctl = ("mmio", box + 0x54)
    elif ctr["kind"] != "gp" or (enc.counters and ctr["idx"] not in enc.counters):
        return f"on {ctr['kind']} {ctr['idx']}, the list allows {sorted(enc.counters)}", None
    else:
        ctl = ("mmio", box + 0x40 + 4 * ctr["idx"])
    if ctr["ctl"] != ctl:
        return f"counter {ctr['idx']} controlled by {ctr['ctl']}, expected {ctl}", None
    if eff.get(ctl) != enc.ctl:
        return f"control {fmt(eff.get(ctl))}, expected {enc.ctl:#x}", None
    b = eff.get(("mmio", box))
    if b is None or b & enc.unit.get("frz", FRZ):
        return f"box control {box:#x} {fmt(b)}: not unfrozen", None
    # the channel's 16 KiB of PMON registers may be written, nothing else
    return None, {("mmio", box + o): ("any", 0) for o in range(0, 0x60, 4)}


def check_enc(enc, ctr, eff, block):
    """(None, claimed {msr: allowed-bit mask or exact value}) or (reason, None)."""
    claimed = {}
    if enc.unit and enc.unit.get("mmio"):
        return check_mmio(enc, ctr, eff, block)
    if enc.unit and "pci" in enc.unit:
        return check_pci(enc, ctr, eff, block)
    if enc.kind in ("gp", "fixed"):
        if ctr["box"] != "core" or ctr["kind"] != enc.kind:
            return f"counted on {ctr['box']} {ctr['kind']}, expected a core {enc.kind}", None
        i = ctr["idx"]
        if enc.kind == "gp":
            if enc.counters and i not in enc.counters:
                return f"on pmc{i}, the list allows {sorted(enc.counters)}", None
            if ctr["ctl"] != MSR_PERFEVTSEL0 + i:
                return f"pmc{i} controlled by {ctr['ctl']:#x}", None
            got = eff.get(ctr["ctl"])
            gbit = i
        else:
            if i != enc.fixed:
                return f"on fixed{i}, expected FIXED_CTR{enc.fixed}", None
            nib = eff.get(MSR_FIXED_CTR_CTRL)
            got = None if nib is None else nib >> 4 * i & 0xF
            gbit = 32 + i
        if got != enc.ctl:
            return f"control {fmt(got)}, expected {enc.ctl:#x}", None
        if not eff.get(MSR_GLOBAL_CTRL, 0) >> gbit & 1:
            return f"IA32_PERF_GLOBAL_CTRL bit {gbit} clear while counting", None
        claimed.update({m: ("=", v) for m, v in enc.extra.items()})
        # PEBS_ENABLE, if written: only this counter's PEBS and load-latency bits
        claimed.update({m: ("&", 1 << i | 1 << 32 + i) for m in enc.optional})
        return None, claimed
    unit = enc.unit
    m = re.fullmatch(unit["box"], ctr["box"])
    if not m:
        return f"counted on {ctr['box']}, expected {unit['box']}", None
    off = unit.get("stride", 0) * int(m.group(1)) if m.groups() else 0
    if "offsets" in unit:
        off = unit["offsets"][int(m.group(1))]
    if enc.kind == "uncore_fixed":
        ctl = unit.get("fixed_ctl", encode.UCLK_FIXED_CTL) + off
        if ctr["kind"] != "fixed" or ctr["ctl"] != ctl:
            where = f"{ctr['box']} {ctr['kind']}{ctr['idx']}"
            return f"on {where}, expected the UCLK fixed counter", None
    else:
        if ctr["kind"] != "gp" or (enc.counters and ctr["idx"] not in enc.counters):
            return f"on {ctr['kind']} {ctr['idx']}, the list allows {sorted(enc.counters)}", None
        ctl = unit["ctl"] + off + ctr["idx"] * unit.get("ctl_step", 1)
        if ctr["ctl"] != ctl:
            return f"counter {ctr['idx']} controlled by {ctr['ctl']:#x}, expected {ctl:#x}", None
    if eff.get(ctl) != enc.ctl:
        return f"control {fmt(eff.get(ctl))}, expected {enc.ctl:#x}", None
    if "box_ctl" in unit:
        b = eff.get(unit["box_ctl"] + off)
        # frozen by its freeze bit, or (a client cNCU) its enable bits not all set
        if b is None or b & unit.get("frz", FRZ) or ~b & unit.get("box_on", 0):
            return f"box control {unit['box_ctl'] + off:#x} {fmt(b)}: not unfrozen", None
    if "claim" in unit:   # the box's own MSRs, outside UNCORE_REGS
        first, count = unit["claim"]
        claimed.update({first + off + k: ("any", 0) for k in range(count)})
    for reg in ("filter", "filter1"):
        if reg in enc.extra:
            claimed[unit[reg] + off] = ("=", enc.extra[reg])
    return None, claimed


def fmt(v):
    return "not written" if v is None else f"{v:#x}"


def reg_str(m):
    """An MSR number or a ("pci", function, offset) key, as the tool writes it."""
    return f"{m:#x}" if isinstance(m, int) else f"pci {m[1]}+{m[2]:#x}"


def check_run(exps, block):
    """('match' | 'refused' | 'mismatch', reason) of one dry run."""
    if block is None:
        return "mismatch", "no output for this run"
    if exps[0].refuse:
        if block["refused"] and re.search(exps[0].refuse, block["refused"]):
            return ("skipped", exps[0].skip) if exps[0].skip else ("refused", block["refused"])
        if block["refused"]:
            return "mismatch", f"refused for another reason: {block['refused']}"
        return "mismatch", "ran; the hardware cannot express it (expected a refusal)"
    if block["refused"]:
        return "mismatch", f"refused: {block['refused']}"
    if block["failed"]:
        return "mismatch", f"phase failed: {block['failed']}"
    eff, written = {}, set()
    for _sec, phase, msr, val in block["writes"]:
        if phase in WINDOW:
            eff[msr] = val
            written.add(msr)
    claimed = {}
    for k, x in enumerate(exps):
        # the listing is in the spec's order: two names alike in their first 63 characters
        # (Cascade Lake's OFFCORE_RESPONSE:request=...) are told apart by their place
        shown = x.name.upper()[:NAME_SHOWN]
        order = block.get("order", [])
        ctr = order[k][1] if k < len(order) and order[k][0] == shown else \
            block["counters"].get(shown)
        if ctr is None and len(exps) == 1 and len(block["counters"]) == 1:
            ctr = next(iter(block["counters"].values()))   # a fixed counter's own name
        if ctr is None:
            return "mismatch", f"{x.name}: not in the counter listing"
        why = []
        for enc in x.alts:
            reason, got = check_enc(enc, ctr, eff, block)
            # two events may share a box's registers ("any"), never an extra MSR's value
            shared = {k for k in set(got or ()) & set(claimed)
                      if got[k] != ("any", 0) or claimed[k] != ("any", 0)}
            if reason is None and not shared:
                claimed.update(got)
                break
            why.append(reason or "its extra MSR is taken by the other event")
        else:
            who = f"{x.name}: " if len(exps) > 1 else ""
            return "mismatch", who + "; or ".join(why)
    for msr, (op, v) in claimed.items():
        if op == "=" and eff.get(msr) != v:
            return "mismatch", f"{reg_str(msr)} {fmt(eff.get(msr))}, expected {v:#x}"
        if op == "&" and msr in eff and eff[msr] & ~v:
            return "mismatch", f"{reg_str(msr)} {eff[msr]:#x} sets bits outside {v:#x}"
    stray = sorted(written - CORE_REGS - UNCORE_REGS - set(claimed), key=str)
    if stray:
        return "mismatch", "writes MSRs it does not need: " + ", ".join(reg_str(m) for m in stray)
    return "match", ""


BATCH = 1500   # specs per efipmu-host process: the lists run in parallel batches


def run_batch(tool, item, runs):
    cmd = [tool, "dry-run", "--each", "--sim-firmware", "clean", "--profile", item.prof]
    if item.list_model():
        cmd += ["--list-model", item.list_model()]
    if item.core_type:
        cmd += ["--core-type", item.core_type]
    p = subprocess.run(cmd + [spec for _l, spec, _x in runs], capture_output=True, text=True)
    # --each answers on stdout; anything on stderr is a crash or a sanitizer report
    if p.returncode not in (0, 1, 2) or p.stderr or (p.returncode and not p.stdout):
        raise Missing(f"{item.name}: efipmu-host exited {p.returncode}: "
                      f"{p.stderr.strip()[:300]}")
    blocks = parse_blocks(p.stdout)
    if item.prof in V6_PROFILES:
        for b in blocks.values():
            b["writes"] = [(s, ph, v6_legacy(m) if isinstance(m, int) else m, v)
                           for s, ph, m, v in b["writes"]]
            for c in list(b["counters"].values()) + [c for _n, c in b.get("order", [])]:
                if c["box"] == "core" and isinstance(c["ctl"], int):
                    c["ctl"] = v6_legacy(c["ctl"])
    return [(label, *check_run(x, blocks.get(spec))) for label, spec, x in runs]


def batches(tool, items):
    """(item, runs) in pieces of at most BATCH specs, so both cores stay busy."""
    out = []
    for item in items:
        runs = runs_for(item)
        out += [(item, runs[i:i + BATCH]) for i in range(0, len(runs), BATCH)]
    return out


def read_gaps(path):
    gaps = {}
    if not os.path.isfile(path):
        raise Missing(f"{path} is missing (an empty file means no known gap)")
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 2)
            if len(parts) < 3:
                raise Missing(f"{path}:{n}: want 'LIST EVENT reason'")
            gaps[(parts[0], parts[1])] = parts[2]
    return gaps


# Short reasons for known-gaps.txt, by the first pattern the mismatch's text matches.
GAP_REASONS = (
    (r"auxiliary MSR is set to another value", "RSP_1: the second offcore event is refused "
     "instead of going to event 0xBB with MSR_OFFCORE_RSP_1 (0x1A7)"),
    (r"another reason: unknown event 'UNC_U_", "ExtSel=1: expected a refusal naming ExtSel "
     "(no ExtSel bit in the U-box control), got: unknown name"),
    (r"^refused: unknown event 'UNC_C_", "C-box event by name: not in efipmu's lists"),
    (r"^refused: unknown event 'UNC_P_", "PCU event by name: not in efipmu's lists"),
    (r"^ran; the hardware cannot express it", "ExtSel=1: runs as the bare event code; the "
     "U-box control has no ExtSel bit (Intel 327043-001), expected a refusal"),
)


def gap_reason(why):
    for pattern, reason in GAP_REASONS:
        if re.search(pattern, why):
            return reason
    return why[:160]


def write_gaps(path, results, old):
    with open(path, "w", encoding="utf-8") as f:
        f.write("# Events whose dry run does not match tests/perfenc/encode.py yet, one a line:\n"
                "#   LIST EVENT reason   (LIST: the JSON file's name; EVENT: A+B for a pair)\n"
                "# The suite fails when an event not listed here mismatches and when one listed\n"
                "# here matches again: this list only shrinks. `run.py --write-gaps` rewrites\n"
                "# it, keeping the reasons of the lines that stay.\n")
        for name, _p, _m, rows in results:
            for label, res, why in rows:
                if res == "mismatch":
                    f.write(f"{name} {label} {old.get((name, label), gap_reason(why))}\n")


def selftest():
    """(passed, failed) of test_check.py: the checks below on hand-written output."""
    import io
    import unittest
    import test_check
    suite = unittest.defaultTestLoader.loadTestsFromModule(test_check)
    r = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    bad = r.failures + r.errors
    for test, tb in bad:
        last = [ln for ln in tb.splitlines() if re.match(r"\w*(Error|Exception)\b", ln)]
        print(f"  FAIL self-test {test.id()}: {(last or ['?'])[-1][:200]}")
    print(f"runner self-test (test_check.py): {r.testsRun - len(bad)} of {r.testsRun} pass")
    return r.testsRun - len(bad), len(bad)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", default=os.path.join(REPO, "build", "efipmu-host-san"))
    ap.add_argument("--data", default=os.path.join(REPO, "data", "perfmon"))
    ap.add_argument("--gaps", default=os.path.join(HERE, "known-gaps.txt"))
    ap.add_argument("--write-gaps", action="store_true")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", "2")))
    ap.add_argument("--show", type=int, default=5, help="mismatches shown per list")
    ap.add_argument("--only", help="run only the lists whose name this regex finds")
    a = ap.parse_args()
    try:
        if not os.access(a.tool, os.X_OK):
            raise Missing(f"{a.tool} is missing (make host)")
        items = lists_from_mapfile(a.data)
        if a.only:
            items = [i for i in items if re.search(a.only, i.name)]
        gaps = {} if a.write_gaps and not os.path.isfile(a.gaps) else read_gaps(a.gaps)
        work = batches(a.tool, items)
        with ThreadPoolExecutor(max(1, a.jobs)) as ex:
            done = list(ex.map(lambda w: run_batch(a.tool, w[0], w[1]), work))
        results, rows_of = [], {}
        for (item, _runs), rows in zip(work, done):
            if item.name not in rows_of:
                rows_of[item.name] = []
                results.append((item.name, item.prof, item, rows_of[item.name]))
            rows_of[item.name].extend(rows)
    except (Missing, OSError, ValueError, KeyError) as e:
        print(f"  FAIL {e}")
        print("perfenc: 0 passed, 1 failed")
        return 1
    if a.write_gaps:
        write_gaps(a.gaps, results, gaps)
        gaps = read_gaps(a.gaps)
    passed, failed = selftest()
    seen = set()
    for name, prof, lm, rows in results:
        count = {"match": 0, "refused": 0, "mismatch": 0, "skipped": 0}
        known = 0
        bad = []
        for label, res, why in rows:
            count[res] += 1
            key = (name, label)
            seen.add(key)
            if res == "mismatch" and key in gaps:
                known += 1
            elif res == "mismatch":
                bad.append(f"    NEW MISMATCH {label}: {why}")
            elif res == "skipped":
                continue
            elif key in gaps:
                what = "matches" if res == "match" else "is refused as expected"
                bad.append(f"    {label} now {what}: remove it from known-gaps.txt")
            else:
                passed += 1
        failed += len(bad)
        names = f" (names of model {lm.list_model()})" if lm.list_model() else ""
        names += f" on its {lm.core_type} CPU" if lm.core_type else ""
        label = name if lm.etype in ("amd", "raw") else f"{name}.json"
        print(f"{label} on {prof}{names}: {count['match']} matched, {count['refused']} "
              f"refused as expected, {count['mismatch']} mismatched ({known} known gaps)"
              + (f", {count['skipped']} not compared" if count["skipped"] else ""))
        skips = {}
        for _label, res, why in rows:
            if res == "skipped":
                skips[why] = skips.get(why, 0) + 1
        for why, n in sorted(skips.items()):
            print(f"    not compared: {n} on {why}")
        for label, res, why in [r for r in rows if r[1] == "mismatch"][:a.show]:
            print(f"    {'known ' if (name, label) in gaps else ''}mismatch {label}: {why}")
        for line in bad[:20]:
            print(line)
        if len(bad) > 20:
            print(f"    ... and {len(bad) - 20} more")
    ran = {name for name, _p, _i, _r in results}
    stale = sorted(k for k in set(gaps) - seen if k[0] in ran or not a.only)
    for list_name, label in stale:
        print(f"  FAIL known-gaps.txt names {list_name} {label}, which did not run")
    failed += len(stale)
    print(f"perfenc: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
