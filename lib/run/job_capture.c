/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The capture (issue 26 item 1): what a run needs to rebuild this machine in the model
 * and to compare the two. Every enabled CPU walks its own CPUID (capture/cpuid_walk.c)
 * and reads the PMU MSRs efipmu knows for its vendor (capture/msr_list.c), #GP caught,
 * into its own cache-line-aligned slot; each package's first CPU also reads its uncore
 * family's MSR boxes of package scope, each die's first CPU its die's own (a portal table's
 * MSR units: the same MSRs are another register on each die). The boot CPU then scans the uncore PCI boxes (where the family
 * has them), parses the firmware's SMBIOS (capture/smbios.c) and logs it all. Nothing
 * is written: every access is a read, through the backend (so a model run captures
 * the model's machine, and no firmware table is claimed for it).
 */
#include "capture/machine.h"
#include "capture/smbios.h"
#include "pmu/regkey.h"
#include "pmu/regname.h"
#include "pmu/uncore_pci.h"
#include "run/snc.h"
#include "run/uncore_disc_job.h"
#include "run/run.h"

#define CAPTURE_TIMEOUT_US 10000000u
#define CAPTURE_RECORD_MAX (64u * 1024u)
#define CAPTURE_SMBIOS_HEX_MAX (16u * 1024u)   /* table bytes logged as hex, at most */

/* One CPU's capture, written only by that CPU. */
struct capture_slot {
	struct machine_cpu cpu;         /* its topology is the platform's, filled when logged */
	struct machine_regs pkg;        /* the package's leader only */
	uint32_t *more;                 /* the leader's room for its tables' MSRs (capture.room) */
	struct machine_regs *die;       /* a die's leader's: its die's own registers; else NULL */
	bool leader;
	bool full;                      /* logged in full: others may be logged against it */
	uint32_t done;                  /* util/flag.h */
} __attribute__((aligned(64)));

struct capture {
	struct run *a;
	struct capture_slot *slot;
	const char *vendor;             /* the boot CPU's: a machine has one */
	enum uncore_family fam;
};

/* AP code: no console, no log, no allocation; only this CPU's slot is written. */
static void capture_on_cpu(void *ctx, unsigned cpu)
{
	struct capture *c = ctx;
	if (!plat_listed(c->a->plat, cpu) || !c->a->plat->cpu[cpu].enabled)
		return;
	struct capture_slot *s = &c->slot[cpu];
	const struct pmu_backend *b = &c->a->backend;
	unsigned nmore = s->leader && s->more ? uncore_disc_msrs_of(c->a, cpu, s->more) : 0;
	machine_collect_cpu(b, cpu, c->vendor, &s->cpu, &c->a->boxes, s->leader ? &s->pkg : NULL,
			    s->die, s->more, nmore);
	flag_set(&s->done, 1);
}

/* Each package's lowest-numbered enabled CPU reads its package's registers. */
static unsigned mark_leaders(struct capture *c)
{
	const struct platform *p = c->a->plat;
	unsigned pkgs = 0;
	for (unsigned i = 0; i < p->ncpus; i++) {
		bool first = p->cpu[i].enabled;
		for (unsigned j = 0; j < i && first; j++)
			first = !(p->cpu[j].enabled && p->cpu[j].package == p->cpu[i].package);
		c->slot[i].leader = first;
		pkgs += first;
	}
	return pkgs;
}

/* Whether CPU i is its die's first enabled CPU (without dies: its package's), its leader. */
static bool die_first(const struct platform *p, unsigned i)
{
	bool first = p->cpu[i].enabled;
	for (unsigned j = 0; j < i && first; j++)
		first = !(p->cpu[j].enabled && p->cpu[j].package == p->cpu[i].package &&
			  p->cpu[j].die == p->cpu[i].die);
	return first;
}

/*
 * Each die's leader's room for its die's own registers, where the boxes have some (one
 * block, st->dies, given back as the slots are); false without memory for it.
 */
static bool mark_die_leaders(struct capture *c, struct capture_state *st)
{
	const struct platform *p = c->a->plat;
	unsigned dies = 0;
	for (unsigned i = 0; capture_die_msrs(&c->a->boxes) && i < p->ncpus; i++)
		dies += die_first(p, i);
	st->dies = dies ? run_alloc(c->a, dies * sizeof(struct machine_regs)) : NULL;
	for (unsigned i = 0, n = 0; st->dies && i < p->ncpus; i++)
		c->slot[i].die = die_first(p, i) ? (struct machine_regs *)st->dies + n++ : NULL;
	return !dies || st->dies;
}

static void put_hex_str(struct strbuf *sb, uint64_t v)
{
	sb_putc(sb, '"');
	sb_hex(sb, v);
	sb_putc(sb, '"');
}

/*
 * key:[["0x186","0x0"],["0xc9",null],...]: null where the read raised #GP (absent). With
 * ref, only the rows whose value differs from ref's (the compact form).
 */
static unsigned put_regs(struct strbuf *sb, const char *key, const struct machine_regs *r,
			 const struct machine_regs *ref)
{
	unsigned absent = 0;
	bool first = true;
	sb_json_key(sb, key);
	sb_putc(sb, '[');
	for (unsigned i = 0; i < r->n; i++) {
		absent += pmu_is_fault((pmu_status)r->st[i]);
		if (ref && !machine_msr_differs(ref, r, i))
			continue;
		sb_puts(sb, first ? "[" : ",[");
		first = false;
		put_hex_str(sb, r->msr[i]);
		sb_putc(sb, ',');
		if (r->st[i] == PMU_OK)
			put_hex_str(sb, r->val[i]);
		else if (pmu_is_fault((pmu_status)r->st[i]))
			sb_puts(sb, "null");
		else
			sb_json_str(sb, pmu_status_str((pmu_status)r->st[i]));
		sb_putc(sb, ']');
	}
	sb_putc(sb, ']');
	return absent;
}

/* key:[[leaf, subleaf, eax, ebx, ecx, edx],...]; with ref, only the rows that differ from its. */
static void put_walk(struct strbuf *sb, const char *key, const struct machine_cpu *c,
		     const struct machine_cpu *ref)
{
	const struct cpuid_walk *w = &c->walk;
	bool first = true;
	sb_json_key(sb, key);
	sb_putc(sb, '[');
	for (unsigned i = 0; i < w->n; i++) {
		const struct cpuid_entry *e = &w->e[i];
		const uint32_t v[6] = { e->leaf, e->sub, e->r.eax, e->r.ebx, e->r.ecx, e->r.edx };
		if (ref && !machine_cpuid_differs(ref, c, i))
			continue;
		sb_puts(sb, first ? "[" : ",[");
		first = false;
		for (unsigned k = 0; k < 6; k++) {
			if (k)
				sb_putc(sb, ',');
			put_hex_str(sb, v[k]);
		}
		sb_putc(sb, ']');
	}
	sb_putc(sb, ']');
	logrec_key_bool(sb, "cpuid_complete", !w->truncated && !w->st);
}

struct capture_tally {
	unsigned cpus, leaves, msrs, absent, pkgs, pkg_msrs;
};

/*
 * The CPU this one is logged against (issue 33: a record a CPU at 768 CPUs, each nearly
 * its package's first's): of the CPUs of its package logged in full before it, the one
 * like it with the fewest rows that differ, where those are under half its rows; else
 * none, and the CPU is logged in full (a package's first, another core type).
 */
static const struct capture_slot *like_of(const struct capture *c, unsigned cpu)
{
	const struct plat_cpu *pc = c->a->plat->cpu;
	const struct machine_cpu *me = &c->slot[cpu].cpu;
	const struct capture_slot *best = NULL;
	unsigned fewest = (me->walk.n + me->regs.n) / 2;
	for (unsigned i = 0; i < cpu; i++) {
		const struct capture_slot *s = &c->slot[i];
		if (!s->full || pc[i].package != pc[cpu].package || !machine_cpu_like(&s->cpu, me))
			continue;
		unsigned d = machine_cpu_diffs(&s->cpu, me);
		if (d < fewest) {
			fewest = d;
			best = s;
		}
	}
	return best;
}

static void log_cpu(struct capture *c, struct strbuf *sb, unsigned cpu, struct capture_tally *t)
{
	const struct plat_cpu *pc = &c->a->plat->cpu[cpu];
	struct capture_slot *s = &c->slot[cpu];
	const struct capture_slot *like = like_of(c, cpu);
	logrec_begin(sb, "machine", c->a->simulated);
	logrec_key_str(sb, "scope", "cpu");
	logrec_key_u64(sb, "cpu", cpu);
	logrec_key_u64(sb, "apic_id", pc->apic_id);
	logrec_key_u64(sb, "package", pc->package);
	logrec_key_u64(sb, "core", pc->core);
	logrec_key_u64(sb, "thread", pc->thread);
	if (c->a->plat->dies_known)
		logrec_key_u64(sb, "die", pc->die);
	if (like) {
		logrec_key_u64(sb, "same_as_cpu", (uint64_t)(like - c->slot));
		put_walk(sb, "cpuid_except", &s->cpu, &like->cpu);
		t->absent += put_regs(sb, "msrs_except", &s->cpu.regs, &like->cpu.regs);
	} else {
		put_walk(sb, "cpuid", &s->cpu, NULL);
		t->absent += put_regs(sb, "msrs", &s->cpu.regs, NULL);
	}
	s->full = !like;
	logrec_end(sb);
	run_record_from(c->a, sb);
	t->cpus++;
	t->leaves += s->cpu.walk.n;
	t->msrs += s->cpu.regs.n;
}

/* The PCI boxes the scan placed on the package: box, function, device id, box control found. */
static void put_pci_boxes(struct strbuf *sb, const struct machine_pkg *k)
{
	sb_json_key(sb, "pci_boxes");
	sb_putc(sb, '[');
	for (unsigned i = 0; i < k->npci; i++) {
		const struct machine_pci_box *x = &k->pci[i];
		sb_puts(sb, i ? ",{" : "{");
		logrec_key_str(sb, "box", x->box);
		logrec_key_str(sb, "at", x->at);
		logrec_key_hex(sb, "device", x->device);
		logrec_key_hex(sb, "box_ctl", x->box_ctl);
		sb_putc(sb, '}');
	}
	sb_putc(sb, ']');
}

static void log_package(struct capture *c, struct strbuf *sb, unsigned cpu,
			const struct machine_pkg *pci, struct capture_tally *t)
{
	const struct capture_slot *s = &c->slot[cpu];
	unsigned pkg = c->a->plat->cpu[cpu].package;
	logrec_begin(sb, "machine", c->a->simulated);
	logrec_key_str(sb, "scope", "package");
	logrec_key_u64(sb, "package", pkg);
	logrec_key_u64(sb, "leader", cpu);
	logrec_key_str(sb, "uncore_family", uncore_family_name(c->fam));
	put_regs(sb, "msrs", &s->pkg, NULL);
	if (pci)
		put_pci_boxes(sb, pci);
	logrec_end(sb);
	run_record_from(c->a, sb);
	t->pkgs++;
	t->pkg_msrs += s->pkg.n;
}

/*
 * A die's own registers as its leader read them: scope "die" (a package's are "package"),
 * its die where firmware gave dies (without: its package's one die).
 */
static void log_die(struct capture *c, struct strbuf *sb, unsigned cpu, struct capture_tally *t)
{
	const struct plat_cpu *pc = &c->a->plat->cpu[cpu];
	logrec_begin(sb, "machine", c->a->simulated);
	logrec_key_str(sb, "scope", "die");
	logrec_key_u64(sb, "package", pc->package);
	if (c->a->plat->dies_known)
		logrec_key_u64(sb, "die", pc->die);
	logrec_key_u64(sb, "leader", cpu);
	put_regs(sb, "msrs", c->slot[cpu].die, NULL);
	logrec_end(sb);
	run_record_from(c->a, sb);
	t->pkg_msrs += c->slot[cpu].die->n;
}

static void put_str_key(struct strbuf *sb, const char *key, const char *val)
{
	if (val[0])
		logrec_key_str(sb, key, val);
}

static void put_ident(struct strbuf *sb, const struct smbios_ident *id)
{
	logrec_key_u64(sb, "structures", id->nstructs);
	if (id->have_bios) {
		sb_json_key(sb, "bios");
		sb_putc(sb, '{');
		logrec_key_str(sb, "vendor", id->bios_vendor);
		logrec_key_str(sb, "version", id->bios_version);
		logrec_key_str(sb, "date", id->bios_date);
		if (id->bios_major != 0xFF) {
			sb_json_key(sb, "release");
			sb_putc(sb, '"');
			sb_dec(sb, id->bios_major);
			sb_putc(sb, '.');
			sb_dec(sb, id->bios_minor);
			sb_putc(sb, '"');
		}
		sb_putc(sb, '}');
	}
	if (id->have_system) {
		sb_json_key(sb, "system");
		sb_putc(sb, '{');
		logrec_key_str(sb, "manufacturer", id->sys_manufacturer);
		logrec_key_str(sb, "product", id->sys_product);
		logrec_key_str(sb, "version", id->sys_version);
		put_str_key(sb, "sku", id->sys_sku);
		put_str_key(sb, "family", id->sys_family);
		sb_putc(sb, '}');
	}
	if (id->have_board) {
		sb_json_key(sb, "board");
		sb_putc(sb, '{');
		logrec_key_str(sb, "manufacturer", id->board_manufacturer);
		logrec_key_str(sb, "product", id->board_product);
		logrec_key_str(sb, "version", id->board_version);
		sb_putc(sb, '}');
	}
	sb_json_key(sb, "sockets");
	sb_putc(sb, '[');
	for (unsigned i = 0; i < id->nsockets && i < SMBIOS_MAX_SOCKETS; i++) {
		const struct smbios_socket *k = &id->socket[i];
		sb_puts(sb, i ? ",{" : "{");
		logrec_key_str(sb, "designation", k->designation);
		logrec_key_bool(sb, "populated", k->populated);
		logrec_key_str(sb, "manufacturer", k->manufacturer);
		logrec_key_str(sb, "version", k->version);
		put_str_key(sb, "part", k->part);
		logrec_key_hex(sb, "id", k->id);
		logrec_key_u64(sb, "max_mhz", k->max_mhz);
		logrec_key_u64(sb, "current_mhz", k->cur_mhz);
		logrec_key_u64(sb, "cores", k->cores);
		logrec_key_u64(sb, "threads", k->threads);
		sb_putc(sb, '}');
	}
	sb_putc(sb, ']');
}

static void put_table_hex(struct strbuf *sb, const uint8_t *t, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t n = len < CAPTURE_SMBIOS_HEX_MAX ? len : CAPTURE_SMBIOS_HEX_MAX;
	logrec_key_u64(sb, "table_bytes", len);
	sb_json_key(sb, "table_hex");
	sb_putc(sb, '"');
	for (size_t i = 0; i < n; i++) {
		sb_putc(sb, hex[t[i] >> 4]);
		sb_putc(sb, hex[t[i] & 0xF]);
	}
	sb_putc(sb, '"');
}

/*
 * The firmware's SMBIOS: "smbios" {version, structures, bios, system, board, sockets,
 * table_hex}, or "smbios_why". The console line's firmware part goes to say.
 */
static void put_smbios(struct capture *c, struct strbuf *sb, struct strbuf *say,
		       struct smbios_ident *id)
{
	const struct platform *p = c->a->plat;
	const uint8_t *ep = NULL, *tab = NULL;
	size_t ep_len = 0, tab_len = 0;
	struct smbios_entry e;
	const char *why = NULL;
	if (c->a->simulated)
		why = "the reference model has no firmware tables";
	else if (!p->ops->smbios || !p->ops->smbios(p->ctx, &ep, &ep_len, &tab, &tab_len))
		why = "firmware publishes no SMBIOS table";
	else if (smbios_entry_parse(ep, ep_len, &e, &why) == PMU_OK && !tab)
		why = "the SMBIOS structure table is not mapped";
	pmu_status st = why ? PMU_ERR_NOT_FOUND : smbios_identity(tab, tab_len, id);
	if (why || st) {
		why = why ? why : id->problem;
		logrec_key_str(sb, "smbios_why", why);
		sb_puts(say, "SMBIOS: ");
		sb_puts(say, why);
		return;
	}
	sb_json_key(sb, "smbios");
	sb_putc(sb, '{');
	sb_json_key(sb, "version");
	sb_putc(sb, '"');
	sb_dec(sb, e.major);
	sb_putc(sb, '.');
	sb_dec(sb, e.minor);
	sb_putc(sb, '"');
	put_ident(sb, id);
	put_table_hex(sb, tab, tab_len);
	sb_putc(sb, '}');
	sb_puts(say, "SMBIOS ");
	sb_dec(say, e.major);
	sb_putc(say, '.');
	sb_dec(say, e.minor);
	sb_puts(say, ": ");
	sb_puts(say, id->bios_vendor[0] ? id->bios_vendor : "(no BIOS vendor)");
	sb_putc(say, ' ');
	sb_puts(say, id->bios_version);
	sb_puts(say, ", ");
	sb_puts(say, id->sys_manufacturer[0] ? id->sys_manufacturer : "(no system maker)");
	sb_putc(say, ' ');
	sb_puts(say, id->sys_product);
}

static void log_platform(struct capture *c, struct strbuf *sb, const struct run_header *h,
			 struct strbuf *say, unsigned pkgs)
{
	struct smbios_ident *id = run_alloc(c->a, sizeof(*id));
	logrec_begin(sb, "machine", c->a->simulated);
	logrec_key_str(sb, "scope", "platform");
	logrec_key_u64(sb, "cpus", c->a->plat->nenabled);
	logrec_key_u64(sb, "packages", pkgs);
	if (c->a->plat->dies_known)   /* whence each cpu record's die */
		logrec_key_str(sb, "dies", "location2");
	logrec_key_str(sb, "vendor", c->vendor);
	if (c->a->simulated) {
		/* the header names the firmware QEMU or the machine runs; the machine here is the model */
		logrec_key_str(sb, "profile", run_profile_name(c->a));
	} else {
		logrec_key_str(sb, "firmware_vendor", h->fw_vendor);
		logrec_key_hex(sb, "firmware_revision", h->fw_revision);
		logrec_key_hex(sb, "uefi_revision", h->uefi_revision);
	}
	if (id)
		put_smbios(c, sb, say, id);
	else
		sb_puts(say, "SMBIOS: no memory to parse it");
	logrec_end(sb);
	run_record_from(c->a, sb);
	run_free(c->a, id);
}

/*
 * Every function of segment 0 the scan reached, uncore or not: "functions" [[SSSS:BB:DD.F,
 * id dword]...], whether all fit ("functions_complete") and whether the scan read extended
 * configuration space (issue 33 item 3: a model of QEMU's machine answers as QEMU did).
 */
static void log_pci_fns(struct capture *c, struct strbuf *sb, const struct machine_pci_fns *f)
{
	logrec_begin(sb, "machine", c->a->simulated);
	logrec_key_str(sb, "scope", "pci");
	sb_json_key(sb, "functions");
	sb_putc(sb, '[');
	for (unsigned i = 0; i < f->n; i++) {
		sb_puts(sb, i ? ",[\"" : "[\"");
		regname_put_fn(sb, regkey_pci_addr((uint32_t)f->at[i] << 12));
		sb_puts(sb, "\",");
		put_hex_str(sb, f->id[i]);
		sb_putc(sb, ']');
	}
	sb_putc(sb, ']');
	logrec_key_bool(sb, "functions_complete", f->complete);
	logrec_key_bool(sb, "extended_space_readable", f->ext_readable);
	logrec_end(sb);
	run_record_from(c->a, sb);
}

/* [["0xOFF","0xVALUE"],...] */
static void put_pairs(struct strbuf *sb, const uint32_t *off, const uint64_t *val, unsigned n)
{
	sb_putc(sb, '[');
	for (unsigned i = 0; i < n; i++) {
		sb_puts(sb, i ? ",[" : "[");
		put_hex_str(sb, off[i]);
		sb_putc(sb, ',');
		put_hex_str(sb, val[i]);
		sb_putc(sb, ']');
	}
	sb_putc(sb, ']');
}

/*
 * With the CXL job (issue 36): what it reads, read first, so a replay's model answers as the
 * machine did: "functions" [["pci SSSS:BB:DD.F", [[offset, dword]...]]...] (its dwords but
 * zeros), "cpmus" [["0xBASE", [[offset, value]...]]...] (capture/machine.h machine_cxl). The functions, and the CPMUs in *cpmus.
 */
static unsigned log_cxl(struct capture *c, struct strbuf *sb, unsigned *cpmus)
{
	struct run *a = c->a;
	struct machine_cxl *x = run_alloc(a, sizeof(*x));
	struct cxl_find *f = run_alloc(a, sizeof(*f));
	uint32_t *off = run_alloc(a, MACHINE_CXL_DWORDS * sizeof(*off));
	uint64_t *val = run_alloc(a, MACHINE_CXL_DWORDS * sizeof(*val));
	unsigned found = 0;
	if (x && f && off && val && machine_collect_cxl(&a->backend, a->plat->bsp, x, f)) {
		logrec_begin(sb, "machine", a->simulated);
		logrec_key_str(sb, "scope", "cxl");
		sb_json_key(sb, "functions");
		sb_putc(sb, '[');
		for (unsigned i = 0; i < x->nfn; i++) {
			unsigned n = 0;
			for (unsigned d = 0; d < MACHINE_CXL_DWORDS; d++)
				if (x->fn[i].dword[d]) {
					off[n] = 4 * d;
					val[n++] = x->fn[i].dword[d];
				}
			sb_puts(sb, i ? ",[\"" : "[\"");
			regname_put_fn(sb, regkey_pci_addr(x->fn[i].at << 12));
			sb_puts(sb, "\",");
			put_pairs(sb, off, val, n);
			sb_putc(sb, ']');
		}
		sb_puts(sb, "],\"cpmus\":[");
		for (unsigned i = 0; i < x->ncpmu; i++) {
			struct machine_cxl_cpmu *k = &x->cpmu[i];
			unsigned n = machine_cxl_offsets(k, off);
			for (unsigned r = 0; r < n; r++)
				val[r] = *machine_cxl_reg(k, off[r]);
			sb_puts(sb, i ? ",[" : "[");
			put_hex_str(sb, k->base);
			sb_putc(sb, ',');
			put_pairs(sb, off, val, n);
			sb_putc(sb, ']');
		}
		sb_putc(sb, ']');
		logrec_end(sb);
		run_record_from(a, sb);
		found = x->nfn;
		*cpmus = x->ncpmu;
	}
	run_free(a, val);
	run_free(a, off);
	run_free(a, f);
	run_free(a, x);
	return found;
}

/*
 * The uncore PCI boxes of the boot CPU's family, by the engine's own scan (reads only),
 * one machine_pkg per package leader in pkgs (NULL: none to log); every function it
 * reached logged.
 */
static struct machine_pkg *scan_pci(struct capture *c, struct strbuf *sb, unsigned npkgs)
{
	struct run *a = c->a;
	struct machine_pkg *pkgs = run_alloc(a, npkgs * sizeof(*pkgs));
	struct uncore_pci_scan *scan = run_alloc(a, sizeof(*scan));
	struct pmon_registry *reg = run_alloc(a, sizeof(*reg));
	struct machine_pci_fns *fns = run_alloc(a, sizeof(*fns));
	bool found = false;
	if (pkgs && scan && reg && fns) {
		for (unsigned i = 0, n = 0; i < a->plat->ncpus && n < npkgs; i++)
			if (c->slot[i].leader)
				pkgs[n++].package = a->plat->cpu[i].package;
		found = machine_scan_pci(&a->backend, a->plat->bsp, &a->boxes, pkgs, npkgs, fns,
					 scan, reg);
	}
	if (found)
		log_pci_fns(c, sb, fns);
	run_free(a, fns);
	run_free(a, reg);
	run_free(a, scan);
	if (!found) {
		run_free(a, pkgs);
		return NULL;
	}
	return pkgs;
}

enum verdict capture_check_setting(struct run *a)
{
	const char *v = a->opt.capture;
	if (!v[0] || !pmu_strcmp(v, "on") || !pmu_strcmp(v, "off"))
		return VERDICT_PASS;
	return run_refuse_setting(a, OPT_CAPTURE, "capture: expected on or off, not", v, NULL);
}

void capture_state_fini(struct run *a, void *state)
{
	struct capture_state *st = state;
	run_free(a, st->slot_mem);
	run_free(a, st->more);
	run_free(a, st->dies);
}

enum verdict job_capture(struct run *a, void *state)
{
	struct capture_state *st = state;
	const struct run_header *h = a->header;
	const struct cpu_info *boot = &a->slot[a->plat->bsp].info;
	struct capture c = { a, NULL, boot->vendor, boot->uncore };
	struct capture_tally t = { 0 };
	char line[200];
	struct strbuf say, sb;
	if (!pmu_strcmp(a->opt.capture, "off"))
		return VERDICT_PASS;
	/* given back by run_fini, as the discovery slots: a CPU that did not answer may write late */
	c.slot = run_alloc_lines(a, a->plat->ncpus * sizeof(*c.slot), &st->slot_mem);
	char *rec = run_alloc(a, CAPTURE_RECORD_MAX);
	unsigned pkgs = c.slot ? mark_leaders(&c) : 0, room = uncore_disc_msrs_room(a);
	/* each leader's room for its package's table MSRs, given back as the slots are */
	st->more = room ? run_alloc(a, pkgs * room * sizeof(uint32_t)) : NULL;
	if (!c.slot || !rec || (room && !st->more) || !mark_die_leaders(&c, st)) {
		run_free(a, rec);
		sb_puts(&a->sb, "capture: no memory for it, not logged");
		run_say(a);
		return VERDICT_PASS;
	}
	for (unsigned i = 0, n = 0; room && i < a->plat->ncpus; i++)
		if (c.slot[i].leader)
			c.slot[i].more = (uint32_t *)st->more + room * n++;
	sb_init(&sb, rec, CAPTURE_RECORD_MAX);
	sb_init(&say, line, sizeof(line));
	plat_run_all(a->plat, capture_on_cpu, &c, CAPTURE_TIMEOUT_US);
	struct machine_pkg *pci = scan_pci(&c, &sb, pkgs);
	unsigned missed = 0, leaders = 0;
	for (unsigned i = 0; i < a->plat->ncpus; i++) {
		const struct machine_pkg *k = pci && c.slot[i].leader ? &pci[leaders] : NULL;
		leaders += c.slot[i].leader;
		if (!a->plat->cpu[i].enabled)
			continue;
		if (!flag_get(&c.slot[i].done)) {
			missed++;
			continue;
		}
		log_cpu(&c, &sb, i, &t);
		if (c.slot[i].leader)
			log_package(&c, &sb, i, k, &t);
		if (c.slot[i].die)
			log_die(&c, &sb, i, &t);
	}
	unsigned tables = uncore_disc_capture(a);
	unsigned cpmus = 0, cxl = a->opt.cxl ? log_cxl(&c, &sb, &cpmus) : 0;
	snc_capture(a);
	sb_puts(&say, "capture: ");
	sb_dec(&say, t.cpus);
	sb_puts(&say, t.cpus == 1 ? " CPU, " : " CPUs, ");
	sb_dec(&say, t.leaves);
	sb_puts(&say, " CPUID leaves, ");
	sb_dec(&say, t.msrs);
	sb_puts(&say, " MSRs (");
	sb_dec(&say, t.absent);
	sb_puts(&say, " absent), ");
	sb_dec(&say, t.pkg_msrs);
	sb_puts(&say, " uncore MSRs");
	if (tables) {
		sb_puts(&say, ", ");
		sb_dec(&say, tables);
		sb_puts(&say, tables == 1 ? " discovery table" : " discovery tables");
	}
	if (cxl) {
		sb_puts(&say, ", ");
		sb_dec(&say, cxl);
		sb_puts(&say, cxl == 1 ? " CXL function, " : " CXL functions, ");
		sb_dec(&say, cpmus);
		sb_puts(&say, cpmus == 1 ? " CPMU" : " CPMUs");
	}
	if (missed) {
		sb_puts(&say, ", ");
		sb_dec(&say, missed);
		sb_puts(&say, " CPUs did not answer");
	}
	sb_puts(&say, "; ");
	log_platform(&c, &sb, h, &say, pkgs);
	sb_putn(&a->sb, say.buf, say.len);
	run_say(a);
	run_free(a, pci);
	run_free(a, rec);
	return VERDICT_PASS;
}
