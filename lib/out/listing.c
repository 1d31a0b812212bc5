/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hw/events_names.h"
#include "out/listing.h"
#include "pmu/core_engine.h"
#include "hw/events_box_gen.h"
#include "pmu/evspec.h"
#include "check/kernels.h"
#include "hw/msr.h"
#include "pmu/uncore.h"

struct out {
	struct strbuf *sb;
	listing_line_fn fn;
	void *ctx;
};

static void emit(struct out *o)
{
	o->fn(o->ctx, o->sb->buf, o->sb->len);
	sb_reset(o->sb);
}

static void say(struct out *o, const char *text)
{
	sb_puts(o->sb, text);
	emit(o);
}

/* "0x186-0x189", or one address for a single register. */
static void put_range(struct strbuf *sb, uint32_t first, uint32_t stride, unsigned count)
{
	sb_hex(sb, first);
	if (count > 1) {
		sb_putc(sb, '-');
		sb_hex(sb, first + (count - 1) * stride);
	}
}

static void put_counters(struct strbuf *sb, unsigned n, unsigned width)
{
	sb_dec(sb, n);
	sb_puts(sb, " x ");
	sb_dec(sb, width);
	sb_puts(sb, n == 1 ? "-bit counter" : "-bit counters");
}

static void list_core(struct out *o, const struct cpu_info *ci)
{
	struct strbuf *sb = o->sb;
	struct core_pmu p;
	if (!pmu_core_present(ci)) {
		sb_puts(sb, "Core PMU: none usable (");
		sb_puts(sb, pmu_core_verdict(ci));
		sb_putc(sb, ')');
		emit(o);
		return;
	}
	core_pmu_from_cpu(ci, &p);
	const struct core_pmu_desc *d = p.desc;
	sb_puts(sb, d->generic ? "Core PMU: " : "Core PMU: architectural version ");
	if (d->generic) {   /* AMD: its kind, from CPUID 0x80000001 / 0x80000022 */
		sb_puts(sb, d->name);
		sb_puts(sb, ", version ");
	}
	sb_dec(sb, p.version);
	emit(o);
	sb_puts(sb, "  GP: ");
	put_counters(sb, p.n_gp, p.gp_width);
	sb_puts(sb, ", ");
	sb_puts(sb, d->sel_name);
	sb_puts(sb, d->stride > 1 ? "/" : " ");
	if (d->stride > 1) {   /* interleaved: control, counter, control, ... */
		sb_puts(sb, d->ctr_name);
		sb_puts(sb, " pairs ");
		put_range(sb, d->sel_base, 1, p.n_gp * d->stride);
	} else {
		put_range(sb, d->sel_base, d->stride, p.n_gp);
		sb_puts(sb, ", ");
		sb_puts(sb, d->ctr_name);
		sb_putc(sb, ' ');
		put_range(sb, d->ctr_base, d->stride, p.n_gp);
	}
	emit(o);
	if (d->generic) {
		sb_puts(sb, "  gate: ");
		if (d->global_ctrl) {
			sb_puts(sb, d->gctl_name);
			sb_putc(sb, ' ');
			sb_hex(sb, d->global_ctrl);
			sb_puts(sb, " (one write opens the window)");
		} else {
			sb_puts(sb, "each counter's EN (one write per counter)");
		}
		emit(o);
	}
	if (p.n_fixed) {
		sb_puts(sb, "  fixed: ");
		put_counters(sb, p.n_fixed, p.fixed_width);
		sb_puts(sb, ", FIXED_CTR ");
		put_range(sb, MSR_IA32_FIXED_CTR0, 1, p.n_fixed);
		sb_puts(sb, ", control ");
		sb_hex(sb, MSR_IA32_FIXED_CTR_CTRL);
		emit(o);
	} else {
		say(o, "  fixed: none");
	}
	if (p.fw_write && !d->wide_base) {
		sb_puts(sb, "  full-width counter writes: yes, to the counter itself");
	} else if (p.fw_write) {
		sb_puts(sb, "  full-width counter writes: yes, A_PMC ");
		put_range(sb, d->wide_base, d->stride, p.n_gp);
	} else {
		sb_puts(sb, "  full-width counter writes: no (PMCx takes 32 bits, sign-extended)");
	}
	emit(o);
	sb_puts(sb, "  AnyThread bit: ");
	sb_puts(sb, p.anythread ? "yes" : "no");
	emit(o);
	if (p.perf_metrics)
		say(o, "  IA32_PERF_METRICS: yes (top-down split of TOPDOWN.SLOTS, FIXED_CTR3)");
	if (pmu_core_type_name(p.core_type)) {
		sb_puts(sb, "  hybrid core type: ");
		sb_puts(sb, pmu_core_type_name(p.core_type));
		emit(o);
	}
	for (unsigned q = 0; q < core_quirk_count; q++) {
		if (!((p.quirks >> q) & 1))
			continue;
		sb_puts(sb, "  corrected by quirk ");
		sb_puts(sb, core_quirks[q].name);
		emit(o);
	}
	if (d->generic) {   /* no architectural events: the PMU's own codes for perf's names */
		say(o, "  generic events:");
		for (unsigned i = 0; i < d->n_generic; i++) {
			sb_puts(sb, "    ");
			sb_puts(sb, d->generic[i].name);
			sb_puts(sb, " = event ");
			sb_hex(sb, d->generic[i].event);
			emit(o);
		}
		return;
	}
	sb_puts(sb, "  architectural events (CPUID.0AH:EBX, ");
	sb_dec(sb, ci->arch.ebx_len);
	sb_puts(sb, " defined):");
	emit(o);
	for (unsigned i = 0; i < ARCH_EVENT_COUNT; i++) {
		sb_puts(sb, pmu_arch_event_available(&ci->arch, i) ? "    yes  " : "    no   ");
		sb_puts(sb, evspec_arch_name(i));
		emit(o);
	}
}

