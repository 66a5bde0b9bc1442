/*
 * moments.c - the sums of --pairs' t-tests (see moments.h).
 *
 * The plain variants take two images at a time, which compilers make one
 * SSE2 operation; the AVX2 variants four, with the same operations on
 * each image (ISO C mode, which the build uses, does not fuse a multiply
 * and an add, and AVX2 alone has no fused instruction).
 */
#include "moments.h"

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

#ifdef MOMENTS_HAVE_WIDE
__attribute__((target("avx2")))
static size_t diff_wide(double *restrict sz, const double *restrict ta,
			const double *restrict tc, size_t n)
{
	size_t b = 0;
	for (; b + 4 <= n; b += 4) {
		__m256d d = _mm256_sub_pd(_mm256_loadu_pd(ta + b),
					  _mm256_loadu_pd(tc + b));
		_mm256_storeu_pd(sz + b, _mm256_add_pd(_mm256_loadu_pd(sz + b), d));
	}
	return b;
}

__attribute__((target("avx2")))
static size_t sq_wide(double *restrict ss, const double *restrict ta,
		      const double *restrict tc, const double *restrict sz,
		      size_t n)
{
	size_t b = 0;
	for (; b + 4 <= n; b += 4) {
		__m256d e = _mm256_sub_pd(_mm256_sub_pd(_mm256_loadu_pd(ta + b),
							_mm256_loadu_pd(tc + b)),
					  _mm256_loadu_pd(sz + b));
		_mm256_storeu_pd(ss + b, _mm256_add_pd(_mm256_loadu_pd(ss + b),
						       _mm256_mul_pd(e, e)));
	}
	return b;
}
#endif

void moments_acc_diff(int wide, double *restrict sz,
		      const double *restrict ta, const double *restrict tc,
		      size_t n)
{
	size_t b = 0;
#ifdef MOMENTS_HAVE_WIDE
	if (wide)
		b = diff_wide(sz, ta, tc, n);
#else
	(void)wide;
#endif
	for (; b + 2 <= n; b += 2) {
		sz[b] += ta[b] - tc[b];
		sz[b + 1] += ta[b + 1] - tc[b + 1];
	}
	if (b < n)
		sz[b] += ta[b] - tc[b];
}

void moments_acc_sq(int wide, double *restrict ss, const double *restrict ta,
		    const double *restrict tc, const double *restrict sz,
		    size_t n)
{
	size_t b = 0;
#ifdef MOMENTS_HAVE_WIDE
	if (wide)
		b = sq_wide(ss, ta, tc, sz, n);
#else
	(void)wide;
#endif
	for (; b + 2 <= n; b += 2) {
		double e0 = (ta[b] - tc[b]) - sz[b];
		double e1 = (ta[b + 1] - tc[b + 1]) - sz[b + 1];
		ss[b] += e0 * e0;
		ss[b + 1] += e1 * e1;
	}
	if (b < n) {
		double e = (ta[b] - tc[b]) - sz[b];
		ss[b] += e * e;
	}
}
