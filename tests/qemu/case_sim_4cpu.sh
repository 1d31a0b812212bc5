# --backend sim on 4 vCPUs: every CPU runs the job on the model, all output marked simulated.
source "$(dirname "$0")/lib.sh"
FAILED=0
boot_case sim_4cpu 'qemu-exit\nbackend = sim\nsim-profile = nehalem-ex\n'
expect_rc 3
expect_console '^\[SIM\] SIMULATED: every value below comes from the reference model'
expect_console '^\[SIM\] VERDICT: PASS - 4 CPUs ran, 4 with a core PMU'
expect_log --cpus 4 --verdict PASS --core-pmu yes --simulated --uncore nehalem-ex-westmere-ex --backend sim
exit $FAILED
