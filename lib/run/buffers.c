/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "run/buffers.h"
#include "pmu/cacheinfo.h"
#include "out/logrec.h"

static void say_mib(struct strbuf *sb, uint64_t bytes)
{
	if (bytes >= (1u << 20) && !(bytes & ((1u << 20) - 1))) {
		sb_dec(sb, bytes >> 20);
		sb_puts(sb, " MiB");
	} else {
		sb_dec(sb, bytes >> 10);
		sb_puts(sb, " KiB");
	}
}

/* The line in a->sb says why (kept in bf->buf_refused for records); nothing stays allocated. */
static pmu_status refuse(struct run *a, struct run_buffers *bf, pmu_status st)
{
	pmu_strlcpy(bf->buf_refused, a->sb.buf, sizeof(bf->buf_refused));
	run_say(a);
	buffers_free(a, bf);
	return st;
}

static void say_kernel(struct run *a, const struct kernel_desc *k)
{
	sb_puts(&a->sb, "efipmu: kernel '");
	sb_puts(&a->sb, k->name);
	sb_puts(&a->sb, "' ");
}

static void log_buffer(struct run *a, const struct run_buffers *bf, const struct kernel_desc *k,
		       const struct cache_info *ci)
{
	run_begin(a, "buffer");
	logrec_key_str(&a->sb, "kernel", k->name);
	logrec_key_u64(&a->sb, "bytes", bf->buf_bytes);
	logrec_key_hex(&a->sb, "address", (uint64_t)(uintptr_t)bf->buf);
	logrec_key_u64(&a->sb, "llc_bytes", ci->llc_bytes);
	logrec_key_u64(&a->sb, "llc_level", ci->llc_level);
	logrec_key_str(&a->sb, "cache_source", ci->source == CACHE_SRC_LEAF4 ? "cpuid-4" : "cpuid-2");
	logrec_key_bool(&a->sb, "shared", true);
	logrec_end(&a->sb);
	run_record(a);
	sb_puts(&a->sb, "Buffer for ");
	sb_puts(&a->sb, k->name);
	sb_puts(&a->sb, ": ");
	say_mib(&a->sb, bf->buf_bytes);
	sb_puts(&a->sb, " at ");
	sb_hex(&a->sb, (uint64_t)(uintptr_t)bf->buf);
	sb_puts(&a->sb, ", shared by every CPU");
	run_say(a);
	sb_puts(&a->sb, "  twice the last-level cache: L");
	sb_dec(&a->sb, ci->llc_level);
	sb_puts(&a->sb, ", ");
	say_mib(&a->sb, ci->llc_bytes);
	sb_puts(&a->sb, ci->source == CACHE_SRC_LEAF4 ? " (CPUID leaf 4)" : " (CPUID leaf 2)");
	run_say(a);
}

static pmu_status check_args(struct run *a, struct run_buffers *bf, const struct kernel_desc *k,
			     const struct kernel_args *args)
{
	pmu_status st = kernel_args_check(k, args);
	if (!st)
		return PMU_OK;
	say_kernel(a, k);
	sb_puts(&a->sb, "cannot run with these arguments: ");
	sb_puts(&a->sb, pmu_status_str(st));
	return refuse(a, bf, PMU_ERR_INVALID);
}

pmu_status buffers_prepare(struct run *a, struct run_buffers *bf, const struct kernel_desc *k,
			   struct kernel_args *args)
{
	struct cache_info ci;
	buffers_free(a, bf);
	buffers_attach(bf, args);
	if (!(k->flags & KERNEL_NEEDS_BUFFER))
		return check_args(a, bf, k, args);
	/* The buffer is real memory whatever the backend: the real CPU's caches size it. */
	pmu_status st = cache_info_read(a->plat->hw, a->plat->bsp, &ci);
	if (st) {
		say_kernel(a, k);
		sb_puts(&a->sb, "needs a buffer larger than the last-level cache, and CPUID leaves 4 and 2 "
				"name no cache: ");
		sb_puts(&a->sb, pmu_status_str(st));
		return refuse(a, bf, PMU_ERR_UNSUPPORTED);
	}
	uint64_t bytes = kernels_buffer_bytes(ci.llc_bytes);
	if (bytes <= BUFFERS_MAX_BYTES)
		bf->buf = a->plat->ops->alloc_pages(a->plat->ctx, bytes);
	if (!bf->buf) {
		say_kernel(a, k);
		sb_puts(&a->sb, "needs a ");
		say_mib(&a->sb, bytes);
		sb_puts(&a->sb, " buffer (");
		sb_dec(&a->sb, bytes / ci.llc_bytes);
		sb_puts(&a->sb, " x the ");
		say_mib(&a->sb, ci.llc_bytes);
		sb_puts(&a->sb, " last-level cache) and firmware cannot give it (");
		sb_puts(&a->sb, bytes > BUFFERS_MAX_BYTES ? "larger than the 1 GiB limit" : "out of memory");
		sb_puts(&a->sb, "): not run; a machine with more memory (QEMU: -m) can");
		return refuse(a, bf, PMU_ERR_NOSPACE);
	}
	bf->buf_bytes = bytes;
	buffers_attach(bf, args);
	st = check_args(a, bf, k, args);
	if (st)
		return st;
	/* Known contents: the checksums of stream and uncore do not depend on what was there. */
	if (k->flags & KERNEL_NEEDS_CHASE)
		kernels_chase_init(args->buf, bytes);
	else
		pmu_memset(args->buf, 0, bytes);
	log_buffer(a, bf, k, &ci);
	return PMU_OK;
}

void buffers_attach(const struct run_buffers *bf, struct kernel_args *args)
{
	args->buf = bf->buf;
	args->bytes = bf->buf ? bf->buf_bytes : 0;
}

void buffers_free(struct run *a, struct run_buffers *bf)
{
	if (bf->buf)
		a->plat->ops->free_pages(a->plat->ctx, bf->buf, bf->buf_bytes);
	bf->buf = NULL;
	bf->buf_bytes = 0;
}
