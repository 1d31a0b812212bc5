/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reference model of Skylake-SP's PCI uncore boxes (model_uncore_pci.h), one set per
 * package over its three uncore buses (model_pci.c), from Intel's Xeon Scalable uncore
 * reference manual (336274) as Linux arch/x86/events/intel/uncore_snbep.c gives it
 * (skx_uncore_pci_ids, SKX_*_PCI_PMON_*, skx_count_chabox, SKX_CPUNODEID / GIDNIDMAP):
 *   box                 device id        dev.fn                 box    ctl (step)  ctr
 *   iMC 0-5             0x2042/46/4A x2  10.2 10.6 11.2 12.2    0xF4   0xD8 (4)    0xA0
 *                                        12.6 13.2 (+ DCLK fixed 0xF0 / 0xD0)
 *   M2M 0-1             0x2066           8.0 9.0                0x258  0x228 (8)   0x200
 *   UPI 0-2             0x2058           14.0 15.0 16.0         0x378  0x350 (8)   0x318
 *   M3UPI 0-2           0x204D/4E/4D     18.1 18.2 18.5         0xF4   0xD8 (4)    0xA0
 *   M2PCIe 0-3          0x2088           21.1 22.1 23.1 21.5    0xF4   0xD8 (4)    0xA0
 *   U-box               0x2014           CPUNODEID 0xC0, GIDNIDMAP 0xD4
 *   PCU (CAPID6)        0x2083           30.3, CAPID6 at 0x9C: a bit per CHA (27:0)
 * Every counter 48 bits; 4 counters, M3UPI 3. Box controls have no freeze enable
 * (Linux IVBEP_PMON_BOX_CTL_INT). Model choices: the U-box at 8.0 on the package's first
 * bus; iMC, M2M and the PCU on its second; UPI, M3UPI and M2PCIe on its third (a real
 * package spreads them over its stacks' buses, which the tool places as Linux does);
 * CAPID6 has the model's count of CHAs (model.chas) as its lowest bits.
 */
#include <stddef.h>
#include "model/model_uncore_pci.h"

#define BOX(bus, dev, fn, id, bctl, ctl0, step, ctr0, nctr, fixed, stim) \
	{ (bus), (dev), (fn), (id), (bctl), (ctl0), (step), (ctr0), (nctr), 48, (fixed), false, (stim), \
	  0xF0, 0xD0, 0 }
#define IMC(dev, fn, id, ch) BOX(1, dev, fn, id, 0xF4, 0xD8, 4, 0xA0, 4, true, MODEL_UNC_SKX_IMC0 + (ch))
#define M2M(dev, n) BOX(1, dev, 0, 0x2066, 0x258, 0x228, 8, 0x200, 4, false, MODEL_UNC_SKX_M2M0 + (n))
#define UPI(dev, n) BOX(2, dev, 0, 0x2058, 0x378, 0x350, 8, 0x318, 4, false, MODEL_UNC_SKX_UPI0 + (n))
#define M3UPI(fn, id, n) BOX(2, 18, fn, id, 0xF4, 0xD8, 4, 0xA0, 3, false, MODEL_UNC_SKX_M3UPI0 + (n))
#define M2PCIE(dev, fn) BOX(2, dev, fn, 0x2088, 0xF4, 0xD8, 4, 0xA0, 4, false, 0)

static const struct pbox pboxes[] = {
	IMC(10, 2, 0x2042, 0), IMC(10, 6, 0x2046, 1), IMC(11, 2, 0x204A, 2),
	IMC(12, 2, 0x2042, 3), IMC(12, 6, 0x2046, 4), IMC(13, 2, 0x204A, 5),
	M2M(8, 0), M2M(9, 1),
	UPI(14, 0), UPI(15, 1), UPI(16, 2),
	M3UPI(1, 0x204D, 0), M3UPI(2, 0x204E, 1), M3UPI(5, 0x204D, 2),
	M2PCIE(21, 1), M2PCIE(22, 1), M2PCIE(23, 1), M2PCIE(21, 5),
};

static uint32_t capid6(const struct model *m, const struct model_regfile *rf, unsigned off)
{
	(void)rf;
	if (off != 0x9C)
		return 0;
	return m->chas >= 28 ? 0x0FFFFFFFu : (1u << m->chas) - 1;
}

static const struct pset skx = {
	.box = pboxes, .n = sizeof(pboxes) / sizeof(pboxes[0]),
	.ubox = { 0, 8, 0, 0x2014, NULL }, .nodeid_off = 0xC0, .map_off = 0xD4,
	.box_bits = 1u << 8, .ro = { { 1, 30, 3, 0x2083, capid6 } }, .edge0 = 128,
};

MODEL_PCI_DEV(skx, skx, "skx-pci-uncore");
