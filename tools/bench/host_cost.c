/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * `make bench` host cost: builds N count records, or decodes N PERFEVTSEL
 * values, with lib/ as the app has it. Run under callgrind at two N: the
 * difference over the N between them is the cost of one, start-up excluded.
 * Usage: host_cost record|decode N
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hw/layouts_core.h"
#include "out/logrec.h"

int main(int argc, char **argv)
{
	static char buf[4096];
	struct strbuf sb;
	unsigned long sink = 0;
	if (argc != 3 || (strcmp(argv[1], "record") && strcmp(argv[1], "decode"))) {
		fprintf(stderr, "usage: host_cost record|decode N\n");
		return 2;
	}
	int record = !strcmp(argv[1], "record");
	unsigned long n = strtoul(argv[2], NULL, 0);
	for (unsigned long i = 0; i < n; i++) {
		sb_init(&sb, buf, sizeof(buf));
		uint64_t ctl = 0x4300c4 | ((i & 0xff) << 24);
		if (record) {
			const struct count_rec c = {
				.cpu = (unsigned)(i & 63), .apic_id = i & 63, .package = 0, .box = "core",
				.event = "branches", .counter_kind = "gp", .counter = 1, .width = 48,
				.ctl_msr = 0x187, .ctl_value = ctl, .ctl_layout = &layout_perfevtsel,
				.ctr_msr = 0xc2, .start = i, .end = i * 977, .delta = i * 976,
				.kernel = "inst", .iterations = 1000000, .repeat = (unsigned)i,
			};
			logrec_count(&sb, &c, false);
		} else {
			reg_decode(&layout_perfevtsel, ctl, 0, &sb);
		}
		sink += sb.len;
	}
	printf("%lu\n", sink);
	return 0;
}
