# SPDX-License-Identifier: BSD-2-Clause-Patent
# The memory kernels' buffer: sized from CPUID leaf 4 (QEMU's models report a 16 MiB L3,
# so 32 MiB), and refused with a clear line, never a crash, when the machine is too small.
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=2 boot_case buffers 'qemu-exit\nbackend = sim\nsim-profile = nehalem-ep\nkernels = chase\n'
expect_rc 3
expect_console '^\[SIM\] Buffer for chase: 32 MiB at 0x[0-9a-f]+, shared by every CPU'
expect_console '^\[SIM\]   twice the last-level cache: L3, 16 MiB \(CPUID leaf 4\)$'
expect_console '^\[SIM\] CPU 1 chase: .* instructions, .* expected, overhead .*: PASS$'
expect_log --verdict PASS --simulated
grep -q '"rec":"buffer".*"bytes":33554432.*"llc_bytes":16777216' "$LOG" || fail "no buffer record"

QEMU_EXTRA="-m 64" SMP=1 boot_case buffers_small 'qemu-exit\nkernels = stream\n'
expect_rc 9
expect_console "^efipmu: kernel 'stream' needs a 32 MiB buffer \(2 x the 16 MiB last-level cache\)"
expect_console 'and firmware cannot give it \(out of memory\): not run'
expect_no_console 'VERDICT'
exit $FAILED
