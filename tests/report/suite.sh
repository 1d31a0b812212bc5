#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# efipmu-host report and db (tools/report.c, tools/db.c). Reports of sample logs (the real
# backend's NO-PMU from QEMU, and model runs made by mklog: PASS, FAIL, DISTURBED, hybrid,
# AMD, two-package uncore, top-down, Ice Lake-SP's stream run on two packages, a 768-CPU Genoa
# pair and its outliers, a hostile log, two diffs) rendered by headless Chromium:
# its DOM checked against the logs (tests/report/check_dom.py), its screenshots kept in
# build/report/screens/. Then the store: import twice is one run, a cut-off or corrupt log
# leaves the store byte for byte as it was, 1,000 runs of 50 boards and `regressions` finds
# exactly the boards made to regress, history, two imports at once, migration from schema 1
# and refusal of a newer schema; then the store's view (tests/report/view.sh). Last line:
# "report: N passed, N failed".
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
rm -rf "$out/logs" "$out/html" "$out/screens" "$out/db" "$out/chromium"
mkdir -p "$out/logs" "$out/html" "$out/screens" "$out/db" "$out/chromium"
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
# Ice Lake-SP's default job on two packages: the stream kernel and every iMC channel's CAS counts
sim stream --packages 2 $'backend = sim\nsim-profile = icelake-sp\n'
# ... and Sapphire Rapids', its iMC channels found through the discovery table
sim spr-stream --packages 2 $'backend = sim\nsim-profile = sapphire-rapids\nkernels = stream\n'
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
  big:PASS nopmu:NO-PMU stream:PASS spr-stream:PASS; do
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
for n in pass fail disturbed hybrid amd uncore2 topdown stream spr-stream big big-outliers nopmu \
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
# memory bandwidth per socket and channel: each stream run's 2 sockets of 8 iMC channels
for n in stream spr-stream; do
  [ "$(grep -c '<tr class="bwchan">' "$out/html/$n.html")" = 16 ] &&
    [ "$(grep -c '<tr class="bwsock">' "$out/html/$n.html")" = 2 ] && ok ||
    bad "$n report: not 16 channel rows and 2 socket rows"
