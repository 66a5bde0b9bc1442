/*
 * rel_sums.c - the sums of --reliability's (pair, topic) triples (see
 * compare.h, compare_pair_sums): for every pair of runs (A, C > A) of one
 * topic, the mean and the sum of squared deviations over the images of
 * the difference A - C, each exactly as stats_mean and stats_sd add them
 * (one chain of additions per triple, in image order).  Called once per
 * topic and measure (50 x 6 at the bench's size) on S = 129 runs x B =
 * 1000 images: 8256 pairs, 8 M differences.
 *
 * Cost notes.  A triple's sums are a chain of B dependent additions, so
 * one triple at a time waits on the adder's latency.  The topic's values
 * are transposed once (images by runs, about 1 MB, kept in L2), so that
 * the values of consecutive runs C in one image are adjacent; then the
 * chains of 32 pairs (A, C..C+31) run side by side, one vector lane
 * each (AVX-512: four vectors of 8), every lane doing what the chain of
 * its pair does by itself.  The plain variant has the same layout and
 * order, lane by lane.
 */
#include "compare.h"
#include "xalloc.h"

#include <string.h>

/* Pairs whose sums run side by side: lanes of one group. */
#define LANES 32

/* T[b * LANES + l] = row[(C0 + l) * stride + b], l < n: the values of
 * runs C0 .. C0 + n - 1 image by image, side by side (lanes from n on
 * hold 0), in tiles of 64 images so that the writes stay in few lines. */
static void transpose(const double *row, size_t stride, size_t C0, size_t n,
		      size_t B, double *T)
{
	for (size_t b0 = 0; b0 < B; b0 += 64) {
		size_t b1 = b0 + 64 < B ? b0 + 64 : B;
		for (size_t l = 0; l < n; l++) {
			const double *v = row + (C0 + l) * stride;
			for (size_t b = b0; b < b1; b++)
				T[b * LANES + l] = v[b];
		}
		for (size_t b = b0; b < b1; b++)
			memset(T + b * LANES + n, 0, (LANES - n) * sizeof *T);
	}
}

/* The sums of the pairs (A, C) of run A's values a[0..B) and the runs C
 * of the lanes of T, lane by lane, into mean[] and ss[] (LANES each). */
static void group_plain(const double *a, const double *T, size_t B,
			double *mean, double *ss)
{
	double s[LANES] = { 0 }, q[LANES] = { 0 };
	for (size_t b = 0; b < B; b++) {
		const double *c = T + b * LANES;
		for (size_t l = 0; l < LANES; l++)
			s[l] += a[b] - c[l];
	}
	for (size_t l = 0; l < LANES; l++)
		s[l] = s[l] / (double)B;
	for (size_t b = 0; b < B; b++) {
		const double *c = T + b * LANES;
		for (size_t l = 0; l < LANES; l++) {
			double e = (a[b] - c[l]) - s[l];
			q[l] += e * e;
		}
	}
	memcpy(mean, s, sizeof s);
	memcpy(ss, q, sizeof q);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SUMS_HAVE_WIDE 1
#include <immintrin.h>

/* group_plain with the 32 lanes in four AVX-512 vectors (named, so that
 * they stay in registers); the same operations on each lane in the same
 * order (ISO C mode does not fuse a multiply and an add). */
__attribute__((target("avx512f")))
static void group_wide(const double *ap, const double *T, size_t B,
		       double *mean, double *ss)
{
	__m512d s0 = _mm512_setzero_pd(), s1 = s0, s2 = s0, s3 = s0;
	__m512d q0 = s0, q1 = s0, q2 = s0, q3 = s0, n;
	for (size_t b = 0; b < B; b++) {
		const double *c = T + b * LANES;
		__m512d a = _mm512_set1_pd(ap[b]);
		s0 = _mm512_add_pd(s0, _mm512_sub_pd(a, _mm512_loadu_pd(c)));
		s1 = _mm512_add_pd(s1, _mm512_sub_pd(a, _mm512_loadu_pd(c + 8)));
		s2 = _mm512_add_pd(s2, _mm512_sub_pd(a, _mm512_loadu_pd(c + 16)));
		s3 = _mm512_add_pd(s3, _mm512_sub_pd(a, _mm512_loadu_pd(c + 24)));
	}
	n = _mm512_set1_pd((double)B);
	s0 = _mm512_div_pd(s0, n);
	s1 = _mm512_div_pd(s1, n);
	s2 = _mm512_div_pd(s2, n);
	s3 = _mm512_div_pd(s3, n);
	for (size_t b = 0; b < B; b++) {
		const double *c = T + b * LANES;
		__m512d a = _mm512_set1_pd(ap[b]), e0, e1, e2, e3;
		e0 = _mm512_sub_pd(_mm512_sub_pd(a, _mm512_loadu_pd(c)), s0);
		e1 = _mm512_sub_pd(_mm512_sub_pd(a, _mm512_loadu_pd(c + 8)), s1);
		e2 = _mm512_sub_pd(_mm512_sub_pd(a, _mm512_loadu_pd(c + 16)), s2);
		e3 = _mm512_sub_pd(_mm512_sub_pd(a, _mm512_loadu_pd(c + 24)), s3);
		q0 = _mm512_add_pd(q0, _mm512_mul_pd(e0, e0));
		q1 = _mm512_add_pd(q1, _mm512_mul_pd(e1, e1));
		q2 = _mm512_add_pd(q2, _mm512_mul_pd(e2, e2));
		q3 = _mm512_add_pd(q3, _mm512_mul_pd(e3, e3));
	}
	_mm512_storeu_pd(mean, s0);
	_mm512_storeu_pd(mean + 8, s1);
	_mm512_storeu_pd(mean + 16, s2);
	_mm512_storeu_pd(mean + 24, s3);
	_mm512_storeu_pd(ss, q0);
	_mm512_storeu_pd(ss + 8, q1);
	_mm512_storeu_pd(ss + 16, q2);
	_mm512_storeu_pd(ss + 24, q3);
}
#endif

size_t compare_sums_scratch(size_t S, size_t B)
{
	(void)S;
	return size_add(size_mul(B, LANES), 2 * LANES);
}

void compare_pair_sums(const double *row, size_t stride, size_t S, size_t B,
		       int wide, double *T, double *mean, double *ss)
{
	double *gm = T + B * LANES, *gs = gm + LANES;
	for (size_t C0 = 1; C0 < S; C0 += LANES) {
		size_t n = S - C0 < LANES ? S - C0 : LANES;
		transpose(row, stride, C0, n, B, T);
		for (size_t A = 0; A + 1 < C0 + n; A++) {
			/* lanes l with C0 + l > A; pair (A, C) is number
			 * A (2 S - A - 1) / 2 + C - A - 1 */
			size_t l0 = A < C0 ? 0 : A + 1 - C0;
			size_t p = A * (2 * S - A - 1) / 2 + C0 + l0 - A - 1;
#ifdef SUMS_HAVE_WIDE
			if (wide >= 2)
				group_wide(row + A * stride, T, B, gm, gs);
			else
#else
			(void)wide;
#endif
				group_plain(row + A * stride, T, B, gm, gs);
			memcpy(mean + p, gm + l0, (n - l0) * sizeof *gm);
			memcpy(ss + p, gs + l0, (n - l0) * sizeof *gs);
		}
	}
}
