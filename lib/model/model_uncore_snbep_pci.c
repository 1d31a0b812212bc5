/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reference model of Sandy Bridge-EP's PCI uncore boxes, one set per package
 * on its uncore bus (model_pci.c), from Intel's Xeon E5-2600 uncore guide
 * (327043) as Linux arch/x86/events/intel/uncore_snbep.c and Intel PCM read it:
 *   box            device id  dev.fn   counters            width
 *   HA             0x3C46     14.1     4                   48
 *   iMC channel 0  0x3CB0     16.4     4 + fixed DCLK      48
 *   iMC channel 1  0x3CB1     16.5     (PCM: channels at   48
 *   iMC channel 2  0x3CB4     16.0      16.4, 16.5, 16.0,  48
 *   iMC channel 3  0x3CB5     16.1      16.1)              48
 *   QPI port 0/1   0x3C41/42  8.2/9.2  4 (ExtSel bit 21)   48
 *   R2PCIe         0x3C43     19.1     4                   44
 *   R3QPI link 0/1 0x3C44/45  19.5/6   3                   44
 *   U-box          0x3CE0     11.0     CPUNODEID 0x40, GIDNIDMAP 0x54
 * HA, R2PCIe and R3QPI device.function are the model's choice: no source at
 * hand confirms them, and the tool finds boxes by device id, not by address.
 * Every box: box control 0xF4 with freeze enable (16), counter controls 0xD8 + 4 n,
 * counters 0xA0 + 8 n; iMC fixed control 0xF0, fixed counter 0xD0 (the engine and its
 * model choices: model_uncore_pci.h). The HA's match registers (327043, HA section, as
 * likwid src/includes/registers.h PCI_UNC_HA_PMON_* and its perfmon_sandybridgeEP.h read
 * them): ADDRMATCH0 0x40 (address 31:6 in its bits 31:6), ADDRMATCH1 0x44 (address 45:32
 * in 13:0), OPCODEMATCH 0x48 (opcode 5:0); other bits read 0. Each QPI port's packet
 * match and mask registers are in a function of their own (327043, QPI section; ids and
 * offsets as Linux uncore_snbep.c gives them: SNBEP_PCI_QPI_PORT0/1_FILTER 0x3C86 / 0x3C96,
 * device 8 / 9 function 6, SNBEP_Q_Py_PCI_PMON_PKT_MATCH0/1 0x228/0x22C, MASK0/1
 * 0x238/0x23C): each pair holds the fields Linux's QPI formats name, dnid 17:13, mc 12:9,
 * opc 8:5, vnw 4:3 and rnid[4] 31 in the first dword, rnid[3:0] 3:0 and rds 19:16 in the
 * second; the bits no source names read 0 (the model's choice).
 */
#include <stddef.h>
#include "model/model_uncore_pci.h"

#define BOX(dev, fn, id, nctr, width, fixed, ext, stim) \
	{ 0, (dev), (fn), (id), 0xF4, 0xD8, 4, 0xA0, (nctr), (width), (fixed), (ext), (stim), \
	  0xF0, 0xD0, 0 }

static const struct pbox pboxes[] = {
	BOX(14, 1, 0x3C46, 4, 48, false, false, MODEL_UNC_SNBEP_HA),
	BOX(16, 4, 0x3CB0, 4, 48, true, false, MODEL_UNC_SNBEP_IMC0),
	BOX(16, 5, 0x3CB1, 4, 48, true, false, MODEL_UNC_SNBEP_IMC0 + 1),
	BOX(16, 0, 0x3CB4, 4, 48, true, false, MODEL_UNC_SNBEP_IMC0 + 2),
	BOX(16, 1, 0x3CB5, 4, 48, true, false, MODEL_UNC_SNBEP_IMC0 + 3),
	BOX(8, 2, 0x3C41, 4, 48, false, true, MODEL_UNC_SNBEP_QPI0),
	BOX(9, 2, 0x3C42, 4, 48, false, true, MODEL_UNC_SNBEP_QPI0 + 1),
	BOX(19, 1, 0x3C43, 4, 44, false, false, MODEL_UNC_SNBEP_R2PCIE),
	BOX(19, 5, 0x3C44, 3, 44, false, false, MODEL_UNC_SNBEP_R3QPI0),
	BOX(19, 6, 0x3C45, 3, 44, false, false, MODEL_UNC_SNBEP_R3QPI0 + 1),
	/* the QPI ports' filter functions: no counters, only their match registers below */
	{ 0, 8, 6, 0x3C86, 0, 0, 0, 0, 0, 0, false, false, 0, 0, 0, 0 },
	{ 0, 9, 6, 0x3C96, 0, 0, 0, 0, 0, 0, false, false, 0, 0, 0, 0 },
};

#define QPI_PKT(id) { (id), 4, { 0x228, 0x22C, 0x238, 0x23C },                               \
		      { 0x8003FFF8u, 0x000F000Fu, 0x8003FFF8u, 0x000F000Fu } }

static const struct pmatch matches[] = {
	{ 0x3C46, 3, { 0x40, 0x44, 0x48, 0 }, { 0xFFFFFFC0u, 0x3FFFu, 0x3Fu, 0 } },
	QPI_PKT(0x3C86), QPI_PKT(0x3C96),
	{ 0, 0, { 0 }, { 0 } },
};

static const struct pset snbep = {
	.box = pboxes, .n = sizeof(pboxes) / sizeof(pboxes[0]),
	.ubox = { 0, 11, 0, 0x3CE0, NULL }, .nodeid_off = 0x40, .map_off = 0x54,
	.box_bits = 1u << 8 | 1u << 16, .edge0 = 64, .match = matches,
};

MODEL_PCI_DEV(snbep, snbep, "snbep-pci-uncore");
