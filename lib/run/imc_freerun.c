/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* A family's free-running memory counters: see imc_freerun.h. */
#include "run/imc_freerun.h"
#include "out/derived.h"
#include "pmu/counter.h"
#include "pmu/pmon_registry.h"
#include "pmu/regkey.h"

void imc_freerun_find(struct imc_freerun *f, const struct uncore_family_desc *fam,
		      const struct uncore_pci_pkg *map, const struct pmon_registry *r)
{
	pmu_memset(f, 0, sizeof(*f));
	for (unsigned k = 0; k < fam->nfreerun; k++) {
		const struct freerun_type *t = &fam->freerun[k];
		for (unsigned i = 0; i < t->num_counters && f->nctr < IMC_FR_CTRS; i++)
			f->ctr[f->nctr++] = (struct imc_freerun_ctr){
				t->counter_base + t->counter_offset * i, t->bits, &t->ctr[i] };
	}
	for (unsigned i = 0; f->nctr && map && r && i < map->n; i++) {
		const struct box_desc *d = map->box[i].d;
		unsigned slot = regkey_mmio_slot(map->box[i].base), k;
		if (!d->pci || !d->pci->mmio || slot >= r->n || r->r[slot].kind != PMON_MMIO)
			continue;
		for (k = 0; k < f->n && f->c[k].mc != d->pci->mmio->mc; k++)
			;
		if (k == f->n && f->n < IMC_FR_MAX) {   /* the first channel of its controller */
			f->c[f->n].mc = d->pci->mmio->mc;
			f->c[f->n++].base = r->r[slot].base;
		}
	}
}

void imc_freerun_read(struct imc_freerun *f, const struct pmu_backend *b, unsigned cpu,
		      bool after, uint64_t ticks)
{
	for (unsigned k = 0; k < f->n; k++) {
		struct imc_freerun_mc *c = &f->c[k];
		for (unsigned i = 0; i < f->nctr; i++) {
			uint64_t v = 0;
			pmu_status st = pmu_mmio_read(b, cpu, c->base + f->ctr[i].off, 8, &v);
			if (st && !c->st)
				c->st = st;
			c->all_ones |= !st && v == ~0ull;
			if (after)
				c->sum[i] += counter_delta(c->before[i], v, f->ctr[i].bits);
			else
				c->before[i] = v;
		}
	}
	if (after) {
		f->windows++;
		f->ticks += ticks;
	}
}

/* Of sums (one a counter of f), the counter's that counts r; 0 when none does. */
static uint64_t of_role(const struct imc_freerun *f, const uint64_t *sum, enum freerun_role r)
{
	for (unsigned i = 0; i < f->nctr; i++)
		if (f->ctr[i].c->role == r)
			return sum[i];
	return 0;
}

/* "P0 uncore_imc free-running 1: read X MB/s, write Y MB/s, DCLK N" (per window). */
static void say_rates(struct run *a, unsigned package, const char *what,
		      const struct imc_freerun *f, const uint64_t *sum)
{
	uint64_t lines[2] = { of_role(f, sum, FR_READ_LINES), of_role(f, sum, FR_WRITE_LINES) };
	uint64_t hz = run_window_hz(a), milli;
	sb_putc(&a->sb, 'P');
	sb_dec(&a->sb, package);
	sb_putc(&a->sb, ' ');
	sb_puts(&a->sb, what);
	sb_puts(&a->sb, " free-running:");
	for (unsigned i = 0; i < 2; i++) {
		sb_puts(&a->sb, i ? ", write " : " read ");
		derived_fmt_milli(&a->sb, derived_bandwidth(lines[i], f->ticks, hz, &milli) ? milli : 0);
		sb_puts(&a->sb, " MB/s");
	}
	sb_puts(&a->sb, ", DCLK ");
	sb_dec_grouped(&a->sb, f->windows ? of_role(f, sum, FR_CLOCK) / f->windows : 0);
	run_say(a);
}

/*
 * The bound of the agreement check, in lines per window: both sources count the controller's
 * 64-byte CAS commands, but the CAS counters are frozen with the window while the free-running
 * ones run on, read just before the unfreeze and just after the freeze, so they also see what
 * other agents (firmware on the other CPUs, device DMA) send in those gaps and, over repeats,
 * the mean of the windows rather than the median: 1/16 of the CAS count plus 64 lines (4 KiB,
 * what a pre-OS machine's idle agents may move in gaps a few register accesses long). A
 * counter stuck, swapped or read at the wrong offset misses it by the whole traffic.
 */
