/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Where the model's discovery machines put their MSR units besides the CHAs: one statement
 * each, read by the table the model's firmware publishes (model_discovery.c) and by the
 * registers that answer there (model_uncore_snbep.c). A unit of kind k, instance n: box
 * control at base + step n, controls at + ctl_off, counters at + ctr_off, nctr of them, 48
 * bits. Placement is the firmware's (the table says where): written from Intel PCM
 * src/types.h where it gives the part's address (SPR_M2IOSF_IIO_*, SPR_IRP_UNIT_CTL,
 * SPR_UBOX_MSR_PMON_*; BHS_* for Granite Rapids and Sierra Forest), else the model's choice,
 * said so, in MSR ranges no other unit uses.
 */
#ifndef EFIPMU_MODEL_DISC_UNITS_H
#define EFIPMU_MODEL_DISC_UNITS_H

#include <stdint.h>

/* Kinds are X-macros: MDU_x(X, args) expands X(type, count, nctr, ctl_off, ctr_off, base, step, args). */
struct model_disc_msr_kind {
	uint16_t type;          /* the table's box type (Linux uncore_snbep.c enum SPR_UNCORE_*) */
	uint8_t count, nctr;
	uint8_t ctl_off, ctr_off;
	uint32_t base, step;
};

/*
 * Sapphire and Emerald Rapids: IIO (type 1) at 0x3000 + 0x10 n and IRP (2) at 0x3400 +
 * 0x10 n, controls +2, counters +8 (PCM: SPR_M2IOSF_*, SPR_IRP_*); M2PCIe (3) at 0x3200 +
 * 0x10 n and the PCU (4) at 0x2FC0 are the model's choice. Six stacks of IIO, IRP and
 * M2PCIe (PCM's SPR has up to 12: six keep 64 CHAs' table within 4 KiB); IRP 2 counters as
 * Intel's list counts its events on 0-1, the others 4.
 */
#define MDU_SPR_IIO(X, ...)    X(1, 6, 4, 2, 8, 0x3000u, 0x10u, __VA_ARGS__)
#define MDU_SPR_IRP(X, ...)    X(2, 6, 2, 2, 8, 0x3400u, 0x10u, __VA_ARGS__)
#define MDU_SPR_M2PCIE(X, ...) X(3, 6, 4, 2, 8, 0x3200u, 0x10u, __VA_ARGS__)
#define MDU_SPR_PCU(X, ...)    X(4, 1, 4, 2, 8, 0x2FC0u, 0x10u, __VA_ARGS__)
/* A kind as its row (the table's reading of it). */
#define MDU_ROW(type, count, nctr, ctl_off, ctr_off, base, step, ...) \
	{ (type), (count), (nctr), (ctl_off), (ctr_off), (base), (step) }

extern const struct model_disc_msr_kind model_disc_spr_units[];
extern const unsigned model_disc_spr_nunits;

#endif
