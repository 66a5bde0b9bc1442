/*
 * stats_order.c - order statistics without a full sort (see stats.h):
 * several ranks of one vector at once (stats_order_stats: a counting pass
 * over the values' top bits, then a selection within the few buckets
 * that hold the ranks; --meld's quantiles over a million values), and
 * the quantile of one tail (stats_quantile_tail: the tail selected among
 * the values beyond a sample's bound; the summaries' interval ends).
 */
#include "stats.h"
#include "xalloc.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Put the order statistics of ranks r[0..nr) (distinct, ascending, in
 * [lo, hi)) of x in their places: x[r[i]] the r[i]-th smallest, by
 * selection in halves (the middle rank first, then each side within its
 * bounds).  x[lo..hi) holds no value below one before lo or above one
 * from hi on. */
static void select_ranks(double *x, size_t lo, size_t hi, const size_t *r,
			 size_t nr)
{
	size_t mid = nr / 2;
	if (nr == 0)
		return;
	stats_select(x, hi, lo, r[mid], NULL);
	select_ranks(x, lo, r[mid], r, mid);
	select_ranks(x, r[mid] + 1, hi, r + mid + 1, nr - mid - 1);
}

#define DIGIT 16   /* bits of the first digit of stats_order_stats */

/* A key of x whose unsigned order is the order of the doubles (x not
 * NaN; -0 just below +0), without a branch on the sign (as random as the
 * data). */
static uint64_t order_key(double x)
{
	uint64_t u, top = (uint64_t)1 << 63;
	memcpy(&u, &x, sizeof u);
	return u ^ ((0 - (u >> 63)) | top);
}

/* The buckets (first DIGIT bits of the key) of ranks r[0..nr) from the
 * counts h: for each distinct one, in bk[g], its count, the rank of its
 * least value (base) and its place in the gathered values (off); returns
 * how many, *tot the values to gather. */
static size_t rank_buckets(const size_t *h, const size_t *r, size_t nr,
			   size_t *bk, size_t *cnt, size_t *base, size_t *off,
			   size_t *tot)
{
	size_t ng = 0, q = 0, cum = 0;
	*tot = 0;
	for (size_t b = 0; q < nr; cum += h[b++])
		for (; q < nr && r[q] < cum + h[b]; q++)
			if (ng == 0 || bk[ng - 1] != b) {
				bk[ng] = b, cnt[ng] = h[b], base[ng] = cum;
				off[ng++] = *tot;
				*tot += h[b];
			}
	return ng;
}

void stats_order_stats(const double *x, size_t n, const size_t *r, size_t nr,
		       double *v)
{
	size_t *h = xcalloc((size_t)1 << DIGIT, sizeof *h);
	size_t *g5 = xcalloc(size_mul(5, nr ? nr : 1), sizeof *g5);
	size_t *bk = g5, *cnt = g5 + nr, *base = g5 + 2 * nr, *off = g5 + 3 * nr;
	size_t *rr = g5 + 4 * nr;      /* the ranks within the gathered */
	size_t ng, tot;
	double *buf;
	for (size_t i = 0; i < n; i++)
		h[order_key(x[i]) >> (64 - DIGIT)]++;
	ng = rank_buckets(h, r, nr, bk, cnt, base, off, &tot);
	memset(h, 0, ((size_t)1 << DIGIT) * sizeof *h);
	for (size_t g = 0; g < ng; g++)      /* h[b]: 1 + where b goes next */
		h[bk[g]] = off[g] + 1;
	buf = xcalloc(tot ? tot : 1, sizeof *buf);
	for (size_t i = 0; i < n; i++) {
		size_t *to = &h[order_key(x[i]) >> (64 - DIGIT)];
		if (*to)
			buf[(*to)++ - 1] = x[i];
	}
	for (size_t q = 0, g = 0; q < nr; q++) {
		while (r[q] >= base[g] + cnt[g])
			g++;
		rr[q] = off[g] + r[q] - base[g];
	}
	for (size_t g = 0, q = 0; g < ng; g++) {
		size_t q0 = q;
		while (q < nr && rr[q] < off[g] + cnt[g])
			q++;
		select_ranks(buf, off[g], off[g] + cnt[g], rr + q0, q - q0);
	}
	for (size_t q = 0; q < nr; q++)
		v[q] = buf[rr[q]];
	free(buf);
	free(g5);
	free(h);
}

