#!/usr/bin/env bash
# Runs every tests/qemu/case_*.sh; each prints its name and ok/FAIL.
here=$(cd "$(dirname "$0")" && pwd)
pass=0; fail=0
for c in "$here"/case_*.sh; do
  name=$(basename "$c" .sh)
  start=$(date +%s)
  if out=$(bash "$c" 2>&1); then
    pass=$((pass + 1)); echo "ok   $name ($(( $(date +%s) - start )) s)"
  else
    fail=$((fail + 1)); echo "FAIL $name"; echo "$out" | tail -30 | sed 's/^/     /'
  fi
done
echo "qemu: $pass passed, $fail failed"
[ $fail -eq 0 ]
