# The watchdog: 600 s while the app runs, then put back as it was found. UEFI cannot read
# it back, so the app tells from how it was started and says what it chose: as a boot
# option (\EFI\BOOT\BOOTX64.EFI) the boot manager's 5 minutes again; from the UEFI Shell
# (startup.nsh) off again, as the Shell keeps it.
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=1 boot_case watchdog_boot 'qemu-exit\n'
expect_rc 7
expect_console '^watchdog: 600 s while efipmu runs, then 300 s again \(started as a boot option\)$'
SMP=1 TIMEOUT=90 boot_case watchdog_shell 'qemu-exit\n' --shell
expect_rc 7
expect_console '^watchdog: 600 s while efipmu runs, then off again \(started from the UEFI Shell\)$'
exit $FAILED
