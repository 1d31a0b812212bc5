/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Uncore boxes as data: one descriptor per box, computed from its type (hw/box_type.h),
 * driven by one engine (lib/pmu/uncore.c, as Linux's uncore drivers do).
 * Intel SDM Vol. 3B 18.8.2 (Nehalem/Westmere client), Intel 323535-001
 * (Nehalem-EX/Westmere-EX), Intel 327043-001 (Sandy Bridge-EP).
 */
#ifndef EFIPMU_HW_UNCORE_DESC_H
#define EFIPMU_HW_UNCORE_DESC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "hw/regfield.h"
#include "hw/uncore_family.h"
#include "hw/uncore_amd.h"
#include "util/status.h"

/* Counter index of a box's fixed counter (general counters are 0..n_counters-1). */
#define UNCORE_FIXED 0xFFu

/*
 * How a global or per-box control register gates counting: stop_val are the bits
 * set while stopped (a freeze bit), start_val those set while counting (a global
 * enable), besides the enable bit of each counter in use. The engine owns the
 * counter bits, the bits set only to stop, and the others where firmware left
 * them clear; firmware's bits stay as found (pmu/ownership.h):
 *   ours  = counters | (stop_val & ~start_val) | ((start_val | stop_val) & ~found)
 *   stop  = (found & ~ours) | (stop_val & ours)       (programming, stopping)
 *   start = (found & ~ours) | ((start_val | counters) & ours)
 * So a global enable firmware set (NHM-EX EN_ALL) keeps its boxes counting and
 * ours are gated by their box or counter bits. A freeze bit stops the whole box:
 * a counter firmware runs in a box the run also uses (SNB-EP) pauses while that
 * box is stopped; counters in other boxes are not touched.
 */
struct uncore_gate {
	const struct reg_layout *layout;
	uint64_t stop_val;
	uint64_t start_val;
	int8_t ctr_bit0;     /* bit enabling counter i is ctr_bit0 + i; -1: none */
	int8_t fixed_bit;    /* bit enabling the fixed counter; -1: none */
};

/* An overflow status register and its write-1-to-clear partner. */
struct uncore_status {
	const struct reg_layout *layout, *ovf_layout;
	int8_t ctr_bit0;     /* overflow of counter i is ctr_bit0 + i */
	int8_t fixed_bit;    /* overflow of the fixed counter; -1: none */
};

/*
 * A box's filter register (SNB-EP C-box, PCU; Skylake-SP CHA): whenever the box is used it
 * holds what its events ask (their extra_msr is the filter) or 0, and is restored after.
 * An open field may filter any event once a control bit switches it on (C-box
 * TID with tid_en, Linux uncore_snbep.c); the other fields filter the events Intel's
 * list names them for (ev_def's ext), with the value the list gives (FILTER_VALUE).
 */
struct box_filter {
	const struct reg_layout *layout;
	const char *open_field;     /* NULL: none */
	const char *open_enable;    /* control field that switches it on */
	/*
	 * Fields a list event needs but that select nothing at 0: all ones where neither the list
	 * nor a term gives a value. NULL-terminated; NULL: none.
	 */
	const char *const *all_fields;
	/*
	 * Several registers (NULL: one): the value's bits from part_lsb[k] up to the next part
	 * are register k, at filter_msr + off[k] (Skylake-SP's CHA FILTER1 is bits 63:32 at
	 * + 1, as Linux hswep_cbox_enable_event writes config1's halves; SNB-EP's HA match
	 * registers are config dwords 4 apart; its QPI match and mask dwords 0x228/0x22C and
	 * 0x238/0x23C, the mask being the value's bits 127:64).
	 */
	const struct filter_regs *regs;
	/*
	 * A value wider than one layout (SNB-EP QPI): terms of layout name its bits 63:0, of hi
	 * its bits 127:64; raw and hi_raw name the same bits by dwords (Linux's match0/match1,
	 * mask0/mask1). NULL: none.
	 */
	const struct reg_layout *raw, *hi, *hi_raw;
	/*
	 * Only the events whose control & sel_mask is sel_val take the filter (SNB-EP QPI: event
	 * 0x38 with event_ext, Linux snbep_qpi_hw_config), and it is written for each of them,
	 * 0 unless a term sets it. sel_mask 0: every event: written whenever the box is used.
	 */
	uint64_t sel_mask, sel_val;
};

struct filter_regs {
	uint8_t n;
	uint8_t part_lsb[4];
	uint16_t off[4];
};

/* What register k of filter f holds of the filter value (bits 63:0 v, 127:64 vhi). */
static inline uint64_t filter_part(const struct box_filter *f, uint64_t v, uint64_t vhi,
				   unsigned k)
{
	if (!f->regs)
		return v;
	/* a part never spans bit 64: a value's last part ends there or at 128 */
	unsigned lo = f->regs->part_lsb[k];
	unsigned hi = k + 1 < f->regs->n ? f->regs->part_lsb[k + 1] : lo < 64 ? 64 : 128;
	uint64_t w = (lo >= 64 ? vhi : v) >> (lo & 63);
	return hi - lo >= 64 ? w : w & ((1ull << (hi - lo)) - 1);
}

struct box_desc;

/*
 * A box that is a PCI function (SNB-EP's HA, iMC, QPI, R2PCIe, R3QPI): found by
 * device id on each package's uncore bus (pmu/uncore_pci.h); its register
 * numbers in the descriptor (ctl_base, ctr_base, box_ctl, fixed_*) are offsets
 * in that function's configuration space, its counters two dwords each.
 */
/*
 * A box in MMIO (Ice Lake-SP's iMC channels): its registers at the base of memory
 * controller mc (uncore_pci_plat's rule) + lo; the register offsets of its descriptor
 * count from that controller's base.
 */
struct box_mmio {
	uint8_t mc;
	uint32_t lo, size;
};

struct box_pci {
	uint16_t device_id;          /* an MMIO box: the function whose registers give its base */
	uint16_t pmon_lo, pmon_hi;   /* offsets [lo, hi) the tool may write (the write guard) */
	/*
	 * Where boxes of one type share a device id (Skylake-SP's iMC channels, M2M, UPI links):
	 * BOX_PCI_AT(dev, fn), the function the box is at on its bus; 0: any function.
	 */
	uint16_t at;
	const struct box_mmio *mmio;   /* NULL: the box is that PCI function */
};

#define BOX_PCI_AT(dev, fn) ((uint16_t)(0x100u | (dev) << 3 | (fn)))

struct box_ops {
	/* Refuses control words the box's spec forbids beyond reserved bits. */
	pmu_status (*check_config)(const struct box_desc *d, uint64_t config);
	/* The control word to program for what was asked: selections left 0 filled (AMD L3). */
	uint64_t (*fill_config)(const struct box_desc *d, uint64_t config);
	/*
	 * A counter that saturates instead of wrapping (AMD UMC): whether the count read says it
	 * did. The engine then reports it overflowed, its delta a lower bound.
	 */
	bool (*saturated)(uint64_t end);
	/*
	 * A counter write is dropped while no control of its channel is enabled (AMD UMC: the
	 * channel's clock is gated, FreeBSD PR #2422): the engine writes a counter with its own
	 * control enabled, then stops the control again.
	 */
	bool ctr_write_gated;
};

struct box_desc {
	const char *name;               /* perf-style PMU name: "uncore", "uncore_ubox", "uncore_mbox_0" */
	enum uncore_family family;
	const struct reg_layout *ctl_layout;   /* event-select / counter-control layout */
	uint8_t n_counters;
	uint8_t counter_width;
	uint32_t ctl_base, ctl_stride;  /* control MSR of counter i = ctl_base + i * ctl_stride */
	uint32_t ctr_base, ctr_stride;  /* counter MSR of counter i = ctr_base + i * ctr_stride */
	uint64_t enable_mask;           /* the enable bit(s) in the control word */

	/* Gating: a box with neither counts only while the control's enable bit is set. */
	uint32_t global_ctl;            /* 0: none; shared by the boxes of a family */
	const struct uncore_gate *global;
	uint32_t box_ctl;               /* 0: none */
	const struct uncore_gate *box;

	uint32_t status_msr, ovf_msr;   /* 0: no overflow status */
	const struct uncore_status *status;

	uint32_t fixed_ctl, fixed_ctr;  /* 0: no fixed counter */
	uint8_t fixed_width;            /* where sources disagree, the narrowest (safe for deltas < 2^it) */
	uint8_t fixed_width_max;        /* 0: fixed_width is certain; else probed (uncore_probe_width) */
	const char *fixed_event;        /* the fixed counter's event name, as the sources give it */
	const struct reg_layout *fixed_layout;
	uint64_t fixed_enable_mask;

	uint32_t extra_lo, extra_hi;    /* auxiliary MSRs events may set (filters, M-box sub-registers) */
	/* a free-running clock beside the counters, read only (NHM-EX M-box TIMESTAMP); 0: none */
	uint32_t clock_msr;
	uint8_t clock_width;
	uint32_t filter_msr;            /* 0: no filter register (then filter is NULL) */
	const struct box_filter *filter;
	/*
	 * A PCI box's filter registers in another function on its package, of this device id
	 * (SNB-EP QPI port 0/1: 0x3C86/0x3C96, Linux SNBEP_PCI_QPI_PORT0/1_FILTER); 0: its own.
	 */
	uint16_t filter_id;
	uint64_t freeze_pmi_mask;       /* control bit whose overflow PMI freezes the uncore; 0: none */
	const struct box_ops *ops;      /* NULL: no quirks */
	const struct box_pci *pci;      /* NULL: an MSR box */
	bool per_ccx;                   /* one set per CCX (AMD L3), not per package */
	/*
	 * One set per die: an MSR unit of a discovery table behind a portal (Diamond Rapids'
	 * CBB), each die's own registers at the same MSRs, counted on a CPU of that die where
	 * the die's table lists it (pmu/uncore_disc_box.h uncore_disc_die_has).
	 */
	bool per_die;
	/*
	 * A CHA (Skylake-SP on): its number, present only below the package's CHA count
	 * (uncore_pci_pkg.ncha). cha_unit 0: not a CHA; else the CHA's number + 1.
	 */
	uint8_t cha_unit;
	/*
	 * A PCI box whose counter controls are two dwords, the second (+ 4) holding bits 63:32:
	 * Ice Lake-SP's M2M, 8 bytes apart with its umask extension in 39:32 (Linux
	 * icx_uncore_m2m, event_mask_ext SNR_M2M_PCI_PMON_UMASK_EXT), that dword written as
	 * Linux's snr_uncore_pci_enable_event writes a control's high half.
	 */
	bool ctl_wide;
};

/* Control / counter MSR of counter i (UNCORE_FIXED: the fixed counter); 0 if there is none. */
uint32_t box_ctl_msr(const struct box_desc *d, unsigned i);
uint32_t box_ctr_msr(const struct box_desc *d, unsigned i);
unsigned box_counter_width(const struct box_desc *d, unsigned i);

/* Where a family's uncore buses are placed, and how its CHAs are counted. */
struct uncore_pci_plat {
	enum uncore_family fam;
	uint16_t ubox_id;              /* the U-box function's device id */
	uint16_t nodeid_off, map_off;  /* CPUNODEID (bits 2:0) and GIDNIDMAP (3-bit fields) */
	/*
	 * The package's boxes are on several buses (Skylake-SP on): a bus without a U-box is
	 * the package of the nearest U-box bus below it (1: Skylake-SP, Linux
	 * snbep_pci2phy_map_init with reverse false) or above it (-1: Ice Lake-SP, reverse
	 * true). 0: a package's boxes are on its U-box's bus.
	 */
	int8_t inherit;
	/* The PCU function whose CAPID6 (and CAPID7, 0: none) count the CHAs; 0: none. */
	uint16_t capid_id, capid6_off, capid7_off;
	uint32_t capid6_mask;          /* the CAPID6 bits that are CHAs */
	uint32_t cha_msr;              /* an MSR giving the CHA count in bits 5:0; 0: none */
	/*
	 * MMIO boxes (Ice Lake-SP's iMC): memory controller n's base is (the dword at base_off
	 * & base_mask) << 23 | (the dword at mem_off + 4 n & mem_mask) << 12 of the function
	 * mmio_id (Linux snr_uncore_mmio_map, icx_uncore_imc_init_box); 0: none.
	 */
	uint16_t mmio_id, mmio_base_off, mmio_mem_off;
	uint32_t mmio_base_mask, mmio_mem_mask;
};

/* Which register of d's filter reg is (0: filter_msr itself), -1: none. */
static inline int filter_reg_index(const struct box_desc *d, uint32_t reg)
{
	const struct box_filter *f = d->filter;
	unsigned n = f && f->regs ? f->regs->n : f ? 1 : 0;
	for (unsigned k = 0; k < n; k++)
		if (reg == d->filter_msr + (f->regs ? f->regs->off[k] : 0u))
			return (int)k;
	return -1;
}

#endif
