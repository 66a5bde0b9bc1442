/*
 * moments.c - the sums of --pairs' t-tests, and each image's |t| (see
 * moments.h).
 *
 * A block of images keeps its sums in registers while the topics go by:
 * 16 images in four AVX2 vectors per sum, or 8 in plain C (which compilers
 * make SSE2 operations), with the same operations on each image in the
 * same order (ISO C mode, which the build uses, does not fuse a multiply
 * and an add, and AVX2 alone has no fused instruction).  Reading two
 * rows per topic, a megabyte apart in the table of kept images, is the
 * cost, so the rows of a later topic are asked for ahead.  The |t| of
 * the images, a square root and two divisions each, go 8 to an AVX-512
 * vector where the processor has it, with the same operations.
 *
 * Where the processor has AVX-512, up to four pairs with one second run
 * go side by side (moments_pairs): 16 images of each in two vectors per
 * sum, the second run's row read once per topic for all of them.  Their
 * caller (pairs.c) gives them the kept images' blocks, where a run's
 * rows of every topic are together and aligned (boot.h): rows each on a
 * page of its own and split across cache lines cost more than the
 * arithmetic.  (Taking many pairs topic by topic, their sums kept in
 * memory between topics, was slower.)
 */
#include "moments.h"

#include "stats.h"

#include <math.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define MOMENTS_HAVE_WIDE 1
#include <immintrin.h>
#endif

int moments_wide(void)
{
#ifdef MOMENTS_HAVE_WIDE
	if (__builtin_cpu_supports("avx512f"))
		return 2;
	return __builtin_cpu_supports("avx2") != 0;
#else
	return 0;
#endif
}

/* moments_pair on w <= 8 images: the sums in registers across the
 * topics, so that nothing but the two runs' rows is read. */
static void pair_plain(double *restrict mz, double *restrict ss,
		       const double *restrict ta, const double *restrict tc,
		       size_t stride, size_t nt, size_t w)
{
	double z[8] = { 0 }, q[8] = { 0 };
	for (size_t t = 0; t < nt; t++)
		for (size_t l = 0; l < w; l++)
			z[l] += ta[t * stride + l] - tc[t * stride + l];
	for (size_t l = 0; l < w; l++)
		z[l] /= (double)nt;
	for (size_t t = 0; t < nt; t++)
		for (size_t l = 0; l < w; l++) {
			double e = (ta[t * stride + l] - tc[t * stride + l]) -
				   z[l];
			q[l] += e * e;
		}
	memcpy(mz, z, w * sizeof *z);
	memcpy(ss, q, w * sizeof *q);
}

#ifdef MOMENTS_HAVE_WIDE
/* pair_plain's sums on 16 images, in four AVX2 vectors of each
 * sum (named, not an array: an array of vectors is kept in memory). */
#define LD4(p, v) _mm256_loadu_pd((p) + 4 * (v))
#define DIFF4(v) _mm256_sub_pd(LD4(a, v), LD4(c, v))
__attribute__((target("avx2")))
static void pair16_wide(double *restrict mz, double *restrict ss,
			const double *restrict ta, const double *restrict tc,
			size_t stride, size_t nt)
{
	__m256d z0 = _mm256_setzero_pd(), z1 = z0, z2 = z0, z3 = z0;
	__m256d q0 = z0, q1 = z0, q2 = z0, q3 = z0, n, e0, e1, e2, e3;
	for (size_t t = 0; t < nt; t++) {
		const double *a = ta + t * stride, *c = tc + t * stride;
		if (t + 6 < nt) {
			_mm_prefetch((const char *)(a + 6 * stride), _MM_HINT_T0);
			_mm_prefetch((const char *)(a + 6 * stride + 8), _MM_HINT_T0);
			_mm_prefetch((const char *)(c + 6 * stride), _MM_HINT_T0);
			_mm_prefetch((const char *)(c + 6 * stride + 8), _MM_HINT_T0);
		}
		z0 = _mm256_add_pd(z0, DIFF4(0));
		z1 = _mm256_add_pd(z1, DIFF4(1));
		z2 = _mm256_add_pd(z2, DIFF4(2));
		z3 = _mm256_add_pd(z3, DIFF4(3));
	}
	n = _mm256_set1_pd((double)nt);
	z0 = _mm256_div_pd(z0, n);
	z1 = _mm256_div_pd(z1, n);
	z2 = _mm256_div_pd(z2, n);
	z3 = _mm256_div_pd(z3, n);
	for (size_t t = 0; t < nt; t++) {
		const double *a = ta + t * stride, *c = tc + t * stride;
		e0 = _mm256_sub_pd(DIFF4(0), z0);
		e1 = _mm256_sub_pd(DIFF4(1), z1);
		e2 = _mm256_sub_pd(DIFF4(2), z2);
		e3 = _mm256_sub_pd(DIFF4(3), z3);
		q0 = _mm256_add_pd(q0, _mm256_mul_pd(e0, e0));
		q1 = _mm256_add_pd(q1, _mm256_mul_pd(e1, e1));
		q2 = _mm256_add_pd(q2, _mm256_mul_pd(e2, e2));
		q3 = _mm256_add_pd(q3, _mm256_mul_pd(e3, e3));
	}
	_mm256_storeu_pd(mz, z0);
	_mm256_storeu_pd(mz + 4, z1);
	_mm256_storeu_pd(mz + 8, z2);
	_mm256_storeu_pd(mz + 12, z3);
	_mm256_storeu_pd(ss, q0);
	_mm256_storeu_pd(ss + 4, q1);
	_mm256_storeu_pd(ss + 8, q2);
	_mm256_storeu_pd(ss + 12, q3);
}
#undef DIFF4
#undef LD4

