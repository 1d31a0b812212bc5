#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# Static checks: lib/ stays free of libc and UEFI headers; every source file has its SPDX
# licence line and cites public documents only (scripts/check_sources.py); cppcheck and
# clang-tidy (.clang-tidy says which checks, and why some are off) find nothing in lib/ and efi/.
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
# The model's kernel and CPUID tables are generated (make sim-gen): the checks read lib/ as
# the builds do.
make -s sim-gen >/dev/null || { echo "static: 0 passed, 1 failed"; exit 1; }
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
    --inline-suppr -j "${JOBS:-$(nproc)}" -Ilib lib efi
}
# One file per clang-tidy process, as many at once as there are cores; only findings are shown.
# A file clang-tidy found clean is not analysed again while its preprocessed text (every
# header it includes), its flags, .clang-tidy and the clang-tidy version stay the same:
# the result could not differ. The keys of clean runs are in $TIDY_OK (make clean empties it).
export TIDY_OK=${BUILD:-build}/tidy-ok
tidy_one() {
  local f=$1 flags=(-std=c11 -Ilib) pre key=""
  [[ $f == efi/* ]] && flags=(-std=gnu11 -ffreestanding -fshort-wchar -mgeneral-regs-only
    -DGNU_EFI_USE_MS_ABI -DEFIPMU_EFI -isystem /usr/include/efi -isystem /usr/include/efi/x86_64 -Ilib -Iefi)
  if pre=$(clang -E "${flags[@]}" "$f" 2>/dev/null); then
    key=$({ clang-tidy --version; cat .clang-tidy; echo "$f ${flags[*]}"; echo "$pre"; } | sha256sum)
    key=${key%% *}
    [ -f "$TIDY_OK/$key" ] && { echo "$f" >> "$TIDY_OK/reused"; return 0; }
  fi
  clang-tidy -quiet "$f" -- "${flags[@]}" 2>/dev/null | grep -E -A3 '(warning|error):'
  local rc=${PIPESTATUS[0]}
  [ "$rc" -eq 0 ] && [ -n "$key" ] && echo "$f" > "$TIDY_OK/$key"
  return "$rc"
}
run_clang_tidy() {
  export -f tidy_one
  printf '%s\n' lib/*/*.c efi/*.c | xargs -P "${JOBS:-$(nproc)}" -I{} bash -c 'tidy_one {}'
}
# The UEFI console prints 16-bit text byte by byte: what efipmu says must be ASCII
# (a UTF-8 section sign in a message once broke it).
ascii_strings() {
  python3 - lib/*/*.c lib/*/*.h efi/*.c efi/*.h <<'PY'
import re, sys
bad = 0
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    code = re.sub(r"/\*.*?\*/|//[^\n]*", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    for m in re.finditer(r'"(?:\\.|[^"\\\n])*"', code):
        if any(ord(c) > 0x7e for c in m.group(0)):
            line = code.count("\n", 0, m.start()) + 1
            print(f"{path}:{line}: non-ASCII in a string: {m.group(0)}")
            bad = 1
sys.exit(bad)
PY
}
check "lib/ includes only stdint/stddef/stdbool" lib_includes
check "strings in lib/ efi/ are ASCII" ascii_strings
check "every source file has an SPDX licence line" python3 scripts/check_sources.py spdx
check "citations a clone can follow (public documents)" python3 scripts/check_sources.py citations
check "cppcheck lib/ efi/" run_cppcheck
mkdir -p "$TIDY_OK"; rm -f "$TIDY_OK/reused"
check "clang-tidy lib/ efi/" run_clang_tidy
[ -s "$TIDY_OK/reused" ] &&
  echo "     ($(wc -l < "$TIDY_OK/reused") files as found clean before: unchanged since)"
echo "static: $pass passed, $fail failed"
[ $fail -eq 0 ]
