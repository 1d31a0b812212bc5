# SPDX-License-Identifier: BSD-2-Clause-Patent
# --selftest on QEMU's real backend (TCG: CPUID.0AH is all zeros, MSRs drop writes):
# one plain SKIP line per CPU and per package, no FAIL, verdict NO-PMU (exit 7).
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=2 CPU=Nehalem boot_case selftest_real 'qemu-exit\nselftest\n'
expect_rc 7
expect_console '^cpu 0 +core PMU +SKIP +no architectural PMU: CPUID.0AH reports'
expect_console '^cpu 1 +core PMU +SKIP'
expect_console '^pkg 0 +uncore PMU +SKIP +absent: 0x3c0 does not hold values'
expect_console '^selftest: uncore: absent: 0x3c0 does not hold values \(wrote 0x[0-9a-f]+, read 0x0\)'
expect_console '^selftest: 0 PASS, 0 FAIL, 3 SKIP$'
expect_console '^selftest: no PMU to check on this machine: no architectural PMU'
expect_console '^VERDICT: NO-PMU'
expect_no_console 'FAIL +'
exit $FAILED
