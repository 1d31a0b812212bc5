#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""Generate lib/hw/events_gen.c and lib/hw/events_gen.h from Intel's perfmon event lists.

Core lists are chosen per CPU model through perfmon's mapfile.csv: by family-model, the
stepping range where a row names one (06_55: Skylake-SP 0-4, Cascade Lake 5-F) and, on
hybrid parts ("hybridcore" rows), the core type (CPUID.1AH:EAX[31:24], 0x20 Atom, 0x40
Core) and native model ID (EAX[23:0]). For Sandy Bridge-EP (0x2D) the U-box, C-box, PCU,
HA, iMC, QPI, R2PCIe and R3QPI events of the uncore list are added, one list per box
type, with the counters each
may use ("Counter"), the bits of its box's filter register it uses ("Filter") and whether
it needs the event-select extension bit ("ExtSel"). The lists read are vendored in
data/perfmon/ (SOURCE.txt: commit, subset, checksums).

The tables are compact (the EFI binary carries every list): names are stored once, as
sequences of their dot-separated segments; an event is 16 bytes with its auxiliary MSR
value and its uncore extensions (filter, control fields) as indexes into shared pools.
Output is deterministic (events sorted by upper-case name, the order ev_find's binary
search assumes). --check
regenerates into a temporary directory and fails if the committed files differ.
"""
import argparse
import csv
import filecmp
import json
import os
import re
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS = [0x1A, 0x1E, 0x1F, 0x25, 0x2C, 0x2D, 0x2E, 0x2F,
          0x55, 0x6A, 0x6C, 0x8F, 0xCF, 0xAD, 0xAE, 0xAF,            # Xeon: SKX/CLX .. SRF
          0x97, 0x9A, 0xB7, 0xBA, 0xBF, 0xAA, 0xAC, 0xB5, 0xBD, 0xC5, 0xC6]   # hybrid
# JSON Unit -> perf PMU name of the box type (a C-box list serves uncore_cbox_0..7) and the
# prefix its "Filter" field gives the box's filter register.
# the uncore lists generated (boxes driven by name); from Sapphire Rapids on the boxes are
# the discovery table's units, named as Linux names them (lib/hw/layouts_discovery.c)
UNCORE_MODELS = {0x2D, 0x55, 0x6A, 0x6C, 0x8F, 0xCF, 0xAD, 0xAE, 0xAF}
# The PCI boxes iMC, QPI, R2PCIe, R3QPI have no filter register efipmu drives (None): an
# event whose "Filter" names one would be marked with filter bit 0, so the box refuses it by
# name. The HA's match registers ("HA_AddrMatch0[31:6], HA_AddrMatch1[13:0],
# HA_OpcodeMatch[5:0]") are one filter value, each register at its bit in it (HA_MATCH:
# lib/hw/layouts_uncore.c snbep_ha_match).
UNCORE_UNITS = {"UBOX": ("uncore_ubox", "UBoxFilter"), "CBO": ("uncore_cbox", "CBoFilter"),
                "PCU": ("uncore_pcu", "PCUFilter"), "HA": ("uncore_ha", "HA_"),
                "iMC": ("uncore_imc", None), "QPI LL": ("uncore_qpi", None),
                "R2PCIe": ("uncore_r2pcie", None), "R3QPI": ("uncore_r3qpi", None),
                # Skylake-SP on (Linux uncore_snbep.c names: uncore_cha_N, uncore_upi_N, ...).
                # The CHA's two filters (CHAFilter0/1, "Filter1") are one 64-bit filter, the
                # second register in bits 63:32 (Linux's config1: hswep_cbox_enable_event); the
                # IIO's "fc, chnl" are its control's function and port masks (FCMask, PortMask).
                "CHA": ("uncore_cha", "CHAFilter"), "M2M": ("uncore_m2m", None),
                "UPI LL": ("uncore_upi", None), "IIO": ("uncore_iio", "control"),
                "IRP": ("uncore_irp", None), "M3UPI": ("uncore_m3upi", None),
                "M2PCIe": ("uncore_m2pcie", None),
                # Granite Rapids and Sierra Forest (Linux uncore_snbep.c gnr_uncores[]).
                "IMC": ("uncore_imc", None), "B2CMI": ("uncore_b2cmi", None),
                "B2UPI": ("uncore_b2upi", None), "B2CXL": ("uncore_b2cxl", None),
                "B2HOT": ("uncore_b2hot", None), "MDF": ("uncore_mdf", None)}
HA_MATCH = {"AddrMatch0": 0, "AddrMatch1": 32, "OpcodeMatch": 48}
LATER_UNITS = {"CHA", "M2M", "UPI LL", "IIO", "IRP", "M3UPI", "M2PCIe"}   # not Sandy Bridge-EP's

# Hardware fixed counter of each fixed-only event (Intel's perfmon lists notes; SDM vol. 3B
# 20.2.5 for 4-6): FIXED_CTR0 = instructions, 1 = core cycles, 2 = reference cycles,
# 3 = TOPDOWN.SLOTS, 4-6 the E-core top-down events of Lunar Lake on. The JSON numbers
# them 1..3 on NHM/WSM (no "Fixed counter 0" there) and from 0 on the others; this table
# is the truth and the JSON numbering is cross-checked.
FIXED_BY_NAME = {
    "INST_RETIRED.ANY": 0,
    "INST_RETIRED.PREC_DIST": 0,
    "CPU_CLK_UNHALTED.THREAD": 1,
    "CPU_CLK_UNHALTED.THREAD_ANY": 1,
    "CPU_CLK_UNHALTED.CORE": 1,
    "CPU_CLK_UNHALTED.REF": 2,
    "CPU_CLK_UNHALTED.REF_TSC": 2,
    "TOPDOWN.SLOTS": 3,
    "TOPDOWN_BAD_SPECULATION.ALL": 4,
    "TOPDOWN_FE_BOUND.ALL": 5,
    "TOPDOWN_RETIRING.ALL": 6,
}
# Known JSON numbering errors: JKT lists THREAD_ANY (umask 0x02, the thread-cycles
# encoding with AnyThread) as "Fixed counter 2", which is the reference-cycles counter.
FIXED_JSON_ERRATA = {("JKT", "CPU_CLK_UNHALTED.THREAD_ANY")}
# U-box clock ticks are listed as event 0 on the GP counters; they are counted by the
# UCLK fixed counter (Intel 327043-001 2.2).
# The iMC's is counted by its fixed DCLK counter (the JSON: "Uncore Fixed Counter"; Linux
# uncore_snbep.c: SNBEP_MC_CHy_PCI_PMON_FIXED_CTL/CTR).
UNCORE_FIXED = {"UNC_U_CLOCKTICKS": 0, "UNC_M_CLOCKTICKS": 0}
# The load-latency threshold MSR_PEBS_LD_LAT_THRESHOLD (Intel SDM Vol. 4 table 2-2): its events are
# marked PEBS-only in the lists but count, as Linux counts them, with the threshold set.
MSR_LD_LAT = 0x3F6
EV_NAME_MAX = 128   # hw/events_names.h: the longest name with its NUL


def num(s):
    return int(str(s).strip(), 0)


def first(s):
    """Offcore events list two encodings ("0xB7, 0xBB", "0x01,0x02" on the E-cores /
    "0x1a6,0x1a7"): take RSP_0's."""
    return num(str(s).split(",")[0])


