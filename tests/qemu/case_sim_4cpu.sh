# SPDX-License-Identifier: BSD-2-Clause-Patent
# --backend sim on 4 vCPUs: every CPU programs, counts and restores the model's core PMU;
# raw control and counter values are logged next to decoded fields; all output marked simulated.
source "$(dirname "$0")/lib.sh"
FAILED=0
boot_case sim_4cpu 'qemu-exit\nbackend = sim\nsim-profile = nehalem-ex\nverbose\n'
expect_rc 3
expect_console '^\[SIM\] SIMULATED: every value below comes from the reference model'
# Raw: the kernel's 10,018 and the window's own 2 (lib/model/model.h MODEL_GATE_INSTS).
expect_console '^\[SIM\] 3   instructions +fixed0 +0x38d=0x333 +10,020$'
expect_console '^\[SIM\] CPU 2 inst: 10,018 instructions, 10,018 expected, overhead 2: PASS$'
expect_console '^\[SIM\] VERDICT: PASS - 4 CPUs, 90 checks: 4 instructions, 4 branches, 3 uncore probes, 1 box clock agreement, 78 restore read-backs$'
# every register restored, read back on the CPU that restored it
expect_console '^\[SIM\] restore checked: 78 registers read back, 0 differ$'
expect_no_console '^(CPU|[0-9])'
# verbose: the decoded control fields under each count row.
expect_console '^\[SIM\]     event=0xc4 usr=1 os=1 en=1$'
expect_log --cpus 4 --verdict PASS --core-pmu yes --simulated --uncore nehalem-ex-westmere-ex \
  --backend sim --counts 20 --checks-pass 9   # 8 kernel checks, the two M-boxes' clocks
[ "$(grep "\"rec\":\"handoff\"" "$LOG" | grep -vc "\"box\":\"uncore\"")" = 4 ] || fail "expected 4 core handoff records"
[ "$(grep -c "\"rec\":\"handoff\".*\"box\":\"uncore\"" "$LOG")" = 1 ] || fail "expected 1 uncore handoff record"
# The CSV beside the log holds the same counts, one row each, for spreadsheets.
expect_console '^log: \\efipmu\\run-0001.jsonl, counts also in run-0001.csv$'
mcopy -o -i "$IMG" ::/efipmu/run-0001.csv "$work/sim_4cpu.csv" || fail "no CSV beside the log"
python3 - "$LOG" "$work/sim_4cpu.csv" <<'PY' || fail "CSV does not match the log"
import csv, json, sys
counts = [r for r in map(json.loads, open(sys.argv[1])) if r["rec"] == "count"]
rows = list(csv.DictReader(open(sys.argv[2], newline="")))
assert len(rows) == len(counts) == 20, (len(rows), len(counts))
for r, c in zip(rows, counts):
    assert (int(r["cpu"]), r["box"], r["event"], int(r["delta"]), r["ctl_value"], r["simulated"]) == \
        (c["cpu"], c["box"], c["event"], c["delta"], c["ctl_value"], "true"), (r, c)
PY
exit $FAILED
