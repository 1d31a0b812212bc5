# SPDX-License-Identifier: BSD-2-Clause-Patent
# AMD under QEMU TCG (-cpu EPYC-Rome, EPYC-Milan), real backend: the vendor is detected, the
# counters TCG stubs (every MSR reads 0 and drops writes (QEMU 7.2, as measured)) fail the
# write-back probe, and under the hypervisor bit that is NO-PMU with the reason, never a PASS. No
# Intel MSR is read or written: discovery never reads microcode, MISC_ENABLE or PERF_CAPABILITIES
# on AMD (their *_error keys say "unsupported": not read), the only core counter MSR it
# touches is the probe's PerfCtr0 (0xc0010004, TCG shows no PerfCtrExtCore) and a dry run of
# the whole job records no core write (the uncore job's only, on its leader). Then the model's
# zen4 (PerfMonV2) on an EPYC-Rome vCPU: the default
# job and the selftest through the app's own platform, every register written an AMD one.
# TCG has no AMD uncore: its L3 control reads 0 and drops writes (QEMU 7.2, as measured):
# no uncore counts, NO-PMU too; EPYC-Rome's vCPUs answer no CPUID 0x8000001D (the console says so).
source "$(dirname "$0")/lib.sh"
FAILED=0
amd_cpus() {   # the cpu records: AMD, probed at PerfCtr0, no Intel MSR read
  python3 - "$LOG" "$1" <<'PY' || fail "cpu records"
import json, sys
cpus = [r for r in map(json.loads, open(sys.argv[1])) if r["rec"] == "cpu"]
assert len(cpus) == 2, len(cpus)
for c in cpus:
    assert c["vendor"] == "AuthenticAMD" and c["family"] == sys.argv[2], c
    assert c["hypervisor"] and not c["core_pmu"], c
    assert c["core_pmu_kind"] == "amd-legacy" and c["probe_msr"] == "0xc0010004", c
    assert c["probe_error"] == "register does not hold written value", c
    for k in ("microcode_error", "misc_enable_error", "perf_capabilities_error"):
        assert c[k] == "unsupported", (k, c)
PY
}
why='AMD core PMU: a counter does not hold what is written \(a hypervisor without a virtual PMU\)'

SMP=2 CPU=EPYC-Rome boot_case amd_rome 'qemu-exit\n'
expect_rc 7
expect_console '^0   0    0   0    0   17-31-0 \?          v1  4  0  amd-17h$'
expect_console 'VERDICT: NO-PMU - 2 CPUs, 0 with a core PMU'
expect_console "^         $why$"
expect_console '^package 0 CCX 0 \(CPU 0\): uncore registers do not hold values: no uncore counts$'
l3_why='amd_l3 is counted once per package, on its first CPU.s CCX'
expect_console "^CPUID 0x8000001D does not say which CPUs share an L3: $l3_why$"
expect_no_console '^\[SIM\]'
expect_log --cpus 2 --verdict NO-PMU --core-pmu no --not-simulated --backend real
amd_cpus 0x17

SMP=2 CPU=EPYC-Milan boot_case amd_milan 'qemu-exit\ndry-run\n'
expect_rc 7
expect_console '^0   0    0   0    0   19-01-1 \?          v1  4  0  amd-19h$'
# the core job writes nothing (no counter holds); the uncore job's, on its leader, recorded:
# TCG reads the L3 and DF controls as 0 and the dry run's overlay holds what is written
expect_console '^CPU 0: 18 MSR writes, none made$'
expect_console '^CPU 1: 0 MSR writes, none made$'
expect_console "^         $why$"
expect_log --cpus 2 --verdict NO-PMU --core-pmu no --not-simulated
amd_cpus 0x19

SMP=2 CPU=EPYC-Rome boot_case amd_sim_zen4 'qemu-exit\nbackend = sim\nsim-profile = zen4\n'
expect_rc 3
expect_console '^\[SIM\] CPU 0 inst: 10,018 instructions, 10,018 expected, overhead 2: PASS$'
expect_console '^\[SIM\] 0   instructions              pmc3      0xc0010206=0x4300c0 10,020$'
expect_console \
  '^\[SIM\] VERDICT: PASS - 2 CPUs, 56 checks: 2 instructions, 2 branches, 3 uncore probes, 49 restore read-backs$'
expect_console '^\[SIM\] restore checked: 49 registers read back, 0 differ$'
# and the uncore: the L3 of the one CCX, the DF, UMC 3's reads, writes and clock
expect_console '^\[SIM\] P0\.X0 l3_lookup_state\.all +amd_l3\.0 '
expect_log --cpus 2 --verdict PASS --core-pmu yes --simulated --counts 13 --checks-pass 4 \
  --uncore-counts 5
python3 - "$LOG" <<'PY' || fail "zen4: registers owned and counted"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
own = [reg for r in recs if r["rec"] == "ownership" for reg in r["registers"]]
assert own and all(int(x["reg"][4:], 16) >= 0xC0000000 for x in own), own
assert any(x["reg"] == "msr 0xc0000301" for x in own), "PerfCntrGlobalCtl not owned"
wins = [r for r in recs if r["rec"] == "window"]
assert wins and all(w["gate"] == "global" and w["gate_writes"] == 1 for w in wins), wins
assert all(int(r["ctl"][4:], 16) >= 0xC0010200 for r in recs if r["rec"] == "count")
PY

SMP=2 CPU=EPYC-Rome boot_case amd_sim_zen2_selftest 'qemu-exit\nbackend = sim\nsim-profile = zen2\nselftest\n'
expect_rc 3
expect_console '^\[SIM\] cpu 0   msr PERF_CTL        PASS  exist and hold their writable bits$'
expect_console '^\[SIM\] cpu 1   enable global       SKIP  no global control: each counter.s EN$'
expect_console '^\[SIM\] cpu 1   kernel branch       PASS'
expect_console '^\[SIM\] VERDICT: PASS'
expect_log --verdict PASS --simulated
exit $FAILED
