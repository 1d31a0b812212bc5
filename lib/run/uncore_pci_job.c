/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The uncore's PCI boxes in a run: see uncore_pci_job.h. */
#include "run/uncore_pci_job.h"
#include "run/job_measure.h"
#include "out/logrec.h"
#include "pmu/pci_bar.h"
#include "pmu/regkey.h"
#include "check/kernels.h"
#include "run/uncore_disc_job.h"
#include "run/uncore_state.h"

const struct uncore_pci_pkg *uncore_pci_pkg_for(const struct run *a, unsigned pkg)
{
	static const struct uncore_pci_pkg none;
	if (!a->unc->scanned)
		return NULL;
	return pkg < UNCORE_PCI_MAX_PKGS ? &a->unc->scan.pkg[pkg] : &none;
}

/* A PCI box, or a CHA whose presence the PCU's CAPID6 tells. */
static bool wants_pci(const struct measure_state *m)
{
	for (unsigned i = 0; i < m->nureqs; i++)
		if (m->ureqs[i].box->pci || m->ureqs[i].box->cha_unit ||
		    uncore_family_desc(m->ureqs[i].box->family)->disc)
			return true;
	return false;
}

static void say_pkg(struct run *a, unsigned p)
{
	sb_puts(&a->sb, "package ");
	sb_dec(&a->sb, p);
	sb_puts(&a->sb, ": ");
}

/*
 * Boxes of the family a placed package lacks: hidden by firmware or not populated (unless
 * its map was full: those past it are said by their count).
 */
static void say_missing(struct run *a, enum uncore_family fam, unsigned p)
{
	const struct uncore_pci_scan *scan = &a->unc->scan;
	const struct uncore_pci_pkg *k = &scan->pkg[p];
	for (unsigned i = 0; i < a->boxes.n && !scan->past[p]; i++) {
		const struct box_desc *d = &a->boxes.box[i].d;
		if (d->family != fam || !d->pci || box_key(k, d, d->box_ctl, false) ||
		    (d->pci->mmio && scan->unmapped[p]))
			continue;   /* an MMIO box whose base is 0 is said once (say_unmapped) */
		say_pkg(a, p);
		sb_puts(&a->sb, d->name);
		sb_puts(&a->sb, " (device ");
		sb_hex(&a->sb, d->pci->device_id);
		sb_puts(&a->sb, ") not visible: hidden by firmware or not populated");
		run_say(a);
	}
}

/* MMIO boxes whose base firmware left at 0: named with where the base was read. */
static void say_unmapped(struct run *a, unsigned p)
{
	const struct uncore_pci_scan *scan = &a->unc->scan;
	if (!scan->unmapped[p])
		return;
	say_pkg(a, p);
	sb_dec(&a->sb, scan->unmapped[p]);
	sb_puts(&a->sb, " MMIO box(es) not mapped: their base (");
	regkey_put(&a->sb, NULL, scan->unmapped_at[p]);
	sb_puts(&a->sb, ") reads 0, a BAR firmware did not program: not counted");
	run_say(a);
}

void uncore_say_fw_box(struct run *a, unsigned p, const char *box, uint32_t ctl, bool frozen,
		       uint8_t on)
{
	if (!frozen && !on)
		return;
	run_begin(a, "uncore_fw_box");
	logrec_key_u64(&a->sb, "package", p);
	logrec_key_str(&a->sb, "box", box);
	logrec_key_hex(&a->sb, "box_ctl", ctl);
	logrec_key_str(&a->sb, "frozen", frozen ? "yes" : "no");
	logrec_key_hex(&a->sb, "enabled", on);
	logrec_end(&a->sb);
	run_record(a);
	if (frozen) {
		say_pkg(a, p);
		sb_puts(&a->sb, box);
		sb_puts(&a->sb, " found frozen by firmware (box control ");
		sb_hex(&a->sb, ctl);
		sb_puts(&a->sb, "): it counts nothing until unfrozen; efipmu unfreezes it for its "
			       "window and freezes it again after");
		run_say(a);
	}
	if (on) {
		say_pkg(a, p);
		sb_puts(&a->sb, box);
		sb_puts(&a->sb, " has counters firmware left enabled (mask ");
		sb_hex(&a->sb, on);
		sb_puts(&a->sb, "): another agent may be counting; they are left alone without --force");
		run_say(a);
	}
}

