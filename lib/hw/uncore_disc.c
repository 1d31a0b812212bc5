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

struct box_desc uncore_disc_slot[UNCORE_DISC_SLOTS] = {
	[0 ... UNCORE_DISC_SLOTS - 1] = { .family = UNCORE_SLOT_EMPTY },
};
static struct box_pci pci[UNCORE_DISC_SLOTS];
static struct box_mmio mmio[UNCORE_DISC_SLOTS];
static char names[UNCORE_DISC_SLOTS][2][28];
static unsigned used;

void uncore_disc_reset(void)
{
	for (unsigned i = 0; i < UNCORE_DISC_SLOTS; i++)
		uncore_disc_slot[i] = (struct box_desc){ .family = UNCORE_SLOT_EMPTY };
	used = 0;
}

static void name(char *dst, const char *kind, unsigned a, int b)
{
	struct strbuf sb;
	sb_init(&sb, dst, 28);
	sb_puts(&sb, "uncore_");
	sb_puts(&sb, kind);
	sb_putc(&sb, '_');
	sb_dec(&sb, a);
	if (b >= 0) {
		sb_putc(&sb, '_');
		sb_dec(&sb, (unsigned)b);
	}
}

int uncore_disc_add(const struct disc_box_src *u)
{
	if (used == UNCORE_DISC_SLOTS)
		return -1;
	unsigned i = used++;
	struct box_desc *d = &uncore_disc_slot[i];
	const char *known = disc_type_name(u->type);
	name(names[i][1], "type", u->type, u->box_id);
	if (known)
		name(names[i][0], known, u->nth, -1);
	*d = (struct box_desc){
		.name = known ? names[i][0] : names[i][1], .family = UNCORE_DISC,
		.ctl_layout = &layout_disc_ctl, .n_counters = u->counters,
		.counter_width = u->width, .enable_mask = BIT(22), .box = &disc_gate,
	};
	uint32_t base = (uint32_t)u->box_ctl, step = 1;
	if (u->access == DISC_PCI) {
		base = (uint32_t)(u->box_ctl & 0xFFF);
		step = 8;
	} else if (u->access == DISC_MMIO) {
		base = UNCORE_DISC_MMIO_LO;
		mmio[i] = (struct box_mmio){ 0, UNCORE_DISC_MMIO_LO, UNCORE_DISC_MMIO_SIZE };
	}
	d->box_ctl = base;
	d->ctl_base = base + u->ctl_offset;
	d->ctl_stride = u->access == DISC_MMIO ? 4 : step;
	d->ctr_base = base + u->ctr_offset;
	d->ctr_stride = u->access == DISC_MMIO ? 8 : step;
	if (u->access != DISC_MSR) {
		uint32_t end = d->ctl_base + d->ctl_stride * u->counters;
		uint32_t ctr_end = d->ctr_base + d->ctr_stride * u->counters;
		pci[i] = (struct box_pci){ u->device_id, (uint16_t)base,
					   (uint16_t)(end > ctr_end ? end : ctr_end), 0,
					   u->access == DISC_MMIO ? &mmio[i] : NULL };
		d->pci = &pci[i];
	}
	if (u->type == 0 && u->access == DISC_MSR && u->nth < 255)
		d->cha_unit = (uint8_t)(u->nth + 1);   /* present below the package's CHA count */
	return (int)i;
}

const char *uncore_disc_alias(const struct box_desc *d)
{
	if (d < uncore_disc_slot || d >= uncore_disc_slot + UNCORE_DISC_SLOTS ||
	    d->family != UNCORE_DISC)
		return NULL;
	return names[d - uncore_disc_slot][1];
}
