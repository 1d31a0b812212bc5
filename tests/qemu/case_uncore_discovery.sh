# SPDX-License-Identifier: BSD-2-Clause-Patent
# Sapphire Rapids' uncore through its discovery table on the reference model inside the app
# (issue 25 items 1-3), 2 sockets x 2 cores around the stream kernel: each package's table
# found behind device 0x09A7's DVSEC and logged, the iMC channels counted in MMIO (memory
# read bandwidth per channel and socket, within the kernel's LLC-miss claim), the CHA count
# of the table against MSR 0x2FFE; then a table with every defect the model's firmware
# makes: each problem named with what it means, and nothing counted where it points.
source "$(dirname "$0")/lib.sh"
FAILED=0
SIM_LINE='^\[SIM\] '
CFG="qemu-exit\nbackend = sim\nsim-profile = sapphire-rapids\nkernels = stream\n"
CFG="${CFG}sim-firmware = clean\n"
SMP=4,sockets=2,cores=2 boot_case uncore_discovery "$CFG"
expect_rc 3
expect_console "${SIM_LINE}uncore: efipmu has no box table of its own for family 6 model 0x8f: counted through the firmware's discovery table \(45 boxes"
for p in 0 1; do
  expect_console "${SIM_LINE}package $p: discovery table at pci 0000:[0-9a-f]{2}:00\.1 BAR0 0x2000[01]00000: 45 units, 45 usable$"
  expect_console "${SIM_LINE}P$p memory, 8 channels: read [0-9]+\.[0-9]{3} MB/s \(CAS x 64 B over the window\)$"
  expect_console "${SIM_LINE}P$p memory lines read [0-9,]+ within the stream kernel's LLC misses \[[0-9,]+, [0-9,]+\]: PASS$"
  expect_console "${SIM_LINE}P$p CHAs: table 8, MSR 0x2ffe 8; 8 used$"
done
expect_console "${SIM_LINE}P1  UNC_M_CAS_COUNT.RD +imc_7.0 +mmio 0xc1326840=0x40cf05 "
# SPR's UPI quirk: the links counted at the devices of their ids (Linux spr_update_device_location)
expect_console "${SIM_LINE}package 1: unit 39 \(type 8 upi, box 0, PCI pci 0000:ff:01\.1\+0x318\): counted at the device of its id: spr-upi-quirk$"
expect_log --verdict PASS --simulated --backend sim --uncore-packages 2
[ "$(grep -c '"rec":"discovery_table"' "$LOG")" = 2 ] || fail "2 discovery_table records expected"
SMP=4,sockets=2,cores=2 boot_case uncore_discovery_broken "${CFG}sim-break = disc-every\n"
expect_rc 3   # the problems are said; the usable units (the CHAs) still count
expect_console "${SIM_LINE}P1  UNC_CHA_CLOCKTICKS +cha_0\.0 +0x2002=0x400001 "
expect_console "${SIM_LINE}package 1: unit 34 \(type 6 imc, box 7, MMIO 0x326800\): not counted: outside$"
for what in duplicate-box-id all-ones empty zero-offset outside spr-upi-quirk; do
  expect_console "${SIM_LINE}package 0: $what: "
done
expect_console "${SIM_LINE}package 0: unit 1 \(type 0 cha, box 0, MSR 0x2010\): not counted: duplicate-box-id$"
grep -q '"rec":"discovery","schema":2,"simulated":true,"package":0,.*"problems":\["empty","all-ones","zero-offset","duplicate-box-id","outside","spr-upi-quirk"\]' "$LOG" ||
  fail "the discovery record names every problem"
exit $FAILED
