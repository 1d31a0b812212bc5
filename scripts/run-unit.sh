#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# Runs cmocka unit-test binaries; prints per-binary results and a total line.
# A binary that crashes (sanitizer report, signal) or runs no test counts as one failure.
pass=0; fail=0
[ $# -gt 0 ] || { echo "FAIL no unit-test binaries given"; echo "unit: 0 passed, 1 failed"; exit 1; }
for bin in "$@"; do
  out=$("$bin" 2>&1); rc=$?
  p=$(grep -oE '\[  PASSED  \] [0-9]+' <<<"$out" | grep -oE '[0-9]+$' | tail -1)
  f=$(grep -oE '\[  FAILED  \] [0-9]+' <<<"$out" | grep -oE '[0-9]+$' | tail -1)
  p=${p:-0}; f=${f:-0}
  if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  if [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then f=1; out="ran no test (exit status $rc)"$'\n'"$out"; fi
  pass=$((pass + p)); fail=$((fail + f))
  if [ "$f" -ne 0 ]; then
    echo "FAIL $(basename "$bin"): $p passed, $f failed"; echo "$out" | tail -40
  else
    echo "ok   $(basename "$bin"): $p passed"
  fi
done
echo "unit: $pass passed, $fail failed"
[ $fail -eq 0 ]
