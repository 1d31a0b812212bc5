# SPDX-License-Identifier: BSD-2-Clause-Patent
# A #GP that is not one of our MSR instructions (test-unexpected-fault: a load from a
# non-canonical address) never hangs silently. First CPU 1, an AP, takes one: COM1 names
# vector, address and CPU, and the boot CPU reports it when its wait for CPU 1 ends. Then
# the boot CPU takes one: COM1 and the console name it, and it goes on to the firmware's
# own handler, whose register dump names the same address. QEMU is stopped once OVMF's
# dump is out (UNTIL); a run that hung silently would end in the timeout instead.
source "$(dirname "$0")/lib.sh"
FAILED=0
so="${EFIPMU_EFI:-$here/build/efipmu.efi}"; so="${so%.efi}.so"
UNTIL='Find image based on IP' TIMEOUT=${TIMEOUT:-120} \
  boot_case unexpected_fault 'qemu-exit\ntest-unexpected-fault\n'
expect_rc 100
gp='unexpected exception #GP \(vector 13, error code 0x0\) at RIP 0x[0-9a-f]+ \(efipmu\.efi\+0x[0-9a-f]+\)'
expect_console "^efipmu: $gp on the CPU with APIC id 1; this CPU stops until the firmware takes it back$"
expect_console "^CPU 1: $gp on the CPU with APIC id 1$"
expect_console "^efipmu: $gp on the CPU with APIC id 0 \(boot CPU\); handing it to the firmware$"
# COM1 and the console: OVMF's console is the same serial port, so the boot CPU's line shows twice.
n=$(grep -c 'APIC id 0 (boot CPU); handing it to the firmware$' "$CONSOLE")
[ "$n" = 2 ] || fail "the boot CPU's line $n times, expected 2 (COM1 and the console)"
# The firmware's own handler took the boot CPU's fault, at the address we named.
expect_console '^!!!! X64 Exception Type - 0D\(#GP - General Protection\)  CPU Apic ID - 00000000 !!!!$'
rip=$(sed -n 's/.* at RIP 0x\([0-9a-f]*\) .*APIC id 0 (boot CPU).*/\1/p' "$CONSOLE" | head -1)
grep -qiE "^RIP  - 0*$rip, " "$CONSOLE" || fail "OVMF's dump does not show RIP $rip"
# The offset in efipmu.efi is the test hook's own load.
off=$(sed -n 's/.*(efipmu\.efi+\(0x[0-9a-f]*\)).*APIC id 0 (boot CPU).*/\1/p' "$CONSOLE" | head -1)
fn=$(addr2line -f -e "$so" "$off" | head -1)
[ "$fn" = fault_test_unexpected ] || fail "efipmu.efi+$off is in '$fn', not fault_test_unexpected"
exit $FAILED