static void list_box(struct out *o, const struct box_desc *d)
{
	struct strbuf *sb = o->sb;
	sb_puts(sb, "  ");
	sb_puts(sb, d->name);
	sb_puts(sb, ": ");
	put_counters(sb, d->n_counters, d->counter_width);
	sb_puts(sb, ", ctl ");
	put_range(sb, d->ctl_base, d->ctl_stride, d->n_counters);
	sb_puts(sb, ", ctr ");
	put_range(sb, d->ctr_base, d->ctr_stride, d->n_counters);
	emit(o);
	if (d->per_ccx) {
		sb_puts(sb, "    one set per CCX (the CPUs sharing an L3), counted on its first CPU");
		emit(o);
	}
	if (d->pci) {
		sb_puts(sb, d->pci->mmio ? "    MMIO: ctl, ctr are offsets from its memory controller "
				"base, which PCI device " : "    PCI device ");
		sb_hex(sb, d->pci->device_id);
		sb_puts(sb, d->pci->mmio ? " gives" : ": ctl, ctr are offsets in its config space");
		emit(o);
	}
	if (d->fixed_ctl) {
		sb_puts(sb, "    fixed counter: ");
		sb_dec(sb, d->fixed_width);
		if (d->fixed_width_max) {   /* sources disagree: the run probes it */
			sb_putc(sb, '-');
			sb_dec(sb, d->fixed_width_max);
		}
		sb_puts(sb, d->fixed_width_max ? " bits (probed), control " : " bits, control ");
		sb_hex(sb, d->fixed_ctl);
		sb_puts(sb, ", counter ");
		sb_hex(sb, d->fixed_ctr);
		emit(o);
		sb_puts(sb, "      the clock it counts: event '");
		sb_puts(sb, d->fixed_event);
		sb_putc(sb, '\'');
		emit(o);
	}
	if (!d->box_ctl && !d->global_ctl && !d->status_msr)
		return;
	sb_puts(sb, "   ");
	if (d->box_ctl) {
		sb_puts(sb, " box ctl ");
		sb_hex(sb, d->box_ctl);
	}
	if (d->global_ctl) {
		sb_puts(sb, d->box_ctl ? ", global ctl " : " global ctl ");
		sb_hex(sb, d->global_ctl);
	}
	if (d->status_msr) {
		sb_puts(sb, d->box_ctl || d->global_ctl ? ", status " : " status ");
		sb_hex(sb, d->status_msr);
		sb_puts(sb, ", overflow clear ");
		sb_hex(sb, d->ovf_msr);
	}
	emit(o);
}

static void list_uncore(struct out *o, const struct cpu_info *ci, const struct box_set *boxes)
{
	struct strbuf *sb = o->sb;
	enum uncore_family fam = ci->uncore;
	sb_puts(sb, "Uncore: ");
	sb_puts(sb, uncore_family_name(fam));
	if (fam == UNCORE_NONE) {
		sb_puts(sb, " (no uncore PMU this tool knows)");
		emit(o);
		return;
	}
	sb_puts(sb, ", one set of boxes per package");
	emit(o);
	if (fam == UNCORE_UNCONFIRMED)   /* its set: the client uncore's boxes */
		say(o, "  model 0x1F may have the Nehalem client uncore below; it is probed first");
	for (unsigned i = 0; boxes && i < boxes->n; i++)
		list_box(o, &boxes->box[i].d);
}

