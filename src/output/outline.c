/*
 * outline.c - a line of output built in memory (see outline.h).  Sizes:
 * rows of a few dozen to a few hundred bytes; a buffer of 1 KiB, written
 * early only when a piece would not fit.
 */
#include "outline.h"

#include <math.h>
#include <string.h>

void outline_init(struct outline *l, FILE *f)
{
	l->f = f;
	l->n = 0;
}

/* Room for need more bytes: what is held is written when they would not
 * fit (need <= OUTLINE_SIZE). */
static void room(struct outline *l, size_t need)
{
	if (l->n + need > OUTLINE_SIZE) {
		fwrite(l->b, 1, l->n, l->f);
		l->n = 0;
	}
}

static void bytes(struct outline *l, const char *s, size_t k)
{
	if (k > OUTLINE_SIZE) {
		room(l, OUTLINE_SIZE);       /* everything held goes first */
		fwrite(s, 1, k, l->f);
		return;
	}
	room(l, k);
	memcpy(l->b + l->n, s, k);
	l->n += k;
}

void outline_str(struct outline *l, const char *s)
{
	bytes(l, s, strlen(s));
}

void outline_char(struct outline *l, char c)
{
	room(l, 1);
	l->b[l->n++] = c;
}

void outline_pad(struct outline *l, const char *s, size_t width)
{
	size_t k = strlen(s);
	bytes(l, s, k);
	for (; k < width; k++)
		outline_char(l, ' ');
}

void outline_fixed(struct outline *l, double v, int decimals, size_t width)
{
	char num[NUMFMT_SIZE];
	size_t k = numfmt_fixed(num, v, decimals);
	for (; k < width; width--)
		outline_char(l, ' ');
	bytes(l, num, k);
}

void outline_long(struct outline *l, long x)
{
	char num[24];
	bytes(l, num, numfmt_long(num, x));
}

/* "\tNA" for NaN: returns 1 when v is NaN and so written. */
static int na(struct outline *l, double v)
{
	if (!isnan(v))
		return 0;
	bytes(l, "\tNA", 3);
	return 1;
}

void outline_num(struct outline *l, double v, int decimals)
{
	char num[NUMFMT_SIZE];
	size_t k;
	if (na(l, v))
		return;
	k = numfmt_fixed(num, v, decimals);
	outline_char(l, '\t');
	/* "-0.0000" (or "-0"): zeros and the point after the sign */
	if (num[0] == '-' && strspn(num + 1, "0.") == k - 1)
		bytes(l, num + 1, k - 1);
	else
		bytes(l, num, k);
}

void outline_p(struct outline *l, double p, int decimals)
{
	char num[NUMFMT_SIZE];
	int k;
	if (na(l, p))
		return;
	k = snprintf(num, sizeof num, "\t%.*g", decimals > 0 ? decimals : 1, p);
	bytes(l, num, k > 0 ? (size_t)k : 0);
}

void outline_end(struct outline *l)
{
	outline_char(l, '\n');
	fwrite(l->b, 1, l->n, l->f);
	l->n = 0;
}
