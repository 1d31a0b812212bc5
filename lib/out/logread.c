/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "out/logread.h"
#include "util/fmt.h"

struct parser {
	const char *s;
	size_t n, pos;
	const char *err;
	pmu_status st;
};

static bool fail(struct parser *p, pmu_status st, const char *why)
{
	if (!p->err) {
		p->err = why;
		p->st = st;
	}
	return false;
}

static bool at_end(const struct parser *p)
{
	return p->pos >= p->n;
}

static char peek(const struct parser *p)
{
	return at_end(p) ? '\0' : p->s[p->pos];
}

static void skip_ws(struct parser *p)
{
	while (!at_end(p) && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\n' ||
			      p->s[p->pos] == '\r'))
		p->pos++;
}

/* Four hex digits at s[0..4) (n bytes available) as a code unit, or -1. */
static long hex4(const char *s, size_t n)
{
	long v = 0;
	if (n < 4)
		return -1;
	for (unsigned k = 0; k < 4; k++) {
		int d = pmu_hex_digit(s[k]);
		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

/* A string at p->pos (on the opening quote); raw gets the text between the quotes. */
static bool parse_string(struct parser *p, const char **raw, size_t *len)
{
	size_t start = ++p->pos;
	while (!at_end(p)) {
		unsigned char c = (unsigned char)p->s[p->pos];
		if (c == '"') {
			*raw = p->s + start;
			*len = p->pos - start;
			p->pos++;
			return true;
		}
		if (c < 0x20)
			return fail(p, PMU_ERR_INVALID, "control character in string");
		if (c != '\\') {
			p->pos++;
			continue;
		}
		if (p->pos + 1 >= p->n)
			break;
		char e = p->s[p->pos + 1];
		if (e == 'u') {
			if (hex4(p->s + p->pos + 2, p->n - p->pos - 2) < 0)
				return fail(p, PMU_ERR_INVALID, "bad \\u escape");
			p->pos += 6;
		} else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' ||
			   e == 'r' || e == 't') {
			p->pos += 2;
		} else {
			return fail(p, PMU_ERR_INVALID, "bad escape");
		}
	}
	return fail(p, PMU_ERR_INVALID, "unterminated string");
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static size_t digits(struct parser *p)
{
	size_t k = 0;
	for (; is_digit(peek(p)); k++)
		p->pos++;
	return k;
}

/* JSON number grammar; integers that fit are converted. */
static bool parse_number(struct parser *p, struct logval *lv)
{
	size_t start = p->pos;
	bool neg = peek(p) == '-', integer = true;
	if (neg)
		p->pos++;
	size_t int_start = p->pos, nd = digits(p);
	if (!nd)
		return fail(p, PMU_ERR_INVALID, "bad number");
	if (nd > 1 && p->s[int_start] == '0')
		return fail(p, PMU_ERR_INVALID, "leading zero in number");
	if (peek(p) == '.') {
		p->pos++;
		integer = false;
		if (!digits(p))
			return fail(p, PMU_ERR_INVALID, "bad fraction");
	}
	if (peek(p) == 'e' || peek(p) == 'E') {
		p->pos++;
		integer = false;
		if (peek(p) == '+' || peek(p) == '-')
			p->pos++;
		if (!digits(p))
			return fail(p, PMU_ERR_INVALID, "bad exponent");
	}
	lv->type = LV_NUMBER;
	lv->raw = p->s + start;
	lv->raw_len = p->pos - start;
	if (!integer)
		return true;
	uint64_t mag = 0;
	for (size_t k = int_start; k < int_start + nd; k++) {
		unsigned d = (unsigned)(p->s[k] - '0');
		if (mag > (UINT64_MAX - d) / 10)
			return true;   /* valid JSON, fits no integer type */
		mag = mag * 10 + d;
	}
	if (!neg || !mag) {
		lv->is_u64 = true;
		lv->u = mag;
		lv->is_i64 = mag <= (uint64_t)INT64_MAX;
		lv->i = (int64_t)(mag & (uint64_t)INT64_MAX);
	} else if (mag <= (uint64_t)INT64_MAX + 1) {
		lv->is_i64 = true;
		lv->i = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag;
	}
	return true;
}

static bool parse_literal(struct parser *p, const char *word)
{
	size_t k = pmu_strlen(word);
	if (p->n - p->pos < k || pmu_strncmp(p->s + p->pos, word, k))
		return fail(p, PMU_ERR_INVALID, "unexpected character");
	p->pos += k;
	return true;
}

static bool parse_object(struct parser *p, unsigned depth, struct logrec_view *top);
static bool parse_array(struct parser *p, unsigned depth);

/* One value; depth is that of the container holding it. */
static bool parse_value(struct parser *p, unsigned depth, struct logval *lv)
{
	size_t start = p->pos;
	bool ok;
	switch (peek(p)) {
	case '"':
		lv->type = LV_STRING;
		return parse_string(p, &lv->raw, &lv->raw_len);
	case '{':
		lv->type = LV_OBJECT;
		ok = parse_object(p, depth + 1, NULL);
		break;
	case '[':
		lv->type = LV_ARRAY;
		ok = parse_array(p, depth + 1);
		break;
	case 't':
	case 'f':
		lv->type = LV_BOOL;
		lv->b = peek(p) == 't';
		ok = parse_literal(p, lv->b ? "true" : "false");
		break;
	case 'n':
		lv->type = LV_NULL;
		ok = parse_literal(p, "null");
		break;
	default:
		if (peek(p) == '-' || is_digit(peek(p)))
			return parse_number(p, lv);
		return fail(p, PMU_ERR_INVALID, at_end(p) ? "line ends inside the record" :
							     "unexpected character");
	}
	lv->raw = p->s + start;
	lv->raw_len = p->pos - start;
	return ok;
}

/* The decoded byte(s) of the escape or character at raw[*i]; advances *i. */
static unsigned unescape_one(const char *raw, size_t n, size_t *i, char out[3])
{
	char c = raw[(*i)++];
	if (c != '\\' || *i >= n) {
		out[0] = c;
		return 1;
	}
	char e = raw[(*i)++];
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	for (unsigned k = 0; from[k]; k++)
		if (e == from[k]) {
			out[0] = to[k];
			return 1;
		}
	long u = e == 'u' ? hex4(raw + *i, n - *i) : -1;
	if (u < 0) {
		out[0] = e;       /* not validated text: kept as written */
		return 1;
	}
	*i += 4;
	/* The log writer escapes each byte >= 0x7f as \u00XX: those come back as the byte. */
	if (u > 0 && u < 0x100) {
		out[0] = (char)u;
		return 1;
	}
	if (u == 0 || (u >= 0xD800 && u <= 0xDFFF)) {
		out[0] = '?';
		return 1;
	}
	if (u < 0x800) {
		out[0] = (char)(0xC0 | (u >> 6));
		out[1] = (char)(0x80 | (u & 0x3F));
		return 2;
	}
	out[0] = (char)(0xE0 | (u >> 12));
	out[1] = (char)(0x80 | ((u >> 6) & 0x3F));
	out[2] = (char)(0x80 | (u & 0x3F));
	return 3;
}

/* Decoded raw[0..an) equals decoded b[0..bn) (b_escaped) or the plain bytes of b. */
static bool raw_eq(const char *a, size_t an, const char *b, size_t bn, bool b_escaped)
{
	size_t i = 0, j = 0;
	char ca[3], cb[3];
	unsigned ka = 0, kb = 0, ia = 0, ib = 0;
	for (;;) {
		if (ia == ka) {
			if (i >= an)
				break;
			ka = unescape_one(a, an, &i, ca);
			ia = 0;
		}
		if (ib == kb) {
			if (j >= bn)
				return false;
			if (b_escaped) {
				kb = unescape_one(b, bn, &j, cb);
			} else {
				cb[0] = b[j++];
				kb = 1;
			}
			ib = 0;
		}
		if (ca[ia++] != cb[ib++])
			return false;
	}
	return ib == kb && j >= bn;
}

/* At '{' or '[': enters it; *done when it closes at once. */
static bool open_container(struct parser *p, unsigned depth, char close, bool *done)
{
	if (depth > LOGREAD_MAX_DEPTH)
		return fail(p, PMU_ERR_INVALID, "nested too deeply");
	p->pos++;
	skip_ws(p);
	*done = peek(p) == close;
	p->pos += *done;
	return true;
}

/* After an item: its container closes (*done) or a ',' announces the next item. */
static bool next_item(struct parser *p, char close, const char *expected, bool *done)
{
	skip_ws(p);
	if (peek(p) != close && peek(p) != ',')
		return fail(p, PMU_ERR_INVALID, at_end(p) ? "line ends inside the record" : expected);
	*done = peek(p) == close;
	p->pos++;
	return true;
}

static bool parse_object(struct parser *p, unsigned depth, struct logrec_view *top)
{
	bool done;
	if (!open_container(p, depth, '}', &done))
		return false;
	while (!done) {
		struct logval lv;
		pmu_memset(&lv, 0, sizeof(lv));
		skip_ws(p);
		size_t key_pos = p->pos;
		if (peek(p) != '"')
			return fail(p, PMU_ERR_INVALID, at_end(p) ? "line ends inside the record" :
								     "expected a key");
		if (!parse_string(p, &lv.key, &lv.key_len))
			return false;
		skip_ws(p);
		if (peek(p) != ':')
			return fail(p, PMU_ERR_INVALID, "expected ':'");
		p->pos++;
		skip_ws(p);
		if (!parse_value(p, depth, &lv))
			return false;
		if (top) {
			for (unsigned k = 0; k < top->n; k++)
				if (raw_eq(top->v[k].key, top->v[k].key_len, lv.key, lv.key_len, true)) {
					p->pos = key_pos;
					return fail(p, PMU_ERR_INVALID, "duplicate key");
				}
			if (top->n >= LOGREAD_MAX_KEYS)
				return fail(p, PMU_ERR_NOSPACE, "too many keys");
			top->v[top->n++] = lv;
		}
		if (!next_item(p, '}', "expected ',' or '}'", &done))
			return false;
	}
	return true;
}

static bool parse_array(struct parser *p, unsigned depth)
{
	bool done;
	if (!open_container(p, depth, ']', &done))
		return false;
	while (!done) {
		struct logval lv;
		skip_ws(p);
		if (!parse_value(p, depth, &lv) || !next_item(p, ']', "expected ',' or ']'", &done))
			return false;
	}
	return true;
}

pmu_status logread_line(const char *line, size_t len, struct logrec_view *out)
{
	struct parser p = { .s = line, .n = line ? len : 0 };
	out->n = 0;
	out->err = NULL;
	out->err_pos = 0;
	skip_ws(&p);
	if (at_end(&p))
		fail(&p, PMU_ERR_INVALID, "empty line");
	else if (peek(&p) != '{')
		fail(&p, PMU_ERR_INVALID, "not an object");
	else if (parse_object(&p, 1, out)) {
		skip_ws(&p);
		if (!at_end(&p))
			fail(&p, PMU_ERR_INVALID, "text after the record");
	}
	if (!p.err)
		return PMU_OK;
	out->err = p.err;
	out->err_pos = p.pos;
	out->n = 0;
	return p.st;
}

const struct logval *logread_find(const struct logrec_view *v, const char *key)
{
	size_t kl = pmu_strlen(key);
	for (unsigned k = 0; k < v->n; k++)
		if (raw_eq(v->v[k].key, v->v[k].key_len, key, kl, false))
			return &v->v[k];
	return NULL;
}

static pmu_status lookup(const struct logrec_view *v, const char *key, enum logval_type t,
			 const struct logval **out)
{
	*out = logread_find(v, key);
	if (!*out)
		return PMU_ERR_NOT_FOUND;
	return (*out)->type == t ? PMU_OK : PMU_ERR_INVALID;
}

/* "0x..." as the log writes hex values. */
static pmu_status hex_string(const struct logval *lv, uint64_t *out)
{
	if (lv->raw_len < 3 || lv->raw[0] != '0' || (lv->raw[1] != 'x' && lv->raw[1] != 'X'))
		return PMU_ERR_INVALID;
	for (size_t k = 2; k < lv->raw_len; k++)
		if (pmu_hex_digit(lv->raw[k]) < 0)
			return PMU_ERR_INVALID;
	return pmu_parse_u64(lv->raw, lv->raw_len, out) ? PMU_OK : PMU_ERR_RANGE;
}

pmu_status logread_get_u64(const struct logrec_view *v, const char *key, uint64_t *out)
{
	const struct logval *lv = logread_find(v, key);
	if (!lv)
		return PMU_ERR_NOT_FOUND;
	if (lv->type == LV_STRING)
		return hex_string(lv, out);
	if (lv->type != LV_NUMBER)
		return PMU_ERR_INVALID;
	if (!lv->is_u64)
		return PMU_ERR_RANGE;
	*out = lv->u;
	return PMU_OK;
}

pmu_status logread_get_reg(const struct logrec_view *v, const char *key, struct regname *out)
{
	const struct logval *lv;
	pmu_status st = lookup(v, key, LV_STRING, &lv);
	return st ? st : regname_parse(lv->raw, lv->raw_len, out);
}

pmu_status logread_get_i64(const struct logrec_view *v, const char *key, int64_t *out)
{
	const struct logval *lv = logread_find(v, key);
	if (!lv)
		return PMU_ERR_NOT_FOUND;
	if (lv->type == LV_STRING) {
		uint64_t u;
		pmu_status st = hex_string(lv, &u);
		if (st)
			return st;
		if (u > (uint64_t)INT64_MAX)
			return PMU_ERR_RANGE;
		*out = (int64_t)u;
		return PMU_OK;
	}
	if (lv->type != LV_NUMBER)
		return PMU_ERR_INVALID;
	if (!lv->is_i64)
		return PMU_ERR_RANGE;
	*out = lv->i;
	return PMU_OK;
}

pmu_status logread_get_bool(const struct logrec_view *v, const char *key, bool *out)
{
	const struct logval *lv;
	pmu_status st = lookup(v, key, LV_BOOL, &lv);
	if (!st)
		*out = lv->b;
	return st;
}

bool logread_unescape(const char *raw, size_t n, char *buf, size_t cap)
{
	size_t i = 0, o = 0;
	if (!cap)
		return false;
	while (i < n) {
		char c[3];
		unsigned k = unescape_one(raw, n, &i, c);
		if (o + k >= cap) {
			buf[o] = '\0';
			return false;
		}
		for (unsigned j = 0; j < k; j++)
			buf[o++] = c[j];
	}
	buf[o] = '\0';
	return true;
}

bool logread_next(const char *text, size_t len, size_t *pos, struct logrec_view *v)
{
	while (*pos < len) {
		size_t from = *pos, n = 0;
		while (from + n < len && text[from + n] != '\n')
			n++;
		*pos = from + n + (from + n < len);
		if (n && !logread_line(text + from, n, v))
			return true;
	}
	return false;
}

pmu_status logread_get_str(const struct logrec_view *v, const char *key, char *buf, size_t cap)
{
	const struct logval *lv;
	pmu_status st = lookup(v, key, LV_STRING, &lv);
	if (st)
		return st;
	return logread_unescape(lv->raw, lv->raw_len, buf, cap) ? PMU_OK : PMU_ERR_NOSPACE;
}

pmu_status logread_get_obj(const struct logrec_view *v, const char *key, struct logrec_view *out)
{
	const struct logval *lv;
	pmu_status st = lookup(v, key, LV_OBJECT, &lv);
	if (st)
		return st;
	return logread_line(lv->raw, lv->raw_len, out);
}

bool logread_elem(const struct logval *arr, size_t *pos, struct logval *out)
{
	struct parser p = { .s = arr->raw, .n = arr->raw_len, .pos = *pos ? *pos : 1 };
	skip_ws(&p);
	if (arr->type != LV_ARRAY || *pos > arr->raw_len || peek(&p) == ']' || at_end(&p))
		return false;
	pmu_memset(out, 0, sizeof(*out));
	if (!parse_value(&p, 1, out))
		return false;
	skip_ws(&p);
	p.pos += peek(&p) == ',';
	*pos = p.pos;
	return true;
}

bool logread_str_is(const struct logrec_view *v, const char *key, const char *want)
{
	const struct logval *lv = logread_find(v, key);
	return lv && lv->type == LV_STRING && raw_eq(lv->raw, lv->raw_len, want, pmu_strlen(want), false);
}

bool logread_simulated(const struct logrec_view *v)
{
	bool sim = false;
	return logread_get_bool(v, "simulated", &sim) == PMU_OK && sim;
}
