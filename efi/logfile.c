/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include <efi.h>
#include <efilib.h>
#include "console.h"
#include "hw.h"
#include "logfile.h"

EFI_STATUS volume_open(EFI_HANDLE image, EFI_FILE_HANDLE *root)
{
	EFI_LOADED_IMAGE *li = NULL;
	EFI_FILE_IO_INTERFACE *fs = NULL;
	EFI_STATUS st = uefi_call_wrapper(BS->HandleProtocol, 3, image, &LoadedImageProtocol,
					  (VOID **)&li);
	if (EFI_ERROR(st))
		return st;
	st = uefi_call_wrapper(BS->HandleProtocol, 3, li->DeviceHandle, &FileSystemProtocol,
			       (VOID **)&fs);
	if (EFI_ERROR(st))
		return st;
	return uefi_call_wrapper(fs->OpenVolume, 2, fs, root);
}

EFI_STATUS volume_read_file(EFI_FILE_HANDLE root, const char *path, char *buf, UINTN cap,
			    UINTN *len)
{
	CHAR16 wpath[128];
	EFI_FILE_HANDLE f;
	ascii_to_ucs2(wpath, 128, path);
	EFI_STATUS st = uefi_call_wrapper(root->Open, 5, root, &f, wpath, EFI_FILE_MODE_READ, 0);
	if (EFI_ERROR(st))
		return st;
	UINTN n = cap;
	st = uefi_call_wrapper(f->Read, 3, f, &n, buf);
	if (!EFI_ERROR(st) && n == cap) {
		/* Larger than we accept: say so rather than parse a truncated file. */
		st = EFI_BUFFER_TOO_SMALL;
	}
	uefi_call_wrapper(f->Close, 1, f);
	*len = n;
	return st;
}

static EFI_STATUS try_open(EFI_FILE_HANDLE dir, const char *name, UINT64 mode, UINT64 attr,
			   EFI_FILE_HANDLE *out)
{
	CHAR16 w[64];
	ascii_to_ucs2(w, 64, name);
	return uefi_call_wrapper(dir->Open, 5, dir, out, w, mode, attr);
}

/* what, and why in words when st says more (EFI_SUCCESS: what says it all). */
static void set_problem(struct logfile *lf, const char *what, EFI_STATUS st)
{
	struct strbuf sb;
	sb_init(&sb, lf->problem, sizeof(lf->problem));
	sb_puts(&sb, what);
	if (st == EFI_SUCCESS)
		return;
	if (st == EFI_WRITE_PROTECTED)
		sb_puts(&sb, ": volume is read-only");
	else if (st == EFI_VOLUME_FULL)
		sb_puts(&sb, ": volume is full");
	else {
		sb_puts(&sb, ": EFI status ");
		sb_hex(&sb, (uint64_t)st);
	}
}

/* Whether dir holds name (a name that cannot be looked up is not one to write either). */
static BOOLEAN name_taken(EFI_FILE_HANDLE dir, const char *name)
{
	EFI_FILE_HANDLE f;
	EFI_STATUS st = try_open(dir, name, EFI_FILE_MODE_READ, 0, &f);
	if (st == EFI_NOT_FOUND)
		return FALSE;
	if (!EFI_ERROR(st))
		uefi_call_wrapper(f->Close, 1, f);
	return TRUE;
}

/* stem-NNNN ext into lf->name: the first NNNN from 0001 that dir does not hold; FALSE if none. */
static BOOLEAN first_free(struct logfile *lf, const char *stem, UINTN stem_len, const char *ext)
{
	for (unsigned n = 1; n <= 9999; n++) {
		struct strbuf sb;
		sb_init(&sb, lf->name, sizeof(lf->name));
		sb_putn(&sb, stem, stem_len);
		sb_putc(&sb, '-');
		sb_putc(&sb, (char)('0' + n / 1000));
		sb_putc(&sb, (char)('0' + n / 100 % 10));
		sb_putc(&sb, (char)('0' + n / 10 % 10));
		sb_putc(&sb, (char)('0' + n % 10));
		sb_puts(&sb, ext);
		if (!sb.overflow && !name_taken(lf->dir, lf->name))
			return TRUE;
	}
	lf->name[0] = '\0';
	return FALSE;
}

EFI_STATUS logfile_create(struct logfile *lf, EFI_FILE_HANDLE root, const char *name,
			  const char *ext)
{
	const UINT64 rw = EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE;
	EFI_STATUS st;
	BOOLEAN found;
	pmu_memset(lf, 0, sizeof(*lf));
	lf->root = root;
	st = try_open(root, "efipmu", rw | EFI_FILE_MODE_CREATE, EFI_FILE_DIRECTORY, &lf->dir);
	if (EFI_ERROR(st)) {
		set_problem(lf, "cannot create \\efipmu", st);
		return st;
	}
	if (name && *name) {
		/* A fixed name on a stick booted again and again: lab-run.jsonl, then lab-run-0001.jsonl, ... */
		UINTN len = pmu_strlen(name), dot = len;
		while (dot && name[dot - 1] != '.')
			dot--;
		dot = dot ? dot - 1 : len;
		pmu_strlcpy(lf->name, name, sizeof(lf->name));
		found = !name_taken(lf->dir, lf->name) || first_free(lf, name, dot, name + dot);
	} else {
		found = first_free(lf, "run", 3, ext);   /* an earlier log is never overwritten */
	}
	if (!found) {
		set_problem(lf, "no free log name in \\efipmu", EFI_SUCCESS);
		return EFI_OUT_OF_RESOURCES;
	}
	st = try_open(lf->dir, lf->name, rw | EFI_FILE_MODE_CREATE, 0, &lf->file);
	if (EFI_ERROR(st)) {
		set_problem(lf, "cannot create log file", st);
		lf->file = NULL;
	}
	return st;
}

