#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# Every event of the vendored perfmon lists (data/perfmon/: every core list, the Xeon uncore
# lists from Sandy Bridge-EP to Sierra Forest), by name, AMD's L3, DF and UMC formats on
# zen2-4 and the Diamond Rapids, Panther Lake and Nova Lake units' formats (raw specs: no
# Intel list of them), through `efipmu-host dry-run` against an independent encoder written
# from the JSON, Linux's formats and the manuals (tests/perfenc/).
# Mismatches listed in tests/perfenc/known-gaps.txt are reported, not failed; a listed one
# that matches again fails (the list only shrinks). Last line: "perfenc: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
if ! make -s BUILD="$build" host-san >/dev/null; then
  echo "  make host-san failed"
  echo "perfenc: 0 passed, 1 failed"
  exit 1
fi
# The tool's sources with ASan + UBSan: a memory error in a run fails the suite.
python3 tests/perfenc/run.py --tool "$build/efipmu-host-san" --data data/perfmon \
  --gaps tests/perfenc/known-gaps.txt
