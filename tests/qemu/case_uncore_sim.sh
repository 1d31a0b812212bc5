# SPDX-License-Identifier: BSD-2-Clause-Patent
# --backend sim on 2 sockets x 2 cores: each profile's default uncore events are programmed
# once per package (on Zen 4 also per CCX), on its leader (CPU 0, CPU 2), and count exactly what the replay of the
# `inst` kernel implies (lib/model/sim_workload.h): at 1000 iterations it claims 10*1000+18 =
# 10,018 instructions, one cycle each (so every uncore clock counts 10,018), one load (its
# argument: one memory read), no stores and no locked operation. Everything is [SIM]-marked.
source "$(dirname "$0")/lib.sh"
FAILED=0
SIM_LINE='^\[SIM\] '
sim_case() {  # name profile uncore-count-records
  SMP=4,sockets=2,cores=2 boot_case "$1" "qemu-exit\nbackend = sim\nsim-profile = $2\n"
  expect_rc 3
  expect_no_console '^(CPU|[0-9]|package|VERDICT)'
  expect_console "${SIM_LINE}VERDICT: PASS - 4 CPUs, [0-9]+ checks: 4 instructions, 4 branches, [0-9]+ uncore probes?(, [0-9]+ box clock agreements?)?, [0-9]+ restore read-backs$"
  expect_log --verdict PASS --simulated --backend sim --uncore-packages 2 --uncore-counts "$3" \
    --counts $((16 + $3)) --probes-not-held 0 "${@:4}"
  # the hand-off snapshot of every uncore register touched, once per package
  [ "$(grep -c '"rec":"handoff".*"box":"uncore"' "$LOG")" = 2 ] || fail "expected 2 uncore handoff records"
}
sim_case uncore_sim_nhm nehalem-ep 6 \
  --uncore-count uncore:UNCORE_CLOCK=10018 --uncore-count uncore:UNC_QMC_NORMAL_READS.ANY=1 \
  --uncore-count uncore:UNC_QMC_WRITES.PARTIAL_ANY=0
expect_console "${SIM_LINE}P0  UNCORE_CLOCK +uncore.f +0x395=0x1 +10,018$"
expect_console \
  "${SIM_LINE}P1  UNC_QMC_NORMAL_READS.ANY +uncore.[0-7] +0x3c[0-7]=0x40072c +1$"
# bandwidth from the memory reads over the window's TSC ticks, per package
expect_console "${SIM_LINE}package 1: memory read bandwidth [0-9]+\.[0-9]{3} MB/s$"

sim_case uncore_sim_nhmex nehalem-ex 8 \
  --uncore-count uncore_mbox_0:MBOX_CLOCKTICKS=10018 \
  --uncore-count uncore_mbox_1:MBOX_CLOCKTICKS=10018 \
  --uncore-count uncore_mbox_0:BBOX_CMDS_ALL=1 --uncore-count uncore_ubox:BUF_VALID_LOCK=0
expect_console "${SIM_LINE}P1  MBOX_CLOCKTICKS +mbox_1.0 +0xcf0=0x3641 +10,018$"

# Sandy Bridge-EP: the U-box, C-box 0 and PCU clocks and each iMC channel's DCLK (a PCI
# fixed counter), every clock of the package checked against the others of its domain
sim_case uncore_sim_snbep sandy-bridge-ep 18 \
  --uncore-count uncore_ubox:UNC_U_CLOCKTICKS=10018 --uncore-count uncore_ubox:UNC_U_LOCK_CYCLES=0 \
  --uncore-count uncore_cbox_0:UNC_C_TOR_INSERTS.MISS_ALL=1 --uncore-width uncore_ubox=44:44 \
  --uncore-count uncore_cbox_0:UNC_C_CLOCKTICKS=10018 --uncore-count uncore_pcu:UNC_P_CLOCKTICKS=10018 \
  --uncore-count uncore_imc_3:UNC_M_CLOCKTICKS=10018
expect_console "${SIM_LINE}P0  UNC_U_CLOCKTICKS +ubox.f +0xc08=0x400000 +10,018$"
expect_console "${SIM_LINE}P1 clocks of imc: 10,018 to 10,018 ticks, within 2%: PASS$"
expect_console "${SIM_LINE}P0 clocks of ubox and cbox: 10,018 to 10,018 ticks, within 2%: PASS$"

# AMD Zen 4 (Genoa's CPUID): the L3 of each CCX (one a socket here: 8 threads share it) and
# each socket's Data Fabric and UMC 3 (the active mask's one), per CCX and socket lines
sim_case uncore_sim_zen4 zen4 10 \
  --uncore-count amd_l3:l3_lookup_state.all=1 --uncore-count amd_df:read_data_beats_dram_0=1 \
  --uncore-count amd_umc_3:umc_cas_cmd.rd=1 --uncore-count amd_umc_3:umc_cas_cmd.wr=0 \
  --uncore-count amd_umc_3:umc_mem_clk=10018
expect_console "${SIM_LINE}P1\.X0 l3_lookup_state.all +amd_l3\.0 +0xc0010230=0x300c0000040ff04 +1$"
expect_console "${SIM_LINE}P0  read_data_beats_dram_0 +amd_df\.0 +0xc0010240=0x740fe1f +1$"
expect_console "${SIM_LINE}P1  umc_mem_clk +amd_umc_3\.2 +0xc0010804=0x80000000 +10,018$"
[ "$(grep -c '"rec":"count".*"ccx":0,"box":"amd_l3"' "$LOG")" = 2 ] || fail "expected 2 L3 counts with their CCX"

# Three U-box events, two counters: two rounds, each run twice; min = median = max.
U=uncore_ubox
SMP=2 boot_case uncore_sim_rounds "qemu-exit\nbackend = sim\nsim-profile = sandy-bridge-ep\nrepeats = 2\nevents = $U/event=0x44/,UNC_U_CLOCKTICKS,$U/event=0x42,umask=1/,$U/event=0x43,umask=1/\n"
expect_rc 3
expect_console "${SIM_LINE}more uncore events than counters: 2 rounds"
expect_console "${SIM_LINE}P0   UNC_U_CLOCKTICKS +10,018 +10,018 +10,018$"
# and instructions counted beside them on each CPU and repeat (the instruction check): 4 more
expect_console "${SIM_LINE}instructions counted beside the events: the kernel.s claim is checked$"
expect_log --verdict PASS --simulated --uncore-packages 1 --uncore-counts 8 --counts 12 \
  --uncore-count uncore_ubox:UNC_U_CLOCKTICKS=10018 --uncore-width uncore_ubox=44:44
[ "$(grep -c '"rec":"stats".*"package":0' "$LOG")" = 4 ] || fail "expected 4 uncore stats records"
exit $FAILED
