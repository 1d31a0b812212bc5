/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Boxes computed from their types (hw/box_type.h). */
#include "hw/box_type.h"
#include "util/fmt.h"

/* A register moved by off; 0 ("none") stays 0. */
static uint32_t at(uint32_t reg, uint32_t off)
{
	return reg ? reg + off : 0;
}

void box_type_place(const struct box_type *t, unsigned i, uint32_t off, struct box_inst *out)
{
	struct strbuf sb;
	struct box_desc *d = &out->d;
	uint16_t group = out->group;   /* its set's (box_set_add) */
	pmu_memset(out, 0, sizeof(*out));
	out->group = group;
	*d = t->desc;
	sb_init(&sb, out->name, sizeof(out->name));
	sb_puts(&sb, t->name);
	if (t->num_boxes) {
		sb_putc(&sb, '_');
		sb_dec(&sb, i);
	}
	d->name = out->name;
	out->idx = (uint16_t)i;
	d->ctl_base = at(d->ctl_base, off);
	d->ctr_base = at(d->ctr_base, off);
	d->box_ctl = at(d->box_ctl, off);
	d->status_msr = at(d->status_msr, off);
	d->ovf_msr = at(d->ovf_msr, off);
	d->fixed_ctl = at(d->fixed_ctl, off);
	d->fixed_ctr = at(d->fixed_ctr, off);
	d->extra_lo = at(d->extra_lo, off);
	d->extra_hi = at(d->extra_hi, off);
	d->clock_msr = at(d->clock_msr, off);
	d->filter_msr = at(d->filter_msr, off);
	if (d->cha_unit)
		d->cha_unit = (uint8_t)(i + 1);
	if (!d->pci)
		return;
	out->pci = *d->pci;
	d->pci = &out->pci;
	if (t->ids) {
		out->pci.device_id = t->ids[i].device_id;
		out->pci.at = t->ids[i].at;
		d->filter_id = t->ids[i].filter_id;
	} else {
		out->pci.at = (uint16_t)(out->pci.at + ((t->dev_step * i) << 3));
	}
	if (!out->pci.mmio)
		return;
	out->mmio = *out->pci.mmio;
	out->mmio.mc = (uint8_t)(t->per_mc ? i / t->per_mc : 0);
	out->mmio.lo = at(out->mmio.lo, off);
	out->pci.mmio = &out->mmio;
}

void box_type_instance(const struct box_type *t, unsigned i, struct box_inst *out)
{
	unsigned k = t->per_mc ? i % t->per_mc : i;
	box_type_place(t, i, t->offsets ? t->offsets[i] : t->stride * k, out);
}

bool box_family_each(const struct box_family *f, bool (*fn)(void *ctx, unsigned k, unsigned i),
		     void *ctx)
{
	/* a run of types with_next: box i of each, then box i + 1 of each */
	for (unsigned k = 0, run = 1; f && k < f->ntypes; k += run) {
		for (run = 1; f->types[k + run - 1].with_next; run++)
			;
		unsigned boxes = f->types[k].num_boxes ? f->types[k].num_boxes : 1;
		for (unsigned i = 0; i < boxes; i++)
			for (unsigned j = k; j < k + run; j++)
				if (fn(ctx, j, i))
					return true;
	}
	return false;
}