/* What firmware left in each box: frozen, or counting (refused unless --force). */
static void say_firmware_state(struct run *a, unsigned p)
{
	const struct uncore_pci_scan *scan = &a->unc->scan;
	const struct uncore_pci_pkg *k = &scan->pkg[p];
	for (unsigned i = 0; i < k->n; i++)
		uncore_say_fw_box(a, p, k->box[i].d->name, scan->fw_box_ctl[p][i],
				  scan->fw_box_ctl[p][i] & UNCORE_PCI_BOX_FRZ, scan->fw_enabled[p][i]);
}

/* Buses lo..hi, whose uncore they hold (pkg < 0: none known), and what their reach means. */
static void say_buses(struct run *a, unsigned lo, unsigned hi, int pkg, const char *reach,
		      const char *meaning)
{
	run_begin(a, "uncore_pci_bus");
	logrec_key_hex(&a->sb, "bus", lo);
	logrec_key_hex(&a->sb, "last", hi);
	logrec_key_str(&a->sb, "reach", reach);
	if (pkg >= 0)
		logrec_key_u64(&a->sb, "package", (unsigned)pkg);
	logrec_key_str(&a->sb, "meaning", meaning);
	logrec_end(&a->sb);
	run_record(a);
	sb_puts(&a->sb, lo == hi ? "bus " : "buses ");
	sb_hex(&a->sb, lo);
	if (hi != lo) {
		sb_putc(&a->sb, '-');
		sb_hex(&a->sb, hi);
	}
	if (pkg >= 0) {
		sb_puts(&a->sb, " (package ");
		sb_dec(&a->sb, (unsigned)pkg);
		sb_puts(&a->sb, "'s uncore)");
	} else {
		sb_puts(&a->sb, " (where the uncore of the packages without a U-box may be)");
	}
	sb_puts(&a->sb, lo == hi ? " is " : " are ");
	sb_puts(&a->sb, meaning);
	run_say(a);
}

/*
 * Firmware's description of the buses: each run of uncore buses reached by ECAM only (a
 * note: usable), and, when a package of the platform has no U-box, each run of buses outside
 * every range (never read: that package's uncore may be there, out of reach).
 */
static void say_reach(struct run *a)
{
	struct uncore_pci_scan *scan = &a->unc->scan;
	unsigned npk = 0, unreached = 0;
	int last = -1;
	for (unsigned c = 0; c < a->plat->ncpus; c++)
		if (a->plat->cpu[c].enabled && a->plat->cpu[c].package >= npk)
			npk = a->plat->cpu[c].package + 1;
	for (unsigned p = 0; p < npk && p < UNCORE_PCI_MAX_PKGS; p++)
		if (!scan->pkg[p].placed && scan->outside) {
			scan->pkg[p].unreached = true;
			unreached++;
			last = (int)p;
		}
	for (unsigned lo = 0, hi; lo < 256; lo = hi + 1) {
		int pkg = scan->bus_pkg[lo];
		bool ecam = scan->reach[lo] == UPR_ECAM && scan->uncore_on[lo];
		for (hi = lo; hi < 255 && scan->reach[hi + 1] == scan->reach[lo] &&
			      (scan->reach[lo] != UPR_ECAM || (scan->uncore_on[hi + 1] == scan->uncore_on[lo] &&
							     scan->bus_pkg[hi + 1] == pkg)); hi++)
			;
		if (ecam)
			say_buses(a, lo, hi, pkg, "ecam_only", "outside every root bridge but inside "
				  "MCFG: reached by ECAM only; its boxes are usable");
		else if (scan->reach[lo] == UPR_OUTSIDE && unreached)
			say_buses(a, lo, hi, unreached == 1 ? last : -1, "outside",
				  "outside every root bridge and MCFG range: firmware does not describe "
				  "it; its boxes cannot be reached and are not counted");
	}
}