/* The m smallest of x[0..n) (m <= n), ascending, into buf; with
 * largest, the m largest, descending. */
static void tail_of(const double *x, size_t n, size_t m, int largest,
		    double *buf)
{
	size_t cnt = 0;
	for (size_t i = 0; i < n; i++) {
		double v = x[i];
		size_t j;
		if (cnt == m && !(largest ? v > buf[m - 1] : v < buf[m - 1]))
			continue;
		j = cnt < m ? cnt++ : m - 1;
		while (j > 0 && (largest ? v > buf[j - 1] : v < buf[j - 1])) {
			buf[j] = buf[j - 1];
			j--;
		}
		buf[j] = v;
	}
}

/* Values stats_quantile_tail samples for a sieve. */
#define SIEVE_SAMPLE 64

/* Order statistics r and r + 1 (0-based) of x[0..n) into *a and *b,
 * r + 2 = m <= STATS_TAIL, found among the values at or below a bound
 * (with largest: *b and *a are ranks r and r + 1 counted from the top,
 * r + 2 = m, found among the values at or above it): the
 * bound is a sample's value of about twice the rank needed, the values
 * past it are copied to scratch without a branch, and the two are
 * selected there when there are m of them, else (rarely) 0. */
static int tail_sieve(const double *x, size_t n, size_t r, size_t m,
		      int largest, double *scratch, double *a, double *b)
{
	double sample[SIEVE_SAMPLE], bound;
	size_t k = 2 * SIEVE_SAMPLE * m / n + 3, cnt = 0;
	if (n < 8 * SIEVE_SAMPLE || k >= SIEVE_SAMPLE)
		return 0;
	for (size_t q = 0; q < SIEVE_SAMPLE; q++)
		sample[q] = x[q * (n / SIEVE_SAMPLE)];
	bound = stats_select(sample, SIEVE_SAMPLE, 0,
			     largest ? SIEVE_SAMPLE - 1 - k : k, NULL);
	for (size_t i = 0; i < n; i++) {
		double v = x[i];
		scratch[cnt] = v;
		cnt += largest ? v >= bound : v <= bound;
	}
	if (cnt < m)
		return 0;
	/* from the top, r is the rank of b: a is cnt - 2 - r from the bottom */
	*a = stats_select(scratch, cnt, 0, largest ? cnt - 2 - r : r, b);
	return 1;
}

double stats_quantile_tail(const double *x, size_t n, double p,
			   double *scratch)
{
	double f, a, b;
	size_t lo;
	if (n == 0)
		return NAN;
	lo = stats_type7(n, p, &f);
	if (lo >= n - 1) {          /* the largest */
		tail_of(x, n, 1, 1, scratch);
		return scratch[0];
	}
	if (lo + 2 <= STATS_TAIL) {           /* ranks lo, lo + 1 */
		if (!tail_sieve(x, n, lo, lo + 2, 0, scratch, &a, &b)) {
			tail_of(x, n, lo + 2, 0, scratch);
			a = scratch[lo];
			b = scratch[lo + 1];
		}
	} else if (n - lo <= STATS_TAIL) {    /* n - 1 - lo from the top */
		if (!tail_sieve(x, n, n - 2 - lo, n - lo, 1, scratch, &a, &b)) {
			tail_of(x, n, n - lo, 1, scratch);
			a = scratch[n - 1 - lo];
			b = scratch[n - 2 - lo];
		}
	} else {
		memcpy(scratch, x, n * sizeof *x);
		return stats_quantile_select(scratch, n, 0, p);
	}
	return a + f * (b - a);
}

