/*
 * Built-in CPU profiles of the reference model. CPUID values follow what
 * REGISTERS.md §0.1 and §1.1 say of each target; they are simulated values.
 */
#include "model/model_devs.h"
#include "util/fmt.h"

#define SIG(fam, model, step) \
	((((model) >> 4) << 16) | ((fam) << 8) | (((model) & 0xf) << 4) | (step))
#define LEAF_0A_EAX(ver, ngp, width, len) ((ver) | (ngp) << 8 | (width) << 16 | (len) << 24)
#define LEAF_0A_EDX(nfix, width) ((nfix) | (width) << 5)
#define PDCM (1u << 15)
#define HYPERVISOR (1u << 31)

static const struct model_dev *const nhm_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_offcore_shared, &model_dev_nhm_uncore,
};
static const struct model_dev *const nhmex_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_offcore_shared, &model_dev_nhmex_ubox,
	&model_dev_nhmex_mbox,
};
static const struct model_dev *const snbep_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_offcore, &model_dev_snbep_uncore,
};
static const struct model_dev *const misc_devs[] = { &model_dev_misc };

#define DEVS(d) .devs = (d), .ndevs = sizeof(d) / sizeof((d)[0])

/*
 * What firmware hands over ("running", the profiles' default). Model choices,
 * not a dump of one machine: every counter-enable bit of IA32_PERF_GLOBAL_CTRL
 * set (as a v1-style reset value would leave it), FIXED_CTR1 (core cycles) left
 * counting in both rings, OFFCORE_RSP_0 = 0x11 (valid on every profile), and
 * one uncore counter per family left counting on a counter the tool's lowest-
 * first allocation reaches last.
 */
#define FW_CORE \
	{ 0x38F, 0x70000000Full },   /* GLOBAL_CTRL: PMC0-3, FIXED_CTR0-2 */   \
	{ 0x38D, 0x030 },            /* FIXED_CTR_CTRL: FIXED_CTR1 OS+USR */   \
	{ 0x30A, 0x1000 },           /* FIXED_CTR1 */                          \
	{ 0x1A6, 0x11 }              /* OFFCORE_RSP_0 */

/* NHM/WSM client uncore (§2): PMC7 counts UNC_QMC_NORMAL_READS.ANY (0x2C/0x07), EN_PC7 set. */
static const struct model_fw_reg fw_nhm[] = {
	FW_CORE, { 0x391, 0x80 }, { 0x3C7, 0x40072C }, { 0x3B7, 0x5000 }, { 0, 0 },
};

/*
 * NHM-EX/WSM-EX (§3): U_PMON_GLOBAL_CTRL = EN_ALL | PMI_CORE_SEL core 0; M-box 1
 * counter 5 counts MBOX_CLOCKTICKS (inc_sel 0x1B) with its BOX_CTRL bit set.
 */
static const struct model_fw_reg fw_nhmex[] = {
	FW_CORE, { 0xC00, 0x10000002 }, { 0xCE0, 0x20 }, { 0xCFA, 0x1B << 9 | 1 }, { 0xCFB, 0x100 },
	{ 0, 0 },
};

/*
 * SNB-EP (§4.4): every C-box filter 0xD14 + 0x20n holds STATE = all (22:18); C-box 7
 * counter 3 counts UNC_C_CLOCKTICKS, its box unfrozen with freeze enabled.
 */
#define FW_CBOX_FILTER(n) { 0xD14 + 0x20 * (n), 0x1Full << 18 }
static const struct model_fw_reg fw_snbep[] = {
	FW_CORE,
	FW_CBOX_FILTER(0), FW_CBOX_FILTER(1), FW_CBOX_FILTER(2), FW_CBOX_FILTER(3),
	FW_CBOX_FILTER(4), FW_CBOX_FILTER(5), FW_CBOX_FILTER(6), FW_CBOX_FILTER(7),
	{ 0xDE4, 0x10000 }, { 0xDF3, 0x400000 }, { 0xDF9, 0x2000 }, { 0, 0 },
};

#define FW(img) .firmware = MODEL_FW_RUNNING, .fw_running = (img)

