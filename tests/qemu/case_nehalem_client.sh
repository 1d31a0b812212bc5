# -cpu Nehalem (model 0x1A): the Nehalem/Westmere client uncore family is recognised.
source "$(dirname "$0")/lib.sh"
FAILED=0
CPU=Nehalem boot_case nehalem_client 'qemu-exit\n'
expect_rc 7
expect_log --cpus 4 --uncore nehalem-westmere-client --verdict NO-PMU
exit $FAILED
