# SPDX-License-Identifier: BSD-2-Clause-Patent
# Dies from firmware (issue 36 item 1): QEMU with 2 sockets of 2 dies, one core each. Its
# CPUID leaf 1FH reports the die level and OVMF's MP services give each CPU's
# EFI_CPU_PHYSICAL_LOCATION2 (UEFI PI 1.7, GetProcessorInfo with CPU_V2_EXTENDED_TOPOLOGY):
# each cpu record carries its die, 0 and 1 in each package, and the capture's platform
# record says whence ("dies":"location2").
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=4,sockets=2,dies=2,cores=1,threads=1 boot_case dies 'qemu-exit\n'
expect_console 'efipmu .* backend real \| 4 CPUs, 4 enabled'
[ -f "$LOG" ] || fail "no log on the image"
got=$(grep '"rec":"cpu"' "$LOG" | sed -n 's/.*"package":\([0-9]*\),"core":[0-9]*,"thread":[0-9]*,"die":\([0-9]*\),.*/\1.\2/p' | sort | tr '\n' ' ')
[ "$got" = "0.0 0.1 1.0 1.1 " ] || fail "cpu records' package.die: '$got', expected '0.0 0.1 1.0 1.1 '"
grep -q '"scope":"platform".*"dies":"location2"' "$LOG" || fail "no platform record saying dies from Location2"
exit $FAILED
