/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A discovery table's global control as firmware left it (uncore_disc_box.h). Its
 * freeze_all bit freezes every uncore PMU of the SoC; Diamond Rapids and Panther Lake power
 * on with it set, and Linux's global_init writes a 32-bit 0 to the whole register (tip
 * b575fc0e3357 "Add domain global init callback", 46da08a2bb4d); the bit's position is not
 * published, so the dword is kept whole and "frozen" means not 0. Read only.
 */
#include "pmu/uncore_disc_box.h"
#include "hw/layouts_discovery.h"

pmu_status disc_global_read(const struct pmu_backend *b, unsigned cpu, const struct disc_table *t,
			    uint64_t *val)
{
	*val = 0;
	if (t->access == DISC_MSR)
		return pmu_rdmsr(b, cpu, (uint32_t)t->global_ctl, val);
	if (t->access == DISC_MMIO) {
		pmu_status st = pmu_mmio_read(b, cpu, t->global_ctl, 4, val);
		*val &= 0xFFFFFFFFu;
		return st;
	}
	if (t->access == DISC_PCI) {
		const struct disc_unit u = { .box_ctl = t->global_ctl };
		uint32_t v = 0;
		pmu_status st = pmu_pci_read(b, cpu, disc_unit_pci(&u), &v);
		*val = v;
		return st;
	}
	return PMU_ERR_UNSUPPORTED;
}
