# A #GP on purpose (wrmsr 0x6E1 with bit 32 set) is caught on the boot CPU and
# every AP: a plain wrmsr, and the enabling and the disabling write of the measured window.
source "$(dirname "$0")/lib.sh"
FAILED=0
boot_case fault 'qemu-exit\nfault-test\n'
expect_rc 3
expect_console '#GP caught on all paths on 4 CPUs'
expect_log --cpus 4 --faults-caught 4 --verdict PASS
exit $FAILED
