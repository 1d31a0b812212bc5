# SPDX-License-Identifier: BSD-2-Clause-Patent
# Real backend on 4 vCPUs, the default job, one boot per Intel uncore family (several checks
# per boot: they share the setup). Each family is recognised; all CPUs are found; the verdict
# is an honest NO-PMU ("no architectural PMU") and the log parses. The uncore MSRs read 0 and
# drop writes under TCG (QEMU 7.2, as measured), so each package leader's probe finds its registers
# do not hold values: the app says so, prints and logs no uncore counts. Nehalem-EX boots with
# 2 sockets: one probe per package, on its leader (CPU 0 and CPU 2). On Sandy Bridge-EP also
# the watchdog as a boot option, and a second run on the same volume.
source "$(dirname "$0")/lib.sh"
FAILED=0
NOT_HELD='uncore registers do not hold values: no uncore counts$'
check() {  # family-model, uncore family, probe MSR, box, packages, registers read back
  expect_rc 7
  expect_console "^0 +0 +0 +0 +0 +$1-"
  expect_console 'efipmu .* backend real \| 4 CPUs, 4 enabled'
  expect_console 'VERDICT: NO-PMU - 4 CPUs, 0 with a core PMU'
  expect_console 'no architectural PMU: CPUID.0AH reports version 0'
  # no core PMU, no uncore session: only the probes' put-back registers, read back as 0
  expect_console "^restore checked: $6 registers? read back, 0 differ$"
  expect_console "^package 0 \(CPU 0\): $NOT_HELD"
  expect_console "^  wrote 0x[0-9a-f]+ to MSR $3 \($4 control 0\), read back 0x0$"
  expect_no_console '^[0-9]+ +[0-9]+ +uncore'
  expect_no_console '^\[SIM\]'
  expect_log --cpus 4 --uncore "$2" --verdict NO-PMU --core-pmu no --not-simulated --backend real \
    --uncore-counts 0 --counts 0 --probes-not-held "$5"
}
CPU=Nehalem boot_case uncore_real_nhm 'qemu-exit\n'
check 06-1a nehalem-westmere-client 0x3c0 uncore 1 1
SMP=4,sockets=2,cores=2 CPU=Nehalem,model=46 boot_case uncore_real_nhmex 'qemu-exit\n'
check 06-2e nehalem-ex-westmere-ex 0xcb0 uncore_mbox_0 2 2
expect_console "^package 1 \(CPU 2\): $NOT_HELD"
[ "$(grep -c '^  wrote 0x[0-9a-f]* to MSR 0xcb0 ' "$CONSOLE")" = 2 ] || fail "expected a probe line per package"
CPU=SandyBridge,model=45 boot_case real_4cpu 'qemu-exit\n'
check 06-2d sandy-bridge-ep 0xc10 uncore_ubox 1 2
# the UCLK width probe reads 0 too: unknown, the descriptor's 44 taken, and said
expect_console "^package 0 \(CPU 0\): uncore_ubox fixed counter width unknown \(all-ones read back 0x0, hypervisor\): 44 bits taken"
expect_log --uncore-width uncore_ubox=0:44
# The watchdog: 600 s while the app runs, then put back as it was found. UEFI cannot read
# it back, so the app tells from how it was started: as a boot option (\EFI\BOOT\BOOTX64.EFI)
# the boot manager's 5 minutes again (from the UEFI Shell: case_shell).
expect_console '^watchdog: 600 s while efipmu runs, then 300 s again \(started as a boot option\)$'

# A second run on the same volume writes a new log and leaves the first one as it was.
first=$(mdir -b -i "$IMG" ::/efipmu | grep -ci '\.jsonl$')
mcopy -o -i "$IMG" ::/efipmu/run-0001.jsonl "$work/two_runs.first"
"$here/qemu/boot.sh" "$IMG" "$work/two_runs.serial2" $QEMU_EXTRA
[ "$first" = 1 ] || fail "after one run: $first logs"
n=$(mdir -b -i "$IMG" ::/efipmu | grep -ci '\.jsonl$')
[ "$n" = 2 ] || fail "after two runs: $n logs, expected 2"
mcopy -o -i "$IMG" ::/efipmu/run-0001.jsonl "$work/two_runs.again"
cmp -s "$work/two_runs.first" "$work/two_runs.again" || fail "run-0001.jsonl changed by the second run"
mcopy -o -i "$IMG" ::/efipmu/run-0002.jsonl "$work/two_runs.second" || fail "no run-0002.jsonl"
python3 "$here/tests/qemu/checklog.py" "$work/two_runs.second" --cpus 4 || fail "second log bad"

# Three repeats: the probes' registers are read back once, as they are put back once (the
# package, its probe failed, is counted no more).
CPU=SandyBridge,model=45 boot_case real_repeats 'qemu-exit\nrepeats = 3\n'
expect_console '^restore checked: 2 registers read back, 0 differ$'
exit $FAILED
