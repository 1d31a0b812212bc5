# SPDX-License-Identifier: BSD-2-Clause-Patent
# The discovery table end to end on the real backend (issue 25 item 7): QEMU's ivshmem-plain
# (vendor 0x1af4, device 0x1110; its BAR 2 is the memory of a host file, QEMU
# docs/specs/ivshmem-spec.rst) stands in for the discovery device. It has no DVSEC, so the
# test-only setting test-discovery-device names it. Its file holds a table
# (tests/qemu/disc_table.py) whose MMIO units lie in the same BAR, each register holding a
# recognisable firmware value. The vCPU is family 6 model 0x8F (Sapphire Rapids: the
# discovery family). The app finds the table through the real backend's PCI and MMIO
# access, makes its units boxes, programs, reads and restores them; the file after the
# run, byte for byte the file before, proves every register was put back. The units are
# RAM: their counters do not count, and under the hypervisor bit that is NO-PMU.
# Boot 1 (a file of zeros) learns where OVMF put BAR 2, and that a table of zeros is named
# (global-invalid) with nothing written; boot 2 runs on the table made for that address.
# A build whose restore skips one unit (mutant disc-unit-restore-skipped) fails here.
source "$(dirname "$0")/lib.sh"
FAILED=0
DEV=0000:00:03.0
SPR=Icelake-Server,model=143   # family 6 model 0x8F
ivshmem() {   # QEMU's arguments for ivshmem-plain at 00:03.0 backed by file $1 (1 MiB)
  echo "-object memory-backend-file,id=shm,share=on,mem-path=$1,size=1M" \
       "-device ivshmem-plain,memdev=shm,addr=0x3"
}
tool="$here/tests/qemu/disc_table.py"

zero=$work/ivshmem_zero.bin
head -c 1048576 /dev/zero > "$zero"
QEMU_EXTRA=$(ivshmem "$zero") CPU=$SPR SMP=1 boot_case ivshmem_list \
  "qemu-exit\nlist\ntest-discovery-device = $DEV/2\n"
expect_rc 7
expect_console "^package 0: discovery table at pci $DEV BAR2 0x[0-9a-f]+: 0 units, 0 usable$"
expect_console '^package 0: global-invalid: '
bar=$(grep -aoE "^package 0: discovery table at pci $DEV BAR2 0x[0-9a-f]+" "$CONSOLE" |
      grep -oE '0x[0-9a-f]+$')
[ -n "$bar" ] || { fail "boot 1 did not say where BAR 2 of $DEV is"; exit 1; }
cmp -s "$zero" <(head -c 1048576 /dev/zero) || fail "boot 1 wrote to the device's memory"

file=$work/ivshmem.bin
python3 "$tool" make "$file" "$bar" 0x100000
cp "$file" "$file.orig"
ev="uncore_type_6_0/event=0x05,umask=0xcf/,uncore_imc_1/event=0x01/,uncore_type_31_0/event=0x04/"
QEMU_EXTRA=$(ivshmem "$file") CPU=$SPR SMP=1 boot_case ivshmem_run \
  "qemu-exit\ntest-discovery-device = $DEV/2\nevents = $ev\n"
expect_rc 7
expect_console "^package 0: discovery table at pci $DEV BAR2 $bar: 3 units, 3 usable$"
at() { printf '0x%x' $((bar + $1)); }
expect_console "^P0  uncore_type_6_0/event=0x0 imc_0\.0 +mmio $(at 0x10040)=0x40cf05 +0$"
expect_console "^P0  uncore_imc_1/event=0x01/  imc_1\.0 +mmio $(at 0x14040)=0x400001 +0$"
expect_console "^P0  uncore_type_31_0/event=0x type_31_0\.0 +mmio $(at 0x18020)=0x400004 +0$"
same='read the same before and after the kernel: under a hypervisor \(CPUID\.1:ECX\[31\]\)'
expect_console "^package 0 \(CPU 0\): 3 counter\(s\) of discovered units $same they are not \
counting \(memory, not a PMU\): NO-PMU$"
expect_log --verdict NO-PMU --not-simulated --uncore-counts 3 \
  --uncore-count 'uncore_imc_0:uncore_type_6_0/event=0x05,umask=0xcf/=0'
python3 "$tool" check-log "$file.orig" "$bar" "$LOG" || fail "the log did not read the device"
python3 "$tool" compare "$file.orig" "$file" "$bar" ||
  fail "the device's memory differs after the run: a register was not put back"
exit $FAILED
