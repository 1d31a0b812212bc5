# SPDX-License-Identifier: BSD-2-Clause-Patent
# --list and --decode: what the CPU has, in lines that fit 80 columns, and the fields of a raw
# register value; an unknown register is one line naming the valid ones and a non-zero status.
source "$(dirname "$0")/lib.sh"
FAILED=0
SMP=2 boot_case list_sim 'qemu-exit\nbackend = sim\nsim-profile = sandy-bridge-ep\nlist\n'
expect_rc 3
expect_console '^\[SIM\] Core PMU: architectural version 3$'
expect_console '^\[SIM\]   GP: 4 x 48-bit counters, PERFEVTSEL 0x186-0x189, PMC 0xc1-0xc4$'
expect_console '^\[SIM\]   full-width counter writes: yes, A_PMC 0x4c1-0x4c4$'
expect_console '^\[SIM\]   uncore_cbox_7: 4 x 44-bit counters, ctl 0xdf0-0xdf3, ctr 0xdf6-0xdf9$'
expect_console '^\[SIM\] Events of uncore_ubox \(list JKT/Jaketown_uncore, [0-9]+ events\):$'
expect_console ' UNC_U_CLOCKTICKS '
expect_console ' INST_RETIRED.ANY( |$)'
expect_no_console 'CPU +EVENT'   # nothing measured
expect_log --verdict PASS --simulated
grep -q '"rec":"list".*"uncore":"sandy-bridge-ep"' "$LOG" || fail "no list record"

# The real backend under TCG: no core PMU, the uncore and the events of the model QEMU claims.
SMP=1 boot_case list_real 'qemu-exit\nlist\n'
expect_rc 7
expect_console '^Core PMU: none usable \('
expect_console '^Uncore: sandy-bridge-ep, one set of boxes per package$'
wide=$(sed -n '/^CPU 0: GenuineIntel/,/^VERDICT/p' "$CONSOLE" | awk 'length($0) > 79' | head -3)
[ -z "$wide" ] || fail "listing lines wider than 79 columns: $wide"

SMP=1 boot_case decode 'qemu-exit\nbackend = sim\nsim-profile = sandy-bridge-ep\ndecode = uncore_ubox 0x20400044\n'
expect_rc 3
expect_console '^\[SIM\] U_MSR_PMON_CTL = 0x20400044$'
expect_console '^\[SIM\]   \(uncore_ubox, sandy-bridge-ep, MSRs 0xc10-0xc11\)$'
expect_console '^\[SIM\]   ev_sel=0x44 +bits 7:0$'
expect_console '^\[SIM\]   en=1 +bit 22$'
expect_console '^\[SIM\]   rsv=0x1 +bits 31:29  RESERVED: must be 0$'
expect_no_console 'U_PMON_EVNT_SEL'   # the Nehalem-EX U-box: another family
grep -q '"rec":"decode","schema":2,"simulated":true,"register":"uncore_ubox","value":"0x20400044".*"result"' "$LOG" ||
  fail "no decode record"

SMP=1 boot_case decode_bad 'qemu-exit\nbackend = sim\ndecode = bogus 1\n'
expect_rc 9
expect_console "^\[SIM\] efipmu: unknown register 'bogus'; valid: perfevtsel fixed_ctr_ctrl .* uncore;"
exit $FAILED
