# SPDX-License-Identifier: BSD-2-Clause-Patent
# QEMU -icount on one vCPU: the TSC advances 2^N per instruction, so the kernels'
# instruction claims (every kernel but empty, at two counts; the memory kernels on
# their real buffers) are checked by a counter that is not the code predicting them.
# The empty window must equal the instructions counted in the disassembly of
# efipmu_gated_empty, 2 of them between the two writes. VERBOSE=1 prints both.
source "$(dirname "$0")/lib.sh"
FAILED=0
so=${EFIPMU_EFI:-$here/build/efipmu.efi}
so=${so%.efi}.so
[ -f "$so" ] || { echo "  no $so to disassemble"; exit 1; }

# Instructions from the window's first rdtsc up to its second, counted in the binary
# (tools/bench/gated_window.py: before, between and after the two wrmsr).
# It also proves every kernel's window is its body + the same instructions (exit 1 if not).
counts=$(python3 "$here/tools/bench/gated_window.py" "$so") ||
  { echo "  gated_window.py: $counts"; exit 1; }
read -r before inside after <<<"$counts"
window=$((before + inside + after))
[ -n "$window" ] || { echo "  cannot count the window in $so"; exit 1; }
[ "$inside" = 2 ] || { echo "  $inside instructions between the writes besides the kernel"; exit 1; }

for N in 5 7; do
  ICOUNT=$N TIMEOUT=120 boot_case icount_$N 'qemu-exit\nicount-check\n'
  expect_rc 3
  expect_console "icount: 2\\^$N ticks per instruction; empty window $window instructions"
  # the gate and the naive path's 4 PERFEVTSELx, rewritten with their own values, read back
  expect_console '^restore checked: 5 registers read back, 0 differ$'
  expect_no_console ': FAIL'
  [ -f "$LOG" ] || { fail "no log on the image"; continue; }
  python3 - "$LOG" "$N" "$window" ${VERBOSE:+-v} <<'EOF' || fail "icount log check failed (shift $N)"
import json, sys
log, shift, window = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
recs = [json.loads(l) for l in open(log) if l.strip()]
w = [r for r in recs if r["rec"] == "icount_window"]
checks = [r for r in recs if r["rec"] == "icount"]
bad = []
if len(w) != 1 or w[0].get("shift") != shift or not w[0]["repeatable"]:
    bad.append("icount_window: %r" % w)
elif w[0]["empty_instructions"] != window or w[0]["empty_ticks"] != window << shift:
    bad.append("empty window %d instructions, disassembly says %d" % (w[0]["empty_instructions"], window))
kernels = {(r["kernel"], r["iterations"]) for r in checks}
for k in ("inst", "branch", "stream", "chase", "idle", "uncore"):
    if len({n for (kk, n) in kernels if kk == k}) < 2:
        bad.append("%s not checked at two counts" % k)
for r in checks:
    # independent of the app's own verdict: the TSC difference itself
    if r["ticks"] - r["empty_ticks"] != r["expected"] << shift or r["result"] != "PASS":
        bad.append("%s n=%d: %d ticks - %d != %d << %d" % (r["kernel"], r["iterations"], r["ticks"],
                   r["empty_ticks"], r["expected"], shift))
for b in bad:
    print("  " + b)
if bad or "-v" in sys.argv:
    print("  shift %d: empty window %s instructions, disassembly %d; %d kernel checks"
          % (shift, w[0].get("empty_instructions") if w else "?", window, len(checks)))
sys.exit(1 if bad else 0)
EOF
done

# A CPU whose CPUID names no cache (max basic leaf 1: no leaf 2 or 4): the memory kernels
# cannot be given their buffer, so each is a logged SKIP with its reason and the verdict
# comes from the claims that ran.
CPU="SandyBridge,model=45,level=1" ICOUNT=5 TIMEOUT=120 boot_case icount_nocache 'qemu-exit\nicount-check\n'
expect_rc 3
expect_console '^icount: stream +SKIP'
expect_console '^7 of 7 instruction claims hold under -icount \(3 kernels could not run here: SKIP\)$'
expect_console '^VERDICT: PASS - 1 CPU, 12 checks: 7 icount claims, 5 restore read-backs$'
if [ -f "$LOG" ]; then
  python3 - "$LOG" <<'EOF' || fail "icount log check failed (no cache)"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
skips = {r["kernel"]: r["reason"] for r in recs if r["rec"] == "icount" and r["result"] == "SKIP"}
assert set(skips) == {"stream", "chase", "uncore"}, skips
assert all("name no cache" in why for why in skips.values()), skips
ran = {r["kernel"] for r in recs if r["rec"] == "icount" and r["result"] == "PASS"}
assert ran == {"inst", "branch", "idle"}, ran
v = [r for r in recs if r["rec"] == "verdict"]
assert v and v[0]["checks"] == 12, v
assert v[0]["checks_by_kind"] == {"icount claims": 7, "restore read-backs": 5}, v
s = [r for r in recs if r["rec"] == "icount_summary"]
assert s and s[0]["skipped_kernels"] == 3, s
EOF
else
  fail "no log on the image (no cache)"
fi
exit $FAILED
