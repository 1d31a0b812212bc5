/* lib/cacheinfo: CPUID leaf 4 and leaf 2 decoding, against encodings built by hand from the SDM. */
#include "testutil.h"
#include "pmu/cacheinfo.h"

/* A CPUID that answers from a table of (leaf, subleaf) -> registers; everything else reads 0. */
struct fake_leaf {
	uint32_t leaf, sub;
	struct pmu_cpuid r;
};

struct fake_cpuid {
	const struct fake_leaf *t;
	unsigned n;
	uint32_t fault_leaf;   /* this leaf faults; 0: none */
};

static pmu_status fake_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub, struct pmu_cpuid *out)
{
	const struct fake_cpuid *f = ctx;
	(void)cpu;
	if (f->fault_leaf && leaf == f->fault_leaf)
		return PMU_ERR_FAULT_GP;
	memset(out, 0, sizeof(*out));
	for (unsigned i = 0; i < f->n; i++)
		if (f->t[i].leaf == leaf && f->t[i].sub == sub)
			*out = f->t[i].r;
	return PMU_OK;
}

static const struct pmu_backend_ops fake_ops = { .cpuid = fake_cpuid };

static pmu_status read_with(const struct fake_leaf *t, unsigned n, uint32_t fault_leaf, struct cache_info *ci)
{
	struct fake_cpuid f = { t, n, fault_leaf };
	struct pmu_backend b = { .ops = &fake_ops, .ctx = &f, .name = "fake" };
	return cache_info_read(&b, 0, ci);
}

/* Leaf 4 EAX/EBX/ECX from the fields, as the SDM lays them out. */
static struct pmu_cpuid leaf4(unsigned type, unsigned level, unsigned sharing, unsigned line,
			      unsigned parts, unsigned ways, unsigned sets)
{
	struct pmu_cpuid r = {
		type | level << 5 | 1u << 8 | (sharing - 1) << 14,
		(line - 1) | (parts - 1) << 12 | (ways - 1) << 22,
		sets - 1, 0 };
	return r;
}

/* Sandy Bridge-EP, 8 cores / 16 threads: L1d, L1i 32 KiB, L2 256 KiB, L3 20 MiB. */
static const struct fake_leaf snb_ep[] = {
	{ 0, 0, { 0xd, 0x756e6547, 0x6c65746e, 0x49656e69 } },
	{ 4, 0, { 0x3c004121, 0x01c0003f, 0x3f, 0 } },
	{ 4, 1, { 0x3c004122, 0x01c0003f, 0x3f, 0 } },
	{ 4, 2, { 0x3c004143, 0x01c0003f, 0x1ff, 0 } },
	{ 4, 3, { 0x3c07c163, 0x04c0003f, 0x3fff, 0 } },
	/* leaf 2 says something else: leaf 4 must win */
	{ 2, 0, { 0x76036301, 0x00f0b2ff, 0, 0x00ca0000 } },
};

static void test_leaf4_fields(void **state)
{
	(void)state;
	struct cache_desc c;
	struct pmu_cpuid r = leaf4(CACHE_UNIFIED, 3, 32, 64, 1, 20, 16384);
	assert_true(cache_decode_leaf4(&r, &c));
	assert_int_equal(c.type, CACHE_UNIFIED);
	assert_int_equal(c.level, 3);
	assert_int_equal(c.sharing, 32);
	assert_int_equal(c.line, 64);
	assert_int_equal(c.partitions, 1);
	assert_int_equal(c.ways, 20);
	assert_int_equal(c.sets, 16384);
	assert_int_equal(c.bytes, 20u << 20);
	/* the SNB-EP table's raw L3 word is the same cache */
	struct cache_desc raw;
	assert_true(cache_decode_leaf4(&snb_ep[4].r, &raw));
	assert_int_equal(raw.bytes, c.bytes);
	assert_int_equal(raw.ways, 20);
	/* partitions multiply in */
	r = leaf4(CACHE_DATA, 1, 2, 64, 2, 8, 64);
	assert_true(cache_decode_leaf4(&r, &c));
	assert_int_equal(c.bytes, 64 * 2 * 8 * 64);
	/* type 0 ends the list whatever the other bits say */
	r.eax &= ~0x1fu;
	assert_false(cache_decode_leaf4(&r, &c));
}

