/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hw/layouts_discovery.h"
#include "pmu/uncore_discovery.h"

#define ALL_ONES (~(uint64_t)0)

static const struct {
	const char *name, *why;
} problems[DP_COUNT] = {
	[DP_GLOBAL_INVALID] = { "global-invalid", "the global state reads all ones or zero: "
				"discovery disabled by firmware or the table not mapped" },
	[DP_STRIDE] = { "stride", "the global stride is shorter than a unit state" },
	[DP_TRUNCATED] = { "truncated", "the table ends before max_units unit states" },
	[DP_TOO_MANY] = { "too-many-units", "more units than efipmu keeps: the rest are unread" },
	[DP_EMPTY] = { "empty", "a zero qword: no unit here (skipped, as Linux does)" },
	[DP_ALL_ONES] = { "all-ones", "a qword of all ones: read from an absent device "
			  "(skipped, as Linux does)" },
	[DP_ZERO_OFFSET] = { "zero-offset", "box control, ctl_offset or ctr_offset is 0 "
			     "(dropped, as Linux does)" },
	[DP_NO_COUNTERS] = { "no-counters", "num_regs is 0: nothing to count" },
	[DP_WIDTH] = { "width", "bit_width is 0 or over 64" },
	[DP_ACCESS] = { "access", "access type 3: no way to reach the unit" },
	[DP_DUP_BOX_ID] = { "duplicate-box-id", "a box id already seen for this type "
			    "(dropped, as Linux does)" },
	[DP_OUTSIDE] = { "outside", "its address lies outside every MCFG bus range and BAR (an "
			 "MMIO unit: so do the others of its type, offsets of the same BARs)" },
	[DP_QUIRK_SPR_UPI] = { "spr-upi-quirk", "Sapphire Rapids UPI/M3UPI entries may name "
			       "absent devices: Linux ignores them and uses devices 0x3241/0x3246, "
			       "and so does efipmu where it finds them" },
	[DP_ABSENT] = { "absent", "its PCI function reads all ones: no device there, "
			"nothing of it is counted" },
	[DP_PAST_PHYS] = { "past-phys-width", "its address needs more bits than the CPU's physical "
			   "address width (CPUID 80000008H EAX[7:0]): no memory is there" },
	[DP_BROKEN_TYPE] = { "broken-type", "a type whose PMON Linux ignores on this platform "
			     "(broken in the part): skipped, as Linux does" },
};

const char *disc_problem_name(enum disc_problem p)
{
	return p < DP_COUNT ? problems[p].name : "?";
}

const char *disc_problem_why(enum disc_problem p)
{
	return p < DP_COUNT ? problems[p].why : "?";
}

static uint64_t qword(const uint8_t *b)
{
	uint64_t v = 0;
	for (unsigned i = 8; i--;)
		v = v << 8 | b[i];
	return v;
}

static uint64_t field(const struct disc_field *f, const uint64_t q[3])
{
	return reg_get_field(q[f->qword], &f->f);
}

static bool inside(const struct disc_unit *u, const struct disc_space *w)
{
	if (u->access == DISC_PCI) {
		uint64_t seg = reg_get_field(u->box_ctl, &disc_pci_addr_fields[0]);
		uint64_t bus = reg_get_field(u->box_ctl, &disc_pci_addr_fields[1]);
		for (unsigned i = 0; i < w->nbuses; i++)
			if (w->buses[i].segment == seg && bus >= w->buses[i].start &&
			    bus <= w->buses[i].end)
				return true;
		return false;
	}
	/* The unit's registers run from box control to its last counter. */
	uint64_t last = u->box_ctl + u->ctr_offset + 8ull * (u->counters ? u->counters : 1);
	for (unsigned i = 0; i < w->nmmio; i++)
		if (u->box_ctl >= w->mmio[i].base && last <= w->mmio[i].base + w->mmio[i].size)
			return true;
	return false;
}

/* What Linux's parse_discovery_table / uncore_insert_box_info make of unit u. */
static void check_unit(struct disc_table *t, struct disc_unit *u, const uint64_t q[3],
		       const struct disc_space *w)
{
	for (unsigned i = 0; i < 3; i++)
		if (q[i] == ALL_ONES)
			u->problems |= 1u << DP_ALL_ONES;
	if (!q[0] || !q[1])
		u->problems |= 1u << DP_EMPTY;
	if (u->problems)
		return;   /* nothing else in it means anything */
	if (!u->box_ctl || !u->ctl_offset || !u->ctr_offset)
		u->problems |= 1u << DP_ZERO_OFFSET;
	if (!u->counters)
		u->problems |= 1u << DP_NO_COUNTERS;
	if (!u->width || u->width > 64)
		u->problems |= 1u << DP_WIDTH;
	if (u->access == DISC_ACCESS_NONE)
		u->problems |= 1u << DP_ACCESS;
	for (unsigned i = 0; i < t->nunits; i++)
		if (t->unit[i].usable && t->unit[i].type == u->type && t->unit[i].box_id == u->box_id)
			u->problems |= 1u << DP_DUP_BOX_ID;
	if (w && w->phys_bits && w->phys_bits < 64 && u->access == DISC_MMIO &&
	    u->box_ctl >> w->phys_bits)
		u->problems |= 1u << DP_PAST_PHYS;
	else if (w && u->access != DISC_MSR && u->access != DISC_ACCESS_NONE && !inside(u, w))
		u->problems |= 1u << DP_OUTSIDE;
	if (w && w->spr_quirks && (u->type == 8 || u->type == 9))
		u->problems |= 1u << DP_QUIRK_SPR_UPI;
}

