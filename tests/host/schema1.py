#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""A schema-2 log written back as schema 1 (docs/log.md, "Schema 1"): its registers under the
old keys, an MSR as its bare number. Written apart from the tool's upgrade
(lib/out/logupgrade.c), from the schema-1 records of its time, so that the suite can read a
run in both schemas and get the same results. Usage: schema1.py IN.jsonl OUT.jsonl KIND...
(the register kinds the run's counts must name, e.g. pci mmio: else the test proves nothing)."""
import json
import sys

RENAMED = {  # record: {schema-2 key: schema-1 key}
    "count": {"ctl": "ctl_msr", "extra": "extra_msr", "ctr": "ctr_msr"},
    "dry_write": {"reg": "msr"},
    "uncore_probe": {"reg": "msr"},
    "uncore_width": {"ctl": "ctl_msr", "ctl_value": "ctl", "ctr": "msr"},
}
REG_KEYS = {("count", "ctl"), ("count", "extra"), ("count", "ctr"), ("dry_write", "reg"),
            ("uncore_probe", "reg"), ("uncore_width", "ctl"), ("uncore_width", "ctr")}


def old_name(reg):
    """Schema 1 named an MSR by its number alone; PCI and MMIO as schema 2 does."""
    assert reg.startswith(("msr 0x", "pci ", "mmio 0x")), reg
    return reg[4:] if reg.startswith("msr ") else reg


def down(r):
    rec = r["rec"]
    out = {}
    for k, v in r.items():
        if (rec, k) in REG_KEYS:
            v = old_name(v)
        if rec in ("ownership", "leftover") and k in ("registers", "left_programmed"):
            v = [{("msr" if kk == "reg" else kk): (old_name(vv) if kk == "reg" else vv)
                  for kk, vv in e.items()} for e in v]
        if rec == "handoff" and k == "registers":
            v = [[old_name(e[0])] + e[1:] for e in v]
        out[RENAMED.get(rec, {}).get(k, k)] = v
    out["schema"] = 1
    return out


def main():
    src, dst, kinds = sys.argv[1], sys.argv[2], sys.argv[3:]
    recs = [json.loads(l) for l in open(src)]
    assert all(r["schema"] == 2 for r in recs), "not a schema-2 log"
    named = {r["ctl"].split()[0] for r in recs if r["rec"] == "count"}
    for k in kinds:
        assert k in named, "no count of the run names a %s register: %s" % (k, sorted(named))
    with open(dst, "w") as f:
        for r in recs:
            f.write(json.dumps(down(r), separators=(",", ":")) + "\n")


main()
