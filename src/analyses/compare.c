/*
 * compare.c - --reliability (see compare.h; --pairs is in pairs.c).
 *
 * Cost notes.  Leave-one-out intervals: the B values of a triple are
 * sorted once; dropping one value shifts the order statistics above it by
 * one place, so each held-out interval costs O(1).  Kendall's tau-b
 * between image rankings: each image's pairwise order is kept as a vector
 * of signs, so tau-b of two images is a dot product.
 */
#include "compare.h"
#include "output.h"
#include "pool.h"
#include "progress.h"
#include "stats.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- --reliability ------------------------------------------------------ */

/* Type-7 quantile p of the sorted x[0..B-1] without the element at r. */
static double q7_without(const double *x, size_t B, size_t r, double p)
{
	size_t n = B - 1, lo;
	double h = (double)(n - 1) * p, a, b;
	lo = (size_t)floor(h);
	a = x[lo < r ? lo : lo + 1];
	if (lo + 1 >= n)
		return a;
	b = x[lo + 1 < r ? lo + 1 : lo + 2];
	return a + (h - (double)lo) * (b - a);
}

/* Values sampled, and the rank in the sample of the sieve's bounds. */
#define SIEVE_SAMPLE 64
#define SIEVE_RANK 6

/* The sieve's bounds for z[0..B): *lo, the SIEVE_RANK-th smallest of a
 * sample of SIEVE_SAMPLE values, and *hi, the SIEVE_RANK-th largest
 * (found by selection, without a branch on the values), which usually
 * have more than the tails of the held-out intervals at or beyond
 * them. */
static void sieve_bounds(const double *z, size_t B, double *lo, double *hi)
{
	double x[SIEVE_SAMPLE];
	for (size_t q = 0; q < SIEVE_SAMPLE; q++)
		x[q] = z[q * (B / SIEVE_SAMPLE)];
	*lo = stats_select(x, SIEVE_SAMPLE, 0, SIEVE_RANK - 1, NULL);
	*hi = stats_select(x, SIEVE_SAMPLE, SIEVE_RANK,
			   SIEVE_SAMPLE - SIEVE_RANK, NULL);
}

/* The values of z[0..B) at or below L into sm, *nb of them, and those
 * at or above H into lg, *nt of them, without a branch.  The plain
 * loop. */
