/*
 * rel_cover.c - the coverage of --reliability's held-out and
 * leave-one-out intervals (see compare.h, compare_coverage): for the B
 * values of one (pair, topic, measure) triple, how many fall below, in
 * and above the 95% interval of the others.  Called once per triple
 * (8256 pairs x 50 topics x 6 measures at the bench's size), each on
 * B = 1000 values or so: the interval's order statistics are selected
 * among the few values beyond bounds found in one pass, not sorted.
 */
#include "compare.h"
#include "stats.h"

#include <math.h>
#include <string.h>

/* Type-7 quantile p of the sorted x[0..B-1] without the element at r. */
static double q7_without(const double *x, size_t B, size_t r, double p)
{
	size_t n = B - 1, lo;
	double h = (double)(n - 1) * p, a, b;
	lo = (size_t)floor(h);
	a = x[lo < r ? lo : lo + 1];
	if (lo + 1 >= n)
		return a;
	b = x[lo + 1 < r ? lo + 1 : lo + 2];
	return a + (h - (double)lo) * (b - a);
}

/* Values sampled, and the rank in the sample of the sieve's bounds. */
#define SIEVE_SAMPLE 64
#define SIEVE_RANK 6

/* The sieve's bounds for z[0..B): *lo, the SIEVE_RANK-th smallest of a
 * sample of SIEVE_SAMPLE values, and *hi, the SIEVE_RANK-th largest
 * (found by selection, without a branch on the values), which usually
 * have more than the tails of the held-out intervals at or beyond
 * them. */
static void sieve_bounds(const double *z, size_t B, double *lo, double *hi)
{
	double x[SIEVE_SAMPLE];
	for (size_t q = 0; q < SIEVE_SAMPLE; q++)
		x[q] = z[q * (B / SIEVE_SAMPLE)];
	*lo = stats_select(x, SIEVE_SAMPLE, 0, SIEVE_RANK - 1, NULL);
	*hi = stats_select(x, SIEVE_SAMPLE, SIEVE_RANK,
			   SIEVE_SAMPLE - SIEVE_RANK, NULL);
}

/* The values of z[0..B) at or below L into sm, *nb of them, and those
 * at or above H into lg, *nt of them, without a branch.  The plain
 * loop. */
