/*
 * suggest.c - edit distances for "did you mean" (see suggest.h).  The
 * dynamic programme keeps three rows of at most SUGGEST_MAX + 1 entries
 * on the stack.
 */
#include "suggest.h"

#include <string.h>

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static size_t min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;
	return m < c ? m : c;
}

size_t suggest_distance(const char *a, const char *b, int fold)
{
	size_t na = strlen(a), nb = strlen(b);
	size_t r0[SUGGEST_MAX + 1], r1[SUGGEST_MAX + 1], r2[SUGGEST_MAX + 1];
	size_t *pp = r0, *p = r1, *c = r2;
	if (na > SUGGEST_MAX || nb > SUGGEST_MAX)
		return SUGGEST_MAX + 1;
	for (size_t j = 0; j <= nb; j++)
		p[j] = j;
	for (size_t i = 1; i <= na; i++) {
		int ai = fold ? lower((unsigned char)a[i - 1]) : a[i - 1];
		c[0] = i;
		for (size_t j = 1; j <= nb; j++) {
			int bj = fold ? lower((unsigned char)b[j - 1]) : b[j - 1];
			size_t cost = ai != bj;
			c[j] = min3(p[j] + 1, c[j - 1] + 1, p[j - 1] + cost);
			if (i > 1 && j > 1) {
				int ap = fold ? lower((unsigned char)a[i - 2]) : a[i - 2];
				int bp = fold ? lower((unsigned char)b[j - 2]) : b[j - 2];
				if (ai == bp && ap == bj && pp[j - 2] + 1 < c[j])
					c[j] = pp[j - 2] + 1;
			}
		}
		{
			size_t *t = pp;
			pp = p;
			p = c;
			c = t;
		}
	}
	return p[nb];
}

size_t suggest_best(const char *word, const char *const *cand, size_t n)
{
	size_t best = n, bd = (strlen(word) <= 4 ? 1 : 2) + 1;
	for (size_t i = 0; i < n; i++) {
		size_t d = suggest_distance(word, cand[i], 1);
		if (d > 0 && d < bd) {
			best = i;
			bd = d;
		}
	}
	return best;
}
