/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reference model of a Panther Lake or Nova Lake package's uncore (model_disc_client.h), from
 * the sources' description, not from efipmu's box tables or decoder:
 * - the discovery portal (Linux tip cf002dafedd0 "Support MSR portal for discovery tables":
 *   MSR 0x201E holds the table's physical address; e7d5f2ea0923: Nova Lake's MSR 0x711), read
 *   only (a write raises #GP: a model choice);
 * - the table (Linux uncore_discovery.h): a global state then one unit state every 4 qwords,
 *   each unit MMIO; Panther Lake's units iMC, sNCU and HBO (types 6, 34, 41, tip 64ad6d6ede0c)
 *   and Nova Lake's the same (e7d5f2ea0923); the global state's q1 the address of the
 *   global control, a 32-bit register here (Linux global_init writes it with writel);
 * - each unit's registers (Linux uncore_discovery.h generic PMON: box control freeze 0,
 *   reset the controls 8, reset the counters 9; controls 32 bits 4 apart, counters 8 bytes 8
 *   apart, 48 bits), all within the unit's first 0xF00 bytes (PTL's mmio_map_size);
 * - the client boxes at fixed MSRs (Linux uncore_snb.c MTL_UNC_*, tip 46da08a2bb4d,
 *   e7d5f2ea0923): EVTSEL n / CTR n one MSR apart, 48-bit counters; the cNCU's box control
 *   and fixed counter, which adds one a simulated cycle while its control's enable (bit 22,
 *   SNB_UNC_CTL_EN) and the box control's SNB_UNC_GLOBAL_CTL_EN (bit 29) are both set.
 * Model choices: the units per package (2 iMC, 1 sNCU, 2 HBO, 4 counters each), the
 * addresses (package p's table at 0xD0000000 + 0x100000 p, its global control at + 0x10000,
 * unit i at + 0x20000 + 0x4000 i); no event of a general counter is modelled (no Intel list
 * of these parts names one): they hold what is written and count nothing; controls and box
 * controls hold bits 31:0 (#GP above on an MSR). A profile loaded from a capture (model.h:
 * disc) gives each package's table and its address as they were read.
 */
#include "model/model_disc_client.h"
#include "model/model_uncore_common.h"
#include "model/model_discovery.h"

#define CLIENT_BASE 0xD0000000ull
#define PKG_STEP 0x100000ull
#define GLOBAL_OFF 0x10000u
#define UNIT_OFF 0x20000u
#define UNIT_STEP 0x4000u
#define UNIT_SPAN 0xF00u
#define UNIT_CTL 0x40u
#define UNIT_CTR 0x08u
#define UNIT_CTRS 4u
#define WIDTH 48u
#define EN (1ull << 22)
#define GLOBAL_CTL_EN (1ull << 29)
#define STATE 32u   /* bytes a state: 4 qwords */

/* Panther Lake (tip 64ad6d6ede0c, 46da08a2bb4d; Linux uncore_snb.c MTL_UNC_*). */
const struct model_client model_client_ptl = {
	.portal = 0x201E,
	.gp = { { 0x2442, 0x2448, 6, 0x10 }, { 0x2412, 0x2418, 2, 0x10 }, { 0x2022, 0x2028, 1, 0 } },
	.ngp = 3,
	.cncu = { 0x240E, 0x2402, 0x2408, 2, 0x140 },
	.global_power_on = MODEL_DISC_FROZEN,   /* "set by default" (tip 46da08a2bb4d) */
};

/* Nova Lake (tip e7d5f2ea0923): CBOX x12, SANTA x2, one cNCU at MTL's defaults moved. */
const struct model_client model_client_nvl = {
	.portal = 0x711,
	.gp = { { 0x2102, 0x2108, 12, 0x10 }, { 0x2042, 0x2048, 2, 0x10 } },
	.ngp = 2,
	.cncu = { 0x202E, 0x2022, 0x2028, 1, 0 },
	.global_power_on = MODEL_DISC_FROZEN,   /* the same global_init as Panther Lake's */
};

/* The package's units: type and id, in the table's order. */
static const struct { uint16_t type, id; } units[] = {
	{ 6, 0 }, { 6, 1 }, { 34, 0 }, { 41, 0 }, { 41, 1 },
};
#define NUNITS (sizeof(units) / sizeof(units[0]))

/* A client part is one die: its package's table is die 0's. */
static const struct model_disc_image *image_of(const struct model *m, unsigned pkg)
{
	return model_portal_image(m, pkg, 0);
}

/* Where package pkg's table is: what its portal reads. */
static uint64_t table_at(const struct model *m, unsigned pkg)
{
	const struct model_disc_image *t = image_of(m, pkg);
	return t ? t->bar : CLIENT_BASE + PKG_STEP * pkg;
}

static uint64_t own_base(unsigned pkg)
{
	return CLIENT_BASE + PKG_STEP * pkg;
}

