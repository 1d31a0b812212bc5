# SPDX-License-Identifier: BSD-2-Clause-Patent
# make run (qemu/run.sh) shows why a run failed: the app's own error line, which comes
# before its banner (SIM=bogus), and QEMU's message when QEMU never started (a misspelt CPU=).
source "$(dirname "$0")/lib.sh"
FAILED=0
out="$work/make_run.out"
EFIPMU_RUN_DIR="$work/make_run" SIM=bogus "$here/qemu/run.sh" > "$out" 2>&1
rc=$?
[ $rc = 1 ] || fail "run.sh SIM=bogus: exit status $rc, expected 1"
grep -qE "^efipmu: .*unknown simulation profile 'bogus'" "$out" || fail "SIM=bogus: the app's error line is not shown"
grep -q '^verdict: ERROR;' "$out" || fail "SIM=bogus: no 'verdict: ERROR'"
grep -q '^BdsDxe' "$out" && fail "SIM=bogus: firmware lines shown as the app's"
EFIPMU_RUN_DIR="$work/make_run" CPU=Sandybridge "$here/qemu/run.sh" > "$out.cpu" 2>&1
rc=$?
[ $rc = 1 ] || fail "run.sh CPU=Sandybridge: exit status $rc, expected 1"
grep -q "^  qemu-system-x86_64: unable to find CPU model 'Sandybridge'$" "$out.cpu" ||
  fail "CPU=Sandybridge: QEMU's message is not shown"
grep -q -- '-cpu help lists the CPU models' "$out.cpu" || fail "CPU=Sandybridge: no hint"
grep -q '^verdict: QEMU exit status 1;' "$out.cpu" || fail "CPU=Sandybridge: verdict line"
exit $FAILED
