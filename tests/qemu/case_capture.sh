# SPDX-License-Identifier: BSD-2-Clause-Patent
# The capture on the real backend: a 2-socket, 4-vCPU Sandy Bridge-EP guest whose SMBIOS
# QEMU is told to fill (-smbios type=0, type=1, type=2). The log has a machine record per
# CPU with QEMU's CPUID (leaf 0's vendor, leaf 1's signature 06-2d, the APIC ids as its
# topology gives them, leaf 0xA zeros), the PMU MSRs as TCG answers them (0, never a #GP), one
# record per package and the platform's: OVMF's SMBIOS, with the strings given here, and
# the UEFI firmware vendor. `capture = off` in a second boot logs none of it.
source "$(dirname "$0")/lib.sh"
FAILED=0
# (no spaces: lib.sh passes QEMU_EXTRA split into words)
SMBIOS='-smbios type=0,vendor=efipmu-lab,version=LAB-1.2.3,date=11/25/2026'
SMBIOS+=' -smbios type=1,manufacturer=Efipmu-Test-Works,product=Capture-Box,version=rev-A'
SMBIOS+=' -smbios type=2,manufacturer=Efipmu-Boards,product=EB-2S'
QEMU_EXTRA="$SMBIOS" SMP=4,sockets=2,cores=2 CPU=SandyBridge,model=45 \
  boot_case capture 'qemu-exit\n'
expect_rc 7
N='[0-9]+'
line="^capture: 4 CPUs, $N CPUID leaves, $N MSRs \\($N absent\\), $N uncore MSRs; "
expect_console "${line}SMBIOS [23]\\.$N: efipmu-lab LAB-1\\.2\\.3, Efipmu-Test-Works Capture-Box$"
expect_log --cpus 4 --verdict NO-PMU --not-simulated --backend real
python3 - "$LOG" <<'PY' || fail "machine records"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1], encoding="ascii")]
m = [r for r in recs if r["rec"] == "machine"]
cpus = [r for r in m if r["scope"] == "cpu"]
pkgs = [r for r in m if r["scope"] == "package"]
plat = [r for r in m if r["scope"] == "platform"]
err = []
def want(c, msg):
    if not c: err.append(msg)
want([p["leader"] for p in pkgs] == [0, 2], "package leaders")
want(len(cpus) == 4 and len(pkgs) == 2 and len(plat) == 1,
     f"{len(cpus)} cpu, {len(pkgs)} package, {len(plat)} platform records")
want(sorted(c["package"] for c in cpus) == [0, 0, 1, 1], "packages of the CPUs")
# each package's second vCPU logged as its first but for the rows that differ (its APIC ID's)
want([c.get("same_as_cpu") for c in cpus] == [None, 0, None, 2],
     f"compact records {[c.get('same_as_cpu') for c in cpus]}")
by = {}
for c in cpus:
    if "same_as_cpu" in c:
        ref = by[c["same_as_cpu"]]
        rows = {tuple(r[:2]): r for r in ref["cpuid"] + c["cpuid_except"]}
        c["cpuid"] = list(rows.values())
        c["msrs"] = list(dict(ref["msrs"] + c["msrs_except"]).items())
    by[c["cpu"]] = c
for c in cpus:
    leaves = {(int(r[0], 16), int(r[1], 16)): [int(x, 16) for x in r[2:]] for r in c["cpuid"]}
    want(c["cpuid_complete"], f"cpu {c['cpu']}: walk not complete")
    l0, l1 = leaves.get((0, 0)), leaves.get((1, 0))
    want(l0 and l0[1:] == [0x756e6547, 0x6c65746e, 0x49656e69],
         f"cpu {c['cpu']}: leaf 0 not GenuineIntel")
    want(l1 and l1[0] & 0xfff0ff0 == 0x206d0, f"cpu {c['cpu']}: leaf 1 EAX {l1 and hex(l1[0])}")
    want(l1 and l1[1] >> 24 == c["apic_id"], f"cpu {c['cpu']}: leaf 1 APIC id not the firmware's")
    want((0x80000000, 0) in leaves and (4, 0) in leaves and (0xb, 1) in leaves,
         f"cpu {c['cpu']}: leaves 4, 0xb.1, 0x80000000")
    msrs = dict((int(a, 16), b) for a, b in c["msrs"])
    # TCG reads every MSR, even a nonsense number, as 0 and never faults (QEMU 7.2, as
    # measured): the PMU's MSRs are there and zero, none absent; leaf 0xA is all zeros
    pmu = [0x186, 0xc1, 0x4c1, 0x309, 0x38d, 0x38f, 0x345, 0x329, 0x1a6]
    want(all(msrs.get(m) == "0x0" for m in pmu),
         f"cpu {c['cpu']}: PMU MSRs {[msrs.get(m) for m in pmu]}")
    want(leaves.get((0xa, 0)) == [0, 0, 0, 0], f"cpu {c['cpu']}: leaf 0xA")
