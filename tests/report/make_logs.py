#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""Many runs of a lab from a few real model logs (mklog's), for the db tests and `make bench`.

    make_logs.py OUTDIR BOARDS RUNS LOG...

Board b (B000, B001, ...) gets RUNS runs made from LOG[b % len(LOG)]: firmware revision
0x1000 + r, RTC time day r (so the newest run is r = RUNS - 1), every count within +-1 % of the
original (compare's tolerance is 5 %). Each log names its machine as a lab's capture does: the
platform `machine` record's SMBIOS (board "Lab" B000, system "Lab" S-B000, BIOS "LabBIOS"
1.r), which `db import` keys on; each board's logs are also in OUTDIR/<board>/.

Every seventh board's newest run is made to regress, in turn: a count moved +20 %, a kernel
check PASS -> FAIL (and the verdict FAIL), or a count record dropped. Every fifth board that is
not made to regress has one older run regress and the next one recover, which `regressions`
(newest against previous only) must not report. OUTDIR/regressed.txt lists the regressed boards.
"""
import json
import os
import random
import sys


def vary(recs, rng, pct):
    for r in recs:
        if r.get("rec") == "count" and r["delta"] > 100:
            d = int(r["delta"] * (1 + rng.uniform(-pct, pct)))
            r["delta"] = d
            r["end"] = hex(int(r["start"], 16) + d)


def regress(recs, kind):
    if kind == 0:   # a core count moved +20 %
        c = next(r for r in recs if r.get("rec") == "count" and r["delta"] > 100)
        c["delta"] = c["delta"] * 6 // 5
        c["end"] = hex(int(c["start"], 16) + c["delta"])
    elif kind == 1:  # a kernel check fails, and so the verdict
        k = next(r for r in recs if r.get("rec") == "check")
        k["result"] = "FAIL"
        k["measured"] = k["measured"] + 7
        v = next(r for r in recs if r.get("rec") == "verdict")
        v["verdict"] = "FAIL"
        v["reason"] = "a check failed"
    else:            # a count record gone (the event no longer counted)
        recs.remove(next(r for r in reversed(recs) if r.get("rec") == "count"))


def smbios(name, r):
    """The capture's SMBIOS of board name's run r, as lib/run/job_capture.c logs it."""
    return {"version": "3.0", "structures": 4,
            "bios": {"vendor": "LabBIOS", "version": "1.%d" % r,
                     "date": "%02d/%02d/2026" % (1 + r // 28, 1 + r % 28), "release": "1.0"},
            "system": {"manufacturer": "Lab", "product": "S-" + name, "version": "1"},
            "board": {"manufacturer": "Lab", "product": name, "version": "1"},
            "sockets": [{"designation": "CPU0", "populated": True, "manufacturer": "Intel",
                         "version": "Lab CPU", "part": "LAB-CPU-1"}]}


def main():
    out, boards, runs, logs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    bases = [[json.loads(l) for l in open(p)] for p in logs]
    rng = random.Random(27)
    regressed = []
    for b in range(boards):
        name = "B%03d" % b
        os.makedirs(os.path.join(out, name))
        hit = b % 7 == 3
        decoy = not hit and b % 5 == 1
        if hit:
            regressed.append(name)
        for r in range(runs):
            recs = json.loads(json.dumps(bases[b % len(bases)]))
            for x in recs:
                if x.get("rec") == "header":
                    x["firmware_revision"] = hex(0x1000 + r)
                    x["time"] = "2026-%02d-%02dT08:00:00" % (1 + r // 28, 1 + r % 28)
                if x.get("rec") == "machine" and x.get("scope") == "platform":
                    x.pop("smbios_why", None)
                    x.pop("simulated", None)
                    x["smbios"] = smbios(name, r)
            vary(recs, rng, 0.01)
            if (hit and r == runs - 1) or (decoy and r == runs // 2):
                regress(recs, b % 3)
            with open(os.path.join(out, name, "run-%04d.jsonl" % r), "w") as f:
                for x in recs:
                    f.write(json.dumps(x, separators=(",", ":")) + "\n")
    with open(os.path.join(out, "regressed.txt"), "w") as f:
        f.write("".join(n + "\n" for n in regressed))


if __name__ == "__main__":
    main()