def counter_mask(field, where):
    bits = 0
    for part in field.split(","):
        n = int(part)
        if not 0 <= n < 16:
            raise SystemExit(f"{where}: counter {n} out of range")
        bits |= 1 << n
    return bits


def parse_counter(field, fixed_base, list_name, name):
    """(gp mask, hardware fixed index or -1) from a JSON Counter field."""
    m = re.fullmatch(r"Fixed counter (\d)", field.strip())
    if not m:
        return counter_mask(field, f"{list_name} {name}"), -1
    if name not in FIXED_BY_NAME:
        raise SystemExit(f"{list_name} {name}: fixed-counter event with no known hardware counter")
    hw = FIXED_BY_NAME[name]
    if int(m.group(1)) - fixed_base != hw and (list_name, name) not in FIXED_JSON_ERRATA:
        raise SystemExit(f"{list_name} {name}: JSON says '{field}', expected FIXED_CTR{hw}")
    return 0, hw


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)["Events"]


def pebs_only(e):
    """Intel's PEBS field 2 (older lists) or CollectPEBSRecord 3: no counting mode. The
    load-latency events are counted with their threshold instead (MSR_LD_LAT)."""
    only = num(e.get("PEBS", 0)) == 2 or num(e.get("CollectPEBSRecord", 0)) == 3
    return only and first(e.get("MSRIndex", "0")) != MSR_LD_LAT


