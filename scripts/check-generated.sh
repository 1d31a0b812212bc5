#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# The committed event tables equal what tools/gen_events.py makes from Intel's lists
# (data/perfmon/) and tools/gen_box_events.py from the tables
# (data/registers/uncore-events.md), the errata table what tools/gen_errata.py makes of
# Intel's lists' Errata field: the project's own copies, so a clone alone is
# checked; and the built-in profiles' CPUID tables, made at build time from data/cpuid/
# (tools/gen_cpuid_tables.py), name the processors their dumps do. A missing or altered
# input is a failure, never a skip.
cd "$(dirname "$0")/.."
pass=0; fail=0
check() {   # name, then a command that fails with its reason
  local name=$1 out; shift
  if out=$("$@" 2>&1); then
    pass=$((pass + 1)); echo "ok   $name"
  else
    fail=$((fail + 1)); echo "FAIL $name:"; echo "$out" | head -20 | sed 's/^/     /'
  fi
}
# Every vendored perfmon file as SOURCE.txt records it (Intel's files, unchanged).
perfmon_intact() {
  local sums
  sums=$(grep -E '^[0-9a-f]{64}  ' data/perfmon/SOURCE.txt 2>/dev/null)
  [ -n "$sums" ] || { echo "data/perfmon/SOURCE.txt missing or lists no checksums"; return 1; }
  (cd data/perfmon && sha256sum --quiet -c <<<"$sums")
}
check "data/perfmon/ files match the SHA-256 sums in its SOURCE.txt" perfmon_intact
check "lib/hw/events_gen.* match data/perfmon/" python3 tools/gen_events.py --check
check "tools/gen_events.py's rules on made-up entries (tests/generated/)" \
  python3 tests/generated/test_gen_events.py
check "lib/hw/events_box_gen.* match data/registers/" python3 tools/gen_box_events.py --check
check "lib/hw/errata_gen.c matches the Errata of data/perfmon/" python3 tools/gen_errata.py --check
check "each built-in CPUID table (data/cpuid/) is the processor its dump names" \
  python3 tools/gen_cpuid_tables.py --check
check "the built-in CPUID tables generate" \
  python3 tools/gen_cpuid_tables.py -o "${BUILD:-build}/check-cpuid-gen.h"
echo "generated: $pass passed, $fail failed"
[ $fail -eq 0 ]