done
# the PNG is an image of the page's size
python3 - "$out/screens/pass.png" <<'EOF' && ok || bad "screenshot is not a 1280x2000 PNG"
import struct, sys
b = open(sys.argv[1], "rb").read(32)
assert b[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", b[16:24]) == (1280, 2000)
EOF

# ---- the store ----
DB=$out/db/runs.sqlite
sha() { sha256sum "$1" | cut -d' ' -f1; }
nruns() { sqlite3 "$DB" 'SELECT count(*) FROM runs'; }
# the key is the SHA-256 of the log's bytes (tools/sha256.c against sha256sum)
"$tool" db --db "$DB" import --board X9DRi "$L/pass.jsonl" >/dev/null
[ "$(sqlite3 "$DB" 'SELECT sha256 FROM runs')" = "$(sha "$L/pass.jsonl")" ] && ok ||
  bad "db key is not the log's SHA-256"
"$tool" db --db "$DB" import --board X9DRi "$L/pass.jsonl" "$L/pass.jsonl" > "$out/db/twice.out"
[ "$(nruns)" = 1 ] && grep -q "already stored as run 1" "$out/db/twice.out" && ok ||
  bad "import twice is not one run"
[ "$(sqlite3 "$DB" 'PRAGMA user_version')" = 3 ] && ok || bad "schema version is not 3"
# a cut-off log and a corrupt one: refused with the line, the store unchanged byte for byte
before=$(sha "$DB"); dump=$(sqlite3 "$DB" .dump)
head -c -40 "$L/fail.jsonl" > "$out/db/cut.jsonl"
# the first count record's delta made malformed (the capture's machine records come before it)
n=$(grep -n '"rec":"count"' "$L/uncore2.jsonl" | head -1 | cut -d: -f1)
awk -v n="$n" 'NR == n { sub(/"delta":[0-9]+/, "\"delta\":x") } { print }' "$L/uncore2.jsonl" \
  > "$out/db/corrupt.jsonl"
head -n 30 "$L/amd.jsonl" > "$out/db/unfinished.jsonl"   # whole lines, no verdict
for c in "cut:the last line is cut off" "corrupt:$n: malformed record" \
  "unfinished:30: no verdict record"; do
  f=$out/db/${c%%:*}.jsonl
  msg=$("$tool" db --db "$DB" import "$f" 2>&1); rc=$?
  if [ $rc = 2 ] && grep -q "${c#*:}" <<<"$msg" && [ "$(sha "$DB")" = "$before" ] &&
     [ "$(sqlite3 "$DB" .dump)" = "$dump" ]; then ok
  else bad "${c%%:*} log: rc $rc, '$msg', store changed?"; fi
done
# runs and its filters; report of a stored run
"$tool" db --db "$DB" import "$L/fail.jsonl" "$L/hybrid.jsonl" "$L/nopmu.jsonl" >/dev/null
[ "$("$tool" db --db "$DB" runs | tail -1)" = "4 runs" ] && ok || bad "db runs: not 4 runs"
runs() { "$tool" db --db "$DB" runs "$@" | tail -1; }
[ "$(runs --verdict FAIL)" = "1 runs" ] && ok || bad "runs --verdict"
[ "$(runs --cpu 06_97)" = "1 runs" ] && ok || bad "runs --cpu"
[ "$(runs --bios 0x50013 --board X9DRi)" = "1 runs" ] && ok || bad "runs --bios --board"
[ "$(runs --since 2026-11-21)" = "1 runs" ] && ok || bad "runs --since (the QEMU run)"
"$tool" db --db "$DB" report 2 -o "$out/html/db-run2.html" &&
  grep -q 'run 2 of .* (imported from .*fail.jsonl)' "$out/html/db-run2.html" &&
  [ "$(grep -o '<div class="chk FAIL' "$out/html/db-run2.html" | wc -l)" = \
    "$(grep -c '"result":"FAIL"' "$L/fail.jsonl")" ] &&
  ok || bad "db report of run 2"
# a board name given at import is shown, as text
"$tool" db --db "$DB" import --board '<script>document.title=1</script>' "$L/topdown.jsonl" \
  >/dev/null &&
  "$tool" db --db "$DB" report 5 -o "$out/html/db-run5.html" &&
  grep -q '<td>&lt;script&gt;document.title=1&lt;/script&gt; <span class="absent">(given at' \
    "$out/html/db-run5.html" &&
  ! grep -q '<script' "$out/html/db-run5.html" && ok || bad "db report of a hostile board name"
# a newer store is refused, not misread
cp "$DB" "$out/db/newer.sqlite"; sqlite3 "$out/db/newer.sqlite" 'PRAGMA user_version = 4'
msg=$("$tool" db --db "$out/db/newer.sqlite" runs 2>&1); rc=$?
[ $rc = 2 ] && grep -q "schema 4 is newer than this tool's (3): refused" <<<"$msg" && ok ||
  bad "a schema 4 store was not refused"
# migration: a schema 1 store (docs/host-tool.md "The store of runs") with one run, read by
# this tool
schema_v1="CREATE TABLE runs (id INTEGER PRIMARY KEY, sha256 TEXT NOT NULL UNIQUE,
 source TEXT NOT NULL, imported TEXT NOT NULL, fw_vendor TEXT, fw_revision TEXT, run_time TEXT,
 cpu_vendor TEXT, cpu_brand TEXT, cpu_model TEXT, cpus INTEGER, packages INTEGER, backend TEXT,
 simulated INTEGER NOT NULL, verdict TEXT, reason TEXT, checks INTEGER NOT NULL,
 checks_failed INTEGER NOT NULL);
CREATE TABLE logs (run_id INTEGER PRIMARY KEY REFERENCES runs(id), content BLOB NOT NULL);"
M=$out/db/v1.sqlite
sqlite3 "$M" <<EOF
$schema_v1
INSERT INTO runs VALUES (1, '$(sha "$L/uncore2.jsonl")', 'old.jsonl', '2026-01-01T00:00:00Z',
 'host', '0x0', NULL, 'GenuineIntel', 'x', '06_2d', 4, 2, 'sim', 1, 'PASS', NULL, 4, 0);
INSERT INTO logs VALUES (1, readfile('$L/uncore2.jsonl'));
PRAGMA user_version = 1;
EOF
series=$(python3 - "$L/uncore2.jsonl" <<'EOF'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
print(len({(r["box"], r["cpu"] if r["box"] == "core" else r["package"], r["event"], r["kernel"])
           for r in recs if r["rec"] == "count"}))
EOF
)
"$tool" db --db "$M" runs > "$out/db/v1.out" 2>&1
[ "$(sqlite3 "$M" 'PRAGMA user_version')" = 3 ] &&
  grep -q "migrated from schema 1 to 2 (1 runs)" "$out/db/v1.out" &&
  grep -q "migrated from schema 2 to 3 (1 runs, 0 with the machine's SMBIOS)" "$out/db/v1.out" &&
  [ "$(sqlite3 "$M" 'SELECT count(*) FROM counts WHERE run_id = 1')" = "$series" ] &&
  [ "$(sqlite3 "$M" 'SELECT coalesce(board, "null") FROM runs')" = null ] &&
  grep -q "^1 runs" "$out/db/v1.out" &&
  ok || bad "migration from schema 1: $(cat "$out/db/v1.out")"
# migration: a schema 2 store (docs/host-tool.md "The store of runs"): a QEMU log with the
# capture's SMBIOS and a model log given a board at import; schema 3's identity columns come
# from the logs
M=$out/db/v2.sqlite
sqlite3 "$M" <<EOF
$schema_v1
ALTER TABLE runs ADD COLUMN board TEXT;
CREATE TABLE counts (run_id INTEGER NOT NULL REFERENCES runs(id), cpu INTEGER,
 package INTEGER, box TEXT NOT NULL, event TEXT NOT NULL, kernel TEXT NOT NULL,
 n INTEGER NOT NULL, median INTEGER NOT NULL);
CREATE INDEX counts_event ON counts(event, run_id);
CREATE INDEX runs_board ON runs(board, run_time, id);
INSERT INTO runs VALUES (1, '$(sha "$L/capture.jsonl")', 'q.jsonl', '2026-01-01T00:00:00Z',
 'EDK II', '0x10000', '2026-11-25T23:50:39', 'GenuineIntel', 'x', '06_2d', 4, 2, 'real', 0,
 'NO-PMU', NULL, 0, 0, NULL);
INSERT INTO logs VALUES (1, readfile('$L/capture.jsonl'));
INSERT INTO runs VALUES (2, '$(sha "$L/uncore2.jsonl")', 'u.jsonl', '2026-01-01T00:00:00Z',
 'host', '0x0', NULL, 'GenuineIntel', 'x', '06_2d', 4, 2, 'sim', 1, 'PASS', NULL, 4, 0, 'X9DRi');
INSERT INTO logs VALUES (2, readfile('$L/uncore2.jsonl'));
PRAGMA user_version = 2;
EOF
"$tool" db --db "$M" runs --board 'Efipmu-Boards EB-2S' > "$out/db/v2.out" 2>&1
[ "$(sqlite3 "$M" 'PRAGMA user_version')" = 3 ] &&
  grep -q "migrated from schema 2 to 3 (2 runs, 1 with the machine's SMBIOS)" "$out/db/v2.out" &&
  [ "$(sqlite3 "$M" 'SELECT machine, board_maker, board_product, sys_maker, sys_product,
       bios_vendor, bios_version, bios_date, cpu_part, coalesce(board, "null") FROM runs
       WHERE id = 1')" = \
    "Efipmu-Boards EB-2S|Efipmu-Boards|EB-2S|Efipmu-Test-Works|Capture-Box|efipmu-lab|"`
    `"LAB-1.2.3|11/25/2026|pc-q35-7.2|null" ] &&
  [ "$(sqlite3 "$M" 'SELECT coalesce(machine, "null"), board FROM runs WHERE id = 2')" = \
    "null|X9DRi" ] &&
  grep -q "^1 runs" "$out/db/v2.out" &&
  ok || bad "migration from schema 2: $(cat "$out/db/v2.out")"
# a log with the capture names its board itself: no --board; --board still overrides it
"$tool" db --db "$DB" import "$L/capture.jsonl" tests/host/qemu-capture-bios2.jsonl >/dev/null
[ "$(runs --board 'Efipmu-Boards EB-2S')" = "2 runs" ] &&
  [ "$(runs --bios LAB-1.2.4)" = "1 runs" ] &&
  "$tool" db --db "$DB" runs --board 'Efipmu-Boards EB-2S' | grep -q ' EDK II 0x10001 ' &&
  ok || bad "import of a log with the capture: its board is not its SMBIOS board"

# 1,000 runs of 50 boards, each log naming its board and BIOS build in its capture's SMBIOS
# (no --board); each board's logs imported in a shuffled order (the newest run is the newest
# by its own time, not by import), by the plain build (the -san one is slow for this many;
# the host suite checks both answer alike)
B=$out/db/lab; BDB=$out/db/lab.sqlite
python3 tests/report/make_logs.py "$B" 50 20 "$L/pass.jsonl" "$L/uncore2.jsonl" "$L/amd.jsonl" \
  "$L/hybrid.jsonl"
for d in "$B"/B*; do
  "$build/efipmu-host" db --db "$BDB" import \
    $(ls "$d"/*.jsonl | shuf --random-source=<(yes)) >/dev/null ||
    bad "import of $d"
done
[ "$(sqlite3 "$BDB" 'SELECT count(*) FROM runs')" = 1000 ] && ok ||
  bad "1,000 logs are not 1,000 runs"
"$tool" db --db "$BDB" regressions > "$out/db/regressions.out"; rc=$?
found=$(sed -nE 's/^Lab (B[0-9]+): run [0-9]+ -> run [0-9]+: REGRESSED.*/\1/p' \
  "$out/db/regressions.out")
if [ $rc = 1 ] && [ "$found" = "$(cat "$B/regressed.txt")" ] && [ -n "$found" ] &&
   grep -q "^50 boards, $(wc -l < "$B/regressed.txt") regressed$" "$out/db/regressions.out"; then ok
else bad "regressions found [$(echo $found)], made to regress [$(echo $(cat "$B/regressed.txt"))]"
fi
# the rows under a board are compare's own on the same two logs
b=$(head -1 "$B/regressed.txt")
last=$(ls "$B/$b" | tail -1); prev=$(ls "$B/$b" | tail -2 | head -1)
"$tool" compare "$B/$b/$prev" "$B/$b/$last" | sed -n '/^tolerance/,/counts compared/p' |
  sed '1d;$d' > "$out/db/cmp.txt"
awk -v b="$b" '$0 ~ "^Lab "b": " { on = 1; next } /^[^ ]/ { on = 0 } on { sub(/^  /, ""); print }' \
  "$out/db/regressions.out" > "$out/db/regr-rows.txt"
cmp -s "$out/db/cmp.txt" "$out/db/regr-rows.txt" && ok ||
  bad "regressions' rows for $b are not compare's"
# the view of the 1,000 runs: the boards whose newest run it marks regressed are those made to
# regress (the decoys' older regressions marked on their pages only), a report per run
"$build/efipmu-host" db --db "$BDB" view -o "$out/db/lab-view" >/dev/null &&
  [ "$(sed -nE 's/.*<tr class="board regressed"><td><a href="board-[0-9]+.html">Lab (B[0-9]+)<.*/\1/p' \
      "$out/db/lab-view/index.html")" = "$(cat "$B/regressed.txt")" ] &&
  [ "$(ls "$out/db/lab-view"/run-*.html | wc -l)" = 1000 ] && ok ||
  bad "view of the 1,000 runs: its regressed boards are not those made to regress"
# history of a count across the firmware builds of a board: 20 runs x 4 CPUs, oldest first
"$tool" db --db "$BDB" history --board 'Lab B000' instructions > "$out/db/history.out"
[ "$(grep -c ' cpu [0-9] ' "$out/db/history.out")" = 80 ] &&
  grep -q "^80 values" "$out/db/history.out" &&
  sed -n '3p' "$out/db/history.out" | grep -q ' 0x1000 ' &&
  tail -2 "$out/db/history.out" | head -1 | grep -q ' 0x1013 ' && ok || bad "history --board B000"
# each board's newest build against its previous one; compare's first line names the builds
fw="American Megatrends 0x10%s, BIOS LabBIOS 1.%s (01/%s/2026)"
grep -qF "$(printf "no regression, firmware $fw -> $fw" 12 18 19 13 19 20)" \
  <<<"$(grep '^Lab B000: run [0-9]* -> run [0-9]*: ' "$out/db/regressions.out")" &&
  ok || bad "regressions: B000 not its two newest builds"
first() { "$tool" compare "$B/$1.jsonl" "$B/$2.jsonl" | head -1; }
[ "$(first B000/run-0000 B004/run-0000)" = "machine: DIFFERENT (system 'S-B000' -> 'S-B004', "`
  `"board 'B000' -> 'B004'), firmware the same (BIOS LabBIOS 1.0 (01/01/2026), UEFI American "`
  `"Megatrends 0x1000)" ] &&
  [ "$(first B000/run-0000 B000/run-0001)" = "machine: the same (Lab B000, CPU LAB-CPU-1), "`
  `"firmware DIFFERENT (UEFI firmware revision '0x1000' -> '0x1001', BIOS version '1.0' -> "`
  `"'1.1', BIOS date '01/01/2026' -> '01/02/2026')" ] &&
  ok || bad "compare's first line on two boards and two builds"
# two imports at once: both land
C=$out/db/conc.sqlite
"$tool" db --db "$C" import --board B000 "$B"/B000/*.jsonl >/dev/null & p1=$!
"$tool" db --db "$C" import --board B001 "$B"/B001/*.jsonl >/dev/null & p2=$!
wait $p1; r1=$?; wait $p2; r2=$?
[ $r1 = 0 ] && [ $r2 = 0 ] && [ "$(sqlite3 "$C" 'SELECT count(*) FROM runs')" = 40 ] && ok ||
  bad "two imports at once ($r1, $r2)"

# the store's view, page by page in Chromium (tests/report/view.sh)
vout=$(bash tests/report/view.sh 2>&1)
grep -v '^view: ' <<<"$vout"
vp=$(sed -nE 's/^view: ([0-9]+) passed, ([0-9]+) failed$/\1 \2/p' <<<"$vout")
if [ -n "$vp" ]; then
  passed=$((passed + ${vp% *})); failed=$((failed + ${vp#* }))
else
  bad "tests/report/view.sh ended without its tally"
fi

echo "report: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
