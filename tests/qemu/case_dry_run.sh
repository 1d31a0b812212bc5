# SPDX-License-Identifier: BSD-2-Clause-Patent
# --dry-run: the whole job runs through the recording overlay; every MSR write is printed in
# order per CPU with the value it replaces and its decoded fields, and logged; none is made.
# CPU 0 leads the package: it also makes the uncore writes; CPUs 1 and 2 make the same core writes.
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=3 boot_case dry_run 'qemu-exit\nbackend = sim\nsim-profile = sandy-bridge-ep\ndry-run\n'
expect_rc 3
expect_console '^\[SIM\] DRY RUN: MSR writes are recorded, not made \(backend dry-run over sim\)$'
# the package leader's count includes the iMC clocks' PCI configuration writes (default job)
expect_console '^\[SIM\] CPU 0: [0-9]+ MSR writes, none made \([0-9]+ of them PCI configuration or MMIO\)$'
expect_console '^\[SIM\] CPU 0: wrmsr 0x186 <- 0x4300c4  \(was 0x0\)$'
expect_console '^\[SIM\]         event=0xc4 usr=1 os=1 en=1$'
# The profile's firmware state (running) left GLOBAL_CTRL = 0x70000000F with FIXED_CTR1 counting;
# ours are PMC0-1, FIXED_CTR0 and FIXED_CTR2 (0x500000003): stopped keeps firmware's 0x20000000C.
expect_console '^\[SIM\] CPU 0: wrmsr 0x38f <- 0x20000000c  \(was 0x70000000f\)$'
expect_console '^\[SIM\] CPU 0: wrmsr 0x38d <- 0x333  \(was 0x30\)$'
expect_console '^\[SIM\] CPU 0: wrmsr 0xd04 <- 0x10100  \(was 0x0\)$'
expect_console '^\[SIM\]         frz=1 frz_en=1$'
expect_console '^\[SIM\] CPU 1: [0-9]+ MSR writes, none made$'
expect_console '^\[SIM\] CPU 2: [0-9]+ MSR writes, none made: the same as CPU 1$'
expect_console '^\[SIM\] VERDICT: PASS'
expect_log --verdict PASS --simulated
python3 - "$LOG" <<'PY' || fail "dry_write records"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
w = {0: [], 1: [], 2: []}
for r in recs:
    if r["rec"] == "dry_write":
        w[r["cpu"]].append(r)
for c in w:
    assert w[c] and [r["seq"] for r in w[c]] == list(range(len(w[c]))), "seq not 0..n-1"
core = lambda c: [(r["reg"], r["value"]) for r in w[c]]
assert core(1) == core(2)
# an uncore register: an MSR from 0xC00, or a PCI dword ("pci 0000:7f:10.4+0xf0": the iMC clocks)
unc = lambda r: not r["reg"].startswith("msr ") or int(r["reg"][4:], 16) >= 0xC00
assert any(unc(r) for r in w[0]), "no uncore write on the package leader"
assert not any(unc(r) for r in w[1]), "uncore write on CPU 1"
sel = [r for r in w[0] if r["reg"] == "msr 0x186" and r["value"] == "0x4300c4"]
assert sel and sel[0]["register"] == "IA32_PERFEVTSEL" and sel[0]["fields"]["en"] == 1
dry = [r for r in recs if r["rec"] == "dry_run"]
assert dry and dry[0]["backend"] == "dry-run over sim" and dry[0]["complete"] is True
PY
exit $FAILED
