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

/* The whole profile of m, each line ending in '\n'; comment the '#' line under the first. */
void profile_write(const struct machine *m, const char *comment, struct strbuf *sb);

/*
 * A profile file's text into m (cleared first). PMU_ERR_INVALID with err naming the first
 * line that is not one profile_write makes.
 */
pmu_status profile_read(const char *text, size_t len, struct machine *m, char *err, size_t cap);

#endif
