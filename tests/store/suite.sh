#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# efipmu-host db, the store of runs (tools/host/db.c, store*.c), on each of its databases: an
# SQLite file, and a PostgreSQL server of the suite's own (tests/store/pg_cluster.sh: a
# temporary cluster, started and removed here; a server that cannot start is a failure).
# On each: import twice is one run, a cut-off or corrupt log leaves the store as it was, runs
# and its filters, the report of a stored run, refusal of a newer schema, 1,000 runs of 50
# boards and `regressions` finds exactly the boards made to regress, history, and imports at
# once from many processes, of the same logs and of others, each run stored exactly once; the
# view (db view) of the 1,000 runs and of tests/report/view_store.sh's store, its pages checked
# against the store (tests/report/check_view.py; in Chromium: tests/report/view.sh), and on
# PostgreSQL the same bytes as SQLite's view of the same logs.
# SQLite alone: migration from schemas 1 and 2 (the stores before there was a server).
# Usage: tests/store/suite.sh [sqlite|pg]... (default both). Last line "store: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
tool=$build/efipmu-host-san   # the shipped tool's sources with ASan + UBSan
mklog=$build/report/mklog
out=$build/store
backends=("$@")
[ $# -eq 0 ] && backends=(sqlite pg)
passed=0; failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "  FAIL [$be] $*"; }
be=build

if ! make -s BUILD="$build" host host-san mklog >/dev/null; then
  echo "  make host host-san mklog failed"
  echo "store: 0 passed, 1 failed"
  exit 1
fi
. tests/store/pg_cluster.sh
trap pg_stop EXIT
trap 'exit 1' INT TERM   # the cluster stopped and removed (EXIT) when the suite is stopped too
rm -rf "$out"; mkdir -p "$out/logs"
L=$out/logs

# ---- sample logs: the model's own runs (the app's run code on the host), QEMU's real ones ----
sim() { local name=$1; shift; "$mklog" -o "$L/$name.jsonl" "$@" || bad "mklog $name"; }
sim pass --fw-vendor "American Megatrends" --fw-revision 0x50013 --time 2026-11-20T10:00:00 \
  $'backend = sim\nsim-profile = sandy-bridge-ep\n'
sim fail $'backend = sim\nsim-profile = nehalem-ex\nselftest\nsim-break = narrow-counters\n'
sim hybrid $'backend = sim\nsim-profile = alder-lake\n'
sim amd $'backend = sim\nsim-profile = zen4\n'
sim uncore2 --packages 2 $'backend = sim\nsim-profile = sandy-bridge-ep\n'
sim topdown $'backend = sim\nsim-profile = icelake-sp\nevents = TOPDOWN.SLOTS\n'
cp tests/host/qemu-nopmu.jsonl "$L/nopmu.jsonl"   # the real backend, QEMU: NO-PMU
cp tests/host/qemu-capture.jsonl "$L/capture.jsonl"   # the same with the capture's SMBIOS
# 1,000 runs of 50 boards, each log naming its board and BIOS build in its capture's SMBIOS
B=$out/lab
python3 tests/report/make_logs.py "$B" 50 20 "$L/pass.jsonl" "$L/uncore2.jsonl" "$L/amd.jsonl" \
  "$L/hybrid.jsonl" || bad "make_logs.py"
sha() { sha256sum "$1" | cut -d' ' -f1; }
# the store db view is checked on: 5 boards, 16 runs, hostile strings among them
VL=$out/view-logs; mkdir -p "$VL"
. tests/report/view_store.sh
view_logs "$VL" "$mklog" || bad "tests/report/view_store.sh's logs"