def core_events(path, list_name):
    evs = load(path)
    fixed_base = 0 if any(e["Counter"].strip() == "Fixed counter 0" for e in evs) else 1
    out = []
    for e in evs:
        name = e["EventName"]
        ctr, fixed = parse_counter(e["Counter"], fixed_base, list_name, name)
        htoff = e.get("CounterHTOff")
        ctr_htoff = parse_counter(htoff, fixed_base, list_name, name)[0] if htoff else ctr
        msr = first(e.get("MSRIndex", "0"))
        flags = []
        for key, flag in (("Invert", "EVF_INV"), ("EdgeDetect", "EVF_EDGE"),
                          ("AnyThread", "EVF_ANY"), ("Equal", "EVF_EQ"),
                          ("Deprecated", "EVF_DEPRECATED")):
            if num(e.get(key, 0)):
                flags.append(flag)
        if pebs_only(e):
            flags.append("EVF_PEBS_ONLY")
        umask2 = num(e.get("UMaskExt", 0))
        if umask2 > 0xFF:
            raise SystemExit(f"{list_name} {name}: UMaskExt {umask2:#x} wider than 8 bits")
        out.append(dict(name=name, event=first(e["EventCode"]), umask=first(e["UMask"]),
                        umask2=umask2, cmask=num(e.get("CounterMask", 0)), flags=flags,
                        ctr=ctr, ctr_htoff=ctr_htoff, fixed=fixed, msr=msr,
                        msr_val=num(e.get("MSRValue", 0)) if msr else 0))
    return out


def filter_bits(field, prefix, name):
    """(bits, register) of the box's filter from "CBoFilter[31:23], CBoFilter[17:10]"; a
    box with two registers (the CHA's "CHAFilter1[31:0]", "CHAfilter1", "Filter1": the whole
    register) has the second's at 63:32. "null", "na" (the later lists) and the control's
    own fields (prefix "control": the IIO's "fc", "chnl"): (0, 0)."""
    if field.strip() in ("null", "na"):
        return 0, 0
    if prefix == "control":
        if {p.strip() for p in field.split(",")} - {"fc", "chnl"}:
            raise SystemExit(f"{name}: filter '{field}' is not the IIO's fc, chnl")
        return 0, 0
    if prefix is None:
        return 1, 0
    if prefix == "HA_":
        bits = 0
        for part in field.split(","):
            m = re.fullmatch(r"HA_(\w+)\[(\d+):(\d+)\]", part.strip())
            if not m or m.group(1) not in HA_MATCH:
                raise SystemExit(f"{name}: filter '{part.strip()}' is not an HA match register")
            hi, lo = int(m.group(2)), int(m.group(3))
            bits |= ((1 << (hi - lo + 1)) - 1) << (lo + HA_MATCH[m.group(1)])
        return bits, 0
    bits, regs = 0, set()
    for part in field.split(","):
        m = re.fullmatch(r"(\w*?)(\d?)(?:\[(\d+):(\d+)\])?", part.strip())
        reg = int(m.group(2) or 0) if m else 0
        whole = m and m.group(3) is None and m.group(2)
        if not m or m.group(1).lower() not in (prefix.lower(), "filter") or reg > 1 or \
                (not whole and (m.group(3) is None or int(m.group(3)) < int(m.group(4)))):
            raise SystemExit(f"{name}: filter '{part.strip()}' is not {prefix}[hi:lo]")
        hi, lo = (31, 0) if whole else (int(m.group(3)), int(m.group(4)))
        if hi > 31:
            raise SystemExit(f"{name}: filter bit {hi} beyond the register's 32")
        bits |= ((1 << (hi - lo + 1)) - 1) << (lo + 32 * reg)
        regs.add(reg)
    if len(regs) > 1:
        raise SystemExit(f"{name}: one FILTER_VALUE for two filter registers")
    return bits, regs.pop()


