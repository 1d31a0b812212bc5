#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# `make test`: every suite, then one closing line "N passed, N failed".
# Each suite prints its own "<suite>: N passed, N failed" line, which is summed here.
# The QEMU boots need only the app: they run beside the host suites once it is built
# (QEMU_JOBS cases at a time); suites run side by side report in a fixed order. JOBS
# (default: one per core) is what each build and parallel step uses.
set -uo pipefail
cd "$(dirname "$0")/.."
export JOBS=${JOBS:-$(nproc)}
total_p=0; total_f=0; times=(); cpus=(); total_cpu=0
t_start=$(date +%s)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# count NAME OUTPUT RC SECONDS CPU: prints a suite's output and adds its count line.
count() {
  local name=$1 out=$2 rc=$3 secs=$4 cpu=$5 line p f
  echo "== $name ($secs s, $cpu s of CPU)"
  echo "$out"
  line=$(grep -E '^([a-z-]+: )?[0-9]+ passed, [0-9]+ failed' <<<"$out" | tail -1)
  if [ -n "$line" ]; then
    p=$(sed -E "s/^([a-z-]+: )?([0-9]+) passed.*/\2/" <<<"$line")
    f=$(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")
  else
    p=0; f=1
  fi
  # A suite that failed without saying so (build error, crash) counts as a failure,
  # and so does one that checked nothing (its inputs are missing).
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  if [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then echo "FAIL $name: no check ran"; f=1; fi
  total_p=$((total_p + p)); total_f=$((total_f + f))
  times+=("$name $secs s"); cpus+=("$name $cpu s")
  [ "$cpu" = '?' ] || total_cpu=$((total_cpu + cpu))
}
# timed NAME OUT CMD...: runs CMD, its output in OUT, its user and system CPU (its children's
# too) kept as NAME's.
timed() {
  local name=$1 out=$2 TIMEFORMAT='%U %S'; shift 2
  { time "$@" > "$out" 2>&1; } 2> "$tmp/$name.cpu"
}
cpu_of() { local c; c=$(awk '{ printf "%.0f", $1 + $2 }' "$tmp/$1.cpu" 2>/dev/null); echo "${c:-?}"; }
run_suite() {
  local name=$1 out rc t0; shift
  t0=$(date +%s)
  timed "$name" "$tmp/$name.out" "$@"; rc=$?; out=$(cat "$tmp/$name.out")
  count "$name" "$out" $rc $(( $(date +%s) - t0 )) "$(cpu_of "$name")"
}
# run_to NAME CMD...: runs a suite and keeps its output, status and seconds; report NAME
# (once whatever ran it has ended) counts it, so suites run side by side report in order.
run_to() {
  local name=$1 t0; shift
  t0=$(date +%s)
  timed "$name" "$tmp/$name.out" "$@"; echo $? > "$tmp/$name.rc"
  echo $(( $(date +%s) - t0 )) > "$tmp/$name.secs"
}
report() {
  local name=$1
  count "$name" "$(cat "$tmp/$name.out" 2>/dev/null)" "$(cat "$tmp/$name.rc" 2>/dev/null || echo 1)" \
    "$(cat "$tmp/$name.secs" 2>/dev/null || echo '?')" "$(cpu_of "$name")"
}
# Everything is CPU-bound on a small machine, so no core may stay idle: the app's build, then
# the QEMU boots keep the CPU first; the host suites run beside them from the start at the
# lowest priority (nice 19), in two lanes so that both cores stay busy once the boots are
# done; fuzzing (bounded in time) starts when the boots end and, at normal priority, takes
# what it needs, the host suites' rest filling a core it leaves idle.
# Scripts run through bash: a lost exec bit or a missing script is a failed suite, never a skipped one.
low() { nice -n 19 "$@"; }
( timed fuzz-build /dev/null low make -s -j"$JOBS" fuzz-bins ) & fuzz_bins=$!
# Further suites (host tool, fuzzing, ...): tests/<name>/suite.sh, beside their tests, each
# ending with its count line.
host_suites=(unit static generated valgrind)
for s in tests/*/suite.sh; do
  s=${s#tests/}; s=${s%/suite.sh}
  [ "$s" = fuzz ] || [ "$s" = mutants ] || host_suites+=("$s")
done
# The mutants last: the suites before them ran their tests on the unmutated sources.
host_suites+=(mutants)
# passed NAME...: each of these suites has run and passed.
passed() { local n; for n; do [ "$(cat "$tmp/$n.rc" 2>/dev/null)" = 0 ] || return 1; done; }
host_suite() {
  case $1 in
    unit) run_to unit low make -s -j"$JOBS" unit ;;
    static) run_to static low bash scripts/check-static.sh ;;
    generated) run_to generated low bash scripts/check-generated.sh ;;
    valgrind) run_to valgrind low bash tests/valgrind/check-kernels.sh ;;
    # their tests and checks passed on these sources: the mutants need not run them unmutated
    mutants) if passed unit generated host store tsan; then
               run_to mutants low env MUTANTS_BASELINE=suites bash tests/mutants/suite.sh
             else run_to mutants low bash tests/mutants/suite.sh; fi ;;
    *) run_to "$1" low bash "tests/$1/suite.sh" ;;
  esac
}
# Lane 1: clang-tidy (most of the host CPU, JOBS files at a time); lane 2: the rest in order
# (mutants and the host tool reuse the unit tests' objects, perfenc the host tool).
( host_suite static ) & lane1=$!
( for s in "${host_suites[@]}"; do [ "$s" = static ] || host_suite "$s"; done ) & lane2=$!
# The host tool with the app: QEMU cases replay their logs with it while the host suites run,
# and a tool relinked under a running case fails it ("Text file busy").
run_suite build bash -c 'make -s -j"$JOBS" all host && echo "build: 1 passed, 0 failed"'
( run_to qemu bash tests/qemu/run-all.sh ) & qemu_pid=$!
wait $qemu_pid; wait $fuzz_bins
( run_to fuzz bash tests/fuzz/suite.sh ) & fuzz_pid=$!
wait $lane1 $lane2 $fuzz_pid
for s in "${host_suites[@]}" qemu fuzz; do report "$s"; done
cpus+=("fuzz's build $(cpu_of fuzz-build) s"); total_cpu=$((total_cpu + $(cpu_of fuzz-build)))
# Each suite's own wall time (suites run side by side, so they add up to more than the whole).
echo "== time per suite: $(IFS=,; echo "${times[*]}" | sed 's/,/, /g')"
# The CPU each took (user and system, its children's too): their sum over the cores is the
# least time make test could take here, however the suites were laid out.
echo "== CPU per suite: $(IFS=,; echo "${cpus[*]}" | sed 's/,/, /g')"
echo "== all suites took $(( $(date +%s) - t_start )) s; $total_cpu s of CPU, $(( total_cpu / JOBS )) s on each of $JOBS cores at best"
echo "$total_p passed, $total_f failed"
[ $total_f -eq 0 ]
