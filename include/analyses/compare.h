/*
 * compare.h - system comparisons (pairs.c) and measure reliability
 * (compare.c) from the bootstrap images (Zobel & Rashidi, CIKM 2020,
 * Tables 2-4 and Figures 1, 5-7; Cormack & Grossman, SIGIR 2019, for the
 * spread of rankings).
 * All statistics are over images 1..B; quantiles are type 7.
 *
 * Inputs are the bootstrap's per-image values (boot.h, with keep set).
 * Sizes: S runs give S(S-1)/2 pairs; with Q topics and B images the
 * (pair, topic) triples hold S(S-1)/2 x Q x B differences per measure
 * (129 runs, 50 topics, 100 images: 41 M), computed on the fly per triple
 * and never stored; what is stored is one sd per triple (3.3 MB).
 */
#ifndef CBEVAL_COMPARE_H
#define CBEVAL_COMPARE_H

#include <stdio.h>

#include "boot.h"
#include "score.h"

struct compare_opts {
	unsigned long B;
	struct pool *pool;      /* the threads */
	int per_topic;          /* --pairs: add per-topic rows (-q) */
	int decimals;
	enum ci_method ci;      /* --pairs: the interval of ci_lo, ci_hi */
	int progress;           /* progress line on standard error */
	FILE *pair_images;      /* --pair-images stream, or NULL */
	FILE *pair_fig;         /* --svg: the rows of the figure, or NULL */
};

/* Dots of the --pairs figure: with more pairs x images than this, every
 * k-th image only (k the least that brings them under it). */
#define COMPARE_FIG_DOTS 20000

/* --pairs: the table "runA runB measure qid root_diff ... p_lt05", one
 * row per unordered pair (A before B in command-line order) and measure,
 * with qid "all"; with per_topic, one row per topic before each of those.
 * The qid column is there either way, so that -q changes no column
 * number.  See the man page for the columns.  The values are br's kept
 * images, or, when s->pool is set (br unused, may be NULL), each pair's
 * own pool in every image (pairpool.h).  With o->pair_images, also the
 * table "runA runB measure qid image diff p" there, rows in the same
 * order, then images 0..B.  With o->pair_fig, the rows of that table a
 * figure draws: its header, then for the first slot and qid "all" image 0
 * and images 1..B thinned as COMPARE_FIG_DOTS says.  Returns 0, or -1
 * when writing f failed (the caller checks the other streams). */
int compare_pairs(FILE *f, const struct scorer *s, const struct boot_result *br,
		  const struct compare_opts *o);

/* --reliability: the long table "measure run qid statistic value".
 * Needs B >= 2.  Returns 0, or -1 when writing failed. */
int compare_reliability(FILE *f, const struct scorer *s,
			const struct boot_result *br,
			const struct compare_opts *o);

/* Where held-out images fall against the 95% interval (type-7 quantiles
 * 0.025 and 0.975) of the other images: index 0 below, 1 inside
 * (bounds included), 2 above. */
struct coverage {
	unsigned long hold[3];  /* image B against images 1..B-1 */
	unsigned long loo[3];   /* every image against all the others */
};

/* Add to c the coverage of one triple's values z[0..B-1] (images 1..B),
 * B >= 2; x is scratch for 2 B doubles.  With wide 2 (from
 * compare_wide), the values beyond the sieve's bounds are picked with
 * AVX-512; the result is the same.  Exported for tests. */
void compare_coverage(const double *z, size_t B, double *x, int wide,
		      struct coverage *c);
/* 2 where the processor has AVX-512, 1 where it has a population count
 * instruction, else 0: what compare_coverage and compare_sign_dot may use
 * (any lower value works too). */
int compare_wide(void);
/* The sum over pairs of runs of sign_a sign_b for two images' sign bits
 * (pa, pb: words 64-bit words of the pairs ordered one way, then words
 * of those ordered the other), the numerator of Kendall's tau-b: with
 * wide >= 1 (compare_wide), by the processor's population count.
 * Exported for tests. */
long compare_sign_dot(const uint64_t *pa, const uint64_t *pb, size_t words,
		      int wide);
/* compare_coverage with a hint: hint[0] and hint[1] (or NULL), bounds
 * beyond which the tails probably lie (the caller's mean -+ 1.5 sd); a
 * wrong hint costs time, never a different count. */
void compare_coverage_hint(const double *z, size_t B, double *x, int wide,
			   const double *hint, struct coverage *c);
/* compare_coverage_hint of the differences z[b] = a[b] - c[b], b < B: the
 * same counts.  With wide 2 and a hint that holds the tails, the
 * differences are sieved as they are computed and z (scratch for B
 * doubles) is not written. */
void compare_coverage_diff(const double *a, const double *c, size_t B,
			   double *z, double *x, int wide, const double *hint,
			   struct coverage *cv);
/* compare_coverage, and returns the sd of z about mean as stats_sd
 * computes it (NaN for B < 2). */
double compare_triple(const double *z, size_t B, double mean, double *x,
		      int wide, struct coverage *c);

/* The sums of --reliability's triples on one topic (rel_sums.c): for
 * every pair of runs A < C in pair order (A = 0 with C = 1 .. S-1, then
 * A = 1, ...), the mean of the differences row A - row C over images
 * 0..B-1, mean[p] = stats_mean(d, B), and the sum of squared deviations
 * about it, ss[p], as stats_sd adds them (its square before the division
 * and root), bit for bit; run r's values are row[r * stride + b].  T is
 * scratch for compare_sums_scratch(S, B) doubles; with wide 2
 * (compare_wide), AVX-512.  mean and ss hold S (S - 1) / 2 each.
 * Exported for tests. */
void compare_pair_sums(const double *row, size_t stride, size_t S, size_t B,
		       int wide, double *T, double *mean, double *ss);
/* Doubles of compare_pair_sums's scratch for S runs and B images. */
size_t compare_sums_scratch(size_t S, size_t B);

#endif
