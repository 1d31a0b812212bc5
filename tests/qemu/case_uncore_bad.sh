# SPDX-License-Identifier: BSD-2-Clause-Patent
# Uncore events the plan refuses are bad input: one line naming the event and the problem,
# verdict ERROR, nothing measured (job_uncore_check runs before any CPU is touched).
source "$(dirname "$0")/lib.sh"
FAILED=0
U=uncore_ubox
SNBEP='qemu-exit\nbackend = sim\nsim-profile = sandy-bridge-ep\n'
# (more events than counters are not bad input: they run in rounds, case_uncore_sim.sh)
SMP=2 boot_case uncore_bad_clock "qemu-exit\nbackend = sim\nsim-profile = nehalem-ex\nevents = UNCORE_CLOCK\n"
expect_rc 9
expect_console "^\[SIM\] efipmu: efipmu.cfg:4: 'UNCORE_CLOCK': no uncore clock on model 0x2e: the W-box fixed counter"
expect_no_console 'VERDICT|^\[SIM\] [0-9]+ +[0-9]+ +uncore'
expect_no_log_file   # settings are checked before the log is created
SMP=2 boot_case uncore_bad_invert "${SNBEP}events = $U/event=0x44,invert/\n"
expect_rc 9
expect_console "^\[SIM\] efipmu: efipmu.cfg:4: uncore event '$U/event=0x44,invert/': its box refuses this control word"
expect_no_console 'VERDICT|^\[SIM\] [0-9]+ +[0-9]+ +uncore'
expect_no_log_file
exit $FAILED
