/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Boxes made from discovered units (hw/uncore_disc.h). */
#include "hw/uncore_disc.h"
#include "hw/layouts_discovery.h"
#include "util/fmt.h"

#define BIT(n) ((uint64_t)1 << (n))

/* Freeze stops the box, clear runs it (Linux intel_generic_uncore_*_disable_box/enable_box). */
static const struct uncore_gate disc_gate = {
	.layout = &layout_disc_box_ctl, .stop_val = BIT(0), .start_val = 0,
	.ctr_bit0 = -1, .fixed_bit = -1,
};

/* The generic type: what a unit's entry does not give (the counters, width and place it gives). */
static const struct box_type disc_type = { .name = "uncore_type", .desc = {
	.family = UNCORE_DISC, .ctl_layout = &layout_disc_ctl, .enable_mask = BIT(22),
	.box = &disc_gate,
} };

/* dst (cap bytes): "<prefix>_<n>" */
static void name(char *dst, size_t cap, const char *prefix, unsigned n)
{
	struct strbuf sb;
	sb_init(&sb, dst, cap);
	sb_puts(&sb, prefix);
	sb_putc(&sb, '_');
	sb_dec(&sb, n);
}

/* The group of u's type: "uncore_imc" for a type Linux names, else "uncore_type_<type>". */
static int group_of(struct box_set *s, const struct disc_box_src *u)
{
	char kind[24], alias[24];
	const char *known = u->name;
	struct strbuf sb;
	name(alias, sizeof(alias), "uncore_type", u->type);
	sb_init(&sb, kind, sizeof(kind));
	sb_puts(&sb, "uncore_");
	sb_puts(&sb, known ? known : "");
	for (unsigned g = 0; g < s->ngroups; g++)
		if (!pmu_strcmp(s->group[g].alias, alias))
			return (int)g;
	return box_set_group(s, known ? kind : alias, alias, true);
}

int uncore_disc_add(struct box_set *s, const struct disc_box_src *u)
{
	int g = group_of(s, u);
	struct box_inst *b = g < 0 ? NULL : box_set_add(s, (unsigned)g);
	if (!b)
		return -1;
	bool known = u->name != NULL;
	box_type_place(&disc_type, 0, 0, b);
	/* uncore_imc_1 for a type Linux names; uncore_type_6_0, by box id, names any */
	b->idx = known ? u->nth : u->box_id;
	b->alias_idx = u->box_id;
	name(b->name, sizeof(b->name), s->group[g].name, b->idx);
	name(b->alias, sizeof(b->alias), s->group[g].alias, u->box_id);
	struct box_desc *d = &b->d;
	d->n_counters = u->counters;
	d->counter_width = u->width;
	uint32_t base = (uint32_t)u->box_ctl, step = 1;
	if (u->access == DISC_PCI) {
		base = (uint32_t)(u->box_ctl & 0xFFF);
		step = 8;
	} else if (u->access == DISC_MMIO) {
		base = UNCORE_DISC_MMIO_LO;
		b->mmio = (struct box_mmio){ 0, UNCORE_DISC_MMIO_LO, UNCORE_DISC_MMIO_SIZE };
	}
	d->box_ctl = base;
	d->ctl_base = base + u->ctl_offset;
	d->ctl_stride = u->access == DISC_MMIO ? 4 : step;
	d->ctr_base = base + u->ctr_offset;
	d->ctr_stride = u->access == DISC_MMIO ? 8 : step;
	/*
	 * The type's control as Linux's formats give it; an MMIO unit's controls are one dword
	 * each here (4 apart, as Linux writes the iMC's with writel), so the generic one. A PCI
	 * unit's control with bits above 31 is two dwords (spr_uncore_pci_enable_event).
	 */
	if (u->access != DISC_MMIO)
		d->ctl_layout = u->ctl ? u->ctl : disc_type_ctl(u->type);
	d->ctl_wide = u->access == DISC_PCI && d->ctl_layout != &layout_disc_ctl;
	if (u->access != DISC_MSR) {
		uint32_t end = d->ctl_base + d->ctl_stride * u->counters;
		uint32_t ctr_end = d->ctr_base + d->ctr_stride * u->counters;
		b->pci = (struct box_pci){ u->device_id, (uint16_t)base,
					   (uint16_t)(end > ctr_end ? end : ctr_end), 0,
					   u->access == DISC_MMIO ? &b->mmio : NULL };
		d->pci = &b->pci;
	}
	if (u->type == 0 && u->access == DISC_MSR && u->nth < 255)
		d->cha_unit = (uint8_t)(u->nth + 1);   /* present below the package's CHA count */
	return (int)(b - s->box);
}
