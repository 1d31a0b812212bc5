# Through the UEFI Shell: no BOOTX64.EFI, OVMF falls to the shell, startup.nsh starts the app.
source "$(dirname "$0")/lib.sh"
FAILED=0
TIMEOUT=90 boot_case shell 'qemu-exit\n' --shell
expect_rc 7
expect_console 'efipmu .* backend real \| 4 CPUs'
expect_log --cpus 4 --verdict NO-PMU
exit $FAILED
