/*
 * meld_pairs.h - the t-tests of --meld (meld.h) on the values of one
 * image and measure: every run against itself across L and R (the
 * self-comparison) and every pair of runs on L and on R (A-vs-B), counted
 * against the p-value thresholds of the table, each pair's differences
 * kept for the quantiles (shared spec meld.md).
 *
 * Sizes: J runs (J (J - 1) / 2 pairs, 1225 for 50 runs) over n topics per
 * call; no allocation.
 */
#ifndef CBEVAL_MELD_PAIRS_H
#define CBEVAL_MELD_PAIRS_H

#include <stddef.h>

/* The thresholds of the p-values: self_p_lt_*, self_p_gt_*, the window. */
enum { T_LT0, T_LT1, T_LT2, T_LT3, T_LT4, T_LT5, T_GT0, T_GT1, T_W_LO,
       T_W_HI, T_N };

/* The counts of a measure: self p below each of the six lower thresholds,
 * above each of the two upper ones; pairs with p_L in the window, of them
 * with d_R <= 0 and with p_R >= 0.05; pairs with p_L < 0.05, of them with
 * d_R <= 0. */
enum { MELD_C_LT0, MELD_C_GT0 = MELD_C_LT0 + 6, MELD_C_WIN = MELD_C_GT0 + 2,
       MELD_C_WIN_NONSUP, MELD_C_WIN_NOTSIG, MELD_C_SIG, MELD_C_SIG_NONSUP,
       MELD_C_N };

struct meld_pairs {
	size_t n, J;            /* topics, runs */
	double df, tc[T_N];     /* n - 1 and the critical t of each threshold */
	double tlo[T_N], thi[T_N];   /* tc -+ 1e-6 max(1, |tc|): p is computed
					for a t between them */
};

/* For n topics (the tests need n >= 2) and J runs. */
void meld_pairs_init(struct meld_pairs *mp, size_t n, size_t J);

/* The tests of one image and measure, values v: run r's on topic t at
 * v[t * J + r] in L and v[(n + t) * J + r] in R.  Adds the counts to
 * c[MELD_C_N] (none when n < 2); pair q, the q-th (a, b) with a < b in
 * order, has its d_L - |d_R| and d_R (oriented so that d_L >= 0) stored
 * at dlr[q] and dr[q]. */
void meld_pairs_image(const struct meld_pairs *mp, const double *v,
		      unsigned long *c, double *dlr, double *dr);

#endif