# ---- each backend: newstore NAME gives a fresh store's --db, q STORE SQL queries it ----
newstore() {
  case $be in
    sqlite) echo "$out/$be/$1.sqlite" ;;
    pg) pg_createdb "$1" && pg_url "$1" ;;
  esac
}
q() {
  case $be in
    sqlite) sqlite3 "$1" "$2" ;;
    pg) pg_psql -d "$1" -c "$2" ;;
  esac
}
# the store's schema version: SQLite's user_version, the comment on PostgreSQL's runs table
version() {
  case $be in
    sqlite) q "$1" 'PRAGMA user_version' ;;
    pg) q "$1" "SELECT obj_description(to_regclass('runs'), 'pg_class')" ;;
  esac
}
set_version() {
  case $be in
    sqlite) q "$1" "PRAGMA user_version = $2" ;;
    pg) q "$1" "COMMENT ON TABLE runs IS '$2'" ;;
  esac
}
# everything the store holds, as text (SQLite: also the file's bytes)
snapshot() {
  case $be in
    sqlite) sha "$1"; sqlite3 "$1" .dump ;;
    # (less the random key of the psql meta-commands pg_dump 15.14 brackets its text with)
    pg) "$PG_BIN/pg_dump" -d "$1" | grep -Ev '^\\(un)?restrict ' ;;
  esac
}
# how the tool names store NAME (URL DB): the file, or the server without its password
store_name() {
  case $be in
    sqlite) echo "$2" ;;
    pg) echo "postgresql://efipmu@/$1?host=$PG_DIR" ;;
  esac
}
copy_store() {   # FROM NAME: a copy of store FROM as a new store NAME
  case $be in
    sqlite) cp "$1" "$out/$be/$2.sqlite"; echo "$out/$be/$2.sqlite" ;;
    pg) local from=${1#postgresql:///}
        pg_psql -d "$(pg_url postgres)" -c "CREATE DATABASE $2 TEMPLATE ${from%%\?*}" &&
          pg_url "$2" ;;
  esac
}

