#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause-Patent
"""`make bench` items 1 and 2, from the app's log (scripts/bench.sh).

  figures.py overhead LOG BEFORE INSIDE AFTER   the -icount run's "overhead" record
                                                 against gated_window.py's counts
  figures.py skew VCPUS LOG...                  the --bench runs' "bench_skew" records, the
                                                 quietest boot's (smallest barrier start skew)
Prints the figures; exits 1 when they do not hold together.
"""
import json
import sys

INDENT = " " * 18


def records(log, rec):
    with open(log) as f:
        return [r for r in map(json.loads, filter(str.strip, f)) if r["rec"] == rec]


def overhead(log, before, inside, after):
    found = records(log, "overhead")
    if not found:
        sys.exit("overhead          no overhead record in the -icount log")
    r = found[0]
    bad = []
    if r["result"] != "PASS":
        bad.append("the naive path is not exact (%s)" % r.get("error", "its fixed part differs"))
    if r["engine"] != inside:
        bad.append("engine: %d under -icount, %d in the disassembly" % (r["engine"], inside))
    if r["engine_window"] != before + inside + after or r["engine_outside"] != before + after:
        bad.append("window: %d (%d outside the writes) under -icount, %d + %d + %d in the disassembly"
                   % (r["engine_window"], r["engine_outside"], before, inside, after))
    print("overhead          engine %d instructions between enabling and disabling the counters "
          "(the kernel inline + 2);" % r["engine"])
    print(INDENT + "naive %d (%d counters enabled one at a time: %d per write + 3); naive / engine %.2fx"
          % (r["naive"], r["naive_counters"], r["naive_per_write"], r["naive"] / max(r["engine"], 1)))
    print(INDENT + "disassembly %d, QEMU -icount %d (rdtsc to rdtsc %d = %d + %d + %d)"
          "  [target: a handful, known exactly]"
          % (inside, r["engine"], r["engine_window"], before, r["engine"], after))
    for b in bad:
        print(INDENT + "MISMATCH: " + b)
    return not bad


def skew(vcpus, *logs):
    boots = []
    for log in logs:
        modes = {r["mode"]: r for r in records(log, "bench_skew")}
        b, s = modes.get("barrier"), modes.get("sequential")
        if b and s and b["windows"] and s["windows"]:
            boots.append((b, s))
    if not boots:
        print("start/stop skew   not measured in both modes in any of %d boots" % len(logs))
        return False
    b, s = min(boots, key=lambda bs: bs[0]["start_skew_ticks"])

    def us(r, k, stat="ticks"):
        return r["%s_skew_%s" % (k, stat)] / r["tsc_per_us"]

    def ratio(k):
        return s[k + "_skew_ticks"] / max(b[k + "_skew_ticks"], 1)

    print("start/stop skew   barrier %.3f / %.3f us, one StartupThisAP per CPU %.1f / %.1f us"
          % (us(b, "start"), us(b, "stop"), us(s, "start"), us(s, "stop")))
    print(INDENT + "(medians of %d windows on %s vCPUs, the quietest of %d boots; fastest window %.3f / %.1f us)"
          % (b["windows"], vcpus, len(logs), us(b, "start", "min"), us(s, "start", "min")))
    print(INDENT + "sequential / barrier %.0fx at start, %.0fx at stop  [target: >= 100x]"
          % (ratio("start"), ratio("stop")))
    return True


def main():
    what, *args = sys.argv[1:]
    ok = overhead(args[0], *map(int, args[1:])) if what == "overhead" else skew(*args)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
