# SPDX-License-Identifier: BSD-2-Clause-Patent
# A fixed output name (efipmu.cfg "output = lab-run.jsonl", as the shipped file suggests) on a
# stick booted again and again: the first boot writes lab-run.jsonl, the next ones
# lab-run-0001.jsonl, lab-run-0002.jsonl; no log is overwritten and no boot fails for it.
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=1 boot_case output_name 'qemu-exit\noutput = lab-run.jsonl\n'
expect_rc 7
expect_console '^log: \\efipmu\\lab-run\.jsonl, counts also in lab-run\.csv$'
mcopy -o -i "$IMG" ::/efipmu/lab-run.jsonl "$work/output_name.first" || fail "no lab-run.jsonl"
for n in 0001 0002; do
  SMP=1 "$here/qemu/boot.sh" "$IMG" "$work/output_name.serial$n" $QEMU_EXTRA
  RC=$?
  "$here/qemu/console-text.sh" "$work/output_name.serial$n" > "$work/output_name.console$n"
  CONSOLE="$work/output_name.console$n"
  expect_rc 7
  expect_console "^log: \\\\efipmu\\\\lab-run-$n\\.jsonl, counts also in lab-run-$n\\.csv$"
  expect_no_console 'log name|no log file'
  mcopy -o -i "$IMG" "::/efipmu/lab-run-$n.jsonl" "$work/output_name.$n" || fail "no lab-run-$n.jsonl"
  python3 "$here/tests/qemu/checklog.py" "$work/output_name.$n" --cpus 1 --verdict NO-PMU ||
    fail "lab-run-$n.jsonl bad"
done
names=$(mdir -b -i "$IMG" ::/efipmu | sed 's|.*/||' | tr 'A-Z' 'a-z' | sort | tr '\n' ' ')
want='lab-run-0001.csv lab-run-0001.jsonl lab-run-0002.csv lab-run-0002.jsonl lab-run.csv lab-run.jsonl '
[ "$names" = "$want" ] || fail "\\efipmu holds '$names', expected '$want'"
mcopy -o -i "$IMG" ::/efipmu/lab-run.jsonl "$work/output_name.again"
cmp -s "$work/output_name.first" "$work/output_name.again" || fail "lab-run.jsonl changed by later boots"
exit $FAILED
