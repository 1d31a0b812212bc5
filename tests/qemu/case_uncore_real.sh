# Real backend under QEMU TCG: the uncore MSRs read 0 and drop writes (QEMU-FACTS), so each
# package leader's probe finds its registers do not hold values; the app says so, prints and
# logs no uncore counts, and the verdict is NO-PMU. Nehalem-EX boots with 2 sockets: one
# probe per package, on its leader (CPU 0 and CPU 2).
source "$(dirname "$0")/lib.sh"
FAILED=0
NOT_HELD='uncore registers do not hold values: no uncore counts$'
check() {  # probe MSR, box, packages
  expect_rc 7
  expect_console "^package 0 \(CPU 0\): $NOT_HELD"
  expect_console "^  wrote 0x[0-9a-f]+ to MSR $1 \($2 control 0\), read back 0x0$"
  expect_no_console '^[0-9]+ +[0-9]+ +uncore'
  expect_no_console '^\[SIM\]'
  expect_log --verdict NO-PMU --not-simulated --uncore-counts 0 --counts 0 --probes-not-held "$3"
}
CPU=Nehalem boot_case uncore_real_nhm 'qemu-exit\n'
check 0x3c0 uncore 1
SMP=4,sockets=2,cores=2 CPU=Nehalem,model=46 boot_case uncore_real_nhmex 'qemu-exit\n'
check 0xcb0 uncore_mbox_0 2
expect_console "^package 1 \(CPU 2\): $NOT_HELD"
[ "$(grep -c '^  wrote 0x[0-9a-f]* to MSR 0xcb0 ' "$CONSOLE")" = 2 ] || fail "expected a probe line per package"
CPU=SandyBridge,model=45 boot_case uncore_real_snbep 'qemu-exit\n'
check 0xc10 uncore_ubox 1
# the UCLK width probe reads 0 too: unknown, the descriptor's 44 taken, and said
expect_console "^package 0 \(CPU 0\): uncore_ubox fixed counter width unknown \(all-ones read back 0x0, hypervisor\): 44 bits taken"
expect_log --uncore-width uncore_ubox=0:44
exit $FAILED
