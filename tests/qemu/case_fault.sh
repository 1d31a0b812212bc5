# SPDX-License-Identifier: BSD-2-Clause-Patent
# --fault-test provokes a #GP on the boot CPU and every AP through each faulting path (a plain
# wrmsr, the enabling and the disabling write of each kernel's measured window: 1 + 2 x 7)
# with an MSR CPUID says the CPU has, and says which. QEMU's TCG drops PMU writes without a
# fault, but it has PKRS: with -cpu ...,+pks CPUID lists PKS and the test uses IA32_PKRS bit 32.
source "$(dirname "$0")/lib.sh"
FAILED=0
CPU='SandyBridge,model=45,+pks' boot_case fault 'qemu-exit\nfault-test\n'
expect_rc 3
for c in 0 1 2 3; do
  expect_console "^CPU $c: fault test: IA32_PKRS \(0x6e1\), reserved bit 32, chosen by CPUID.07H:ECX\[31\]: PKS: #GP caught on all 15 paths$"
done
expect_console '#GP caught on all paths on 4 CPUs'
expect_console '^restore checked: 4 registers read back, 0 differ$'   # each CPU's IA32_PKRS
expect_log --cpus 4 --faults-caught 4 --verdict PASS
# Without PKS and without a core PMU (plain -cpu SandyBridge under TCG) no MSR is known to
# fault: the test says so and fails, it never pretends.
SMP=2 boot_case fault_none 'qemu-exit\nfault-test\n'
expect_rc 5
expect_console '^CPU 1: fault test: no MSR known to fault here: CPUID lists neither a core PMU \(0AH\) nor PKS \(07H:ECX\[31\]\)$'
expect_console '^VERDICT: FAIL - 2 CPUs, 2 checks: 2 fault tests; #GP caught on all paths on 0 CPUs$'
# Where CPUID lists a core PMU (here the reference model's) IA32_PERFEVTSEL0 with bit 63 is used.
SMP=2 boot_case fault_sim 'qemu-exit\nbackend = sim\nsim-profile = nehalem-ep\nfault-test\n'
expect_rc 3
expect_console '^\[SIM\] CPU 1: fault test: IA32_PERFEVTSEL0 \(0x186\), reserved bit 63, chosen by CPUID.0AH: a core PMU: #GP caught on all 15 paths$'
expect_console '^\[SIM\] restore checked: 2 registers read back, 0 differ$'
exit $FAILED
