/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "out/logrec.h"
#include "out/perfmon_ext.h"
#include "pmu/core_engine.h"
#include "hw/msr.h"
#include "pmu/regkey.h"

void logrec_begin(struct strbuf *sb, const char *rec, bool simulated)
{
	sb_reset(sb);
	sb_putc(sb, '{');
	logrec_key_str(sb, "rec", rec);
	logrec_key_u64(sb, "schema", LOG_SCHEMA_VERSION);
	if (simulated)
		logrec_key_bool(sb, "simulated", true);
}

void logrec_end(struct strbuf *sb)
{
	sb_putc(sb, '}');
}

void logrec_key_str(struct strbuf *sb, const char *key, const char *val)
{
	sb_json_key(sb, key);
	sb_json_str(sb, val ? val : "");
}

void logrec_key_u64(struct strbuf *sb, const char *key, uint64_t val)
{
	sb_json_key(sb, key);
	sb_dec(sb, val);
}

void logrec_reg(struct strbuf *sb, uint32_t reg)
{
	struct regname n;
	sb_putc(sb, '"');
	if (regkey_name(NULL, reg, &n))
		regname_put(sb, &n);
	else
		regkey_put(sb, NULL, reg);   /* an MMIO slot no scan placed: "mmio slot N+0x..." */
	sb_putc(sb, '"');
}

void logrec_key_reg(struct strbuf *sb, const char *key, uint32_t reg)
{
	sb_json_key(sb, key);
	logrec_reg(sb, reg);
}

void logrec_key_hex(struct strbuf *sb, const char *key, uint64_t val)
{
	sb_json_key(sb, key);
	sb_putc(sb, '"');
	sb_hex(sb, val);
	sb_putc(sb, '"');
}

void logrec_key_bool(struct strbuf *sb, const char *key, bool val)
{
	sb_json_key(sb, key);
	sb_puts(sb, val ? "true" : "false");
}

void logrec_header(struct strbuf *sb, const struct run_header *h)
{
	logrec_begin(sb, "header", h->simulated);
	logrec_key_str(sb, "tool", "efipmu");
	logrec_key_str(sb, "version", EFIPMU_VERSION);
	logrec_key_str(sb, "cmdline", h->cmdline);
	logrec_key_str(sb, "options", h->options);
	logrec_key_str(sb, "firmware_vendor", h->fw_vendor);
	logrec_key_hex(sb, "firmware_revision", h->fw_revision);
	char rev[16];
	struct strbuf r;
	sb_init(&r, rev, sizeof(rev));
	sb_dec(&r, h->uefi_revision >> 16);
	sb_putc(&r, '.');
	sb_dec(&r, (h->uefi_revision & 0xffff) / 10);
	if ((h->uefi_revision & 0xffff) % 10) {
		sb_putc(&r, '.');
		sb_dec(&r, (h->uefi_revision & 0xffff) % 10);
	}
	logrec_key_str(sb, "uefi_revision", rev);
	logrec_key_str(sb, "time", h->time);
	logrec_key_str(sb, "backend", h->backend);
	logrec_key_u64(sb, "cpus_found", h->cpus_found);
	logrec_key_u64(sb, "cpus_enabled", h->cpus_enabled);
	logrec_end(sb);
}

void logrec_key_core_type(struct strbuf *sb, uint8_t t)
{
	const char *name = pmu_core_type_name(t);
	if (t == CORE_TYPE_ATOM || t == CORE_TYPE_CORE) {
		logrec_key_str(sb, "core_type", name);
	} else if (t) {
		logrec_key_hex(sb, "core_type", t);
	} else {
		sb_json_key(sb, "core_type");
		sb_puts(sb, "null");
	}
}

void logrec_key_amd_core_type(struct strbuf *sb, uint8_t t)
{
	const char *name = pmu_amd_core_type_name(t);
	if (name)
		logrec_key_str(sb, "amd_core_type", name);
	else if (t)
		logrec_key_hex(sb, "amd_core_type", t - 1u);
}

static void key_status(struct strbuf *sb, const char *key, pmu_status st)
{
	logrec_key_str(sb, key, pmu_status_str(st));
}

/*
 * AMD: which core PMU (hw/core_pmus.c), PerfMonV2's and PerfCtrExtCore's CPUID bits, the
 * probe's fault if any, and IRPERF as found (its value and HWCR[30] IRPerfEn) where present.
 */
