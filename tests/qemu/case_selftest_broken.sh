# SPDX-License-Identifier: BSD-2-Clause-Patent
# The validation suite catches hardware made wrong on purpose: on a model whose counters
# are 1 bit narrower than CPUID says, or whose enable bits do nothing, the right checks FAIL.
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=2 boot_case selftest_narrow 'qemu-exit\nbackend = sim\nsim-profile = nehalem-ex\nselftest\nsim-break = narrow-counters\n'
expect_rc 5
expect_console '^\[SIM\] the model has a deliberate defect: narrow-counters'
expect_console '^\[SIM\] cpu 0 +width gp +FAIL'
expect_console '^\[SIM\] cpu 1 +width fixed +FAIL'
expect_no_console 'enable.* FAIL'
SMP=2 boot_case selftest_enable 'qemu-exit\nbackend = sim\nsim-profile = sandy-bridge-ep\nselftest\nsim-break = ignore-enable\n'
expect_rc 5
expect_console '^\[SIM\] cpu 1 +.*enable.* +FAIL'
expect_no_console 'width .* FAIL'
exit $FAILED
