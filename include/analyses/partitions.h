/*
 * partitions.h - --partitions: replicates from random partitions of the
 * documents and bootstrap ANOVA (Voorhees, "Using Replicates in
 * Information Retrieval Evaluation"; Voorhees, Samarov & Soboroff, TOIS
 * 2017), as cbeval-analyses(7), section PARTITIONS, specifies.
 *
 * Each split s = 1..K puts every document in one of X parts (stream 4 of
 * draws.h); a part is a replicate of the collection, scored by the one
 * scorer with multiplicities 0 or 1 (score_topic_mult).  Per split and
 * measure a two-way ANOVA, with and without the topic-system interaction,
 * gives each run's effect; its residuals are bootstrapped (stream 5) into
 * intervals and Voorhees' tests with Benjamini-Hochberg correction.  On
 * the full collection, the paired t-test and a randomization test (stream
 * 6) are the comparators.
 *
 * Sizes and cost, with n topics, J runs (P pairs), X parts, K splits, M
 * resamples, R randomizations and m measures: scoring K x X replicates;
 * per split N = n J X index draws per resample, shared by the measures and
 * both models, and m x 2 x N additions; P x M per split, model and
 * measure for the two-sided test; J x R x n + P x R per measure for the
 * randomization test.  Memory: 2 m J M doubles of bootstrap effects and
 * m J R doubles of randomized sums.
 */
#ifndef CBEVAL_PARTITIONS_H
#define CBEVAL_PARTITIONS_H

#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "pool.h"
#include "score.h"

struct part_opts {
	unsigned X;             /* parts */
	unsigned long K;        /* splits */
	unsigned long M;        /* residual resamples */
	unsigned long R;        /* randomizations */
	uint64_t seed;
	int decimals;
	int progress;
	struct pool *pool;
	struct warnings *warn;  /* the dropped topics of each split */
};

/* Print the --partitions table for the runs and measures of s; root holds
 * the root values (score_root's layout) for the comparators.  Needs at
 * least 2 runs.  Returns 0, or -1 when writing failed. */
int partitions_print(FILE *f, const struct scorer *s, const double *root,
		     const struct part_opts *o);

#endif
