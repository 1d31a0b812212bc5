#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# efipmu-host report (tools/host/report.c). Reports of sample logs (the real
# backend's NO-PMU from QEMU, and model runs made by mklog: PASS, FAIL, DISTURBED, hybrid,
# AMD, two-package uncore, top-down, a 768-CPU Genoa pair and its outliers, a hostile log, two
# diffs) rendered by headless Chromium:
# its DOM checked against the logs (tests/report/check_dom.py), its screenshots kept in
# build/report/screens/. (The store, db, has its own suite: tests/store/suite.sh.)
# Last line: "report: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
tool=$build/efipmu-host-san   # the shipped tool's sources with ASan + UBSan
mklog=$build/report/mklog
out=$build/report
passed=0; failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "  FAIL $*"; }

if ! make -s BUILD="$build" host-san mklog >/dev/null; then
  echo "  make host-san mklog failed"
  echo "report: 0 passed, 1 failed"
  exit 1
fi
rm -rf "$out/logs" "$out/html" "$out/screens" "$out/chromium"
mkdir -p "$out/logs" "$out/html" "$out/screens" "$out/chromium"
L=$out/logs

# ---- sample logs: the model's own runs (the app's run code on the host) ----
sim() { local name=$1; shift; "$mklog" -o "$L/$name.jsonl" "$@" || bad "mklog $name"; }
sim pass --fw-vendor "American Megatrends" --fw-revision 0x50013 --time 2026-11-20T10:00:00 \
  $'backend = sim\nsim-profile = sandy-bridge-ep\n'
sim fail $'backend = sim\nsim-profile = nehalem-ex\nselftest\nsim-break = narrow-counters\n'
sim disturbed --smi-storm $'backend = sim\nsim-profile = nehalem-ep\n'
sim nhm-pass $'backend = sim\nsim-profile = nehalem-ep\n'
sim hybrid $'backend = sim\nsim-profile = alder-lake\n'
sim amd $'backend = sim\nsim-profile = zen4\n'
sim uncore2 --packages 2 $'backend = sim\nsim-profile = sandy-bridge-ep\n'
sim topdown $'backend = sim\nsim-profile = icelake-sp\nevents = TOPDOWN.SLOTS\n'
# registers of each kind (issue 35 item 5): Sandy Bridge-EP's iMC in PCI, Ice Lake-SP's in
# MMIO, and the PCI run written back in log schema 1 (tests/host/schema1.py)
sim pci --packages 2 $'backend = sim\nsim-profile = sandy-bridge-ep\nkernels = stream\n'\
$'events = instructions,uncore_imc_0/UNC_M_CAS_COUNT.RD/,uncore_imc_1/UNC_M_CAS_COUNT.RD/\n'
sim mmio --packages 2 $'backend = sim\nsim-profile = icelake-sp\nkernels = stream\n'
python3 tests/host/schema1.py "$L/pci.jsonl" "$L/pci-v1.jsonl" pci msr && ok || bad "schema 1 of pci"
# real size (issue 33 item 4): per-package summaries and a heat map, not a row per CPU
sim big --cpus 768 --packages 2 --threads 2 $'backend = sim\nsim-profile = zen4\n'
# ... with outliers: CPU 5's instruction check FAIL, CPU 9's branch check DISTURBED, CPU 700
# without checks (as a CPU that did not finish)
python3 - "$L/big.jsonl" "$L/big-outliers.jsonl" <<'EOF'
import json, sys
out = []
for l in open(sys.argv[1]):
    r = json.loads(l)
    if r["rec"] == "check" and r["cpu"] == 700:
        continue
    if r["rec"] == "check" and (r["cpu"], r["event"]) == (5, "instructions"):
        r["measured"] += 1
        r["result"] = "FAIL"
    if r["rec"] == "check" and (r["cpu"], r["event"]) == (9, "branches"):
        r["result"] = "DISTURBED"
    out.append(json.dumps(r) + "\n")
