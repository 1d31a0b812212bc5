#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""efipmu-host junit's XML read as a CI server reads it (junitparser, Debian's
python3-junitparser), against the logs it was made from, read with json.

Usage: check_junit.py FILE.xml LOG.jsonl...   (the logs in the order given to junit)

Per log: the testcases passed, failed, skipped and in error are the log's own (a check or
icount record by its result: PASS passed, FAIL failed, anything else skipped, a WAIVED one
with its waiver as the message; an uncore probe
passed when it "holds", else failed; a free-running agreement passed on "agree", failed on
"DISAGREE", else skipped; the verdict: PASS passed, NO-PMU and NO-CHECK skipped, ERROR or no
verdict an error, else failed), the testsuite's attributes say the same, a failure names the
measured value and the expected one, and the properties give the header's strings (bytes XML
cannot hold as \\xNN).
"""
import json
import sys

from junitparser import Error, Failure, JUnitXml, Skipped


def xml_safe(s):
    out = []
    for ch in s:
        o = ord(ch)
        if (o < 0x20 and ch not in "\t\n\r") or o == 0x7f:
            out.append("\\x%02x" % o)
        else:
            out.append(ch)
    return "".join(out)


def expected(log):
    recs = [json.loads(l) for l in open(log, encoding="utf-8", errors="surrogateescape")
            if l.strip().endswith("}")]
    want = {"passed": 0, "failed": 0, "skipped": 0, "errors": 0}
    fails, waived = [], []
    for r in recs:
        rec, res = r["rec"], r.get("result")
        if rec in ("check", "icount"):
            k = {"PASS": "passed", "FAIL": "failed"}.get(res, "skipped")
            if k == "failed":
                fails.append(r)
            if res == "WAIVED":
                waived.append(r)
        elif rec == "uncore_probe":
            k = "passed" if res == "holds" else "failed"
        elif rec == "uncore_imc_freerun":
            k = {"agree": "passed", "DISAGREE": "failed"}.get(res, "skipped")
        else:
            continue
        want[k] += 1
    v = [r["verdict"] for r in recs if r["rec"] == "verdict"]
    if not v or v[0] == "ERROR":
        want["errors"] += 1
    elif v[0] == "PASS":
        want["passed"] += 1
    elif v[0] in ("NO-PMU", "NO-CHECK"):
        want["skipped"] += 1
    else:
        want["failed"] += 1
    header = next(r for r in recs if r["rec"] == "header")
    return want, fails, waived, header


def main():
    xml = JUnitXml.fromfile(sys.argv[1])
    suites = list(xml)
    logs = sys.argv[2:]
    assert len(suites) == len(logs), (len(suites), len(logs))
    for suite, log in zip(suites, logs):
        want, fails, waived, header = expected(log)
        got = {"passed": 0, "failed": 0, "skipped": 0, "errors": 0}
        messages, skips = [], []
        for case in suite:
            res = case.result
            if not res:
                got["passed"] += 1
            for r in res:
                if isinstance(r, Failure):
                    got["failed"] += 1
                    messages.append(r.message)
                elif isinstance(r, Skipped):
                    got["skipped"] += 1
                    skips.append(r.message)
                elif isinstance(r, Error):
                    got["errors"] += 1
        assert got == want, (log, got, want)
        assert suite.tests == sum(got.values()), (log, suite.tests)
        assert (suite.failures, suite.skipped, suite.errors) == \
            (got["failed"], got["skipped"], got["errors"]), log
        for f in fails:
            text = "measured %d, expected " % f["measured"]
            assert any(m.startswith("FAIL: " + text) for m in messages), (log, text)
        for w in waived:
            text = "WAIVED: %s (measured %d, " % (w["waiver"], w["measured"])
            assert any(m.startswith(text) for m in skips), (log, text)
        props = {p.name: p.value for p in suite.properties()}
        for key, prop in (("firmware_vendor", "firmware_vendor"), ("options", "settings"),
                          ("backend", "backend")):
            assert props[prop] == xml_safe(header.get(key, "")), (log, prop, props[prop])
        print("%s: %s" % (log, " ".join("%s %d" % kv for kv in got.items())))


main()
