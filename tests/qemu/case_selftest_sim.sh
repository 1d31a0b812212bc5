# SPDX-License-Identifier: BSD-2-Clause-Patent
# --selftest on the reference model (nehalem-ex: core, U-box and M-boxes) on 2 vCPUs:
# every check passes or says why it cannot run, each is in the log, the verdict is PASS.
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=2 boot_case selftest_sim 'qemu-exit\nbackend = sim\nsim-profile = nehalem-ex\nselftest\n'
expect_rc 3
expect_console '^\[SIM\] WHERE +CHECK +RESULT REASON'
expect_console '^\[SIM\] cpu 1 +kernel inst +PASS +inst x1000: instructions, overhead 2$'
expect_console '^\[SIM\] pkg 0 +mbox freeze +PASS'
expect_console '^\[SIM\] cpu 0 +cycles vs TSC +SKIP +this backend has no TSC \(simulated\)'
expect_console '^\[SIM\] selftest: [0-9]+ PASS, 0 FAIL, [0-9]+ SKIP$'
expect_console '^\[SIM\] VERDICT: PASS'
expect_no_console 'FAIL +'
grep -E '^\[SIM\] (cpu|pkg) ' "$CONSOLE" | awk 'length > 80' | grep -q . && fail "table wider than 80 columns"
checks=$(grep -c '"rec":"check".*"suite":"selftest"' "$LOG" 2>/dev/null)
[ "${checks:-0}" -ge 50 ] || fail "expected every check in the log, found ${checks:-0}"
grep '"suite":"selftest"' "$LOG" | grep -q '"result":"FAIL"' && fail "a FAIL record in the log"
exit $FAILED
