# SPDX-License-Identifier: BSD-2-Clause-Patent
# Bad settings: one line naming the problem, verdict ERROR, nothing measured.
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=2 boot_case bad_event 'qemu-exit\nbackend = sim\nevents = cpu/event=0x3c,bogus=1/\n'
expect_rc 9
expect_console "^\[SIM\] efipmu: efipmu.cfg:3: unknown term 'bogus' for cpu"
expect_no_console 'VERDICT'
SMP=2 boot_case bad_cfg 'qemu-exit\nbackend = sim\nevnts = cycles\n'
expect_rc 9
expect_console "^efipmu: efipmu.cfg:3: unknown setting 'evnts'"
# Settings are all checked before anything runs: no log file, no MSR written (the unit tests count them).
SMP=2 boot_case no_cpu 'qemu-exit\nbackend = sim\ncpus = 0,5\n'
expect_rc 9
expect_console "^\[SIM\] efipmu: efipmu.cfg:3: cpus: no such CPU '5': this machine has 2 CPUs, numbered from 0$"
expect_no_log_file
SMP=2 boot_case bad_kernel 'qemu-exit\nkernels = bogus\n'
expect_rc 9
expect_console "^efipmu: efipmu.cfg:2: unknown kernel 'bogus'"
expect_no_console '^efipmu .* \| backend'
expect_no_log_file
# A setting only the model reads, on the real backend: refused, not silently ignored.
SMP=1 boot_case sim_on_real 'qemu-exit\nsim-break = narrow-counters\n'
expect_rc 9
expect_console "^efipmu: efipmu.cfg:2: sim-break: only the reference model reads it \(backend = sim\); this run's backend is real \(default\)$"
expect_no_log_file
# A setting the model cannot honour names its line: refused before anything runs.
SMP=2 boot_case snc_beyond_cores 'qemu-exit\nbackend = sim\nsim-snc = 4\n'
expect_rc 9
expect_console "^efipmu: efipmu.cfg:3: sim-snc '4': a package of the model has fewer cores than that many clusters$"
expect_no_log_file
# An oversized efipmu.cfg is refused, and its qemu-exit line still ends QEMU.
big="qemu-exit\n$(printf '# padding line of an oversized efipmu.cfg, 60 bytes long ...\\n%.0s' $(seq 160))"
SMP=1 TIMEOUT=60 boot_case big_cfg "$big"
expect_rc 9
expect_console '^efipmu: efipmu.cfg: larger than 8 KiB$'
# A bad command line names its source and still answers --qemu-exit (through the UEFI Shell).
TIMEOUT=90 boot_case bad_argv '' --shell --args '--qemu-exit --evnts cycles'
expect_rc 9
expect_console "^efipmu: command line: unknown option '--evnts'$"
expect_no_log_file
exit $FAILED
