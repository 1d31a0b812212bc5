/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "pmu/decode.h"
#include "hw/layouts_core.h"
#include "hw/layouts_amd.h"
#include "hw/msr.h"
#include "pmu/core_engine.h"
#include "pmu/uncore.h"

#define VALUE_COL 30     /* column of "bits ..." in a field line */
#define MAX_SHOWN 16     /* distinct layouts one name can decode to */

/* A register (or a run of like registers) that a name or MSR number can refer to. */
struct reg_ref {
	const char *box;              /* "core" or a perf box name */
	const char *part;             /* core: short name; uncore: NULL (counter control) or the suffix */
	const struct reg_layout *l;
	uint32_t msr, stride;
	unsigned count;
	enum uncore_family fam;       /* UNCORE_NONE for the core */
	uint16_t pci_id;              /* a PCI box's device id: msr is a config offset; 0: an MSR */
};

static const struct reg_ref core_refs[] = {
	{ "core", "perfevtsel", &layout_perfevtsel, MSR_IA32_PERFEVTSEL0, 1, CORE_MAX_GP,
	  UNCORE_NONE, 0 },
	{ "core", "fixed_ctr_ctrl", &layout_fixed_ctr_ctrl, MSR_IA32_FIXED_CTR_CTRL, 1, 1, UNCORE_NONE, 0 },
	{ "core", "global_ctrl", &layout_global_ctrl, MSR_IA32_PERF_GLOBAL_CTRL, 1, 1, UNCORE_NONE, 0 },
	{ "core", "global_status", &layout_global_status, MSR_IA32_PERF_GLOBAL_STATUS, 1, 1, UNCORE_NONE, 0 },
	{ "core", "global_ovf_ctrl", &layout_global_ovf_ctrl, MSR_IA32_PERF_GLOBAL_OVF_CTRL, 1, 1,
	  UNCORE_NONE, 0 },
	{ "core", "perf_capabilities", &layout_perf_capabilities, MSR_IA32_PERF_CAPABILITIES, 1, 1,
	  UNCORE_NONE, 0 },
	{ "core", "perf_metrics", &layout_perf_metrics, MSR_IA32_PERF_METRICS, 1, 1, UNCORE_NONE, 0 },
	/* the v6 select of GP counter n (hw/msr.h), with the fields CPUID.23H may add */
	{ "core", "pmc_v6_cfg_a", &layout_pmc_v6_cfg_a, MSR_IA32_PMC_V6_GP0_CFG_A,
	  MSR_IA32_PMC_V6_STEP, CORE_MAX_GP, UNCORE_NONE, 0 },
	/* AMD (APM vol. 2 13.2): the extended counters' controls and their legacy aliases */
	{ "core", "perf_ctl", &layout_amd_perf_ctl, MSR_AMD_PERF_CTL0, 2, 6, UNCORE_NONE, 0 },
	{ "core", "perf_evt_sel", &layout_amd_perf_ctl, MSR_AMD_PERF_LEGACY_CTL0, 1, 4,
	  UNCORE_NONE, 0 },
	{ "core", "perf_cntr_global_ctl", &layout_amd_global_ctl, MSR_AMD_GLOBAL_CTL, 1, 1,
	  UNCORE_NONE, 0 },
	{ "core", "perf_cntr_global_status", &layout_amd_global_status, MSR_AMD_GLOBAL_STATUS, 1, 1,
	  UNCORE_NONE, 0 },
	{ "core", "perf_cntr_global_status_clr", &layout_amd_global_status_clr,
	  MSR_AMD_GLOBAL_STATUS_CLR, 1, 1, UNCORE_NONE, 0 },
};

/* Called for each register; returns true to stop the walk. */
typedef bool (*ref_fn)(const struct reg_ref *r, void *ctx);

static bool visit_box(const struct box_desc *d, ref_fn fn, void *ctx)
{
	uint16_t pci_id = d->pci ? d->pci->device_id : 0;
	struct reg_ref r = { d->name, NULL, d->ctl_layout, d->ctl_base, d->ctl_stride, d->n_counters,
			     d->family, pci_id };
	if (fn(&r, ctx))
		return true;
	const struct { const char *part; const struct reg_layout *l; uint32_t msr; } more[] = {
		{ "fixed", d->fixed_layout, d->fixed_ctl },
		{ "box", d->box ? d->box->layout : NULL, d->box_ctl },
		{ "global", d->global ? d->global->layout : NULL, d->global_ctl },
		{ "status", d->status ? d->status->layout : NULL, d->status_msr },
		{ "ovf", d->status ? d->status->ovf_layout : NULL, d->ovf_msr },
		{ "filter", d->filter ? d->filter->layout : NULL, d->filter_msr },
	};
	for (unsigned i = 0; i < sizeof(more) / sizeof(more[0]); i++) {
		if (!more[i].l || !more[i].msr)
			continue;
		struct reg_ref m = { d->name, more[i].part, more[i].l, more[i].msr, 1, 1, d->family,
				     pci_id };
		if (fn(&m, ctx))
			return true;
	}
	return false;
}

