#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# The layers' include rules (docs/design.md "Layers"), on lib/ as it is and then on
# copies with one rule broken each, which must fail (a check that cannot fail proves
# nothing). Last line: "layers: N passed, N failed".
#  1. lib/run, lib/pmu, lib/check, lib/capture and lib/bench include no model/ or hooks/ header and call no
#     model_*() or sim_workload_*() function, not one file of them: the backend for
#     backend = sim and the test hooks over it are built above the run, in lib/assemble,
#     which the program's entry point hands to the run;
#  2. no file of lib/run reaches the bench (no bench/ header): the bench's jobs are registered
#     by the program's entry point (struct platform.jobs, bench/job_bench.h bench_jobs);
#  3. lib/hw includes nothing from lib/pmu (the box descriptor type is lib/hw/uncore_desc.h's);
#  4. no file of lib/run but options.c, which parses it, consults the dry-run flag: the job
#     table's row names its setting (OPT_DRY_RUN), the jobs see the overlay's backend
#     (records_only, lib/pmu/backend.h);
#  5. no header of efi/ or tools/host/, which include their own by bare name, shares its name
#     with one of lib/ ("platform.h" would be either).
cd "$(dirname "$0")/../.."
pass=0; fail=0

# violations DIR: one line per rule broken under DIR (a copy of lib/), nothing when none.
violations() {
  local d=$1
  grep -nE '^\s*#\s*include\s*"(model|hooks|assemble)/' "$d"/run/*.[ch] "$d"/pmu/*.[ch] \
    "$d"/check/*.[ch] "$d"/capture/*.[ch] "$d"/bench/*.[ch]
  grep -nE '\b(model|sim_workload)_[a-z0-9_]+\s*\(' "$d"/run/*.[ch] "$d"/pmu/*.[ch] \
    "$d"/check/*.[ch] "$d"/capture/*.[ch] "$d"/bench/*.[ch]
  grep -nE '^\s*#\s*include\s*"bench/' "$d"/run/*.[ch]
  grep -nE '^\s*#\s*include\s*"pmu/' "$d"/hw/*.[ch]
  grep -nE '(\.|->)dry_run\b' "$d"/run/*.[ch] | grep -v "^$d/run/options.c:"
  local h
  for h in efi/*.h tools/host/*.h; do
    ls "$d"/*/"$(basename "$h")" 2>/dev/null | sed "s|\$| has the name of $h|"
  done
}

check() {   # name, expect (clean|broken), dir
  local out
  out=$(violations "$3")
  if { [ "$2" = clean ] && [ -z "$out" ]; } || { [ "$2" = broken ] && [ -n "$out" ]; }; then
    pass=$((pass + 1)); echo "ok   $1"
  else
    fail=$((fail + 1)); echo "FAIL $1 (expected $2)"; [ -n "$out" ] && echo "$out" | head -10
  fi
}

check "lib/ keeps its layers" clean lib
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# break NAME FILE LINE: a copy of lib/ with LINE added to FILE must fail.
break_one() {
  rm -rf "$tmp/lib"; cp -r lib "$tmp/lib"
  printf '%s\n' "$3" >> "$tmp/lib/$2"
  check "caught: $1" broken "$tmp/lib"
}
break_one "a job including the model" run/measure.c '#include "model/model.h"'
break_one "run.c building the model's backend" run/run.c '#include "assemble/backend_build.h"'
break_one "the run calling the model" run/run.c 'static void f(void) { model_backend(0, 0); }'
break_one "the engine including a hook" pmu/window.c '#include "hooks/stall.h"'
break_one "the capture including the model" capture/msr_list.c '#include "model/model.h"'
break_one "the icount check including the model" bench/job_icount.c '#include "model/model.h"'
break_one "a check calling the model" check/selftest.c 'static void f(void) { sim_workload_run(0, 0, 0, 0); }'
break_one "run.c reaching the bench" run/run.c '#include "bench/job_bench.h"'
break_one "the job table reaching the bench" run/jobs.c '#include "bench/job_bench.h"'
break_one "a job reaching the bench" run/job_measure.c '#include "bench/overhead.h"'
break_one "a run header reaching the bench" run/uncore_state.h '#include "bench/job_bench.h"'
break_one "a job asking for the dry-run flag" run/job_core.c \
  'static int f(const struct run *a) { return a->opt.dry_run; }'
break_one "the job table asking for the dry-run flag" run/jobs.c \
  'static int f(const struct efipmu_options *o) { return o->dry_run; }'
break_one "a lib/ header named as efi/'s" run/efi_platform.h '/* a twin */'
break_one "a lib/ header named as the host tool's" out/host_platform.h '/* a twin */'
break_one "lib/hw including lib/pmu" hw/msr.h '#include "pmu/cpuinfo.h"'
break_one "the box descriptors including the engine" hw/uncore_boxes.c '#include "pmu/uncore.h"'
echo "layers: $pass passed, $fail failed"
[ "$fail" = 0 ]
