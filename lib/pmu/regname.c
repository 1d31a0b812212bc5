/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Register names of the log (regname.h): the one formatter and the one parser. */
#include "pmu/regname.h"

static void hex_digits(struct strbuf *sb, unsigned v, unsigned n)
{
	static const char digits[] = "0123456789abcdef";
	while (n-- > 0)
		sb_putc(sb, digits[(v >> (4 * n)) & 0xF]);
}

const char *regname_kind_str(const struct regname *n)
{
	return n->kind == REGNAME_PCI ? "pci" : n->kind == REGNAME_MMIO ? "mmio" : "msr";
}

bool regname_eq(const struct regname *a, const struct regname *b)
{
	return a->kind == b->kind && a->at == b->at && a->pci.seg == b->pci.seg &&
	       a->pci.bus == b->pci.bus && a->pci.dev == b->pci.dev && a->pci.fn == b->pci.fn &&
	       a->pci.off == b->pci.off;
}

void regname_put_fn(struct strbuf *sb, struct pmu_pci_addr a)
{
	sb_puts(sb, "pci ");
	hex_digits(sb, a.seg, 4);
	sb_putc(sb, ':');
	hex_digits(sb, a.bus, 2);
	sb_putc(sb, ':');
	hex_digits(sb, a.dev, 2);
	sb_putc(sb, '.');
	hex_digits(sb, a.fn, 1);
}

void regname_put(struct strbuf *sb, const struct regname *n)
{
	if (n->kind == REGNAME_PCI) {
		regname_put_fn(sb, n->pci);
		sb_putc(sb, '+');
		sb_hex(sb, n->pci.off);
		return;
	}
	sb_puts(sb, regname_kind_str(n));
	sb_putc(sb, ' ');
	sb_hex(sb, n->at);
}

/* ---- the parser: a cursor over s[0..len) ---- */

struct cur {
	const char *s;
	size_t len, i;
};

static bool word(struct cur *c, const char *w)
{
	size_t k = 0;
	while (w[k] && c->i + k < c->len && c->s[c->i + k] == w[k])
		k++;
	if (w[k])
		return false;
	c->i += k;
	return true;
}

/* n hex digits exactly (n 0: one to 16 after "0x"), at most max. */
static bool hex(struct cur *c, unsigned n, uint64_t max, uint64_t *out)
{
	unsigned got = 0;
	uint64_t v = 0;
	if (!n && !word(c, "0x"))
		return false;
	while (c->i < c->len && pmu_hex_digit(c->s[c->i]) >= 0 && got < (n ? n : 16)) {
		v = v << 4 | (uint64_t)pmu_hex_digit(c->s[c->i++]);
		got++;
	}
	if (!got || (n && got != n) || v > max)
		return false;
	*out = v;
	return true;
}

static bool pci(struct cur *c, struct pmu_pci_addr *a)
{
	uint64_t seg, bus, dev, fn, off;
	if (!hex(c, 4, 0xFFFF, &seg) || !word(c, ":") || !hex(c, 2, 0xFF, &bus) || !word(c, ":") ||
	    !hex(c, 2, 31, &dev) || !word(c, ".") || !hex(c, 1, 7, &fn) || !word(c, "+") ||
	    !hex(c, 0, 0xFFF, &off))
		return false;
	a->seg = (uint16_t)seg;
	a->bus = (uint8_t)bus;
	a->dev = (uint8_t)dev;
	a->fn = (uint8_t)fn;
	a->off = (uint16_t)off;
	return true;
}

pmu_status regname_parse(const char *s, size_t len, struct regname *n)
{
	struct cur c = { s, len, 0 };
	bool ok;
	n->at = 0;
	n->pci = (struct pmu_pci_addr){ 0, 0, 0, 0, 0 };
	if (word(&c, "pci ")) {
		n->kind = REGNAME_PCI;
		ok = pci(&c, &n->pci);
	} else if (word(&c, "mmio ")) {
		n->kind = REGNAME_MMIO;
		ok = hex(&c, 0, UINT64_MAX, &n->at);
	} else {
		n->kind = REGNAME_MSR;
		(void)word(&c, "msr ");   /* schema 1: the bare number */
		ok = hex(&c, 0, UINT32_MAX, &n->at);
	}
	return ok && c.i == len ? PMU_OK : PMU_ERR_INVALID;
}
