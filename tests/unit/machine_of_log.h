/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* A log's machine records read back (out/machine_read.c), as efipmu-host profile reads them. */
#ifndef EFIPMU_TEST_MACHINE_OF_LOG_H
#define EFIPMU_TEST_MACHINE_OF_LOG_H
#include "testutil.h"
#include "out/machine_read.h"

/*
 * The machine of log's records, with room for cap CPUs and the portal tables they hold; a
 * problem fails the test. Freed with free().
 */
static inline struct machine *test_machine_of_log(const char *log, unsigned cap)
{
	struct machine_reader *r = malloc(sizeof(*r));
	unsigned cpus, portals;
	assert_non_null(r);
	machine_read_room(log, strlen(log), &r->view, &cpus, &portals);
	struct machine *m = test_machine(cap, portals);
	machine_read_init(r, m);
	for (const char *p = log; *p;) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (machine_read_line(r, p, len))
			fail_msg("%s", r->err);
		p += len + (e != NULL);
	}
	if (machine_read_end(r))
		fail_msg("%s", r->err);
	free(r);
	return m;
}

#endif
