#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# The rounds protocol (lib/run/rounds.c) on real threads, one per CPU, under ThreadSanitizer
# (mk/tsan.mk; the runtime, libtsan, comes with gcc). A race report stops the binary and
# fails the suite (halt_on_error), whatever its checks said. Last line:
# "tsan: N passed, N failed".
cd "$(dirname "$0")/../.."
pass=0; fail=0
if ! out=$(nice -n 10 make -s -j"${JOBS:-2}" tsan 2>&1); then
  echo "$out" | tail -30
  echo "FAIL the ThreadSanitizer build"
  echo "tsan: 0 passed, 1 failed"
  exit 1
fi
for bin in build/tsan/test_*; do
  [ -x "$bin" ] || continue
  out=$(TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" "$bin" 2>&1); rc=$?
  line=$(grep -E '^tsan: [0-9]+ passed, [0-9]+ failed$' <<<"$out" | tail -1)
  p=$(sed -E 's/^tsan: ([0-9]+) passed.*/\1/' <<<"${line:-tsan: 0 passed, 0 failed}")
  f=$(sed -E 's/.* ([0-9]+) failed$/\1/' <<<"${line:-tsan: 0 passed, 0 failed}")
  if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  if [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  pass=$((pass + p)); fail=$((fail + f))
  grep -vE '^tsan: ' <<<"$out" | grep -E '^(ok|FAIL) ' || true
  if [ "$f" -ne 0 ]; then
    echo "FAIL $(basename "$bin") (exit status $rc)"; grep -vE '^(ok|FAIL) ' <<<"$out" | head -60
  fi
done
echo "tsan: $pass passed, $fail failed"
[ $fail -eq 0 ]
