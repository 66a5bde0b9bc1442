/*
 * compare.c - --reliability (see compare.h; --pairs is in pairs.c).
 *
 * Cost notes.  Leave-one-out intervals: rel_cover.c; the sums of each
 * (pair, topic) triple: rel_sums.c, all the pairs of a topic at once.
 * Kendall's tau-b between image rankings: each image's pairwise order is
 * kept as a vector of signs, so tau-b of two images is a dot product.
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

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define COMPARE_HAVE_WIDE 1
#include <immintrin.h>
#endif

/* ---- --reliability ------------------------------------------------------ */

struct rel_job {
	const struct scorer *s;
	const struct boot_result *br;
	unsigned long B;
	size_t k;                /* the slot */
	double *pqsd;            /* [pair][topic] sd of the difference */
	struct coverage *cov;    /* per worker */
	double *scratch;         /* per worker: per_worker doubles, each
				    worker's aligned (xcalloc_line) */
	double *rows;            /* per worker: a topic's values, S rows of
				    B + 1 (boot_full_row) */
	size_t per_worker;       /* 3 B + 2 pairs + compare_sums_scratch
				    (at least (TRIPLES + 2) B) */
	/* Kendall */
	uint64_t *sign;          /* [image][2 * words]: per pair of runs, a
				    bit in the first half when the first run
				    scores higher, in the second when lower */
	size_t words;            /* 64-bit words per half */
	double *zero;            /* [image] pairs tied */
	double *delta2;          /* [image a]: sum over b > a of (1 - tau)^2 */
	unsigned long *ndelta;   /* [image a]: defined taus in that sum */
	size_t npairs_runs;
	double *qsd;             /* [run][topic] sd across images (slot k) */
	struct progress prog;    /* (pair, topic) triples + image pairs */
	int wide;                /* compare_wide() */
};

/* Triples whose sums run side by side in triple_group (written out for
 * four). */
#define TRIPLES 4

/* The sd and coverage of the differences of run A and runs C0 ..
 * C0+n-1 (n <= TRIPLES) on topic t: the mean and sd of stats_mean and
 * stats_sd, each triple's sums in image order as theirs, but the n
 * triples' sums in one loop, so that their chains of additions overlap.
 * Without AVX-512, where compare_pair_sums's lanes cost more. */
static void triple_group(struct rel_job *j, size_t A, size_t C0, size_t n,
			 size_t t, const double *row, unsigned w)
{
	size_t S = j->s->nruns, nt = j->s->c->n, nimg = j->B + 1, B = j->B;
	double *z = j->scratch + (size_t)w * j->per_worker, *x = z + TRIPLES * B;
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
		size_t p = A * (2 * S - A - 1) / 2 + (C0 + q - A - 1);
		double sd = B < 2 ? NAN : sqrt(ss[q] / (double)(B - 1));
		/* the tails lie beyond 1.5 sd from the mean, unless the values
		 * are far from normal (coverage then finds other bounds) */
		double hint[2] = { m[q] - 1.5 * sd, m[q] + 1.5 * sd };
		compare_coverage_hint(z + q * B, B, x, j->wide, B < 2 ? NULL : hint,
				      &j->cov[w]);
		j->pqsd[p * nt + t] = sd;
	}
}

/* Every pair of runs on topic t: with AVX-512, the sums of all its
 * triples first (compare_pair_sums; the topic's values of every run,
 * about 1 MB at 129 runs and B = 1000, stay in cache for all the pairs,
 * so the kept images are read from memory once per slot), then each
 * triple's sd and coverage. */