#define FR_SLACK_LINES 64

static bool agree(uint64_t fr, uint64_t cas)
{
	uint64_t d = fr > cas ? fr - cas : cas - fr;
	return d <= cas / 16 + FR_SLACK_LINES;
}

/* One controller (what "uncore_imc controller n") or the package: record, line, check. */
static enum verdict one(struct run *a, unsigned package, int mc, const uint64_t *sum,
			const struct imc_freerun *f, const uint64_t cas[2], const char *stuck)
{
	uint64_t per[2] = { of_role(f, sum, FR_READ_LINES) / f->windows,
			    of_role(f, sum, FR_WRITE_LINES) / f->windows };
	bool ok = !stuck && agree(per[0], cas[0]) && agree(per[1], cas[1]);
	a->checks.n[CHECK_FREERUN] += !stuck;
	char what[40];
	struct strbuf sb;
	sb_init(&sb, what, sizeof(what));
	sb_puts(&sb, mc < 0 ? "memory controllers" : "iMC controller ");
	if (mc >= 0)
		sb_dec(&sb, (unsigned)mc);
	run_begin(a, "uncore_imc_freerun");
	logrec_key_u64(&a->sb, "package", package);
	logrec_key_str(&a->sb, "controller", what);
	for (unsigned i = 0; i < f->nctr; i++)
		logrec_key_u64(&a->sb, f->ctr[i].c->name, sum[i] / f->windows);
	logrec_key_u64(&a->sb, "windows", f->windows);
	logrec_key_u64(&a->sb, "cas_read", cas[0]);
	logrec_key_u64(&a->sb, "cas_write", cas[1]);
	logrec_key_str(&a->sb, "result", stuck ? stuck : ok ? "agree" : "DISAGREE");
	logrec_end(&a->sb);
	run_record(a);
	if (stuck) {
		sb_putc(&a->sb, 'P');
		sb_dec(&a->sb, package);
		sb_putc(&a->sb, ' ');
		sb_puts(&a->sb, what);
		sb_puts(&a->sb, " free-running counters ");
		sb_puts(&a->sb, stuck);
		sb_puts(&a->sb, ": not a second bandwidth source here");
		run_say(a);
		return VERDICT_PASS;
	}
	say_rates(a, package, what, f, sum);
	sb_puts(&a->sb, ok ? "  agree with the CAS counts (read " : "  DISAGREE with the CAS counts (read ");
	sb_dec_grouped(&a->sb, per[0]);
	sb_puts(&a->sb, " vs ");
	sb_dec_grouped(&a->sb, cas[0]);
	sb_puts(&a->sb, ", write ");
	sb_dec_grouped(&a->sb, per[1]);
	sb_puts(&a->sb, " vs ");
	sb_dec_grouped(&a->sb, cas[1]);
	sb_puts(&a->sb, ok ? " lines, within 1/16 + 64): PASS" : " lines, beyond 1/16 + 64): FAIL");
	run_say(a);
	return ok ? VERDICT_PASS : VERDICT_FAIL;
}

enum verdict imc_freerun_report(struct run *a, unsigned package, const struct imc_freerun *f,
				const uint64_t cas[IMC_FR_MAX][2])
{
	enum verdict v = VERDICT_PASS;
	uint64_t tot[IMC_FR_CTRS] = { 0 }, tcas[2] = { 0 };
	unsigned good = 0;
	if (!f->windows)
		return VERDICT_PASS;
	for (unsigned k = 0; k < f->n; k++) {
		const struct imc_freerun_mc *c = &f->c[k];
		const char *stuck = c->st ? "cannot be read" : c->all_ones ? "read all-ones"
				  : !of_role(f, c->sum, FR_CLOCK) ? "do not move (DCLK unchanged)" : NULL;
		const uint64_t *mine = cas[c->mc < IMC_FR_MAX ? c->mc : 0];
		v = verdict_worse(v, one(a, package, c->mc, c->sum, f, mine, stuck));
		if (stuck)
			continue;
		good++;
		for (unsigned i = 0; i < f->nctr; i++)
			tot[i] += c->sum[i];
		tcas[0] += mine[0];
		tcas[1] += mine[1];
	}
	for (unsigned i = 0; i < f->nctr; i++)   /* the package: a controller's clock */
		tot[i] /= f->ctr[i].c->role == FR_CLOCK && good ? good : 1;
	if (good > 1)
		v = verdict_worse(v, one(a, package, -1, tot, f, tcas, NULL));
	return v;
}
