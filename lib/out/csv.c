/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "out/csv.h"
#include "pmu/regkey.h"

void csv_field(struct strbuf *sb, const char *s)
{
	bool quote = false;
	for (const char *p = s; *p; p++)
		quote |= *p == ',' || *p == '"' || *p == '\r' || *p == '\n';
	if (!quote) {
		sb_puts(sb, s);
		return;
	}
	sb_putc(sb, '"');
	for (; *s; s++) {
		if (*s == '"')
			sb_putc(sb, '"');
		sb_putc(sb, *s);
	}
	sb_putc(sb, '"');
}

void csv_header(struct strbuf *sb)
{
	sb_puts(sb, "cpu,apic_id,package,box,event,counter,ctl,ctl_value,ctr,start,end,delta,"
		    "overflowed,kernel,repeat,simulated");
}

static void sep_text(struct strbuf *sb, const char *s)
{
	sb_putc(sb, ',');
	csv_field(sb, s ? s : "");
}

static void sep_dec(struct strbuf *sb, uint64_t v)
{
	sb_putc(sb, ',');
	sb_dec(sb, v);
}

static void sep_hex(struct strbuf *sb, uint64_t v)
{
	sb_putc(sb, ',');
	sb_hex(sb, v);
}

static void sep_reg(struct strbuf *sb, const struct regname *n)
{
	sb_putc(sb, ',');
	regname_put(sb, n);
}

void csv_row(struct strbuf *sb, const struct count_rec *c, const struct csv_regs *regs,
	     bool simulated)
{
	struct csv_regs keys;
	if (!regs) {   /* a key no name holds (an MMIO slot no scan placed) is "mmio 0x0" */
		(void)regkey_name(NULL, c->ctl_msr, &keys.ctl);
		(void)regkey_name(NULL, c->ctr_msr, &keys.ctr);
		regs = &keys;
	}
	sb_dec(sb, c->cpu);
	sep_dec(sb, c->apic_id);
	sep_dec(sb, c->package);
	sep_text(sb, c->box);
	sep_text(sb, c->event);
	char ctr[40];
	struct strbuf cs;
	sb_init(&cs, ctr, sizeof(ctr));
	sb_puts(&cs, c->counter_kind ? c->counter_kind : "");
	sb_dec(&cs, c->counter);
	sep_text(sb, ctr);
	sep_reg(sb, &regs->ctl);
	sep_hex(sb, c->ctl_value);
	sep_reg(sb, &regs->ctr);
	sep_hex(sb, c->start);
	sep_hex(sb, c->end);
	sep_dec(sb, c->delta);
	sep_text(sb, c->overflowed ? "true" : "false");
	sep_text(sb, c->kernel);
	sep_dec(sb, c->repeat);
	sep_text(sb, simulated ? "true" : "false");
}