static void sieve_plain(const double *z, size_t B, double L, double H,
			double *sm, size_t *nb, double *lg, size_t *nt)
{
	size_t a = 0, b = 0;
	for (size_t j = 0; j < B; j++) {
		double y = z[j];
		sm[a] = y;
		a += y <= L;
		lg[b] = y;
		b += y >= H;
	}
	*nb = a;
	*nt = b;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define COMPARE_HAVE_WIDE 1
#include <immintrin.h>

/* The same with 8 values to an AVX-512 vector, those kept compressed
 * to the front of it and the whole vector stored (the next store starts
 * where the kept ones end; sm and lg each hold B). */
__attribute__((target("avx512f")))
static void sieve_wide(const double *z, size_t B, double L, double H,
		       double *sm, size_t *nb, double *lg, size_t *nt)
{
	const __m512d lv = _mm512_set1_pd(L), hv = _mm512_set1_pd(H);
	size_t a = 0, b = 0, j;
	for (j = 0; j + 8 <= B; j += 8) {
		__m512d y = _mm512_loadu_pd(z + j);
		__mmask8 ml = _mm512_cmp_pd_mask(y, lv, _CMP_LE_OQ);
		__mmask8 mh = _mm512_cmp_pd_mask(y, hv, _CMP_GE_OQ);
		_mm512_storeu_pd(sm + a, _mm512_maskz_compress_pd(ml, y));
		_mm512_storeu_pd(lg + b, _mm512_maskz_compress_pd(mh, y));
		a += (size_t)__builtin_popcount(ml);
		b += (size_t)__builtin_popcount(mh);
	}
	sieve_plain(z + j, B - j, L, H, sm + a, nb, lg + b, nt);
	*nb += a;
	*nt += b;
}
#endif

int compare_wide(void)
{
#ifdef COMPARE_HAVE_WIDE
	if (__builtin_cpu_supports("avx512f"))
		return 2;
	return __builtin_cpu_supports("popcnt") != 0;
#else
	return 0;
#endif
}

/* The order statistics r, r + 1, r + 2 (0-based) of x[0..n), r + 2 <
 * n, into o: one selection, of r + 2 (nothing larger before it) or,
 * with from_top, of r (nothing smaller after it), and the two largest
 * before it or the two smallest after it (a pass without a branch: the
 * two extremes of a multiset). */
static void three_at(double *x, size_t n, size_t r, int from_top, double *o)
{
	double a = -INFINITY, b = -INFINITY;   /* the largest, the next */
	if (!from_top) {
		o[2] = stats_select(x, n, 0, r + 2, NULL);
		for (size_t i = 0; i < r + 2; i++) {
			double v = x[i], lo = v < a ? v : a;
			a = v < a ? a : v;
			b = lo < b ? b : lo;
		}
		o[0] = b;
		o[1] = a;
		return;
	}
	a = b = INFINITY;                      /* the smallest, the next */
	o[0] = stats_select(x, n, 0, r, NULL);
	for (size_t i = r + 1; i < n; i++) {
		double v = x[i], hi = v < a ? a : v;
		a = v < a ? v : a;
		b = hi < b ? hi : b;
	}
	o[1] = a;
	o[2] = b;
}

/* The held-out quantile p for a value z of lower-bound rank r, from the
 * order statistics o[0..2] = x[lo], x[lo+1], x[lo+2], lo = floor((B - 2)
 * p): what q7_without computes.  Only three cases of r matter - r <= lo
 * (z <= x[lo]), r = lo + 1 (x[lo] < z <= x[lo+1]) and r > lo + 1 - so
 * the quantile is one of q[0..2], computed as q7_without does. */
static void q7_cases(const double *o, size_t B, double p, double *q)
{
	size_t n = B - 1, lo;
	double h = (double)(n - 1) * p;
	lo = (size_t)floor(h);
	q[0] = o[1] + (h - (double)lo) * (o[2] - o[1]);
	q[1] = o[0] + (h - (double)lo) * (o[2] - o[0]);
	q[2] = o[0] + (h - (double)lo) * (o[1] - o[0]);
}

/* The held-out quantile for value v: q[0..2] of q7_cases by where v
 * lies against the order statistics o[0] and o[1]. */
static double held_q(const double *o, const double *q, double v)
{
	return !(o[0] < v) ? q[0] : !(o[1] < v) ? q[1] : q[2];
}

/* The values of z[0..B) at or below L into sm and those at or above H
 * into lg (*nb and *nt of them), when those are at least kb and kt;
 * else 0. */
static int sieve(const double *z, size_t B, int wide, double L, double H,
		 size_t kb, size_t kt, double *sm, size_t *nb, double *lg,
		 size_t *nt)
{
#ifdef COMPARE_HAVE_WIDE
	if (wide >= 2)
		sieve_wide(z, B, L, H, sm, nb, lg, nt);
	else
#else
	(void)wide;
#endif
		sieve_plain(z, B, L, H, sm, nb, lg, nt);
	return *nb >= kb && *nt >= kt;
}

/* compare_coverage with B >= 16 and lo2 >= lo1 + 3.  The held-out
 * intervals need only the order statistics lo1..lo1+2 and lo2..lo2+2:
 * one pass, without a branch, copies the values at or below a lower
 * bound to x (the lo1 + 3 smallest and those tied with them are among
 * them, when there are as many) and those at or above an upper bound to
 * x + B; the order statistics are selected among those, O(B) instead of
 * a sort.  The bounds are hint's, else (or when they do not hold as
 * many) the sieve's, else (rarely) every value is sorted.  Each value is
 * then classed by comparisons: only one at or below x[lo1 + 1] can fall
 * below its interval (any other is at least the lower bound, ties
 * included), and only one at or above x[lo2 + 1] above it; those are
 * among the copies. */
static void coverage_tails(const double *z, size_t B, size_t lo1, size_t lo2,
			   double *x, int wide, const double *hint,
			   struct coverage *c)
{
	size_t kb = lo1 + 3, kt = B - lo2, nb, nt, nlow = 0, nhigh = 0;
	double *sm = x, *lg = x + B, qa[3], qb[3], bot[3], top[3], v, L, H;
	int ok = hint && sieve(z, B, wide, hint[0], hint[1], kb, kt, sm, &nb,
			       lg, &nt);
	if (!ok) {
		sieve_bounds(z, B, &L, &H);
		ok = sieve(z, B, wide, L, H, kb, kt, sm, &nb, lg, &nt);
	}
	if (!ok) {
		memcpy(sm, z, B * sizeof *x);
		stats_sort(sm, B);
		memcpy(lg, sm, B * sizeof *x);
		nb = nt = B;
	}
	three_at(sm, nb, lo1, 0, bot);
	three_at(lg, nt, nt - kt, 1, top);
	q7_cases(bot, B, 0.025, qa);
	q7_cases(top, B, 0.975, qb);
	for (size_t i = 0; i < nb; i++)
		nlow += sm[i] < held_q(bot, qa, sm[i]);
	for (size_t i = 0; i < nt; i++)
		nhigh += lg[i] > held_q(top, qb, lg[i]);
	c->loo[0] += nlow;
	c->loo[1] += B - nlow - nhigh;
	c->loo[2] += nhigh;
	v = z[B - 1];
	c->hold[v < held_q(bot, qa, v) ? 0 : v > held_q(top, qb, v) ? 2 : 1]++;
}

/* compare_coverage, with bounds for the tails (hint[0], hint[1]) or
 * NULL. */
static void coverage(const double *z, size_t B, double *x, int wide,
		     const double *hint, struct coverage *c)
{
	size_t n = B - 1, lo1, lo2;
	lo1 = B >= 2 ? (size_t)floor((double)(n - 1) * 0.025) : 0;
	lo2 = B >= 2 ? (size_t)floor((double)(n - 1) * 0.975) : 0;
	if (B >= 16 && lo2 >= lo1 + 3) {
		coverage_tails(z, B, lo1, lo2, x, wide, hint, c);
		return;
	}
	/* few values: sort them all */
	memcpy(x, z, B * sizeof *x);
	stats_sort(x, B);
	for (size_t j = 0; j < B; j++) {
		size_t lo = 0, hi = B, r;
		double a, b;
		int cls;
		while (lo < hi) {   /* first index with x >= z[j] */
			size_t mid = lo + (hi - lo) / 2;
			if (x[mid] < z[j])
				lo = mid + 1;
			else
				hi = mid;
		}
		r = lo;
		a = q7_without(x, B, r, 0.025);
		b = q7_without(x, B, r, 0.975);
		cls = z[j] < a ? 0 : z[j] > b ? 2 : 1;
		c->loo[cls]++;
		if (j == B - 1)
			c->hold[cls]++;
	}
}

void compare_coverage(const double *z, size_t B, double *x, int wide,
		      struct coverage *c)
{
	coverage(z, B, x, wide, NULL, c);
}

double compare_triple(const double *z, size_t B, double mean, double *x,
		      int wide, struct coverage *c)
{
	double ss = 0;
	for (size_t j = 0; j < B; j++)
		ss += (z[j] - mean) * (z[j] - mean);
	compare_coverage(z, B, x, wide, c);
	return B < 2 ? NAN : sqrt(ss / (double)(B - 1));
}

struct rel_job {
	const struct scorer *s;
	const struct boot_result *br;
	unsigned long B;
	size_t k;                /* the slot */
	double *pqsd;            /* [pair][topic] sd of the difference */
	size_t *pair_base;       /* index of pair (A, A+1) */
	struct coverage *cov;    /* per worker */
	double *scratch;         /* per worker: (TRIPLES + 2) * B */
	/* Kendall */
	uint64_t *sign;          /* [image][2 * words]: per pair of runs, a
				    bit in the first half when the first run
				    scores higher, in the second when lower */
	size_t words;            /* 64-bit words per half */
	double *zero;            /* [image] pairs tied */
	double *delta2;          /* [image a]: sum over b > a of (1 - tau)^2 */
	unsigned long *ndelta;   /* [image a]: defined taus in that sum */
	size_t npairs_runs;
	struct progress prog;    /* (pair, topic) triples + image pairs */
	int wide;                /* compare_wide() */
};

/* Triples whose sums run side by side in triple_group (written out for
 * four). */
#define TRIPLES 4

/* The sd and coverage of the differences of run A and runs C0 ..
 * C0+n-1 (n <= TRIPLES) on topic t: the mean and sd of stats_mean and
 * stats_sd, each triple's sums in image order as theirs, but the n
 * triples' sums in one loop, so that their chains of additions overlap. */
static void triple_group(struct rel_job *j, size_t A, size_t C0, size_t n,
			 size_t t, unsigned w)
{
	size_t S = j->s->nruns, nt = j->s->c->n, nimg = j->B + 1, B = j->B;
	double *z = j->scratch + (size_t)w * (TRIPLES + 2) * B, *x = z + TRIPLES * B;
	const double *row = j->br->full + (j->k * nt + t) * S * nimg + 1;
	const double *a = row + A * nimg, *c[TRIPLES];
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0, ss[TRIPLES], m[TRIPLES];
	double *z0 = z, *z1 = z + B, *z2 = z + 2 * B, *z3 = z + 3 * B;
	for (size_t q = 0; q < TRIPLES; q++)   /* idle lanes: repeat the first */
		c[q] = row + (C0 + (q < n ? q : 0)) * nimg;
	/* four named accumulators, so that they stay in registers */
	for (size_t b = 0; b < B; b++) {
		double d0 = a[b] - c[0][b], d1 = a[b] - c[1][b];
		double d2 = a[b] - c[2][b], d3 = a[b] - c[3][b];
		z0[b] = d0;
		z1[b] = d1;
		z2[b] = d2;
		z3[b] = d3;
		s0 += d0;
		s1 += d1;
		s2 += d2;
		s3 += d3;
	}
	m[0] = s0 / (double)B;
	m[1] = s1 / (double)B;
	m[2] = s2 / (double)B;
	m[3] = s3 / (double)B;
	s0 = s1 = s2 = s3 = 0;
	for (size_t b = 0; b < B; b++) {
		double e0 = z0[b] - m[0], e1 = z1[b] - m[1];
		double e2 = z2[b] - m[2], e3 = z3[b] - m[3];
		s0 += e0 * e0;
		s1 += e1 * e1;
		s2 += e2 * e2;
		s3 += e3 * e3;
	}
	ss[0] = s0;
	ss[1] = s1;
	ss[2] = s2;
	ss[3] = s3;
	for (size_t q = 0; q < n; q++) {
		size_t p = j->pair_base[A] + (C0 + q - A - 1);
		double sd = B < 2 ? NAN : sqrt(ss[q] / (double)(B - 1));
		/* the tails lie beyond 1.5 sd from the mean, unless the values
		 * are far from normal (coverage then finds other bounds) */
		double hint[2] = { m[q] - 1.5 * sd, m[q] + 1.5 * sd };
		coverage(z + q * B, B, x, j->wide, B < 2 ? NULL : hint, &j->cov[w]);
		j->pqsd[p * nt + t] = sd;
	}
}

/* Every pair of runs on topic t: the topic's values of every run (about
 * 1 MB at 129 runs and B = 1000) stay in cache for all the pairs, so
 * the kept images are read from memory once per slot. */
static void triple_task(void *ctx, size_t t, unsigned w)
{
	struct rel_job *j = ctx;
	size_t S = j->s->nruns;
	for (size_t A = 0; A + 1 < S; A++)
		for (size_t C = A + 1; C < S; C += TRIPLES)
			triple_group(j, A, C, S - C < TRIPLES ? S - C : TRIPLES, t, w);
	progress_add(&j->prog, (unsigned long)j->npairs_runs, w == 0);
}

static unsigned popcount64(uint64_t x)
{
	x = x - ((x >> 1) & 0x5555555555555555ULL);
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (unsigned)((x * 0x0101010101010101ULL) >> 56);
}

#ifdef COMPARE_HAVE_WIDE
/* compare_sign_dot with the processor's population count. */
__attribute__((target("popcnt")))
static long sign_dot_popcnt(const uint64_t *pa, const uint64_t *pb, size_t words)
{
	const uint64_t *na = pa + words, *nb = pb + words;
	long dot = 0;
	for (size_t i = 0; i < words; i++)
		dot += (long)__builtin_popcountll((pa[i] & pb[i]) | (na[i] & nb[i])) -
		       (long)__builtin_popcountll((pa[i] & nb[i]) | (na[i] & pb[i]));
	return dot;
}
#endif

long compare_sign_dot(const uint64_t *pa, const uint64_t *pb, size_t words,
		      int wide)
{
	const uint64_t *na = pa + words, *nb = pb + words;
	long dot = 0;
#ifdef COMPARE_HAVE_WIDE
	if (wide)
		return sign_dot_popcnt(pa, pb, words);
#else
	(void)wide;
#endif
	for (size_t i = 0; i < words; i++)
		dot += (long)popcount64((pa[i] & pb[i]) | (na[i] & nb[i])) -
		       (long)popcount64((pa[i] & nb[i]) | (na[i] & pb[i]));
	return dot;
}

/* Kendall tau-b of images a and b from their sign bits: the sum over
 * pairs of runs of sign_a sign_b is the pairs ordered alike minus those
 * ordered oppositely, 64 pairs at a time. */
static double tau_of(const struct rel_job *j, size_t a, size_t b)
{
	double n0 = (double)j->npairs_runs;
	long dot;
	if (n0 == j->zero[a] || n0 == j->zero[b])
		return NAN;
	dot = compare_sign_dot(j->sign + a * 2 * j->words,
			       j->sign + b * 2 * j->words, j->words, j->wide);
	return (double)dot / sqrt((n0 - j->zero[a]) * (n0 - j->zero[b]));
}

/* Row a of the image pairs (a, b > a), images 1-based: partial sums are
 * kept per row and added in row order, so the result is the same for
 * every thread count. */
static void sigma_task(void *ctx, size_t a, unsigned w)
{
	struct rel_job *j = ctx;
	double s = 0;
	unsigned long n = 0;
	for (size_t b = a + 2; b <= j->B; b++) {
		double tau = tau_of(j, a + 1, b);
		if (!isnan(tau)) {
			s += (1 - tau) * (1 - tau);
			n++;
		}
	}
	j->delta2[a] = s;
	j->ndelta[a] = n;
	progress_add(&j->prog, (unsigned long)(j->B - a - 1), w == 0);
}

static void row(FILE *f, const char *measure, const char *run, const char *qid,
		const char *stat, double v, int decimals)
{
	fprintf(f, "%s\t%s\t%s\t%s", measure, run, qid, stat);
	output_num(f, v, decimals);
	fputc('\n', f);
}

/* The ranking statistics of slot k (tau_mean, tau_min, tau_q025,
 * rank_sigma): Kendall's tau-b between the rankings of the runs by
 * per-system score at the root and in each image, and their spread; NA
 * for a residual, which ranks nothing.  vals is scratch for B doubles. */
static void rel_rankings(FILE *f, struct rel_job *j,
			 const struct compare_opts *o, size_t k, double *vals)
{
	const struct scorer *s = j->s;
	const struct boot_result *br = j->br;
	size_t S = s->nruns, ns = s->nslots, B = j->B, nimg = B + 1;
	size_t nd = 0;
	const char *mname = s->slots[k].name;
	double sum = 0, mn = NAN, d2 = 0;
	unsigned long n2 = 0;
	int d = o->decimals;

	if (!scorer_slot_is_score(s, k)) {
		static const char *const rn[4] = { "tau_mean", "tau_min",
						   "tau_q025", "rank_sigma" };
		for (int c = 0; c < 4; c++)
			row(f, mname, "all", "all", rn[c], NAN, d);
		progress_add(&j->prog, (unsigned long)(B * (B - 1) / 2), 1);
		return;
	}
	for (size_t b = 0; b < nimg; b++) {
		uint64_t *pos = j->sign + b * 2 * j->words, *neg = pos + j->words;
		size_t q = 0;
		memset(pos, 0, 2 * j->words * sizeof *pos);
		j->zero[b] = 0;
		for (size_t a = 0; a < S; a++)
			for (size_t c = a + 1; c < S; c++, q++) {
				double va = br->sys[(a * ns + k) * nimg + b];
				double vc = br->sys[(c * ns + k) * nimg + b];
				uint64_t bit = UINT64_C(1) << (q % 64);
				if (va > vc)
					pos[q / 64] |= bit;
				else if (va < vc)
					neg[q / 64] |= bit;
				else
					j->zero[b]++;
			}
	}
	for (size_t b = 1; b <= B; b++) {
		double tau = tau_of(j, 0, b);
		if (isnan(tau))
			continue;
		vals[nd++] = tau;
		sum += tau;
		mn = isnan(mn) || tau < mn ? tau : mn;
	}
	stats_sort(vals, nd);
	row(f, mname, "all", "all", "tau_mean", nd ? sum / (double)nd : NAN, d);
	row(f, mname, "all", "all", "tau_min", mn, d);
	row(f, mname, "all", "all", "tau_q025", stats_quantile(vals, nd, 0.025), d);
	pool_run(o->pool, B, sigma_task, j);
	for (size_t a = 0; a < B; a++) {
		d2 += j->delta2[a];
		n2 += j->ndelta[a];
	}
	row(f, mname, "all", "all", "rank_sigma",
	    n2 ? sqrt(0.5 * d2 / (double)n2) : NAN, d);
}

/* The rows of the pairs of runs on a topic in slot k: the sd of their
 * difference across images, and where held-out images fall. */
static void rel_pairs(FILE *f, struct rel_job *j, const struct compare_opts *o,
		      size_t k)
{
	static const char *const hn[3] = { "holdout_below", "holdout_in",
					   "holdout_above" };
	static const char *const ln[3] = { "loo_below", "loo_in", "loo_above" };
	const struct scorer *s = j->s;
	const char *mname = s->slots[k].name;
	size_t S = s->nruns, nt = s->c->n, npr = j->npairs_runs;
	unsigned long ntr = (unsigned long)(npr * nt);
	struct coverage cv;
	int d = o->decimals;
	double m;

	j->k = k;
	memset(j->cov, 0, pool_size(o->pool) * sizeof *j->cov);
	if (S > 1)
		pool_run(o->pool, nt, triple_task, j);
	m = stats_mean(j->pqsd, npr * nt);
	row(f, mname, "all", "all", "pair_qsd_mean", npr ? m : NAN, d);
	row(f, mname, "all", "all", "pair_qsd_sd",
	    npr ? stats_sd(j->pqsd, npr * nt, m) : NAN, d);
	memset(&cv, 0, sizeof cv);
	for (unsigned w = 0; w < pool_size(o->pool); w++)
		for (int c = 0; c < 3; c++) {
			cv.hold[c] += j->cov[w].hold[c];
			cv.loo[c] += j->cov[w].loo[c];
		}
	for (int c = 0; c < 3; c++)
		row(f, mname, "all", "all", hn[c],
		    ntr ? 100.0 * (double)cv.hold[c] / (double)ntr : NAN, d);
	for (int c = 0; c < 3; c++)
		row(f, mname, "all", "all", ln[c],
		    ntr ? 100.0 * (double)cv.loo[c] / ((double)ntr * (double)j->B)
			: NAN, d);
}

/* The rows of slot k per run (the mean and sd over topics of the sd
 * across images, qsd[run][topic]) and per topic (its 95th percentile
 * across runs); tmp holds the runs' values. */
static void rel_spread(FILE *f, const struct scorer *s, size_t k,
		       const double *qsd, double *tmp, int d)
{
	size_t S = s->nruns, nt = s->c->n;
	const char *mname = s->slots[k].name;
	for (size_t r = 0; r < S; r++) {
		const double *q = qsd + r * nt;
		double mr = stats_mean(q, nt);
		row(f, mname, s->runs[r].name, "all", "qsd_mean", mr, d);
		row(f, mname, s->runs[r].name, "all", "qsd_sd", stats_sd(q, nt, mr), d);
	}
	for (size_t t = 0; t < nt; t++) {
		for (size_t r = 0; r < S; r++)
			tmp[r] = qsd[r * nt + t];
		stats_sort(tmp, S);
		row(f, mname, "all", s->c->topic[t].qid, "qsd_p95",
		    stats_quantile(tmp, S, 0.95), d);
	}
}

int compare_reliability(FILE *f, const struct scorer *s,
			const struct boot_result *br,
			const struct compare_opts *o)
{
	size_t S = s->nruns, nt = s->c->n, ns = s->nslots, B = o->B;
	size_t nimg = B + 1, npr = S * (S - (S > 0)) / 2;
	double *qsd = xcalloc(size_mul(S, nt), sizeof *qsd);
	double *tmp = xcalloc(size_mul(S > nimg ? S : nimg, nt > 1 ? nt : 1) + nimg,
			      sizeof *tmp);
	double *vals = xcalloc(size_mul(S, nimg) + 1, sizeof *vals);
	struct rel_job j;
	int d = o->decimals;

	memset(&j, 0, sizeof j);
	j.s = s;
	j.br = br;
	j.B = B;
	j.npairs_runs = npr;
	j.wide = compare_wide();
	j.pqsd = xcalloc(size_mul(npr, nt) + 1, sizeof *j.pqsd);
	j.pair_base = xcalloc(S + 1, sizeof *j.pair_base);
	for (size_t A = 0, base = 0; A < S; A++) {
		j.pair_base[A] = base;
		base += S - A - 1;
	}
	j.cov = xcalloc(pool_size(o->pool), sizeof *j.cov);
	j.scratch = xcalloc(size_mul(pool_size(o->pool), (TRIPLES + 2) * B),
			    sizeof *j.scratch);
	j.words = (npr + 63) / 64;
	j.sign = xcalloc(size_mul(nimg, 2 * j.words) + 1, sizeof *j.sign);
	j.zero = xcalloc(nimg, sizeof *j.zero);
	j.delta2 = xcalloc(B, sizeof *j.delta2);
	j.ndelta = xcalloc(B, sizeof *j.ndelta);
	progress_init(&j.prog, o->progress, "reliability",
		      (unsigned long)ns * ((unsigned long)(npr * nt) +
					   (unsigned long)(B * (B - 1) / 2)), 1);

	fputs("measure\trun\tqid\tstatistic\tvalue\n", f);
	for (size_t k = 0; k < ns; k++) {
		const char *mname = s->slots[k].name;
		double m;

		/* per (run, topic): sd across images 1..B */
		for (size_t r = 0; r < S; r++)
			for (size_t t = 0; t < nt; t++) {
				const double *v = br->full + ((k * nt + t) * S + r) * nimg;
				qsd[r * nt + t] = stats_sd(v + 1, B, stats_mean(v + 1, B));
			}
		m = stats_mean(qsd, S * nt);
		row(f, mname, "all", "all", "qsd_mean", m, d);
		row(f, mname, "all", "all", "qsd_sd", stats_sd(qsd, S * nt, m), d);

		rel_pairs(f, &j, o, k);
		rel_rankings(f, &j, o, k, vals);

		rel_spread(f, s, k, qsd, tmp, d);
	}
	free(qsd);
	free(tmp);
	free(vals);
	free(j.pqsd);
	free(j.pair_base);
	free(j.cov);
	free(j.scratch);
	free(j.sign);
	free(j.zero);
	free(j.delta2);
	free(j.ndelta);
	progress_end(&j.prog);
	return fflush(f) != 0 || ferror(f) ? -1 : 0;
}