static void log_scan(struct run *a, enum uncore_family fam)
{
	const struct uncore_pci_scan *scan = &a->unc->scan;
	run_begin(a, "uncore_pci");
	logrec_key_str(&a->sb, "family", uncore_family_name(fam));
	logrec_key_str(&a->sb, "result", scan->st ? pmu_status_str(scan->st) : "scanned");
	logrec_key_u64(&a->sb, "functions", scan->functions);
	logrec_key_u64(&a->sb, "buses", scan->buses);
	logrec_key_u64(&a->sb, "uboxes", scan->uboxes);
	logrec_key_u64(&a->sb, "unplaced", scan->unplaced);
	logrec_key_u64(&a->sb, "orphans", scan->orphans);
	logrec_key_str(&a->sb, "extended_space", scan->ext_st ? pmu_status_str(scan->ext_st) : "readable");
	sb_json_key(&a->sb, "packages");
	sb_putc(&a->sb, '[');
	bool first = true;
	for (unsigned p = 0; p < UNCORE_PCI_MAX_PKGS; p++) {
		const struct uncore_pci_pkg *k = &scan->pkg[p];
		if (!k->placed)
			continue;
		sb_puts(&a->sb, first ? "{" : ",{");
		first = false;
		logrec_key_u64(&a->sb, "package", p);
		logrec_key_hex(&a->sb, "bus", k->bus);
		sb_json_key(&a->sb, "boxes");
		sb_putc(&a->sb, '[');
		for (unsigned i = 0; i < k->n; i++) {
			sb_puts(&a->sb, i ? ",{" : "{");
			logrec_key_str(&a->sb, "box", k->box[i].d->name);
			logrec_key_reg(&a->sb, "at", k->box[i].base);
			logrec_key_hex(&a->sb, "box_ctl", scan->fw_box_ctl[p][i]);
			logrec_key_hex(&a->sb, "enabled", scan->fw_enabled[p][i]);
			sb_putc(&a->sb, '}');
		}
		sb_puts(&a->sb, "]}");
	}
	sb_putc(&a->sb, ']');
	logrec_end(&a->sb);
	run_record(a);
}

/* The memory BARs of function x, read only: where a device's registers are (" bar2 0x..."). */
static void say_bars(struct run *a, struct pmu_pci_addr x)
{
	for (unsigned i = 0; i < 6; i++) {
		uint64_t at;
		pmu_status st;
		if (pci_bar(&a->backend, (unsigned)a->plat->bsp, x, i, &at, &st))
			continue;
		sb_puts(&a->sb, " bar");
		sb_dec(&a->sb, i);
		sb_putc(&a->sb, ' ');
		sb_hex(&a->sb, at);
	}
}

/* The scan's reach: the functions it saw first, and extended configuration space. */
static void say_scanned(struct run *a)
{
	const struct uncore_pci_scan *scan = &a->unc->scan;
	sb_puts(&a->sb, "uncore PCI: scanned segment 0, buses 0-255: ");
	sb_dec(&a->sb, scan->functions);
	sb_puts(&a->sb, " functions on ");
	sb_dec(&a->sb, scan->buses);
	sb_puts(&a->sb, " buses");
	if (scan->outside) {
		sb_puts(&a->sb, "; ");
		sb_dec(&a->sb, scan->outside);
		sb_puts(&a->sb, " outside every root bridge and MCFG range, not read");
	}
	run_say(a);
	for (unsigned i = 0; i < scan->nseen; i++) {
		struct pmu_pci_addr x = scan->seen[i];
		sb_puts(&a->sb, "  ");
		regname_put_fn(&a->sb, x);
		sb_puts(&a->sb, " vendor ");
		sb_hex(&a->sb, scan->seen_id[i] & 0xFFFF);
		sb_puts(&a->sb, " device ");
		sb_hex(&a->sb, scan->seen_id[i] >> 16);
		say_bars(a, x);
		run_say(a);
	}
	if (scan->functions > scan->nseen) {
		sb_puts(&a->sb, "  ... and ");
		sb_dec(&a->sb, scan->functions - scan->nseen);
		sb_puts(&a->sb, " more");
		run_say(a);
	}
	if (!scan->nseen)
		return;
	sb_puts(&a->sb, "  extended configuration space: ");
	regkey_put(&a->sb, NULL, regkey_pci(scan->ext_at));
	if (scan->ext_st == PMU_OK) {
		sb_puts(&a->sb, " reads ");
		sb_hex(&a->sb, scan->ext_val);
	} else {
		sb_puts(&a->sb, ": ");
		sb_puts(&a->sb, pmu_status_str(scan->ext_st));
	}
	run_say(a);
}

