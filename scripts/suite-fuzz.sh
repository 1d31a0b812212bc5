#!/usr/bin/env bash
# Short fuzzing run for `make test`: every libFuzzer target for FUZZ_SHORT_SECONDS
# (default 10) from its seed corpus, then every kept crash input in
# tests/fuzz/regress/<name>/ replayed once. One count per run and per input.
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
secs=${FUZZ_SHORT_SECONDS:-10}
pass=0; fail=0
mkdir -p "$BUILD"
if ! make -s BUILD="$BUILD" fuzz-bins >"$BUILD/fuzz-build.log" 2>&1; then
  echo "FAIL building the fuzz targets:"; grep -vi 'noclone' "$BUILD/fuzz-build.log" | tail -20
  echo "fuzz: 0 passed, 1 failed"; exit 1
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
for src in tests/fuzz/fuzz_*.c; do
  t=$(basename "$src" .c); t=${t#fuzz_}
  bin=$BUILD/fuzz/fuzz_$t
  mkdir -p "$work/$t"
  if "$bin" -max_total_time="$secs" -max_len=4096 -artifact_prefix="$BUILD/fuzz/crash-$t-" \
      "$work/$t" "tests/fuzz/corpus/$t" >"$work/$t.log" 2>&1; then
    pass=$((pass + 1)); echo "ok   fuzz_$t: $(grep -oE 'Done [0-9]+ runs' "$work/$t.log")"
  else
    fail=$((fail + 1)); echo "FAIL fuzz_$t (input kept as $BUILD/fuzz/crash-$t-*):"
    grep -E 'Seed:|property failed|ERROR|SUMMARY|Test unit written|^Base64' "$work/$t.log" | head -10
  fi
  for input in tests/fuzz/regress/"$t"/*; do
    [ -f "$input" ] || continue
    if "$bin" "$input" >"$work/replay.log" 2>&1; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1)); echo "FAIL fuzz_$t regression $input:"
      grep -E 'property failed|ERROR|SUMMARY' "$work/replay.log" | head -5
    fi
  done
done
echo "fuzz: $pass passed, $fail failed"
[ $fail -eq 0 ]
