# SPDX-License-Identifier: BSD-2-Clause-Patent
# --help (here from efipmu.cfg) prints every option, whole, and runs nothing.
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=2 boot_case help 'qemu-exit\nhelp\n'
expect_rc 3
expect_console '^Usage: efipmu \[options\]$'
expect_console '^  -k, --kernels NAME'
expect_console '^  -h, --help +Show this help$'
expect_console "^file.$"
expect_no_console 'VERDICT'
exit $FAILED
