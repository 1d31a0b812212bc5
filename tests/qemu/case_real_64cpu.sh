# SPDX-License-Identifier: BSD-2-Clause-Patent
# Real size on QEMU (issue 33 item 5): the real backend on 64 vCPUs over 4 sockets, the
# default job. Every CPU is listed and answers, one package leader per socket probes its
# uncore (TCG: registers that do not hold values), the console collapses past 16 CPUs and
# the verdict is an honest NO-PMU; the log's capture makes a profile of its 64 CPUs and the
# job replays on that machine with 0 differences: the profile carries the uncore MSRs the
# probes found not holding a value and the PCI functions the scan found (issue 33 item 3).
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=64,sockets=4,cores=16 TIMEOUT=${TIMEOUT:-240} boot_case real_64cpu 'qemu-exit\n'
expect_rc 7
expect_console 'efipmu .* backend real \| 64 CPUs, 64 enabled'
expect_console '^64 CPUs: lines that agree are shown once per package and core type'
expect_console 'VERDICT: NO-PMU - 64 CPUs, 0 with a core PMU, 12 checks: 4 uncore probes, 8 restore read-backs'
# each leader's probe control and UCLK counter put back, read back as 0 (TCG keeps nothing)
expect_console '^restore checked: 8 registers read back, 0 differ$'
for p in 0 1 2 3; do
  expect_console "^package $p \(CPU $((p * 16))\): uncore registers do not hold values"
done
expect_no_console 'did not answer|did not run|did not finish'
expect_log --cpus 64 --verdict NO-PMU --core-pmu no --not-simulated --backend real \
  --probes-not-held 4
lines=$(grep -c . "$CONSOLE")
[ "$lines" -le 150 ] || fail "$lines console lines for 64 CPUs (at most 150)"
tool="$here/build/efipmu-host"
make -s -C "$here" host >/dev/null || fail "make host failed"
rm -f "$work/real_64cpu.profile"   # profile never writes over a file
"$tool" profile "$LOG" -o "$work/real_64cpu.profile" >/dev/null 2>&1 || fail "no profile of the log"
grep -qx 'cpus 64' "$work/real_64cpu.profile" || fail "the profile is not of 64 CPUs"
out=$("$tool" replay "$LOG" 2>&1)
[[ "$out" == *"on its captured machine (64 CPUs): "*", 0 differences" ]] ||
  fail "replay: $(tail -3 <<<"$out")"
exit $FAILED