static const struct model_profile nehalem_ep = {
	.name = "nehalem-ep",
	.brand = "Simulated Xeon X5570 (Nehalem-EP, reference model)",
	.vendor = "GenuineIntel",
	.signature = SIG(6, 0x1A, 5),
	.cpuid1_ecx = PDCM,
	.cpuid_0a = { LEAF_0A_EAX(3, 4, 48, 7), 0, 0, LEAF_0A_EDX(3, 48) },
	.microcode = 0x19,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089,
	DEVS(nhm_devs),
	FW(fw_nhm),
};

static const struct model_profile westmere_ep = {
	.name = "westmere-ep",
	.brand = "Simulated Xeon X5670 (Westmere-EP, reference model)",
	.vendor = "GenuineIntel",
	.signature = SIG(6, 0x2C, 2),
	.cpuid1_ecx = PDCM,
	.cpuid_0a = { LEAF_0A_EAX(3, 4, 48, 7), 0, 0, LEAF_0A_EDX(3, 48) },
	.microcode = 0x1f,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089,
	DEVS(nhm_devs),
	FW(fw_nhm),
};

static const struct model_profile nehalem_ex = {
	.name = "nehalem-ex",
	.brand = "Simulated Xeon X7560 (Nehalem-EX, reference model)",
	.vendor = "GenuineIntel",
	.signature = SIG(6, 0x2E, 6),
	.cpuid1_ecx = PDCM,
	.cpuid_0a = { LEAF_0A_EAX(3, 4, 48, 7), 0, 0, LEAF_0A_EDX(3, 48) },
	.microcode = 0x0b,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089,
	DEVS(nhmex_devs),
	FW(fw_nhmex),
};

static const struct model_profile westmere_ex = {
	.name = "westmere-ex",
	.brand = "Simulated Xeon E7-4870 (Westmere-EX, reference model)",
	.vendor = "GenuineIntel",
	.signature = SIG(6, 0x2F, 2),
	.cpuid1_ecx = PDCM,
	.cpuid_0a = { LEAF_0A_EAX(3, 4, 48, 7), 0, 0, LEAF_0A_EDX(3, 48) },
	.microcode = 0x37,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089,
	DEVS(nhmex_devs),
	FW(fw_nhmex),
};

static const struct model_profile sandy_bridge_ep = {
	.name = "sandy-bridge-ep",
	.brand = "Simulated Xeon E5-2680 (Sandy Bridge-EP, reference model)",
	.vendor = "GenuineIntel",
	.signature = SIG(6, 0x2D, 7),
	.cpuid1_ecx = PDCM,
	.cpuid_0a = { LEAF_0A_EAX(3, 4, 48, 7), 0, 0, LEAF_0A_EDX(3, 48) },
	.microcode = 0x710,
	.perf_cap = 0x31c3,   /* bit 13: full-width writes through IA32_A_PMCx */
	.misc_enable = 0x850089,
	DEVS(snbep_devs),
	FW(fw_snbep),
};

/* What QEMU TCG shows: leaf 0xA all zeros, no PMU MSRs. */
static const struct model_profile no_pmu = {
	.name = "no-pmu",
	.brand = "Simulated CPU without PMU (reference model)",
	.vendor = "GenuineIntel",
	.signature = SIG(6, 0x2D, 7),
	.cpuid1_ecx = HYPERVISOR,
	.cpuid_0a = { 0, 0, 0, 0 },
	.microcode = 0x1,
	.misc_enable = 0x1,
	DEVS(misc_devs),
};

const struct model_profile *const model_profiles[] = {
	&nehalem_ep, &westmere_ep, &nehalem_ex, &westmere_ex, &sandy_bridge_ep, &no_pmu,
};
const unsigned model_profile_count = sizeof(model_profiles) / sizeof(model_profiles[0]);

const struct model_profile *model_profile_find(const char *name)
{
	for (unsigned i = 0; i < model_profile_count; i++)
		if (!pmu_strcmp(model_profiles[i]->name, name))
			return model_profiles[i];
	return NULL;
}
