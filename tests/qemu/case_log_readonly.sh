# SPDX-License-Identifier: BSD-2-Clause-Patent
# The log volume is read-only (a write-protected USB stick): the console says there is no log
# and why, the whole run is still on the console, and the verdict is FAIL with that reason.
source "$(dirname "$0")/lib.sh"
FAILED=0
USB=1 QEMU_EXTRA="-set drive.stick.readonly=on" \
  boot_case log_readonly 'qemu-exit\nbackend = sim\n'
expect_rc 5
expect_console '^no log file \(cannot create \\efipmu: volume is read-only\): console output only$'
expect_console '^\[SIM\] CPU 3 inst: 10,018 instructions, 10,018 expected, overhead 2: PASS$'
expect_console '^\[SIM\] P0  UNCORE_CLOCK'
expect_console '^\[SIM\] VERDICT: FAIL - 4 CPUs, [0-9]+ checks: 4 instructions, 4 branches, [0-9]+ uncore probes?, [0-9]+ restore read-backs$'
expect_console '^\[SIM\]          log not written: cannot create \\efipmu: volume is read-only$'
expect_no_log_file
exit $FAILED
