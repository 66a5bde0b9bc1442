/*
 * stats.h - the statistics of the summaries (the "summarise" step): mean,
 * standard deviation, type-7 quantiles and competition ranks.  Pure
 * functions over caller-owned arrays; no allocation.
 *
 * Sizes: vectors of up to a few million values (one per image), rankings
 * of up to a few thousand runs.
 */
#ifndef CBEVAL_STATS_H
#define CBEVAL_STATS_H

#include <stddef.h>
#include <stdint.h>

/* Arithmetic mean, summed left to right; 0 for n = 0. */
double stats_mean(const double *x, size_t n);
/* Sample standard deviation (n - 1 denominator) about mean, two-pass;
 * NaN when n < 2. */
double stats_sd(const double *x, size_t n, double mean);
/* Sort ascending in place (values must not be NaN). */
void stats_sort(double *x, size_t n);
/* Quantile p in [0, 1] of the ascending sorted x by linear interpolation
 * between order statistics (Hyndman & Fan type 7, R's and numpy's
 * default): h = (n-1)p, x[floor h] + (h - floor h)(x[floor h + 1] -
 * x[floor h]).  NaN for n = 0. */
double stats_quantile(const double *sorted, size_t n, double p);
/* Competition ranks, 1 = best: rank[i] = 1 + number of j with v[j] > v[i],
 * so tied values share the best rank.  scratch holds n doubles. */
void stats_ranks(const double *v, size_t n, double *rank, double *scratch);

#endif
