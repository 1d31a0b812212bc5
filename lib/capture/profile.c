/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "capture/profile.h"
#include "pmu/regkey.h"
#include "pmu/regname.h"

static void line_start(struct strbuf *sb, const char *what, unsigned n)
{
	sb_puts(sb, what);
	sb_putc(sb, ' ');
	sb_dec(sb, n);
}

static void hex_field(struct strbuf *sb, uint64_t v)
{
	sb_putc(sb, ' ');
	sb_hex(sb, v);
}

/*
 * "<what> N MSR VALUE", VALUE "absent" where the read raised #GP, "error" for another
 * failure; " not-held" after it where not_held (a package's) says the run proved so.
 */
static void put_regs(struct strbuf *sb, const char *what, unsigned n, const struct machine_regs *r,
		     const bool *not_held)
{
	for (unsigned i = 0; i < r->n; i++) {
		line_start(sb, what, n);
		hex_field(sb, r->msr[i]);
		if (r->st[i] == PMU_OK)
			hex_field(sb, r->val[i]);
		else
			sb_puts(sb, pmu_is_fault((pmu_status)r->st[i]) ? " absent" : " error");
		if (not_held && not_held[i])
			sb_puts(sb, " not-held");
		sb_putc(sb, '\n');
	}
}

/* A function's place as "SSSS:BB:DD.F" (regname_put_fn's text without its "pci "). */
static void fn_field(struct strbuf *sb, uint32_t at)
{
	char text[24];
	struct strbuf a;
	sb_init(&a, text, sizeof(text));
	regname_put_fn(&a, regkey_pci_addr(at << 12));
	sb_putc(sb, ' ');
	sb_puts(sb, text + 4);
}

/*
 * "pcifns complete|incomplete extended readable|unreadable", then each function the
 * capture's scan found as "pcifn SSSS:BB:DD.F 0xID"; nothing where it did not scan.
 */
static void put_pci_fns(struct strbuf *sb, const struct machine_pci_fns *f)
{
	if (!f->listed)
		return;
	sb_puts(sb, f->complete ? "pcifns complete" : "pcifns incomplete");
	sb_puts(sb, f->ext_readable ? " extended readable\n" : " extended unreadable\n");
	for (unsigned i = 0; i < f->n; i++) {
		sb_puts(sb, "pcifn");
		fn_field(sb, f->at[i]);
		hex_field(sb, f->id[i]);
		sb_putc(sb, '\n');
	}
}

/*
 * "discovery P at pci SSSS:BB:DD.F+0xOFF bar 0xBAR bytes N", then the table as "disctable P
 * OFFSET HEX", PROFILE_DISC_LINE bytes a line; a portal's: "discovery P portal 0xMSR cpu C
 * bar 0xBAR bytes N", then "portaltable P OFFSET HEX". Either line ends with "global 0xV"
 * where the table's global control was read (its value as found).
 */
static void put_disc(struct strbuf *sb, unsigned package, const struct machine_disc *d)
{
	if (!d->len)
		return;
	line_start(sb, "discovery", package);
	if (d->portal) {
		sb_puts(sb, " portal");
		hex_field(sb, d->portal);
		sb_puts(sb, " cpu ");
		sb_dec(sb, d->cpu);
	} else {
		sb_puts(sb, " at ");
		sb_puts(sb, d->dvsec);
	}
	sb_puts(sb, " bar");
	hex_field(sb, d->bar);
	sb_puts(sb, " bytes ");
	sb_dec(sb, d->len);
	if (d->global_read) {
		sb_puts(sb, " global");
		hex_field(sb, d->global);
	}
	sb_putc(sb, '\n');
	for (uint32_t off = 0; off < d->len; off += PROFILE_DISC_LINE) {
		line_start(sb, d->portal ? "portaltable" : "disctable", package);
		hex_field(sb, off);
		sb_putc(sb, ' ');
		sb_hex_bytes(sb, d->bytes + off,
			     d->len - off < PROFILE_DISC_LINE ? d->len - off : PROFILE_DISC_LINE);
		sb_putc(sb, '\n');
	}
}

/*
 * "cxl captured" where the capture read the CXL devices (the CXL job's), then each function's
 * dwords but zeros as "cxlfn SSSS:BB:DD.F OFFSET DWORD" and each CPMU's registers as
 * "cxlcpmu 0xBASE OFFSET VALUE".
 */
static void put_cxl(struct strbuf *sb, const struct machine_cxl *x)
{
	uint32_t off[MACHINE_CXL_REGS];
	if (!x->listed)
		return;
	sb_puts(sb, "cxl captured\n");
	for (unsigned i = 0; i < x->nfn; i++)
		for (unsigned d = 0; d < MACHINE_CXL_DWORDS; d++) {
			if (!x->fn[i].dword[d])
				continue;
			sb_puts(sb, "cxlfn");
			fn_field(sb, x->fn[i].at);
			hex_field(sb, 4 * d);
			hex_field(sb, x->fn[i].dword[d]);
			sb_putc(sb, '\n');
		}
	for (unsigned i = 0; i < x->ncpmu; i++) {
		struct machine_cxl_cpmu k = x->cpmu[i];
		unsigned n = machine_cxl_offsets(&k, off);
		for (unsigned r = 0; r < n; r++) {
			sb_puts(sb, "cxlcpmu");
			hex_field(sb, k.base);
			hex_field(sb, off[r]);
			hex_field(sb, *machine_cxl_reg(&k, off[r]));
			sb_putc(sb, '\n');
		}
	}
}