static void test_read_leaf4_snb_ep(void **state)
{
	(void)state;
	struct cache_info ci;
	assert_int_equal(read_with(snb_ep, 6, 0, &ci), PMU_OK);
	assert_int_equal(ci.source, CACHE_SRC_LEAF4);
	assert_int_equal(ci.n, 4);
	assert_int_equal(ci.c[0].type, CACHE_DATA);
	assert_int_equal(ci.c[0].bytes, 32 * 1024);
	assert_int_equal(ci.c[1].type, CACHE_INSTRUCTION);
	assert_int_equal(ci.c[2].level, 2);
	assert_int_equal(ci.c[2].bytes, 256 * 1024);
	assert_int_equal(ci.llc_level, 3);
	assert_int_equal(ci.llc_bytes, 20u << 20);
}

/* QEMU's TCG models (Nehalem, SandyBridge) report the same legacy caches: L3 16 MiB, 16-way. */
static void test_read_leaf4_qemu_legacy(void **state)
{
	(void)state;
	struct fake_leaf t[] = {
		{ 0, 0, { 0xd, 0, 0, 0 } },
		{ 4, 0, leaf4(CACHE_DATA, 1, 1, 64, 1, 8, 64) },
		{ 4, 1, leaf4(CACHE_INSTRUCTION, 1, 1, 64, 1, 8, 64) },
		{ 4, 2, leaf4(CACHE_UNIFIED, 2, 1, 64, 1, 16, 4096) },
		{ 4, 3, leaf4(CACHE_UNIFIED, 3, 16, 64, 1, 16, 16384) },
	};
	struct cache_info ci;
	assert_int_equal(read_with(t, 5, 0, &ci), PMU_OK);
	assert_int_equal(ci.llc_bytes, 16u << 20);
	assert_int_equal(ci.c[2].bytes, 4u << 20);
	assert_int_equal(ci.c[3].sharing, 16);
}

/* A larger lower level does not make it the LLC; an instruction cache never is. */
static void test_llc_is_highest_level(void **state)
{
	(void)state;
	struct fake_leaf t[] = {
		{ 0, 0, { 4, 0, 0, 0 } },
		{ 4, 0, leaf4(CACHE_UNIFIED, 2, 1, 64, 1, 16, 8192) },      /* 8 MiB L2 */
		{ 4, 1, leaf4(CACHE_UNIFIED, 3, 1, 64, 1, 4, 4096) },       /* 1 MiB L3 */
		{ 4, 2, leaf4(CACHE_INSTRUCTION, 4, 1, 64, 1, 16, 65536) }, /* bogus L4 instruction */
	};
	struct cache_info ci;
	assert_int_equal(read_with(t, 4, 0, &ci), PMU_OK);
	assert_int_equal(ci.n, 3);
	assert_int_equal(ci.llc_level, 3);
	assert_int_equal(ci.llc_bytes, 1u << 20);
}

/* Core i7 (Nehalem) leaf 2: 0xE4 = L3 8 MiB 16-way, 0x21 = L2 256 KiB; others are not L2/L3. */
static const struct fake_leaf nhm_leaf2[] = {
	{ 0, 0, { 2, 0, 0, 0 } },
	{ 2, 0, { 0x55035a01, 0x00f0b2e4, 0, 0x09ca212c } },
};

static void test_leaf2_fallback(void **state)
{
	(void)state;
	struct cache_info ci;
	assert_int_equal(read_with(nhm_leaf2, 2, 0, &ci), PMU_OK);
	assert_int_equal(ci.source, CACHE_SRC_LEAF2);
	assert_int_equal(ci.n, 2);
	assert_int_equal(ci.llc_level, 3);
	assert_int_equal(ci.llc_bytes, 8u << 20);
	assert_int_equal(ci.c[0].ways, 16);
	assert_int_equal(ci.c[1].level, 2);
	assert_int_equal(ci.c[1].bytes, 256 * 1024);
}

