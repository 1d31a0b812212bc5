/*
 * CPUID of the built-in profiles. Where a real dump of the profile's processor
 * exists, the leaves are that dump's logical CPU #0, copied verbatim from
 * ../shared/reference/cpuid/<file> (InstLatx64 snapshot 087af2c7, see its
 * SOURCE.md; dumps made with AIDA64/EVEREST on real machines). The model then
 * answers per CPU and per MSR state (model_cpuid_answer):
 * - leaf 1 EBX[31:24] and leaf 0xB EDX: the APIC ID, the model's CPU number;
 * - leaves 0x80000002-4: the profile's brand string, which says the machine is
 *   simulated (the dump's own brand string is kept in the table);
 * - IA32_MISC_ENABLE[22] (Limit CPUID Maxval) set: leaf 0 reports max leaf 2
 *   (SDM vol. 4 table 2-2); the other leaves still answer as before, since the
 *   SDM says no more;
 * - a leaf above the highest basic or extended leaf returns the highest basic
 *   leaf (SDM vol. 2A, CPUID); a subleaf the dump does not list is an invalid
 *   one: zeros, except leaf 0xB's ECX[7:0] (the subleaf) and EDX (the x2APIC ID).
 * A leaf the dump tool printed as zeros (7-9 on Nehalem) is kept as zeros: that is
 * what the CPU returned. ECX[27] (OSXSAVE) of leaf 1 is as the dumping OS left CR4.
 */
#include "model/model_devs.h"
#include "util/fmt.h"

#define LEAF(l, a, b, c, d) { (l), 0, true, (a), (b), (c), (d) }
#define SUB(l, s, a, b, c, d) { (l), (s), false, (a), (b), (c), (d) }