/*
 * The MMIO units of one type share their controllers' BARs: when one lies outside (a BAR
 * firmware left at 0 puts it low), the others of its type are offsets from the same unset
 * BARs, wherever they land, and are outside too: never reached.
 */
static void outside_by_type(struct disc_table *t)
{
	for (unsigned i = 0; i < t->nunits; i++) {
		const struct disc_unit *u = &t->unit[i];
		if (u->access != DISC_MMIO || !(u->problems & 1u << DP_OUTSIDE))
			continue;
		for (unsigned k = 0; k < t->nunits; k++) {
			struct disc_unit *x = &t->unit[k];
			if (x->type != u->type || x->access != DISC_MMIO || !x->usable)
				continue;
			x->problems |= 1u << DP_OUTSIDE;
			x->usable = false;
			t->nusable--;
		}
	}
}

pmu_status disc_parse(const uint8_t *bytes, size_t len, const struct disc_space *where,
		      struct disc_table *t)
{
	pmu_memset(t, 0, sizeof(*t));
	if (len < 24) {
		t->problems |= 1u << DP_TRUNCATED;
		return PMU_ERR_INVALID;
	}
	uint64_t g[3] = { qword(bytes), qword(bytes + 8), qword(bytes + 16) };
	t->type = (uint8_t)field(&disc_global_fields[DG_TYPE], g);
	t->stride = (uint8_t)field(&disc_global_fields[DG_STRIDE], g);
	t->max_units = (uint16_t)field(&disc_global_fields[DG_MAX_UNITS], g);
	t->access = (uint8_t)field(&disc_global_fields[DG_ACCESS], g);
	t->global_ctl = field(&disc_global_fields[DG_GLOBAL_CTL], g);
	t->status_offset = (uint8_t)field(&disc_global_fields[DG_STATUS_OFFSET], g);
	t->num_status = (uint16_t)field(&disc_global_fields[DG_NUM_STATUS], g);
	if (g[0] == ALL_ONES || !g[0] || !t->global_ctl)
		t->problems |= 1u << DP_GLOBAL_INVALID;
	else if (t->stride < 3)
		t->problems |= 1u << DP_STRIDE;
	if (t->problems)
		return PMU_ERR_INVALID;
	size_t step = (size_t)t->stride * 8;
	unsigned n = t->max_units;
	if ((size_t)(n + 1) * step > len) {
		t->problems |= 1u << DP_TRUNCATED;
		/* the units that fit after the global state's stride; none when it does not fit */
		n = len / step ? (unsigned)(len / step - 1) : 0;
	}
	if (n > DISC_MAX_UNITS) {
		t->problems |= 1u << DP_TOO_MANY;
		n = DISC_MAX_UNITS;
	}
	for (unsigned i = 0; i < n; i++) {
		const uint8_t *b = bytes + (size_t)(i + 1) * step;
		uint64_t q[3] = { qword(b), qword(b + 8), qword(b + 16) };
		struct disc_unit *u = &t->unit[t->nunits];
		pmu_memset(u, 0, sizeof(*u));
		u->index = (uint16_t)i;
		u->counters = (uint8_t)field(&disc_unit_fields[DU_NUM_REGS], q);
		u->ctl_offset = (uint8_t)field(&disc_unit_fields[DU_CTL_OFFSET], q);
		u->width = (uint8_t)field(&disc_unit_fields[DU_BIT_WIDTH], q);
		u->ctr_offset = (uint8_t)field(&disc_unit_fields[DU_CTR_OFFSET], q);
		u->status_offset = (uint8_t)field(&disc_unit_fields[DU_STATUS_OFFSET], q);
		u->access = (uint8_t)field(&disc_unit_fields[DU_ACCESS], q);
		u->box_ctl = field(&disc_unit_fields[DU_BOX_CTL], q);
		u->type = (uint16_t)field(&disc_unit_fields[DU_BOX_TYPE], q);
		u->box_id = (uint16_t)field(&disc_unit_fields[DU_BOX_ID], q);
		check_unit(t, u, q, where);
		u->usable = !u->problems;   /* Linux skips or drops a unit for each of them */
		t->nusable += u->usable;
		t->nunits++;
	}
	outside_by_type(t);
	return PMU_OK;
}

unsigned disc_ignore_types(struct disc_table *t, const uint16_t *types, unsigned n)
{
	unsigned k = 0;
	for (unsigned i = 0; i < t->nunits; i++)
		for (unsigned j = 0; j < n && t->unit[i].usable; j++)
			if (t->unit[i].type == types[j]) {
				t->unit[i].problems |= 1u << DP_BROKEN_TYPE;
				t->unit[i].usable = false;
				t->nusable--;
				k++;
			}
	return k;
}

unsigned disc_cha_count(const struct disc_table *t, unsigned other, const char *other_name,
			struct strbuf *sb)
{
	unsigned table = 0;
	for (unsigned i = 0; i < t->nunits; i++)
		table += t->unit[i].usable && t->unit[i].type == 0;
	if (sb) {
		sb_puts(sb, "CHAs: table ");
		sb_dec(sb, table);
		sb_puts(sb, ", ");
		sb_puts(sb, other_name);
		sb_puts(sb, " ");
		sb_dec(sb, other);
	}
	if (!other) {
		if (sb)
			sb_puts(sb, " (no evidence: the table's count is kept)");
		return table;
	}
	if (sb && other != table)
		sb_puts(sb, other < table ? " (the table lists CHAs the part does not have: "
				"the smaller count is used)" :
				" (the table misses CHAs: only the table's can be reached)");
	return other < table ? other : table;
}