static void amd_keys(struct strbuf *sb, const struct cpu_info *ci)
{
	logrec_key_str(sb, "core_pmu_kind", pmu_core_desc(ci)->name);
	logrec_key_bool(sb, "perfctr_ext_core", ci->arch.perfctr_ext_core);
	logrec_key_bool(sb, "perfmon_v2", ci->arch.perfmon_v2);
	logrec_key_amd_core_type(sb, ci->arch.amd_core_type);
	if (ci->amd_probe_st) {
		logrec_key_hex(sb, "probe_msr", ci->amd_probe_msr);
		key_status(sb, "probe_error", ci->amd_probe_st);
	}
	if (ci->irperf_st == PMU_OK && ci->hwcr_st == PMU_OK) {
		logrec_key_hex(sb, "irperf", ci->irperf);
		logrec_key_bool(sb, "irperf_enabled", (ci->hwcr >> AMD_HWCR_IRPERF_EN_BIT) & 1);
	} else {
		key_status(sb, "irperf_error", ci->irperf_st ? ci->irperf_st : ci->hwcr_st);
	}
}

/*
 * The CPU's own CPUID topology (pmu/topo_cpuid.h): its source leaf, x2APIC ID, each level's
 * ID by name ("level_N" for a type of no name), the package; AMD 0x8000001E's node.
 */
static void topology_keys(struct strbuf *sb, const struct cpu_topo *t)
{
	if (t->st) {
		key_status(sb, "topology_error", t->st);
		return;
	}
	sb_json_key(sb, "topology");
	sb_putc(sb, '{');
	logrec_key_str(sb, "source", topo_source_name(t->source));
	logrec_key_u64(sb, "x2apic_id", t->x2apic_id);
	for (unsigned i = 0; i < t->nlevels; i++) {
		const char *name = topo_level_name(t->source, t->level[i].type);
		char other[16];
		if (!name) {
			struct strbuf o;
			sb_init(&o, other, sizeof(other));
			sb_puts(&o, "level_");
			sb_dec(&o, t->level[i].type);
			name = other;
		}
		logrec_key_u64(sb, name, t->level[i].id);
	}
	logrec_key_u64(sb, "package", t->package);
	if (t->has_node) {
		logrec_key_u64(sb, "node", t->node);
		logrec_key_u64(sb, "nodes", t->nodes);
	}
	sb_putc(sb, '}');
}

void logrec_cpu(struct strbuf *sb, const struct cpu_info *ci, bool simulated)
{
	const struct pmu_arch_info *a = &ci->arch;
	logrec_begin(sb, "cpu", simulated);
	logrec_key_u64(sb, "cpu", ci->index);
	logrec_key_u64(sb, "apic_id", ci->apic_id);
	logrec_key_u64(sb, "package", ci->package);
	logrec_key_u64(sb, "core", ci->core);
	logrec_key_u64(sb, "thread", ci->thread);
	if (ci->die_known)   /* firmware's Location2 gave it; absent: no die said */
		logrec_key_u64(sb, "die", ci->die);
	logrec_key_bool(sb, "bsp", ci->is_bsp);
	topology_keys(sb, &ci->topo);
	logrec_key_str(sb, "vendor", ci->vendor);
	logrec_key_str(sb, "brand", ci->brand);
	logrec_key_hex(sb, "family", ci->family);
	logrec_key_hex(sb, "model", ci->model);
	logrec_key_u64(sb, "stepping", ci->stepping);
	logrec_key_hex(sb, "signature", ci->signature);
	logrec_key_bool(sb, "hypervisor", ci->hypervisor);
	if (ci->microcode_st == PMU_OK)
		logrec_key_hex(sb, "microcode", ci->microcode);
	else
		key_status(sb, "microcode_error", ci->microcode_st);
	sb_json_key(sb, "cpuid_0a");
	sb_putc(sb, '{');
	logrec_key_u64(sb, "version", a->version);
	logrec_key_u64(sb, "gp_counters", a->n_gp);
	logrec_key_u64(sb, "gp_width", a->gp_width);
	logrec_key_u64(sb, "ebx_length", a->ebx_len);
	logrec_key_hex(sb, "ebx", a->ebx_unavail);
	sb_json_key(sb, "arch_events_available");
	sb_putc(sb, '[');
	for (unsigned i = 0; i < ARCH_EVENT_COUNT; i++) {
		if (i)
			sb_putc(sb, ',');
		sb_puts(sb, pmu_arch_event_available(a, i) ? "true" : "false");
	}
	sb_putc(sb, ']');
	logrec_key_u64(sb, "fixed_counters", a->n_fixed);
	logrec_key_u64(sb, "fixed_width", a->fixed_width);
	logrec_key_bool(sb, "anythread_deprecated", a->anythread_deprecated);
	sb_putc(sb, '}');
	perfmon_ext_json(sb, a);
	/* What the core engine drives: CPUID's counters after the quirk hooks (leaf 0x23 first). */
	struct core_pmu p;
	core_pmu_from_cpu(ci, &p);
	logrec_key_core_type(sb, a->core_type);
	logrec_key_hex(sb, "gp_mask", p.gp_mask);
	logrec_key_hex(sb, "fixed_mask", p.fixed_mask);
	if (ci->perf_cap_valid)
		logrec_key_hex(sb, "perf_capabilities", ci->perf_cap);
	else
		key_status(sb, "perf_capabilities_error", ci->perf_cap_st);
	if (ci->misc_enable_st == PMU_OK) {
		logrec_key_hex(sb, "misc_enable", ci->misc_enable);
		logrec_key_bool(sb, "perfmon_available", (ci->misc_enable >> 7) & 1);
	} else {
		key_status(sb, "misc_enable_error", ci->misc_enable_st);
	}
	logrec_key_str(sb, "uncore_family", uncore_family_name(ci->uncore));
	logrec_key_bool(sb, "core_pmu", pmu_core_present(ci));
	logrec_key_str(sb, "core_pmu_verdict", pmu_core_verdict(ci));
	if (pmu_vendor_amd(ci->vendor))
		amd_keys(sb, ci);
	logrec_end(sb);
}

