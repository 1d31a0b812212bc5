# SPDX-License-Identifier: BSD-2-Clause-Patent
# The store `db view` is checked on (sourced by tests/report/view.sh, which renders its pages
# in Chromium, and tests/store/suite.sh, which views it on each database): three boards over
# firmware builds (tests/report/make_view_logs.py) and tests/host/make_hostile.py's logs, one
# of them given a board name of markup at import. 5 boards, 16 runs.
#   view_logs DIR MKLOG     the logs, into DIR
#   view_import TOOL DB DIR imports them into store DB (a file or a postgresql:// URL)
view_logs() {
  "$2" -o "$1/pass.jsonl" $'backend = sim\nsim-profile = sandy-bridge-ep\n' &&
    "$2" --packages 2 -o "$1/stream.jsonl" $'backend = sim\nsim-profile = icelake-sp\n' &&
    python3 tests/report/make_view_logs.py "$1" "$1/pass.jsonl" "$1/stream.jsonl" &&
    python3 tests/host/make_hostile.py tests/host/sim-selftest-fail.jsonl \
      tests/host/qemu-capture.jsonl "$1"
}
view_import() {
  local b
  for b in V000 V001 V002; do
    "$1" db --db "$2" import "$3/$b"/*.jsonl >/dev/null || return 1
  done
  "$1" db --db "$2" import --board "<img src=x onerror=\"document.title='PWN'+'ED'\">" \
    "$3/hostile-selftest.jsonl" >/dev/null &&
    "$1" db --db "$2" import tests/host/qemu-capture.jsonl "$3/hostile-capture.jsonl" >/dev/null
}
