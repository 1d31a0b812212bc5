#!/usr/bin/env bash
# Static checks: lib/ stays free of libc and UEFI headers; cppcheck finds nothing.
cd "$(dirname "$0")/.."
pass=0; fail=0
bad=$(grep -nE '^\s*#\s*include\s*<' lib/*.c lib/*.h | grep -vE '<(stdint|stddef|stdbool)\.h>')
if [ -z "$bad" ]; then pass=$((pass + 1)); echo "ok   lib/ includes only stdint/stddef/stdbool"
else fail=$((fail + 1)); echo "FAIL lib/ includes other system headers:"; echo "$bad"; fi
if out=$(cppcheck -q --error-exitcode=1 --enable=warning,portability --std=c11 \
    --suppress=missingIncludeSystem --inline-suppr -Ilib lib efi 2>&1); then
  pass=$((pass + 1)); echo "ok   cppcheck lib/ efi/"
else
  fail=$((fail + 1)); echo "FAIL cppcheck:"; echo "$out" | head -30
fi
echo "static: $pass passed, $fail failed"
[ $fail -eq 0 ]