struct visit_family {
	const struct box_family *f;
	ref_fn fn;
	void *ctx;
};

/* Box i of type k, computed for the walk alone. */
static bool visit_type_box(void *ctx, unsigned k, unsigned i)
{
	const struct visit_family *v = ctx;
	struct box_inst b;
	box_type_instance(&v->f->types[k], i, &b);
	return visit_box(&b.d, v->fn, v->ctx);
}

/*
 * Core registers, then every box of boxes (a machine's; model 0x1F's are the client
 * uncore's, whose names it may have), or of every family with a type table (NULL).
 */
static void visit(const struct box_set *boxes, ref_fn fn, void *ctx)
{
	for (unsigned i = 0; i < sizeof(core_refs) / sizeof(core_refs[0]); i++)
		if (fn(&core_refs[i], ctx))
			return;
	for (unsigned i = 0; boxes && i < boxes->n; i++)
		if (visit_box(&boxes->box[i].d, fn, ctx))
			return;
	for (unsigned f = UNCORE_NONE; !boxes && f <= UNCORE_DISC; f++) {
		struct visit_family v = { box_family_of((enum uncore_family)f), fn, ctx };
		if (v.f && v.f->fam == f && box_family_each(v.f, visit_type_box, &v))
			return;
	}
}

/* A box of a fixed counter alone (a client cNCU) has no general control: stride 0, none. */
static bool ref_has_msr(const struct reg_ref *r, uint32_t msr)
{
	return !r->pci_id && r->stride && msr >= r->msr && (msr - r->msr) % r->stride == 0 &&
	       (msr - r->msr) / r->stride < r->count;
}

/* ---- MSR number -> layout ---- */

struct msr_find {
	uint32_t msr;
	const struct reg_layout *l;
};

static bool find_msr(const struct reg_ref *r, void *ctx)
{
	struct msr_find *f = ctx;
	if (!ref_has_msr(r, f->msr))
		return false;
	f->l = r->l;
	return true;
}

const struct reg_layout *decode_layout_for_msr(uint32_t msr, const struct box_set *boxes)
{
	struct msr_find f = { msr, NULL };
	visit(boxes, find_msr, &f);
	return f.l;
}

/* ---- field lines ---- */

static void pad(struct strbuf *sb, size_t line_start, size_t col)
{
	while (sb->len < line_start + col && !sb->overflow)
		sb_putc(sb, ' ');
}

static void put_bits(struct strbuf *sb, unsigned lsb, unsigned width)
{
	if (width == 1) {
		sb_puts(sb, "bit ");
		sb_dec(sb, lsb);
		return;
	}
	sb_puts(sb, "bits ");
	sb_dec(sb, lsb + width - 1);
	sb_putc(sb, ':');
	sb_dec(sb, lsb);
}

static const char *access_note(uint8_t access)
{
	switch (access) {
	case RA_RO: return "  read-only";
	case RA_WO: return "  write-only, reads 0";
	case RA_W1C: return "  write 1 to clear";
	case RA_RSV: return "  RESERVED: must be 0";
	case RA_IG: return "  ignored";
	default: return "";
	}
}

pmu_status decode_fields(const struct reg_layout *l, uint64_t value, struct strbuf *sb)
{
	pmu_status st = PMU_OK;
	uint64_t covered = 0;
	for (unsigned i = 0; i < l->nfields; i++) {
		const struct reg_field *f = &l->fields[i];
		uint64_t v = reg_get_field(value, f);
		covered |= reg_field_mask(f);
		bool hidden = f->access == RA_RSV || f->access == RA_IG;
		if (hidden && !v)
			continue;
		if (f->access == RA_RSV)
			st = PMU_ERR_RESERVED;
		/* One field as reg_decode writes it; a reserved one too, so it can be flagged. */
		struct reg_field one = *f;
		struct reg_layout just = { l->name, &one, 1, l->undefined };
		one.access = RA_RW;
		size_t start = sb->len;
		sb_puts(sb, "  ");
		reg_decode(&just, value, 1, sb);
		pad(sb, start, VALUE_COL);
		put_bits(sb, f->lsb, f->width);
		sb_puts(sb, access_note(f->access));
		sb_putc(sb, '\n');
	}
	if (value & ~covered) {
		sb_puts(sb, "  bits ");
		sb_hex(sb, value & ~covered);
		sb_puts(sb, " lie in no field  RESERVED\n");
		st = PMU_ERR_RESERVED;
	}
	return st;
}

/* ---- name -> registers ---- */

#define NAME_MAX 48

struct name_match {
	char box[NAME_MAX];         /* the name, or its part before '.' */
	const char *part;           /* after '.', or NULL */
	bool is_msr;
	uint32_t msr;
	uint64_t value;
	struct strbuf *sb;
	pmu_status st;
	const struct reg_layout *shown[MAX_SHOWN];
	unsigned nshown;
};

