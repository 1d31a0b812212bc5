#!/usr/bin/env bash
# The committed event tables equal what tools/gen_events.py makes from Intel's lists
# and tools/gen_box_events.py from REGISTERS.md.
cd "$(dirname "$0")/.."
perfmon=../shared/reference/perfmon
if [ ! -f "$perfmon/mapfile.csv" ] || [ ! -f ../shared/reference/REGISTERS.md ]; then
  echo "skip $perfmon is not beside this checkout"; echo "generated: 0 passed, 0 failed, 1 skipped"; exit 0
fi
pass=0; fail=0
if python3 tools/gen_events.py --check; then
  echo "ok   lib/hw/events_gen.* match intel/perfmon"; pass=$((pass + 1))
else
  echo "FAIL lib/hw/events_gen.* differ: run python3 tools/gen_events.py"; fail=$((fail + 1))
fi
if python3 tools/gen_box_events.py --check; then
  echo "ok   lib/hw/events_box_gen.* match REGISTERS.md"; pass=$((pass + 1))
else
  echo "FAIL lib/hw/events_box_gen.* differ: run python3 tools/gen_box_events.py"; fail=$((fail + 1))
fi
echo "generated: $pass passed, $fail failed"
[ $fail -eq 0 ]
