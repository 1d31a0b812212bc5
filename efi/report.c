/* What the boot CPU says: console lines, log records, and the count row both jobs share. */
#include <efi.h>
#include <efilib.h>
#include "app.h"
#include "console.h"
#include "out/csv.h"
#include "out/derived.h"

void app_say(struct app *a, BOOLEAN simulated)
{
	if (simulated)
		con_write("[SIM] ");
	con_line(&a->sb);
}

void app_record(struct app *a)
{
	if (a->sb.overflow) {
		/* A cut record would not parse: say so in one that does. */
		sb_reset(&a->sb);
		logrec_begin(&a->sb, "error", a->backend.simulated);
		logrec_key_str(&a->sb, "error", "record longer than the line buffer: not logged");
		logrec_end(&a->sb);
	}
	if (a->have_log)
		logfile_line(&a->log, a->sb.buf, a->sb.len);
	sb_reset(&a->sb);
}

void app_count(struct app *a, const struct count_rec *r)
{
	logrec_count(&a->sb, r, a->backend.simulated);
	app_record(a);
	if (!a->have_csv)
		return;
	csv_row(&a->sb, r, a->backend.simulated);
	logfile_line(&a->csv, a->sb.buf, a->sb.len);
	sb_reset(&a->sb);
}

/* The CSV beside the log: \efipmu\run-NNNN.csv for run-NNNN.jsonl. */
void app_open_csv(struct app *a)
{
	char name[sizeof(a->log.name)];
	struct strbuf n;
	UINTN len = pmu_strlen(a->log.name);
	if (len > 6 && !pmu_strcmp(a->log.name + len - 6, ".jsonl"))
		len -= 6;
	sb_init(&n, name, sizeof(name));
	for (UINTN i = 0; i < len; i++)
		sb_putc(&n, a->log.name[i]);
	sb_puts(&n, ".csv");
	if (n.overflow || EFI_ERROR(logfile_create(&a->csv, a->root, name, ".csv")))
		return;
	a->have_csv = TRUE;
	csv_header(&a->sb);
	logfile_line(&a->csv, a->sb.buf, a->sb.len);
	sb_reset(&a->sb);
}

enum verdict app_refuse(struct app *a, const char *what, const char *name, const char *why)
{
	sb_puts(&a->sb, "efipmu: ");
	sb_puts(&a->sb, what);
	if (name) {
		sb_puts(&a->sb, " '");
		sb_puts(&a->sb, name);
		sb_putc(&a->sb, '\'');
	}
	if (why) {
		sb_puts(&a->sb, ": ");
		sb_puts(&a->sb, why);
	}
	app_say(a, FALSE);
	return VERDICT_ERROR;
}

void app_derived(struct app *a, const char *where, UINTN n, const struct derived_set *set)
{
	BOOLEAN sim = a->backend.simulated, any = FALSE;
	for (unsigned m = 0; m < DM_COUNT; m++)
		any |= set->m[m].present;
	if (!any)
		return;
	logrec_begin(&a->sb, "derived", sim);
	logrec_key_u64(&a->sb, where[0] == 'C' ? "cpu" : "package", n);
	logrec_key_str(&a->sb, "kernel", a->kernel->name);
	sb_json_key(&a->sb, "metrics");
	const char *sep = "[";
	for (unsigned m = 0; m < DM_COUNT; m++) {
		if (!set->m[m].present)
			continue;
		sb_puts(&a->sb, sep);
		sep = ",";
		sb_puts(&a->sb, "{\"name\":");
		sb_json_str(&a->sb, set->m[m].name);
		sb_puts(&a->sb, ",\"unit\":");
		sb_json_str(&a->sb, set->m[m].unit);
		sb_puts(&a->sb, ",\"milli\":");
		sb_dec(&a->sb, set->m[m].milli);
		sb_putc(&a->sb, '}');
	}
	sb_putc(&a->sb, ']');
	logrec_end(&a->sb);
	app_record(a);
	sb_puts(&a->sb, where);
	sb_putc(&a->sb, ' ');
	sb_dec(&a->sb, n);
	sep = ": ";
	for (unsigned m = 0; m < DM_COUNT; m++) {
		if (!set->m[m].present)
			continue;
		sb_puts(&a->sb, sep);
		sep = "; ";
		derived_fmt(&a->sb, &set->m[m]);
	}
	app_say(a, sim);
}

/* ERROR over FAIL over NO-PMU over PASS. */
enum verdict verdict_worse(enum verdict x, enum verdict y)
{
	static const unsigned rank[] = { [VERDICT_PASS] = 0, [VERDICT_NO_PMU] = 1,
					 [VERDICT_FAIL] = 2, [VERDICT_ERROR] = 3 };
	return rank[x] >= rank[y] ? x : y;
}

void app_count_header(struct app *a, const char *where)
{
	sb_puts(&a->sb, where);
	sb_pad_to(&a->sb, 4);
	sb_puts(&a->sb, "EVENT");
	sb_pad_to(&a->sb, 30);
	sb_puts(&a->sb, "COUNTER");
	sb_pad_to(&a->sb, 40);
	sb_puts(&a->sb, "CONTROL");
	sb_pad_to(&a->sb, 56);
	sb_puts(&a->sb, "DELTA");
	app_say(a, a->backend.simulated);
}

/* -v: the control word's non-zero fields under its row, wrapped at the row's width. */
static void say_fields(struct app *a, const struct reg_layout *l, uint64_t ctl)
{
	char text[512];
	struct strbuf t;
	sb_init(&t, text, sizeof(text));
	reg_decode(l, ctl, 0, &t);
	for (UINTN i = 0; i < t.len;) {
		UINTN end = t.len;
		if (end - i > 66) {
			end = i + 66;
			while (end > i && text[end] != ' ')
				end--;
			if (end == i)
				end = i + 66;
		}
		sb_puts(&a->sb, "    ");
		sb_putn(&a->sb, text + i, end - i);
		app_say(a, a->backend.simulated);
		i = end < t.len && text[end] == ' ' ? end + 1 : end;
	}
}

void app_count_row(struct app *a, const char *where, const char *event, const char *counter,
		   const struct reg_layout *l, uint32_t ctl_msr, uint64_t ctl, uint64_t delta,
		   BOOLEAN overflowed)
{
	sb_puts(&a->sb, where);
	sb_pad_to(&a->sb, 4);
	for (unsigned i = 0; i < 25 && event[i]; i++)
		sb_putc(&a->sb, event[i]);
	sb_pad_to(&a->sb, 30);
	sb_puts(&a->sb, counter);
	sb_pad_to(&a->sb, 40);
	sb_hex(&a->sb, ctl_msr);
	sb_putc(&a->sb, '=');
	sb_hex(&a->sb, ctl);
	sb_pad_to(&a->sb, 56);
	sb_dec_grouped(&a->sb, delta);
	if (overflowed)
		sb_puts(&a->sb, " (overflowed)");
	app_say(a, a->backend.simulated);
	if (a->opt.verbose)
		say_fields(a, l, ctl);
}
