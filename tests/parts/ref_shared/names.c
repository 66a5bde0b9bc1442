/*
 * tests/parts/ref_shared/names.c - sets of names for the slow references
 * (runs, topics, measures interned in order of first appearance, found by
 * a linear search: a few dozen of each), the natural order of qids that
 * they sort topics by, a string join and the fixed-point format with an
 * unsigned zero.  See ref_shared.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_shared.h"

long names_find(const struct names *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i], name) == 0)
			return (long)i;
	return -1;
}

size_t names_intern(struct names *s, const char *name)
{
	long i = names_find(s, name);
	if (i >= 0)
		return (size_t)i;
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->v = xrealloc(s->v, s->cap * sizeof *s->v);
	}
	s->v[s->n] = xstrdup(name);
	return s->n++;
}

void names_free(struct names *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = s->cap = 0;
}

int qid_cmp(const char *a, const char *b, int numeric)
{
	if (numeric) {
		const char *x = a, *y = b;
		while (*x == '0' && x[1])
			x++;
		while (*y == '0' && y[1])
			y++;
		size_t lx = strlen(x), ly = strlen(y);
		if (lx != ly)
			return lx < ly ? -1 : 1;
		int r = strcmp(x, y);
		if (r)
			return r;
	}
	return strcmp(a, b);
}

char *fmt_fixed(double x, int p, char *buf)
{
	snprintf(buf, 64, "%.*f", p, x);
	if (buf[0] == '-') {	/* "-0.000" prints without the sign */
		int zero = 1;
		for (const char *q = buf + 1; *q; q++)
			if (*q != '0' && *q != '.')
				zero = 0;
		if (zero)
			memmove(buf, buf + 1, strlen(buf));
	}
	return buf;
}

char *xprintf2(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 1;
	char *p = xmalloc(n);
	snprintf(p, n, "%s%s", a, b);
	return p;
}
