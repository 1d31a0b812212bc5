#!/usr/bin/env python3
"""Generate lib/hw/events_gen.c and lib/hw/events_gen.h from Intel's perfmon event lists.

Core lists are chosen per CPU model through perfmon's mapfile.csv; for Sandy
Bridge-EP (0x2D) the U-box, C-box, PCU, HA, iMC, QPI, R2PCIe and R3QPI events of the
uncore list are added, one list per box type, with the counters each may use ("Counter"), the bits of its box's
filter register it uses ("Filter") and whether it needs the event-select extension
bit ("ExtSel"). The lists read
are vendored in data/perfmon/ (SOURCE.txt: commit, subset, checksums). Output is
deterministic (events sorted by name). --check regenerates into a temporary
directory and fails if the committed files differ.
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
MODELS = [0x1A, 0x1E, 0x1F, 0x25, 0x2C, 0x2D, 0x2E, 0x2F]
# JSON Unit -> perf PMU name of the box type (a C-box list serves uncore_cbox_0..7) and the
# prefix its "Filter" field gives the box's filter register.
# The PCI boxes (HA, iMC, QPI, R2PCIe, R3QPI) have no filter register efipmu drives (None):
# an event whose "Filter" names match registers (the HA's address/opcode match) is marked
# with filter bit 0, so the box refuses it by name.
UNCORE_UNITS = {"UBOX": ("uncore_ubox", "UBoxFilter"), "CBO": ("uncore_cbox", "CBoFilter"),
                "PCU": ("uncore_pcu", "PCUFilter"), "HA": ("uncore_ha", None),
                "iMC": ("uncore_imc", None), "QPI LL": ("uncore_qpi", None),
                "R2PCIe": ("uncore_r2pcie", None), "R3QPI": ("uncore_r3qpi", None)}

# Hardware fixed counter of each fixed-only event (REGISTERS.md §5 notes): FIXED_CTR0 =
# instructions, 1 = core cycles, 2 = reference cycles. The JSON numbers them 1..3 on
# NHM/WSM and 0..2 on JKT; this table is the truth and the JSON numbering is cross-checked.
FIXED_BY_NAME = {
    "INST_RETIRED.ANY": 0,
    "CPU_CLK_UNHALTED.THREAD": 1,
    "CPU_CLK_UNHALTED.THREAD_ANY": 1,
    "CPU_CLK_UNHALTED.REF": 2,
    "CPU_CLK_UNHALTED.REF_TSC": 2,
}
# Known JSON numbering errors: JKT lists THREAD_ANY (umask 0x02, the thread-cycles
# encoding with AnyThread) as "Fixed counter 2", which is the reference-cycles counter.
FIXED_JSON_ERRATA = {("JKT", "CPU_CLK_UNHALTED.THREAD_ANY")}
# U-box clock ticks are listed as event 0 on the GP counters; they are counted by the
# UCLK fixed counter (REGISTERS.md §4.3).
# The iMC's is counted by its fixed DCLK counter (the JSON: "Uncore Fixed Counter"; Linux
# uncore_snbep.c: SNBEP_MC_CHy_PCI_PMON_FIXED_CTL/CTR).
UNCORE_FIXED = {"UNC_U_CLOCKTICKS": 0, "UNC_M_CLOCKTICKS": 0}


def num(s):
    return int(str(s).strip(), 0)


def first(s):
    """Offcore events list two encodings ("0xB7, 0xBB" / "0x1a6,0x1a7"): take RSP_0's."""
    return num(str(s).split(",")[0])


def counter_mask(field, where):
    bits = 0
    for part in field.split(","):
        n = int(part)
        if not 0 <= n < 8:
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


