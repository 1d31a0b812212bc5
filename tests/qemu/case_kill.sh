# SPDX-License-Identifier: BSD-2-Clause-Patent
# QEMU killed (SIGKILL) in the middle of a long run: every record completed before the
# kill is on the disk image and the log still parses (each repeat is flushed before the
# next one runs, and the console's progress line follows the flush).
source "$(dirname "$0")/lib.sh"
FAILED=0
IMG="$work/kill.img"; serial="$work/kill.serial"
printf 'qemu-exit\nbackend = sim\nrepeats = 1000\n' > "$work/kill.cfg"
"$here/qemu/mkimage.sh" "$IMG" --cfg "$work/kill.cfg" || exit 1
rm -f "$serial"
rm -f "$work/kill.pid"
SMP=2 TIMEOUT=300 "$here/qemu/boot.sh" "$IMG" "$serial" -pidfile "$work/kill.pid" &
boot=$!
for _ in $(seq 1200); do
  grep -qa '^\[SIM\] measured 300/1000 repeats' "$serial" 2>/dev/null && break
  sleep 0.1
done
grep -qa '^\[SIM\] measured 300/1000 repeats' "$serial" || fail "the run never reached 300 of 1000 repeats"
kill -KILL "$(cat "$work/kill.pid" 2>/dev/null)" || fail "no QEMU to kill"
wait $boot 2>/dev/null
grep -qa 'VERDICT' "$serial" && fail "the run finished before the kill: nothing was cut off"
LOG="$work/kill.jsonl"
rm -f "$LOG"
mcopy -o -i "$IMG" ::/efipmu/run-0001.jsonl "$LOG" || fail "no log on the image after the kill"
python3 - "$LOG" <<'PY' || fail "log after the kill is incomplete or does not parse"
import json, sys
data = open(sys.argv[1], "rb").read().decode()
lines = data.split("\n")
tail = lines.pop()          # text after the last newline: a record cut by the kill, if any
recs = [json.loads(l) for l in lines]
assert recs[0]["rec"] == "header"
reps = {r["repeat"] for r in recs if r["rec"] == "count"}
# The console said 300 repeats were done: all their records are there, none missing
# (4 core events on 2 CPUs, 3 uncore events on the package).
assert set(range(300)) <= reps, "missing repeats: %s" % sorted(set(range(300)) - reps)
for k in range(300):
    assert sum(1 for r in recs if r["rec"] == "count" and r["repeat"] == k and r["box"] == "core") == 8, k
    assert sum(1 for r in recs if r["rec"] == "count" and r["repeat"] == k and r["box"] == "uncore") == 3, k
print("records after the kill: %d complete, %d bytes of a cut record" % (len(recs), len(tail)))
PY
exit $FAILED
