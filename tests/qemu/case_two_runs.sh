# A second run on the same volume writes a new log and leaves the first one as it was.
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=2 boot_case two_runs 'qemu-exit\n'
first=$(mdir -b -i "$IMG" ::/efipmu | grep -ci '\.jsonl$')
mcopy -o -i "$IMG" ::/efipmu/run-0001.jsonl "$work/two_runs.first"
SMP=2 "$here/qemu/boot.sh" "$IMG" "$work/two_runs.serial2"
[ "$first" = 1 ] || fail "after one run: $first logs"
n=$(mdir -b -i "$IMG" ::/efipmu | grep -ci '\.jsonl$')
[ "$n" = 2 ] || fail "after two runs: $n logs, expected 2"
mcopy -o -i "$IMG" ::/efipmu/run-0001.jsonl "$work/two_runs.again"
cmp -s "$work/two_runs.first" "$work/two_runs.again" || fail "run-0001.jsonl changed by the second run"
mcopy -o -i "$IMG" ::/efipmu/run-0002.jsonl "$work/two_runs.second" || fail "no run-0002.jsonl"
python3 "$here/tests/qemu/checklog.py" "$work/two_runs.second" --cpus 2 || fail "second log bad"
exit $FAILED
