# -cpu SandyBridge,model=45 (Xeon E5-2600): the Sandy Bridge-EP uncore family is recognised.
source "$(dirname "$0")/lib.sh"
FAILED=0
CPU=SandyBridge,model=45 boot_case snb_ep 'qemu-exit\n'
expect_rc 7
expect_console ' 06-2d-'
expect_log --cpus 4 --uncore sandy-bridge-ep --verdict NO-PMU
exit $FAILED
