/*
 * Built-in CPU profiles of the reference model. CPUID comes from real dumps of
 * each processor (model_cpuid.c), which MSRs exist from the manuals
 * (model_msrs.c); PERF_CAPABILITIES, MISC_ENABLE and the microcode revision
 * are simulated values.
 */
#include "model/model_devs.h"
#include "util/fmt.h"

/*
 * The machine's noise (model.h struct model_noise_rates) in cycles at the
 * brand string's nominal clock, `mhz`:
 *   timer: EDK2's 8254 timer driver ticks every 10 ms (PcAtChipsetPkg/8254TimerDxe
 *     Timer.h, DEFAULT_TIMER_TICK_DURATION = 100000 x 100 ns); handler 1,000
 *     instructions in 3,000 cycles;
 *   SMI: a periodic platform SMI every 40 ms; handler 10,000 instructions in
 *     30,000 cycles (about 10 us in SMM).
 * The handler costs and the SMI period are the model's orders of magnitude, not measurements.
 */
#define TICK_CYCLES(mhz) ((mhz) * 10000ull)
#define TIMER(mhz) .tick_first = TICK_CYCLES(mhz), .tick_period = TICK_CYCLES(mhz), \
	.tick_insts = 1000, .tick_cycles = 3000
#define SMIS(mhz) .smi_first = 4 * TICK_CYCLES(mhz), .smi_period = 4 * TICK_CYCLES(mhz), \
	.smi_insts = 10000, .smi_cycles = 30000
#define NOISE(mhz) .noise = { TIMER(mhz), SMIS(mhz) }

static const struct model_dev *const nhm_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_nhm_uncore,
};
static const struct model_dev *const nhmex_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_nhmex_ubox, &model_dev_nhmex_mbox,
};
static const struct model_dev *const snbep_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_snbep_uncore,
};
static const struct model_dev *const misc_devs[] = { &model_dev_misc };

#define DEVS(d) .devs = (d), .ndevs = sizeof(d) / sizeof((d)[0])

static const struct model_profile nehalem_ep = {
	.name = "nehalem-ep",
	.brand = "Simulated Xeon X5550 ES (Nehalem-EP)",
	.cpuid = &model_cpuid_nehalem_ep,
	.microcode = 0x19,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089,
	NOISE(2933),
	DEVS(nhm_devs),
	.msrs = &model_msrs_nhm_ep,
};

/* Nehalem-EP whose firmware set Limit CPUID Maxval (a BIOS setup option): leaf 0xA hidden. */
static const struct model_profile nehalem_ep_cpuid_limited = {
	.name = "nehalem-ep-cpuid-limited",
	.brand = "Simulated Xeon X5550 ES (Nehalem-EP)",
	.cpuid = &model_cpuid_nehalem_ep,
	.microcode = 0x19,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089 | 1ull << 22,
	NOISE(2667),
	DEVS(nhm_devs),
	.msrs = &model_msrs_nhm_ep,
};

static const struct model_profile westmere_ep = {
	.name = "westmere-ep",
	.brand = "Simulated Xeon X5667 (Westmere-EP)",
	.cpuid = &model_cpuid_westmere_ep,
	.microcode = 0x1f,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089,
	NOISE(2933),
	DEVS(nhm_devs),
	.msrs = &model_msrs_wsm_ep,
};

static const struct model_profile nehalem_ex = {
	.name = "nehalem-ex",
	.brand = "Simulated Xeon E7520 (Nehalem-EX)",
	.cpuid = &model_cpuid_nehalem_ex,
	.microcode = 0x0b,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089,
	NOISE(2267),
	DEVS(nhmex_devs),
	.msrs = &model_msrs_nhm_ex,
};

static const struct model_profile westmere_ex = {
	.name = "westmere-ex",
	.brand = "Simulated Xeon E7-4870 (Westmere-EX)",
	.cpuid = &model_cpuid_westmere_ex,
	.microcode = 0x37,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089,
	NOISE(2400),
	DEVS(nhmex_devs),
	.msrs = &model_msrs_wsm_ex,
};

static const struct model_profile sandy_bridge_ep = {
	.name = "sandy-bridge-ep",
	.brand = "Simulated Xeon E5 8-core ES (Sandy Bridge-EP)",
	.cpuid = &model_cpuid_sandy_bridge_ep,
	.microcode = 0x710,
	.perf_cap = 0x31c3,   /* bit 13: full-width writes through IA32_A_PMCx */
	.misc_enable = 0x850089,
	NOISE(2700),
	DEVS(snbep_devs),
	.msrs = &model_msrs_snb_ep,
};

/* What QEMU TCG shows: leaf 0xA all zeros, no PMU MSRs (model_cpuid.c: no dump). */
static const struct model_profile no_pmu = {
	.name = "no-pmu",
	.brand = "Simulated CPU without PMU (reference model)",
	.cpuid = &model_cpuid_no_pmu,
	.microcode = 0x1,
	.misc_enable = 0x1,
	.noise = { TIMER(2700) },   /* QEMU: the firmware's timer, no SMIs */
	DEVS(misc_devs),
	.msrs = &model_msrs_no_pmu,
};

const struct model_profile *const model_profiles[] = {
	&nehalem_ep, &westmere_ep, &nehalem_ex, &westmere_ex, &sandy_bridge_ep, &no_pmu,
	&nehalem_ep_cpuid_limited,
};
const unsigned model_profile_count = sizeof(model_profiles) / sizeof(model_profiles[0]);

const struct model_profile *model_profile_find(const char *name)
{
	for (unsigned i = 0; i < model_profile_count; i++)
		if (!pmu_strcmp(model_profiles[i]->name, name))
			return model_profiles[i];
	return NULL;
}