/* Byte off of package pkg's own table (little-endian qwords), 0xFF past its end. */
static uint8_t own_table_byte(unsigned pkg, uint32_t off)
{
	uint64_t q = 0;
	unsigned state = off / STATE, word = off % STATE / 8;
	if (state == 0 && word == 0)
		q = 4ull << 8 | (uint64_t)NUNITS << 16 | 1ull << 62;   /* stride 4 qwords, MMIO */
	else if (state == 0 && word == 1)
		q = own_base(pkg) + GLOBAL_OFF;
	else if (state && state <= NUNITS && word == 0)
		q = UNIT_CTRS | (uint64_t)UNIT_CTL << 8 | (uint64_t)WIDTH << 16 |
		    (uint64_t)UNIT_CTR << 24 | 1ull << 62;
	else if (state && state <= NUNITS && word == 1)
		q = own_base(pkg) + UNIT_OFF + UNIT_STEP * (state - 1);
	else if (state && state <= NUNITS && word == 2)
		q = units[state - 1].type | (uint64_t)units[state - 1].id << 16;
	else if (state > NUNITS)
		return 0xFF;
	return (uint8_t)(q >> (off % 8 * 8));
}

static uint8_t table_byte(const struct model *m, unsigned pkg, uint32_t off)
{
	const struct model_disc_image *t = image_of(m, pkg);
	if (t)
		return off < t->len ? t->bytes[off] : 0xFF;
	return own_table_byte(pkg, off);
}

/* Whether msr is a counter control or counter of g's boxes (*ctr: a counter) of box *i. */
static bool in_gp(const struct model_client_gp *g, uint32_t msr, bool *ctr, unsigned *i)
{
	for (unsigned b = 0; b < g->n; b++) {
		uint32_t sel = g->sel + g->stride * b, c = g->ctr + g->stride * b;
		if (msr >= sel && msr < sel + 2) {
			*ctr = false;
			*i = b;
			return true;
		}
		if (msr >= c && msr < c + 2) {
			*ctr = true;
			*i = b;
			return true;
		}
	}
	return false;
}

enum cncu_reg { CNCU_NONE, CNCU_BOX, CNCU_FCTL, CNCU_FCTR };

static enum cncu_reg cncu_reg(const struct model_client_cncu *c, uint32_t msr)
{
	for (unsigned b = 0; b < c->n; b++) {
		uint32_t off = c->stride * b;
		if (msr == c->box + off)
			return CNCU_BOX;
		if (msr == c->fctl + off)
			return CNCU_FCTL;
		if (msr == c->fctr + off)
			return CNCU_FCTR;
	}
	return CNCU_NONE;
}

static bool client_claims(const struct model *m, uint32_t msr)
{
	const struct model_client *c = m->p->client;
	bool ctr;
	unsigned i;
	if (!c)
		return false;
	for (unsigned k = 0; k < c->ngp; k++)
		if (in_gp(&c->gp[k], msr, &ctr, &i))
			return true;
	return msr == c->portal || cncu_reg(&c->cncu, msr) != CNCU_NONE;
}

static pmu_status client_read(struct model *m, struct model_regfile *rf, uint32_t msr,
			      uint64_t *val)
{
	*val = msr == m->p->client->portal ? table_at(m, (unsigned)(rf - m->pkg)) :
					     model_peek(rf, msr);
	return PMU_OK;
}

static pmu_status client_write(struct model *m, struct model_regfile *rf, uint32_t msr,
			       uint64_t val)
{
	const struct model_client *c = m->p->client;
	bool ctr = false;
	unsigned i;
	for (unsigned k = 0; k < c->ngp && !ctr; k++)
		(void)in_gp(&c->gp[k], msr, &ctr, &i);
	enum cncu_reg r = cncu_reg(&c->cncu, msr);
	if (msr == c->portal)
		return PMU_ERR_FAULT_GP;
	if (ctr || r == CNCU_FCTR)
		return val >> WIDTH ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
	return val >> 32 ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
}

/*
 * n cycles of every cNCU: its fixed counter adds n while both enables are set and the
 * package's global control is 0 (freeze_all freezes every uncore PMU of the SoC: tip
 * b575fc0e3357; the model lets it hold the cNCUs outside the table too).
 */
static bool client_cycles(struct model *m, struct model_regfile *rf,
			  const struct model_cycle *sum, uint64_t n)
{
	const struct model_client_cncu *c = &m->p->client->cncu;
	(void)sum;
	if ((model_peek(rf, 0x80000000u | GLOBAL_OFF) ^ m->p->client->global_power_on) & 0xFFFFFFFFu)
		return true;
	for (unsigned b = 0; b < c->n; b++) {
		uint32_t off = c->stride * b;
		if ((model_peek(rf, c->box + off) & GLOBAL_CTL_EN) &&
		    (model_peek(rf, c->fctl + off) & EN))
			(void)munc_add(rf, c->fctr + off, n, WIDTH);
	}
	return true;
}

