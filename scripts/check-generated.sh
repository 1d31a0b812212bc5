#!/usr/bin/env bash
# The committed event tables equal what tools/gen_events.py makes from Intel's lists.
cd "$(dirname "$0")/.."
perfmon=../shared/reference/perfmon
if [ ! -f "$perfmon/mapfile.csv" ]; then
  echo "skip $perfmon is not beside this checkout"; echo "generated: 0 passed, 0 failed, 1 skipped"; exit 0
fi
if python3 tools/gen_events.py --check; then
  echo "ok   lib/events_gen.* match intel/perfmon"; echo "generated: 1 passed, 0 failed"
else
  echo "FAIL lib/events_gen.* differ: run python3 tools/gen_events.py"; echo "generated: 0 passed, 1 failed"; exit 1
fi
