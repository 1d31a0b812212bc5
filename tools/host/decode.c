/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* efipmu-host decode BOX VALUE: the fields of a raw register value. */
#include <stdio.h>
#include <string.h>

#include "host.h"
#include "pmu/decode.h"
#include "util/fmt.h"

int cmd_decode(int argc, char **argv)
{
	if (argc != 2)
		die("decode needs BOX VALUE");
	uint64_t v = parse_number("value", argv[1]);
	static char buf[16384];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	pmu_status st = decode_register(argv[0], v, NULL, &sb);
	if (st == PMU_ERR_UNKNOWN_NAME) {
		buf[strcspn(buf, "\n")] = '\0';
		die("%s", buf);
	}
	fputs(buf, stdout);
	return 0;
}
