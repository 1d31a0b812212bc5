/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * One line of the run log, any bytes: the reader never reads outside the
 * line, every value it indexes points into it, and every lookup on what it
 * indexed answers (nested objects read again, down to the depth limit). A
 * schema-1 record's upgrade (out/logupgrade.h) fits its room and is a schema-2
 * record of as many keys, which is not upgraded again.
 */
#include "fuzz.h"
#include "out/logread.h"
#include "out/logupgrade.h"

static int inside(const uint8_t *data, size_t size, const char *p, size_t n)
{
	return p >= (const char *)data && n <= size && p - (const char *)data <= (ptrdiff_t)(size - n);
}

static void look_up_all(const uint8_t *data, size_t size, const struct logrec_view *v, unsigned depth)
{
	static char key[4096], str[256];
	FUZZ_CHECK(depth <= LOGREAD_MAX_DEPTH);
	FUZZ_CHECK(v->n <= LOGREAD_MAX_KEYS);
	for (unsigned i = 0; i < v->n; i++) {
		const struct logval *lv = &v->v[i];
		uint64_t u;
		int64_t s;
		bool b;
		struct logrec_view sub;

		FUZZ_CHECK(inside(data, size, lv->key, lv->key_len));
		FUZZ_CHECK(inside(data, size, lv->raw, lv->raw_len));
		FUZZ_CHECK(lv->type <= LV_ARRAY);
		if (!logread_unescape(lv->key, lv->key_len, key, sizeof(key)))
			continue;
		FUZZ_CHECK(logread_find(v, key) != NULL);
		logread_get_u64(v, key, &u);
		logread_get_i64(v, key, &s);
		logread_get_bool(v, key, &b);
		logread_get_str(v, key, str, sizeof(str));
		struct regname reg;
		logread_get_reg(v, key, &reg);
		FUZZ_CHECK(memchr(str, '\0', sizeof(str)));
		if (lv->type == LV_OBJECT && logread_get_obj(v, key, &sub) == PMU_OK)
			look_up_all(data, size, &sub, depth + 1);
		struct logval e;
		size_t pos = 0;
		while (logread_elem(lv, &pos, &e))
			FUZZ_CHECK(inside(data, size, e.raw, e.raw_len) && pos <= lv->raw_len);
	}
}

static void upgrade(const uint8_t *line, size_t size, const struct logrec_view *v)
{
	const struct logval *rec = logread_find(v, "rec");
	uint64_t was = 0;
	bool v1 = !logread_get_u64(v, "schema", &was) && was == 1 && rec && rec->type == LV_STRING;
	static struct log_upgrade w;
	static struct logrec_view v2;
	struct strbuf sb;
	uint64_t schema = 0;
	size_t cap = LOG_UPGRADE_ROOM(size);
	char *out = malloc(cap);
	FUZZ_CHECK(out != NULL);
	sb_init(&sb, out, cap);
	bool done = log_upgrade((const char *)line, size, &w, &sb);
	FUZZ_CHECK(!done || v1);   /* schema-1 records only (not one whose keys clash renamed) */
	if (done) {
		FUZZ_CHECK(logread_line(out, sb.len, &v2) == PMU_OK && v2.n == v->n);
		FUZZ_CHECK(logread_get_u64(&v2, "schema", &schema) == PMU_OK && schema == 2);
		struct strbuf again;
		char *twice = malloc(LOG_UPGRADE_ROOM(sb.len));
		FUZZ_CHECK(twice != NULL);
		sb_init(&again, twice, LOG_UPGRADE_ROOM(sb.len));
		FUZZ_CHECK(!log_upgrade(out, sb.len, &w, &again));
		free(twice);
	}
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct logrec_view v;
	/* a copy of exactly size bytes, so ASan catches any read past len */
	uint8_t *line = malloc(size ? size : 1);
	FUZZ_CHECK(line != NULL);
	memcpy(line, data, size);
	pmu_status st = logread_line((const char *)line, size, &v);
	if (st != PMU_OK) {
		FUZZ_CHECK(st == PMU_ERR_INVALID || st == PMU_ERR_NOSPACE);
		FUZZ_CHECK(v.err && *v.err);
		FUZZ_CHECK(v.err_pos <= size);
	} else {
		look_up_all(line, size, &v, 1);
		logread_simulated(&v);
		logread_str_is(&v, "rec", "count");
		upgrade(line, size, &v);
	}
	free(line);
	return 0;
}
