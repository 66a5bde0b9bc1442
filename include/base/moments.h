/*
 * moments.h - the two sums behind --pairs' paired t-tests, per image: the
 * mean over topics of the differences of two runs' scores, and the sum of
 * their squared deviations from that mean.  Called once per pair, measure
 * and block of images (pairs.c), over rows of up to thousands of images
 * and tens to thousands of topics, so it is the inner loop of --pairs;
 * and from them each image's t statistic (moments_t_abs, once per pair,
 * measure and image).
 *
 * Each image's values are computed by themselves, in the operations
 * written in moments.c, so every variant gives the same bits: 8 images at
 * a time in plain C, or 16 per four AVX2 vectors where the processor has
 * AVX2 (GCC or Clang on x86-64, chosen at run time by moments_wide);
 * the t statistics 8 to an AVX-512 vector where the processor has it.
 */
#ifndef CBEVAL_MOMENTS_H
#define CBEVAL_MOMENTS_H

#include <stddef.h>

/* 2 when the AVX-512 variant of moments_t_abs (and the AVX2 one of
 * moments_pair) may be used on this processor, 1 when the AVX2 variant
 * of moments_pair only, else 0. */
int moments_wide(void);

/* Both sums of one pair, for images b < n, with topic t's row of the
 * first run at ta + t * stride and of the second at tc + t * stride:
 *   mz[b] = (sum over t < nt, in topic order, of ta[.] - tc[.]) / nt
 *   ss[b] = sum over t < nt, in topic order, of ((ta[.] - tc[.]) - mz[b])^2
 * the two-pass mean and sum of squares.  wide: from moments_wide (0
 * always works).  Writes mz[0..n) and ss[0..n) only. */
void moments_pair(int wide, double *restrict mz, double *restrict ss,
		  const double *restrict ta, const double *restrict tc,
		  size_t stride, size_t nt, size_t n);

/* moments_pair for np pairs that share the second run: pair i < np has
 * its first run at ta[i] and its sums in mz[i][0..n) and ss[i][0..n);
 * the same bits as np calls of moments_pair.  Where the processor has
 * AVX-512 (wide 2) and np <= 4, the pairs go side by side, 16 images at
 * a time, and each topic's row of the second run is read once for all
 * of them. */
void moments_pairs(int wide, size_t np, double *const *mz,
		   double *const *ss, const double *const *ta,
		   const double *tc, size_t stride, size_t nt, size_t n);

/* The t statistic of n >= 2 values from their mean and sum of squared
 * deviations ss, as stats_t_stat computes it (0 or +-infinity where the
 * sd is 0); rn is sqrt(n).  NaN for n < 2. */
double moments_t(double mean, double ss, size_t n, double rn);

/* The |t| at which the two-sided p of Student's t with df degrees of
 * freedom is 0.05, by bisection. */
double moments_t_critical(double df);

/* |t| of images 1..B into u[0..B), u[b - 1] = |moments_t(sz[b], ss[b],
 * nt, sqrt(nt))| for nt >= 2 topics; returns how many of them have a
 * two-sided p below 0.05 (tc: moments_t_critical(nt - 1); p itself is
 * computed only within a relative 1e-9 of tc).  With wide 2
 * (moments_wide) 8 images to an AVX-512 vector; the same bits. */
unsigned long moments_t_abs(int wide, const double *sz, const double *ss,
			    size_t nt, double tc, size_t B, double *u);

#endif
