/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "out/perfmon_ext.h"
#include "out/logrec.h"

/*
 * Architectural events in leaf 0xA EBX and leaf 0x23 subleaf 3 EAX bit order (SDM vol. 3B
 * table "UMask and Event Select Encodings for Pre-Defined Architectural Performance
 * Events"; Linux tools/testing/selftests/kvm/include/x86/pmu.h,
 * enum intel_pmu_architectural_events).
 */
static const char *const arch_events[] = {
	"core-cycles", "instructions", "ref-cycles", "llc-references", "llc-misses",
	"branches", "branch-misses", "topdown-slots", "topdown-backend-bound",
	"topdown-bad-speculation", "topdown-frontend-bound", "topdown-retiring", "lbr-inserts",
};
#define N_ARCH_EVENTS (sizeof(arch_events) / sizeof(arch_events[0]))

static bool has(const struct pmu_perfmon_ext *x, enum pmu_leaf23_sub s)
{
	return (x->subleaves >> s) & 1;
}

/* "key":{"gp":..,"fixed":..} for a pair of counter bitmaps. */
static void pair(struct strbuf *sb, const char *key, const char *gp, uint32_t g,
		 const char *fixed, uint32_t f)
{
	sb_json_key(sb, key);
	sb_putc(sb, '{');
	logrec_key_hex(sb, gp, g);
	logrec_key_hex(sb, fixed, f);
	sb_putc(sb, '}');
}

static void events(struct strbuf *sb, uint32_t mask)
{
	logrec_key_hex(sb, "arch_events", mask);
	sb_json_key(sb, "arch_event_names");
	sb_putc(sb, '[');
	for (unsigned i = 0; i < 32; i++) {
		if (!((mask >> i) & 1))
			continue;
		if (sb->buf[sb->len - 1] != '[')
			sb_putc(sb, ',');
		if (i < N_ARCH_EVENTS) {
			sb_json_str(sb, arch_events[i]);
		} else {   /* a bit the documents above do not name yet */
			sb_puts(sb, "\"bit ");
			sb_dec(sb, i);
			sb_putc(sb, '"');
		}
	}
	sb_putc(sb, ']');
}

void perfmon_ext_json(struct strbuf *sb, const struct pmu_arch_info *a)
{
	const struct pmu_perfmon_ext *x = &a->ext;
	if (!x->read)
		return;
	sb_json_key(sb, "cpuid_23");
	sb_putc(sb, '{');
	logrec_key_hex(sb, "subleaves", x->subleaves);
	logrec_key_bool(sb, "umask2", a->umask2);
	logrec_key_bool(sb, "eq", a->eq);
	logrec_key_bool(sb, "rdpmc_user_disable", x->rdpmc_user_disable);
	logrec_key_hex(sb, "ebx", x->sl0_ebx);
	logrec_key_hex(sb, "ecx", x->sl0_ecx);   /* E-cores 0x8 or 0x6: meaning unpublished */
	if (a->from_leaf_23) {
		logrec_key_hex(sb, "gp_mask", a->gp_mask);
		logrec_key_hex(sb, "fixed_mask", a->fixed_mask);
	}
	if (has(x, LEAF23_SUB_ACR)) {
		pair(sb, "acr_reload", "gp", x->acr_gp, "fixed", x->acr_fixed);
		pair(sb, "acr_cause", "gp", x->acr_cause_gp, "fixed", x->acr_cause_fixed);
	}
	if (has(x, LEAF23_SUB_EVENTS))
		events(sb, x->arch_events);
	if (has(x, LEAF23_SUB_PEBS_CAPS))
		logrec_key_hex(sb, "pebs_caps", x->pebs_caps);
	if (has(x, LEAF23_SUB_PEBS_COUNTERS)) {
		pair(sb, "pebs", "gp", x->pebs_gp, "fixed", x->pebs_fixed);
		pair(sb, "pdist", "gp", x->pdist_gp, "fixed", x->pdist_fixed);
	}
	sb_putc(sb, '}');
}