static void client_cycle(struct model *m, struct model_regfile *rf, const struct model_cycle *c)
{
	(void)client_cycles(m, rf, c, 1);
}

const struct model_dev model_dev_client_uncore = {
	.name = "client-uncore", .package_scope = true, .claims = client_claims,
	.read = client_read, .write = client_write, .cycle = client_cycle,
	.cycles = client_cycles,
};

/*
 * addr in package p's window: the table (*key its offset, *table), the global control or a
 * unit's register (*key: the register file's key, 0x80000000 + its offset from the window).
 */
static bool where(const struct model *m, uint64_t addr, unsigned *pkg, uint32_t *key, bool *table)
{
	for (unsigned p = 0; m->p->client && p < m->npkgs; p++) {
		const struct model_disc_image *img = image_of(m, p);
		uint64_t t = table_at(m, p), w = own_base(p), span = img ? img->len : STATE * (NUNITS + 1);
		if (addr >= t && addr - t < span) {
			*pkg = p;
			*key = (uint32_t)(addr - t);
			*table = true;
			return true;
		}
		uint64_t u = addr - w - UNIT_OFF;
		bool unit = addr >= w + UNIT_OFF && u / UNIT_STEP < NUNITS && u % UNIT_STEP < UNIT_SPAN;
		if (addr == w + GLOBAL_OFF || unit) {
			*pkg = p;
			*key = 0x80000000u | (uint32_t)(addr - w);
			*table = false;
			return true;
		}
	}
	return false;
}

bool model_client_mmio(const struct model *m, uint64_t addr)
{
	unsigned p;
	uint32_t k;
	bool t;
	return where(m, addr, &p, &k, &t);
}

/* A unit's register at offset r from its box control: what it keeps of a dword written. */
static uint32_t dword_kept(uint32_t r, uint32_t v)
{
	if (r >= UNIT_CTR && r < UNIT_CTR + 8 * UNIT_CTRS)
		return r % 8 ? v & 0xFFFF : v;   /* a counter's high dword: bits 47:32 */
	return r < UNIT_CTL + 4 * UNIT_CTRS ? v : 0;
}

/* A write to a unit's box control: its resets (bits 8, 9) act, the rest is kept. */
static void box_ctl_write(struct model_regfile *rf, uint32_t box, uint32_t v)
{
	for (unsigned i = 0; i < UNIT_CTRS; i++) {
		if (v & 1u << 8)
			(void)model_poke(rf, box + UNIT_CTL + 4 * i, 0);
		if (v & 1u << 9) {
			(void)model_poke(rf, box + UNIT_CTR + 8 * i, 0);
			(void)model_poke(rf, box + UNIT_CTR + 8 * i + 4, 0);
		}
	}
	(void)model_poke(rf, box, v & ~(3u << 8));
}

uint64_t model_client_mmio_read(struct model *m, unsigned cpu, uint64_t addr, unsigned bytes)
{
	unsigned pkg;
	uint32_t key;
	bool table;
	uint64_t v = 0;
	if (!where(m, addr, &pkg, &key, &table))
		return bytes == 8 ? ~0ull : 0xFFFFFFFFu;
	if (table) {
		for (unsigned i = bytes; i--;)
			v = v << 8 | table_byte(m, pkg, key + i);
		return v;
	}
	struct model_regfile *rf = model_file_take(m, &model_dev_client_uncore, cpu);
	v = model_peek(rf, key) & 0xFFFFFFFFu;
	if (bytes == 8)
		v |= (model_peek(rf, key + 4) & 0xFFFFFFFFu) << 32;
	model_file_give(m, &model_dev_client_uncore, cpu);
	/* the global control's power-on value is kept as the difference from it */
	if (key == (0x80000000u | GLOBAL_OFF))
		v ^= m->p->client->global_power_on;
	return v;
}

void model_client_mmio_write(struct model *m, unsigned cpu, uint64_t addr, unsigned bytes,
			     uint64_t val)
{
	unsigned pkg;
	uint32_t key;
	bool table;
	if (!where(m, addr, &pkg, &key, &table) || table)
		return;   /* the table is read-only */
	struct model_regfile *rf = model_file_take(m, &model_dev_client_uncore, cpu);
	if (key == (0x80000000u | GLOBAL_OFF)) {
		(void)model_poke(rf, key, (val & 0xFFFFFFFFu) ^ m->p->client->global_power_on);
	} else {
		uint32_t unit = (key & 0x7FFFFFFFu) - UNIT_OFF;
		uint32_t box = key - unit % UNIT_STEP, r = unit % UNIT_STEP;
		for (unsigned d = 0; d < bytes / 4; d++, r += 4) {
			uint32_t dv = (uint32_t)(val >> (32 * d));
			if (r == 0)
				box_ctl_write(rf, box, dv);
			else
				(void)model_poke(rf, box + r, dword_kept(r, dv));
		}
	}
	model_file_give(m, &model_dev_client_uncore, cpu);
}
