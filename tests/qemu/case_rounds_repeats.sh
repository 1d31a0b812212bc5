# SPDX-License-Identifier: BSD-2-Clause-Patent
# More events than counters and -n 3 on the model: the engine splits the events into
# rounds, runs the kernel once per round and repeat, logs every count with its round and
# repeat, and gives min/median/max per CPU and event.
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=2 boot_case rounds_repeats 'qemu-exit\nbackend = sim\nsim-profile = nehalem-ex\nrepeats = 3\nevents = instructions,cycles,ref-cycles,branches,branch-misses,cache-references,cache-misses,cpu/event=0xc0/,cpu/event=0x3c/\n'
expect_rc 3
expect_console '^\[SIM\] more events than counters: 2 rounds'
expect_console '^\[SIM\] measured 3/3 repeats$'
expect_console '^\[SIM\] CPU 1: kernel inst met its claims in 3/3 repeats \(round 1\): PASS$'
expect_console '^\[SIM\] CPU 1: kernel inst met its claim in 3/3 repeats \(round 2\): PASS$'
# Raw: the kernel's 10,018 and the window's own 2 (lib/model/model.h MODEL_GATE_INSTS).
expect_console '^\[SIM\] 0    instructions +10,020 +10,020 +10,020'
expect_console '^\[SIM\] 1    cpu/event=0xc0/ +10,020 +10,020 +10,020'
expect_console '^\[SIM\] VERDICT: PASS - 2 CPUs, 246 checks: 12 instructions, 6 branches, 228 restore read-backs$'
# Derived metrics from the medians (the model retires one instruction per cycle).
expect_console '^\[SIM\] CPU 1: IPC 1.000; CPI 1.000$'
expect_log --cpus 2 --verdict PASS --simulated --counts 54 --checks-pass 18
python3 - "$LOG" <<'PY' || fail "round/repeat records wrong"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
counts = [r for r in recs if r["rec"] == "count"]
stats = [r for r in recs if r["rec"] == "stats"]
assert sorted({(r["round"], r["repeat"]) for r in counts}) == [(g, k) for g in (0, 1) for k in range(3)]
assert len(stats) == 18, len(stats)
derived = [r for r in recs if r["rec"] == "derived"]
assert [m["milli"] for m in derived[0]["metrics"]] == [1000, 1000] and len(derived) == 2
for s in stats:
    assert s["min"] <= s["median"] <= s["max"] and s["repeats"] == 3 and s["simulated"] is True
    same = [c["delta"] for c in counts if c["cpu"] == s["cpu"] and c["event"] == s["event"]]
    assert sorted(same)[1] == s["median"] and len(same) == 3
PY
# The log says what it cost: its bytes are those of every line before the log_cost record,
# at least one flush for each of the 3 repeats, each after a write, and time spent in them.
python3 - "$LOG" <<'PY' || fail "log_cost record wrong"
import json, sys
lines = open(sys.argv[1], "rb").read().split(b"\n")
at = [i for i, l in enumerate(lines) if b'"rec":"log_cost"' in l]
assert len(at) == 1, at
c = json.loads(lines[at[0]])
before = sum(len(l) + 1 for l in lines[:at[0]])
assert c["bytes"] == before, (c["bytes"], before)
assert 3 <= c["flushes"] <= c["writes"] and c["flush_us"] > 0, c
PY
exit $FAILED
