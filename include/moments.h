/*
 * moments.h - the two sums behind --pairs' paired t-tests, per image: the
 * sum over topics of the differences of two runs' scores, and the sum of
 * their squared deviations from the mean.  Called once per pair, topic,
 * measure and tile of images (pairs.c), on rows of up to thousands of
 * images, so they are the inner loops of --pairs.
 *
 * Each image's value is computed by itself, in the operations written in
 * moments.c, so every variant gives the same bits: two images per SSE2
 * operation, or four per AVX2 operation where the processor has AVX2
 * (GCC or Clang on x86-64, chosen at run time by moments_wide).
 */
#ifndef CBEVAL_MOMENTS_H
#define CBEVAL_MOMENTS_H

#include <stddef.h>

/* 1 when the AVX2 variants may be used on this processor, else 0. */
int moments_wide(void);

/* sz[b] += ta[b] - tc[b] for b < n.  wide: from moments_wide (0 always
 * works). */
void moments_acc_diff(int wide, double *restrict sz,
		      const double *restrict ta, const double *restrict tc,
		      size_t n);

/* ss[b] += ((ta[b] - tc[b]) - sz[b])^2 for b < n. */
void moments_acc_sq(int wide, double *restrict ss, const double *restrict ta,
		    const double *restrict tc, const double *restrict sz,
		    size_t n);

#endif
