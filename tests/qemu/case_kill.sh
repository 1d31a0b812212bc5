# SPDX-License-Identifier: BSD-2-Clause-Patent
# QEMU killed (SIGKILL) in the middle of a long run, once with each log-sync mode
# (docs/log.md "What a power cut or a hang can lose"): up to its last newline the log on the
# disk image is whole lines that all parse, a prefix of the run: every first-time step
# (repeat 0's core and uncore step, their handoff and ownership records), every repeat the
# console said was measured (its progress line follows a flush), no hole, no step cut short
# but in the group whose flush was in flight.
source "$(dirname "$0")/lib.sh"
FAILED=0
kill_run() {   # NAME CFG-EXTRA
  local name=$1 IMG="$work/$1.img" serial="$work/$1.serial" LOG="$work/$1.jsonl" boot
  printf 'qemu-exit\nbackend = sim\nrepeats = 1000\n%b' "$2" > "$work/$name.cfg"
  "$here/qemu/mkimage.sh" "$IMG" --cfg "$work/$name.cfg" || { fail "$name: no image"; return; }
  rm -f "$serial" "$work/$name.pid" "$LOG"
  SMP=2 TIMEOUT=900 "$here/qemu/boot.sh" "$IMG" "$serial" -pidfile "$work/$name.pid" &
  boot=$!
  # under load from other suites a boot and 300 repeats can take minutes: wait for them
  for _ in $(seq 6000); do
    grep -qa '^\[SIM\] measured 300/1000 repeats' "$serial" 2>/dev/null && break
    kill -0 $boot 2>/dev/null || break
    sleep 0.1
  done
  grep -qa '^\[SIM\] measured 300/1000 repeats' "$serial" ||
    fail "$name: never reached 300 of 1000 repeats"
  kill -KILL "$(cat "$work/$name.pid" 2>/dev/null)" || fail "$name: no QEMU to kill"
  wait $boot 2>/dev/null
  grep -qa 'VERDICT' "$serial" && fail "$name: the run ended before the kill: nothing was cut off"
  mcopy -o -i "$IMG" ::/efipmu/run-0001.jsonl "$LOG" || { fail "$name: no log on the image"; return; }
  python3 - "$LOG" "$name" <<'PY' || fail "$name: the log after the kill is not a whole prefix"
import json, sys
data = open(sys.argv[1], "rb").read()
each = sys.argv[2].endswith("each")
# The flush in flight at the kill may be on the disk in part: EDK2's FAT driver keeps the
# data written since the last flush in its cache and writes its pages and the directory
# entry (the file's length) in its own order, so the length can run ahead of the data
# (zeros) and a line can be cut. The log is whole lines that all parse up to that group;
# what follows is no more than the group, skipped as a reader skips it: with `each` one
# repeat (under 16 KiB here), grouped at most LOG_SYNC_GROUP_BYTES (256 KiB) and the step
# that reached it (under 16 KiB here; run/log_sync.h).
recs, pos = [], 0
while True:
    end = data.find(b"\n", pos)
    if end < 0:
        break
    try:
        recs.append(json.loads(data[pos:end].decode()))
    except ValueError:
        break
    pos = end + 1
tail = data[pos:]
bound = 16384 if each else 256 * 1024 + 16384
assert len(tail) <= bound, "%d bytes after the last whole record: more than a group" % len(tail)
assert recs[0]["rec"] == "header"
assert ("log-sync=each" in recs[0]["options"]) == each, recs[0]["options"]
# Repeat 0's steps are first-time steps: on the disk with what they found and owned.
for rec in ("cpu", "handoff", "ownership", "window", "skew"):
    assert any(r["rec"] == rec for r in recs), "no %s record" % rec
# The count records in the order they were written: per repeat, 4 core events on 2 CPUs
# (the core step), then 3 uncore events on the package (the uncore step).
counts = [r for r in recs if r["rec"] == "count"]
steps = []
for r in counts:
    step = (r["repeat"], r["box"] == "uncore")
    if not steps or steps[-1][0] != step:
        steps.append([step, 0])
    steps[-1][1] += 1
want = [(k // 2, k % 2 == 1) for k in range(len(steps))]
assert [s[0] for s in steps] == want, "steps out of order or missing: %s" % steps[:8]
# Every step whole, but the last one, which the flush in flight may have cut.
assert all(n == (3 if unc else 8) for (_, unc), n in steps[:-1]), "a step cut short"
whole = len(steps) - (steps[-1][1] != (3 if steps[-1][0][1] else 8))
done = whole // 2   # repeats whose two steps are both whole on the disk
assert done >= 300, "the console said 300 repeats were measured, the log holds %d" % done
print("%s: %d whole repeats, %d steps after them, %d records, %d bytes of the flush in flight" %
      (sys.argv[2], done, len(steps) - 2 * done, len(recs), len(tail)))
PY
}
kill_run kill-each 'log-sync = each\n'
kill_run kill-default ''
# a group bound by its bytes alone (and the progress lines): time never says flush
kill_run kill-group 'log-sync = 60000\n'
exit $FAILED
