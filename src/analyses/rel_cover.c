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
 * where the kept ones end; sm and lg each hold B).  With diff, the values
 * are z[j] - c[j], sieved as they are computed, not stored. */
__attribute__((target("avx512f"), always_inline))
static inline void sieve_vec(const double *z, const double *c, int diff,
			     size_t B, double L, double H, double *sm,
			     size_t *nb, double *lg, size_t *nt)
{
	const __m512d lv = _mm512_set1_pd(L), hv = _mm512_set1_pd(H);
	size_t n = 0, m = 0, j;
	for (j = 0; j + 8 <= B; j += 8) {
		__m512d y = _mm512_loadu_pd(z + j);
		__mmask8 ml, mh;
		if (diff)
			y = _mm512_sub_pd(y, _mm512_loadu_pd(c + j));
		ml = _mm512_cmp_pd_mask(y, lv, _CMP_LE_OQ);
		mh = _mm512_cmp_pd_mask(y, hv, _CMP_GE_OQ);
		_mm512_storeu_pd(sm + n, _mm512_maskz_compress_pd(ml, y));
		_mm512_storeu_pd(lg + m, _mm512_maskz_compress_pd(mh, y));
		n += (size_t)__builtin_popcount(ml);
		m += (size_t)__builtin_popcount(mh);
	}
	for (; j < B; j++) {
		double y = diff ? z[j] - c[j] : z[j];
		sm[n] = y;
		n += y <= L;
		lg[m] = y;
		m += y >= H;
	}
	*nb = n;
	*nt = m;
}

__attribute__((target("avx512f")))
static void sieve_wide(const double *z, size_t B, double L, double H,
		       double *sm, size_t *nb, double *lg, size_t *nt)
{
	sieve_vec(z, NULL, 0, B, L, H, sm, nb, lg, nt);
}

/* sieve_wide on the differences a[j] - c[j]: one pass where writing the
 * differences and sieving them took two. */
__attribute__((target("avx512f")))
static void sieve_diff_wide(const double *a, const double *c, size_t B,
			    double L, double H, double *sm, size_t *nb,
			    double *lg, size_t *nt)
{
	sieve_vec(a, c, 1, B, L, H, sm, nb, lg, nt);
}