/* The names of l, as many to a line as fit; pmu: how a spec names its PMU (cpu_atom). */
static void list_events(struct out *o, const struct ev_list *l, const char *pmu)
{
	struct strbuf *sb = o->sb;
	sb_puts(sb, "Events of ");
	sb_puts(sb, pmu);
	sb_puts(sb, " (list ");
	sb_puts(sb, l->name);
	sb_putc(sb, '/');
	sb_puts(sb, l->file);
	sb_puts(sb, ", ");
	sb_dec(sb, l->n);
	sb_puts(sb, " events):");
	emit(o);
	for (unsigned i = 0; i < l->n; i++) {
		char name[EV_NAME_MAX];
		ev_name(&l->events[i], name, sizeof(name));
		if (sb->len && sb->len + 1 + pmu_strlen(name) > LISTING_WIDTH)
			emit(o);
		sb_puts(sb, sb->len ? " " : "  ");
		sb_puts(sb, name);
	}
	if (sb->len)
		emit(o);
}

/* Uncore events of Linux and likwid for families Intel lists none for, "NAME (box)". */
static void list_box_events(struct out *o, enum uncore_family fam)
{
	struct strbuf *sb = o->sb;
	for (unsigned i = 0; i < box_event_list_count; i++) {
		const struct box_event_list *l = &box_event_lists[i];
		if (l->family != fam)
			continue;
		sb_puts(sb, "Uncore events from Linux and likwid (");
		sb_dec(sb, l->n);
		sb_puts(sb, ", -e NAME or box/NAME/):");
		emit(o);
		for (unsigned k = 0; k < l->n; k++) {
			sb_puts(sb, "  ");
			sb_puts(sb, l->events[k].name);
			sb_puts(sb, " (");
			sb_puts(sb, l->events[k].pmu);
			sb_puts(sb, ")");
			emit(o);
		}
	}
}

void listing_write(const struct cpu_info *ci, const struct box_set *boxes, struct strbuf *sb,
		   listing_line_fn fn, void *ctx)
{
	struct out o = { sb, fn, ctx };
	sb_reset(sb);
	sb_puts(sb, "CPU ");
	sb_dec(sb, ci->index);
	sb_puts(sb, ": ");
	sb_puts(sb, ci->vendor);
	sb_puts(sb, " family ");
	sb_hex(sb, ci->family);
	sb_puts(sb, " model ");
	sb_hex(sb, ci->model);
	sb_puts(sb, " stepping ");
	sb_dec(sb, ci->stepping);
	emit(&o);
	if (ci->brand[0]) {
		sb_puts(sb, "  ");
		sb_puts(sb, ci->brand);
		emit(&o);
	}
	list_core(&o, ci);
	list_uncore(&o, ci, boxes);
	say(&o, "Kernels (-k NAME):");
	for (unsigned i = 0; i < kernel_count; i++) {
		sb_puts(sb, "  ");
		sb_puts(sb, kernel_table[i].name);
		sb_puts(sb, ": ");
		for (const char *w = kernel_table[i].what; *w && sb->len < LISTING_WIDTH; w++)
			sb_putc(sb, *w);
		emit(&o);
	}
	const struct ev_model *m = ev_model_for(ci);
	if (!m) {
		say(&o, "Events: no generated list for this model (raw encodings work: r01c2)");
		return;
	}
	if (evspec_other_core_type(ci)) {   /* hybrid: each core type's list */
		const struct ev_model *p = ev_model_of(ci, CORE_TYPE_CORE);
		const struct ev_model *e = ev_model_of(ci, CORE_TYPE_ATOM);
		say(&o, "A bare NAME counts on every CPU whose core type's list has it;");
		say(&o, "cpu_core/NAME/ and cpu_atom/NAME/ on that core type's CPUs only:");
		if (p)
			list_events(&o, p->core, "cpu_core");
		if (e)
			list_events(&o, e->core, "cpu_atom");
	} else {
		list_events(&o, m->core, m->core->pmu);
	}
	for (const struct ev_list *const *u = m->uncore; u && *u; u++)
		list_events(&o, *u, (*u)->pmu);
	list_box_events(&o, ci->uncore);
}
