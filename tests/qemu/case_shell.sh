# SPDX-License-Identifier: BSD-2-Clause-Patent
# Through the UEFI Shell: no BOOTX64.EFI, OVMF falls to the shell, startup.nsh starts the app.
# The watchdog: 600 s while the app runs, then off again, as the Shell keeps it (the app
# tells from how it was started; as a boot option: case_real_4cpu).
source "$(dirname "$0")/lib.sh"
FAILED=0
TIMEOUT=90 boot_case shell 'qemu-exit\n' --shell
expect_rc 7
expect_console 'efipmu .* backend real \| 4 CPUs'
expect_console '^watchdog: 600 s while efipmu runs, then off again \(started from the UEFI Shell\)$'
expect_log --cpus 4 --verdict NO-PMU
exit $FAILED
