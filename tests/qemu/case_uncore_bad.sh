# Uncore events the plan refuses are bad input: one line naming the event and the problem,
# verdict ERROR, nothing measured (job_uncore_check runs before any CPU is touched).
source "$(dirname "$0")/lib.sh"
FAILED=0
U=uncore_ubox
SNBEP='qemu-exit\nbackend = sim\nsim-profile = sandy-bridge-ep\n'
THREE="$U/event=0x44/,$U/event=0x42,umask=1/,$U/event=0x43,umask=1/"   # the U-box has 2 counters
SMP=2 boot_case uncore_bad_count "${SNBEP}events = $THREE\n"
expect_rc 9
expect_console "^\[SIM\] efipmu: efipmu.cfg:4: uncore event '$U/event=0x43,umask=1/': no counter left for it"
expect_no_console 'VERDICT|^\[SIM\] [0-9]+ +[0-9]+ +uncore'
expect_no_log_file   # settings are checked before the log is created
SMP=2 boot_case uncore_bad_invert "${SNBEP}events = $U/event=0x44,invert/\n"
expect_rc 9
expect_console "^\[SIM\] efipmu: efipmu.cfg:4: uncore event '$U/event=0x44,invert/': its box refuses this control word"
expect_no_console 'VERDICT|^\[SIM\] [0-9]+ +[0-9]+ +uncore'
expect_no_log_file
exit $FAILED
