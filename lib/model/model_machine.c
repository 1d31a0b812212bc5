/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A built-in profile as data (issue 26 item 2): the machine the model makes of it, read
 * as the app's capture reads a machine (capture/machine.c, the same walk, MSR lists and
 * PCI scan) right after the app's discovery (pmu_discover on every CPU: the microcode
 * revision latched, as a run's capture sees it). Its profile file and the one made from
 * a model run's capture are then the same text (tests/unit/capture/test_profile.c).
 */
#include "model/model_machine.h"
#include "pmu/cpuinfo.h"
#include "pmu/uncore_amd.h"
#include "pmu/uncore_pci.h"
#include "pmu/uncore_family.h"
#include "util/fmt.h"

/*
 * The machine's CPUs and packages, their registers and PCI functions, read through b into out;
 * more: room for a package's table MSRs.
 */
static pmu_status read_machine(struct model *m, const struct pmu_backend *b,
			       const struct cpu_info *ci0, const struct box_set *boxes,
			       struct machine *out, struct model_machine_scratch *s, uint32_t *more,
			       unsigned room)
{
	out->ncpus = m->ncpus;
	out->dies_known = m->dies_placed;
	for (unsigned i = 0; i < m->ncpus; i++) {
		struct machine_cpu *c = &out->cpu[i];
		bool leader = true;
		pmu_memset(c, 0, sizeof(*c));
		c->apic_id = model_apic_id(m, i);
		c->package = m->pkg_of[i];
		c->core = m->core_of[i];
		c->thread = m->smt_of[i];
		c->die = m->die_of[i];
		bool die_first = capture_die_msrs(boxes);
		for (unsigned j = 0; j < i; j++) {
			leader = leader && m->pkg_of[j] != c->package;
			die_first = die_first && !(m->pkg_of[j] == c->package && m->die_of[j] == c->die);
		}
		struct machine_pkg *k = leader ? &out->pkg[out->npkgs++] : NULL;
		if (k) {
			k->package = c->package;
			k->leader = i;
		}
		/* its die's own registers, on its die's first CPU as a run's capture reads them */
		struct machine_die *d = die_first ? machine_die_add(out, c->package, c->die) : NULL;
		if (d)
			d->leader = i;
		unsigned nmore = k && ci0->uncore == UNCORE_DISC ?
				 uncore_disc_msrs(&s->disc, c->package, more, room) : 0;
		machine_collect_cpu(b, i, ci0->vendor, c, boxes, k ? &k->regs : NULL,
				    d ? &d->regs : NULL, more, nmore);
	}
	machine_scan_pci(b, 0, boxes, out->pkg, out->npkgs, &out->pci, &s->scan, &s->reg);
	unsigned left = ci0->uncore == UNCORE_DISC ? machine_take_disc(&s->disc, out) : 0;
	/* more dies' tables or registers than out has room for: portals_left, dies_left */
	return left || out->dies_left ? PMU_ERR_NOSPACE : PMU_OK;
}

pmu_status model_machine(struct model *m, struct machine *out, struct model_machine_scratch *s)
{
	struct pmu_backend b;
	struct cpu_info ci, ci0;
	model_backend(m, &b);
	machine_clear(out, out->cap, out->die_cap);
	if (!m->ncpus || m->ncpus > out->cap || m->npkgs > MACHINE_MAX_PKGS)
		return PMU_ERR_NOSPACE;
	for (unsigned i = 0; i < m->ncpus; i++) {
		pmu_memset(&ci, 0, sizeof(ci));
		pmu_status st = pmu_discover(&b, i, &ci);
		if (st)
			return st;
		if (!i)
			ci0 = ci;
	}
	/* each die's first CPU reads its portals, as a run's (run/uncore_disc_job.c) */
	struct disc_die *dies = s->mem.alloc(s->mem.ctx, m->ncpus * sizeof(*dies));
	if (!dies)
		return PMU_ERR_NOSPACE;
	unsigned ndies = 0;
	for (unsigned i = 0; i < m->ncpus; i++) {
		bool first = true;
		for (unsigned k = 0; k < ndies && first; k++)
			first = dies[k].pkg != m->pkg_of[i] || dies[k].die != m->die_of[i];
		if (first)
			dies[ndies++] = (struct disc_die){ i, m->pkg_of[i], m->die_of[i] };
	}
	/* this machine's boxes (a discovery table's part: its table's), as a run makes them */
	struct box_set boxes;
	const struct disc_where w = uncore_disc_where(&ci0, dies, ndies);
	pmu_memset(&s->disc, 0, sizeof(s->disc));   /* the caller's scratch: no slots yet */
	if (ci0.uncore == UNCORE_DISC)
		(void)uncore_disc_build(&b, &w, NULL, &s->disc, &boxes, &s->mem);
	else
		(void)uncore_boxes_make(&ci0, &boxes, &s->mem);
	s->mem.free(s->mem.ctx, dies);
	pmu_strlcpy(out->vendor, ci0.vendor, sizeof(out->vendor));
	pmu_strlcpy(out->uncore, uncore_family_name(ci0.uncore), sizeof(out->uncore));
	/* a package's table MSRs: a portal and a global control a table at most */
	unsigned room = 2 * s->disc.find.n;
	uint32_t *more = room ? s->mem.alloc(s->mem.ctx, room * sizeof(*more)) : NULL;
	pmu_status st = (box_family_of(ci0.uncore) && !boxes.n) || (room && !more) ?
			PMU_ERR_NOSPACE : read_machine(m, &b, &ci0, &boxes, out, s, more, room);
	if (more)
		s->mem.free(s->mem.ctx, more);
	box_set_fini(&boxes);
	uncore_disc_fini(&s->disc);
	return st;
}

unsigned model_machine_dies(const struct model *m)
{
	unsigned n = 0;
	for (unsigned i = 0; i < m->ncpus; i++)
		n += m->die_lead[i] == i;   /* its die's lowest CPU */
	return n;
}