/* pair16_wide for np <= 4 pairs that share the second run, 16 images
 * in two AVX-512 vectors per sum: each topic's row of the second run is
 * read once for the np pairs, and their sums are 2 np chains of
 * additions side by side.  Each image's operations and their order are
 * pair16_wide's.  Inlined with np a constant (pair16xN below), so that
 * the arrays are registers. */
static inline __attribute__((always_inline, target("avx512f")))
void pair16_side(double *const *mz, double *const *ss,
		 const double *const *ta, const double *tc, size_t stride,
		 size_t nt, const int np)
{
	__m512d z[4][2], q[4][2], n;
#pragma GCC unroll 4
	for (int p = 0; p < np; p++)
		z[p][0] = z[p][1] = q[p][0] = q[p][1] = _mm512_setzero_pd();
	for (size_t t = 0, o = 0; t < nt; t++, o += stride) {
		__m512d c0 = _mm512_loadu_pd(tc + o);
		__m512d c1 = _mm512_loadu_pd(tc + o + 8);
#pragma GCC unroll 4
		for (int p = 0; p < np; p++) {
			z[p][0] = _mm512_add_pd(z[p][0], _mm512_sub_pd(
				_mm512_loadu_pd(ta[p] + o), c0));
			z[p][1] = _mm512_add_pd(z[p][1], _mm512_sub_pd(
				_mm512_loadu_pd(ta[p] + o + 8), c1));
		}
	}
	n = _mm512_set1_pd((double)nt);
#pragma GCC unroll 4
	for (int p = 0; p < np; p++) {
		z[p][0] = _mm512_div_pd(z[p][0], n);
		z[p][1] = _mm512_div_pd(z[p][1], n);
	}
	for (size_t t = 0, o = 0; t < nt; t++, o += stride) {
		__m512d c0 = _mm512_loadu_pd(tc + o);
		__m512d c1 = _mm512_loadu_pd(tc + o + 8);
#pragma GCC unroll 4
		for (int p = 0; p < np; p++) {
			__m512d e0 = _mm512_sub_pd(_mm512_sub_pd(
				_mm512_loadu_pd(ta[p] + o), c0), z[p][0]);
			__m512d e1 = _mm512_sub_pd(_mm512_sub_pd(
				_mm512_loadu_pd(ta[p] + o + 8), c1), z[p][1]);
			q[p][0] = _mm512_add_pd(q[p][0], _mm512_mul_pd(e0, e0));
			q[p][1] = _mm512_add_pd(q[p][1], _mm512_mul_pd(e1, e1));
		}
	}
#pragma GCC unroll 4
	for (int p = 0; p < np; p++) {
		_mm512_storeu_pd(mz[p], z[p][0]);
		_mm512_storeu_pd(mz[p] + 8, z[p][1]);
		_mm512_storeu_pd(ss[p], q[p][0]);
		_mm512_storeu_pd(ss[p] + 8, q[p][1]);
	}
}

#define PAIR16_SIDE(N) \
	__attribute__((target("avx512f"))) \
	static void pair16x##N(double *const *mz, double *const *ss, \
			       const double *const *ta, const double *tc, \
			       size_t stride, size_t nt) \
	{ \
		pair16_side(mz, ss, ta, tc, stride, nt, N); \
	}
PAIR16_SIDE(1)
PAIR16_SIDE(2)
PAIR16_SIDE(3)
PAIR16_SIDE(4)
#undef PAIR16_SIDE
#endif

void moments_pair(int wide, double *restrict mz, double *restrict ss,
		  const double *restrict ta, const double *restrict tc,
		  size_t stride, size_t nt, size_t n)
{
	size_t b = 0;
#ifdef MOMENTS_HAVE_WIDE
	if (wide)
		for (; b + 16 <= n; b += 16)
			pair16_wide(mz + b, ss + b, ta + b, tc + b, stride, nt);
#else
	(void)wide;
#endif
	for (; b < n; b += 8)
		pair_plain(mz + b, ss + b, ta + b, tc + b, stride, nt,
			   n - b < 8 ? n - b : 8);
}