/* No uncore PCI device at all: a hypervisor has none (NO-PMU); bare metal lost them. */
static enum verdict none_found(struct run *a)
{
	const struct uncore_pci_scan *scan = &a->unc->scan;
	sb_puts(&a->sb, "uncore PCI: no uncore device among ");
	sb_dec(&a->sb, scan->functions);
	sb_puts(&a->sb, " PCI functions on ");
	sb_dec(&a->sb, scan->buses);
	sb_puts(&a->sb, " buses of segment 0");
	run_say(a);
	if (a->slot[a->plat->bsp].info.hypervisor) {
		sb_puts(&a->sb, "  under a hypervisor (CPUID.1:ECX[31]) without a virtual uncore: NO-PMU");
		run_say(a);
		return VERDICT_NO_PMU;
	}
	sb_puts(&a->sb, "  on bare metal the uncore devices must be there (hidden by firmware?): FAIL");
	run_say(a);
	return VERDICT_FAIL;
}

enum verdict uncore_pci_begin(struct run *a, const struct measure_state *asking)
{
	struct uncore_pci_scan *scan = &a->unc->scan;
	enum uncore_family fam = a->slot[a->plat->bsp].info.uncore;
	const struct uncore_family_desc *f = uncore_family_desc(fam);
	if (!f->pci || (asking && !wants_pci(asking)))
		return VERDICT_PASS;
	pmon_reset(&a->unc->pmon);
	a->backend.pmon = &a->unc->pmon;   /* MMIO boxes are read through it as the scan finds them */
	regkey_names(&a->unc->pmon);
	if (f->disc) {
		a->unc->scanned = true;
		return uncore_disc_begin(a);
	}
	(void)uncore_pci_scan(&a->backend, (unsigned)a->plat->bsp, &a->boxes, scan, &a->unc->pmon);
	a->unc->scanned = true;
	log_scan(a, fam);
	if (a->opt.list)
		say_scanned(a);
	if (scan->st) {
		sb_puts(&a->sb, "uncore PCI: ");
		sb_puts(&a->sb, pmu_status_str(scan->st));
		sb_puts(&a->sb, " (this backend has no PCI configuration access)");
		run_say(a);
		return VERDICT_NO_PMU;
	}
	say_reach(a);
	unsigned placed = 0;
	for (unsigned p = 0; p < UNCORE_PCI_MAX_PKGS; p++)
		placed += scan->pkg[p].placed;
	if (!placed)
		return none_found(a);
	sb_puts(&a->sb, "uncore PCI: ");
	sb_dec(&a->sb, scan->functions);
	sb_puts(&a->sb, " functions on ");
	sb_dec(&a->sb, scan->buses);
	sb_puts(&a->sb, " buses; ");
	sb_dec(&a->sb, placed);
	sb_puts(&a->sb, placed > 1 ? " packages placed by their U-box" : " package placed by its U-box");
	run_say(a);
	for (unsigned p = 0; p < UNCORE_PCI_MAX_PKGS; p++) {
		if (!scan->pkg[p].placed)
			continue;
		say_pkg(a, p);
		sb_puts(&a->sb, "bus ");
		sb_hex(&a->sb, scan->pkg[p].bus);
		sb_puts(&a->sb, ", ");
		sb_dec(&a->sb, scan->pkg[p].n);
		sb_puts(&a->sb, " PCI boxes");
		if (scan->past[p]) {
			sb_puts(&a->sb, "; ");
			sb_dec(&a->sb, scan->past[p]);
			sb_puts(&a->sb, " more found past the ");
			sb_dec(&a->sb, UNCORE_MAX_PCI_BOXES);
			sb_puts(&a->sb, " a package's map holds: not counted");
		}
		run_say(a);
		say_missing(a, fam, p);
		say_unmapped(a, p);
		say_firmware_state(a, p);
	}
	if (scan->unplaced) {
		sb_dec(&a->sb, scan->unplaced);
		sb_puts(&a->sb, " U-box(es) whose node id no GIDNIDMAP field holds: their bus is on no "
			       "package, its boxes are not counted");
		run_say(a);
	}
	return VERDICT_PASS;
}

