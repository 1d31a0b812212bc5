# SPDX-License-Identifier: BSD-2-Clause-Patent
# An AP that never returns (stall-cpu 2 spins in its measurement): the run names it by CPU
# number and APIC id, finishes on the other CPUs, logs everything and ends FAIL, not hung.
source "$(dirname "$0")/lib.sh"
FAILED=0
# Three 1 s waits for the stuck CPU (ap-timeout), then firmware's own dispatch timeout
# (the run's bound on the whole dispatch, every wait of its 3 rounds: 8 x 1 s) ends it.
# 1 s is still far more than what a healthy CPU's step takes here (a repeat on the model:
# a few ms), with two boots beside it.
TIMEOUT=${TIMEOUT:-120} boot_case stall 'qemu-exit
backend = sim
stall-cpu = 2
ap-timeout = 1000
'
expect_rc 5
expect_console '^\[SIM\] test hook: CPU 2 \(APIC id 2\) will never end its measurement'
expect_console '^\[SIM\] Rounds: CPU 2 \(APIC id 2\) missed the barrier in round 0: the run went on without it$'
expect_console '^\[SIM\] CPU 2: not measured: timeout$'
expect_console '^\[SIM\] CPU 2 \(APIC id 2\) timed out before it programmed any register: nothing to restore$'
for c in 0 1 3; do
  expect_console "^\[SIM\] CPU $c inst: .* PASS$"
done
expect_console '^\[SIM\] VERDICT: FAIL - 4 CPUs, 1 did not finish, [0-9]+ checks: 3 instructions, 3 branches, 1 uncore probe, [0-9]+ restore read-backs$'
# OVMF ends the stuck AP itself when the dispatch's timeout expires: the rounds' memory is freed.
expect_no_console 'firmware never reported the APs done'
expect_log --cpus 4 --verdict FAIL --simulated --backend sim --counts 15 --checks-pass 6
python3 - "$LOG" <<'PY' || fail "log lacks the stalled CPU or the others' counts"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
counted = {r["cpu"] for r in recs if r["rec"] == "count" and r["box"] == "core"}
assert counted == {0, 1, 3}, counted
skew = [r for r in recs if r["rec"] == "skew"]
assert skew and all(r["missed"] == [{"cpu": 2, "apic_id": 2, "why": "missed the barrier", "round": 0}]
                    for r in skew), skew
left = [r for r in recs if r["rec"] == "leftover"]
assert left and all(r["cpu"] == 2 and r["programmed"] == 0 and r["restored"] for r in left), left
PY
# Firmware never says the stuck AP is done (test hook): an AP may still run the image's
# code, so the app does not return to firmware: the log is complete, the console says so,
# and (here) QEMU gets the verdict before the platform reset.
TIMEOUT=${TIMEOUT:-120} boot_case never_done 'qemu-exit\nbackend = sim\nstall-cpu = 2\nap-timeout = 1000\ntest-ap-never-done\n'
expect_rc 5
expect_console '^\[SIM\] Rounds: firmware never reported the APs done; results may be incomplete$'
expect_console "^efipmu: an AP may still run efipmu's code \(firmware never reported it done\), so efipmu does not return to firmware"
if [ -f "$LOG" ]; then
  tail -1 "$LOG" | grep -q '"rec":"ap_running"' || fail "the log does not end with the ap_running record"
else
  fail "no log on the image (never_done)"
fi
# A CPU that is not there cannot be stalled: one line, nothing runs.
boot_case stall_none 'qemu-exit\nbackend = sim\nstall-cpu = 7\n'
expect_rc 9
expect_console '^\[SIM\] efipmu: efipmu.cfg:3: stall-cpu: cannot stall CPU .7.: there is no such enabled CPU$'
expect_no_console 'VERDICT'
exit $FAILED
