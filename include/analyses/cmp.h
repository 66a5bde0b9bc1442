/*
 * cmp.h - --compare: significance tests of runs against a baseline, or of
 * every pair of runs, over the topics of the root scores; corrected for
 * the number of comparisons; printed as a tidy TSV table or as a report
 * table for a paper (-F markdown, -F latex).  cbeval-analyses(7), section
 * COMPARE, gives every definition (shared spec compare.md).
 *
 * Input: the root per-topic values (score_root's layout), and with -b the
 * bootstrap summaries of the runs (for the report's intervals).
 *
 * Sizes and cost, for C comparisons (S - 1 with a baseline, S(S-1)/2
 * with all), n topics, m measures, R randomizations and T bootstrap
 * samples: the randomization test draws R x n sign bits per comparison
 * (shared by the measures) and adds each permutation's flipped values by
 * tables of 8-topic chunks (R x n/8 per measure); the bootstrap test
 * draws T x n topic positions per comparison and costs T x n per
 * measure.  Work is spread over the pool by comparison; memory is
 * O(C x m x tests) for the results and, per worker, R x n/64 words and
 * m x n/8 x 256 doubles.  129 runs (8,256 pairs), 50 topics, 6 measures,
 * R = 10000: a few seconds on 2 cores.
 */
#ifndef CBEVAL_CMP_H
#define CBEVAL_CMP_H

#include <stdint.h>
#include <stdio.h>

#include "boot.h"
#include "options.h"
#include "diag.h"
#include "pool.h"
#include "score.h"

struct cmp_opts {
	const char *base;               /* --compare BASE, or "all" */
	const enum cmp_test *tests;     /* --test, in order */
	size_t ntests;
	enum cmp_correct correct;
	double alpha;
	unsigned long R;                /* --randomizations */
	unsigned long T;                /* -t: bootstrap samples */
	uint64_t seed;
	int decimals;                   /* -p */
	enum out_format format;         /* TSV, or the report */
	enum ci_method ci;              /* --ci of the intervals (-b) */
	const struct boot_result *br;   /* -b: the summaries, or NULL */
	FILE *fig;                      /* --svg: the runs' rows for the
					   figure (run measure mean ci_lo
					   ci_hi), or NULL */
	int progress;
	struct pool *pool;
};

/* The run base names among the runs of s: its name as printed, or its
 * file path exactly as given.  Sets *idx; "all" sets SIZE_MAX.  Returns
 * 0, or -1 with d set to a usage error naming the runs. */
int cmp_base(const struct scorer *s, const char *base, size_t *idx,
	     struct diag *d);

/* Print the --compare table (or report) of the runs of s from root
 * values vals[(run * ntopics + topic) * nslots + slot].  Needs 2 runs or
 * more and base among them.  Returns 0, or -1 when writing failed. */
int cmp_print(FILE *f, const struct scorer *s, const double *vals,
	      const struct cmp_opts *o);

/* ---- the statistics, exported for tests (cmp_stats.c) ---------------- */

/* Two are equal under the tie rule: |a - b| <= 1e-10 max(1, |a|, |b|). */
int cmp_tie(double a, double b);

/* Two-sided p of the paired t-test of the n differences z (Student's t,
 * n - 1 degrees of freedom; t of sens_sample_t, scale max |z|).  NaN when
 * n < 2.  *effect gets mean(z) / sd(z) (NaN when n < 2 or sd <= 1e-10
 * max |z|).  scratch holds 2n uint32. */
double cmp_t_p(const double *z, size_t n, double *effect, uint32_t *scratch);

/* t of the n >= 2 differences z with every topic once (sens_sample_t);
 * *scale gets max |z|, *mean the mean.  scratch holds 2n uint32. */
double cmp_root_t(const double *z, size_t n, uint32_t *scratch,
		  double *scale, double *mean);

/* Two-sided p of the Wilcoxon signed-rank test of the n differences z
 * (normal approximation, ties averaged, no continuity correction; zeros
 * dropped); NaN when n < 2.  scratch holds n doubles. */
double cmp_wilcoxon_p(const double *z, size_t n, double *scratch);

/* Correct the m p-values p[i] (NaN: no part, stays NaN) into q (may be
 * p) by how. */
void cmp_adjust(const double *p, size_t m, enum cmp_correct how, double *q);

/* The sign bits of permutation r (1..R) of comparison c over n topics:
 * bit t % 64 of b[t / 64] is bit(word(seed, 11, c, r, t)) (b holds
 * (n + 63) / 64 words).  wide: 2 by AVX-512, 1 by AVX2, 0 the plain
 * loop (the same bits; wide at most cmp_bits_wide(), what the processor
 * has).  cmp_run.c. */
void cmp_perm_bits(uint64_t seed, size_t c, unsigned long r, size_t n,
		   int wide, uint64_t *b);
int cmp_bits_wide(void);

/* The report's label of the run in row i into buf (4 bytes): a .. z,
 * then aa, ab, ..., zz, aaa, ... (bijective base 26; three letters at
 * most, enough for 18,278 runs). */
void cmp_label(char *buf, size_t i);

/* The names of a test and a correction as printed. */
const char *cmp_test_name(enum cmp_test t);
const char *cmp_correct_name(enum cmp_correct c);

#endif
