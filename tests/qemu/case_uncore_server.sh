# SPDX-License-Identifier: BSD-2-Clause-Patent
# Skylake-SP and Ice Lake-SP uncores on the reference model inside the app (issue 24 item
# 3), 2 sockets x 2 cores around the stream kernel: each package's memory read bandwidth
# per channel and socket (CAS x 64 B: PCI boxes on SKX, MMIO boxes on ICX), its reads
# within the kernel's LLC-miss claim, its CHAs counted by CAPID6 and MSR 0x702 (each counted),
# its counts by box type (the channels' reads summed) and its box clocks (U-box, CHAs, PCU;
# SKX iMC DCLK).
source "$(dirname "$0")/lib.sh"
FAILED=0
SIM_LINE='^\[SIM\] '
server_case() {  # name profile channels chas
  SMP=4,sockets=2,cores=2 boot_case "$1" \
    "qemu-exit\nbackend = sim\nsim-profile = $2\nkernels = stream\nsim-firmware = clean\n"
  expect_rc 3
  for p in 0 1; do
    expect_console "${SIM_LINE}P$p memory, $3 channels: read [0-9]+\.[0-9]{3} MB/s \(CAS x 64 B over the window\)$"
    expect_console "${SIM_LINE}P$p memory lines read [0-9,]+ within the stream kernel's LLC misses \[[0-9,]+, [0-9,]+\]: PASS$"
    expect_console "${SIM_LINE}P$p CHAs: $4 by CAPID6 \(pci [0-9a-f:.]+\+0x9c = 0x[0-9a-f]+\), $4 by MSR 0x702 bits 5:0: agree$"
    # the table by box type and each box type's clock
    expect_console "${SIM_LINE}P$p uncore by box type: TYPE EVENT, BOXES, SUM \(each box below\)$"
    for c in ubox:UNC_U_CLOCKTICKS pcu:UNC_P_CLOCKTICKS; do
      clk="${SIM_LINE}P$p clock of ${c%%:*}: [0-9,]+ ticks over the window"
      expect_console "$clk, [0-9]+\.[0-9]{3} MHz \(${c#*:}\)$"
    done
    # every CHA CAPID6 counts, their clocks against each other
    expect_console "${SIM_LINE}  cha +UNC_CHA_CLOCKTICKS +$4 +[0-9,]+$"
    expect_console "${SIM_LINE}P$p clock of cha: [0-9,]+ ticks a box over the window, [0-9]+\.[0-9]{3} MHz \(UNC_CHA_CLOCKTICKS\)$"
    expect_console "${SIM_LINE}P$p clocks of cha: [0-9,]+ to [0-9,]+ ticks, within 2%: PASS$"
  done
  expect_console "${SIM_LINE}  imc +UNC_M_CAS_COUNT\.RD +$3 +[0-9,]+$"
  expect_log --verdict PASS --simulated --backend sim --uncore-packages 2
  [ "$(grep -c '"rec":"uncore_chas".*"result":"agree"' "$LOG")" = 2 ] || fail "2 uncore_chas records expected"
}
server_case uncore_skx skylake-sp 6 28
# Skylake-SP's six channels' DCLK from the iMC's fixed counters, said as the clock of imc
# (a box's ticks) and checked against each other
for p in 0 1; do
  expect_console "${SIM_LINE}P$p clock of imc: [0-9,]+ ticks a box over the window, [0-9]+\.[0-9]{3} MHz \(UNC_M_DCLOCKTICKS\)$"
  expect_console "${SIM_LINE}P$p clocks of imc: [0-9,]+ to [0-9,]+ ticks, within 2%: PASS$"
done
expect_console "${SIM_LINE}P1  uncore_imc_5/UNC_M_CAS_CO imc_5.0 +pci 0000:fe:0d\.2\+0xd8=0x400304 "
server_case uncore_icx icelake-sp 8 24
expect_console "${SIM_LINE}P1  uncore_imc_7/UNC_M_CAS_CO imc_7.0 +mmio 0xc1126840=0x400f04 "
exit $FAILED
