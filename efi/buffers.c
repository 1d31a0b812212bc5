#include <efi.h>
#include <efilib.h>
#include "buffers.h"
#include "pmu/cacheinfo.h"
#include "hw.h"
#include "out/logrec.h"

/* Written on the BSP by buffers_prepare and buffers_free only, read by every CPU in between. */
static struct {
	EFI_PHYSICAL_ADDRESS addr;
	UINTN pages;
	uint64_t bytes;
} prepared;

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

/* The line in a->sb says why; nothing stays allocated. */
static EFI_STATUS refuse(struct app *a, EFI_STATUS st)
{
	app_say(a, FALSE);
	buffers_free(a);
	return st;
}

static void say_kernel(struct app *a, const struct kernel_desc *k)
{
	sb_puts(&a->sb, "efipmu: kernel '");
	sb_puts(&a->sb, k->name);
	sb_puts(&a->sb, "' ");
}

static void log_buffer(struct app *a, const struct kernel_desc *k, const struct cache_info *ci)
{
	logrec_begin(&a->sb, "buffer", a->backend.simulated);
	logrec_key_str(&a->sb, "kernel", k->name);
	logrec_key_u64(&a->sb, "bytes", prepared.bytes);
	logrec_key_hex(&a->sb, "address", prepared.addr);
	logrec_key_u64(&a->sb, "llc_bytes", ci->llc_bytes);
	logrec_key_u64(&a->sb, "llc_level", ci->llc_level);
	logrec_key_str(&a->sb, "cache_source", ci->source == CACHE_SRC_LEAF4 ? "cpuid-4" : "cpuid-2");
	logrec_key_bool(&a->sb, "shared", TRUE);
	logrec_end(&a->sb);
	app_record(a);
	sb_puts(&a->sb, "Buffer for ");
	sb_puts(&a->sb, k->name);
	sb_puts(&a->sb, ": ");
	say_mib(&a->sb, prepared.bytes);
	sb_puts(&a->sb, " at ");
	sb_hex(&a->sb, prepared.addr);
	sb_puts(&a->sb, ", shared by every CPU");
	app_say(a, a->backend.simulated);
	sb_puts(&a->sb, "  twice the last-level cache: L");
	sb_dec(&a->sb, ci->llc_level);
	sb_puts(&a->sb, ", ");
	say_mib(&a->sb, ci->llc_bytes);
	sb_puts(&a->sb, ci->source == CACHE_SRC_LEAF4 ? " (CPUID leaf 4)" : " (CPUID leaf 2)");
	app_say(a, a->backend.simulated);
}

static EFI_STATUS check_args(struct app *a, const struct kernel_desc *k, const struct kernel_args *args)
{
	pmu_status st = kernel_args_check(k, args);
	if (!st)
		return EFI_SUCCESS;
	say_kernel(a, k);
	sb_puts(&a->sb, "cannot run with these arguments: ");
	sb_puts(&a->sb, pmu_status_str(st));
	return refuse(a, EFI_INVALID_PARAMETER);
}

EFI_STATUS buffers_prepare(struct app *a, const struct kernel_desc *k, struct kernel_args *args)
{
	struct pmu_backend hw;
	struct cache_info ci;
	buffers_free(a);
	buffers_attach(args);
	if (!(k->flags & KERNEL_NEEDS_BUFFER))
		return check_args(a, k, args);
	/* The buffer is real memory whatever the backend: the real CPU's caches size it. */
	hw_backend(&hw);
	pmu_status pst = cache_info_read(&hw, (unsigned)a->mp.bsp, &ci);
	if (pst) {
		say_kernel(a, k);
		sb_puts(&a->sb, "needs a buffer larger than the last-level cache, and CPUID leaves 4 and 2 "
				"name no cache: ");
		sb_puts(&a->sb, pmu_status_str(pst));
		return refuse(a, EFI_UNSUPPORTED);
	}
	uint64_t bytes = kernels_buffer_bytes(ci.llc_bytes);
	EFI_STATUS st = EFI_OUT_OF_RESOURCES;
	if (bytes <= BUFFERS_MAX_BYTES)
		st = uefi_call_wrapper(BS->AllocatePages, 4, AllocateAnyPages, EfiLoaderData,
				       EFI_SIZE_TO_PAGES(bytes), &prepared.addr);
	if (EFI_ERROR(st)) {
		prepared.addr = 0;
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
		return refuse(a, EFI_OUT_OF_RESOURCES);
	}
	prepared.pages = EFI_SIZE_TO_PAGES(bytes);
	prepared.bytes = bytes;
	buffers_attach(args);
	st = check_args(a, k, args);
	if (EFI_ERROR(st))
		return st;
	/* Known contents: the checksums of stream and uncore do not depend on what was there. */
	if (k->flags & KERNEL_NEEDS_CHASE)
		kernels_chase_init(args->buf, bytes);
	else
		pmu_memset(args->buf, 0, bytes);
	log_buffer(a, k, &ci);
	return EFI_SUCCESS;
}

void buffers_attach(struct kernel_args *args)
{
	args->buf = (void *)(UINTN)prepared.addr;
	args->bytes = prepared.addr ? prepared.bytes : 0;
}

void buffers_free(struct app *a)
{
	(void)a;
	if (prepared.addr)
		uefi_call_wrapper(BS->FreePages, 2, prepared.addr, prepared.pages);
	prepared.addr = 0;
	prepared.pages = 0;
	prepared.bytes = 0;
}
