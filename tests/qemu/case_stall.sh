# An AP that never returns (stall-cpu 2 spins in its measurement): the run names it by CPU
# number and APIC id, finishes on the other CPUs, logs everything and ends FAIL, not hung.
source "$(dirname "$0")/lib.sh"
FAILED=0
# Three 10 s waits for the stuck CPU, then firmware's own dispatch timeout (60 s) ends it.
TIMEOUT=${TIMEOUT:-200} boot_case stall 'qemu-exit\nbackend = sim\nstall-cpu = 2\n'
expect_rc 5
expect_console '^\[SIM\] test hook: CPU 2 \(APIC id 2\) will never end its measurement'
expect_console '^\[SIM\] Rounds: CPU 2 \(APIC id 2\) missed the barrier in round 0: the run went on without it$'
expect_console '^\[SIM\] CPU 2: not measured: timeout$'
for c in 0 1 3; do
  expect_console "^\[SIM\] CPU $c inst: .* PASS$"
done
expect_console '^\[SIM\] VERDICT: FAIL - 4 CPUs ran, 4 with a core PMU, 1 did not finish$'
# OVMF ends the stuck AP itself when the dispatch's timeout expires: the rounds' memory is freed.
expect_no_console 'firmware never reported the APs done'
expect_log --cpus 4 --verdict FAIL --simulated --backend sim --counts 15 --checks-pass 3
python3 - "$LOG" <<'PY' || fail "log lacks the stalled CPU or the others' counts"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
counted = {r["cpu"] for r in recs if r["rec"] == "count" and r["box"] == "core"}
assert counted == {0, 1, 3}, counted
skew = [r for r in recs if r["rec"] == "skew"]
assert skew and all(r["missed"] == [{"cpu": 2, "apic_id": 2, "why": "missed the barrier", "round": 0}]
                    for r in skew), skew
PY
# A CPU that is not there cannot be stalled: one line, nothing runs.
boot_case stall_none 'qemu-exit\nbackend = sim\nstall-cpu = 7\n'
expect_rc 9
expect_console '^\[SIM\] efipmu: efipmu.cfg:3: stall-cpu: cannot stall CPU .7.: there is no such enabled CPU$'
expect_no_console 'VERDICT'
exit $FAILED