# The IIO's control from Ice Lake-SP on has no umask extension: its bits 47:36 are ch_mask
# (Intel's PortMask), 50:48 fc_mask (FCMask) (Linux uncore_snbep.c, the SNR IIO formats ch_mask2
# "config:36-47" and fc_mask2 "config:48-50" of icx_uncore_iio and spr_uncore_iio). Sapphire
# Rapids' and later lists give some IIO events a UMaskExt as well, which read as the control's
# bits from 32 up (where the boxes with an extension have it: umask_ext4 "config:8-15,32-55") is
# PortMask << 4 | FCMask << 16 on every one of them: the same two fields again, so it is dropped.
# Any other UMaskExt is kept, and the box refuses the event (lib/pmu/evspec_box.c). Skylake-SP's
# IIO (fc_mask 46:44) has no UMaskExt in its lists.
CTL_UMASK_EXT_LSB, IIO_CH_MASK_LSB, IIO_FC_MASK_LSB = 32, 36, 48


def control_ext(unit, e):
    """(UMaskExt, PortMask, FCMask) of an uncore event: the IIO's UMaskExt 0 where it only
    restates PortMask and FCMask."""
    umask_ext, port, fc = (num(e.get(k, 0)) for k in ("UMaskExt", "PortMask", "FCMask"))
    restated = port << (IIO_CH_MASK_LSB - CTL_UMASK_EXT_LSB) | \
        fc << (IIO_FC_MASK_LSB - CTL_UMASK_EXT_LSB)
    if unit == "IIO" and umask_ext == restated:
        umask_ext = 0
    return umask_ext, port, fc


def uncore_events(path, unit):
    out = []
    for e in load(path):
        if e.get("Unit") != unit:
            continue
        name = e["EventName"]
        # Jaketown's clocks only: later lists count UNC_M_CLOCKTICKS on the general counters
        fixed = UNCORE_FIXED.get(name, -1) if path.split(os.sep)[-3] == "JKT" else -1
        if e["Counter"].strip() == "FIXED":   # Ice Lake-SP's UNC_U_CLOCKTICKS: the UCLK counter
            fixed = 0
        ctr = 0 if fixed >= 0 else counter_mask(e["Counter"], name)
        flags = ["EVF_EXTSEL"] if num(e.get("ExtSel", 0)) else []
        filt, reg = filter_bits(e.get("Filter", "null"), UNCORE_UNITS[unit][1], name)
        # FILTER_VALUE (the later lists): the named register's value; 0 where none is given
        val = num(e.get("FILTER_VALUE", 0)) << 32 * reg if filt else 0
        if val & ~filt:
            raise SystemExit(f"{name}: FILTER_VALUE {val:#x} outside its filter {filt:#x}")
        ext = (filt, val) + control_ext(unit, e)
        if ext[2] >> 32 or ext[3] >> 16 or ext[4] >> 8:
            raise SystemExit(f"{name}: UMaskExt, PortMask or FCMask wider than ev_box_ext's")
        out.append(dict(name=name, event=num(e["EventCode"]), umask=num(e["UMask"]), umask2=0,
                        cmask=0, flags=flags, ctr=ctr, ctr_htoff=ctr, fixed=fixed, msr=0, msr_val=0,
                        ext=ext))
    return out


MODEL_ROW = re.compile(r"GenuineIntel-6-([0-9A-Fa-f]{2})(?:-\[([0-9A-Fa-f]+)\])?")


def steppings(digits):
    """Bit s for each stepping the row names ("[01234]", "[56789ABCDEF]"); 0xFFFF: every one."""
    return sum(1 << int(d, 16) for d in digits) if digits else 0xFFFF