/* intel-06-1a-nehalem-ep.txt: Xeon X5550 engineering sample, 06-1A-2 */
static const struct model_cpuid_leaf nehalem_ep[] = {
	LEAF(0x0, 0x0000000B, 0x756E6547, 0x6C65746E, 0x49656E69),
	LEAF(0x1, 0x000106A2, 0x00100800, 0x00BCE3BD, 0xBFEBFBFF),
	LEAF(0x2, 0x55035A01, 0x00F0B2E4, 0x00000000, 0x09CA212C),
	LEAF(0x3, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	SUB(0x4, 0, 0x1C004121, 0x01C0003F, 0x0000003F, 0x00000000),
	SUB(0x4, 1, 0x1C004122, 0x00C0003F, 0x0000007F, 0x00000000),
	SUB(0x4, 2, 0x1C004143, 0x01C0003F, 0x000001FF, 0x00000000),
	SUB(0x4, 3, 0x1C03C163, 0x03C0003F, 0x00001FFF, 0x00000002),
	LEAF(0x5, 0x00000040, 0x00000040, 0x00000003, 0x00021120),
	LEAF(0x6, 0x00000001, 0x00000002, 0x00000001, 0x00000000),
	SUB(0x7, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x8, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x9, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0xA, 0x07300403, 0x00000000, 0x00000000, 0x00000603),
	SUB(0xB, 0, 0x00000001, 0x00000002, 0x00000100, 0x00000000),
	SUB(0xB, 1, 0x00000004, 0x00000008, 0x00000201, 0x00000000),
	LEAF(0x80000000, 0x80000008, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x80000001, 0x00000000, 0x00000000, 0x00000001, 0x28100000),
	LEAF(0x80000002, 0x756E6547, 0x20656E69, 0x65746E49, 0x2952286C),
	LEAF(0x80000003, 0x55504320, 0x20202020, 0x20202020, 0x40202020),
	LEAF(0x80000004, 0x30303020, 0x20402030, 0x37362E32, 0x007A4847),
	LEAF(0x80000005, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x80000006, 0x00000000, 0x00000000, 0x01006040, 0x00000000),
	LEAF(0x80000007, 0x00000000, 0x00000000, 0x00000000, 0x00000100),
	LEAF(0x80000008, 0x00003028, 0x00000000, 0x00000000, 0x00000000),
};

/* intel-06-2c-westmere-ep.txt: Xeon X5667, 06-2C-1; leaf 0xA EBX 0x4: no reference-cycles event */
static const struct model_cpuid_leaf westmere_ep[] = {
	LEAF(0x0, 0x0000000B, 0x756E6547, 0x6C65746E, 0x49656E69),
	LEAF(0x1, 0x000206C1, 0x20200800, 0x029EE3FF, 0xBFEBFBFF),
	LEAF(0x2, 0x55035A01, 0x00F0B2FF, 0x00000000, 0x00CA0000),
	LEAF(0x3, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	SUB(0x4, 0, 0x3C004121, 0x01C0003F, 0x0000003F, 0x00000000),
	SUB(0x4, 1, 0x3C004122, 0x00C0003F, 0x0000007F, 0x00000000),
	SUB(0x4, 2, 0x3C004143, 0x01C0003F, 0x000001FF, 0x00000000),
	SUB(0x4, 3, 0x3C07C163, 0x03C0003F, 0x00002FFF, 0x00000002),
	LEAF(0x5, 0x00000040, 0x00000040, 0x00000003, 0x00001120),
	LEAF(0x6, 0x00000007, 0x00000002, 0x00000001, 0x00000000),
	SUB(0x7, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x8, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x9, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0xA, 0x07300403, 0x00000004, 0x00000000, 0x00000603),
	SUB(0xB, 0, 0x00000001, 0x00000002, 0x00000100, 0x00000020),
	SUB(0xB, 1, 0x00000005, 0x00000008, 0x00000201, 0x00000020),
	LEAF(0x80000000, 0x80000008, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x80000001, 0x00000000, 0x00000000, 0x00000001, 0x2C100000),
	LEAF(0x80000002, 0x65746E49, 0x2952286C, 0x6F655820, 0x2952286E),
	LEAF(0x80000003, 0x55504320, 0x20202020, 0x20202020, 0x58202020),
	LEAF(0x80000004, 0x37363635, 0x20402020, 0x37302E33, 0x007A4847),
	LEAF(0x80000005, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x80000006, 0x00000000, 0x00000000, 0x01006040, 0x00000000),
	LEAF(0x80000007, 0x00000000, 0x00000000, 0x00000000, 0x00000100),
	LEAF(0x80000008, 0x00003028, 0x00000000, 0x00000000, 0x00000000),
};

/*
 * intel-06-2e-nehalem-ex.txt: Xeon E7520, 06-2E-5; EBX 0x44 of leaf 0xA: no architectural
 * reference-cycles or branch-mispredicts event.
 */
static const struct model_cpuid_leaf nehalem_ex[] = {
	LEAF(0x0, 0x0000000B, 0x756E6547, 0x6C65746E, 0x49656E69),
	LEAF(0x1, 0x000206E5, 0x22200800, 0x00BCE3BD, 0xBFEBFBFF),
	LEAF(0x2, 0x55035A01, 0x00F0B2EB, 0x00000000, 0x09CA212C),
	LEAF(0x3, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	SUB(0x4, 0, 0x3C004121, 0x01C0003F, 0x0000003F, 0x00000000),
	SUB(0x4, 1, 0x3C004122, 0x00C0003F, 0x0000007F, 0x00000000),
	SUB(0x4, 2, 0x3C004143, 0x01C0003F, 0x000001FF, 0x00000000),
	SUB(0x4, 3, 0x3C07C163, 0x05C0003F, 0x00002FFF, 0x00000002),
	LEAF(0x5, 0x00000040, 0x00000040, 0x00000003, 0x00000120),
	LEAF(0x6, 0x00000001, 0x00000001, 0x00000001, 0x00000000),
	SUB(0x7, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x8, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x9, 0x00000001, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0xA, 0x07300403, 0x00000044, 0x00000000, 0x00000603),
	SUB(0xB, 0, 0x00000001, 0x00000002, 0x00000100, 0x00000022),
	SUB(0xB, 1, 0x00000005, 0x00000008, 0x00000201, 0x00000022),
	LEAF(0x80000000, 0x80000008, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x80000001, 0x00000000, 0x00000000, 0x00000001, 0x28100800),
	LEAF(0x80000002, 0x65746E49, 0x2952286C, 0x6F655820, 0x2952286E),
	LEAF(0x80000003, 0x55504320, 0x20202020, 0x20202020, 0x45202020),
	LEAF(0x80000004, 0x30323537, 0x20402020, 0x37382E31, 0x007A4847),
	LEAF(0x80000005, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x80000006, 0x00000000, 0x00000000, 0x01006040, 0x00000000),
	LEAF(0x80000007, 0x00000000, 0x00000000, 0x00000000, 0x00000100),
	LEAF(0x80000008, 0x0000302C, 0x00000000, 0x00000000, 0x00000000),
};

/* intel-06-2f-westmere-ex.txt: Xeon E7-4870, 06-2F-2 */
static const struct model_cpuid_leaf westmere_ex[] = {
	LEAF(0x0, 0x0000000B, 0x756E6547, 0x6C65746E, 0x49656E69),
	LEAF(0x1, 0x000206F2, 0x00400800, 0x02BEE3FF, 0xBFEBFBFF),
	LEAF(0x2, 0x55035A01, 0x00F0B2FF, 0x00000000, 0x00CA0000),
	LEAF(0x3, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	SUB(0x4, 0, 0x7C004121, 0x01C0003F, 0x0000003F, 0x00000000),
	SUB(0x4, 1, 0x7C004122, 0x00C0003F, 0x0000007F, 0x00000000),
	SUB(0x4, 2, 0x7C004143, 0x01C0003F, 0x000001FF, 0x00000000),
	SUB(0x4, 3, 0x7C0FC163, 0x05C0003F, 0x00004FFF, 0x00000006),
	LEAF(0x5, 0x00000040, 0x00000040, 0x00000003, 0x00001120),
	LEAF(0x6, 0x00000005, 0x00000001, 0x00000001, 0x00000000),
	SUB(0x7, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x8, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x9, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0xA, 0x07300403, 0x00000004, 0x00000000, 0x00000603),
	SUB(0xB, 0, 0x00000001, 0x00000002, 0x00000100, 0x00000000),
	SUB(0xB, 1, 0x00000006, 0x00000014, 0x00000201, 0x00000000),
	LEAF(0x80000000, 0x80000008, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x80000001, 0x00000000, 0x00000000, 0x00000001, 0x2C100800),
	LEAF(0x80000002, 0x20202020, 0x49202020, 0x6C65746E, 0x20295228),
	LEAF(0x80000003, 0x6E6F6558, 0x20295228, 0x20555043, 0x202D3745),
	LEAF(0x80000004, 0x30373834, 0x20402020, 0x30342E32, 0x007A4847),
	LEAF(0x80000005, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x80000006, 0x00000000, 0x00000000, 0x01006040, 0x00000000),
	LEAF(0x80000007, 0x00000000, 0x00000000, 0x00000000, 0x00000100),
	LEAF(0x80000008, 0x0000302C, 0x00000000, 0x00000000, 0x00000000),
};

/*
 * intel-06-2d-sandy-bridge-ep.txt: 8-core Xeon E5 engineering sample, 06-2D-5. The dump lists
 * leaf 0xD's valid components only: its second line is subleaf 2 (SOURCE.md); subleaf 1 is absent.
 */
static const struct model_cpuid_leaf sandy_bridge_ep[] = {
	LEAF(0x0, 0x0000000D, 0x756E6547, 0x6C65746E, 0x49656E69),
	LEAF(0x1, 0x000206D5, 0x00200800, 0x1FBEE3FF, 0xBFEBFBFF),
	LEAF(0x2, 0x76035A01, 0x00F0B2FF, 0x00000000, 0x00CA0000),
	LEAF(0x3, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	SUB(0x4, 0, 0x3C004121, 0x01C0003F, 0x0000003F, 0x00000000),
	SUB(0x4, 1, 0x3C004122, 0x01C0003F, 0x0000003F, 0x00000000),
	SUB(0x4, 2, 0x3C004143, 0x01C0003F, 0x000001FF, 0x00000000),
	SUB(0x4, 3, 0x3C07C163, 0x04C0003F, 0x00003FFF, 0x00000006),
	LEAF(0x5, 0x00000040, 0x00000040, 0x00000003, 0x00021120),
	LEAF(0x6, 0x00000077, 0x00000002, 0x00000009, 0x00000000),
	SUB(0x7, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x8, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x9, 0x00000001, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0xA, 0x07300403, 0x00000000, 0x00000000, 0x00000603),
	SUB(0xB, 0, 0x00000001, 0x00000002, 0x00000100, 0x00000000),
	SUB(0xB, 1, 0x00000005, 0x00000010, 0x00000201, 0x00000000),
	LEAF(0xC, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	SUB(0xD, 0, 0x00000007, 0x00000340, 0x00000340, 0x00000000),
	SUB(0xD, 2, 0x00000100, 0x00000240, 0x00000000, 0x00000000),
	LEAF(0x80000000, 0x80000008, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x80000001, 0x00000000, 0x00000000, 0x00000001, 0x2C100000),
	LEAF(0x80000002, 0x20202020, 0x20202020, 0x20202020, 0x20202020),
	LEAF(0x80000003, 0x756E6547, 0x20656E69, 0x65746E49, 0x2952286C),
	LEAF(0x80000004, 0x55504320, 0x20402020, 0x30362E32, 0x007A4847),
	LEAF(0x80000005, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x80000006, 0x00000000, 0x00000000, 0x01006040, 0x00000000),
	LEAF(0x80000007, 0x00000000, 0x00000000, 0x00000000, 0x00000100),
	LEAF(0x80000008, 0x0000302E, 0x00000000, 0x00000000, 0x00000000),
};

/*
 * No dump: the no-pmu profile is what QEMU TCG shows a guest (QEMU-FACTS.md), with the
 * values the model had before the dumps: leaf 0xA all zeros, the hypervisor bit, MSR
 * instructions (leaf 1 EDX[5]).
 */
static const struct model_cpuid_leaf no_pmu[] = {
	LEAF(0x0, 0x0000000B, 0x756E6547, 0x6C65746E, 0x49656E69),
	LEAF(0x1, 0x000206D7, 0x00000000, 0x80000000, 0x00000020),
	LEAF(0xA, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	LEAF(0x80000000, 0x80000004, 0x00000000, 0x00000000, 0x00000000),
};

/*
 * AMD Zen 2/3/4: logical CPU #0 of the trimmed dumps in tests/data/cpuid/ (amd-17-31-rome.txt,
 * amd-19-01-milan.txt, amd-19-11-genoa.txt, made by tools/trim_cpuid_dumps.py from the dumps
 * of the same name in ../shared/reference/cpuid/), leaves 0, 1, 0xA, 0xB, 0x80000000-4 and
 * 0x80000022 where the maximum extended leaf reaches it; 0x80000008 (EBX[1]: IRPERF), which
 * the trimmed copies leave out, from the full dump. Leaf 0xA is zeros, as AMD returns it.
 */
#define ZEN_BRAND(a, b, c, d, e, f, g, h, i, j, k, l) \
	LEAF(0x80000002, a, b, c, d), LEAF(0x80000003, e, f, g, h), LEAF(0x80000004, i, j, k, l)
/* amd-17-31-rome.txt: EPYC 7402P, 17-31-0; max extended leaf 0x80000020: no PerfMonV2 leaf */
static const struct model_cpuid_leaf zen2[] = {
	LEAF(0x0, 0x00000010, 0x68747541, 0x444D4163, 0x69746E65),
	LEAF(0x1, 0x00830F10, 0x00300800, 0x7ED8320B, 0x178BFBFF),
	LEAF(0xA, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	SUB(0xB, 0, 0x00000001, 0x00000002, 0x00000100, 0x00000000),
	SUB(0xB, 1, 0x00000007, 0x00000030, 0x00000201, 0x00000000),
	LEAF(0x80000000, 0x80000020, 0x68747541, 0x444D4163, 0x69746E65),
	LEAF(0x80000001, 0x00830F10, 0x40000000, 0x75C237FF, 0x2FD3FBFF),
	ZEN_BRAND(0x20444D41, 0x43595045, 0x30343720, 0x32205032, 0x6F432D34, 0x50206572,
		  0x65636F72, 0x726F7373, 0x20202020, 0x20202020, 0x20202020, 0x00202020),
	LEAF(0x80000008, 0x00003030, 0x018CF757, 0x0000702F, 0x00010000),
};

/* amd-19-01-milan.txt: EPYC 7713, 19-01-1; leaf 0x80000022 all zeros: no PerfMonV2 */
static const struct model_cpuid_leaf zen3[] = {
	LEAF(0x0, 0x00000010, 0x68747541, 0x444D4163, 0x69746E65),
	LEAF(0x1, 0x00A00F11, 0x00800800, 0x7EDA320B, 0x178BFBFF),
	LEAF(0xA, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	SUB(0xB, 0, 0x00000001, 0x00000002, 0x00000100, 0x00000000),
	SUB(0xB, 1, 0x00000007, 0x00000080, 0x00000201, 0x00000000),
	LEAF(0x80000000, 0x80000023, 0x68747541, 0x444D4163, 0x69746E65),
	LEAF(0x80000001, 0x00A00F11, 0x40000000, 0x75C237FF, 0x2FD3FBFF),
	ZEN_BRAND(0x20444D41, 0x43595045, 0x31373720, 0x34362033, 0x726F432D, 0x72502065,
		  0x7365636F, 0x20726F73, 0x20202020, 0x20202020, 0x20202020, 0x00202020),
	LEAF(0x80000008, 0x00003030, 0x91BEF75F, 0x0000707F, 0x00010007),
	LEAF(0x80000022, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
};

/* amd-19-11-genoa.txt: EPYC 9124, 19-11-1; 0x80000022 EAX[0] PerfMonV2, EBX[3:0] 6 counters */
static const struct model_cpuid_leaf zen4[] = {
	LEAF(0x0, 0x00000010, 0x68747541, 0x444D4163, 0x69746E65),
	LEAF(0x1, 0x00A10F11, 0x00200800, 0x7EFA320B, 0x178BFBFF),
	LEAF(0xA, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	SUB(0xB, 0, 0x00000001, 0x00000002, 0x00000100, 0x00000000),
	SUB(0xB, 1, 0x00000006, 0x00000020, 0x00000201, 0x00000000),
	LEAF(0x80000000, 0x80000028, 0x68747541, 0x444D4163, 0x69746E65),
	LEAF(0x80000001, 0x00A10F11, 0x40000000, 0x75C237FF, 0x2FD3FBFF),
	ZEN_BRAND(0x20444D41, 0x43595045, 0x32313920, 0x36312034, 0x726F432D, 0x72502065,
		  0x7365636F, 0x20726F73, 0x20202020, 0x20202020, 0x20202020, 0x00202020),
	LEAF(0x80000008, 0x00003934, 0x79BEF25F, 0x0000601F, 0x00010007),
	LEAF(0x80000022, 0x00000007, 0x00044106, 0x00000008, 0x00000000),
};

#define TABLE(src, l) { (src), (l), sizeof(l) / sizeof((l)[0]) }

const struct model_cpuid_table model_cpuid_nehalem_ep =
	TABLE("intel-06-1a-nehalem-ep.txt", nehalem_ep);
const struct model_cpuid_table model_cpuid_westmere_ep =
	TABLE("intel-06-2c-westmere-ep.txt", westmere_ep);
const struct model_cpuid_table model_cpuid_nehalem_ex =
	TABLE("intel-06-2e-nehalem-ex.txt", nehalem_ex);
const struct model_cpuid_table model_cpuid_westmere_ex =
	TABLE("intel-06-2f-westmere-ex.txt", westmere_ex);
const struct model_cpuid_table model_cpuid_sandy_bridge_ep =
	TABLE("intel-06-2d-sandy-bridge-ep.txt", sandy_bridge_ep);
const struct model_cpuid_table model_cpuid_no_pmu =
	TABLE(NULL, no_pmu);
const struct model_cpuid_table model_cpuid_zen2 = TABLE("amd-17-31-rome.txt", zen2);
const struct model_cpuid_table model_cpuid_zen3 = TABLE("amd-19-01-milan.txt", zen3);
const struct model_cpuid_table model_cpuid_zen4 = TABLE("amd-19-11-genoa.txt", zen4);

const struct model_cpuid_leaf *model_cpuid_find(const struct model_cpuid_table *t, uint32_t leaf,
						uint32_t sub)
{
	for (unsigned i = 0; t && i < t->n; i++)
		if (t->leaf[i].leaf == leaf && (t->leaf[i].any_sub || t->leaf[i].sub == sub))
			return &t->leaf[i];
	return NULL;
}

static struct pmu_cpuid table_raw(const struct model_cpuid_table *t, uint32_t leaf, uint32_t sub)
{
	const struct model_cpuid_leaf *l = model_cpuid_find(t, leaf, sub);
	struct pmu_cpuid r = { 0, 0, 0, 0 };
	if (l)
		r = (struct pmu_cpuid){ l->eax, l->ebx, l->ecx, l->edx };
	return r;
}

struct pmu_cpuid model_cpuid_raw(const struct model_profile *p, uint32_t leaf, uint32_t sub)
{
	return table_raw(p->cpuid, leaf, sub);
}

#define EXT_BASE 0x80000000u

uint32_t model_cpuid_leaf_answered(const struct model_cpuid_table *t, uint32_t leaf)
{
	uint32_t max_basic = table_raw(t, 0, 0).eax;
	uint32_t max_ext = table_raw(t, EXT_BASE, 0).eax;
	return (leaf < EXT_BASE ? leaf > max_basic : leaf > max_ext) ? max_basic : leaf;
}

struct pmu_cpuid model_cpuid_table_answer(const struct model_cpuid_table *t, uint32_t leaf,
					  uint32_t sub)
{
	return table_raw(t, model_cpuid_leaf_answered(t, leaf), sub);
}
#define MISC_ENABLE_LIMIT_CPUID (1ull << 22)   /* SDM vol. 4 table 2-2 */
#define LIMITED_MAX_LEAF 2

static void put_str(uint32_t *regs, unsigned nregs, const char *s)
{
	size_t n = pmu_strlen(s);
	for (unsigned i = 0; i < nregs * 4; i++) {
		uint32_t c = i < n ? (uint8_t)s[i] : 0;
		regs[i / 4] |= c << (8 * (i % 4));
	}
}

static void brand(const char *s, uint32_t leaf, struct pmu_cpuid *out)
{
	uint32_t r[12] = { 0 };
	put_str(r, 12, s);
	unsigned o = (leaf - (EXT_BASE + 2)) * 4;
	*out = (struct pmu_cpuid){ r[o], r[o + 1], r[o + 2], r[o + 3] };
}

struct pmu_cpuid model_cpuid_answer(const struct model *m, unsigned cpu, uint32_t leaf,
				    uint32_t sub)
{
	const struct model_profile *p = m->p;
	leaf = model_cpuid_leaf_answered(p->cpuid, leaf);
	struct pmu_cpuid r = model_cpuid_raw(p, leaf, sub);
	switch (leaf) {
	case 0:
		if ((p->misc_enable & MISC_ENABLE_LIMIT_CPUID) && r.eax > LIMITED_MAX_LEAF)
			r.eax = LIMITED_MAX_LEAF;
		break;
	case 1:
		r.ebx = (r.ebx & 0x00FFFFFFu) | (uint32_t)cpu << 24;
		break;
	case 0xB:
		if (!model_cpuid_find(p->cpuid, leaf, sub))
			r.ecx = sub & 0xFF;
		r.edx = cpu;
		break;
	case EXT_BASE + 2: case EXT_BASE + 3: case EXT_BASE + 4:
		brand(p->brand, leaf, &r);
		break;
	default:
		break;
	}
	return r;
}
