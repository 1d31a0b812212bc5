/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Host driver for check-kernels.sh: runs one kernel of lib/check/kernels.c so that
 * callgrind, collecting only inside the kernel's function, counts what it
 * executes. It also prints the table's claims, so the script can compare.
 *   kernel-driver list            kernel names and their functions
 *   kernel-driver expect NAME N   "event expected lo hi" per claim
 *   kernel-driver run NAME N      run it once, print the checksum
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check/kernels.h"

#define BUF_BYTES (1u << 20)   /* 16384 lines: coprime to the stream stride */

static int usage(void)
{
	fprintf(stderr, "usage: kernel-driver list | expect NAME N | run NAME N\n");
	return 2;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "list") == 0) {
		for (unsigned i = 0; i < kernel_count; i++)
			printf("%s\n", kernel_table[i].name);
		return 0;
	}
	if (argc != 4)
		return usage();
	const struct kernel_desc *k = kernel_find(argv[2]);
	uint64_t n = strtoull(argv[3], NULL, 0);
	if (!k) {
		fprintf(stderr, "no kernel %s\n", argv[2]);
		return 2;
	}
	if (strcmp(argv[1], "expect") == 0) {
		for (unsigned i = 0; i < k->n_expect; i++) {
			const struct kernel_expect *e = &k->expect[i];
			int64_t lo, hi;
			kernel_bounds(e, n, &lo, &hi);
			printf("%s %lld %lld %lld\n", kernel_event_name(e->event),
			       (long long)kernel_expected(e, n), (long long)lo, (long long)hi);
		}
		return 0;
	}
	if (strcmp(argv[1], "run") != 0)
		return usage();
	struct kernel_args a = { .iterations = n, .buf = aligned_alloc(4096, BUF_BYTES),
				 .bytes = BUF_BYTES };
	if (!a.buf)
		return 1;
	memset(a.buf, 1, BUF_BYTES);
	if (k->flags & KERNEL_NEEDS_CHASE)
		kernels_chase_init(a.buf, a.bytes);
	pmu_status st = kernel_args_check(k, &a);
	if (st != PMU_OK) {
		fprintf(stderr, "%s: %s\n", k->name, pmu_status_str(st));
		return 1;
	}
	kernel_fn volatile fn = k->fn;   /* called the way the app calls it */
	printf("%s %llu checksum %#llx\n", k->name, (unsigned long long)n,
	       (unsigned long long)fn(&a));
	free(a.buf);
	return 0;
}