void uncore_pci_chas(struct run *a, unsigned package, pmu_status msr_st, uint64_t msr)
{
	const struct uncore_family_desc *f = uncore_family_desc(a->slot[a->plat->bsp].info.uncore);
	const struct uncore_pci_plat *pl = f->pci;
	const struct uncore_pci_pkg *k = package < UNCORE_PCI_MAX_PKGS ? &a->unc->scan.pkg[package]
								 : NULL;
	if (a->unc->scanned && f->disc) {
		uncore_disc_chas(a, package, pl->cha_msr, msr_st, msr);
		return;
	}
	if (!a->unc->scanned || !pl || !pl->capid_id || !k || !k->placed)
		return;
	unsigned by_msr = (unsigned)(msr & 0x3F);
	bool both = !k->capid_st && k->capid_at && !msr_st, agree = both && by_msr == k->ncha;
	const char *result = agree ? "agree" : both ? "mismatch" : "incomplete";
	run_begin(a, "uncore_chas");
	logrec_key_u64(&a->sb, "package", package);
	logrec_key_reg(&a->sb, "capid_at", k->capid_at);
	logrec_key_str(&a->sb, "capid_result", !k->capid_at ? "not found"
				: k->capid_st ? pmu_status_str(k->capid_st) : "read");
	logrec_key_hex(&a->sb, "capid", k->capid);
	logrec_key_u64(&a->sb, "by_capid", k->ncha);
	logrec_key_hex(&a->sb, "msr", pl->cha_msr);
	logrec_key_str(&a->sb, "msr_result", msr_st ? pmu_status_str(msr_st) : "read");
	logrec_key_hex(&a->sb, "msr_value", msr);
	logrec_key_u64(&a->sb, "by_msr", by_msr);
	logrec_key_str(&a->sb, "result", result);
	logrec_end(&a->sb);
	run_record(a);
	sb_putc(&a->sb, 'P');
	sb_dec(&a->sb, package);
	sb_puts(&a->sb, " CHAs: ");
	if (!k->capid_at) {
		sb_puts(&a->sb, "no PCU function (device ");
		sb_hex(&a->sb, pl->capid_id);
		sb_puts(&a->sb, ") found for CAPID6");
	} else if (k->capid_st) {
		sb_puts(&a->sb, "CAPID6 at ");
		regkey_put(&a->sb, NULL, k->capid_at);
		sb_puts(&a->sb, ": ");
		sb_puts(&a->sb, pmu_status_str(k->capid_st));
	} else {
		sb_dec(&a->sb, k->ncha);
		sb_puts(&a->sb, " by CAPID6 (");
		regkey_put(&a->sb, NULL, k->capid_at);
		sb_puts(&a->sb, " = ");
		sb_hex(&a->sb, k->capid);
		sb_puts(&a->sb, ")");
	}
	sb_puts(&a->sb, ", ");
	if (msr_st) {
		sb_puts(&a->sb, "MSR ");
		sb_hex(&a->sb, pl->cha_msr);
		sb_puts(&a->sb, ": ");
		sb_puts(&a->sb, pmu_status_str(msr_st));
	} else {
		sb_dec(&a->sb, by_msr);
		sb_puts(&a->sb, " by MSR ");
		sb_hex(&a->sb, pl->cha_msr);
		sb_puts(&a->sb, " bits 5:0");
	}
	sb_puts(&a->sb, agree ? ": agree" : both ? ": MISMATCH, the CAPID6 count bounds the CHAs used"
					  : ": not cross-checked");
	run_say(a);
}

/* "uncore defaults: CHA 0 alone (why): only the PCU's CAPID6 counts the CHAs present" */
static unsigned cha_0_alone(struct run *a, int pkg, const char *why, uint32_t at)
{
	sb_puts(&a->sb, "uncore defaults: CHA 0 alone (");
	if (pkg >= 0) {
		sb_puts(&a->sb, "package ");
		sb_dec(&a->sb, (unsigned)pkg);
		sb_puts(&a->sb, ": ");
	}
	sb_puts(&a->sb, why);
	if (at) {
		sb_puts(&a->sb, " at ");
		regkey_put(&a->sb, NULL, at);
	}
	sb_puts(&a->sb, "): only the PCU's CAPID6 counts the CHAs present");
	run_say(a);
	return 1;
}

