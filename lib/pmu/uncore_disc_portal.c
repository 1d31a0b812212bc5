/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Discovery tables behind MSR portals (uncore_disc_find.h disc_find_msr). Linux
 * uncore_discovery.c after tip cf002dafedd0 ("Support MSR portal for discovery tables") and
 * e75462f6c7ea: for each die, rdmsr_safe of the portal on a CPU of that die; a fault or 0
 * is no table there; the value is the table's physical address, mapped directly.
 */
#include "pmu/uncore_disc_find.h"
#include "util/fmt.h"

unsigned disc_find_msr(const struct pmu_backend *b, const struct disc_msr_reader *rd, uint32_t msr,
		       uint8_t dom, const struct disc_die *dies, unsigned ndies,
		       struct disc_find *out)
{
	unsigned added = 0;
	for (unsigned d = 0; d < ndies; d++) {
		uint64_t v = 0;
		unsigned cpu = dies[d].cpu;
		pmu_status st = rd && rd->read ? rd->read(rd->ctx, cpu, msr, &v)
					       : pmu_rdmsr(b, cpu, msr, &v);
		if (st || !v) {
			if (out->nmiss < out->cap)
				out->miss[out->nmiss] = (struct disc_portal_miss){
					msr, (uint16_t)cpu, (uint8_t)dies[d].pkg, (uint8_t)dies[d].die, st };
			out->nmiss++;   /* past miss[]: counted, said as a number */
			continue;
		}
		if (out->n == out->cap) {
			out->dropped++;
			continue;
		}
		struct disc_found *f = &out->t[out->n++];
		pmu_memset(f, 0, sizeof(*f) - sizeof(f->bytes));
		f->portal = msr;
		f->cpu = (uint16_t)cpu;
		f->domain = dom;
		f->pkg = (uint8_t)dies[d].pkg;
		f->die = (uint8_t)dies[d].die;
		f->bar = v;
		(void)disc_read_table(b, cpu, f);
		added++;
	}
	return added;
}