def mapfile(perfmon):
    """[(model, steppings, core type, native model, low power, event type, json path)] for our
    models; low power: the row's Core Role Name is LowPower_Atom (Arrow Lake-H's SoC-tile
    E-cores, native model ID 2, Crestmont's list)."""
    rows = []
    with open(os.path.join(perfmon, "mapfile.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            m = MODEL_ROW.fullmatch(r["Family-model"])
            if not m or int(m.group(1), 16) not in MODELS:
                continue
            etype = r["EventType"]
            if etype not in ("core", "hybridcore", "uncore"):
                continue
            ctype = num(r["Core Type"]) if etype == "hybridcore" else 0
            native = num(r["Native Model ID"]) if etype == "hybridcore" else 0
            low = etype == "hybridcore" and r["Core Role Name"] == "LowPower_Atom"
            rows.append((int(m.group(1), 16), steppings(m.group(2)), ctype, native, low,
                         "uncore" if etype == "uncore" else "core", r["Filename"].lstrip("/")))
    return rows


def ident(s):
    return re.sub(r"[^a-z0-9]+", "_", s.lower()).strip("_")


class Pools:
    """Shared tables of the compact encoding: name segments, names, aux values, filters."""

    def __init__(self):
        self.segs, self.seg_ix = [], {}
        self.names, self.name_ix, self.seq = [], {}, []
        self.aux, self.aux_ix = [(0, 0)], {(0, 0): 0}
        self.exts, self.ext_ix = [(0, 0, 0, 0, 0)], {(0, 0, 0, 0, 0): 0}

    @staticmethod
    def intern(table, index, key, limit, what):
        if key not in index:
            if len(table) >= limit:
                raise SystemExit(f"gen_events: more than {limit} {what}: widen the index type")
            index[key] = len(table)
            table.append(key)
        return index[key]

    def name(self, n):
        if len(n) >= EV_NAME_MAX:
            raise SystemExit(f"gen_events: {n} longer than EV_NAME_MAX (hw/events_names.h)")
        if n not in self.name_ix:
            ids = [self.intern(self.segs, self.seg_ix, p, 0xFFFF, "name segments")
                   for p in n.split(".")]
            self.name_ix[n] = self.intern(self.names, {}, len(self.seq), 0xFFFF, "names")
            self.seq.extend(ids + [0xFFFF])
        return self.name_ix[n]

    def aux_of(self, e):
        return self.intern(self.aux, self.aux_ix, (e["msr"], e["msr_val"]), 0xFFFF, "aux values")

    def ext_of(self, e):
        return self.intern(self.exts, self.ext_ix, e.get("ext", (0, 0, 0, 0, 0)), 0xFF,
                           "uncore extensions")


def c_event(e, pools):
    flags = "|".join(e["flags"]) or "0"
    return (f'\t{{ {pools.name(e["name"])}, {e["event"]:#04x}, {e["umask"]:#04x}, '
            f'{e["cmask"]}, {flags}, {e["umask2"]:#x}, {e["fixed"]}, {e["ctr"]:#x}, '
            f'{e["ctr_htoff"]:#x}, {pools.aux_of(e)}, {pools.ext_of(e)} }},')


HEADER_H = """\
/*
 * Event lists per CPU model: name, encoding, counter restrictions and the
 * auxiliary MSR (offcore response, load-latency threshold) each event needs.
 * Compact (tools/gen_events.py): names are sequences of dot-separated segments,
 * the auxiliary MSR value and the box filter indexes into shared pools.
 */
#ifndef EFIPMU_EVENTS_GEN_H
#define EFIPMU_EVENTS_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EVF_INV  0x1   /* PERFEVTSEL INV */
#define EVF_EDGE 0x2   /* PERFEVTSEL E */
#define EVF_ANY  0x4   /* PERFEVTSEL AnyThread */
#define EVF_EXTSEL 0x8 /* uncore: the event-select extension bit (Intel's "ExtSel") */
#define EVF_EQ   0x10  /* PERFEVTSEL EQ: count when equal to CMASK (Intel's "Equal") */
#define EVF_DEPRECATED 0x20 /* Intel's list marks it deprecated */
#define EVF_PEBS_ONLY 0x40  /* PEBS-only in Intel's list (PEBS 2, CollectPEBSRecord 3): counted as perf stat does */

struct ev_def {
	uint16_t name;       /* ev_names index (ev_name, ev_name_is) */
	uint8_t event, umask, cmask;
	uint8_t flags;       /* EVF_* */
	uint8_t umask2;      /* PERFEVTSEL UMASK2 (47:40), Intel's "UMaskExt" */
	int8_t fixed;        /* hardware fixed counter (FIXED_CTRn) the event needs, -1 none */
	uint16_t ctr;        /* general-purpose counters allowed (bit n = counter n) */
	uint16_t ctr_htoff;  /* the same with Hyper-Threading off (8 counters on SNB) */
	uint16_t aux;        /* ev_aux index of its auxiliary MSR and value; 0: none */
	uint8_t ext;         /* uncore: ev_box_exts index of its filter and control extensions */
};

struct ev_aux {
	uint16_t msr;
	uint64_t val;
};

/*
 * What an uncore event sets beyond event and umask, from Intel's list: the bits of its box's
 * filter it uses ("Filter": a box with two filter registers has the second's at 63:32) and
 * their value ("FILTER_VALUE"), and the fields of the control beyond the umask ("UMaskExt",
 * the IIO's "PortMask" and "FCMask"), which the box's control layout places.
 */
struct ev_box_ext {
	uint64_t filter, filter_val;
	uint32_t umask_ext;
	uint16_t port_mask;
	uint8_t fc_mask;
};

struct ev_list {
	const char *name;    /* perfmon directory, e.g. "NHM-EP" */
	const char *file;    /* its JSON file without .json, e.g. "alderlake_gracemont_core" */
	const char *pmu;     /* perf PMU: "cpu", "uncore_ubox"; "uncore_cbox": each uncore_cbox_N */
	const struct ev_def *events;   /* sorted by upper-case name */
	unsigned n;
};

/* One row of mapfile.csv: the lists of a model (stepping range; core type on hybrids). */
struct ev_model {
	uint8_t model;                 /* CPUID DisplayModel, family 6 */
	uint16_t steppings;            /* bit s: stepping s */
	uint8_t core_type;             /* CPUID.1AH:EAX[31:24] (0x20 Atom, 0x40 Core); 0: any */
	uint8_t native;                /* CPUID.1AH:EAX[23:0], the native model ID; 0: any */
	bool low_power;                /* its Core Role Name is LowPower_Atom: a third kind of core */
	const struct ev_list *core;
	const struct ev_list *const *uncore;   /* one list per box type, NULL-terminated; NULL: none */
};

extern const struct ev_model ev_models[];
extern const unsigned ev_model_count;
extern const struct ev_aux ev_aux[];
extern const struct ev_box_ext ev_box_exts[];
/*
 * Names: ev_name_seq from ev_names[i], segment numbers up to 0xFFFF, joined by dots;
 * segment s is the string at ev_segs + ev_seg_at[s].
 */
extern const uint16_t ev_names[];
extern const uint16_t ev_name_seq[];
extern const uint16_t ev_seg_at[];
extern const char ev_segs[];

#endif
"""


def c_string_lines(strings):
    """ev_segs as C string literals, NUL-separated, a few to a line."""
    out, line = [], ""
    for s in strings:
        piece = s + "\\000"   # three digits: a segment may begin with one
        if len(line) + len(piece) > 90:
            out.append(f'\t"{line}"')
            line = ""
        line += piece
    if line:
        out.append(f'\t"{line}"')
    return out


def c_numbers(values, fmt="{}", per=12):
    items = [fmt.format(v) for v in values]
    return ["\t" + ", ".join(items[i:i + per]) + "," for i in range(0, len(items), per)]


def generate(perfmon, outdir):
    with open(os.path.join(perfmon, "SOURCE.txt"), encoding="utf-8") as f:
        commit = re.search(r"\b[0-9a-f]{40}\b", f.read()).group(0)
    banner = ("/* SPDX-License-Identifier: BSD-2-Clause-Patent AND BSD-3-Clause */\n"
              f"/* generated by tools/gen_events.py from intel/perfmon {commit}, BSD-3; "
              "do not edit */\n")
    rows = mapfile(perfmon)
    lists = {}   # (json path, unit) -> (ident, list name, file, pmu, events)

    def list_of(path, unit):
        key = (path, unit)
        if key not in lists:
            lname = path.split("/")[0]
            fname = os.path.basename(path)[:-len(".json")]
            evs = (core_events(os.path.join(perfmon, path), lname) if unit is None
                   else uncore_events(os.path.join(perfmon, path), unit))
            cid = ident(fname + ("_" + unit if unit else ""))
            lists[key] = (cid, lname, fname, UNCORE_UNITS[unit][0] if unit else "cpu",
                          sorted(evs, key=lambda e: e["name"].upper().encode()))
        return lists[key][0]

    models = []   # (model, steppings, core type, native, low power, core ident, uncore idents)
    for model in MODELS:
        mine = [r for r in rows if r[0] == model]
        cores = [r for r in mine if r[5] == "core"]
        if not cores:
            raise SystemExit(f"mapfile.csv has no core list for model {model:#x}")
        for _m, step, ctype, native, low, _t, path in cores:
            unc = [list_of(p, u) for (_m2, st2, _c, _n, _l, t, p) in mine if t == "uncore"
                   and st2 == step and model in UNCORE_MODELS for u in sorted(UNCORE_UNITS)
                   if (model != 0x2D or u not in LATER_UNITS)
                   and any(e.get("Unit") == u for e in load(os.path.join(perfmon, p)))]
            models.append((model, step, ctype, native, low, list_of(path, None), unc))

    pools = Pools()
    c = [banner + '#include "hw/events_gen.h"']
    for cid, lname, fname, pmu, evs in sorted(lists.values()):
        c.append(f"\nstatic const struct ev_def ev_{cid}[] = {{")
        c.extend(c_event(e, pools) for e in evs)
        c.append("};")
        c.append(f'static const struct ev_list list_{cid} = {{ "{lname}", "{fname}", "{pmu}", '
                 f"ev_{cid}, sizeof(ev_{cid}) / sizeof(ev_{cid}[0]) }};")
    unc_names = {}
    for model, step, _c, _n, _l, _core, unc in models:
        if unc and tuple(unc) not in unc_names:
            unc_names[tuple(unc)] = f"uncore_{model:02x}_{step:04x}"
            c.append(f"\nstatic const struct ev_list *const {unc_names[tuple(unc)]}[] = {{ " +
                     "".join(f"&list_{u}, " for u in unc) + "NULL };")
    c.append("\nconst struct ev_model ev_models[] = {")
    for model, step, ctype, native, low, core, unc in models:
        u = unc_names[tuple(unc)] if unc else "NULL"
        c.append(f"\t{{ {model:#04x}, {step:#06x}, {ctype:#04x}, {native}, {str(low).lower()}, "
                 f"&list_{core}, {u} }},")
    c.append("};")
    c.append("const unsigned ev_model_count = sizeof(ev_models) / sizeof(ev_models[0]);")
    c.append("\nconst struct ev_aux ev_aux[] = {")
    c.extend(f"\t{{ {m:#x}, {v:#x} }}," for m, v in pools.aux)
    c.append("};")
    c.append("\nconst struct ev_box_ext ev_box_exts[] = {")
    c.extend(f"\t{{ {f:#x}, {v:#x}, {u:#x}, {p:#x}, {fc:#x} }}," for f, v, u, p, fc in pools.exts)
    c.append("};")
    c.append("\nconst uint16_t ev_names[] = {")
    c.extend(c_numbers(pools.names))
    c.append("};")
    c.append("\nconst uint16_t ev_name_seq[] = {")
    c.extend(c_numbers(pools.seq, "{:#x}"))
    c.append("};")
    at, offs = 0, []
    for sgm in pools.segs:
        offs.append(at)
        at += len(sgm) + 1
    if at > 0xFFFF:
        raise SystemExit("gen_events: name segments exceed 64 KiB: widen ev_seg_at")
    c.append("\nconst uint16_t ev_seg_at[] = {")
    c.extend(c_numbers(offs))
    c.append("};")
    c.append("\nconst char ev_segs[] =")
    c.extend(c_string_lines(pools.segs))
    c[-1] += ";"
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "events_gen.c"), "w", encoding="utf-8") as f:
        f.write("\n".join(c) + "\n")
    with open(os.path.join(outdir, "events_gen.h"), "w", encoding="utf-8") as f:
        f.write(banner + HEADER_H)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--perfmon", default=os.path.join(REPO, "data", "perfmon"),
                    help="intel/perfmon files (default: data/perfmon, the project's copy; "
                    "a github.com/intel/perfmon checkout to refresh it)")
    ap.add_argument("--out", default=os.path.join(REPO, "lib", "hw"), help="output directory")
    ap.add_argument("--check", action="store_true",
                    help="fail if the files in --out differ from freshly generated ones")
    args = ap.parse_args()
    if not os.path.isfile(os.path.join(args.perfmon, "mapfile.csv")):
        raise SystemExit(f"gen_events: no perfmon data in {args.perfmon} (use --perfmon DIR)")
    if not args.check:
        generate(args.perfmon, args.out)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        generate(args.perfmon, tmp)
        stale = [n for n in ("events_gen.c", "events_gen.h")
                 if not os.path.exists(os.path.join(args.out, n))
                 or not filecmp.cmp(os.path.join(tmp, n), os.path.join(args.out, n), shallow=False)]
    if stale:
        print(f"gen_events: {', '.join(stale)} in {args.out} out of date: run tools/gen_events.py",
              file=sys.stderr)
        return 1
    print(f"gen_events: events_gen.c and events_gen.h in {args.out} are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