static void triple_task(void *ctx, size_t t, unsigned w)
{
	struct rel_job *j = ctx;
	size_t S = j->s->nruns, nt = j->s->c->n, nimg = j->B + 1, B = j->B;
	size_t npr = j->npairs_runs;
	double *z = j->scratch + (size_t)w * j->per_worker, *x = z + B;
	double *mean = x + 2 * B, *ss = mean + npr, *T = ss + npr;
	double *blk = j->rows + (size_t)w * S * nimg;
	const double *row = blk + 1;   /* run r's images 1..B at r * nimg */

	for (size_t r = 0; r < S; r++)
		boot_full_row(j->br->full, nt, S, nimg, j->k, t, r,
			      blk + r * nimg);
	if (j->wide < 2) {
		for (size_t A = 0; A + 1 < S; A++)
			for (size_t C = A + 1; C < S; C += TRIPLES)
				triple_group(j, A, C, S - C < TRIPLES ? S - C : TRIPLES,
					     t, row, w);
		progress_add(&j->prog, (unsigned long)npr, w == 0);
		return;
	}
	compare_pair_sums(row, nimg, S, B, j->wide, T, mean, ss);
	for (size_t A = 0, p = 0; A + 1 < S; A++)
		for (size_t C = A + 1; C < S; C++, p++) {
			double sd = B < 2 ? NAN : sqrt(ss[p] / (double)(B - 1));
			/* the tails lie beyond 1.5 sd from the mean, unless the
			 * values are far from normal (coverage then finds other
			 * bounds) */
			double hint[2] = { mean[p] - 1.5 * sd, mean[p] + 1.5 * sd };
			compare_coverage_diff(row + A * nimg, row + C * nimg, B,
					      z, x, j->wide,
					      B < 2 ? NULL : hint, &j->cov[w]);
			j->pqsd[p * nt + t] = sd;
		}
	progress_add(&j->prog, (unsigned long)npr, w == 0);
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

/* Image b's sign bits and ties in slot j->k (j->sign, j->zero): the
 * runs' values of the image gathered into the worker's rows first, then
 * every pair of runs in order, without a branch on the values (a NaN
 * beside anything is a tie, as neither comparison holds). */
static void sign_task(void *ctx, size_t b, unsigned w)
{
	struct rel_job *j = ctx;
	const struct scorer *s = j->s;
	size_t S = s->nruns, ns = s->nslots, nimg = j->B + 1, q = 0;
	double *v = j->rows + (size_t)w * S * nimg;
	uint64_t *pos = j->sign + b * 2 * j->words, *neg = pos + j->words;
	unsigned long zero = 0;
	for (size_t a = 0; a < S; a++)
		v[a] = j->br->sys[(a * ns + j->k) * nimg + b];
	memset(pos, 0, 2 * j->words * sizeof *pos);
	for (size_t a = 0; a < S; a++)
		for (size_t c = a + 1; c < S; c++, q++) {
			uint64_t gt = v[a] > v[c], lt = v[a] < v[c];
			pos[q / 64] |= gt << (q % 64);
			neg[q / 64] |= lt << (q % 64);
			zero += !(gt | lt);
		}
	j->zero[b] = (double)zero;
}

/* Run r's sd across images 1..B of each topic in slot j->k (j->qsd),
 * its rows read into the worker's. */
static void qsd_task(void *ctx, size_t r, unsigned w)
{
	struct rel_job *j = ctx;
	size_t S = j->s->nruns, nt = j->s->c->n, nimg = j->B + 1;
	double *row = j->rows + (size_t)w * S * nimg;
	for (size_t t = 0; t < nt; t++) {
		boot_full_row(j->br->full, nt, S, nimg, j->k, t, r, row);
		j->qsd[r * nt + t] = stats_sd(row + 1, j->B,
					      stats_mean(row + 1, j->B));
	}
}

/* The ranking statistics of slot k (tau_mean, tau_min, tau_q025,
 * rank_sigma): Kendall's tau-b between the rankings of the runs by
 * per-system score at the root and in each image, and their spread; NA
 * for a residual, which ranks nothing.  vals is scratch for B doubles. */
static void rel_rankings(FILE *f, struct rel_job *j,
			 const struct compare_opts *o, size_t k, double *vals)
{
	const struct scorer *s = j->s;
	size_t B = j->B, nimg = B + 1;
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
	j->k = k;
	pool_run(o->pool, nimg, sign_task, j);
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
	j.qsd = qsd;
	j.wide = compare_wide();
	j.pqsd = xcalloc(size_mul(npr, nt) + 1, sizeof *j.pqsd);
	j.cov = xcalloc(pool_size(o->pool), sizeof *j.cov);
	j.per_worker = size_add(size_add(3 * B, size_mul(2, npr)),
				compare_sums_scratch(S, B));
	/* each worker's part aligned, as the vector loops read it */
	j.per_worker = size_add(j.per_worker, 7) / 8 * 8;
	j.scratch = xcalloc_line(size_mul(pool_size(o->pool), j.per_worker),
				 sizeof *j.scratch);
	j.rows = xcalloc(size_mul(pool_size(o->pool), size_mul(S, nimg)),
			 sizeof *j.rows);
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
		j.k = k;
		pool_run(o->pool, S, qsd_task, &j);
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
	free(j.cov);
	free(j.scratch);
	free(j.rows);
	free(j.sign);
	free(j.zero);
	free(j.delta2);
	free(j.ndelta);
	progress_end(&j.prog);
	return fflush(f) != 0 || ferror(f) ? -1 : 0;
}
