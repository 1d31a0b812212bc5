# Bad settings: one line naming the problem, verdict ERROR, nothing measured.
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=2 boot_case bad_event 'qemu-exit\nbackend = sim\nevents = cpu/event=0x3c,bogus=1/\n'
expect_rc 9
expect_console "^\[SIM\] efipmu: unknown term 'bogus' for cpu"
expect_no_console 'VERDICT'
SMP=2 boot_case bad_cfg 'qemu-exit\nbackend = sim\nevnts = cycles\n'
expect_rc 9
expect_console "^efipmu: efipmu.cfg:3: unknown setting 'evnts'"
exit $FAILED
