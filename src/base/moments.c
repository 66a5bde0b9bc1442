/*
 * moments.c - the sums of --pairs' t-tests (see moments.h).
 *
 * A block of images keeps its sums in registers while the topics go by:
 * 16 images in four AVX2 vectors per sum, or 8 in plain C (which compilers
 * make SSE2 operations), with the same operations on each image in the
 * same order (ISO C mode, which the build uses, does not fuse a multiply
 * and an add, and AVX2 alone has no fused instruction).  Reading two
 * rows per topic, a megabyte apart in the table of kept images, is the
 * cost, so the rows of a later topic are asked for ahead.
 */
#include "moments.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define MOMENTS_HAVE_WIDE 1
#include <immintrin.h>
#endif

int moments_wide(void)
{
#ifdef MOMENTS_HAVE_WIDE
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
