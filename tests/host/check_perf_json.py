#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""efipmu-host perf-json's output against the rules of perf stat -j (Linux
tools/perf/util/stat-display.c), not against the tool's own text.

Usage: check_perf_json.py TOOL LOG.jsonl...

perf stat -j -A -a writes one JSON object a line per event and CPU: "cpu" the CPU number as a
string (-A), "counter-value" a string (the count printed with %f, or "<not counted>" /
"<not supported>"), "unit" only for an event with a unit, "event" a string, "event-runtime"
an integer, "pcnt-running" a number printed with %.2f, and "metric-value" (a string, %f)
with "metric-unit" only where a metric is shown; "interval" only with -I, "variance" only
with -r. Fields are joined by ", ", a key and its value by " : ".
Here also: one line per count record of the log, its CPU and its delta.
"""
import json
import re
import subprocess
import sys

KEYS = {"cpu", "counter-value", "unit", "event", "event-runtime", "pcnt-running",
        "metric-value", "metric-unit"}
NUMBER = re.compile(r"^-?[0-9]+\.[0-9]{6}$")   # %f


def check(tool, log):
    out = subprocess.run([tool, "perf-json", log], check=True, capture_output=True,
                         text=True).stdout
    lines = out.split("\n")
    assert lines[-1] == "", "the output ends with a newline"
    lines = lines[:-1]
    counts = [json.loads(l) for l in open(log) if '"rec":"count"' in l]
    assert len(lines) == len(counts), (log, len(lines), len(counts))
    for line, rec in zip(lines, counts):
        obj = json.loads(line)
        assert isinstance(obj, dict), line
        assert set(obj) <= KEYS, (line, set(obj) - KEYS)
        for key in obj:   # perf's layout: '"key" : value', fields joined by ", "
            assert ('{"%s" : ' % key) in line or (', "%s" : ' % key) in line, (key, line)
        assert line.startswith("{") and line.endswith("}") and "\n" not in line
        for key in ("cpu", "counter-value", "event", "event-runtime", "pcnt-running"):
            assert key in obj, (key, line)
        assert isinstance(obj["cpu"], str) and obj["cpu"].isdigit(), line
        assert isinstance(obj["counter-value"], str), line
        assert NUMBER.match(obj["counter-value"]) or \
            obj["counter-value"] in ("<not counted>", "<not supported>"), line
        assert isinstance(obj["event"], str) and obj["event"], line
        assert isinstance(obj["event-runtime"], int) and obj["event-runtime"] >= 0, line
        assert isinstance(obj["pcnt-running"], float) and 0 <= obj["pcnt-running"] <= 100, line
        assert re.search(r'"pcnt-running" : [0-9]+\.[0-9]{2}(,|})', line), line   # %.2f
        assert ("metric-value" in obj) == ("metric-unit" in obj), line
        if "metric-value" in obj:
            assert isinstance(obj["metric-value"], str) and NUMBER.match(obj["metric-value"])
            assert isinstance(obj["metric-unit"], str) and obj["metric-unit"], line
        if "unit" in obj:
            assert isinstance(obj["unit"], str), line
        # the log's own count
        assert int(obj["cpu"]) == rec["cpu"], (line, rec["cpu"])
        assert float(obj["counter-value"]) == rec["delta"], (line, rec["delta"])
        if rec.get("box", "core") != "core":   # an uncore event named PMU/EVENT/
            assert "/" in obj["event"], line
    print("%s: %d objects" % (log, len(lines)))


for log in sys.argv[2:]:
    check(sys.argv[1], log)