open(sys.argv[2], "w").write("".join(out))
EOF
cp tests/host/qemu-nopmu.jsonl "$L/nopmu.jsonl"   # the real backend, QEMU: NO-PMU
cp tests/host/qemu-capture.jsonl "$L/capture.jsonl"   # the same with the capture's SMBIOS
# the verdicts the samples stand for
for want in pass:PASS fail:FAIL disturbed:DISTURBED hybrid:PASS amd:PASS uncore2:PASS \
  big:PASS nopmu:NO-PMU; do
  name=${want%%:*} verdict=${want#*:}
  grep -q "\"verdict\":\"$verdict\"" "$L/$name.jsonl" && ok ||
    bad "$name.jsonl: verdict not $verdict"
done
# a hostile log: markup and script in every text the report shows
python3 - "$L/pass.jsonl" "$L/hostile.jsonl" <<'EOF'
import json, sys
s1 = "<script>document.title='PWN'+'ED';document.body.innerHTML='PWN'+'ED-BY-SCRIPT'</script>"
s2 = "\"><img src=x onerror=\"document.title='PWN'+'ED'\">"
s3 = "</td></tr></table><svg onload=\"document.title='PWN'+'ED'\">"
recs = [json.loads(l) for l in open(sys.argv[1])]
for r in recs:
    if r["rec"] == "header":
        r["firmware_vendor"] = "Board " + s1
        r["cmdline"] = s2
        r["firmware_revision"] = s3
    elif r["rec"] == "cpu":
        r["brand"] = s2 + s1
    elif r["rec"] == "count":
        r["event"] = "ev" + s3[:40]
        r["kernel"] = "k<b>"
    elif r["rec"] == "check":
        r["reason"] = s1
        r["check"] = "c" + s2
    elif r["rec"] == "verdict":
        r["verdict"] = "<s>PASS</s>"
        r["reason"] = s1
    elif r["rec"] == "skew":
        r["kernel"] = s1
    elif r["rec"] == "machine" and r["scope"] == "platform":   # the SMBIOS strings too
        del r["smbios_why"]
        # (each within the 63 characters an SMBIOS string keeps)
        r["smbios"] = {"version": "3.0", "structures": 4,
                       "bios": {"vendor": s2, "version": s3, "date": "<b>1</b>"},
                       "system": {"manufacturer": s2, "product": s3},
                       "board": {"manufacturer": s3, "product": s2},
                       "sockets": [{"populated": True, "version": s3, "part": s2}]}
open(sys.argv[2], "w").write("".join(json.dumps(r) + "\n" for r in recs))
EOF

# ---- reports in headless Chromium ----
# Every report first, then Chromium on each (two at a time): its DOM (--dump-dom, after any
# script would have run) and a screenshot. The page is self-contained: Chromium gets no network
# (the report's policy forbids any fetch) and a profile of its own; as root in a container it
# needs --no-sandbox.
report() {   # NAME LOG [--base BASE]
  local name=$1 log=$2; shift 2
  "$tool" report "$log" "$@" -o "$out/html/$name.html" 2>"$out/html/$name.err" && ok ||
    bad "report $name: $(head -1 "$out/html/$name.err")"
}
for n in pass fail disturbed hybrid amd uncore2 topdown pci pci-v1 mmio big big-outliers nopmu \
  capture hostile; do
  report "$n" "$L/$n.jsonl"
done
# diffs: compare's rows and the report's, from the same rules
diffs="diff-handmade:tests/host/handmade-base.jsonl:tests/host/handmade-new.jsonl
diff-disturbed:$L/nhm-pass.jsonl:$L/disturbed.jsonl"
while IFS=: read -r name base new; do
  "$tool" compare "$base" "$new" > "$out/html/$name.compare"
  report "$name" "$new" --base "$base"
done <<<"$diffs"
export out
ls "$out"/html/*.html | xargs -P 2 -I{} bash -c '
  n=$(basename {} .html)
  timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$out/chromium/$n" --hide-scrollbars --window-size=1280,2000 \
    --screenshot="$out/screens/$n.png" --dump-dom "file://$PWD/{}" \
    >"$out/html/$n.dom" 2>"$out/chromium/$n.log"'
for f in "$out"/html/*.html; do
  n=$(basename "$f" .html)
  if [ ! -s "$out/html/$n.dom" ] || [ ! -s "$out/screens/$n.png" ]; then
    bad "chromium rendered nothing for $n (see $out/chromium/$n.log)"; continue
  fi
  case $n in
    diff-*) IFS=: read -r _ base new <<<"$(grep "^$n:" <<<"$diffs")"
            python3 tests/report/check_dom.py "$out/html/$n.dom" "$new" \
              --compare "$out/html/$n.compare" ;;
    hostile) python3 tests/report/check_dom.py "$out/html/$n.dom" "$L/$n.jsonl" --hostile ;;
    *) python3 tests/report/check_dom.py "$out/html/$n.dom" "$L/$n.jsonl" ;;
  esac && ok || bad "DOM of $n"
done
# a PCI box's row: its register's address and fields, in both schemas; a box clock check's bound
for n in pci pci-v1; do
  grep -q '<code class="ctl">pci 0000:7f:10.4+0xd8 = 0x400304</code><br>SNBEP_PCI_PMON_CTL: '\
'ev_sel=0x4 umask=0x3 en=1</td>' "$out/html/$n.dom" && ok || bad "$n: no PCI control of iMC 0"
done
grep -q '<br>measured 7,007<br>expected at most 7,147</div>' "$out/html/mmio.dom" && ok ||
  bad "mmio: a box clock check without its bound"
# the hand-made diff holds each kind of row but "only in new": moved, missing, PASS -> FAIL, verdict
for k in d-moved d-missing passfail d-verdict; do
  grep -q "<tr class=\"diff [^\"]*\\b$k\\b" "$out/html/diff-handmade.dom" && ok ||
    bad "diff-handmade: no $k row"
done
# at real size: no row per CPU, each outlier's cell in the heat map, the page a fraction of
# the log
grep -q '<rect class="hm FAIL"[^>]*><title>cpu 5: kernel instructions retired (inst): 1 FAIL' \
  "$out/html/big-outliers.html" &&
  grep -q '<rect class="hm DISTURBED"[^>]*><title>cpu 9: kernel branches retired' \
  "$out/html/big-outliers.html" &&
  [ "$(grep -o '<rect class="hm none"[^>]*><title>cpu 700: ' "$out/html/big-outliers.html" |
      wc -l)" = 2 ] &&
  ! grep -q '<tr><th>cpu 5</th>' "$out/html/big.html" &&
  [ "$(stat -c %s "$out/html/big.html")" -lt 1000000 ] && ok ||
  bad "768-CPU reports: outliers not in the heat map, or a row per CPU"
# the PNG is an image of the page's size
python3 - "$out/screens/pass.png" <<'EOF' && ok || bad "screenshot is not a 1280x2000 PNG"
import struct, sys
b = open(sys.argv[1], "rb").read(32)
assert b[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", b[16:24]) == (1280, 2000)
EOF

echo "report: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
