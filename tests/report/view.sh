#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# efipmu-host db view (tools/host/db_view.c, issue 37 item 6): the store of
# tests/report/view_store.sh (three boards over firmware builds: regressions, an Ice Lake-SP
# stream run, hostile strings) in an SQLite file, its view rendered page by page in headless
# Chromium and checked against the store and `compare` (tests/report/check_view.py); a view
# again over an earlier one; a directory that is not a view refused, unchanged. The view on
# each database, and of the 1,000-run lab, is tests/store/suite.sh's. Run by
# tests/report/suite.sh; last line "view: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
tool=$build/efipmu-host-san
out=$build/report/view
passed=0; failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "  FAIL $*"; }

# built by its callers (suite.sh, scripts/mutants.py's report_view): make host-san mklog
if [ ! -x "$tool" ] || [ ! -x "$build/report/mklog" ]; then
  echo "  no $tool or $build/report/mklog: make host-san mklog first"
  echo "view: 0 passed, 1 failed"
  exit 1
fi
rm -rf "$out"
mkdir -p "$out/logs" "$out/dom" "$out/chromium"
L=$out/logs
. tests/report/view_store.sh
view_logs "$L" "$build/report/mklog" && ok || bad "making the logs"
DB=$out/runs.sqlite
view_import "$tool" "$DB" "$L" && ok || bad "import of the logs"

# the view, every page in Chromium (its DOM after any script would have run, and its console)
V=$out/site
"$tool" db --db "$DB" view -o "$V" > "$out/view.out" 2>&1 &&
  grep -qx "$V: 5 boards, 16 runs: $V/index.html" "$out/view.out" && ok ||
  bad "db view: $(cat "$out/view.out")"
export out V
ls "$V"/*.html | xargs -P 2 -I{} bash -c '
  n=$(basename {} .html)
  timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$out/chromium/$n" --enable-logging=stderr --v=0 \
    --dump-dom "file://$PWD/{}" >"$out/dom/$n.dom" 2>"$out/dom/$n.log"'
empty=$(for f in "$V"/*.html; do [ -s "$out/dom/$(basename "$f" .html).dom" ] || echo "$f"; done)
[ -z "$empty" ] && ok || bad "Chromium rendered nothing for $empty"
python3 tests/report/check_view.py "$V" "$out/dom" "$DB" "$tool" && ok || bad "the view's pages"
# a run's page is its report: the stream run's memory bandwidth and counts heat map, checked
# against its log as the report suite checks reports
sid=$("$tool" db --db "$DB" runs | awk '/V001\/run-0000\.jsonl$/ { print $1 }')
python3 tests/report/check_dom.py "$out/dom/run-$sid.dom" "$L/V001/run-0000.jsonl" && ok ||
  bad "the report of run $sid in the view"
# again over the earlier view: the same pages
sum() { (cd "$1" && sha256sum -- * | sort); }
before=$(sum "$V")
"$tool" db --db "$DB" view -o "$V" >/dev/null && [ "$(sum "$V")" = "$before" ] && ok ||
  bad "a view again over the earlier one differs"
# refused, one line, nothing changed: a directory that is not a view, an earlier view with a
# file it did not write, a file
refuse() {   # DIR MESSAGE
  local was; was=$( [ -d "$1" ] && sum "$1" || sha256sum "$1")
  msg=$("$tool" db --db "$DB" view -o "$1" 2>&1); rc=$?
  [ $rc = 2 ] && [ "$(wc -l <<<"$msg")" = 1 ] && grep -qF "$2" <<<"$msg" &&
    [ "$( [ -d "$1" ] && sum "$1" || sha256sum "$1")" = "$was" ] && ok ||
    bad "view -o $1: rc $rc, '$msg'"
}
mkdir -p "$out/other"; echo keep > "$out/other/notes.txt"
refuse "$out/other" "$out/other: not empty and not an earlier view (it holds notes.txt and no efipmu-view.txt): refused"
echo keep > "$V/mine.html"
refuse "$V" "$V: holds mine.html, which no view wrote: refused"
rm "$V/mine.html"
refuse "$out/view.out" "$out/view.out: not a directory"

echo "view: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