def core_events(path, list_name):
    evs = load(path)
    fixed_base = 1 if any(e["Counter"].strip() == "Fixed counter 3" for e in evs) else 0
    out = []
    for e in evs:
        name = e["EventName"]
        ctr, fixed = parse_counter(e["Counter"], fixed_base, list_name, name)
        htoff = e.get("CounterHTOff")
        ctr_htoff = parse_counter(htoff, fixed_base, list_name, name)[0] if htoff else ctr
        msr = first(e.get("MSRIndex", "0"))
        flags = []
        if num(e.get("Invert", 0)):
            flags.append("EVF_INV")
        if num(e.get("EdgeDetect", 0)):
            flags.append("EVF_EDGE")
        if num(e.get("AnyThread", 0)):
            flags.append("EVF_ANY")
        out.append(dict(name=name, event=first(e["EventCode"]), umask=num(e["UMask"]),
                        cmask=num(e.get("CounterMask", 0)), flags=flags, ctr=ctr,
                        ctr_htoff=ctr_htoff, fixed=fixed, msr=msr,
                        msr_val=num(e.get("MSRValue", 0)) if msr else 0))
    return out


def filter_mask(field, prefix, name):
    """Bits of the box's filter register from "CBoFilter[31:23], CBoFilter[17:10]"; "null": 0."""
    if field.strip() == "null":
        return 0
    if prefix is None:
        return 1
    bits = 0
    for part in field.split(","):
        m = re.fullmatch(r"(\w+)\[(\d+):(\d+)\]", part.strip())
        if not m or m.group(1) != prefix or int(m.group(2)) < int(m.group(3)):
            raise SystemExit(f"{name}: filter '{part.strip()}' is not {prefix}[hi:lo]")
        hi, lo = int(m.group(2)), int(m.group(3))
        if hi > 31:
            raise SystemExit(f"{name}: filter bit {hi} beyond the 32 the table holds")
        bits |= ((1 << (hi - lo + 1)) - 1) << lo
    return bits


def uncore_events(path, unit):
    out = []
    for e in load(path):
        if e.get("Unit") != unit:
            continue
        name = e["EventName"]
        fixed = UNCORE_FIXED.get(name, -1)
        ctr = 0 if fixed >= 0 else counter_mask(e["Counter"], name)
        flags = ["EVF_EXTSEL"] if num(e.get("ExtSel", 0)) else []
        out.append(dict(name=name, event=num(e["EventCode"]), umask=num(e["UMask"]), cmask=0,
                        flags=flags, ctr=ctr, ctr_htoff=ctr, fixed=fixed, msr=0, msr_val=0,
                        filter=filter_mask(e.get("Filter", "null"), UNCORE_UNITS[unit][1], name)))
    return out