/* z[j] = a[j] - c[j] for j < B, 8 to a vector. */
__attribute__((target("avx512f")))
static void diff_wide(const double *a, const double *c, size_t B, double *z)
{
	size_t j = 0;
	for (; j + 8 <= B; j += 8)
		_mm512_storeu_pd(z + j, _mm512_sub_pd(_mm512_loadu_pd(a + j),
						      _mm512_loadu_pd(c + j)));
	for (; j < B; j++)
		z[j] = a[j] - c[j];
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

#ifdef COMPARE_HAVE_WIDE
/* The wide tails (coverage_tails with AVX-512): the order statistics of
 * the sieve's copies by partitions of 8 values to a vector, and the
 * values below or above their held-out quantiles counted by vector, all
 * without a branch on the values but the partition's side.  The copies
 * of one tail are at most TAIL_CAP (about 70 at the bench's size, some
 * hundreds where many values are tied). */
#define TAIL_CAP 1024
#define TAIL_BUF (TAIL_CAP + 8)

/* The lanes of the vector at i of n values. */
static __mmask8 lanes(size_t i, size_t n)
{
	return i >= n ? 0 : n - i >= 8 ? 0xff : (__mmask8)((1u << (n - i)) - 1);
}

static double mid3(double a, double b, double c)
{
	double lo = a < b ? a : b, hi = a < b ? b : a;
	return c < lo ? lo : c > hi ? hi : c;
}

/* The k-th smallest (0-based) of x[0..n), among at most 16 values: the
 * one with fewer than k + 1 values below it and more than k at or
 * below it. */
__attribute__((target("avx512f")))
static double select_few(const double *x, size_t n, size_t k)
{
	__mmask8 m0 = lanes(0, n), m1 = lanes(8, n);
	__m512d v0 = _mm512_maskz_loadu_pd(m0, x);
	__m512d v1 = _mm512_maskz_loadu_pd(m1, x + 8);
	for (size_t i = 0; i < n; i++) {
		__m512d y = _mm512_set1_pd(x[i]);
		size_t lt = (size_t)__builtin_popcount(
			_mm512_mask_cmp_pd_mask(m0, v0, y, _CMP_LT_OQ)) +
			(size_t)__builtin_popcount(
			_mm512_mask_cmp_pd_mask(m1, v1, y, _CMP_LT_OQ));
		size_t le = (size_t)__builtin_popcount(
			_mm512_mask_cmp_pd_mask(m0, v0, y, _CMP_LE_OQ)) +
			(size_t)__builtin_popcount(
			_mm512_mask_cmp_pd_mask(m1, v1, y, _CMP_LE_OQ));
		if (lt <= k && k < le)
			return x[i];
	}
	return x[0];     /* not reached: some value has rank k */
}

/* The k-th smallest (0-based) of x[0..n), n <= TAIL_CAP, x unchanged:
 * partitions around the median of three of the values, those below
 * and those above compressed by vector to two of the three buffers of
 * buf (3 TAIL_BUF doubles) other than the one read; then select_few. */
__attribute__((target("avx512f")))
static double select_wide(const double *x, size_t n, size_t k, double *buf)
{
	const double *src = x;
	int cur = -1;                 /* src's buffer, or -1 for x */
	while (n > 16) {
		double p = mid3(src[0], src[n / 2], src[n - 1]);
		int u = cur == 0, g = cur == 2 || cur < 0 ? 1 : 2;
		double *lo = buf + u * TAIL_BUF, *hi = buf + g * TAIL_BUF;
		__m512d pv = _mm512_set1_pd(p);
		size_t nl = 0, ng = 0;
		for (size_t i = 0; i < n; i += 8) {
			__mmask8 m = lanes(i, n);
			__m512d y = _mm512_maskz_loadu_pd(m, src + i);
			__mmask8 ml = _mm512_mask_cmp_pd_mask(m, y, pv, _CMP_LT_OQ);
			__mmask8 mg = _mm512_mask_cmp_pd_mask(m, y, pv, _CMP_GT_OQ);
			_mm512_storeu_pd(lo + nl, _mm512_maskz_compress_pd(ml, y));
			_mm512_storeu_pd(hi + ng, _mm512_maskz_compress_pd(mg, y));
			nl += (size_t)__builtin_popcount(ml);
			ng += (size_t)__builtin_popcount(mg);
		}
		if (k < nl) {
			src = lo, cur = u, n = nl;
		} else if (k < n - ng) {
			return p;        /* p itself, and its copies */
		} else {
			k -= n - ng;
			src = hi, cur = g, n = ng;
		}
	}
	return select_few(src, n, k);
}

/* Of x[0..n): the values below v (*lt) and equal to it (*eq); the
 * largest below v (-inf if none) and the least above it (+inf). */
__attribute__((target("avx512f")))
static void around(const double *x, size_t n, double v, size_t *lt,
		   size_t *eq, double *below, double *above)
{
	__m512d vv = _mm512_set1_pd(v), mx = _mm512_set1_pd(-INFINITY);
	__m512d mn = _mm512_set1_pd(INFINITY);
	size_t a = 0, e = 0;
	for (size_t i = 0; i < n; i += 8) {
		__mmask8 m = lanes(i, n);
		__m512d y = _mm512_maskz_loadu_pd(m, x + i);
		__mmask8 ml = _mm512_mask_cmp_pd_mask(m, y, vv, _CMP_LT_OQ);
		__mmask8 me = _mm512_mask_cmp_pd_mask(m, y, vv, _CMP_EQ_OQ);
		__mmask8 mg = _mm512_mask_cmp_pd_mask(m, y, vv, _CMP_GT_OQ);
		mx = _mm512_mask_max_pd(mx, ml, mx, y);
		mn = _mm512_mask_min_pd(mn, mg, mn, y);
		a += (size_t)__builtin_popcount(ml);
		e += (size_t)__builtin_popcount(me);
	}
	*lt = a;
	*eq = e;
	*below = _mm512_reduce_max_pd(mx);
	*above = _mm512_reduce_min_pd(mn);
}

/* three_at with AVX-512 for n <= TAIL_CAP, x unchanged: the one
 * selection, then the next two values below it (or above it with
 * from_top) by their counts; buf is select_wide's. */
__attribute__((target("avx512f")))
static void three_wide(const double *x, size_t n, size_t r, int from_top,
		       double *o, double *buf)
{
	size_t lt, eq, lt1, eq1;
	double v, b1, a1, b2, a2;
	if (!from_top) {         /* ranks r + 2, then r + 1 and r below */
		v = select_wide(x, n, r + 2, buf);
		around(x, n, v, &lt, &eq, &b1, &a1);
		o[2] = v;
		o[1] = lt <= r + 1 ? v : b1;
		if (lt <= r + 1) {
			o[0] = lt <= r ? v : b1;
			return;
		}
		around(x, n, b1, &lt1, &eq1, &b2, &a2);
		o[0] = eq1 >= 2 ? b1 : b2;
		return;
	}
	v = select_wide(x, n, r, buf);      /* rank r, then r + 1, r + 2 */
	around(x, n, v, &lt, &eq, &b1, &a1);
	o[0] = v;
	o[1] = lt + eq >= r + 2 ? v : a1;
	if (lt + eq >= r + 2) {
		o[2] = lt + eq >= r + 3 ? v : a1;
		return;
	}
	around(x, n, a1, &lt1, &eq1, &b2, &a2);
	o[2] = eq1 >= 2 ? a1 : a2;
}

/* sieve_bounds with select_wide. */
__attribute__((target("avx512f")))
static void bounds_wide(const double *z, size_t B, double *lo, double *hi)
{
	double x[SIEVE_SAMPLE], buf[3 * TAIL_BUF];
	for (size_t q = 0; q < SIEVE_SAMPLE; q++)
		x[q] = z[q * (B / SIEVE_SAMPLE)];
	*lo = select_wide(x, SIEVE_SAMPLE, SIEVE_RANK - 1, buf);
	*hi = select_wide(x, SIEVE_SAMPLE, SIEVE_SAMPLE - SIEVE_RANK, buf);
}

/* The values of x[0..n) below held_q(o, q, value), or with above, above
 * it. */
__attribute__((target("avx512f")))
static size_t held_count(const double *x, size_t n, const double *o,
			 const double *q, int above)
{
	__m512d o0 = _mm512_set1_pd(o[0]), o1 = _mm512_set1_pd(o[1]);
	__m512d q0 = _mm512_set1_pd(q[0]), q1 = _mm512_set1_pd(q[1]);
	__m512d q2 = _mm512_set1_pd(q[2]);
	size_t cnt = 0;
	for (size_t i = 0; i < n; i += 8) {
		__mmask8 m = lanes(i, n);
		__m512d y = _mm512_maskz_loadu_pd(m, x + i), qv;
		__mmask8 a0 = _mm512_cmp_pd_mask(o0, y, _CMP_LT_OQ);
		__mmask8 a1 = _mm512_cmp_pd_mask(o1, y, _CMP_LT_OQ);
		qv = _mm512_mask_blend_pd(a0, q0, _mm512_mask_blend_pd(a1, q1, q2));
		cnt += (size_t)__builtin_popcount(above
			? _mm512_mask_cmp_pd_mask(m, y, qv, _CMP_GT_OQ)
			: _mm512_mask_cmp_pd_mask(m, y, qv, _CMP_LT_OQ));
	}
	return cnt;
}
#endif

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

/* The tails of z[0..B) for compare_coverage: the values at or below a
 * lower bound into sm (*nb of them) and those at or above an upper
 * bound into lg (*nt), at least kb and kt of them (the kb smallest and
 * kt largest, and the values tied with them, are then among them).  The
 * bounds are hint's, else (or when they do not hold as many) the
 * sieve's, else (rarely) every value is sorted into both. */
static void tails_of(const double *z, size_t B, size_t kb, size_t kt,
		     int wide, const double *hint, double *sm, size_t *nb,
		     double *lg, size_t *nt)
{
	double L, H;
	if (hint && sieve(z, B, wide, hint[0], hint[1], kb, kt, sm, nb, lg, nt))
		return;
#ifdef COMPARE_HAVE_WIDE
	if (wide >= 2)
		bounds_wide(z, B, &L, &H);
	else
#endif
		sieve_bounds(z, B, &L, &H);
	if (sieve(z, B, wide, L, H, kb, kt, sm, nb, lg, nt))
		return;
	memcpy(sm, z, B * sizeof *sm);
	stats_sort(sm, B);
	memcpy(lg, sm, B * sizeof *lg);
	*nb = *nt = B;
}

/* compare_coverage with B >= 16 and lo2 >= lo1 + 3, from the tails sm
 * and lg of tails_of (kt = B - lo2) and the held-out value v = z[B - 1].
 * The held-out intervals need only the order statistics lo1..lo1+2 and
 * lo2..lo2+2, selected among the tails: O(B) instead of a sort.  Each
 * value is then classed by comparisons: only one at or below x[lo1 + 1]
 * can fall below its interval (any other is at least the lower bound,
 * ties included), and only one at or above x[lo2 + 1] above it; those
 * are among the tails. */
static void tails_count(double *sm, size_t nb, double *lg, size_t nt,
			size_t B, size_t lo1, size_t kt, double v, int wide,
			struct coverage *c)
{
	size_t nlow = 0, nhigh = 0;
	double qa[3], qb[3], bot[3], top[3];
#ifdef COMPARE_HAVE_WIDE
	if (wide >= 2 && nb <= TAIL_CAP && nt <= TAIL_CAP) {
		double buf[3 * TAIL_BUF];
		three_wide(sm, nb, lo1, 0, bot, buf);
		three_wide(lg, nt, nt - kt, 1, top, buf);
		q7_cases(bot, B, 0.025, qa);
		q7_cases(top, B, 0.975, qb);
		nlow = held_count(sm, nb, bot, qa, 0);
		nhigh = held_count(lg, nt, top, qb, 1);
	} else
#endif
	{
		three_at(sm, nb, lo1, 0, bot);
		three_at(lg, nt, nt - kt, 1, top);
		q7_cases(bot, B, 0.025, qa);
		q7_cases(top, B, 0.975, qb);
		for (size_t i = 0; i < nb; i++)
			nlow += sm[i] < held_q(bot, qa, sm[i]);
		for (size_t i = 0; i < nt; i++)
			nhigh += lg[i] > held_q(top, qb, lg[i]);
	}
	c->loo[0] += nlow;
	c->loo[1] += B - nlow - nhigh;
	c->loo[2] += nhigh;
	c->hold[v < held_q(bot, qa, v) ? 0 : v > held_q(top, qb, v) ? 2 : 1]++;
}

/* The ranks lo1 and lo2 of the order statistics of the intervals of B
 * values; 1 when the tails way applies (B >= 16 and lo2 >= lo1 + 3). */
static int tail_ranks(size_t B, size_t *lo1, size_t *lo2)
{
	size_t n = B - 1;
	*lo1 = B >= 2 ? (size_t)floor((double)(n - 1) * 0.025) : 0;
	*lo2 = B >= 2 ? (size_t)floor((double)(n - 1) * 0.975) : 0;
	return B >= 16 && *lo2 >= *lo1 + 3;
}

/* compare_coverage, with bounds for the tails (hint[0], hint[1]) or
 * NULL. */
void compare_coverage_hint(const double *z, size_t B, double *x, int wide,
			   const double *hint, struct coverage *c)
{
	size_t lo1, lo2, nb, nt;
	if (tail_ranks(B, &lo1, &lo2)) {
		tails_of(z, B, lo1 + 3, B - lo2, wide, hint, x, &nb, x + B,
			 &nt);
		tails_count(x, nb, x + B, nt, B, lo1, B - lo2, z[B - 1], wide,
			    c);
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

/* The differences a - c of B values into z. */
static void diff_into(const double *restrict a, const double *restrict c,
		      size_t B, double *restrict z, int wide)
{
#ifdef COMPARE_HAVE_WIDE
	if (wide >= 2) {
		diff_wide(a, c, B, z);
		return;
	}
#else
	(void)wide;
#endif
	for (size_t b = 0; b < B; b++)
		z[b] = a[b] - c[b];
}

void compare_coverage_diff(const double *a, const double *c, size_t B,
			   double *z, double *x, int wide, const double *hint,
			   struct coverage *cv)
{
#ifdef COMPARE_HAVE_WIDE
	size_t lo1, lo2, nb, nt;
	if (wide >= 2 && hint && tail_ranks(B, &lo1, &lo2)) {
		sieve_diff_wide(a, c, B, hint[0], hint[1], x, &nb, x + B, &nt);
		if (nb >= lo1 + 3 && nt >= B - lo2) {
			tails_count(x, nb, x + B, nt, B, lo1, B - lo2,
				    a[B - 1] - c[B - 1], wide, cv);
			return;
		}
		hint = NULL;      /* it does not hold the tails */
	}
#endif
	diff_into(a, c, B, z, wide);
	compare_coverage_hint(z, B, x, wide, hint, cv);
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

