/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* efipmu-host csv LOG.jsonl: the count records as CSV. */
#include <stdio.h>

#include "host.h"
#include "out/csv.h"
#include "runlog.h"
#include "util/fmt.h"

int cmd_csv(int argc, char **argv)
{
	if (argc != 1)
		die("csv needs one log");
	struct runlog g;
	load(&g, argv[0]);
	char buf[1024];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	csv_header(&sb);
	puts(buf);
	for (unsigned i = 0; i < g.ncounts; i++) {
		const struct count *k = &g.counts[i];
		struct count_rec c = {
			.cpu = k->cpu, .apic_id = k->apic_id, .package = k->package, .box = k->box,
			.event = k->event, .counter_kind = k->kind, .counter = k->counter,
			.ctl_value = k->ctl_value,
			.start = k->start, .end = k->end, .delta = k->delta, .overflowed = k->overflowed,
			.kernel = k->kernel, .repeat = k->repeat,
		};
		struct csv_regs regs = { k->ctl, k->ctr };
		sb_reset(&sb);
		csv_row(&sb, &c, &regs, k->sim);
		puts(buf);
	}
	unload(&g);
	return 0;
}
