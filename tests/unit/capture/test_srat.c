/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The SRAT parser (lib/capture/srat.c) on tables laid out byte by byte as ACPI 6.5 section
 * 5.2.16 gives them: the 48-byte header, type 0 (Processor Local APIC/SAPIC Affinity, 5.2.16.1),
 * type 1 (Memory Affinity, 5.2.16.2), type 2 (Processor Local x2APIC Affinity, 5.2.16.3) and a
 * type the parser does not know; disabled entries, and tables that are malformed: truncated,
 * a structure of length 0 (named, no endless walk), a wrong checksum, a processor twice; and
 * the table OVMF builds under QEMU 7.2 with -numa nodes, as a boot captured it (tests/data/srat/).
 */
#include "testutil.h"
#include "capture/srat.h"

struct tab {
	uint8_t b[1024];
	size_t n;
};

static void le(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void header(struct tab *t)
{
	memset(t, 0, sizeof(*t));
	memcpy(t->b, "SRAT", 4);
	t->b[8] = 3;               /* revision */
	memcpy(t->b + 10, "EFIPMU", 6);
	le(t->b + 36, 1, 4);       /* reserved, 1 for compatibility */
	t->n = 48;
}

/* Length and checksum (byte 9: the bytes sum to 0) set over t's bytes. */
static void seal(struct tab *t)
{
	uint8_t sum = 0;
	le(t->b + 4, t->n, 4);
	t->b[9] = 0;
	for (size_t i = 0; i < t->n; i++)
		sum = (uint8_t)(sum + t->b[i]);
	t->b[9] = (uint8_t)-sum;
}

static void apic(struct tab *t, uint8_t id, uint32_t domain, bool enabled)
{
	uint8_t *s = t->b + t->n;
	s[0] = 0;
	s[1] = 16;
	s[2] = (uint8_t)domain;
	s[3] = id;
	le(s + 4, enabled, 4);
	le(s + 9, domain >> 8, 3);
	t->n += 16;
}

static void x2apic(struct tab *t, uint32_t id, uint32_t domain, bool enabled)
{
	uint8_t *s = t->b + t->n;
	s[0] = 2;
	s[1] = 24;
	le(s + 4, domain, 4);
	le(s + 8, id, 4);
	le(s + 12, enabled, 4);
	t->n += 24;
}

static void memory(struct tab *t, uint32_t domain, uint64_t base, uint64_t len)
{
	uint8_t *s = t->b + t->n;
	s[0] = 1;
	s[1] = 40;
	le(s + 2, domain, 4);
	le(s + 8, base, 8);
	le(s + 16, len, 8);
	le(s + 28, 1, 4);
	t->n += 40;
}

static void raw(struct tab *t, uint8_t type, uint8_t len)
{
	t->b[t->n] = type;
	t->b[t->n + 1] = len;
	t->n += len ? len : 2;
}

static pmu_status parse(const struct tab *t, struct srat_cpu *cpu, unsigned cap,
			struct srat_result *r)
{
	return srat_parse(t->b, t->n, cpu, cap, r);
}

/* Both processor types, a domain past 8 bits in type 0, memory, an unknown type skipped. */
static void test_entries(void **state)
{
	(void)state;
	struct tab t;
	struct srat_cpu cpu[8];
	struct srat_result r;
	uint32_t d;
	header(&t);
	apic(&t, 0, 0, true);
	apic(&t, 1, 0x010203, true);
	apic(&t, 2, 5, false);
	memory(&t, 0, 0, 1ull << 30);
	raw(&t, 5, 32);            /* a Generic Initiator Affinity structure: skipped */
	x2apic(&t, 0x100, 7, true);
	x2apic(&t, 0x101, 7, false);
	seal(&t);
	assert_int_equal(srat_max_cpus(t.n), (t.n - 48) / 16);
	assert_int_equal(parse(&t, cpu, 8, &r), PMU_OK);
	assert_string_equal(r.problem, "");
	assert_int_equal(r.revision, 3);
	assert_int_equal(r.ncpus, 3);
	assert_int_equal(r.disabled, 2);
	assert_int_equal(r.memory, 1);
	assert_int_equal(r.other, 1);
	assert_true(srat_domain_of(cpu, r.ncpus, 1, &d));
	assert_int_equal(d, 0x010203);
	assert_true(srat_domain_of(cpu, r.ncpus, 0x100, &d));
	assert_int_equal(d, 7);
	/* a disabled entry places nothing */
	assert_false(srat_domain_of(cpu, r.ncpus, 2, &d));
	assert_false(srat_domain_of(cpu, r.ncpus, 0x101, &d));
	/* bytes past the length field are not the table's */
	t.b[t.n] = 0xEE;
	assert_int_equal(srat_parse(t.b, t.n + 1, cpu, 8, &r), PMU_OK);
	/* more processors than room */
	assert_int_equal(parse(&t, cpu, 2, &r), PMU_ERR_NOSPACE);
}

/* A malformed table: named in one line, nothing kept, and the walk ends. */
static void expect_bad(const struct tab *t, size_t len, const char *problem)
{
	struct srat_cpu cpu[16];
	struct srat_result r;
	assert_int_equal(srat_parse(t->b, len, cpu, 16, &r), PMU_ERR_INVALID);
	assert_string_equal(r.problem, problem);
	assert_int_equal(r.ncpus, 0);
}

static void test_malformed(void **state)
{
	(void)state;
	struct tab t;
	header(&t);
	apic(&t, 0, 0, true);
	seal(&t);
	expect_bad(&t, 47, "the SRAT is shorter than its 48-byte header");
	expect_bad(&t, t.n - 1, "the SRAT's length field is shorter than its header or past its bytes");
	t.b[9]++;
	expect_bad(&t, t.n, "the SRAT's bytes do not sum to 0 (its checksum)");
	t.b[0] = 'X';
	expect_bad(&t, t.n, "the table's signature is not SRAT");

	/* a structure of length 0: named, not walked forever */
	header(&t);
	apic(&t, 0, 0, true);
	raw(&t, 0x7F, 0);
	seal(&t);
	expect_bad(&t, t.n, "a structure shorter than its type and length bytes at offset 64");
	/* a lone type byte at the end */
	header(&t);
	apic(&t, 0, 0, true);
	t.b[t.n++] = 2;
	seal(&t);
	expect_bad(&t, t.n, "a structure shorter than its type and length bytes at offset 64");
	/* truncated: an x2APIC structure cut by the table's length */
	header(&t);
	x2apic(&t, 4, 1, true);
	t.n -= 4;
	seal(&t);
	expect_bad(&t, t.n, "a structure that runs past the table's end at offset 48");
	/* a processor structure of the wrong length for its type */
	header(&t);
	raw(&t, 0, 24);
	seal(&t);
	expect_bad(&t, t.n, "a processor affinity structure of the wrong length at offset 48");
	header(&t);
	raw(&t, 1, 16);
	seal(&t);
	expect_bad(&t, t.n, "a Memory Affinity structure not 40 bytes long at offset 48");
	/* one processor in two entries */
	header(&t);
	apic(&t, 3, 0, true);
	x2apic(&t, 3, 1, true);
	seal(&t);
	expect_bad(&t, t.n, "a processor listed twice at offset 64");
}

/*
 * The table OVMF published under QEMU 7.2 for -numa nodes 0-3, a CPU each (tests/qemu/case_snc.sh
 * captured it): a type 0 structure a CPU, a Memory Affinity structure a node and one more for
 * the low 640 KiB, and a last one with Enabled clear (QEMU's hot-plug placeholder).
 */
static void test_qemu_table(void **state)
{
	(void)state;
	struct tab t;
	struct srat_cpu cpu[32];
	struct srat_result r;
	uint32_t d;
	t.n = test_load_hex("srat", "qemu-7.2-numa4.hex", t.b, sizeof(t.b));
	assert_int_equal(t.n, 352);
	assert_int_equal(parse(&t, cpu, 32, &r), PMU_OK);
	assert_int_equal(r.revision, 1);
	assert_int_equal(r.ncpus, 4);
	assert_int_equal(r.disabled, 0);
	assert_int_equal(r.memory, 5);
	assert_int_equal(r.other, 0);
	for (uint32_t apic = 0; apic < 4; apic++) {
		assert_true(srat_domain_of(cpu, r.ncpus, apic, &d));
		assert_int_equal(d, apic);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_entries),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_qemu_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