/* Leaf 4 present in CPUID.0 but null at subleaf 0: leaf 2 still answers. */
static void test_leaf4_empty_falls_back(void **state)
{
	(void)state;
	struct fake_leaf t[] = {
		{ 0, 0, { 0xb, 0, 0, 0 } },
		{ 2, 0, { 0x00000001, 0, 0x0000004d, 0 } },
	};
	struct cache_info ci;
	assert_int_equal(read_with(t, 2, 0, &ci), PMU_OK);
	assert_int_equal(ci.source, CACHE_SRC_LEAF2);
	assert_int_equal(ci.llc_bytes, 16u << 20);
}

/* Bit 31 set: the register holds no descriptors; AL = 0 still reads the leaf once. */
static void test_leaf2_invalid_register(void **state)
{
	(void)state;
	struct fake_leaf t[] = {
		{ 0, 0, { 2, 0, 0, 0 } },
		{ 2, 0, { 0x00000000, 0x8000004d, 0x000000ff, 0x80e40000 } },
	};
	struct cache_info ci;
	assert_int_equal(read_with(t, 2, 0, &ci), PMU_ERR_UNSUPPORTED);
	assert_int_equal(ci.n, 0);
	assert_int_equal(ci.source, CACHE_SRC_NONE);
	assert_int_equal(ci.llc_bytes, 0);
}

static void test_descriptor_table(void **state)
{
	(void)state;
	struct cache_desc c;
	assert_true(cache_leaf2_descriptor(0x4d, &c));
	assert_int_equal(c.bytes, 16u << 20);
	assert_int_equal(c.level, 3);
	assert_true(cache_leaf2_descriptor(0xec, &c));
	assert_int_equal(c.bytes, 24u << 20);
	assert_int_equal(c.ways, 24);
	assert_true(cache_leaf2_descriptor(0xdc, &c));
	assert_int_equal(c.bytes, 1536 * 1024);
	assert_true(cache_leaf2_descriptor(0x85, &c));
	assert_int_equal(c.line, 32);
	assert_false(cache_leaf2_descriptor(0x2c, &c));   /* L1 data: not an LLC candidate */
	assert_false(cache_leaf2_descriptor(0xff, &c));   /* "use leaf 4" */
	assert_false(cache_leaf2_descriptor(0x00, &c));
	assert_false(cache_leaf2_descriptor(0xf0, &c));   /* prefetch */
}

static void test_no_cache_leaves(void **state)
{
	(void)state;
	struct fake_leaf t[] = { { 0, 0, { 1, 0, 0, 0 } } };
	struct cache_info ci;
	assert_int_equal(read_with(t, 1, 0, &ci), PMU_ERR_UNSUPPORTED);
	assert_int_equal(ci.source, CACHE_SRC_NONE);
}

static void test_fault_is_reported(void **state)
{
	(void)state;
	struct cache_info ci;
	assert_int_equal(read_with(snb_ep, 6, 4, &ci), PMU_ERR_FAULT_GP);
	assert_int_equal(read_with(nhm_leaf2, 2, 2, &ci), PMU_ERR_FAULT_GP);
}

/* A part that never ends its leaf 4 list: reading stops, the table does not overflow. */
static void test_endless_leaf4(void **state)
{
	(void)state;
	struct fake_leaf t[17];
	t[0] = (struct fake_leaf){ 0, 0, { 4, 0, 0, 0 } };
	for (unsigned i = 0; i < 16; i++)
		t[i + 1] = (struct fake_leaf){ 4, i, leaf4(CACHE_UNIFIED, 2, 1, 64, 1, 1, i + 1) };
	struct cache_info ci;
	assert_int_equal(read_with(t, 17, 0, &ci), PMU_OK);
	assert_int_equal(ci.n, CACHE_MAX_LEVELS);
	assert_int_equal(ci.llc_bytes, 64 * CACHE_MAX_LEVELS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_leaf4_fields),
		cmocka_unit_test(test_read_leaf4_snb_ep),
		cmocka_unit_test(test_read_leaf4_qemu_legacy),
		cmocka_unit_test(test_llc_is_highest_level),
		cmocka_unit_test(test_leaf2_fallback),
		cmocka_unit_test(test_leaf4_empty_falls_back),
		cmocka_unit_test(test_leaf2_invalid_register),
		cmocka_unit_test(test_descriptor_table),
		cmocka_unit_test(test_no_cache_leaves),
		cmocka_unit_test(test_fault_is_reported),
		cmocka_unit_test(test_endless_leaf4),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