store_checks() {
  local o=$out/$be DB M BDB C
  mkdir -p "$o"
  DB=$(newstore runs)
  db() { "$tool" db --db "$DB" "$@"; }
  nruns() { q "$DB" 'SELECT count(*) FROM runs'; }
  # the key is the SHA-256 of the log's bytes (tools/sha256.c against sha256sum)
  db import --board X9DRi "$L/pass.jsonl" >/dev/null
  [ "$(q "$DB" 'SELECT sha256 FROM runs')" = "$(sha "$L/pass.jsonl")" ] && ok ||
    bad "db key is not the log's SHA-256"
  db import --board X9DRi "$L/pass.jsonl" "$L/pass.jsonl" > "$o/twice.out"
  [ "$(nruns)" = 1 ] && grep -q "already stored as run 1" "$o/twice.out" && ok ||
    bad "import twice is not one run"
  [ "$(version "$DB")" = 3 ] && ok || bad "schema version is not 3"
  # a cut-off log and a corrupt one: refused with the line, the store unchanged
  local before n c f msg rc
  before=$(snapshot "$DB")
  head -c -40 "$L/fail.jsonl" > "$o/cut.jsonl"
  # the first count record's delta made malformed (the capture's machine records come before it)
  n=$(grep -n '"rec":"count"' "$L/uncore2.jsonl" | head -1 | cut -d: -f1)
  awk -v n="$n" 'NR == n { sub(/"delta":[0-9]+/, "\"delta\":x") } { print }' "$L/uncore2.jsonl" \
    > "$o/corrupt.jsonl"
  head -n 30 "$L/amd.jsonl" > "$o/unfinished.jsonl"   # whole lines, no verdict
  for c in "cut:the last line is cut off" "corrupt:$n: malformed record" \
    "unfinished:30: no verdict record"; do
    f=$o/${c%%:*}.jsonl
    msg=$(db import "$f" 2>&1); rc=$?
    if [ $rc = 2 ] && grep -q "${c#*:}" <<<"$msg" && grep -q "$(sha "$L/pass.jsonl")" <<<"$before" &&
       [ "$(snapshot "$DB")" = "$before" ]; then ok
    else bad "${c%%:*} log: rc $rc, '$msg', store changed?"; fi
  done
  # runs and its filters; report of a stored run
  db import "$L/fail.jsonl" "$L/hybrid.jsonl" "$L/nopmu.jsonl" >/dev/null
  [ "$(db runs | tail -1)" = "4 runs" ] && ok || bad "db runs: not 4 runs"
  runs() { db runs "$@" | tail -1; }
  [ "$(runs --verdict FAIL)" = "1 runs" ] && ok || bad "runs --verdict"
  [ "$(runs --cpu 06_97)" = "1 runs" ] && ok || bad "runs --cpu"
  [ "$(runs --bios 0x50013 --board X9DRi)" = "1 runs" ] && ok || bad "runs --bios --board"
  [ "$(runs --since 2026-11-21)" = "1 runs" ] && ok || bad "runs --since (the QEMU run)"
  db report 2 -o "$o/db-run2.html" &&
    grep -q 'run 2 of .* (imported from .*fail.jsonl)' "$o/db-run2.html" &&
    [ "$(grep -o '<div class="chk FAIL' "$o/db-run2.html" | wc -l)" = \
      "$(grep -c '"result":"FAIL"' "$L/fail.jsonl")" ] &&
    ok || bad "db report of run 2"
  # a board name given at import is shown, as text
  db import --board '<script>document.title=1</script>' "$L/topdown.jsonl" >/dev/null &&
    db report 5 -o "$o/db-run5.html" &&
    grep -q '<td>&lt;script&gt;document.title=1&lt;/script&gt; <span class="absent">(given at' \
      "$o/db-run5.html" &&
    ! grep -q '<script' "$o/db-run5.html" && ok || bad "db report of a hostile board name"
  # a newer store is refused, not misread
  M=$(copy_store "$DB" newer)
  set_version "$M" 4 >/dev/null
  msg=$("$tool" db --db "$M" runs 2>&1); rc=$?
  [ $rc = 2 ] && grep -q "schema 4 is newer than this tool's (3): refused" <<<"$msg" && ok ||
    bad "a schema 4 store was not refused ($rc: $msg)"
  # a log with the capture names its board itself: no --board; --board still overrides it
  db import "$L/capture.jsonl" tests/host/qemu-capture-bios2.jsonl >/dev/null
  [ "$(runs --board 'Efipmu-Boards EB-2S')" = "2 runs" ] &&
    [ "$(runs --bios LAB-1.2.4)" = "1 runs" ] &&
    db runs --board 'Efipmu-Boards EB-2S' | grep -q ' EDK II 0x10001 ' &&
    ok || bad "import of a log with the capture: its board is not its SMBIOS board"

  # 1,000 runs of 50 boards (no --board); each board's logs imported in a shuffled order (the
  # newest run is the newest by its own time, not by import), by the plain build (the -san one
  # is slow for this many; the host suite checks both answer alike)
  BDB=$(newstore lab)
  local d
  for d in "$B"/B*; do
    "$build/efipmu-host" db --db "$BDB" import \
      $(ls "$d"/*.jsonl | shuf --random-source=<(yes)) >/dev/null ||
      bad "import of $d"
  done
  [ "$(q "$BDB" 'SELECT count(*) FROM runs')" = 1000 ] && ok ||
    bad "1,000 logs are not 1,000 runs"
  "$tool" db --db "$BDB" regressions > "$o/regressions.out"; rc=$?
  local found b last prev fw
  found=$(sed -nE 's/^Lab (B[0-9]+): run [0-9]+ -> run [0-9]+: REGRESSED.*/\1/p' \
    "$o/regressions.out")
  if [ $rc = 1 ] && [ "$found" = "$(cat "$B/regressed.txt")" ] && [ -n "$found" ] &&
     grep -q "^50 boards, $(wc -l < "$B/regressed.txt") regressed$" "$o/regressions.out"; then ok
  else bad "regressions found [$(echo $found)], made to regress [$(echo $(cat "$B/regressed.txt"))]"
  fi
  # the rows under a board are compare's own on the same two logs
  b=$(head -1 "$B/regressed.txt")
  last=$(ls "$B/$b" | tail -1); prev=$(ls "$B/$b" | tail -2 | head -1)
  "$tool" compare "$B/$b/$prev" "$B/$b/$last" | sed -n '/^tolerance/,/counts compared/p' |
    sed '1d;$d' > "$o/cmp.txt"
  awk -v b="$b" '$0 ~ "^Lab "b": " { on = 1; next } /^[^ ]/ { on = 0 } on { sub(/^  /, ""); print }' \
    "$o/regressions.out" > "$o/regr-rows.txt"
  cmp -s "$o/cmp.txt" "$o/regr-rows.txt" && ok || bad "regressions' rows for $b are not compare's"
  # the view of the 1,000 runs: the boards whose newest run it marks regressed are those made
  # to regress (the decoys' older regressions marked on their pages only), a report per run
  "$build/efipmu-host" db --db "$BDB" view -o "$o/lab-view" >/dev/null &&
    [ "$(sed -nE 's/.*<tr class="board regressed"><td><a href="board-[0-9]+.html">Lab (B[0-9]+)<.*/\1/p' \
        "$o/lab-view/index.html")" = "$(cat "$B/regressed.txt")" ] &&
    [ "$(ls "$o/lab-view"/run-*.html | wc -l)" = 1000 ] &&
    [ "$(ls "$o/lab-view"/board-*.html | wc -l)" = 50 ] && ok ||
    bad "view of the 1,000 runs: its regressed boards are not those made to regress"
  view_checks
  # history of a count across the firmware builds of a board: 20 runs x 4 CPUs, oldest first
  "$tool" db --db "$BDB" history --board 'Lab B000' instructions > "$o/history.out"
  [ "$(grep -c ' cpu [0-9] ' "$o/history.out")" = 80 ] &&
    grep -q "^80 values" "$o/history.out" &&
    sed -n '3p' "$o/history.out" | grep -q ' 0x1000 ' &&
    tail -2 "$o/history.out" | head -1 | grep -q ' 0x1013 ' && ok || bad "history --board B000"
  # each board's newest build against its previous one; compare's first line names the builds
  fw="American Megatrends 0x10%s, BIOS LabBIOS 1.%s (01/%s/2026)"
  grep -qF "$(printf "no regression, firmware $fw -> $fw" 12 18 19 13 19 20)" \
    <<<"$(grep '^Lab B000: run [0-9]* -> run [0-9]*: ' "$o/regressions.out")" &&
    ok || bad "regressions: B000 not its two newest builds"

  # imports at once into a new store (its schema created by whichever comes first): six
  # processes import the same 20 logs of B000, four the 20 of B001-B004 each and B000's again;
  # each of the 100 runs is stored once, with its counts, and the 180 other imports say so
  C=$(newstore conc)
  local pids=() k i all=0
  for k in 0 1 2 3 4 5; do
    "$build/efipmu-host" db --db "$C" import "$B"/B000/*.jsonl > "$o/conc-$k.out" 2>&1 & pids+=($!)
  done
  for i in 1 2 3 4; do
    "$build/efipmu-host" db --db "$C" import "$B/B00$i"/*.jsonl "$B"/B000/*.jsonl \
      > "$o/conc-b$i.out" 2>&1 & pids+=($!)
  done
  for k in "${pids[@]}"; do wait "$k" || all=1; done
  local per="SELECT r.sha256, count(c.run_id) FROM runs r LEFT JOIN counts c ON c.run_id = r.id"
  if [ $all = 0 ] && [ "$(q "$C" 'SELECT count(*), count(DISTINCT sha256) FROM runs')" = "100|100" ] &&
     [ "$(q "$C" 'SELECT count(*) FROM logs')" = 100 ] &&
     [ "$(cat "$o"/conc-*.out | grep -c ': run [0-9]*$')" = 100 ] &&
     [ "$(cat "$o"/conc-*.out | grep -c ': already stored as run [0-9]*$')" = 180 ] &&
     [ "$(q "$C" "$per GROUP BY r.sha256 ORDER BY r.sha256")" = \
       "$(q "$BDB" "$per WHERE r.machine IN ('Lab B000', 'Lab B001', 'Lab B002', 'Lab B003',
         'Lab B004') GROUP BY r.sha256 ORDER BY r.sha256")" ]; then ok
  else bad "10 imports at once: not each of 100 runs once ($(cat "$o"/conc-*.out | grep -v \
    ': run [0-9]*$\|: already stored as run' | head -3))"
  fi
}

# db view of tests/report/view_store.sh's store: its pages against the store and compare (as
# written; tests/report/view.sh checks them in Chromium), the index as db regressions says
view_checks() {
  local o=$out/$be V=$out/$be/view VDB b r
  VDB=$(newstore view)
  view_import "$tool" "$VDB" "$VL" && "$tool" db --db "$VDB" view -o "$V" > "$o/view.out" 2>&1 &&
    grep -qx "$V: 5 boards, 16 runs: $V/index.html" "$o/view.out" && ok ||
    bad "db view of the view store: $(cat "$o/view.out")"
  PSQL=${PG_BIN:-}/psql python3 tests/report/check_view.py "$V" - "$VDB" "$tool" \
    "$(store_name view "$VDB")" && ok || bad "the view's pages against the store"
  "$tool" db --db "$VDB" regressions > "$o/view-regressions.out"
  for b in V000 V001; do
    r=$(grep -o "^Lab $b: run [0-9]* -> run [0-9]*: [A-Za-z ]*" "$o/view-regressions.out" |
        sed 's/.*: //; s/ *$//')
    grep -q "<tr class=\"board[^\"]*\"><td><a href=\"board-[0-9]*.html\">Lab $b</a>.*<td>$r</td></tr>" \
      "$V/index.html" && ok || bad "index: Lab $b's newest run is not '$r' as db regressions says"
  done
  [ "$be" = pg ] || return 0
  # the server's view is the SQLite file's of the same logs, byte for byte but the store's name
  local ref=$o/view-ref.sqlite
  view_import "$build/efipmu-host" "$ref" "$VL" &&
    "$build/efipmu-host" db --db "$ref" view -o "$o/view-ref" >/dev/null &&
    python3 - "$V" "$(store_name view "$VDB")" "$o/view-ref" "$ref" <<'EOF' && ok ||
import os, sys
a, an, b, bn = sys.argv[1:5]
names = sorted(os.listdir(a))
assert names == sorted(os.listdir(b)), "files differ"
for n in names:
    x = open(os.path.join(a, n), "rb").read().replace(an.encode(), b"STORE")
    y = open(os.path.join(b, n), "rb").read().replace(bn.encode(), b"STORE")
    assert x == y, n + " differs"
EOF
    bad "the server's view is not SQLite's of the same logs"
}

# SQLite alone: stores made before the server, of schemas 1 and 2, migrated when opened
sqlite_migrations() {
  local o=$out/$be M series
  # a schema 1 store (docs/host-tool.md "The store of runs") with one run, read by this tool
  local schema_v1="CREATE TABLE runs (id INTEGER PRIMARY KEY, sha256 TEXT NOT NULL UNIQUE,
 source TEXT NOT NULL, imported TEXT NOT NULL, fw_vendor TEXT, fw_revision TEXT, run_time TEXT,
 cpu_vendor TEXT, cpu_brand TEXT, cpu_model TEXT, cpus INTEGER, packages INTEGER, backend TEXT,
 simulated INTEGER NOT NULL, verdict TEXT, reason TEXT, checks INTEGER NOT NULL,
 checks_failed INTEGER NOT NULL);
CREATE TABLE logs (run_id INTEGER PRIMARY KEY REFERENCES runs(id), content BLOB NOT NULL);"
  M=$o/v1.sqlite
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
  "$tool" db --db "$M" runs > "$o/v1.out" 2>&1
  [ "$(sqlite3 "$M" 'PRAGMA user_version')" = 3 ] &&
    grep -q "migrated from schema 1 to 2 (1 runs)" "$o/v1.out" &&
    grep -q "migrated from schema 2 to 3 (1 runs, 0 with the machine's SMBIOS)" "$o/v1.out" &&
    [ "$(sqlite3 "$M" 'SELECT count(*) FROM counts WHERE run_id = 1')" = "$series" ] &&
    [ "$(sqlite3 "$M" 'SELECT coalesce(board, "null") FROM runs')" = null ] &&
    grep -q "^1 runs" "$o/v1.out" &&
    ok || bad "migration from schema 1: $(cat "$o/v1.out")"
  # a schema 2 store (docs/host-tool.md "The store of runs"): a QEMU log with the capture's
  # SMBIOS and a model log given a board at import; schema 3's identity columns come from
  # the logs
  M=$o/v2.sqlite
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
  "$tool" db --db "$M" runs --board 'Efipmu-Boards EB-2S' > "$o/v2.out" 2>&1
  [ "$(sqlite3 "$M" 'PRAGMA user_version')" = 3 ] &&
    grep -q "migrated from schema 2 to 3 (2 runs, 1 with the machine's SMBIOS)" "$o/v2.out" &&
    [ "$(sqlite3 "$M" 'SELECT machine, board_maker, board_product, sys_maker, sys_product,
         bios_vendor, bios_version, bios_date, cpu_part, coalesce(board, "null") FROM runs
         WHERE id = 1')" = \
      "Efipmu-Boards EB-2S|Efipmu-Boards|EB-2S|Efipmu-Test-Works|Capture-Box|efipmu-lab|"`
      `"LAB-1.2.3|11/25/2026|pc-q35-7.2|null" ] &&
    [ "$(sqlite3 "$M" 'SELECT coalesce(machine, "null"), board FROM runs WHERE id = 2')" = \
      "null|X9DRi" ] &&
    grep -q "^1 runs" "$o/v2.out" &&
    ok || bad "migration from schema 2: $(cat "$o/v2.out")"
}

for be in "${backends[@]}"; do
  case $be in
    sqlite) store_checks; sqlite_migrations ;;
    pg) if pg_start > "$out/pg-start.txt"; then
          store_checks
          # a URL's password is never shown: the store is named without it (the suite's
          # server trusts its socket, so any password is let in)
          url=$(pg_url runs | sed 's|^postgresql://|postgresql://efipmu:S3cret-pw@|')
          msg=$("$tool" db --db "$url" report 999 -o "$out/pg/none.html" 2>&1)
          "$tool" db --db "$url" report 1 -o "$out/pg/pw.html" &&
            grep -q 'run 1 of postgresql://efipmu@/runs?host=' "$out/pg/pw.html" &&
            grep -q '^efipmu-host: postgresql://efipmu@/runs?host=.*: no run 999$' <<<"$msg" &&
            ! grep -q S3cret "$out/pg/pw.html" - <<<"$msg" && ok ||
            bad "a URL's password shown in a report or a message"
          # a server that does not answer: one line naming it, exit 2
          msg=$("$tool" db --db "postgresql:///runs?host=$PWD/$out/no-server" runs 2>&1); rc=$?
          [ $rc = 2 ] && [ "$(wc -l <<<"$msg")" = 1 ] &&
            grep -q "^efipmu-host: cannot connect to the store's server: " <<<"$msg" && ok ||
            bad "no server: rc $rc, '$msg'"
          pg_stop
        else
          bad "no PostgreSQL server of the suite's own: $(cat "$out/pg-start.txt")"
        fi ;;
    *) echo "usage: $0 [sqlite|pg]..."; exit 2 ;;
  esac
done

# compare's first line on two boards and on two builds (the lab's logs; no store)
be=compare
first() { "$tool" compare "$B/$1.jsonl" "$B/$2.jsonl" | head -1; }
[ "$(first B000/run-0000 B004/run-0000)" = "machine: DIFFERENT (system 'S-B000' -> 'S-B004', "`
  `"board 'B000' -> 'B004'), firmware the same (BIOS LabBIOS 1.0 (01/01/2026), UEFI American "`
  `"Megatrends 0x1000)" ] &&
  [ "$(first B000/run-0000 B000/run-0001)" = "machine: the same (Lab B000, CPU LAB-CPU-1), "`
  `"firmware DIFFERENT (UEFI firmware revision '0x1000' -> '0x1001', BIOS version '1.0' -> "`
  `"'1.1', BIOS date '01/01/2026' -> '01/02/2026')" ] &&
  ok || bad "compare's first line on two boards and two builds"

echo "store: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
