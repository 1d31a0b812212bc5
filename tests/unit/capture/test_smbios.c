/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The SMBIOS reader of the capture (lib/capture/smbios.c) on tables laid out byte by byte
 * as DMTF DSP0134 3.x gives them (entry points: tables 1 and 2; structures: 6.1; types 0,
 * 1, 2, 4: tables 6, 10, 13, 21) and on the table QEMU 7.2 builds for OVMF (hw/smbios,
 * `-smbios type=1,...`), as a boot of the app logged it (tests/data/smbios/).
 */
#define _GNU_SOURCE   /* memmem */
#include "testutil.h"
#include "smbios_blob.h"
#include "capture/smbios.h"

struct blob {
	uint8_t b[2048];
	size_t n;
};

static void put(struct blob *t, const void *p, size_t n)
{
	assert_true(t->n + n <= sizeof(t->b));
	memcpy(t->b + t->n, p, n);
	t->n += n;
}

/* A structure: its formatted area (header included) and its strings, "" for none. */
static void structure(struct blob *t, const uint8_t *fmt, size_t len, const char *const *s,
		      unsigned ns)
{
	put(t, fmt, len);
	for (unsigned i = 0; i < ns; i++)
		put(t, s[i], strlen(s[i]) + 1);
	if (!ns)
		put(t, "", 1);
	put(t, "", 1);
}

/* A server's table: BIOS 2.4+ (with release), system 2.4+, board, two sockets (3.0 counts). */
static void server_table(struct blob *t)
{
	static const uint8_t t0[0x18] = { 0, 0x18, 0x00, 0x00, 1, 2, 0x00, 0xE8, 3, 0xFF,
					  0x80, 0x98, 0x8B, 0x3F, 0x01, 0x00, 0x00, 0x00,
					  0x03, 0x0D, 2, 7, 0xFF, 0xFF };
	static const char *const s0[] = { "American Megatrends Inc.", "SE5C620.86B.02.01.0012",
					  "07/12/2021" };
	static const uint8_t t1[0x1B] = { 1, 0x1B, 0x01, 0x00, 1, 2, 3, 4,
					  0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88,
					  0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF, 0x00,
					  6, 5, 6 };
	static const char *const s1[] = { "Intel Corporation", "S2600WFT", "....................",
					  "SERIAL-DO-NOT-LOG", "SKU\x01x", "Family" };
	static const uint8_t t2[0x0F] = { 2, 0x0F, 0x02, 0x00, 1, 2, 3, 4, 5, 0x09, 0, 0x03, 0x00,
					  0x0A, 0 };
	static const char *const s2[] = { "Intel Corporation", "S2600WFT", "H48104-872",
					  "BQWF90100234", "Base Board Asset Tag" };
	uint8_t t4[0x30] = { 4, 0x30, 0x04, 0x00, 1, 3, 0xB3, 2, 0x54, 0x06, 0x05, 0x00,
			     0xFF, 0xFB, 0xEB, 0xBF, 3, 0x8C, 0x64, 0x00, 0xA0, 0x0F, 0xC4, 0x09,
			     0x41, 0x01, 0x05, 0x00, 0x06, 0x00, 0x07, 0x00, 0, 0, 4, 0xFF, 0xFF,
			     0xFF, 0xFC, 0x00, 0xB3, 0x00, 0x1C, 0x00, 0x1C, 0x00, 0x38, 0x00 };
	static const char *const s4[] = { "CPU1", "Intel(R) Corporation",
					  "Intel(R) Xeon(R) Platinum 8180 CPU @ 2.50GHz", "Part 8180" };
	structure(t, t0, sizeof(t0), s0, 3);
	structure(t, t1, sizeof(t1), s1, 6);
	structure(t, t2, sizeof(t2), s2, 5);
	structure(t, t4, sizeof(t4), s4, 4);
	t4[2] = 0x05;
	t4[4] = 0;          /* no designation string */
	t4[0x18] = 0x00;    /* socket empty */
	structure(t, t4, sizeof(t4), s4, 4);
	static const uint8_t t127[4] = { 127, 4, 0xFE, 0xFF };
	structure(t, t127, sizeof(t127), NULL, 0);
	/* after End-of-Table: never read */
	static const uint8_t junk[4] = { 2, 0x40, 0, 0 };
	put(t, junk, sizeof(junk));
}

