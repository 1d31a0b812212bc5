# SPDX-License-Identifier: BSD-2-Clause-Patent
# CXL performance monitoring units (issue 36 item 6). Boot 1, the real backend on QEMU's CXL
# machine (-machine q35,cxl=on; a pxb-cxl host bridge, a cxl-rp root port and a cxl-type3
# memory device, as QEMU 7.2 docs/system/devices/cxl.rst builds it): the app walks every
# PCI function's DVSECs, finds the type-3 device's Register Locator (vendor 0x1E98, id 8)
# and the blocks it names, and QEMU 7.2 emulates no CPMU (its locator names block ids 0-3
# only), so no CPMU is claimed and the verdict is NO-PMU. Boot 2, the model's
# sapphire-rapids with its CXL device: the CPMU decoded and its clock ticks counted over the
# inst kernel within the TSC's bounds, every register put back: PASS. Boot 1's log captures
# the CXL functions it read (a machine record of scope cxl): replayed on the model made of
# that capture (efipmu-host replay), it agrees, 0 differences (tests/host/qemu-cxl.jsonl).
source "$(dirname "$0")/lib.sh"
FAILED=0
mem=$work/cxl_mem.raw lsa=$work/cxl_lsa.raw
rm -f "$mem" "$lsa"
truncate -s 256M "$mem"
truncate -s 256M "$lsa"
QEMU_EXTRA="-machine cxl=on \
-object memory-backend-file,id=cxl-mem1,share=on,mem-path=$mem,size=256M \
-object memory-backend-file,id=cxl-lsa1,share=on,mem-path=$lsa,size=256M \
-device pxb-cxl,bus_nr=12,bus=pcie.0,id=cxl.1 \
-device cxl-rp,port=0,bus=cxl.1,id=root_port13,chassis=0,slot=2 \
-device cxl-type3,bus=root_port13,memdev=cxl-mem1,lsa=cxl-lsa1,id=cxl-pmem0 \
-machine cxl-fmw.0.targets.0=cxl.1,cxl-fmw.0.size=4G" SMP=1 boot_case cxl_qemu "qemu-exit\ncxl\n"
expect_rc 7
expect_console '^CXL: [1-9][0-9]* Register Locators? among [0-9]+ PCI functions, [1-9][0-9]* register blocks$'
expect_console '^  pci 0000:[0-9a-f]{2}:00\.0 locator at 0x[0-9a-f]+ entry 0: component, BAR [0-5] \+ 0x[0-9a-f]+ = 0x[0-9a-f]+$'
expect_no_console 'cpmu, BAR'
expect_console '^CXL: no CPMU among the located blocks: no CPMU claimed$'
expect_console '^VERDICT: NO-PMU'
expect_log --verdict NO-PMU --not-simulated --backend real
grep -q '"rec":"cxl",.*"block":"component".*"result":"located"' "$LOG" || fail "no cxl record of the component block"
! grep -q '"rec":"cxl_cpmu"' "$LOG" || fail "a CPMU was claimed on QEMU 7.2"
grep -q '"rec":"machine",.*"scope":"cxl","functions":\[\["pci ' "$LOG" ||
  fail "no capture of the CXL functions read"
tool="$here/build/efipmu-host"
make -s -C "$here" host >/dev/null || fail "make host"
out=$("$tool" replay "$LOG" 2>&1)
[[ "$out" == *", 0 differences" ]] || fail "replay of the CXL log: $(echo "$out" | tail -3)"
rm -f "$mem" "$lsa"

SIM_LINE='^\[SIM\] '
SMP=2 boot_case cxl_sim "qemu-exit\nbackend = sim\nsim-profile = sapphire-rapids\ncxl\n"
expect_rc 3
expect_console "${SIM_LINE}CXL: 1 Register Locator among [0-9]+ PCI functions, 3 register blocks$"
expect_console "${SIM_LINE}  pci 0000:0c:00\.0 locator at 0x140 entry 2: cpmu, BAR 0 \+ 0x20000 = 0xe0020000$"
expect_console "${SIM_LINE}  CPMU 0xe0020000: 4 counters \(1 fixed, 3 configurable, 0 free-running\) of 48 bits"
expect_console "${SIM_LINE}  CPMU 0xe0020000 counter 0 clock_ticks over the inst kernel: [0-9,]+ ticks, [0-9,]+ TSC ticks \(bounds 1/16\.\.2 of them\), restored: PASS$"
expect_log --verdict PASS --simulated --backend sim
exit $FAILED