/*
 * CAPID6's count is of CHAs 0 to n - 1 (Linux skx_count_chabox, icx_count_chabox). The
 * packages of a machine are one part (Intel requires identical processors), so their counts
 * agree; should one differ, the least bounds them all.
 */
unsigned uncore_pci_default_chas(struct run *a)
{
	const struct uncore_pci_plat *pl = uncore_family_desc(a->slot[a->plat->bsp].info.uncore)->pci;
	const struct uncore_pci_scan *scan = &a->unc->scan;
	unsigned least = 0;
	if (!pl || !pl->capid_id)
		return UINT8_MAX;   /* cha_unit is 8 bits: every CHA */
	if (!a->unc->scanned || scan->st)
		return cha_0_alone(a, -1, "no uncore PCI device read", 0);
	for (unsigned p = 0; p < UNCORE_PCI_MAX_PKGS; p++) {
		const struct uncore_pci_pkg *k = &scan->pkg[p];
		if (!k->placed)
			continue;
		if (!k->capid_at)
			return cha_0_alone(a, (int)p, "no PCU function", 0);
		if (k->capid_st || !k->ncha)
			return cha_0_alone(a, (int)p, k->capid_st ? pmu_status_str(k->capid_st) :
						      "no CHA in CAPID6", k->capid_at);
		least = !least || k->ncha < least ? k->ncha : least;
	}
	return least ? least : cha_0_alone(a, -1, "no package placed by its U-box", 0);
}

/* One channel's line: "P1 uncore_imc_2: read 1234.567 MB/s, write 0.000 MB/s (CAS x 64 B)". */
static void say_channel(struct run *a, unsigned package, const char *what,
			const struct derived_set *set)
{
	const struct derived_metric *rd = &set->m[DM_MEM_READ_BW], *wr = &set->m[DM_MEM_WRITE_BW];
	if (!rd->present && !wr->present)
		return;
	sb_putc(&a->sb, 'P');
	sb_dec(&a->sb, package);
	sb_putc(&a->sb, ' ');
	sb_puts(&a->sb, what);
	sb_puts(&a->sb, ":");
	if (rd->present) {
		sb_puts(&a->sb, " read ");
		derived_fmt_milli(&a->sb, rd->milli);
		sb_puts(&a->sb, " MB/s");
	}
	if (wr->present) {
		sb_puts(&a->sb, rd->present ? ", write " : " write ");
		derived_fmt_milli(&a->sb, wr->milli);
		sb_puts(&a->sb, " MB/s");
	}
	sb_puts(&a->sb, " (CAS x 64 B over the window)");
	run_say(a);
}

static enum verdict check_reads(struct run *a, const struct measure_state *m, unsigned package,
				uint64_t lines)
{
	const struct kernel_expect *e = kernel_expect_for(m->kernel, KEV_LLC_MISSES);
	int64_t lo, hi;
	if (!e || !lines)
		return VERDICT_PASS;
	kernel_bounds(e, m->iterations, &lo, &hi);
	bool ok = (int64_t)lines >= lo && (int64_t)lines <= hi;
	a->checks.n[CHECK_MEMORY_BOUNDS]++;
	run_begin(a, "check");
	logrec_key_u64(&a->sb, "package", package);
	logrec_key_str(&a->sb, "check", "memory lines read vs the kernel's LLC misses");
	logrec_key_str(&a->sb, "kernel", m->kernel->name);
	logrec_key_u64(&a->sb, "expected_min", (uint64_t)lo);
	logrec_key_u64(&a->sb, "expected_max", (uint64_t)hi);
	logrec_key_u64(&a->sb, "measured", lines);
	logrec_key_str(&a->sb, "result", ok ? "PASS" : "FAIL");
	logrec_end(&a->sb);
	run_record(a);
	sb_puts(&a->sb, "P");
	sb_dec(&a->sb, package);
	sb_puts(&a->sb, " memory lines read ");
	sb_dec_grouped(&a->sb, lines);
	sb_puts(&a->sb, ok ? " within " : " outside ");
	sb_puts(&a->sb, "the ");
	sb_puts(&a->sb, m->kernel->name);
	sb_puts(&a->sb, " kernel's LLC misses [");
	sb_dec_grouped(&a->sb, (uint64_t)lo);
	sb_puts(&a->sb, ", ");
	sb_dec_grouped(&a->sb, (uint64_t)hi);
	sb_puts(&a->sb, ok ? "]: PASS" : "]: FAIL");
	run_say(a);
	return ok ? VERDICT_PASS : VERDICT_FAIL;
}

