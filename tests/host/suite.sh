#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# The host tool (tools/host/) on the sample logs in tests/host/: each case's stdout,
# stderr and exit status must equal tests/host/expected/<case>.txt. UPDATE=1 rewrites them.
# The CSV output is also read back with Python's csv module, an independent parser.
# Last line: "host: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
tool=$build/efipmu-host-san   # the shipped tool's sources with ASan + UBSan
dir=tests/host
passed=0; failed=0

if ! make -s BUILD="$build" host host-san mklog >/dev/null; then
  echo "  make host failed"
  echo "host: 0 passed, 1 failed"
  exit 1
fi

# run_case NAME ARGS...: the tool's stdout, stderr and exit status against the expected text.
run_case() {
  local name=$1; shift
  local out err rc got
  out=$(mktemp); err=$(mktemp)
  "$tool" "$@" >"$out" 2>"$err"; rc=$?
  got=$(cat "$out"; [ -s "$err" ] && { echo "--- stderr"; cat "$err"; }; echo "--- exit $rc")
  rm -f "$out" "$err"
  if [ "${UPDATE:-0}" = 1 ]; then
    printf '%s\n' "$got" > "$dir/expected/$name.txt"
  fi
  if [ "$got" == "$(cat "$dir/expected/$name.txt" 2>/dev/null)" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "  FAIL $name: efipmu-host $*"
    diff <(printf '%s\n' "$got") "$dir/expected/$name.txt" | head -20 | sed 's/^/    /'
  fi
}

# csv_check LOG: one CSV row per count record, every row with the header's fields.
csv_check() {
  local log=$1
  if python3 - "$tool" "$log" <<'EOF'
import csv, io, json, subprocess, sys
tool, log = sys.argv[1], sys.argv[2]
text = subprocess.run([tool, "csv", log], check=True, capture_output=True, text=True).stdout
rows = list(csv.reader(io.StringIO(text)))
counts = [json.loads(l) for l in open(log) if '"rec":"count"' in l]
assert len(rows) == len(counts) + 1, (len(rows), len(counts))
head = rows[0]
for row, rec in zip(rows[1:], counts):
    assert len(row) == len(head), row
    r = dict(zip(head, row))
    assert r["event"] == rec["event"] and int(r["delta"]) == rec["delta"], (r, rec)
    assert int(r["end"], 16) == int(rec["end"], 16) and r["ctl_value"] == rec["ctl_value"]
    assert r["simulated"] == ("true" if rec.get("simulated") else "false")
EOF
  then passed=$((passed + 1)); else failed=$((failed + 1)); echo "  FAIL csv read back: $log"; fi
}

# cpuid_json_check: every dump in data/cpuid/ gives one JSON object per CPU with the keys;
# where the dump has leaf 0x23 (an Intel CPU whose max basic leaf reaches it) a cpuid_23
# object with one key group for each further subleaf its subleaf 0 EAX lists.
cpuid_json_check() {
  if python3 - "$tool" data/cpuid/*.txt <<'EOF'
import json, re, subprocess, sys
keys = {"cpu", "vendor", "family", "model", "core_type", "pmu_version", "gp", "gp_width",
        "fixed", "fixed_width", "perfmon_v2", "notes"}
groups = {2: {"acr_reload", "acr_cause"}, 3: {"arch_events", "arch_event_names"},
          4: {"pebs_caps"}, 5: {"pebs", "pdist"}}
for dump in sys.argv[2:]:
    out = subprocess.run([sys.argv[1], "cpuid", dump], check=True, capture_output=True,
                         text=True).stdout.splitlines()
    assert out, dump
    text = open(dump).read()
    # the dump's own leaf 0x23 subleaf 0 EAX values (CPU by CPU they may differ)
    sl0 = [int(v, 16) for v in re.findall(r"CPUID 00000023: ([0-9A-F]{8})-\S+ \[SL 00\]", text)]
    n23 = 0
    for line in out:
        rec = json.loads(line)
        x = rec.pop("cpuid_23", None)
        # AMD adds its core type where 0x80000026 says hybrid, its uncore with PerfMonV2
        extra = set(rec) - keys - ({"amd_core_type", "amd_uncore"}
                                   if rec["vendor"] == "AuthenticAMD" else set())
        assert keys <= set(rec) and not extra, (dump, set(rec) ^ keys)
        assert all(isinstance(i, int) for i in rec["fixed"]), dump
        if x is None:
            continue
        sub = int(x["subleaves"], 16)
        assert sub == sl0[n23], (dump, rec["cpu"], hex(sub))
        n23 += 1
        for bit, g in groups.items():
            assert (g <= set(x)) == bool(sub >> bit & 1), (dump, rec["cpu"], bit)
            assert not (g & set(x)) or g <= set(x), (dump, rec["cpu"], g)
    assert n23 == len(sl0), (dump, n23, len(sl0))
EOF
  then passed=$((passed + 1)); else failed=$((failed + 1)); echo "  FAIL cpuid JSON read back"; fi
}

# cpuid_umc_check: the UMC split by hand. Turin Dense's 0x80000022 is 7-00304106-00000FFF:
# EBX[21:16] = 0x30 = 48 UMC counters, ECX 0xFFF = UMCs 0-11 active, 48 / 12 = 4 each, so UMC k's
# first control is 0xC0010800 + 2 * 4 * k (0xC0010858 for UMC 11), EBX[15:10] = 0x10 = 16 DF
# counters, EBX[3:0] = 6 core counters, on all three CPUs (packages 0 and 1). Bergamo's
# 3-00204106-00000FFF: 32 for 12 UMCs, not a whole number: 2 each (0xC0010800 + 4k), named.
# Strix Point's 0x80000026 subleaf 0 EBX[31:28]: 0 on CPUs #0, #1, 1 on #8, #9.
cpuid_umc_check() {
  if python3 - "$tool" <<'EOF'
import json, subprocess, sys
def lines(dump):
    out = subprocess.run([sys.argv[1], "cpuid", "data/cpuid/" + dump], check=True,
                         capture_output=True, text=True).stdout.splitlines()
    return [json.loads(l) for l in out]
turin = lines("amd-1a-11-turin-dense.txt")
assert [r["cpu"] for r in turin] == [0, 1, 192]
for r in turin:
    u = r["amd_uncore"]
    assert (u["eax"], u["ebx"], u["ecx"]) == ("0x7", "0x304106", "0xfff"), u
    assert (u["core_counters"], u["df_counters"], u["umc_counters"], u["active_umcs"]) == \
        (6, 16, 48, 12), u
    assert u["umc_split"] == [{"umc": k, "ctl_msr": hex(0xC0010800 + 8 * k), "counters": 4}
                              for k in range(12)], u["umc_split"]
    assert u["umc_shape"] is None and "amd_core_type" not in r
for r in lines("amd-19-a0-bergamo.txt"):
    u = r["amd_uncore"]
    assert u["umc_split"] == [{"umc": k, "ctl_msr": hex(0xC0010800 + 4 * k), "counters": 2}
                              for k in range(12)], u["umc_split"]
    assert u["umc_shape"] == ("CPUID 0x80000022 claims 32 UMC counters (EBX[21:16]) for 12 "
                              "active UMCs (ECX 0xfff): not a whole number each; 2 each "
                              "taken, the last 8 left alone"), u["umc_shape"]
assert [(r["cpu"], r["amd_core_type"]) for r in lines("amd-1a-24-strix-point.txt")] == \
    [(0, "performance"), (1, "performance"), (8, "efficiency"), (9, "efficiency")]
EOF
  then passed=$((passed + 1)); else failed=$((failed + 1)); echo "  FAIL cpuid UMC split by hand"; fi
}

# The shipped tool is built plain: no sanitizer runtime in it (a user's refused event must
# not end in a leak report), and it answers like the tested build.
if nm "$build/efipmu-host" 2>/dev/null | grep -q '__asan_\|__ubsan_'; then
  failed=$((failed + 1)); echo "  FAIL $build/efipmu-host is built with a sanitizer"
elif [ "$("$build/efipmu-host" dry-run bogus 2>&1; echo "exit $?")" != "$("$tool" dry-run bogus 2>&1; echo "exit $?")" ]; then
  failed=$((failed + 1)); echo "  FAIL the shipped and the tested efipmu-host answer differently"
else
  passed=$((passed + 1))
fi
run_case usage
run_case decode_perfevtsel decode perfevtsel 0x4300c4
run_case decode_ubox decode uncore_ubox 0x400001
run_case decode_reserved decode IA32_PERF_GLOBAL_CTRL 0x70000ff03
run_case decode_unknown decode mbox 1
run_case decode_bad_value decode perfevtsel 0x12zz
run_case dryrun_snbep dry-run instructions,branches
run_case dryrun_nhmex_uncore dry-run --profile nehalem-ex uncore_ubox/event=0x1/ cycles
run_case dryrun_each dry-run --each --profile sandy-bridge-ep bogus UNC_U_LOCK_CYCLES cpu/event=0x3c,bogus=1/
run_case dryrun_snbep_filters dry-run --profile sandy-bridge-ep 'uncore_cbox_0/UNC_C_LLC_LOOKUP.DATA_READ,state=0x1/' \
  uncore_cbox_1/UNC_C_CLOCKTICKS/ 'uncore_pcu/UNC_P_FREQ_BAND0_CYCLES,band0=20/'
run_case dryrun_bad_event dry-run --profile westmere-ep cpu/event=0x3c,bogus=1/
run_case dryrun_extsel dry-run --profile sandy-bridge-ep UNC_U_PHOLD_CYCLES.ASSERT_TO_ACK
run_case dryrun_restricted dry-run --profile sandy-bridge-ep uncore_cbox_0/UNC_C_RxR_OCCUPANCY.IRQ/ \
  uncore_cbox_0/UNC_C_TOR_OCCUPANCY.ALL/
run_case dryrun_bad_profile dry-run --profile pentium4 cycles
run_case dryrun_offcore_rsp1 dry-run --profile westmere-ep OFFCORE_RESPONSE.ANY_DATA.ANY_LLC_MISS \
  cpu/event=0xb7,umask=0x1,offcore_rsp=0x1011/
run_case dryrun_offcore_raw dry-run cpu/event=0xb7,umask=0x1,offcore_rsp=0x10001/ \
  cpu/event=0xbb,umask=0x1/
run_case dryrun_ldlat dry-run --profile nehalem-ex MEM_INST_RETIRED.LATENCY_ABOVE_THRESHOLD_16
# Ice Lake on: TOPDOWN.SLOTS on FIXED_CTR3 (nibble 3, GLOBAL_CTRL bit 35) with PERF_METRICS (bit 48)
run_case dryrun_topdown_icelake dry-run --profile icelake-sp --sim-firmware clean TOPDOWN.SLOTS
# Alder Lake P-core: PMC6-7 offered (the adl-hybrid-pcore quirk), FIXED_CTR3 by its perf name
run_case dryrun_adl_pcore dry-run --profile alder-lake --sim-firmware clean --core-type core \
  slots r3c r3c r3c r3c r3c r3c r3c r3c
# Intel's current lists (issue 23): Sapphire Rapids' MEM_LOAD_RETIRED.L3_MISS = 0x4320d1; the
# E-core event on Alder Lake's E-core only; Ice Lake-SP's OCR event with its MSRValue in
# OFFCORE_RSP_0, restored; a second offcore value on OFFCORE_RSP_1 as 0xBB
run_case dryrun_spr_l3_miss dry-run --profile sapphire-rapids --sim-firmware clean \
  MEM_LOAD_RETIRED.L3_MISS
run_case dryrun_adl_atom dry-run --profile alder-lake --sim-firmware clean \
  cpu_atom/LONGEST_LAT_CACHE.MISS/
run_case dryrun_icx_ocr dry-run --profile icelake-sp OCR.DEMAND_DATA_RD.L3_MISS \
  OCR.DEMAND_RFO.L3_MISS
# Bare names on a hybrid part: LD_HEAD.L1_MISS only in the E-core list (05H/01H), on CPU 1
# alone; LD_BLOCKS.STORE_FORWARD only in the P-core list (03H/82H), on CPU 0 alone;
# L2_REQUEST.MISS in both with each list's encoding (24H/3FH, 24H/01H); a name neither has
run_case dryrun_adl_bare dry-run --profile alder-lake --sim-firmware clean LD_HEAD.L1_MISS \
  LD_BLOCKS.STORE_FORWARD L2_REQUEST.MISS
run_case dryrun_adl_no_list dry-run --profile alder-lake LD_HEAD.NO_SUCH_EVENT
run_case dryrun_snbep_imc dry-run --profile sandy-bridge-ep UNC_M_CAS_COUNT.RD
# The HA's match registers (0x40/0x44/0x48) as its filter: address 0x123456789c0 (field addr is
# its bits 45:6) and opcode 5 split over the three dwords, restored after; a term of them on an
# event that does not use them refused
run_case dryrun_snbep_ha_match dry-run --each --profile sandy-bridge-ep \
  'uncore_ha/UNC_H_ADDR_OPC_MATCH.FILT,addr=0x48d159e27,opc=0x5/' \
  'uncore_ha/UNC_H_CLOCKTICKS,opc=1/'
# QPI port 1's packet match/mask (its filter function 0x3C96, 09.6): match 0x228/0x22C, mask
# 0x238/0x23C written inside the box freeze and restored; a match term on another event and a
# raw mask setting reserved bits refused
run_case dryrun_snbep_qpi_match dry-run --each --profile sandy-bridge-ep \
  'uncore_qpi_1/UNC_Q_CTO_COUNT,match_rds=5,match_opc=3,match_dnid=0x1f,mask_rds=0xf,mask0=0x1e0/' \
  'uncore_qpi_0/UNC_Q_CLOCKTICKS,match_rds=1/' 'uncore_qpi_0/UNC_Q_CTO_COUNT,mask0=0xffffffff/'
run_case dryrun_skx_imc_cha dry-run --profile skylake-sp uncore_imc_4/UNC_M_CAS_COUNT.WR/ \
  uncore_cha_27/UNC_CHA_CLOCKTICKS/ UNC_UPI_TxL_FLITS.DATA
run_case dryrun_skx_refused dry-run --each --profile skylake-sp uncore_cha_28/UNC_CHA_CLOCKTICKS/
# The iMC channel's fixed DCLK counter (control 0xF0 = enable 22, counter 0xD0 read as
# two dwords) inside the box freeze, every dword restored
run_case dryrun_skx_dclk dry-run --profile skylake-sp uncore_imc_4/UNC_M_DCLOCKTICKS/
# The CHA's FILTER0/FILTER1 (0xE05/0xE06: FILTER1 = 0x3B where the list gives no value), the
# IIO's port and function masks in its control; Ice Lake-SP's CHA umask extension, and the
# M2M's, which its one-dword PCI control cannot hold, refused
run_case dryrun_skx_filters dry-run --profile skylake-sp --sim-firmware clean \
  UNC_CHA_TOR_INSERTS.IA_MISS UNC_IIO_DATA_REQ_OF_CPU.MEM_READ.PART0
run_case dryrun_icx_ext dry-run --each --profile icelake-sp --sim-firmware clean \
  UNC_CHA_TOR_INSERTS.IA_MISS_DRD UNC_M2M_IMC_READS.TO_PMM
# The same run checked for what it does (tests/host/check_pci_dryrun.py), not only its text.
if "$tool" dry-run --profile sandy-bridge-ep UNC_M_CAS_COUNT.RD | python3 $dir/check_pci_dryrun.py
then passed=$((passed + 1)); else failed=$((failed + 1)); echo "  FAIL PCI dry run check"; fi
# AMD uncore: the L3 of a CCX with 19h's and 17h's selections filled, the Data Fabric in its
# legacy and PerfMonV2 layouts (a 12-bit event, a 12-bit umask), a UMC of Genoa's active mask,
# one outside it refused
run_case dryrun_amd_l3_df_zen3 dry-run --profile zen3 --sim-firmware clean \
  'amd_l3/event=0x04,umask=0xff/' 'amd_df/event=0x1c7,umask=0x38/'
run_case dryrun_amd_l3_zen2 dry-run --profile zen2 --sim-firmware clean 'amd_l3/event=0x04,umask=0xff/'
run_case dryrun_amd_zen4 dry-run --profile zen4 --sim-firmware clean \
  'amd_l3/event=0x04,umask=0xff,threadmask=1,sliceid=2/' 'amd_df/event=0x1f,umask=0x7fe/' \
  'amd_umc_3/event=0x0a,rdwrmask=1/'
run_case dryrun_amd_umc_inactive dry-run --profile zen4 'amd_umc_0/event=0x0a/'
run_case summary_zen4_uncore summary tests/host/sim-uncore-zen4.jsonl
csv_check tests/host/sim-uncore-zen4.jsonl
run_case dryrun_pmi_refused dry-run --profile westmere-ep cpu/INST_RETIRED.ANY,int/
run_case dryrun_zen4 dry-run --profile zen4 instructions
run_case dryrun_zen2 dry-run --profile zen2 instructions,cycles
run_case dryrun_zen_each dry-run --each --profile zen3 ref-cycles cpu/event=0xc0,hostonly/ \
  cpu/event=0x1c0,umask=2/ r4300c0 branch-misses
run_case decode_perf_ctl decode perf_ctl 0x1004300c0
run_case summary_sim summary $dir/sim-nehalem-ex.jsonl
run_case summary_nopmu summary $dir/qemu-nopmu.jsonl
run_case summary_uncore summary $dir/sim-uncore-nehalem-ep.jsonl
run_case summary_repeats summary --tsc-hz 2930000000 $dir/handmade-base.jsonl
run_case summary_cutoff summary $dir/cutoff-sim.jsonl
# checks of a package (the selftest's uncore checks) and DISTURBED results are read
run_case summary_selftest_fail summary $dir/sim-selftest-fail.jsonl
run_case summary_disturbed summary $dir/sim-disturbed.jsonl
run_case compare_disturbed compare $dir/sim-selftest-fail.jsonl $dir/sim-disturbed.jsonl
run_case summary_damaged summary $dir/damaged.jsonl
run_case summary_missing summary $dir/no-such-log.jsonl
run_case compare_regressed compare $dir/handmade-base.jsonl $dir/handmade-new.jsonl
run_case compare_tolerance compare --tolerance 12.5 $dir/handmade-base.jsonl $dir/handmade-new.jsonl
run_case compare_reverse compare $dir/handmade-new.jsonl $dir/handmade-base.jsonl
run_case compare_same compare $dir/handmade-base.jsonl $dir/handmade-base.jsonl
run_case compare_sim_real compare $dir/sim-nehalem-ex.jsonl $dir/qemu-nopmu.jsonl
# the first line: the same machine and firmware, a firmware update (BIOS version and date, UEFI
# revision; the capture's SMBIOS strings edited by hand), a machine the model's log cannot name
run_case compare_capture_same compare $dir/qemu-capture.jsonl $dir/qemu-capture.jsonl
run_case compare_capture_firmware compare $dir/qemu-capture.jsonl $dir/qemu-capture-bios2.jsonl
run_case compare_capture_model compare $dir/qemu-capture.jsonl \
  tests/data/labs/model-made-sandy-bridge-ep-2pkg.jsonl
run_case compare_bad_tolerance compare --tolerance 5x $dir/handmade-base.jsonl $dir/handmade-new.jsonl
run_case csv_repeats csv $dir/handmade-base.jsonl
run_case csv_sim csv $dir/sim-nehalem-ex.jsonl
run_case cpuid_alder_lake cpuid data/cpuid/intel-06-97-alder-lake.txt
run_case cpuid_lunar_lake cpuid data/cpuid/intel-06-bd-lunar-lake.txt
run_case cpuid_panther_lake cpuid data/cpuid/intel-06-cc-panther-lake.txt
run_case cpuid_arrow_lake_h cpuid data/cpuid/intel-06-c5-arrow-lake-h.txt
run_case cpuid_sapphire_rapids cpuid data/cpuid/intel-06-8f-sapphire-rapids.txt
run_case cpuid_genoa cpuid data/cpuid/amd-19-11-genoa.txt
run_case cpuid_rome cpuid data/cpuid/amd-17-31-rome.txt
run_case cpuid_nehalem_ex cpuid data/cpuid/intel-06-2e-nehalem-ex.txt
# Zen 5 (issue 36 item 5): the UMC split of CPUID 0x80000022, each CPU's line checked against
# values worked out by hand from the dumps (cpuid_umc_check); Strix Point's core types.
run_case cpuid_turin_dense cpuid data/cpuid/amd-1a-11-turin-dense.txt
run_case cpuid_strix_point cpuid data/cpuid/amd-1a-24-strix-point.txt
run_case cpuid_bergamo cpuid data/cpuid/amd-19-a0-bergamo.txt
cpuid_umc_check
run_case cpuid_bad cpuid $dir/cpuid-bad.txt
run_case cpuid_missing cpuid $dir/no-such-dump.txt
# Uncore discovery tables: the model's Sapphire Rapids socket, clean and with every defect the
# model's firmware can make (and the SPR UPI quirk); a small table worked out by hand from
# the layout (tests/host/README.md) as hex, binary and a log's discovery_table record.
run_case discovery_model discovery --model
run_case discovery_model_every discovery --model every --spr
run_case discovery_global_ones discovery --model global-ones
run_case discovery_hex discovery $dir/discovery-small.hex
run_case discovery_bin discovery $dir/discovery-small.bin
run_case discovery_log discovery $dir/discovery-small.jsonl
run_case discovery_spr_run_log discovery --spr $dir/discovery-spr-run.jsonl
run_case discovery_spr_capture discovery --spr $dir/discovery-spr-capture.jsonl
run_case summary_spr_run summary $dir/spr-run.jsonl
run_case profile_spr_run profile $dir/spr-run.jsonl
# The discovered units on the model, found as the app finds them: by name, and by Linux's
# generic name of a type and box id.
run_case dryrun_spr_discovery dry-run --profile sapphire-rapids \
  'uncore_imc_2/UNC_M_CAS_COUNT.RD/,uncore_type_7_3/event=0x01/,uncore_cha_1/UNC_CHA_CLOCKTICKS/'
run_case discovery_usage discovery
run_case discovery_bad_defect discovery --model bogus
# Profiles as files (issue 26 item 2): the capture of QEMU's machine (tests/qemu/case_capture.sh's
# log: 2 sockets, 4 vCPUs, the real backend), a built-in profile, and what is refused.
run_case profile_qemu profile $dir/qemu-capture.jsonl
run_case profile_builtin_nehalem_ep profile --builtin nehalem-ep --cpus 2
run_case profile_no_capture profile $dir/qemu-nopmu.jsonl
run_case profile_usage profile
run_case profile_uneven profile --builtin zen4 --cpus 3 --packages 2
run_case profile_unknown profile --builtin pentium-4
# a CPUID dump as a profile: its CPUID, the rest from sandy-bridge-ep's (said in its comments);
# a bad dump refused with its line
run_case profile_cpuid_dump profile --cpuid-dump data/cpuid/intel-06-2d-sandy-bridge-ep.txt
run_case profile_cpuid_dump_bad profile --cpuid-dump $dir/cpuid-bad.txt
# A profile file drives the model: QEMU's machine refuses what its missing PMU cannot count;
# a built-in profile's file makes the same writes as the built-in profile (the name aside).
ptmp=$build/host-profiles   # a fixed place: the expected text names it
rm -rf "$ptmp"; mkdir -p "$ptmp"
"$tool" profile $dir/qemu-capture.jsonl -o "$ptmp/qemu.profile" >/dev/null 2>&1
run_case dry_run_qemu_profile dry-run --profile-file "$ptmp/qemu.profile" instructions
run_case profile_exists profile $dir/qemu-capture.jsonl -o "$ptmp/qemu.profile"
for p in sandy-bridge-ep:4:2:UNC_U_CLOCKTICKS,UNC_M_CAS_COUNT.RD zen4:2:1:branches \
         icelake-sp:2:1:TOPDOWN.SLOTS; do
  IFS=: read -r name n k ev <<<"$p"
  "$tool" profile --builtin "$name" --cpus "$n" --packages "$k" -o "$ptmp/$name.profile"
  a=$("$tool" dry-run --profile "$name" "$ev,instructions,cycles" 2>&1 | tail -n +2)
  b=$("$tool" dry-run --profile-file "$ptmp/$name.profile" "$ev,instructions,cycles" 2>&1 |
      tail -n +2)
  if [ "$a" == "$b" ] && [ -n "$a" ]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "  FAIL dry-run on $name's profile file differs from $name"
    diff <(echo "$a") <(echo "$b") | head -10 | sed 's/^/    /'; fi
done
# Replay (issue 26 item 3): every lab log in tests/data/labs/ agrees with its own machine's
# model; one count edited is named and fails; QEMU's machine drops uncore writes, which its
# model (plain registers: a capture cannot see a dropped write) does not.
for lab in tests/data/labs/*.jsonl; do
  if out=$("$tool" replay "$lab" 2>&1) && [[ "$out" == *", 0 differences" ]]; then
    passed=$((passed + 1)); else failed=$((failed + 1)); echo "  FAIL replay $lab"
    echo "$out" | tail -5 | sed 's/^/    /'; fi
done
python3 - tests/data/labs/model-made-sandy-bridge-ep-2pkg.jsonl "$ptmp/edited.jsonl" <<'EOF'
import json, sys
out, done = [], False
for line in open(sys.argv[1]).read().splitlines():
    r = json.loads(line)
    if not done and r["rec"] == "count" and r["event"] == "instructions" and r["cpu"] == 2 \
            and r["repeat"] == 1:
        line = line.replace('"delta":%d' % r["delta"], '"delta":%d' % (r["delta"] + 1))
        done = True
    out.append(line)
open(sys.argv[2], "w").write("\n".join(out) + "\n")
EOF
run_case replay_one_count_edited replay "$ptmp/edited.jsonl"
run_case replay_qemu replay $dir/qemu-capture.jsonl
# QEMU at real size (issue 33 item 3): 240 vCPUs over 8 sockets (SandyBridge, TCG, the real
# backend); its profile carries what the run proved: the uncore MSRs its probes found not
# holding a value, and the PCI functions its scan found (no uncore device): 0 differences.
run_case replay_qemu240 replay $dir/qemu-240cpu.jsonl
run_case replay_no_capture replay $dir/qemu-nopmu.jsonl
# A setting only the real backend reads (test-unexpected-fault) stays the real run's: the
# replay's model would refuse it, so the replay leaves it out and says what it says without it.
sed '1s/"options":"/"options":"test-unexpected-fault /' "$dir/qemu-capture.jsonl" > "$ptmp/real-only.jsonl"
if [ "$("$tool" replay "$ptmp/real-only.jsonl" 2>&1 | sed "s|$ptmp/real-only.jsonl|LOG|")" = \
     "$("$tool" replay "$dir/qemu-capture.jsonl" 2>&1 | sed "s|$dir/qemu-capture.jsonl|LOG|")" ]
then passed=$((passed + 1)); else failed=$((failed + 1)); echo "  FAIL replay of a real-only setting"; fi
# Every fact (issue 35 item 1): each built-in profile's model log (the app's run, 4 CPUs, two
# packages where the part has two) replays with 0 differences; a copy edited in one kind of
# fact (a count, an uncore count, a box clock check, a check's result, the verdict, its
# tally, an ownership register, a free-running record, the restore read-back) is named and exits 1.
# So does each one's selftest log: every register its checks read is in the capture (the
# M-box TIMESTAMP of nehalem-ex once was not, and the replay's clock check faulted).
profiles=(nehalem-ep:2 nehalem-ep-cpuid-limited:2 westmere-ep:2 nehalem-ex:2 westmere-ex:2
  sandy-bridge-ep:2 skylake-sp:2 icelake-sp:2 sapphire-rapids:1 emerald-rapids:2
  alder-lake:1 meteor-lake:1 lunar-lake:1 panther-lake:1 nova-lake:1 arrow-lake-h:1 no-pmu:1
  zen2:1 zen3:2 zen4:2 granite-ridge:1 strix-point:1 turin-dense:2 granite-rapids:2
  sierra-forest:2 diamond-rapids:2)
for job in model selftest; do
  for p in "${profiles[@]}"; do
    IFS=: read -r name k <<<"$p"
    log=$ptmp/$job-$name.jsonl; rm -f "$log"
    "$build/report/mklog" --cpus 4 --packages "$k" -o "$log" \
      $'backend = sim\nsim-profile = '"$name"$'\n'"${job/model/}"
    if out=$("$tool" replay "$log" 2>&1) && [[ "$out" == *", 0 differences" ]]; then
      passed=$((passed + 1)); else failed=$((failed + 1)); echo "  FAIL replay of $name's $job log"
      echo "$out" | tail -5 | sed 's/^/    /'; fi
  done
done
# The parts made of another part's dump (docs/platforms.md): the default job passes on
# their model, its uncore counted through their own discovery tables (45 units a package).
for name in granite-rapids sierra-forest; do
  if grep -q '"rec":"verdict".*"verdict":"PASS"' "$ptmp/model-$name.jsonl" &&
     [ "$(grep -c '"rec":"discovery",.*"units":45,"usable":45,' "$ptmp/model-$name.jsonl")" = 2 ]
  then passed=$((passed + 1)); else failed=$((failed + 1))
    echo "  FAIL $name's model log: no PASS or not two tables of 45 usable units"; fi
done
# Panther Lake's table behind its portal in a profile file (issue 36): "discovery 0 portal
# 0x201e", its global control as found (frozen: 0x1); a model run on that profile counts both
# cNCUs' clocks and replays with 0 differences.
rm -f "$ptmp/ptl.profile" "$ptmp/ptl-file.jsonl"
"$tool" profile "$ptmp/model-panther-lake.jsonl" -o "$ptmp/ptl.profile" >/dev/null
"$build/report/mklog" --cpus 4 --packages 1 --file "$ptmp/ptl.profile" -o "$ptmp/ptl-file.jsonl" \
  $'backend = sim\nsim-profile-file = ptl.profile\n'
if grep -q '^discovery 0 portal 0x201e cpu 0 bar 0x[0-9a-f]* bytes 192 global 0x1$' "$ptmp/ptl.profile" &&
   [ "$(grep -c '"box":"uncore_cncu_[01]","event":"clockticks"' "$ptmp/ptl-file.jsonl")" = 2 ] &&
   out=$("$tool" replay "$ptmp/ptl-file.jsonl" 2>&1) && [[ "$out" == *", 0 differences" ]]; then
  passed=$((passed + 1)); else failed=$((failed + 1))
  echo "  FAIL panther-lake's portal table through a profile file"; fi
# Diamond Rapids of 2 packages of 2 CBB dies (issue 36 item 1, firmware's Location2): each
# die's table behind MSR 0x710 captured and served on its die's CPUs, each die's CBOs counted
# on its own CPU (2 x (8 + 7) CBO clocks), 0 differences; a copy whose captured die-1 table of
# package 1 moves its first CBO (box control 0x2000 -> 0x2400) is named as that die's table
# (that CBO, no longer at die 0's MSRs, not counted in the replay), and one whose die-1 CBO 6
# count of package 1 is off by one is named as that count, its only difference (exit 1 each);
# summary says die 1's 7 CBO clocks of package 1 as "pkg 1.D1".
rm -f "$ptmp/dmr-dies.jsonl" "$ptmp/dmr-dies-edited.jsonl" "$ptmp/dmr-dies-count.jsonl"
"$build/report/mklog" --cpus 8 --packages 2 --dies 2 -o "$ptmp/dmr-dies.jsonl" \
  $'backend = sim\nsim-profile = diamond-rapids\n'
python3 - "$ptmp/dmr-dies.jsonl" "$ptmp/dmr-dies-edited.jsonl" "$ptmp/dmr-dies-count.jsonl" <<'PY'
import json, sys
out, counted, done = [], [], 0
for line in open(sys.argv[1]).read().splitlines():
    r, table, count = json.loads(line), line, line
    if r["rec"] == "machine" and r.get("scope") == "discovery" and r.get("package") == 1 \
            and r.get("die") == 1 and "portal" in r:
        at = (32 + 8) * 2   # unit 0's box control, little-endian
        assert r["bytes"][at:at + 4] == "0020"
        r["bytes"] = r["bytes"][:at] + "0024" + r["bytes"][at + 4:]
        table, done = json.dumps(r, separators=(",", ":")), done + 1
    if r["rec"] == "count" and r.get("package") == 1 and r.get("die") == 1 \
            and r.get("box") == "uncore_cbo_6":
        r["delta"] += 1
        count, done = json.dumps(r, separators=(",", ":")), done + 1
    out.append(table)
    counted.append(count)
assert done == 2
assert sum('"die":1,"box":"uncore_cbo_' in x for x in out) == 2 * 7
open(sys.argv[2], "w").write("\n".join(out) + "\n")
open(sys.argv[3], "w").write("\n".join(counted) + "\n")
PY
if out=$("$tool" replay "$ptmp/dmr-dies.jsonl" 2>&1) && [[ "$out" == *", 0 differences" ]] &&
   ! edited=$("$tool" replay "$ptmp/dmr-dies-edited.jsonl" 2>&1) &&
   [[ "$edited" == *"CPU 6, discovery_table die 1 part 0, bytes: log "* ]] &&
   [[ "$edited" == *"package 1 die 1, box uncore_cbo_0 event CBO_CLOCKTICKS (inst) round 0 repeat 0: in the log, not in the replay"* ]] &&
   ! count=$("$tool" replay "$ptmp/dmr-dies-count.jsonl" 2>&1) &&
   [[ "$count" == *"package 1 die 1, box uncore_cbo_6 event "*", 1 difference" ]] &&
   [ "$("$tool" summary "$ptmp/dmr-dies.jsonl" | grep -c 'pkg 1\.D1 CBO_CLOCKTICKS ')" = 7 ]; then
  passed=$((passed + 1)); else failed=$((failed + 1))
  echo "  FAIL diamond-rapids' dies: each die's table and counts not replayed, or an edit not named"
  echo "$out" "$edited" "$count" | tail -5 | sed 's/^/    /'; fi
# Arrow Lake-H's low-power E-core (issue 36; the model's CPU 3) plans from its own list
# (Crestmont's): TOPDOWN_RETIRING.ALL left out there, TOPDOWN_RETIRING.ALL_P counted with
# Crestmont's encoding, every CPU measured, PASS; replayed with 0 differences.
rm -f "$ptmp/arl-lpe.jsonl"
"$build/report/mklog" --cpus 4 --packages 1 -o "$ptmp/arl-lpe.jsonl" \
  $'backend = sim\nsim-profile = arrow-lake-h\nevents = TOPDOWN_RETIRING.ALL,TOPDOWN_RETIRING.ALL_P\n'
run_case replay_arl_low_power replay "$ptmp/arl-lpe.jsonl"
run_case summary_arl_low_power summary "$ptmp/arl-lpe.jsonl"
# CXL (issue 36): a model run with the CXL job captures the CXL device it reads (its
# configuration dwords, its CPMU's registers); the profile carries them and replay counts the
# CPMU on them: 0 differences. A copy with the clock-tick count edited is named (exit 1); one
# whose captured locator moves the CPMU block (0x20000 -> 0x30000) replays the moved block, so
# the replay's device is the capture's, not the base profile's.
rm -f "$ptmp/cxl.jsonl"
"$build/report/mklog" --cpus 2 --packages 1 -o "$ptmp/cxl.jsonl" \
  $'backend = sim\nsim-profile = sapphire-rapids\ncxl\n'
run_case replay_cxl replay "$ptmp/cxl.jsonl"
python3 - "$ptmp/cxl.jsonl" "$ptmp" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1]).read().splitlines()]
def write(name, edit):
    out, done = [], 0
    for r in recs:
        r = json.loads(json.dumps(r))
        done += edit(r)
        out.append(json.dumps(r, separators=(",", ":")))
    assert done == 1, name
    open("%s/%s.jsonl" % (sys.argv[2], name), "w").write("\n".join(out) + "\n")
def ticks(r):
    if r["rec"] != "cxl_ticks":
        return 0
    r["ticks"] += 7
    return 1
def moved(r):
    if r.get("scope") != "cxl":
        return 0
    for row in r["functions"][0][1]:
        if row[0] == "0x15c":
            row[1] = "0x30400"
    return 1
write("cxl-ticks-edited", ticks)
write("cxl-cpmu-moved", moved)
PY
run_case replay_cxl_ticks_edited replay "$ptmp/cxl-ticks-edited.jsonl"
# QEMU's CXL machine (tests/qemu/case_cxl.sh boot 1, the real backend): its type-3 device and
# root port captured, replayed: 0 differences (6 without the capture: cxl records unmatched)
run_case replay_qemu_cxl replay $dir/qemu-cxl.jsonl
run_case replay_cxl_cpmu_moved replay "$ptmp/cxl-cpmu-moved.jsonl"
# Waivers (issue 37 item 3): a model run whose branch checks fail (sim-break gp-overcount),
# waived by the lab's file (tests/host/lab-waivers.txt), replays with 0 differences (its
# waiver records are the file the replay reads); the same log with a WAIVED check made PASS
# is named.
rm -f "$ptmp/waived.jsonl"
"$build/report/mklog" --cpus 2 --packages 1 --file $dir/lab-waivers.txt -o "$ptmp/waived.jsonl" \
  $'backend = sim\nsim-profile = sandy-bridge-ep\nkernels = inst\nsim-break = gp-overcount\n'\
$'waivers = lab-waivers.txt\n'
run_case replay_waived replay "$ptmp/waived.jsonl"
run_case summary_waived summary "$ptmp/waived.jsonl"
python3 - "$ptmp/waived.jsonl" "$ptmp/waived-pass.jsonl" <<'EOF'
import json, sys
out, done = [], False
for line in open(sys.argv[1]).read().splitlines():
    r = json.loads(line)
    if not done and r.get("result") == "WAIVED":
        r["result"] = "PASS"
        del r["waived_by"], r["waiver"]
        line = json.dumps(r, separators=(",", ":"))
        done = True
    out.append(line)
assert done
open(sys.argv[2], "w").write("\n".join(out) + "\n")
EOF
run_case replay_waived_made_pass replay "$ptmp/waived-pass.jsonl"
# Global freeze as firmware left it (issue 36 item 2): Sapphire Rapids with every table's
# global control set at power-on (sim-break uncore-global-frozen): each package's cleared for
# the window and put back, its counts not zero; the capture holds the control as found, so
# the replay has 0 differences.
rm -f "$ptmp/spr-frozen.jsonl"
"$build/report/mklog" --cpus 4 --packages 2 -o "$ptmp/spr-frozen.jsonl" \
  $'backend = sim\nsim-profile = sapphire-rapids\nsim-break = uncore-global-frozen\n'
run_case replay_spr_global_frozen replay "$ptmp/spr-frozen.jsonl"
if [ "$(grep -c '"rec":"uncore_global".*"found":"0x1","cleared":true,"restored":true' \
        "$ptmp/spr-frozen.jsonl")" = 2 ] &&
   ! grep '"rec":"count".*"UNC_CHA_CLOCKTICKS"' "$ptmp/spr-frozen.jsonl" |
     grep -q '"delta":0,'; then
  passed=$((passed + 1)); else failed=$((failed + 1))
  echo "  FAIL spr-frozen: each package's global control cleared, put back, its CHAs counting"; fi
# Diamond Rapids (the model's, issue 36 item 2): both domains' tables found, the CBB's global
# control (frozen at power-on) cleared for the window and put back on each package, every
# CBO's and iMC channel's clock counted, PASS (its replay, both tables of each package in the
# capture: the loop over the built-in profiles above).
rm -f "$ptmp/dmr.jsonl"
"$build/report/mklog" --cpus 4 --packages 2 -o "$ptmp/dmr.jsonl" \
  $'backend = sim\nsim-profile = diamond-rapids\n'
if grep -q '"rec":"verdict".*"verdict":"PASS"' "$ptmp/dmr.jsonl" &&
   [ "$(grep -c '"rec":"uncore_global".*"found":"0x1","cleared":true,"restored":true' \
        "$ptmp/dmr.jsonl")" = 2 ] &&
   [ "$(grep -c '"rec":"count".*"event":"CBO_CLOCKTICKS"' "$ptmp/dmr.jsonl")" = 16 ] &&
   [ "$(grep -c '"rec":"count".*"event":"IMC_CLOCKTICKS"' "$ptmp/dmr.jsonl")" = 16 ] &&
   ! grep '"rec":"count".*CLOCKTICKS' "$ptmp/dmr.jsonl" | grep -q '"delta":0,'; then
  passed=$((passed + 1)); else failed=$((failed + 1))
  echo "  FAIL dmr: PASS, each CBB control cleared and put back, 16 CBO and 16 iMC clocks"; fi
# KIND: the model log of icelake-sp (counts of every box kind, checks of each kind,
# free-running records), or the log $2, with the first record matching it edited, as
# edit-KIND.jsonl
edit_log() {
  python3 - "${2:-$ptmp/model-icelake-sp.jsonl}" "$ptmp/edit-$1.jsonl" "$1" <<'EOF'
import json, sys
edits = {
    "count": (lambda r: r["rec"] == "count" and r["event"] == "cycles" and r["cpu"] == 1,
              lambda r: r.update(delta=r["delta"] + 5000)),
    "uncore-count": (lambda r: r["rec"] == "count" and r["event"] == "UNC_U_CLOCKTICKS",
                     lambda r: r.update(delta=r["delta"] * 3)),
    "box-clock-check": (lambda r: r["rec"] == "check" and r.get("clocks") == "imc",
                        lambda r: r.update(measured=r["measured"] * 2)),
    "check-result": (lambda r: r["rec"] == "check" and r.get("event") == "branches",
                     lambda r: r.update(result="FAIL")),
    "verdict": (lambda r: r["rec"] == "verdict", lambda r: r.update(verdict="FAIL")),
    "tally": (lambda r: r["rec"] == "verdict",
              lambda r: r["checks_by_kind"].update(instructions=3)),
    "ownership": (lambda r: r["rec"] == "ownership" and r["box"] == "core",
                  lambda r: r["registers"][0].update(found="0x1")),
    "free-running": (lambda r: r["rec"] == "uncore_imc_freerun",
                     lambda r: r.update(read=r["read"] + 1)),
    "restore-check": (lambda r: r["rec"] == "restore_check",
                      lambda r: r.update(differ=r["differ"] + 1)),
    "capture-global": (lambda r: r["rec"] == "machine" and r.get("scope") == "discovery" and
                       "portal" in r and r["package"] == 1 and r["part"] == 0,
                       lambda r: r.update(global_value="0x0")),
}
match, edit = edits[sys.argv[3]]
out, done = [], False
for line in open(sys.argv[1]).read().splitlines():
    r = json.loads(line)
    if not done and match(r):
        edit(r)
        line = json.dumps(r, separators=(",", ":"))
        done = True
    out.append(line)
assert done, sys.argv[3]
open(sys.argv[2], "w").write("\n".join(out) + "\n")
EOF
}
for kind in count uncore-count box-clock-check check-result verdict tally ownership free-running \
  restore-check; do
  edit_log "$kind"
  run_case "replay_edited_$kind" replay "$ptmp/edit-$kind.jsonl"
done
# The other jobs that write registers read them back too: a model log of --bench and of
# --selftest replays with 0 differences, and each of theirs and --cxl's (above) with its
# restore_check record edited is named.
for job in bench selftest; do
  "$build/report/mklog" --cpus 2 --packages 1 -o "$ptmp/$job.jsonl" \
    $'backend = sim\nsim-profile = sandy-bridge-ep\n'"$job"$'\n'
  run_case "replay_$job" replay "$ptmp/$job.jsonl"
done
for job in bench selftest cxl; do
  edit_log restore-check "$ptmp/$job.jsonl"
  run_case "replay_edited_${job}_restore-check" replay "$ptmp/edit-restore-check.jsonl"
done
# Sub-NUMA clusters (issue 33 item 1): a Sapphire Rapids model whose SRAT makes each package
# SNC-2 (sim-snc): the capture carries the table into the profile, so the replay's model has it
# and its snc records are the log's (0 differences); a cluster's CPUs edited in the log are named.
"$build/report/mklog" --cpus 16 --packages 2 --threads 2 -o "$ptmp/snc2.jsonl" \
  $'backend = sim\nsim-profile = sapphire-rapids\nsim-noise = none\nsim-snc = 2\n'
if out=$("$tool" replay "$ptmp/snc2.jsonl" 2>&1) && [[ "$out" == *", 0 differences" ]] &&
   [ "$(grep -c '"rec":"snc".*"clusters":2,"alike":true' "$ptmp/snc2.jsonl")" = 2 ]; then
  passed=$((passed + 1)); else failed=$((failed + 1))
  echo "  FAIL the SNC-2 model log: not 2 snc records of 2 clusters, or its replay differs"
  echo "$out" | tail -5 | sed 's/^/    /'; fi
sed 's/"domain":1,"cpus":"4-7"/"domain":1,"cpus":"4-6"/' "$ptmp/snc2.jsonl" > "$ptmp/edit-snc.jsonl"
run_case replay_edited_snc replay "$ptmp/edit-snc.jsonl"
# The capture holds each table's global control as found (an MMIO one too): Diamond Rapids'
# log (above) with package 1's CBB control captured as 0 replays on a model that powers on
# so, and the difference is named.
edit_log capture-global "$ptmp/dmr.jsonl"
if ! out=$("$tool" replay "$ptmp/edit-capture-global.jsonl" 2>&1) &&
   [[ "$out" == *"package 1, uncore_global: in the log, not in the replay"* ]]; then
  passed=$((passed + 1)); else failed=$((failed + 1))
  echo "  FAIL capture-global: the replay's model powers on with the captured global control"; fi
# Real size (issue 33 item 2): a two-socket Sapphire Rapids of 224 CPUs as a profile file, a
# model run on it (the app's run, tests/report/mklog.c) replayed; a 768-CPU run (zen4's
# profile on 2 x 192 cores x 2 threads) ends PASS with the L3 of each of its 96 CCXs counted,
# its capture made a profile and replayed; Turin Dense at its real shape (2 x 192 cores, SMT
# off: 384 CPUs, 16 cores a CCX) ends PASS with 24 L3s and the 12 UMCs of each socket counted,
# and replays; shapes the part cannot have are refused.
"$tool" profile --builtin sapphire-rapids --cpus 224 --packages 2 --threads 2 \
  -o "$ptmp/spr224.profile" >/dev/null
"$build/report/mklog" --cpus 224 --packages 2 --threads 2 --file "$ptmp/spr224.profile" \
  -o "$ptmp/spr224.jsonl" --console "$ptmp/spr224.console" \
  $'backend = sim\nsim-profile-file = spr224.profile\n'
"$build/report/mklog" --cpus 768 --packages 2 --threads 2 -o "$ptmp/turin768.jsonl" \
  $'backend = sim\nsim-profile = zen4\n'
"$tool" profile "$ptmp/turin768.jsonl" -o "$ptmp/turin768.profile" >/dev/null
l3s=$(grep -o '"package":[0-9]*,"ccx":[0-9]*,"box":"amd_l3","event"' "$ptmp/turin768.jsonl" |
  sort -u | wc -l)
if grep -q '"rec":"verdict".*"verdict":"PASS"' "$ptmp/turin768.jsonl" && [ "$l3s" = 96 ] &&
   grep -qx 'cpus 768' "$ptmp/turin768.profile"; then passed=$((passed + 1)); else
  failed=$((failed + 1))
  echo "  FAIL the 768-CPU run: no PASS, $l3s CCXs' L3 counted (not 96), or its profile is not of 768 CPUs"
fi
"$build/report/mklog" --cpus 384 --packages 2 --threads 1 -o "$ptmp/turind384.jsonl" \
  $'backend = sim\nsim-profile = turin-dense\n'
l3s=$(grep -o '"package":[0-9]*,"ccx":[0-9]*,"box":"amd_l3","event"' "$ptmp/turind384.jsonl" |
  sort -u | wc -l)
umcs=$(grep -o '"package":[0-9]*,"box":"amd_umc_[0-9]*","event":"umc_cas_cmd.rd"' \
  "$ptmp/turind384.jsonl" | sort -u | wc -l)
if grep -q '"rec":"verdict".*"verdict":"PASS"' "$ptmp/turind384.jsonl" && [ "$l3s" = 24 ] &&
   [ "$umcs" = 24 ]; then passed=$((passed + 1)); else failed=$((failed + 1))
  echo "  FAIL turin-dense at 384 CPUs: no PASS, $l3s L3s (not 24) or $umcs UMCs (not 2 x 12)"
fi
# One CHA a core from the shape (issue 33 item 2): 56 cores a package, so 56 CHAs, and an
# XCC part's 4 UPI links (with their M3UPI), 8 iMC channels, 4 M2M, 6 IIO, IRP and M2PCIe
# and the PCU: 95 units each package.
units=$(grep -c 'discovery table at pci .*: 95 units, 95 usable' "$ptmp/spr224.console")
if [ "$units" = 2 ]; then passed=$((passed + 1)); else failed=$((failed + 1))
  echo "  FAIL the 224-CPU Sapphire Rapids: $units packages' tables of 95 units (not 2)"; fi
# Every CHA counted (issue 33): each package's 56 CHAs' clocks, the run PASS.
chas=$(grep -o '"package":[0-9]*,"box":"uncore_cha_[0-9]*","event":"UNC_CHA_CLOCKTICKS"' \
  "$ptmp/spr224.jsonl" | sort -u | wc -l)
if grep -q '"rec":"verdict".*"verdict":"PASS"' "$ptmp/spr224.jsonl" && [ "$chas" = 112 ]; then
  passed=$((passed + 1)); else failed=$((failed + 1))
  echo "  FAIL the 224-CPU Sapphire Rapids: no PASS, or $chas CHAs' clocks counted (not 2 x 56)"; fi
for log in spr224 turin768 turind384; do
  if out=$("$tool" replay "$ptmp/$log.jsonl" 2>&1) && [[ "$out" == *", 0 differences" ]]; then
    passed=$((passed + 1)); else failed=$((failed + 1)); echo "  FAIL replay $log"
    echo "$out" | tail -5 | sed 's/^/    /'; fi
done
run_case profile_too_many_cores profile --builtin sapphire-rapids --cpus 244 --packages 2 --threads 2
run_case profile_too_many_threads profile --builtin zen4 --cpus 16 --threads 4
# Bundle (issue 26 item 5): the lab log and QEMU's capture in one file with its checksum,
# replayed as the logs are; one byte changed in transit is refused.
run_case bundle_make bundle tests/data/labs/model-made-sandy-bridge-ep-2pkg.jsonl \
  $dir/qemu-capture.jsonl -o "$ptmp/lab.bundle"
run_case replay_bundle replay "$ptmp/lab.bundle"
sed '0,/"delta":1/s//"delta":2/' "$ptmp/lab.bundle" > "$ptmp/damaged.bundle"
run_case replay_bundle_damaged replay "$ptmp/damaged.bundle"
run_case bundle_not_a_log bundle $dir/discovery-small.hex -o "$ptmp/not-a-log.bundle"
[ ! -e "$ptmp/not-a-log.bundle" ] && passed=$((passed + 1)) ||
  { failed=$((failed + 1)); echo "  FAIL bundle wrote a bundle of what is not a log"; }
# Every reader parses JSON (issue 35 item 6): logs re-written by Python's json (a space after
# each colon and comma, keys sorted: "rec" no longer first) read as the originals do: the
# same profile, replay, summary and discovery table.
mkdir -p "$ptmp/rewritten"
for log in tests/data/labs/model-made-sandy-bridge-ep-2pkg.jsonl $dir/discovery-spr-capture.jsonl \
    $dir/qemu-capture.jsonl; do
  python3 -c 'import json, sys
for line in open(sys.argv[1]):
    if line.strip():
        print(json.dumps(json.loads(line), sort_keys=True))' "$log" \
    > "$ptmp/rewritten/$(basename "$log")"
done
# DIR NAME CMD...: what the tool says of DIR/NAME and of its re-written copy, and no error
same_reading() {
  local d=$1 n=$2 a b root; shift 2
  root=$(pwd)
  a=$(cd "$d" && "$root/$tool" "$@" "$n" 2>&1; echo "exit $?"; cat "$ptmp/p" 2>/dev/null)
  rm -f "$ptmp/p"
  b=$(cd "$ptmp/rewritten" && "$root/$tool" "$@" "$n" 2>&1; echo "exit $?"; cat "$ptmp/p" 2>/dev/null)
  rm -f "$ptmp/p"
  if [ "$a" == "$b" ] && [[ "$a" != *"efipmu-host: "* ]]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "  FAIL efipmu-host $* of $n re-written"
    diff <(echo "$a") <(echo "$b") | head -8 | sed 's/^/    /'; fi
}
same_reading tests/data/labs model-made-sandy-bridge-ep-2pkg.jsonl replay
same_reading tests/data/labs model-made-sandy-bridge-ep-2pkg.jsonl summary
same_reading tests/data/labs model-made-sandy-bridge-ep-2pkg.jsonl profile -o "$PWD/$ptmp/p"
same_reading $dir qemu-capture.jsonl profile -o "$PWD/$ptmp/p"
same_reading $dir discovery-spr-capture.jsonl discovery --spr
# A measurement on the model's Alder Lake (CPUs 0-1 P-cores, 2-3 E-cores) with the same bare
# names, made by the app's own run (tests/report/mklog.c): each count only on the CPUs of a
# core type whose list has the name, and the CPUs left out of each
hybrid_log=$(mktemp -d)/adl.jsonl
if "$build/report/mklog" -o "$hybrid_log" $'backend = sim\nsim-profile = alder-lake\nevents = '\
$'LD_HEAD.L1_MISS,LD_BLOCKS.STORE_FORWARD,L2_REQUEST.MISS\n'; then
  run_case summary_hybrid_left_out summary /dev/stdin <"$hybrid_log"
else
  failed=$((failed + 1)); echo "  FAIL mklog of the hybrid run"
fi
rm -rf "$(dirname "$hybrid_log")"
# JUnit XML (issue 37 item 1): an Ice Lake-SP model run, failed, disturbed, cut-off and captured
# runs, and logs with hostile strings (tests/host/make_hostile.py): the file is valid against
# the JUnit XML schema (tests/host/junit/JUnit.xsd, Windy Road, Apache-2.0) and a CI parser
# (junitparser) counts what the logs hold (tests/host/check_junit.py).
jdir=$build/host-junit
rm -rf "$jdir"; mkdir -p "$jdir"
"$build/report/mklog" -o "$jdir/icx.jsonl" $'backend = sim\nsim-profile = icelake-sp\n'
python3 $dir/make_hostile.py $dir/sim-selftest-fail.jsonl $dir/qemu-capture.jsonl "$jdir"
jlogs=("$jdir/icx.jsonl" "$ptmp/waived.jsonl" $dir/sim-selftest-fail.jsonl $dir/sim-disturbed.jsonl $dir/cutoff-sim.jsonl
       $dir/qemu-capture.jsonl "$jdir/hostile-selftest.jsonl" "$jdir/hostile-capture.jsonl")
run_case junit_runs junit "${jlogs[@]}" -o "$jdir/runs.xml"
if xmllint --noout --schema tests/host/junit/JUnit.xsd "$jdir/runs.xml" 2>"$jdir/xmllint.txt"; then
  passed=$((passed + 1)); else failed=$((failed + 1)); echo "  FAIL junit XML not valid"
  head -5 "$jdir/xmllint.txt" | sed 's/^/    /'; fi
# Debian's interpreter: deps.sh installs python3-junitparser for it
py=python3; [ -x /usr/bin/python3 ] && py=/usr/bin/python3
if $py $dir/check_junit.py "$jdir/runs.xml" "${jlogs[@]}" >"$jdir/check.txt" 2>&1; then
  passed=$((passed + 1)); else failed=$((failed + 1)); echo "  FAIL junit read back"
  tail -5 "$jdir/check.txt" | sed 's/^/    /'; fi
run_case junit_bad_log junit $dir/damaged.jsonl -o "$jdir/damaged.xml"
[ ! -e "$jdir/damaged.xml" ] && passed=$((passed + 1)) ||
  { failed=$((failed + 1)); echo "  FAIL junit wrote a file for a damaged log"; }
# perf stat -j's lines (issue 37 item 2), checked against perf's JSON rules
# (tests/host/check_perf_json.py): model runs of Ice Lake-SP (core and uncore, repeats and
# rounds), Zen 4's and Nehalem-EP's uncore, a handmade log without window times.
"$build/report/mklog" -o "$jdir/icx-rounds.jsonl" $'backend = sim\nsim-profile = icelake-sp\n'\
$'repeats = 2\nevents = instructions,cycles,branches,r3c,r3c,r3c,r3c,r3c,r3c,r3c,r3c,r3c\n'
if python3 $dir/check_perf_json.py "$tool" "$jdir/icx.jsonl" "$jdir/icx-rounds.jsonl" \
    $dir/sim-uncore-zen4.jsonl $dir/sim-uncore-nehalem-ep.jsonl $dir/handmade-base.jsonl \
    >"$jdir/perf.txt" 2>&1; then passed=$((passed + 1)); else failed=$((failed + 1))
  echo "  FAIL perf-json against perf's rules"; tail -5 "$jdir/perf.txt" | sed 's/^/    /'; fi
run_case perf_json_zen4 perf-json $dir/sim-uncore-zen4.jsonl
csv_check $dir/handmade-base.jsonl
csv_check $dir/sim-nehalem-ex.jsonl
csv_check $dir/sim-uncore-nehalem-ep.jsonl
cpuid_json_check

# Log schemas 1 and 2 (issue 35 item 5): model runs whose counts name PCI registers (Sandy
# Bridge-EP's iMC), MMIO ones (Ice Lake-SP's iMC) and MSRs, as the app writes them (schema 2),
# and the same runs written back in schema 1 by tests/host/schema1.py (apart from the tool's
# upgrade): every reader gives the same output for both, the logs' names aside.
sdir=$build/host-schema
rm -rf "$sdir"; mkdir -p "$sdir"
"$build/report/mklog" --cpus 4 --packages 2 -o "$sdir/snbep.jsonl" $'backend = sim\n'\
$'sim-profile = sandy-bridge-ep\nkernels = stream\nevents = instructions,'\
$'uncore_imc_0/UNC_M_CAS_COUNT.RD/,uncore_imc_1/UNC_M_CAS_COUNT.RD/,UNC_C_CLOCKTICKS\n'
"$build/report/mklog" --cpus 4 --packages 2 -o "$sdir/icx.jsonl" \
  $'backend = sim\nsim-profile = icelake-sp\nkernels = stream\n'
for pair in snbep:"pci msr" icx:"mmio msr"; do
  name=${pair%%:*}
  if ! python3 $dir/schema1.py "$sdir/$name.jsonl" "$sdir/$name-v1.jsonl" ${pair#*:}; then
    failed=$((failed + 1)); echo "  FAIL schema 1 of $name"; continue; fi
  for cmd in summary csv perf-json junit report replay; do
    for v in "" -v1; do
      case $cmd in
        junit|report) args=("$sdir/$name$v.jsonl" -o "$sdir/$name$v.$cmd") ;;
        *) args=("$sdir/$name$v.jsonl") ;;
      esac
      "$tool" $cmd "${args[@]}" >"$sdir/$name$v.$cmd.out" 2>&1
      echo "exit $?" >>"$sdir/$name$v.$cmd.out"
      [ -e "$sdir/$name$v.$cmd" ] && cat "$sdir/$name$v.$cmd" >>"$sdir/$name$v.$cmd.out"
      sed -i "s/$name$v\./LOG./g" "$sdir/$name$v.$cmd.out"
    done
    if cmp -s "$sdir/$name.$cmd.out" "$sdir/$name-v1.$cmd.out" &&
       grep -q '^exit 0$' "$sdir/$name.$cmd.out"; then passed=$((passed + 1)); else
      failed=$((failed + 1)); echo "  FAIL $cmd of $name: schema 1 and 2 differ (or exit not 0)"
      diff "$sdir/$name.$cmd.out" "$sdir/$name-v1.$cmd.out" | head -8 | sed 's/^/    /'; fi
  done
  # and compare reads a schema-1 base against its schema-2 run as the same run
  if out=$("$tool" compare "$sdir/$name-v1.jsonl" "$sdir/$name.jsonl") &&
     [[ "$out" == *" 0 moved, 0 missing in new, 0 only in new; "*"result: no regression" ]]; then
    passed=$((passed + 1)); else failed=$((failed + 1)); echo "  FAIL compare of $name's schemas"
    echo "$out" | tail -3 | sed 's/^/    /'; fi
done
# an unknown schema is refused, naming the schemas read
sed 's/"schema":2/"schema":3/' "$sdir/icx.jsonl" >"$sdir/icx-v3.jsonl"
if out=$("$tool" summary "$sdir/icx-v3.jsonl" 2>&1); [ $? = 2 ] &&
   [[ "$out" == *":1: schema 3, this tool reads schemas 1 and 2" ]]; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "  FAIL schema 3 not refused: $out"; fi

echo "host: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
