#!/usr/bin/env bash
# `make test`: every suite, then one closing line "N passed, N failed".
# Each suite prints its own "<suite>: N passed, N failed" line, which is summed here.
set -uo pipefail
cd "$(dirname "$0")/.."
total_p=0; total_f=0
run_suite() {
  local name=$1; shift
  echo "== $name"
  local out rc
  out=$("$@" 2>&1); rc=$?
  echo "$out"
  local line p f
  line=$(grep -E '^([a-z-]+: )?[0-9]+ passed, [0-9]+ failed' <<<"$out" | tail -1)
  if [ -n "$line" ]; then
    p=$(sed -E "s/^([a-z-]+: )?([0-9]+) passed.*/\2/" <<<"$line")
    f=$(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")
  else
    p=0; f=1
  fi
  # A suite that failed without saying so (build error, crash) counts as a failure,
  # and so does one that checked nothing (its inputs are missing).
  if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  if [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then echo "FAIL $name: no check ran"; f=1; fi
  total_p=$((total_p + p)); total_f=$((total_f + f))
}
run_suite build bash -c 'make -s all && echo "build: 1 passed, 0 failed"'
run_suite unit make -s unit
# Scripts run through bash: a lost exec bit or a missing script is a failed suite, never a skipped one.
run_suite static bash scripts/check-static.sh
run_suite generated bash scripts/check-generated.sh
run_suite valgrind bash tests/valgrind/check-kernels.sh
# Further suites (host tool, fuzzing, ...): scripts/suite-<name>.sh, each ending with its count line.
for s in scripts/suite-*.sh; do
  run_suite "$(basename "$s" .sh | sed 's/^suite-//')" bash "$s"
done
run_suite qemu bash tests/qemu/run-all.sh
echo "$total_p passed, $total_f failed"
[ $total_f -eq 0 ]