static void test_server_identity(void **state)
{
	(void)state;
	struct blob t = { .n = 0 };
	struct smbios_ident id;
	server_table(&t);
	assert_int_equal(smbios_identity(t.b, t.n, &id), PMU_OK);
	assert_null(id.problem);
	assert_int_equal(id.nstructs, 6);
	assert_string_equal(id.bios_vendor, "American Megatrends Inc.");
	assert_string_equal(id.bios_version, "SE5C620.86B.02.01.0012");
	assert_string_equal(id.bios_date, "07/12/2021");
	assert_int_equal(id.bios_major, 2);
	assert_int_equal(id.bios_minor, 7);
	assert_string_equal(id.sys_manufacturer, "Intel Corporation");
	assert_string_equal(id.sys_product, "S2600WFT");
	assert_string_equal(id.sys_sku, "SKU?x");   /* a control byte is not passed on */
	assert_string_equal(id.sys_family, "Family");
	assert_string_equal(id.board_product, "S2600WFT");
	assert_string_equal(id.board_version, "H48104-872");
	assert_int_equal(id.nsockets, 2);
	assert_string_equal(id.socket[0].designation, "CPU1");
	assert_string_equal(id.socket[0].version, "Intel(R) Xeon(R) Platinum 8180 CPU @ 2.50GHz");
	assert_string_equal(id.socket[0].part, "Part 8180");
	assert_true(id.socket[0].populated);
	assert_int_equal(id.socket[0].id, 0xBFEBFBFF00050654ull);
	assert_int_equal(id.socket[0].max_mhz, 4000);
	assert_int_equal(id.socket[0].cur_mhz, 2500);
	assert_int_equal(id.socket[0].cores, 28);     /* Core Count 2: the byte says 0xFF */
	assert_int_equal(id.socket[0].threads, 56);
	assert_string_equal(id.socket[1].designation, "");
	assert_false(id.socket[1].populated);
	/* the serial numbers and asset tags are nowhere in what is kept */
	assert_null(memmem(&id, sizeof(id), "SERIAL", 6));
	assert_null(memmem(&id, sizeof(id), "BQWF", 4));
	assert_null(memmem(&id, sizeof(id), "Asset", 5));
}

/* DSP0134 6.1.3: string numbers past the set, and 0, are "no string"; 2.0's BIOS has no release. */
static void test_short_structures_and_strings(void **state)
{
	(void)state;
	struct blob t = { .n = 0 };
	static const uint8_t t0[0x12] = { 0, 0x12, 0, 0, 1, 9, 0, 0xE8, 0, 0 };
	static const char *const s0[] = { "Vendor" };
	structure(&t, t0, sizeof(t0), s0, 1);
	struct smbios_ident id;
	assert_int_equal(smbios_identity(t.b, t.n, &id), PMU_OK);
	assert_string_equal(id.bios_vendor, "Vendor");
	assert_string_equal(id.bios_version, "");
	assert_string_equal(id.bios_date, "");
	assert_int_equal(id.bios_major, 0xFF);
	assert_false(id.have_system);
}

/* A structure that runs past the table, or claims less than its header, is named; no read past. */
static void test_malformed_tables(void **state)
{
	(void)state;
	struct smbios_ident id;
	static const uint8_t past[] = { 1, 0x40, 0, 0, 1, 2, 3 };
	assert_int_equal(smbios_identity(past, sizeof(past), &id), PMU_ERR_INVALID);
	assert_non_null(id.problem);
	static const uint8_t tiny[] = { 1, 2, 0, 0, 0, 0 };
	assert_int_equal(smbios_identity(tiny, sizeof(tiny), &id), PMU_ERR_INVALID);
	static const uint8_t no_end[] = { 1, 4, 0, 0, 'a', 'b', 0 };
	assert_int_equal(smbios_identity(no_end, sizeof(no_end), &id), PMU_ERR_INVALID);
	assert_int_equal(smbios_identity(past, 0, &id), PMU_OK);
	assert_int_equal(id.nstructs, 0);
}