void logrec_count(struct strbuf *sb, const struct count_rec *c, bool simulated)
{
	logrec_begin(sb, "count", simulated);
	logrec_key_u64(sb, "cpu", c->cpu);
	logrec_key_u64(sb, "apic_id", c->apic_id);
	logrec_key_u64(sb, "package", c->package);
	if (c->has_ccx)
		logrec_key_u64(sb, "ccx", c->ccx);
	if (c->has_die)
		logrec_key_u64(sb, "die", c->die);
	logrec_key_str(sb, "box", c->box);
	logrec_key_str(sb, "event", c->event);
	if (c->list)
		logrec_key_str(sb, "list", c->list);
	logrec_key_str(sb, "counter_kind", c->counter_kind);
	if (c->core_type)
		logrec_key_core_type(sb, c->core_type);
	logrec_key_u64(sb, "counter", c->counter);
	logrec_key_u64(sb, "width", c->width);
	logrec_key_reg(sb, "ctl", c->ctl_msr);
	logrec_key_hex(sb, "ctl_value", c->ctl_value);
	sb_json_key(sb, "ctl_fields");
	reg_decode_json(c->ctl_layout, c->ctl_value, sb);
	if (c->extra_msr) {
		logrec_key_reg(sb, "extra", c->extra_msr);
		logrec_key_hex(sb, "extra_value", c->extra_value);
	}
	logrec_key_reg(sb, "ctr", c->ctr_msr);
	logrec_key_hex(sb, "start", c->start);
	logrec_key_hex(sb, "end", c->end);
	logrec_key_u64(sb, "delta", c->delta);
	logrec_key_bool(sb, "overflowed", c->overflowed);
	logrec_key_str(sb, "kernel", c->kernel);
	logrec_key_u64(sb, "iterations", c->iterations);
	logrec_key_u64(sb, "round", c->round);
	logrec_key_u64(sb, "repeat", c->repeat);
	logrec_end(sb);
}

void logrec_ownership(struct strbuf *sb, const struct own_rec *o, bool simulated)
{
	logrec_begin(sb, "ownership", simulated);
	logrec_key_str(sb, "box", o->box);
	logrec_key_u64(sb, "cpu", o->cpu);
	logrec_key_u64(sb, "package", o->package);
	if (o->has_die)
		logrec_key_u64(sb, "die", o->die);
	sb_json_key(sb, "registers");
	sb_putc(sb, '[');
	for (unsigned i = 0; i < o->n; i++) {
		const struct own_reg *r = &o->reg[i];
		if (i)
			sb_putc(sb, ',');
		sb_putc(sb, '{');
		logrec_key_reg(sb, "reg", r->msr);
		logrec_key_str(sb, "scope", own_scope_name((enum own_scope)r->scope));
		logrec_key_hex(sb, "found", r->orig);
		logrec_key_hex(sb, "ours", r->ours);
		logrec_key_bool(sb, "written", r->written);
		sb_putc(sb, '}');
	}
	sb_putc(sb, ']');
	logrec_end(sb);
}