p = plat[0] if plat else {}
s = p.get("smbios", {})
want(p.get("firmware_vendor") == "EDK II" and p.get("firmware_revision"),
     f"firmware {p.get('firmware_vendor')} {p.get('firmware_revision')}")
b, y, d = s.get("bios", {}), s.get("system", {}), s.get("board", {})
want((b.get("vendor"), b.get("version"), b.get("date")) ==
     ("efipmu-lab", "LAB-1.2.3", "11/25/2026"),
     f"bios {b}")
want((y.get("manufacturer"), y.get("product"), y.get("version")) ==
     ("Efipmu-Test-Works", "Capture-Box", "rev-A"), f"system {y}")
want((d.get("manufacturer"), d.get("product")) == ("Efipmu-Boards", "EB-2S"), f"board {d}")
want(len(s.get("sockets", [])) == 2, f"sockets {s.get('sockets')}")
want(s.get("table_bytes") and len(s.get("table_hex", "")) == 2 * min(s["table_bytes"], 16384),
     "table bytes")
for e in err: print("  " + e)
sys.exit(1 if err else 0)
PY

# The capture made a profile (efipmu-host profile), and the model run on that profile file
# (sim-profile-file, the file on the image): QEMU's machine has no PMU, so NO-PMU, simulated;
# the capture of that model run makes the same profile again.
tool="$here/build/efipmu-host"
make -s -C "$here" host >/dev/null || fail "make host"
rm -f "$work/qemu.profile" "$work/qemu-again.profile"
"$tool" profile "$LOG" -o "$work/qemu.profile" || fail "efipmu-host profile of the capture"
IMG="$work/capture_model.img"
printf 'qemu-exit\nbackend = sim\nsim-profile-file = qemu.profile\n' > "$work/capture_model.cfg"
"$here/qemu/mkimage.sh" "$IMG" --cfg "$work/capture_model.cfg" || fail "mkimage"
mcopy -o -i "$IMG" "$work/qemu.profile" ::/qemu.profile || fail "profile onto the image"
SMP=4,sockets=2,cores=2 "$here/qemu/boot.sh" "$IMG" "$work/capture_model.serial"; RC=$?
"$here/qemu/console-text.sh" "$work/capture_model.serial" > "$work/capture_model.console"
CONSOLE="$work/capture_model.console"; LOG="$work/capture_model.jsonl"; rm -f "$LOG"
f=$(mdir -b -i "$IMG" ::/efipmu 2>/dev/null | grep -i '\.jsonl$' | tail -1)
[ -n "$f" ] && mcopy -o -i "$IMG" "$f" "$LOG"
expect_rc 7
expect_console '^\[SIM\] \(profile qemu\.profile\), not from this machine$'
expect_console '^\[SIM\] VERDICT: NO-PMU - 4 CPUs, 0 with a core PMU'
expect_log --cpus 4 --verdict NO-PMU --simulated
"$tool" profile "$LOG" -o "$work/qemu-again.profile" || fail "profile of the model run's capture"
diff <(grep -v '^#' "$work/qemu.profile") <(grep -v '^#' "$work/qemu-again.profile") \
  > "$work/capture.diff" ||
  { fail "the model run's capture is not the profile it ran"; head -5 "$work/capture.diff"; }

QEMU_EXTRA="$SMBIOS" SMP=2 CPU=SandyBridge,model=45 \
  boot_case capture_off 'qemu-exit\ncapture = off\n'
expect_rc 7
expect_no_console '^capture: '
expect_log --cpus 2 --verdict NO-PMU
grep -q '"rec":"machine"' "$LOG" && fail "capture = off logged machine records"
exit $FAILED