static bool ci_eq(const char *a, const char *b)
{
	return a && b && !pmu_strcasecmp(a, b);
}

static bool name_matches(const struct name_match *m, const struct reg_ref *r)
{
	if (m->is_msr)
		return ref_has_msr(r, m->msr);
	if (m->part)
		return r->fam != UNCORE_NONE && ci_eq(m->box, r->box) && ci_eq(m->part, r->part);
	if (r->fam == UNCORE_NONE && ci_eq(m->box, r->part))
		return true;
	return (r->fam != UNCORE_NONE && !r->part && ci_eq(m->box, r->box)) || ci_eq(m->box, r->l->name);
}

static void put_msrs(struct strbuf *sb, const struct reg_ref *r)
{
	if (r->pci_id)
		sb_puts(sb, r->count > 1 ? "config offsets " : "config offset ");
	else
		sb_puts(sb, r->count > 1 ? "MSRs " : "MSR ");
	sb_hex(sb, r->msr);
	if (r->count > 1) {
		sb_putc(sb, '-');
		sb_hex(sb, r->msr + (r->count - 1) * r->stride);
	}
	if (r->pci_id) {
		sb_puts(sb, " of PCI device ");
		sb_hex(sb, r->pci_id);
	}
}

static bool decode_match(const struct reg_ref *r, void *ctx)
{
	struct name_match *m = ctx;
	if (!name_matches(m, r))
		return false;
	for (unsigned i = 0; i < m->nshown; i++)
		if (m->shown[i] == r->l)
			return false;
	if (m->nshown < MAX_SHOWN)
		m->shown[m->nshown++] = r->l;
	struct strbuf *sb = m->sb;
	sb_puts(sb, r->l->name);
	sb_puts(sb, " = ");
	sb_hex(sb, m->value);
	sb_puts(sb, "\n  (");
	sb_puts(sb, r->box);
	if (r->fam != UNCORE_NONE) {
		sb_puts(sb, ", ");
		sb_puts(sb, uncore_family_name(r->fam));
	}
	sb_puts(sb, ", ");
	put_msrs(sb, r);
	sb_puts(sb, ")\n");
	pmu_status st = decode_fields(r->l, m->value, sb);
	if (!m->st)
		m->st = st;
	return false;
}

/* ---- the valid names, for the error line ---- */

struct name_list {
	struct strbuf *sb;
	size_t start;
};

static bool listed(const struct name_list *nl, const char *name)
{
	size_t n = pmu_strlen(name);
	for (size_t i = nl->start; i + n <= nl->sb->len; i++)
		if (!pmu_strncmp(nl->sb->buf + i, name, n) &&
		    (i + n == nl->sb->len || nl->sb->buf[i + n] == ' ') && nl->sb->buf[i - 1] == ' ')
			return true;
	return false;
}

/* A numbered box once, as its type: uncore_cha_0..27 are "uncore_cha_N". */
static bool list_name(const struct reg_ref *r, void *ctx)
{
	struct name_list *nl = ctx;
	const char *name = r->fam == UNCORE_NONE ? r->part : r->part ? NULL : r->box;
	char typed[NAME_MAX];
	size_t n = name ? pmu_strlen(name) : 0, k = n;
	while (k && name[k - 1] >= '0' && name[k - 1] <= '9')
		k--;
	if (k < n && k > 1 && name[k - 1] == '_' && k + 2 <= sizeof(typed)) {
		pmu_memcpy(typed, name, k);
		typed[k] = 'N';
		typed[k + 1] = '\0';
		name = typed;
	}
	if (name && !listed(nl, name)) {
		sb_putc(nl->sb, ' ');
		sb_puts(nl->sb, name);
	}
	return false;
}

pmu_status decode_register(const char *name, uint64_t value, const struct box_set *boxes,
			   struct strbuf *sb)
{
	struct name_match m;
	pmu_memset(&m, 0, sizeof(m));
	m.value = value;
	m.sb = sb;
	size_t n = pmu_strlen(name), dot = 0;
	while (dot < n && name[dot] != '.')
		dot++;
	uint64_t msr = 0;
	if (pmu_parse_u64(name, n, &msr) && msr <= 0xFFFFFFFFu) {
		m.is_msr = true;
		m.msr = (uint32_t)msr;
	} else if (dot < NAME_MAX) {
		pmu_memcpy(m.box, name, dot);
		m.box[dot] = '\0';
		m.part = dot < n ? name + dot + 1 : NULL;
	}
	if (n && (m.is_msr || m.box[0]))
		visit(boxes, decode_match, &m);
	if (m.nshown)
		return m.st;
	sb_puts(sb, m.is_msr ? "no register layout for MSR '" : "unknown register '");
	sb_puts(sb, name);
	sb_puts(sb, "'; valid:");
	struct name_list nl = { sb, sb->len };
	visit(boxes, list_name, &nl);
	sb_puts(sb, "; BOX.fixed|box|global|status|ovf|filter, a layout name or an MSR number\n");
	return PMU_ERR_UNKNOWN_NAME;
}
