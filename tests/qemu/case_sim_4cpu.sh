# --backend sim on 4 vCPUs: every CPU programs, counts and restores the model's core PMU;
# raw control and counter values are logged next to decoded fields; all output marked simulated.
source "$(dirname "$0")/lib.sh"
FAILED=0
boot_case sim_4cpu 'qemu-exit\nbackend = sim\nsim-profile = nehalem-ex\n'
expect_rc 3
expect_console '^\[SIM\] SIMULATED: every value below comes from the reference model'
expect_console '^\[SIM\] 3   instructions +fixed0 +0x38d=0x333 +10,018$'
expect_console '^\[SIM\] CPU 2: inst retired 10,018 instructions .*: PASS'
expect_console '^\[SIM\] VERDICT: PASS - 4 CPUs ran, 4 with a core PMU'
expect_no_console '^(CPU|[0-9])'
expect_log --cpus 4 --verdict PASS --core-pmu yes --simulated --uncore nehalem-ex-westmere-ex \
  --backend sim --counts 20 --checks-pass 4
grep -c "\"rec\":\"handoff\"" "$LOG" | grep -qx 4 || fail "expected 4 handoff records"
exit $FAILED