def mapfile(perfmon):
    """{(model, type): json path relative to perfmon} for the models we support."""
    rows = {}
    with open(os.path.join(perfmon, "mapfile.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            m = re.fullmatch(r"GenuineIntel-6-([0-9A-Fa-f]{2})", r["Family-model"])
            if m and int(m.group(1), 16) in MODELS:
                rows[(int(m.group(1), 16), r["EventType"])] = r["Filename"].lstrip("/")
    return rows


def ident(s):
    return re.sub(r"[^a-z0-9]+", "_", s.lower()).strip("_")


def c_event(e):
    flags = "|".join(e["flags"]) or "0"
    return (f'\t{{ "{e["name"]}", {e["msr_val"]:#x}, {e["msr"]:#x}, {e["event"]:#04x}, '
            f'{e["umask"]:#04x}, {e["cmask"]}, {flags}, {e["ctr"]:#x}, {e["ctr_htoff"]:#x}, '
            f'{e["fixed"]}, {e.get("filter", 0):#x} }},')


HEADER_H = """\
/*
 * Event lists per CPU model: name, encoding, counter restrictions and the
 * auxiliary MSR (offcore response, load-latency threshold) each event needs.
 */
#ifndef EFIPMU_EVENTS_GEN_H
#define EFIPMU_EVENTS_GEN_H

#include <stddef.h>
#include <stdint.h>

#define EVF_INV  0x1   /* PERFEVTSEL INV */
#define EVF_EDGE 0x2   /* PERFEVTSEL E */
#define EVF_ANY  0x4   /* PERFEVTSEL AnyThread */
#define EVF_EXTSEL 0x8 /* uncore: the event-select extension bit (Intel's "ExtSel") */

struct ev_def {
	const char *name;
	uint64_t msr_val;    /* value for msr */
	uint16_t msr;        /* auxiliary MSR, 0: none */
	uint8_t event, umask, cmask;
	uint8_t flags;       /* EVF_* */
	uint8_t ctr;         /* general-purpose counters allowed (bit n = counter n) */
	uint8_t ctr_htoff;   /* the same with Hyper-Threading off (8 counters on SNB) */
	int8_t fixed;        /* hardware fixed counter (FIXED_CTRn) the event needs, -1 none */
	uint32_t filter;     /* uncore: bits of its box's filter register it uses, 0 none */
};

struct ev_list {
	const char *name;    /* perfmon directory, e.g. "NHM-EP" */
	const char *pmu;     /* perf PMU: "cpu", "uncore_ubox"; "uncore_cbox": each uncore_cbox_N */
	const struct ev_def *events;   /* sorted by name */
	unsigned n;
};

struct ev_model {
	uint8_t model;                 /* CPUID DisplayModel, family 6 */
	const struct ev_list *core;
	const struct ev_list *const *uncore;   /* one list per box type, NULL-terminated; NULL: none */
};

extern const struct ev_model ev_models[];
extern const unsigned ev_model_count;

#endif
"""


def generate(perfmon, outdir):
    with open(os.path.join(perfmon, "SOURCE.txt"), encoding="utf-8") as f:
        commit = re.search(r"\b[0-9a-f]{40}\b", f.read()).group(0)
    banner = (f"/* generated by tools/gen_events.py from intel/perfmon {commit}, BSD-3; "
              "do not edit */\n")
    rows = mapfile(perfmon)
    lists = {}   # json path -> (ident, list name, pmu, events)
    models = []
    for model in MODELS:
        refs = []
        for etype, unit in [("core", None)] + [("uncore", u) for u in sorted(UNCORE_UNITS)]:
            path = rows.get((model, etype))
            if not path:
                if etype == "core":
                    raise SystemExit(f"mapfile.csv has no core list for model {model:#x}")
                continue
            key = (path, unit)
            if key not in lists:
                lname = path.split("/")[0]
                evs = (core_events(os.path.join(perfmon, path), lname) if etype == "core"
                       else uncore_events(os.path.join(perfmon, path), unit))
                cid = ident(lname + ("_" + unit if unit else ""))
                lists[key] = (cid, lname, UNCORE_UNITS[unit][0] if unit else "cpu",
                              sorted(evs, key=lambda e: e["name"]))
            refs.append(lists[key][0])
        models.append((model, refs[0], refs[1:]))

    c = [banner + '#include "hw/events_gen.h"']
    for cid, lname, pmu, evs in sorted(lists.values()):
        c.append(f"\nstatic const struct ev_def ev_{cid}[] = {{")
        c.extend(c_event(e) for e in evs)
        c.append("};")
        c.append(f'static const struct ev_list list_{cid} = {{ "{lname}", "{pmu}", ev_{cid}, '
                 f"sizeof(ev_{cid}) / sizeof(ev_{cid}[0]) }};")
    for model, core, unc in models:
        if unc:
            c.append(f"\nstatic const struct ev_list *const uncore_{model:02x}[] = {{ " +
                     "".join(f"&list_{u}, " for u in unc) + "NULL };")
    c.append("\nconst struct ev_model ev_models[] = {")
    for model, core, unc in models:
        c.append(f"\t{{ {model:#04x}, &list_{core}, {f'uncore_{model:02x}' if unc else 'NULL'} }},")
    c.append("};")
    c.append("const unsigned ev_model_count = sizeof(ev_models) / sizeof(ev_models[0]);")
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "events_gen.c"), "w", encoding="utf-8") as f:
        f.write("\n".join(c) + "\n")
    with open(os.path.join(outdir, "events_gen.h"), "w", encoding="utf-8") as f:
        f.write(banner + HEADER_H)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--perfmon", default=os.path.join(REPO, "data", "perfmon"),
                    help="intel/perfmon files (default: data/perfmon, the project's copy; "
                    "../shared/reference/perfmon or a perfmon checkout to refresh it)")
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