/* "srat bytes N", then the table as "srattable OFFSET HEX", PROFILE_DISC_LINE bytes a line. */
static void put_srat(struct strbuf *sb, const struct machine_srat *s)
{
	if (!s->len)
		return;
	sb_puts(sb, "srat bytes ");
	sb_dec(sb, s->len);
	sb_putc(sb, '\n');
	for (uint32_t off = 0; off < s->len; off += PROFILE_DISC_LINE) {
		sb_puts(sb, "srattable");
		hex_field(sb, off);
		sb_putc(sb, ' ');
		sb_hex_bytes(sb, s->bytes + off,
			     s->len - off < PROFILE_DISC_LINE ? s->len - off : PROFILE_DISC_LINE);
		sb_putc(sb, '\n');
	}
}

/* "die P D leader C", then its own registers as "diemsr P MSR VALUE" lines. */
static void put_die(struct strbuf *sb, const struct machine_die *d)
{
	line_start(sb, "die", d->package);
	sb_putc(sb, ' ');
	sb_dec(sb, d->die);
	sb_puts(sb, " leader ");
	sb_dec(sb, d->leader);
	sb_putc(sb, '\n');
	put_regs(sb, "diemsr", d->package, &d->regs, NULL);
}

void profile_write(const struct machine *m, const char *comment, struct strbuf *sb)
{
	sb_puts(sb, PROFILE_FORMAT "\n# ");
	sb_puts(sb, comment);
	sb_puts(sb, "\nvendor ");
	sb_puts(sb, m->vendor);
	sb_puts(sb, "\nuncore ");
	sb_puts(sb, m->uncore);
	sb_putc(sb, '\n');
	line_start(sb, "cpus", m->ncpus);
	sb_putc(sb, '\n');
	line_start(sb, "packages", m->npkgs);
	sb_putc(sb, '\n');
	if (m->dies_known)   /* each cpu line's die, firmware's Location2 */
		sb_puts(sb, "dies location2\n");
	for (unsigned i = 0; i < m->ncpus && i < m->cap; i++) {
		const struct machine_cpu *c = &m->cpu[i];
		line_start(sb, "cpu", i);
		sb_puts(sb, " apic ");
		sb_dec(sb, c->apic_id);
		sb_puts(sb, " package ");
		sb_dec(sb, c->package);
		sb_puts(sb, " core ");
		sb_dec(sb, c->core);
		sb_puts(sb, " thread ");
		sb_dec(sb, c->thread);
		if (m->dies_known) {
			sb_puts(sb, " die ");
			sb_dec(sb, c->die);
		}
		sb_puts(sb, c->walk.truncated || c->walk.st ? " cpuid-incomplete\n" : "\n");
		for (unsigned k = 0; k < c->walk.n; k++) {
			const struct cpuid_entry *e = &c->walk.e[k];
			line_start(sb, "cpuid", i);
			hex_field(sb, e->leaf);
			hex_field(sb, e->sub);
			hex_field(sb, e->r.eax);
			hex_field(sb, e->r.ebx);
			hex_field(sb, e->r.ecx);
			hex_field(sb, e->r.edx);
			sb_putc(sb, '\n');
		}
		put_regs(sb, "msr", i, &c->regs, NULL);
	}
	for (unsigned p = 0; p < m->npkgs && p < MACHINE_MAX_PKGS; p++) {
		const struct machine_pkg *k = &m->pkg[p];
		line_start(sb, "package", k->package);
		sb_puts(sb, " leader ");
		sb_dec(sb, k->leader);
		sb_putc(sb, '\n');
		put_regs(sb, "pkgmsr", k->package, &k->regs, k->not_held);
		for (unsigned b = 0; b < k->npci; b++) {
			line_start(sb, "pcibox", k->package);
			sb_putc(sb, ' ');
			sb_puts(sb, k->pci[b].box);
			sb_puts(sb, " at ");
			sb_puts(sb, k->pci[b].at);
			hex_field(sb, k->pci[b].device);
			hex_field(sb, k->pci[b].box_ctl);
			sb_putc(sb, '\n');
		}
		put_disc(sb, k->package, &k->disc);
		for (unsigned d = 0; d < m->nportal && d < m->die_cap; d++)   /* its dies' */
			if (m->portal[d].package == k->package)
				put_disc(sb, k->package, &m->portal[d]);
		for (unsigned d = 0; d < m->ndie && d < m->die_cap; d++)
			if (m->die[d].package == k->package)
				put_die(sb, &m->die[d]);
	}
	put_pci_fns(sb, &m->pci);
	put_cxl(sb, &m->cxl);
	put_srat(sb, &m->srat);
}
