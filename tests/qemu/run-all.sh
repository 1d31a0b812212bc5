#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# Runs every tests/qemu/case_*.sh (or the cases named: run-all.sh stall usb), QEMU_JOBS at
# a time (default: one per core); each prints its name and ok/FAIL as it ends, then
# "qemu: N passed, N failed". The cases share nothing but the app: each writes only
# $work/<its boot names>.*, and qemu/boot.sh and mkimage.sh keep their scratch in mktemp.
# The longest start first (their times in the last run, $work/case-times; before any
# run, the order below), so the slowest is not the one left running alone at the end.
here=$(cd "$(dirname "$0")" && pwd)
work="${QEMU_WORK:-$(cd "$here/../.." && pwd)/build/qemu-tests}"
jobs=${QEMU_JOBS:-$(nproc)}
mkdir -p "$work"
times=$work/case-times
slow_first="case_bad_input case_stall case_amd_real case_later_intel case_real_4cpu case_uncore_sim case_icount case_list_decode case_output_name case_fault"

cases=()
if [ $# -gt 0 ]; then
  for n in "$@"; do cases+=("$here/case_${n#case_}"); cases[-1]=${cases[-1]%.sh}.sh; done
else
  cases=("$here"/case_*.sh)
fi
# Longest first: seconds from the last run, else the built-in order, else 0.
mapfile -t order < <(for c in "${cases[@]}"; do
  name=$(basename "$c" .sh)
  s=$(awk -v n="$name" '$2 == n { s = $1 } END { print s + 0 }' "$times" 2>/dev/null)
  [ -s "$times" ] || { s=0; i=1000; for f in $slow_first; do [ "$f" = "$name" ] && s=$i; i=$((i - 1)); done; }
  echo "$s $c"
done | sort -k1,1nr -k2 | cut -d' ' -f2-)

out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
declare -A pid_case start
pass=0; fail=0; new_times=""
finish() {   # pid: report the case it ran
  local c=${pid_case[$1]} rc name secs
  name=$(basename "$c" .sh)
  rc=$(cat "$out/$name.rc" 2>/dev/null || echo 1)
  secs=$(( $(date +%s) - ${start[$name]} ))
  new_times+="$secs $name"$'\n'
  if [ "$rc" = 0 ]; then
    pass=$((pass + 1)); echo "ok   $name ($secs s)"
  else
    fail=$((fail + 1)); echo "FAIL $name ($secs s)"; tail -30 "$out/$name.log" | sed 's/^/     /'
  fi
}
running=0
for c in "${order[@]}"; do
  name=$(basename "$c" .sh)
  start[$name]=$(date +%s)
  ( bash "$c" >"$out/$name.log" 2>&1; echo $? >"$out/$name.rc" ) &
  pid_case[$!]=$c
  running=$((running + 1))
  if [ $running -ge "$jobs" ]; then
    wait -n -p done_pid; finish "$done_pid"; running=$((running - 1))
  fi
done
while [ $running -gt 0 ]; do
  wait -n -p done_pid; finish "$done_pid"; running=$((running - 1))
done
# A full run's times order the next one.
[ $# -eq 0 ] && printf '%s' "$new_times" > "$times"
echo "qemu: $pass passed, $fail failed"
[ $fail -eq 0 ]
