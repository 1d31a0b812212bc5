/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A model profile as a text file (docs/host-tool.md "Profiles as files"): the machine's
 * CPUID per logical CPU, its MSR map with the hand-off values (value or absent), its
 * topology, the uncore MSRs and PCI boxes per package. One line per fact, in the order the
 * capture logs them, so two profiles of one machine are equal text whatever made them (a
 * log's capture, efipmu-host profile LOG; the model's built-in profile, --builtin).
 */
#ifndef EFIPMU_CAPTURE_PROFILE_H
#define EFIPMU_CAPTURE_PROFILE_H

#include "capture/machine.h"
#include "util/fmt.h"

#define PROFILE_FORMAT "efipmu-profile 1"
#define PROFILE_DISC_LINE 64   /* a discovery table's bytes a line */

/* The whole profile of m, each line ending in '\n'; comment the '#' line under the first. */
void profile_write(const struct machine *m, const char *comment, struct strbuf *sb);

/* The CPUs a profile's text says it has (its "cpus N" line; 0: none): a machine's room. */
unsigned profile_cpus(const char *text, size_t len);
/*
 * The dies it holds, the more of its portal tables ("discovery P portal" lines) and its dies'
 * registers ("die" lines): a machine's room for them.
 */
unsigned profile_dies(const char *text, size_t len);

/*
 * A profile file's text into m (cleared first, its room kept). PMU_ERR_INVALID with err
 * naming the first line that is not one profile_write makes (or a CPU past m's room).
 */
pmu_status profile_read(const char *text, size_t len, struct machine *m, char *err, size_t cap);

#endif