static void sieve_plain(const double *z, size_t B, double L, double H,
			double *sm, size_t *nb, double *lg, size_t *nt)
{
	size_t a = 0, b = 0;
	for (size_t j = 0; j < B; j++) {
		double y = z[j];
		sm[a] = y;
		a += y <= L;
		lg[b] = y;
		b += y >= H;
	}
	*nb = a;
	*nt = b;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define COMPARE_HAVE_WIDE 1
#include <immintrin.h>

/* The same with 8 values to an AVX-512 vector, those kept compressed
 * to the front of it and the whole vector stored (the next store starts
 * where the kept ones end; sm and lg each hold B). */
__attribute__((target("avx512f")))
static void sieve_wide(const double *z, size_t B, double L, double H,
		       double *sm, size_t *nb, double *lg, size_t *nt)
{
	const __m512d lv = _mm512_set1_pd(L), hv = _mm512_set1_pd(H);
	size_t a = 0, b = 0, j;
	for (j = 0; j + 8 <= B; j += 8) {
		__m512d y = _mm512_loadu_pd(z + j);
		__mmask8 ml = _mm512_cmp_pd_mask(y, lv, _CMP_LE_OQ);
		__mmask8 mh = _mm512_cmp_pd_mask(y, hv, _CMP_GE_OQ);
		_mm512_storeu_pd(sm + a, _mm512_maskz_compress_pd(ml, y));
		_mm512_storeu_pd(lg + b, _mm512_maskz_compress_pd(mh, y));
		a += (size_t)__builtin_popcount(ml);
		b += (size_t)__builtin_popcount(mh);
	}
	sieve_plain(z + j, B - j, L, H, sm + a, nb, lg + b, nt);
	*nb += a;
	*nt += b;
}
#endif

int compare_wide(void)
{
#ifdef COMPARE_HAVE_WIDE
	if (__builtin_cpu_supports("avx512f"))
		return 2;
	return __builtin_cpu_supports("popcnt") != 0;
#else
	return 0;
#endif
}

/* The order statistics r, r + 1, r + 2 (0-based) of x[0..n), r + 2 <
 * n, into o: one selection, of r + 2 (nothing larger before it) or,
 * with from_top, of r (nothing smaller after it), and the two largest
 * before it or the two smallest after it (a pass without a branch: the
 * two extremes of a multiset). */
static void three_at(double *x, size_t n, size_t r, int from_top, double *o)
{
	double a = -INFINITY, b = -INFINITY;   /* the largest, the next */
	if (!from_top) {
		o[2] = stats_select(x, n, 0, r + 2, NULL);
		for (size_t i = 0; i < r + 2; i++) {
			double v = x[i], lo = v < a ? v : a;
			a = v < a ? a : v;
			b = lo < b ? b : lo;
		}
		o[0] = b;
		o[1] = a;
		return;
	}
	a = b = INFINITY;                      /* the smallest, the next */
	o[0] = stats_select(x, n, 0, r, NULL);
	for (size_t i = r + 1; i < n; i++) {
		double v = x[i], hi = v < a ? a : v;
		a = v < a ? v : a;
		b = hi < b ? hi : b;
	}
	o[1] = a;
	o[2] = b;
}

/* The held-out quantile p for a value z of lower-bound rank r, from the
 * order statistics o[0..2] = x[lo], x[lo+1], x[lo+2], lo = floor((B - 2)
 * p): what q7_without computes.  Only three cases of r matter - r <= lo
 * (z <= x[lo]), r = lo + 1 (x[lo] < z <= x[lo+1]) and r > lo + 1 - so
 * the quantile is one of q[0..2], computed as q7_without does. */
static void q7_cases(const double *o, size_t B, double p, double *q)
{
	size_t n = B - 1, lo;
	double h = (double)(n - 1) * p;
	lo = (size_t)floor(h);
	q[0] = o[1] + (h - (double)lo) * (o[2] - o[1]);
	q[1] = o[0] + (h - (double)lo) * (o[2] - o[0]);
	q[2] = o[0] + (h - (double)lo) * (o[1] - o[0]);
}

/* The held-out quantile for value v: q[0..2] of q7_cases by where v
 * lies against the order statistics o[0] and o[1]. */
static double held_q(const double *o, const double *q, double v)
{
	return !(o[0] < v) ? q[0] : !(o[1] < v) ? q[1] : q[2];
}

/* The values of z[0..B) at or below L into sm and those at or above H
 * into lg (*nb and *nt of them), when those are at least kb and kt;
 * else 0. */
static int sieve(const double *z, size_t B, int wide, double L, double H,
		 size_t kb, size_t kt, double *sm, size_t *nb, double *lg,
		 size_t *nt)
{
#ifdef COMPARE_HAVE_WIDE
	if (wide >= 2)
		sieve_wide(z, B, L, H, sm, nb, lg, nt);
	else
#else
	(void)wide;
#endif
		sieve_plain(z, B, L, H, sm, nb, lg, nt);
	return *nb >= kb && *nt >= kt;
}

/* compare_coverage with B >= 16 and lo2 >= lo1 + 3.  The held-out
 * intervals need only the order statistics lo1..lo1+2 and lo2..lo2+2:
 * one pass, without a branch, copies the values at or below a lower
 * bound to x (the lo1 + 3 smallest and those tied with them are among
 * them, when there are as many) and those at or above an upper bound to
 * x + B; the order statistics are selected among those, O(B) instead of
 * a sort.  The bounds are hint's, else (or when they do not hold as
 * many) the sieve's, else (rarely) every value is sorted.  Each value is
 * then classed by comparisons: only one at or below x[lo1 + 1] can fall
 * below its interval (any other is at least the lower bound, ties
 * included), and only one at or above x[lo2 + 1] above it; those are
 * among the copies. */
static void coverage_tails(const double *z, size_t B, size_t lo1, size_t lo2,
			   double *x, int wide, const double *hint,
			   struct coverage *c)
{
	size_t kb = lo1 + 3, kt = B - lo2, nb, nt, nlow = 0, nhigh = 0;
	double *sm = x, *lg = x + B, qa[3], qb[3], bot[3], top[3], v, L, H;
	int ok = hint && sieve(z, B, wide, hint[0], hint[1], kb, kt, sm, &nb,
			       lg, &nt);
	if (!ok) {
		sieve_bounds(z, B, &L, &H);
		ok = sieve(z, B, wide, L, H, kb, kt, sm, &nb, lg, &nt);
	}
	if (!ok) {
		memcpy(sm, z, B * sizeof *x);
		stats_sort(sm, B);
		memcpy(lg, sm, B * sizeof *x);
		nb = nt = B;
	}
	three_at(sm, nb, lo1, 0, bot);
	three_at(lg, nt, nt - kt, 1, top);
	q7_cases(bot, B, 0.025, qa);
	q7_cases(top, B, 0.975, qb);
	for (size_t i = 0; i < nb; i++)
		nlow += sm[i] < held_q(bot, qa, sm[i]);
	for (size_t i = 0; i < nt; i++)
		nhigh += lg[i] > held_q(top, qb, lg[i]);
	c->loo[0] += nlow;
	c->loo[1] += B - nlow - nhigh;
	c->loo[2] += nhigh;
	v = z[B - 1];
	c->hold[v < held_q(bot, qa, v) ? 0 : v > held_q(top, qb, v) ? 2 : 1]++;
}

/* compare_coverage, with bounds for the tails (hint[0], hint[1]) or
 * NULL. */
void compare_coverage_hint(const double *z, size_t B, double *x, int wide,
			   const double *hint, struct coverage *c)
{
	size_t n = B - 1, lo1, lo2;
	lo1 = B >= 2 ? (size_t)floor((double)(n - 1) * 0.025) : 0;
	lo2 = B >= 2 ? (size_t)floor((double)(n - 1) * 0.975) : 0;
	if (B >= 16 && lo2 >= lo1 + 3) {
		coverage_tails(z, B, lo1, lo2, x, wide, hint, c);
		return;
	}
	/* few values: sort them all */
	memcpy(x, z, B * sizeof *x);
	stats_sort(x, B);
	for (size_t j = 0; j < B; j++) {
		size_t lo = 0, hi = B, r;
		double a, b;
		int cls;
		while (lo < hi) {   /* first index with x >= z[j] */
			size_t mid = lo + (hi - lo) / 2;
			if (x[mid] < z[j])
				lo = mid + 1;
			else
				hi = mid;
		}
		r = lo;
		a = q7_without(x, B, r, 0.025);
		b = q7_without(x, B, r, 0.975);
		cls = z[j] < a ? 0 : z[j] > b ? 2 : 1;
		c->loo[cls]++;
		if (j == B - 1)
			c->hold[cls]++;
	}
}

void compare_coverage(const double *z, size_t B, double *x, int wide,
		      struct coverage *c)
{
	compare_coverage_hint(z, B, x, wide, NULL, c);
}

double compare_triple(const double *z, size_t B, double mean, double *x,
		      int wide, struct coverage *c)
{
	double ss = 0;
	for (size_t j = 0; j < B; j++)
		ss += (z[j] - mean) * (z[j] - mean);
	compare_coverage(z, B, x, wide, c);
	return B < 2 ? NAN : sqrt(ss / (double)(B - 1));
}