/* The boxes of like's type the scan found on the package (its memory channels). */
static unsigned channels_present(const struct run *a, unsigned package,
				  const struct box_desc *like)
{
	const struct uncore_pci_pkg *k = uncore_pci_pkg_for(a, package);
	char want[32], type[32];
	unsigned n = 0;
	box_type_name(like, want, sizeof(want));
	for (unsigned i = 0; k && i < k->n; i++) {
		box_type_name(k->box[i].d, type, sizeof(type));
		n += !pmu_strcmp(type, want);
	}
	return n;
}

enum verdict uncore_pci_bandwidth(struct run *a, const struct measure_state *m, unsigned package,
				  const struct derived_input *in, uint64_t ticks,
				  const struct imc_freerun *fr)
{
	uint64_t hz = run_window_hz(a), lines = 0, cas[IMC_FR_MAX][2] = { { 0 } };
	const struct box_desc *read_by = NULL;   /* a channel that counted read lines */
	/* the channels' inputs (all) and one channel's (ch): as many as the events at most */
	struct derived_input *all = run_alloc(a, 2 * m->nureqs * sizeof(*all)), *ch;
	unsigned nall = 0, nch = 0, nread = 0;
	if (!all)
		return run_refuse(a, "no memory for the memory channels' bandwidth", NULL, NULL);
	ch = all + m->nureqs;
	for (unsigned i = 0; i < m->nureqs; i++) {
		const struct box_desc *d = m->ureqs[i].box;
		struct derived_set set;
		unsigned n = 0;
		bool first = true;
		for (unsigned k = 0; k < i && first; k++)
			first = m->ureqs[k].box != d;
		if (!d->pci || !first)
			continue;   /* each channel once, with every event of its box */
		for (unsigned k = i; k < m->nureqs; k++)
			if (m->ureqs[k].box == d)
				all[nall++] = ch[n++] = in[k];
		derived_compute(ch, n, ticks, hz, &set);
		say_channel(a, package, d->name, &set);
		nch += set.m[DM_MEM_READ_BW].present || set.m[DM_MEM_WRITE_BW].present;
		for (unsigned k = 0; k < n; k++) {
			enum derived_role r = derived_role_of(ch[k].event);
			unsigned mc = d->pci->mmio ? d->pci->mmio->mc % IMC_FR_MAX : 0;
			if (r == DR_MEM_READ_LINES || r == DR_MEM_WRITE_LINES)
				cas[mc][r == DR_MEM_WRITE_LINES] += ch[k].delta;
			if (r == DR_MEM_READ_LINES) {
				lines += ch[k].delta;
				nread += read_by != d;
				read_by = d;
			}
		}
	}
	if (nch > 1) {   /* the socket: every channel's lines over the window */
		struct derived_set set;
		char what[32];
		struct strbuf sb;
		sb_init(&sb, what, sizeof(what));
		sb_puts(&sb, "memory, ");
		sb_dec(&sb, nch);
		sb_puts(&sb, " channels");
		derived_compute(all, nall, ticks, hz, &set);
		say_channel(a, package, what, &set);
	}
	run_free(a, all);
	enum verdict v = fr ? imc_freerun_report(a, package, fr, cas) : VERDICT_PASS;
	if (!read_by)
		return v;
	/* the kernel's LLC misses bound all the package's channels together, not some of them */
	unsigned present = channels_present(a, package, read_by);
	if (nread < present) {
		sb_putc(&a->sb, 'P');
		sb_dec(&a->sb, package);
		sb_puts(&a->sb, " memory lines read ");
		sb_dec_grouped(&a->sb, lines);
		sb_puts(&a->sb, " on ");
		sb_dec(&a->sb, nread);
		sb_puts(&a->sb, " of its ");
		sb_dec(&a->sb, present);
		sb_puts(&a->sb, " channels: the kernel's LLC misses bound them all together, so no "
			"bound applies");
		run_say(a);
		return v;
	}
	return verdict_worse(v, check_reads(a, m, package, lines));
}
