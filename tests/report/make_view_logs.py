#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""The runs of three boards over firmware builds, for `db view` (tests/report/view.sh).

    make_view_logs.py OUTDIR PASS.jsonl STREAM.jsonl

From two model logs (mklog's), as make_logs.py makes a lab's: each log names its board and BIOS
build in its capture's SMBIOS, its firmware revision 0x2000 + build, its RTC time day r, every
count within +-1 %.
- V000 (PASS): 6 runs of builds 0 1 1 2 3 3; run 3's first count +20 %.
- V001 (STREAM, Ice Lake-SP's stream run on two packages): 5 runs of builds 0-4; run 2 lacks a
  count record, run 4's first check FAIL (and its verdict).
- a hostile board (PASS): 2 runs of builds 0 and 1 whose SMBIOS board and BIOS, firmware vendor,
  event names and (run 1) verdict hold markup and script.
OUTDIR/BOARD/run-NNNN.jsonl.
"""
import json
import os
import random
import sys

from make_logs import regress, smbios, vary

S1 = "<script>document.title='PWN'+'ED'</script>"
S2 = "\"><img src=x onerror=\"document.title='PWN'+'ED'\">"
S3 = "</td></tr></table><svg onload=\"document.title='PWN'+'ED'\">"


def hostile(recs, r):
    for x in recs:
        if x.get("rec") == "header":
            x["firmware_vendor"] = "Board " + S1
        elif x.get("rec") == "machine" and x.get("scope") == "platform":
            sm = x["smbios"]
            sm["board"]["manufacturer"] = S3[:60]
            sm["board"]["product"] = S2[:60]
            sm["bios"]["vendor"] = S2[:60]
        elif x.get("rec") == "count" and x.get("box") == "core":
            x["event"] = x["event"] + S2[:20]
        elif x.get("rec") == "verdict" and r:
            x["verdict"] = "<s>PASS</s>"


def main():
    out, base_pass, base_stream = sys.argv[1:4]
    boards = [("V000", base_pass, [0, 1, 1, 2, 3, 3], {3: 0}),
              ("V001", base_stream, [0, 1, 2, 3, 4], {2: 2, 4: 1}),
              ("V002", base_pass, [0, 1], {})]
    rng = random.Random(37)
    for name, path, builds, regressed in boards:
        base = [json.loads(line) for line in open(path)]
        os.makedirs(os.path.join(out, name))
        for r, b in enumerate(builds):
            recs = json.loads(json.dumps(base))
            for x in recs:
                if x.get("rec") == "header":
                    x["firmware_revision"] = hex(0x2000 + b)
                    x["time"] = "2026-03-%02dT08:00:00" % (1 + r)
                if x.get("rec") == "machine" and x.get("scope") == "platform":
                    x.pop("smbios_why", None)
                    x["smbios"] = smbios(name, b)
            vary(recs, rng, 0.01)
            if r in regressed:
                regress(recs, regressed[r])
            if name == "V002":
                hostile(recs, r)
            with open(os.path.join(out, name, "run-%04d.jsonl" % r), "w") as f:
                for x in recs:
                    f.write(json.dumps(x, separators=(",", ":")) + "\n")


main()
