# SPDX-License-Identifier: BSD-2-Clause-Patent
# 4 vCPUs, --backend sim (so the core job runs on every CPU): one StartupAllAPs, both
# rounds (empty, then inst) released by the barrier on every CPU, TSC at arrival at the
# barrier, at enable and at disable logged per CPU, a skew record per round, and no CPU
# missed. No CPU enables before the last one arrived: without the barrier this fails.
source "$(dirname "$0")/lib.sh"
FAILED=0
boot_case barrier 'qemu-exit\nbackend = sim\nsim-profile = sandy-bridge-ep\n'
expect_rc 3
expect_console '^\[SIM\] In step: 4 CPUs, skew [0-9,]+\.[0-9] us at enable, [0-9,]+\.[0-9] us at disable$'
expect_no_console 'Rounds: CPU'
[ -f "$LOG" ] || { fail "no log on the image"; exit 1; }
python3 - "$LOG" ${VERBOSE:+-v} <<'PY' || fail "barrier log check failed"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
skew = [r for r in recs if r["rec"] == "skew"]
win = [r for r in recs if r["rec"] == "window"]
bad = []
if [(r["round"], r["kernel"]) for r in skew] != [(0, "empty"), (1, "inst")]:
    bad.append("skew records: %r" % skew)
for r in skew:
    if r["cpus"] != 4 or r["missed"] or r["missed_count"] or not r["simulated"]:
        bad.append("round %d: %r" % (r["round"], r))
    # the skews are what the windows say
    w = [x for x in win if x["round"] == r["round"]]
    on, off = [x["tsc_on"] for x in w], [x["tsc_off"] for x in w]
    if w and (max(on) - min(on) != r["start_skew_ticks"] or max(off) - min(off) != r["stop_skew_ticks"]):
        bad.append("round %d: skew does not match the windows" % r["round"])
if sorted((r["cpu"], r["round"]) for r in win) != [(c, k) for c in range(4) for k in range(2)]:
    bad.append("window records: %r" % [(r["cpu"], r["round"]) for r in win])
for r in win:
    if not r["in_step"] or not 0 < r["tsc_arrival"] < r["tsc_on"] < r["tsc_off"]:
        bad.append("window %r" % r)
# the barrier: every CPU's enable comes after every CPU's arrival, in each round
for k in range(2):
    w = [x for x in win if x["round"] == k]
    if w and min(x["tsc_on"] for x in w) < max(x["tsc_arrival"] for x in w):
        bad.append("round %d: a CPU enabled (TSC %d) before the last one arrived (TSC %d)" % (
            k, min(x["tsc_on"] for x in w), max(x["tsc_arrival"] for x in w)))
# rounds do not overlap: round 1 opens after every CPU ended round 0
end0 = max([r["tsc_off"] for r in win if r["round"] == 0], default=0)
if win and end0 >= min(r["tsc_on"] for r in win if r["round"] == 1):
    bad.append("round 1 started before round 0 ended everywhere")
for b in bad:
    print("  " + b)
if bad or "-v" in sys.argv:
    for r in skew:
        print("  round %d (%s): %d CPUs, start skew %d, stop skew %d ticks (%d per us)" % (
            r["round"], r["kernel"], r["cpus"], r["start_skew_ticks"], r["stop_skew_ticks"], r["tsc_per_us"]))
sys.exit(1 if bad else 0)
PY
exit $FAILED
