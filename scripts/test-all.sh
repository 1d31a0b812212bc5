#!/usr/bin/env bash
# `make test`: every suite, then one closing line "N passed, N failed".
# Each suite prints its own "<suite>: N passed, N failed" line, which is summed here.
# The QEMU boots need only the app: they run beside the host suites once it is built
# (QEMU_JOBS cases at a time), and their report comes before the fuzzing's. JOBS
# (default: one per core) is what each build and parallel step uses.
set -uo pipefail
cd "$(dirname "$0")/.."
export JOBS=${JOBS:-$(nproc)}
total_p=0; total_f=0
t_start=$(date +%s)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# count NAME OUTPUT RC SECONDS: prints a suite's output and adds its count line.
count() {
  local name=$1 out=$2 rc=$3 secs=$4 line p f
  echo "== $name ($secs s)"
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
}
run_suite() {
  local name=$1 out rc t0; shift
  t0=$(date +%s)
  out=$("$@" 2>&1); rc=$?
  count "$name" "$out" $rc $(( $(date +%s) - t0 ))
}
# start_suite NAME CMD...: runs in the background; end_suite NAME waits and counts it.
start_suite() {
  local name=$1; shift
  date +%s > "$tmp/$name.t0"
  ( "$@" > "$tmp/$name.out" 2>&1; echo $? > "$tmp/$name.rc" ) &
  echo $! > "$tmp/$name.pid"
}
end_suite() {
  local name=$1
  wait "$(cat "$tmp/$name.pid")"
  count "$name" "$(cat "$tmp/$name.out")" "$(cat "$tmp/$name.rc" 2>/dev/null || echo 1)" \
    $(( $(date +%s) - $(cat "$tmp/$name.t0") ))
}
run_suite build bash -c 'make -s -j"$JOBS" all && echo "build: 1 passed, 0 failed"'
# Scripts run through bash: a lost exec bit or a missing script is a failed suite, never a skipped one.
# The QEMU cases wait on timeouts (firmware's, the app's, boot.sh's), so they keep the CPU
# first: the host suites beside them run at a lower priority (nice), in the gaps.
start_suite qemu bash tests/qemu/run-all.sh
low() { nice -n 10 "$@"; }
run_suite unit low make -s -j"$JOBS" unit
run_suite static low bash scripts/check-static.sh
run_suite generated low bash scripts/check-generated.sh
run_suite valgrind low bash tests/valgrind/check-kernels.sh
# Further suites (host tool, fuzzing, ...): scripts/suite-<name>.sh, each ending with its count line.
# Fuzzing runs for a fixed time, so it waits for the boots to end and gets the whole machine
# (its targets are built beside the boots).
low make -s -j"$JOBS" fuzz-bins >/dev/null 2>&1
for s in scripts/suite-*.sh; do
  [ "$s" = scripts/suite-fuzz.sh ] || run_suite "$(basename "$s" .sh | sed 's/^suite-//')" low bash "$s"
done
end_suite qemu
run_suite fuzz bash scripts/suite-fuzz.sh
echo "== all suites took $(( $(date +%s) - t_start )) s"
echo "$total_p passed, $total_f failed"
[ $total_f -eq 0 ]