void moments_pairs(int wide, size_t np, double *const *mz,
		   double *const *ss, const double *const *ta,
		   const double *tc, size_t stride, size_t nt, size_t n)
{
	size_t b = 0;
#ifdef MOMENTS_HAVE_WIDE
	static void (*const side[4])(double *const *, double *const *,
				     const double *const *, const double *,
				     size_t, size_t) = {
		pair16x1, pair16x2, pair16x3, pair16x4
	};
	if (wide >= 2 && np >= 1 && np <= 4)
		for (; b + 16 <= n; b += 16) {
			double *z[4], *q[4];
			const double *a[4];
			for (size_t i = 0; i < np; i++) {
				z[i] = mz[i] + b;
				q[i] = ss[i] + b;
				a[i] = ta[i] + b;
			}
			side[np - 1](z, q, a, tc + b, stride, nt);
		}
#endif
	for (size_t i = 0; b < n && i < np; i++)
		moments_pair(wide, mz[i] + b, ss[i] + b, ta[i] + b, tc + b,
			     stride, nt, n - b);
}

/* ---- the t-tests ---------------------------------------------------------- */

double moments_t(double mean, double ss, size_t n, double rn)
{
	double sd;
	if (n < 2)
		return NAN;
	sd = sqrt(ss / (double)(n - 1));
	if (sd == 0)
		return mean == 0 ? 0 : (mean > 0 ? INFINITY : -INFINITY);
	return mean / (sd / rn);
}

double moments_t_critical(double df)
{
	double lo = 0, hi = 1;
	while (stats_t_p(hi, df) >= 0.05)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
		double mid = 0.5 * (lo + hi);
		if (stats_t_p(mid, df) >= 0.05)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

/* p of |t| = u below 0.05, tc the critical |t|: p itself only near it. */
static int p_below_05(double u, double tc, double df)
{
	if (u > tc * (1 + 1e-9))
		return 1;
	if (u < tc * (1 - 1e-9))
		return 0;
	return stats_t_p(u, df) < 0.05;
}

/* moments_t_abs, the plain loop. */
static unsigned long t_abs_plain(const double *sz, const double *ss, size_t nt,
				 double tc, size_t B, double *u)
{
	double df = (double)nt - 1, rn = sqrt((double)nt);
	unsigned long lt = 0;
	for (size_t b = 1; b <= B; b++) {
		u[b - 1] = fabs(moments_t(sz[b], ss[b], nt, rn));
		lt += (unsigned long)p_below_05(u[b - 1], tc, df);
	}
	return lt;
}

#ifdef MOMENTS_HAVE_WIDE
/* t_abs_plain with 8 images to an AVX-512 vector: the same operations
 * (moments_t's sd, then mean / (sd / rn); where sd is 0, 0 or
 * infinity), and p_below_05 by comparisons, itself only where they do
 * not decide. */
__attribute__((target("avx512f")))
static unsigned long t_abs_wide(const double *sz, const double *ss, size_t nt,
				double tc, size_t B, double *u)
{
	double df = (double)nt - 1, rn = sqrt((double)nt);
	__m512d n1 = _mm512_set1_pd(df), rv = _mm512_set1_pd(rn);
	__m512d zero = _mm512_setzero_pd(), inf = _mm512_set1_pd(INFINITY);
	__m512d hi = _mm512_set1_pd(tc * (1 + 1e-9));
	__m512d lo = _mm512_set1_pd(tc * (1 - 1e-9));
	unsigned long lt = 0;
	size_t b = 0;
	for (; b + 8 <= B; b += 8) {
		__m512d m = _mm512_loadu_pd(sz + 1 + b), a, sd;
		__mmask8 s0, m0, h, l;
		unsigned open;
		sd = _mm512_sqrt_pd(_mm512_div_pd(_mm512_loadu_pd(ss + 1 + b), n1));
		a = _mm512_abs_pd(_mm512_div_pd(m, _mm512_div_pd(sd, rv)));
		s0 = _mm512_cmp_pd_mask(sd, zero, _CMP_EQ_OQ);
		m0 = _mm512_cmp_pd_mask(m, zero, _CMP_EQ_OQ);
		a = _mm512_mask_blend_pd(s0, a, _mm512_mask_blend_pd(m0, inf, zero));
		_mm512_storeu_pd(u + b, a);
		h = _mm512_cmp_pd_mask(a, hi, _CMP_GT_OQ);
		l = _mm512_cmp_pd_mask(a, lo, _CMP_LT_OQ);
		lt += (unsigned long)__builtin_popcount(h);
		for (open = (unsigned)(~(h | l) & 0xff); open; open &= open - 1)
			lt += (unsigned long)p_below_05(
				u[b + (unsigned)__builtin_ctz(open)], tc, df);
	}
	return lt + t_abs_plain(sz + b, ss + b, nt, tc, B - b, u + b);
}
#endif

unsigned long moments_t_abs(int wide, const double *sz, const double *ss,
			    size_t nt, double tc, size_t B, double *u)
{
#ifdef MOMENTS_HAVE_WIDE
	if (wide >= 2)
		return t_abs_wide(sz, ss, nt, tc, B, u);
#else
	(void)wide;
#endif
	return t_abs_plain(sz, ss, nt, tc, B, u);
}
