/*
 * sensitivity.h - --sensitivity: topic-bootstrap hypothesis tests and the
 * sensitivity of measures (Sakai, "Evaluating Evaluation Metrics based on
 * the Bootstrap", SIGIR 2006), as cbeval-analyses(7) specifies: for every
 * pair of runs the paired (studentised) and unpaired bootstrap tests, and
 * for every measure its discriminative power, the difference it needs for
 * significance, MR-PT stability, swap rates, and Kendall's tau between
 * measures with its bootstrap standard error.
 *
 * Input: the root per-topic values of the runs (score_root's layout).
 * Topic samples are the counter-based draws of draws.h (streams 1, 2, 3),
 * so the table does not depend on the thread count.
 *
 * Sizes and cost, for S runs (P = S(S-1)/2 pairs), n topics, T samples
 * and m measures: the tests cost P x T x n per measure (two passes over
 * each sample, as the textbook computes a mean and an sd), the sample
 * aggregates S x T x n per measure; memory is the sample positions (3 x T
 * x n uint32), T doubles per measure pair for tau, and per thread T
 * doubles per pair being tested and 2 x 21 counters per pair for MR-PT.
 * 129 runs x 50 topics x 6 measures, T = 1000: a few seconds on 2 cores.
 */
#ifndef CBEVAL_SENSITIVITY_H
#define CBEVAL_SENSITIVITY_H

#include <stdint.h>
#include <stdio.h>

#include "pool.h"
#include "score.h"

struct sens_opts {
	unsigned long T;        /* topic samples */
	uint64_t seed;
	int decimals;
	int progress;           /* progress line on standard error */
	struct pool *pool;
};

/* Print the --sensitivity table for the runs and measures of s, from
 * vals[(run * ntopics + topic) * nslots + slot] (score_root).  Needs at
 * least 2 runs.  Returns 0, or -1 when writing failed. */
int sensitivity_print(FILE *f, const struct scorer *s, const double *vals,
		      const struct sens_opts *o);

/* The studentised statistic of the sample of w[] whose distinct topics
 * and counts are top[0..k), cnt[0..k), n >= 2 draws (sums over the
 * distinct topics in the order given, each value times its count); *mean
 * gets its mean.  scale is the largest |z| of the pair: a mean of at most
 * 1e-10 times it makes t = 0, and an sd of at most 1e-10 times it is 0
 * (t = +-infinity), so that values equal in real arithmetic but apart by
 * rounding (0.3 - 0.2 and 0.1) do not make a t of 1e-16 or of 1e16.
 * Also --compare's. */
double sens_sample_t(const double *w, const uint32_t *top,
		     const uint32_t *cnt, size_t k, size_t n, double scale,
		     double *mean);
/* a >= b, ties included: a within 1e-10 of the larger of |a| and |b|
 * below b counts as b (infinities only as themselves). */
int sens_ge(double a, double b);

#endif
