# Real backend on 4 vCPUs: all CPUs found, an honest "no architectural PMU" verdict, log parses.
source "$(dirname "$0")/lib.sh"
FAILED=0
boot_case real_4cpu 'qemu-exit\n'
expect_rc 7
expect_console 'efipmu .* backend real \| 4 CPUs, 4 enabled'
expect_console 'VERDICT: NO-PMU - 4 CPUs ran, 0 with a core PMU'
expect_console 'no architectural PMU: CPUID.0AH reports version 0'
expect_no_console '^\[SIM\]'
expect_log --cpus 4 --verdict NO-PMU --core-pmu no --not-simulated --backend real
exit $FAILED
