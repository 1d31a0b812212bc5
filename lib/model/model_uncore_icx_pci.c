/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reference model of Ice Lake-SP's PCI and MMIO uncore boxes (model_uncore_pci.h), one set
 * per package over its three uncore buses (model_pci.c), from Linux
 * arch/x86/events/intel/uncore_snbep.c (icx_uncore_pci_ids, ICX_*_PCI_PMON_*,
 * SNR_M2M_PCI_PMON_*, icx_count_chabox, SNR_IMC_MMIO_*, icx_uncore_imc_init_box):
 *   box          device id  dev.fn           box    ctl (step)  ctr
 *   M2M 0-3      0x344A     12.0-15.0        0x438  0x468 (8)   0x440
 *   UPI 0-2      0x3441     2.1 3.1 4.1      0x318  0x350 (8)   0x320
 *   M3UPI 0-2    0x3446     5.1 6.1 7.1      0xA0   0xD8 (4)    0xA8
 *   U-box        0x3450     CPUNODEID 0xC0, GIDNIDMAP 0xD4
 *   PCU (CAPID)  0x345B     CAPID6 0x9C, CAPID7 0xA0: a bit per CHA
 *   iMC bases    0x3451     0xD0 bits 28:0 << 23 | 0xD8 + 4 n bits 10:0 << 12: controller n
 * iMC channel c of controller n: box control at its base + 0x22800 + 0x4000 c, controls
 * +0x40 + 4 i, counters +0x08 + 8 i (8 bytes), fixed control +0x54, counter +0x38; 4
 * counters, all 48 bits. Model choices: the U-box at 0.0 on the package's last bus (the
 * buses below are its package's, as the tool finds them); CAPID and the base function
 * (0x3451 at 0.1) on its first; M2M, UPI, M3UPI on its second; package p's iMC region at
 * 0xC0000000 + 0x1000000 p, controller n at + 0x40000 (n + 1); CAPID6 has the model's count
 * of CHAs (model.chas) as its lowest bits; m->mmio_bar_zero (hostile) makes the base read 0.
 * Free-running counters of controller n (Linux icx_imc_freerunning, icx_uncore_imc_freerunning:
 * no box control, 48 bits, 64 bytes a count): DCLK at its base + 0x22B0, CAS reads and writes
 * at + 0x2290 and + 0x2298, kept under pseudo-device 2 at offset - 0x2000; they count the
 * same CAS traffic as its channels' counters (Intel's list: UNC_M_CAS_COUNT.RD umask 0x0F,
 * .WR 0x30) and one DCLK a simulated cycle; m->imc_freerun_stuck (hostile) stops them,
 * m->imc_freerun_rd_stuck the read counter alone.
 */
#include <stddef.h>
#include "model/model_uncore_pci.h"

#define BOX(bus, dev, fn, id, bctl, ctl0, step, ctr0, stim, hi) \
	{ (bus), (dev), (fn), (id), (bctl), (ctl0), (step), (ctr0), 4, 48, false, false, (stim), \
	  0, 0, (hi) }
/* an M2M control's second dword holds the umask extension, 7:0 (SNR_M2M_PCI_PMON_UMASK_EXT) */
#define M2M(dev, n) BOX(1, dev, 0, 0x344A, 0x438, 0x468, 8, 0x440, MODEL_UNC_ICX_M2M0 + (n), 0xFF)
#define UPI(dev, n) BOX(1, dev, 1, 0x3441, 0x318, 0x350, 8, 0x320, MODEL_UNC_ICX_UPI0 + (n), 0)
#define M3UPI(dev, n) BOX(1, dev, 1, 0x3446, 0xA0, 0xD8, 4, 0xA8, MODEL_UNC_ICX_UPI0 + 3 + (n), 0)
/* Channel c of controller n, offsets from its box control + 0x100 (model_uncore_pci.h). */
#define IMC(n, c) { MODEL_MMIO_BUS + (n), (c), 0, 0, 0x100, 0x140, 4, 0x108, 4, 48, true, false, \
		    MODEL_UNC_ICX_IMC0 + 2 * (n) + (c), 0x154, 0x138, 0 }

static const struct pbox pboxes[] = {
	M2M(12, 0), M2M(13, 1), M2M(14, 2), M2M(15, 3),
	UPI(2, 0), UPI(3, 1), UPI(4, 2), M3UPI(5, 0), M3UPI(6, 1), M3UPI(7, 2),
	IMC(0, 0), IMC(0, 1), IMC(1, 0), IMC(1, 1), IMC(2, 0), IMC(2, 1), IMC(3, 0), IMC(3, 1),
};

static uint32_t capid(const struct model *m, const struct model_regfile *rf, unsigned off)
{
	(void)rf;
	uint64_t chas = m->chas >= 64 ? ~0ull : (1ull << m->chas) - 1;
	return off == 0x9C ? (uint32_t)chas : off == 0xA0 ? (uint32_t)(chas >> 32) : 0;
}

static uint32_t bases(const struct model *m, const struct model_regfile *rf, unsigned off)
{
	if (m->mmio_bar_zero)
		return 0;
	if (off == 0xD0)
		return (uint32_t)(model_icx_mmio_base(m, (unsigned)(rf - m->pkg)) >> 23);
	return off >= 0xD8 && off < 0xE8 ? 0x40u * ((off - 0xD8) / 4 + 1) : 0;
}

static const struct pfreerun freerun = { 2, 0x290, 0x298, 0x2B0, 48, 0x04, 0x0F, 0x30 };

static const struct pset icx = {
	.box = pboxes, .n = sizeof(pboxes) / sizeof(pboxes[0]),
	.ubox = { 2, 0, 0, 0x3450, NULL }, .nodeid_off = 0xC0, .map_off = 0xD4,
	.box_bits = 1u << 8, .ro = { { 0, 30, 3, 0x345B, capid }, { 0, 0, 1, 0x3451, bases } },
	.edge0 = 128, .freerun = &freerun,
};

MODEL_PCI_DEV(icx, icx, "icx-pci-uncore");
