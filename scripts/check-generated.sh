#!/usr/bin/env bash
# The committed event tables equal what tools/gen_events.py makes from Intel's lists.
cd "$(dirname "$0")/.."
if python3 tools/gen_events.py --check; then
  echo "ok   lib/events_gen.* match intel/perfmon"; echo "generated: 1 passed, 0 failed"
else
  echo "FAIL lib/events_gen.* differ: run python3 tools/gen_events.py"; echo "generated: 0 passed, 1 failed"; exit 1
fi
