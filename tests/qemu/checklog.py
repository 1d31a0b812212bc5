#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""Checks an efipmu JSON Lines log: every line parses, and the records say what the case expects."""
import argparse
import json
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--cpus", type=int, help="number of cpu records")
    ap.add_argument("--verdict")
    ap.add_argument("--uncore", help="uncore_family of every cpu record")
    ap.add_argument("--simulated", action="store_true", help="every record marked simulated")
    ap.add_argument("--not-simulated", action="store_true", help="no record marked simulated")
    ap.add_argument("--core-pmu", choices=["yes", "no"])
    ap.add_argument("--faults-caught", type=int)
    ap.add_argument("--backend")
    ap.add_argument("--counts", type=int, help="number of count records")
    ap.add_argument("--checks-pass", type=int, help="number of check records, all PASS")
    ap.add_argument("--uncore-counts", type=int, help="number of uncore count records (box not core)")
    ap.add_argument("--uncore-packages", type=int,
                    help="uncore counts from this many packages, one leader CPU each, every "
                         "(box, event) once per package")
    ap.add_argument("--uncore-count", action="append", default=[], metavar="BOX:EVENT=DELTA",
                    help="every uncore count record of that box and event has exactly DELTA")
    ap.add_argument("--uncore-width", action="append", default=[], metavar="BOX=PROBED:USED",
                    help="every uncore_width record of that box probed PROBED bits (0: unknown) "
                         "and the deltas use USED")
    ap.add_argument("--probes-not-held", type=int,
                    help="number of uncore_probe records whose register did not hold its value")
    a = ap.parse_args()

    recs = []
    with open(a.log, encoding="ascii") as f:
        for n, line in enumerate(f, 1):
            try:
                recs.append(json.loads(line))
            except json.JSONDecodeError as e:
                sys.exit(f"{a.log}:{n}: not JSON: {e}")
    errors = []

    def want(cond, msg):
        if not cond:
            errors.append(msg)

    kinds = [r.get("rec") for r in recs]
    want(kinds and kinds[0] == "header", f"first record is not a header: {kinds[:1]}")
    want(kinds and kinds[-1] == "verdict", f"last record is not a verdict: {kinds[-1:]}")
    cpus = [r for r in recs if r.get("rec") == "cpu"]
    verdicts = [r for r in recs if r.get("rec") == "verdict"]
    if a.cpus is not None:
        want(len(cpus) == a.cpus, f"{len(cpus)} cpu records, expected {a.cpus}")
        want(sorted(c["cpu"] for c in cpus) == list(range(a.cpus)), "cpu numbers not 0..n-1")
        want(len({c["apic_id"] for c in cpus}) == len(cpus), "APIC ids not distinct")
    if a.verdict:
        want(verdicts and verdicts[-1]["verdict"] == a.verdict,
             f"verdict {verdicts[-1]['verdict'] if verdicts else None}, expected {a.verdict}")
    if a.uncore:
        bad = [c["uncore_family"] for c in cpus if c["uncore_family"] != a.uncore]
        want(cpus and not bad, f"uncore families {bad}, expected {a.uncore}")
    if a.simulated:
        want(all(r.get("simulated") is True for r in recs), "a record is not marked simulated")
    if a.not_simulated:
        want(not any(r.get("simulated") for r in recs), "a record is marked simulated")
    if a.core_pmu:
        exp = a.core_pmu == "yes"
        want(cpus and all(c["core_pmu"] is exp for c in cpus), f"core_pmu not {exp} everywhere")
    if a.faults_caught is not None:
        got = verdicts[-1].get("faults_caught") if verdicts else None
        want(got == a.faults_caught, f"faults_caught {got}, expected {a.faults_caught}")
    if a.backend:
        want(recs and recs[0].get("backend") == a.backend, f"backend {recs[0].get('backend')}")
    if a.counts is not None:
        counts = [r for r in recs if r.get("rec") == "count"]
        want(len(counts) == a.counts, f"{len(counts)} count records, expected {a.counts}")
        for c in counts:
            want(c["ctl_value"].startswith("0x") and c["start"].startswith("0x")
                 and c["end"].startswith("0x") and isinstance(c["ctl_fields"], dict)
                 and c["ctl_fields"], f"count record lacks raw or decoded values: {c}")
            width = c["width"]
            exp = (int(c["end"], 16) - int(c["start"], 16)) % (1 << width)
            want(c["delta"] == exp, f"delta {c['delta']} != (end - start) mod 2^{width}")
    if a.checks_pass is not None:
        checks = [r for r in recs if r.get("rec") == "check"]
        want(len(checks) == a.checks_pass and all(c["result"] == "PASS" for c in checks),
             f"checks: {[(c.get('cpu', c.get('package')), c['result']) for c in checks]}, "
             f"expected {a.checks_pass} PASS")
    ucounts = [r for r in recs if r.get("rec") == "count" and r.get("box") != "core"]
    if a.uncore_counts is not None:
        want(len(ucounts) == a.uncore_counts,
             f"{len(ucounts)} uncore count records, expected {a.uncore_counts}")
    if a.uncore_packages is not None:
        pkgs = {}
        for c in ucounts:
            pkgs.setdefault(c["package"], []).append(c)
        want(len(pkgs) == a.uncore_packages,
             f"uncore counts from packages {sorted(pkgs)}, expected {a.uncore_packages}")
        for p, cs in pkgs.items():
            want(len({c["cpu"] for c in cs}) == 1, f"package {p} counted on CPUs {[c['cpu'] for c in cs]}")
            def key(c):   # a counter is programmed once per round and repeat
                return (c["round"], c["repeat"], c["box"], c["event"], c["counter_kind"], c["counter"])
            keys = [key(c) for c in cs]
            want(len(keys) == len(set(keys)), f"package {p} programmed a counter twice: {keys}")
            want(keys == [key(c) for c in next(iter(pkgs.values()))],
                 f"package {p} counted other events than the first package")
    for spec in a.uncore_count:
        box, _, rest = spec.partition(":")
        event, _, delta = rest.rpartition("=")
        got = [c["delta"] for c in ucounts if c["box"] == box and c["event"] == event]
        want(got and all(d == int(delta, 0) for d in got),
             f"{box}:{event} deltas {got}, expected {delta} in every package")
    for spec in a.uncore_width:
        box, _, rest = spec.partition("=")
        probed, _, used = rest.partition(":")
        got = [(r["probed_width"], r["width"]) for r in recs
               if r.get("rec") == "uncore_width" and r["box"] == box]
        want(got and all(g == (int(probed), int(used)) for g in got),
             f"{box} widths (probed, used) {got}, expected ({probed}, {used})")
    if a.probes_not_held is not None:
        probes = [r for r in recs if r.get("rec") == "uncore_probe"]
        bad = [r for r in probes if r["result"] != "holds"]
        want(len(bad) == a.probes_not_held and all(r["readback0"] != r["pattern0"] or
                                                    r["readback1"] != r["pattern1"] for r in bad),
             f"{len(bad)} uncore probes did not hold, expected {a.probes_not_held}: {probes}")
    for e in errors:
        print(f"checklog: {e}")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
