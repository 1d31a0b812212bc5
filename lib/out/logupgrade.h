/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Logs of schema 1 read as schema 2 (docs/log.md): a schema-1 record's text rewritten as the
 * record schema 2 writes, its registers named by kind ("0x186" -> "msr 0x186") under
 * kind-neutral keys (a count's "ctl_msr" -> "ctl"), so every reader reads one schema.
 */
#ifndef EFIPMU_LOGUPGRADE_H
#define EFIPMU_LOGUPGRADE_H

#include <stdbool.h>
#include <stddef.h>
#include "out/logread.h"
#include "util/fmt.h"

/* The views an upgrade parses into (no allocation in lib/). */
struct log_upgrade {
	struct logrec_view rec, elem;
};

/*
 * Room enough for the upgrade of a line of len bytes: a name grows by 4 bytes ("msr ") over
 * the 5 or more of its quoted number.
 */
#define LOG_UPGRADE_ROOM(len) (2 * (len) + 16)

/*
 * The schema-2 text of line[0..len) in out (reset first), when it is a schema-1 record: true.
 * false, out untouched, for a line that is no record or is already of another schema; false
 * too when out overflowed (under LOG_UPGRADE_ROOM) or when the renamed keys would clash with
 * keys the record already has (not a record schema 1 wrote: the caller keeps the line).
 */
bool log_upgrade(const char *line, size_t len, struct log_upgrade *w, struct strbuf *out);

#endif
