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
#define HYPERVISOR (1u << 31)

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
	.brand = "Simulated Xeon X5570 (Nehalem-EP, reference model)",
	.vendor = "GenuineIntel",
	.signature = SIG(6, 0x1A, 5),
	.cpuid1_ecx = PDCM,
	.cpuid_0a = { LEAF_0A_EAX(3, 4, 48, 7), 0, 0, LEAF_0A_EDX(3, 48) },
	.microcode = 0x19,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089,
	NOISE(2933),
	DEVS(nhm_devs),
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
	NOISE(2933),
	DEVS(nhm_devs),
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
	NOISE(2267),
	DEVS(nhmex_devs),
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
	NOISE(2400),
	DEVS(nhmex_devs),
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
	NOISE(2700),
	DEVS(snbep_devs),
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
	.noise = { TIMER(2700) },   /* QEMU: the firmware's timer, no SMIs */
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