/* DSP0134 table 1 (2.1, 32-bit) and table 2 (3.0, 64-bit); a checksum off by one is refused. */
static void test_entry_points(void **state)
{
	(void)state;
	struct smbios_entry e;
	const char *why;
	uint8_t v2[0x1F] = { '_', 'S', 'M', '_', 0, 0x1F, 2, 8, 0x00, 0x01, 0, 0, 0, 0, 0, 0,
			     '_', 'D', 'M', 'I', '_', 0, 0x34, 0x12, 0x00, 0x00, 0x0F, 0x00, 9, 0,
			     0x28 };
	smbios_checksum(v2 + 0x10, 0x0F, 5);
	smbios_checksum(v2, 0x1F, 4);
	assert_int_equal(smbios_entry_parse(v2, sizeof(v2), &e, &why), PMU_OK);
	assert_false(e.is64);
	assert_int_equal(e.major, 2);
	assert_int_equal(e.minor, 8);
	assert_int_equal(e.table_len, 0x1234);
	assert_int_equal(e.table_addr, 0x000F0000);
	v2[0x16]++;
	assert_int_equal(smbios_entry_parse(v2, sizeof(v2), &e, &why), PMU_ERR_INVALID);
	assert_non_null(why);
	uint8_t v3[0x18] = { '_', 'S', 'M', '3', '_', 0, 0x18, 3, 4, 0, 1, 0, 0x00, 0x10, 0, 0,
			     0x00, 0x00, 0xAB, 0x7F, 0, 0, 0, 0 };
	smbios_checksum(v3, 0x18, 5);
	assert_int_equal(smbios_entry_parse(v3, sizeof(v3), &e, &why), PMU_OK);
	assert_true(e.is64);
	assert_int_equal(e.major, 3);
	assert_int_equal(e.minor, 4);
	assert_int_equal(e.table_len, 0x1000);
	assert_int_equal(e.table_addr, 0x7FAB0000);
	v3[5]++;
	assert_int_equal(smbios_entry_parse(v3, sizeof(v3), &e, &why), PMU_ERR_INVALID);
	assert_int_equal(smbios_entry_parse((const uint8_t *)"RSD PTR ", 8, &e, &why),
			 PMU_ERR_INVALID);
}

/* tests/data/smbios/NAME into t. */
static void load_hex(const char *name, struct blob *t)
{
	t->n = test_load_hex("smbios", name, t->b, sizeof(t->b));
}

/*
 * QEMU 7.2's own table (its hw/smbios builder, 2.8, q35): the strings the case's -smbios
 * options gave, QEMU's defaults elsewhere, one type 4 per socket with its cores and threads.
 */
static void test_qemu_table(void **state)
{
	(void)state;
	struct blob t;
	struct smbios_ident id;
	load_hex("qemu-7.2-q35.hex", &t);
	assert_int_equal(t.n, 467);
	assert_int_equal(smbios_identity(t.b, t.n, &id), PMU_OK);
	assert_int_equal(id.nstructs, 11);
	assert_string_equal(id.bios_vendor, "efipmu-lab");
	assert_string_equal(id.bios_version, "LAB-1.2.3");
	assert_string_equal(id.bios_date, "11/25/2026");
	assert_string_equal(id.sys_manufacturer, "Efipmu-Test-Works");
	assert_string_equal(id.sys_product, "Capture-Box");
	assert_string_equal(id.sys_version, "rev-A");
	assert_string_equal(id.board_manufacturer, "Efipmu-Boards");
	assert_string_equal(id.board_product, "EB-2S");
	assert_int_equal(id.nsockets, 2);
	assert_string_equal(id.socket[1].designation, "CPU 1");
	assert_string_equal(id.socket[1].manufacturer, "QEMU");
	assert_true(id.socket[1].populated);
	assert_int_equal(id.socket[1].cores, 2);
	assert_int_equal(id.socket[1].threads, 2);
	assert_int_equal(id.socket[0].id & 0xFFFFFFFF, 0x000206D1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_server_identity),
		cmocka_unit_test(test_short_structures_and_strings),
		cmocka_unit_test(test_malformed_tables),
		cmocka_unit_test(test_entry_points),
		cmocka_unit_test(test_qemu_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
