#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# Short fuzzing run for `make test`: every libFuzzer target for FUZZ_SHORT_SECONDS
# (default 10) from its seed corpus, FUZZ_JOBS targets at a time (default: one per core),
# then every input kept in tests/fuzz/regress/<name>/ replayed once. One count per
# fuzzing run and per replayed input.
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
secs=${FUZZ_SHORT_SECONDS:-10}
jobs=${FUZZ_JOBS:-$(nproc)}
pass=0; fail=0
mkdir -p "$BUILD"
if ! make -s -j"$jobs" BUILD="$BUILD" fuzz-bins >"$BUILD/fuzz-build.log" 2>&1; then
  echo "FAIL building the fuzz targets:"; grep -vi 'noclone' "$BUILD/fuzz-build.log" | tail -20
  echo "fuzz: 0 passed, 1 failed"; exit 1
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
targets=()
for src in tests/fuzz/fuzz_*.c; do
  t=$(basename "$src" .c); targets+=("${t#fuzz_}")
done
# Each run is bounded in time, so running them side by side keeps each one's length.
fuzz_one() {   # target: writes $work/<t>.log and $work/<t>.rc
  local t=$1
  mkdir -p "$work/$t"
  "$BUILD/fuzz/fuzz_$t" -max_total_time="$secs" -max_len=4096 \
    -artifact_prefix="$BUILD/fuzz/crash-$t-" "$work/$t" "tests/fuzz/corpus/$t" >"$work/$t.log" 2>&1
  echo $? > "$work/$t.rc"
}
running=0
for t in "${targets[@]}"; do
  fuzz_one "$t" &
  running=$((running + 1))
  if [ $running -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait
for t in "${targets[@]}"; do
  if [ "$(cat "$work/$t.rc" 2>/dev/null)" = 0 ]; then
    pass=$((pass + 1)); echo "ok   fuzz_$t: $(grep -oE 'Done [0-9]+ runs' "$work/$t.log")"
  else
    fail=$((fail + 1)); echo "FAIL fuzz_$t (input kept as $BUILD/fuzz/crash-$t-*):"
    grep -E 'Seed:|property failed|ERROR|SUMMARY|Test unit written|^Base64' "$work/$t.log" | head -10
  fi
done
# Kept inputs: only targets with a folder (tests/fuzz/regress/README.md lists them).
for dir in tests/fuzz/regress/*/; do
  [ -d "$dir" ] || continue
  t=$(basename "$dir"); bin=$BUILD/fuzz/fuzz_$t
  n=0; bad=0
  for input in "$dir"*; do
    [ -f "$input" ] || continue
    n=$((n + 1))
    if [ ! -x "$bin" ]; then
      fail=$((fail + 1)); bad=$((bad + 1)); echo "FAIL fuzz_$t regression $input: no target $bin"
    elif "$bin" "$input" >"$work/replay.log" 2>&1; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1)); bad=$((bad + 1)); echo "FAIL fuzz_$t regression $input:"
      grep -E 'property failed|ERROR|SUMMARY' "$work/replay.log" | head -5
    fi
  done
  if [ $n -eq 0 ]; then
    fail=$((fail + 1)); echo "FAIL fuzz_$t: $dir holds no input"
  elif [ $bad -eq 0 ]; then
    echo "ok   fuzz_$t: $n kept inputs replayed"
  fi
done
echo "fuzz: $pass passed, $fail failed"
[ $fail -eq 0 ]
