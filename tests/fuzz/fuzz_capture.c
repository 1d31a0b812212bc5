/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * What the capture reads from outside, any bytes: an SMBIOS table (firmware's), a profile
 * file (the user's) and a log's machine records (a lab's). Nothing is read outside the
 * input, every string kept is NUL-terminated ASCII, every count stays in its bounds.
 */
#include "fuzz.h"
#include "capture/profile.h"
#include "capture/smbios.h"
#include "out/machine_read.h"

static void check_str(const char *s, size_t cap)
{
	const char *end = memchr(s, '\0', cap);
	FUZZ_CHECK(end != NULL);
	for (const char *p = s; p < end; p++)
		FUZZ_CHECK(*p >= 0x20 && *p < 0x7F);
}

/* The CXL devices read back stay in their bounds. */
static void check_cxl(const struct machine_cxl *x)
{
	FUZZ_CHECK(x->nfn <= MACHINE_MAX_CXL && x->ncpmu <= MACHINE_MAX_CXL);
	for (unsigned i = 0; i < x->ncpmu; i++)
		FUZZ_CHECK(x->cpmu[i].counters <= CXL_MAX_COUNTERS &&
			   x->cpmu[i].nevcaps <= CXL_MAX_EVCAPS);
}

#define FUZZ_CPUS 64   /* a machine's room: a larger one is refused as a real one would be */
#define FUZZ_DIES 4   /* and its dies (tables, registers): one more is counted, never written */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct smbios_ident id;
	static struct smbios_entry e;
	static struct machine *m;
	static struct machine_reader r;
	static char err[160];
	const char *why;
	if (!m) {
		FUZZ_CHECK((m = malloc(machine_bytes(FUZZ_CPUS, FUZZ_DIES))) != NULL);
		machine_clear(m, FUZZ_CPUS, FUZZ_DIES);
	}
	uint8_t *copy = malloc(size ? size : 1);
	FUZZ_CHECK(copy != NULL);
	memcpy(copy, data, size);
	(void)smbios_entry_parse(copy, size, &e, &why);
	if (smbios_identity(copy, size, &id) == PMU_OK)
		FUZZ_CHECK(id.problem == NULL);
	check_str(id.bios_vendor, sizeof(id.bios_vendor));
	check_str(id.sys_product, sizeof(id.sys_product));
	for (unsigned i = 0; i < id.nsockets && i < SMBIOS_MAX_SOCKETS; i++)
		check_str(id.socket[i].version, sizeof(id.socket[i].version));
	free(copy);

	char *text = fuzz_cstr(data, size);
	if (profile_read(text, size, m, err, sizeof(err)) == PMU_OK) {
		FUZZ_CHECK(m->ncpus >= 1 && m->ncpus <= FUZZ_CPUS && m->npkgs <= MACHINE_MAX_PKGS);
		for (unsigned i = 0; i < m->ncpus; i++)
			FUZZ_CHECK(m->cpu[i].walk.n <= CPUID_WALK_MAX && m->cpu[i].regs.n <= CAPTURE_MAX_MSRS);
		check_cxl(&m->cxl);
		FUZZ_CHECK(m->srat.filled == m->srat.len && m->srat.len <= MACHINE_SRAT_BYTES);
	} else {
		FUZZ_CHECK(memchr(err, '\0', sizeof(err)) != NULL);
	}
	machine_read_init(&r, m);
	for (char *p = text; p < text + size;) {
		char *nl = memchr(p, '\n', (size_t)(text + size - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(text + size - p);
		if (machine_read_line(&r, p, n))
			break;
		p += n + 1;
	}
	FUZZ_CHECK(m->ncpus <= FUZZ_CPUS && m->npkgs <= MACHINE_MAX_PKGS && m->nportal <= FUZZ_DIES &&
		   m->ndie <= FUZZ_DIES);
	for (unsigned i = 0; i < m->npkgs; i++)
		FUZZ_CHECK(m->pkg[i].npci <= MACHINE_MAX_PCI);
	check_cxl(&m->cxl);
	FUZZ_CHECK(m->srat.len <= MACHINE_SRAT_BYTES);
	free(text);
	return 0;
}
