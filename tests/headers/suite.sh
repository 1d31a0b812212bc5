#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# Every header under lib/ and efi/ compiles on its own (it includes what it uses):
# lib/ headers as the host build compiles lib/, efi/ headers as the app build does.
cd "$(dirname "$0")/../.."
pass=0; fail=0
one() {  # header, compiler flags...
  local h=$1; shift
  if out=$(printf '#include "%s"\n' "$h" | gcc "$@" -fsyntax-only -x c - 2>&1); then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL $h does not compile on its own:"; echo "$out" | head -5 | sed 's/^/     /'
  fi
}
for h in lib/*/*.h; do
  one "$PWD/$h" -std=c11 -Wall -Wextra -Werror -Ilib
done
for h in efi/*.h; do
  one "$PWD/$h" -std=gnu11 -Wall -Wextra -Werror -ffreestanding -fshort-wchar -mno-red-zone \
    -DGNU_EFI_USE_MS_ABI -DEFIPMU_EFI -I/usr/include/efi -I/usr/include/efi/x86_64 -Ilib -Iefi
done
echo "headers: $pass passed, $fail failed"
[ $fail -eq 0 ]
