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
/* Sort x ascending in place (no NaN), as stats_sort but for the order of
 * a zero's two signs (-0 first): a radix sort of order-preserving 64-bit
 * keys, a pass per byte that differs among them, O(n), for the long
 * vectors of the summaries (B values).  scratch holds 2n keys. */
void stats_sort_radix(double *x, size_t n, uint64_t *scratch);
/* Sort x ascending when every value is a whole number from 0 to max (a
 * count of things, a rank): a counting sort, O(n + max), with count[0 ..
 * max] as scratch; a zero is written as +0.  Returns 0, or -1 with x as
 * it was when some value is not such a number (sort it with stats_sort). */
int stats_sort_whole(double *x, size_t n, size_t max, size_t *count);
/* Quantile p in [0, 1] of the ascending sorted x by linear interpolation
 * between order statistics (Hyndman & Fan type 7, R's and numpy's
 * default): h = (n-1)p, x[floor h] + (h - floor h)(x[floor h + 1] -
 * x[floor h]).  NaN for n = 0. */
double stats_quantile(const double *sorted, size_t n, double p);
/* Type 7's lower order statistic floor((n - 1) p) of n >= 1 values, and
 * in *f the weight of the next one. */
size_t stats_type7(size_t n, double p, double *f);
/* The k-th smallest (0-based) of x[0..n) by selection, O(n): x[from..n)
 * is rearranged so that x[k] holds it, nothing larger before and nothing
 * smaller after; x[0..from) must hold no value above any of x[from..n)
 * (0, or the k + 1 of an earlier call).  With next, the (k+1)-th smallest
 * (x[k] itself when k = n - 1) is stored there. */
double stats_select(double *x, size_t n, size_t from, size_t k, double *next);
/* stats_quantile of x without sorting it, bit for bit: by stats_select,
 * with the same from rule (quantiles asked in ascending order may pass
 * the previous one's floor((n-1)p) + 1). */
double stats_quantile_select(double *x, size_t n, size_t from, double p);
/* The order statistics of ranks r[0..nr) (0-based, ascending, distinct,
 * below n) of x[0..n) (no NaN) into v[0..nr), x left as it is: the values
 * a sort puts at those ranks (bit for bit but for the sign of a zero
 * when x has both).  Two passes over x - counting the values by the 16
 * leading bits of an order-preserving key, then gathering those of the
 * buckets that hold the ranks - and selections within them; allocates
 * 512 KB and the gathered values (at most n doubles). */
void stats_order_stats(const double *x, size_t n, const size_t *r, size_t nr,
		       double *v);
/* stats_quantile of x, which is left as it is, bit for bit, for a p near
 * 0 or 1: when the two order statistics needed are among the
 * STATS_TAIL smallest or largest, they are selected among the values
 * beyond a bound from a sample (copied without a branch), or where that
 * does not hold them or x is short, one pass keeps them in a sorted
 * buffer (about one comparison per value); otherwise x is copied and
 * selected.  scratch holds n doubles. */
#define STATS_TAIL 64
double stats_quantile_tail(const double *x, size_t n, double p,
			   double *scratch);
/* Competition ranks, 1 = best: rank[i] = 1 + number of j with v[j] > v[i],
 * so tied values share the best rank.  scratch holds n doubles. */
void stats_ranks(const double *v, size_t n, double *rank, double *scratch);

/* Regularized incomplete beta I_x(a, b) for a, b > 0 and x in [0, 1], by
 * its continued fraction (modified Lentz), about 1e-15 relative. */
double stats_ibeta(double a, double b, double x);
/* Two-sided p-value of Student's t with df degrees of freedom:
 * I_{df/(df+t^2)}(df/2, 1/2); 0 for infinite t. */
double stats_t_p(double t, double df);
/* The paired t statistic of n differences z: mean(z) / (sd(z) / sqrt(n)),
 * sd with n - 1 denominator.  Zero variance gives 0 when the mean is 0 and
 * +-infinity otherwise (so that its p-value is 1 or 0); NaN when n < 2. */
double stats_t_stat(const double *z, size_t n);
/* Corrections of the n p-values p[i] for multiple comparisons into q[i]
 * (q may be p), over p sorted ascending with ties in index order:
 * Benjamini-Hochberg, q_(r) = min(1, min over r' >= r of n p_(r') / r');
 * Holm, q_(k) = min(1, max over j <= k of (n - j + 1) p_(j)).  No NaN in
 * p.  Out of memory exits (xalloc.h). */
void stats_bh(const double *p, size_t n, double *q);
void stats_holm(const double *p, size_t n, double *q);
/* Kendall's tau-b of the pairs (x[i], y[i]), counting ties:
 * (concordant - discordant) / sqrt((n0 - n1)(n0 - n2)), n0 = n(n-1)/2,
 * n1 and n2 the pairs tied in x and in y.  NaN when either is all tied or
 * n < 2.  O(n^2); see compare.c for the fast form used on many rankings. */
double stats_kendall_tau_b(const double *x, const double *y, size_t n);
/* The same tau-b, bit for bit, by Knight's algorithm in O(n log n): sort
 * by (x, y), count the ties, and count the discordant pairs as the swaps
 * of a merge sort of y.  scratch holds 4n doubles.  For many rankings of
 * a few hundred runs (--bias). */
double stats_tau_b_fast(const double *x, const double *y, size_t n,
			double *scratch);

#endif
