/* An uncore discovery table as JSON (lib/pmu/uncore_discovery.h decodes it). */
#ifndef EFIPMU_DISCOVERY_JSON_H
#define EFIPMU_DISCOVERY_JSON_H

#include "pmu/uncore_discovery.h"
#include "util/fmt.h"

/*
 * {"index","type","type_name","box_id","access","address","counters","width",
 *  "ctl_offset","ctr_offset","usable","problems":[names]} for unit u.
 */
void disc_unit_json(const struct disc_unit *u, struct strbuf *sb);
/* {"global":true,"type","stride","max_units","access","global_ctl","units","usable","problems"}. */
void disc_global_json(const struct disc_table *t, struct strbuf *sb);

#endif
