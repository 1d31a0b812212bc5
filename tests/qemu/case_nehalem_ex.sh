# -cpu Nehalem,model=46 (Xeon 7500): the Nehalem-EX uncore family is recognised.
source "$(dirname "$0")/lib.sh"
FAILED=0
CPU=Nehalem,model=46 boot_case nehalem_ex 'qemu-exit\n'
expect_rc 7
expect_console ' 06-2e-'
expect_log --cpus 4 --uncore nehalem-ex-westmere-ex --verdict NO-PMU
exit $FAILED
