#!/usr/bin/env bash
# Static checks: lib/ stays free of libc and UEFI headers; cppcheck and clang-tidy
# (.clang-tidy says which checks, and why some are off) find nothing in lib/ and efi/.
cd "$(dirname "$0")/.."
pass=0; fail=0
check() {   # name, then a command whose output is the findings
  local name=$1 out; shift
  if out=$("$@" 2>&1); then
    pass=$((pass + 1)); echo "ok   $name"
  else
    fail=$((fail + 1)); echo "FAIL $name:"; echo "$out" | head -40
  fi
}
lib_includes() {
  local files=(lib/*/*.c lib/*/*.h) incs
  [ -f "${files[0]}" ] || { echo "no lib/*/*.c to check"; return 1; }
  incs=$(grep -nE '^\s*#\s*include\s*<' "${files[@]}")
  [ $? -le 1 ] || return 1   # grep could not read a file
  [ -z "$incs" ] || ! grep -vE '<(stdint|stddef|stdbool)\.h>' <<<"$incs"
}
# cppcheck takes kernel_fn (a function pointer typedef) returned through another typedef for an integer.
run_cppcheck() {
  cppcheck -q --error-exitcode=1 --enable=warning,portability --std=c11 \
    --suppress=missingIncludeSystem --suppress=CastIntegerToAddressAtReturn:lib/check/selftest.c \
    --inline-suppr -Ilib lib efi
}
# One file per clang-tidy process, as many at once as there are cores; only findings are shown.
tidy_one() {
  local f=$1 flags=(-std=c11 -Ilib)
  [[ $f == efi/* ]] && flags=(-std=gnu11 -ffreestanding -fshort-wchar -mgeneral-regs-only
    -DGNU_EFI_USE_MS_ABI -DEFIPMU_EFI -isystem /usr/include/efi -isystem /usr/include/efi/x86_64 -Ilib -Iefi)
  clang-tidy -quiet "$f" -- "${flags[@]}" 2>/dev/null | grep -E -A3 '(warning|error):'
  return "${PIPESTATUS[0]}"
}
run_clang_tidy() {
  export -f tidy_one
  printf '%s\n' lib/*/*.c efi/*.c | xargs -P "$(nproc)" -I{} bash -c 'tidy_one {}'
}
check "lib/ includes only stdint/stddef/stdbool" lib_includes
check "cppcheck lib/ efi/" run_cppcheck
check "clang-tidy lib/ efi/" run_clang_tidy
echo "static: $pass passed, $fail failed"
[ $fail -eq 0 ]
