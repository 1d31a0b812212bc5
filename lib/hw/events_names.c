#include "hw/events_names.h"

#define SEG_END 0xFFFFu

static unsigned char upper(unsigned char c)
{
	return c >= 'a' && c <= 'z' ? (unsigned char)(c - 'a' + 'A') : c;
}

size_t ev_name(const struct ev_def *d, char *buf, size_t cap)
{
	size_t n = 0;
	for (const uint16_t *s = &ev_name_seq[ev_names[d->name]]; *s != SEG_END; s++) {
		if (s != &ev_name_seq[ev_names[d->name]]) {
			if (n + 1 < cap)
				buf[n] = '.';
			n++;
		}
		for (const char *c = &ev_segs[ev_seg_at[*s]]; *c; c++, n++)
			if (n + 1 < cap)
				buf[n] = *c;
	}
	if (cap)
		buf[n < cap ? n : cap - 1] = '\0';
	return n;
}

int ev_name_cmp(const struct ev_def *d, const char *s, size_t len)
{
	char buf[EV_NAME_MAX];
	size_t n = ev_name(d, buf, sizeof(buf));
	for (size_t i = 0; i < n && i < len; i++) {
		int diff = (int)upper((unsigned char)buf[i]) - (int)upper((unsigned char)s[i]);
		if (diff)
			return diff;
	}
	return n < len ? -1 : n > len;
}