/*
 * A failed write may leave part of a record (a FAT driver may write what fits;
 * a text may fit where its newline does not): back to the last whole line, so
 * what is on the disk still parses.
 */
static void cut_to_last_line(struct logfile *lf)
{
	EFI_FILE_INFO *info = LibFileInfo(lf->file);
	if (!info)
		return;
	if (info->FileSize != lf->size) {
		info->FileSize = lf->size;
		uefi_call_wrapper(lf->file->SetInfo, 4, lf->file, &GenericFileInfo, info->Size, info);
		uefi_call_wrapper(lf->file->Flush, 1, lf->file);
	}
	FreePool(info);
}

/* Said once, on the console, when it happens: the run goes on without the file. */
static void write_failed(struct logfile *lf, EFI_STATUS st)
{
	char what[96];
	struct strbuf sb;
	lf->write_failed = TRUE;
	cut_to_last_line(lf);
	sb_init(&sb, what, sizeof(what));
	sb_puts(&sb, "write failed after ");
	sb_dec(&sb, lf->records);
	sb_puts(&sb, " records of \\efipmu\\");
	sb_puts(&sb, lf->name);
	set_problem(lf, what, st);
	con_write("log ");
	con_write(lf->problem);
	con_write("; the rest of the run is on the console only\n");
}

/* n bytes at the end of the file; a short write without an error is a full volume. */
static EFI_STATUS put(struct logfile *lf, const void *buf, UINTN n)
{
	UINTN done = n;
	UINT64 t0 = hw_rdtsc();
	EFI_STATUS st = uefi_call_wrapper(lf->file->Write, 3, lf->file, &done, (VOID *)buf);
	lf->write_ticks += hw_rdtsc() - t0;
	lf->writes++;
	lf->dirty = TRUE;
	return !EFI_ERROR(st) && done != n ? EFI_VOLUME_FULL : st;
}

/* Whole lines of n bytes reached the file, or the first failure ends it. */
static EFI_STATUS wrote(struct logfile *lf, EFI_STATUS st, UINTN lines, UINTN n)
{
	if (EFI_ERROR(st)) {
		write_failed(lf, st);
		return st;
	}
	lf->records += lines;
	lf->size += n;
	return st;
}

/* The lines gathered while held, in one FAT write. */
static EFI_STATUS write_pending(struct logfile *lf)
{
	UINTN n = lf->pend_len, lines = lf->pend_lines;
	lf->pend_len = lf->pend_lines = 0;
	return n ? wrote(lf, put(lf, lf->pend, n), lines, n) : EFI_SUCCESS;
}

static EFI_STATUS flush(struct logfile *lf)
{
	if (!lf->dirty)
		return EFI_SUCCESS;
	UINT64 t0 = hw_rdtsc();
	EFI_STATUS st = uefi_call_wrapper(lf->file->Flush, 1, lf->file);
	lf->flush_ticks += hw_rdtsc() - t0;
	lf->flushes++;
	lf->dirty = FALSE;
	return wrote(lf, st, 0, 0);
}

void logfile_hold(struct logfile *lf, BOOLEAN hold)
{
	lf->hold = hold;
	if (!hold && lf->file && !lf->write_failed && !EFI_ERROR(write_pending(lf)))
		flush(lf);
}

EFI_STATUS logfile_line(struct logfile *lf, const char *text, UINTN len)
{
	EFI_STATUS st = EFI_SUCCESS;
	if (!lf->file || lf->write_failed)
		return EFI_NOT_READY;
	if (lf->pend_len + len + 1 > sizeof(lf->pend))
		st = write_pending(lf);
	if (EFI_ERROR(st))
		return st;
	if (len + 1 > sizeof(lf->pend)) {
		/* longer than the buffer: on its own */
		st = put(lf, text, len);
		st = wrote(lf, EFI_ERROR(st) ? st : put(lf, "\n", 1), 1, len + 1);
	} else {
		pmu_memcpy(lf->pend + lf->pend_len, text, len);
		lf->pend[lf->pend_len + len] = '\n';
		lf->pend_len += len + 1;
		lf->pend_lines++;
	}
	if (EFI_ERROR(st) || lf->hold)
		return st;
	st = write_pending(lf);
	return EFI_ERROR(st) ? st : flush(lf);
}

const char *logfile_failure(const struct logfile *lf)
{
	return lf->problem[0] ? lf->problem : NULL;
}

void logfile_close(struct logfile *lf)
{
	if (lf->file && !lf->write_failed && !EFI_ERROR(write_pending(lf)))
		flush(lf);
	if (lf->file)
		uefi_call_wrapper(lf->file->Close, 1, lf->file);
	if (lf->dir)
		uefi_call_wrapper(lf->dir->Close, 1, lf->dir);
	lf->file = lf->dir = NULL;
}
