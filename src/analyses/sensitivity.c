/*
 * sensitivity.c - --sensitivity (see sensitivity.h and cbeval-analyses(7),
 * section SENSITIVITY, for every definition used here).
 *
 * Every sum over a topic sample is taken over the sample's distinct
 * topics in topic order, each value times the number of times it was
 * drawn (cbeval-analyses(7) documents this), so equal samples give equal
 * bits.  Three kinds of work, spread over the pool and independent of the
 * thread count:
 *   prep tasks (blocks of samples): per run, measure and sample, the
 *       aggregate in samples of streams 1 and 2, and the four partial
 *       sums of the unpaired test (the draws of each half of a stream-3
 *       sample that land in the first or the second run's values), so
 *       that a pair's unpaired statistic costs O(1) per sample;
 *   pair tasks (one per pair and measure): the paired test, two passes
 *       over the distinct topics of each sample (mean, then squared
 *       deviations), and the unpaired test from the partial sums;
 *   sample tasks (blocks of samples): MR-PT, swap and tau counters from
 *       the aggregates, kept per worker in integers and merged.
 */
#include "sens_int.h"
#include "draws.h"
#include "progress.h"
#include "stats.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK 16        /* samples per prep or sample task */

enum { U_X1, U_Y1, U_X2, U_Y2, U_N };

static double *agg_at(double *a, const struct sens *x, size_t j, size_t r)
{
	return a + (j * x->S + r) * x->T;
}

static double *u_at(const struct sens *x, size_t j, size_t r, int which)
{
	return x->u + ((j * x->S + r) * U_N + (size_t)which) * x->T;
}

/* Per sample: the draw counts of streams 1, 2 and the two halves of
 * stream 3, then every run's aggregates and partial sums. */
static void prep_task(void *ctx, size_t task, unsigned w)
{
	struct sens *x = ctx;
	size_t n = x->n, S = x->S;
	unsigned long b0 = task * BLOCK, b1 = b0 + BLOCK;
	uint32_t *c1 = x->cnt + (size_t)w * 6 * n, *c2 = c1 + n, *c3 = c2 + n;
	if (b1 > x->T)
		b1 = x->T;
	for (unsigned long b = b0; b < b1; b++) {
		memset(c1, 0, 6 * n * sizeof *c1);
		for (size_t i = 0; i < x->doff[b + 1] - x->doff[b]; i++)
			c1[x->dtop[x->doff[b] + i]] = x->dcnt[x->doff[b] + i];
		for (size_t i = 0; i < n; i++)
			c2[draw_index(draw_word2(x->o->seed, DRAW_TOPICS2, b + 1, i), n)]++;
		for (size_t i = 0; i < 2 * n; i++)
			c3[(i < n ? 0 : 2 * n) +
			   draw_index(draw_word2(x->o->seed, DRAW_UNPAIRED, b + 1, i), 2 * n)]++;
		for (size_t j = 0; j < x->m; j++)
			for (size_t r = 0; r < S; r++) {
				const double *v = x->tv + (j * S + r) * n;
				double s1 = 0, s2 = 0, ux1 = 0, uy1 = 0, ux2 = 0, uy2 = 0;
				for (size_t t = 0; t < n; t++) {
					s1 += c1[t] * v[t];
					s2 += c2[t] * v[t];
					ux1 += c3[t] * v[t];
					uy1 += c3[n + t] * v[t];
					ux2 += c3[2 * n + t] * v[t];
					uy2 += c3[3 * n + t] * v[t];
				}
				agg_at(x->a1, x, j, r)[b] = measure_agg_finish(x->agg[j], s1, n);
				agg_at(x->a2, x, j, r)[b] = measure_agg_finish(x->agg[j], s2, n);
				u_at(x, j, r, U_X1)[b] = ux1;
				u_at(x, j, r, U_Y1)[b] = uy1;
				u_at(x, j, r, U_X2)[b] = ux2;
				u_at(x, j, r, U_Y2)[b] = uy2;
			}
	}
	progress_add(&x->prog, b1 - b0, w == 0);
}

/* Order of the samples for the required difference: key descending,
 * then sample index ascending. */
static int before(const double *key, uint32_t a, uint32_t b)
{
	return key[a] > key[b] || (key[a] == key[b] && a < b);
}

/* Rearrange ord[0..n) so that ord[k] is the element of rank k (0-based)
 * in the order of before(); quickselect with a median-of-three pivot. */
static void select_kth(uint32_t *ord, size_t n, size_t k, const double *key)
{
	size_t lo = 0, hi = n - 1;
	while (hi > lo) {
		size_t mid = lo + (hi - lo) / 2, i = lo, j = hi;
		uint32_t piv, t;
		if (before(key, ord[mid], ord[lo])) { t = ord[mid]; ord[mid] = ord[lo]; ord[lo] = t; }
		if (before(key, ord[hi], ord[lo])) { t = ord[hi]; ord[hi] = ord[lo]; ord[lo] = t; }
		if (before(key, ord[hi], ord[mid])) { t = ord[hi]; ord[hi] = ord[mid]; ord[mid] = t; }
		piv = ord[mid];
		while (i <= j) {
			while (before(key, ord[i], piv))
				i++;
			while (before(key, piv, ord[j]))
				j--;
			if (i <= j) {
				t = ord[i]; ord[i] = ord[j]; ord[j] = t;
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return;
	}
}

/* The value of the k-th (1-based) sample in before() order of key; NA
 * when k = 0. */
static double kth_value(uint32_t *ord, unsigned long T, unsigned long k,
			const double *key, const double *value)
{
	if (k == 0)
		return NAN;
	for (uint32_t b = 0; b < T; b++)
		ord[b] = b;
	select_kth(ord, T, k - 1, key);
	return value[ord[k - 1]];
}

double sens_sample_t(const double *w, const uint32_t *top,
		       const uint32_t *cnt, size_t k, size_t n, double scale,
		       double *mean)
{
	double s = 0, ss = 0, m, sd;
	for (size_t i = 0; i < k; i++)
		s += cnt[i] * w[top[i]];
	m = s / (double)n;
	for (size_t i = 0; i < k; i++) {
		double d = w[top[i]] - m;
		ss += cnt[i] * (d * d);
	}
	*mean = m;
	sd = sqrt(ss / (double)(n - 1));
	if (fabs(m) <= TIE * scale)
		return 0;
	if (sd <= TIE * scale)
		return m > 0 ? INFINITY : -INFINITY;
	return m / (sd / sqrt((double)n));
}

static void pair_task(void *ctx, size_t q, unsigned w)
{
	struct sens *x = ctx;
	size_t n = x->n, j = x->j, A = x->pa[q], B = x->pb[q];
	unsigned long T = x->T;
	const double *a = x->tv + (j * x->S + A) * n;
	const double *c = x->tv + (j * x->S + B) * n;
	double *ws = x->pscratch + (size_t)w * x->pscratch_n;
	double *z = ws, *at = z + n, *am = at + T, *ad = am + T;
	uint32_t *ord = x->pord + (size_t)w * x->pord_n;
	double *row = x->row + (j * x->P + q) * PR_N;
	const double *ux1 = u_at(x, j, A, U_X1), *uy1 = u_at(x, j, B, U_Y1);
	const double *ux2 = u_at(x, j, A, U_X2), *uy2 = u_at(x, j, B, U_Y2);
	double sa = 0, sc = 0, t0, mz, d0, scale = 0, ma, mc;
	unsigned long cp = 0, cu = 0;
	uint32_t *all = ord;   /* the root as a "sample": every topic once */

	for (size_t t = 0; t < n; t++) {
		sa += a[t];
		sc += c[t];
	}
	ma = measure_agg_finish(x->agg[j], sa, n);
	mc = measure_agg_finish(x->agg[j], sc, n);
	d0 = ma - mc;
	row[PR_DIFF] = d0;
	for (int i = PR_T; i < PR_N; i++)
		row[i] = NAN;
	if (n < 2) {
		progress_add(&x->prog, 1, w == 0);
		return;
	}
	/* paired: z = x - y (logs for GM), w = z - mean(z) */
	for (size_t t = 0; t < n; t++) {
		z[t] = a[t] - c[t];
		scale = fmax(scale, fabs(z[t]));
		all[t] = (uint32_t)t;
		all[n + t] = 1;
	}
	t0 = sens_sample_t(z, all, all + n, n, n, scale, &mz);
	row[PR_T] = t0;
	row[PR_P] = stats_t_p(t0, (double)n - 1);
	for (size_t t = 0; t < n; t++)
		z[t] -= mz;
	for (unsigned long b = 0; b < T; b++) {
		size_t o = x->doff[b];
		double mb, tb = fabs(sens_sample_t(z, x->dtop + o, x->dcnt + o,
					      x->doff[b + 1] - o, n, scale, &mb));
		cp += sens_ge(tb, fabs(t0));
		at[b] = tb;
		am[b] = fabs(mb);
	}
	row[PR_ASLP] = (double)cp / (double)T;
	row[PR_RQP5] = kth_value(ord, T, T * 5 / 100, at, am);
	row[PR_RQP1] = kth_value(ord, T, T / 100, at, am);
	/* unpaired: the pooled vector (x, y) resampled into two groups */
	for (unsigned long b = 0; b < T; b++) {
		double d = fabs(measure_agg_finish(x->agg[j], ux1[b] + uy1[b], n) -
				measure_agg_finish(x->agg[j], ux2[b] + uy2[b], n));
		cu += sens_ge_at(d, fabs(d0), fmax(fabs(ma), fabs(mc)));
		ad[b] = d;
	}
	row[PR_ASLU] = (double)cu / (double)T;
	row[PR_RQU5] = kth_value(ord, T, T * 5 / 100, ad, ad);
	row[PR_RQU1] = kth_value(ord, T, T / 100, ad, ad);
	progress_add(&x->prog, T, w == 0);
}

/* Swap bin of a difference: the largest i <= 20 with |d| >= i/100. */
static int swap_bin(double d)
{
	double a = fabs(d);
	int i = a >= 0.2 ? 20 : (int)floor(a * 100);
	while (i < 20 && sens_ge(a, (double)(i + 1) / 100))
		i++;
	while (i > 0 && !sens_ge(a, (double)i / 100))
		i--;
	return i;
}

/* MR-PT counters of one comparison of two aggregates. */
static void mr_count(struct mrcount *c, double mx, double my)
{
	double d = fabs(mx - my), mm = mx > my ? mx : my;
	int hi = mx > my ? 0 : 1;
	if (sens_is_zero(d, mx, my))
		return;    /* EQ at every f */
	if (mm >= 0 && d >= (double)NF / 100 * mm * (1 + 4 * TIE)) {
		c->all[hi]++;      /* GT at every f, ties or not */
		return;
	}
	for (int f = 1; f <= NF; f++)
		if (sens_ge(d, (double)f / 100 * mm))
			c->at[hi][f - 1]++;
}

static void sample_task(void *ctx, size_t task, unsigned w)
{
	struct sens *x = ctx;
	size_t S = x->S, m = x->m, P = x->P;
	unsigned long b0 = task * BLOCK, b1 = b0 + BLOCK;
	struct mrcount *mr = x->mr + (size_t)w * m * P;
	unsigned long *bins = x->bins + (size_t)w * m * NBIN * 2;
	double *smax = x->smax + (size_t)w * m;
	double *u = x->tscratch + (size_t)w * 2 * S, *v = u + S;

	if (b1 > x->T)
		b1 = x->T;
	for (unsigned long b = b0; b < b1; b++) {
		for (size_t j = 0; j < m; j++) {
			unsigned long *bj = bins + j * NBIN * 2;
			const double *u1 = agg_at(x->a1, x, j, 0) + b;
			const double *u2 = agg_at(x->a2, x, j, 0) + b;
			for (size_t r = 0; r < S; r++)
				if (isnan(smax[j]) || u1[r * x->T] > smax[j])
					smax[j] = u1[r * x->T];
			for (size_t q = 0; q < P; q++) {
				size_t A = x->pa[q] * x->T, B = x->pb[q] * x->T;
				double D = u1[A] - u1[B], D2 = u2[A] - u2[B];
				int bin = swap_bin(D);
				mr_count(&mr[j * P + q], u1[A], u1[B]);
				bj[bin * 2]++;
				bj[bin * 2 + 1] += !sens_is_zero(D, u1[A], u1[B]) &&
						   !sens_is_zero(D2, u2[A], u2[B]) &&
						   (D > 0) != (D2 > 0);
			}
		}
		for (size_t j1 = 0, jp = 0; j1 < m; j1++)
			for (size_t j2 = j1 + 1; j2 < m; j2++, jp++) {
				for (size_t r = 0; r < S; r++) {
					u[r] = agg_at(x->a1, x, j1, r)[b];
					v[r] = agg_at(x->a1, x, j2, r)[b];
				}
				x->tau[jp * x->T + b] = sens_tau_b(u, v, S);
			}
	}
	progress_add(&x->prog, (b1 - b0) * m, w == 0);
}

/* ---- driver ------------------------------------------------------------ */

static void sens_init(struct sens *x, const struct scorer *s,
		      const double *vals, const struct sens_opts *o)
{
	size_t ns = s->nslots, nw = pool_size(o->pool);
	memset(x, 0, sizeof *x);
	x->s = s;
	x->o = o;
	x->S = s->nruns;
	x->n = s->c->n;
	x->P = x->S * (x->S - 1) / 2;
	x->T = o->T;
	x->slot = xcalloc(ns, sizeof *x->slot);
	x->agg = xcalloc(ns, sizeof *x->agg);
	/* the table's measures: every output but RBP's residual */
	for (size_t k = 0; k < ns; k++)
		if (s->slots[k].out == 0) {
			x->agg[x->m] = scorer_slot_agg(s, k);
			x->slot[x->m++] = k;
		}
	x->tv = xcalloc(size_mul(size_mul(x->m, x->S), x->n) + 1, sizeof *x->tv);
	for (size_t j = 0; j < x->m; j++)
		for (size_t r = 0; r < x->S; r++)
			for (size_t t = 0; t < x->n; t++)
				x->tv[(j * x->S + r) * x->n + t] = measure_agg_term(
					x->agg[j], vals[(r * x->n + t) * ns + x->slot[j]]);
	x->pa = xcalloc(x->P + 1, sizeof *x->pa);
	x->pb = xcalloc(x->P + 1, sizeof *x->pb);
	for (size_t A = 0, q = 0; A < x->S; A++)
		for (size_t B = A + 1; B < x->S; B++, q++) {
			x->pa[q] = A;
			x->pb[q] = B;
		}
	/* stream 1: each sample's distinct topics, in topic order, with counts */
	{
		uint32_t *c = xcalloc(x->n + 1, sizeof *c);
		x->doff = xcalloc(x->T + 1, sizeof *x->doff);
		x->dtop = xcalloc(size_mul(x->T, x->n) + 1, sizeof *x->dtop);
		x->dcnt = xcalloc(size_mul(x->T, x->n) + 1, sizeof *x->dcnt);
		for (unsigned long b = 0, k = 0; b < x->T; b++) {
			memset(c, 0, x->n * sizeof *c);
			for (size_t i = 0; i < x->n; i++)
				c[draw_index(draw_word2(o->seed, DRAW_TOPICS, b + 1, i), x->n)]++;
			for (size_t t = 0; t < x->n; t++)
				if (c[t]) {
					x->dtop[k] = (uint32_t)t;
					x->dcnt[k++] = c[t];
				}
			x->doff[b + 1] = k;
		}
		free(c);
	}
	x->a1 = xcalloc(size_mul(size_mul(x->m, x->S), x->T) + 1, sizeof *x->a1);
	x->a2 = xcalloc(size_mul(size_mul(x->m, x->S), x->T) + 1, sizeof *x->a2);
	x->u = xcalloc(size_mul(size_mul(x->m, x->S), size_mul(U_N, x->T)) + 1,
		       sizeof *x->u);
	x->cnt = xcalloc(size_mul(nw, 6 * x->n) + 1, sizeof *x->cnt);
	x->tscratch = xcalloc(size_mul(nw, 2 * x->S) + 1, sizeof *x->tscratch);
	x->row = xcalloc(size_mul(size_mul(x->m, x->P), PR_N) + 1, sizeof *x->row);
	x->pscratch_n = x->n + 3 * x->T;
	x->pscratch = xcalloc(size_mul(nw, x->pscratch_n), sizeof *x->pscratch);
	x->pord_n = x->T > 2 * x->n ? x->T : 2 * x->n;
	x->pord = xcalloc(size_mul(nw, x->pord_n), sizeof *x->pord);
	x->mr = xcalloc(size_mul(size_mul(nw, x->m), x->P) + 1, sizeof *x->mr);
	x->bins = xcalloc(size_mul(nw, x->m * NBIN * 2), sizeof *x->bins);
	x->smax = xcalloc(size_mul(nw, x->m) + 1, sizeof *x->smax);
	for (size_t i = 0; i < nw * x->m; i++)
		x->smax[i] = NAN;
	x->tau = xcalloc(size_mul(x->m * (x->m - (x->m > 0)) / 2, x->T) + 1,
			 sizeof *x->tau);
}

static void sens_release(struct sens *x)
{
	free(x->slot);
	free(x->agg);
	free(x->tv);
	free(x->pa);
	free(x->pb);
	free(x->doff);
	free(x->dtop);
	free(x->dcnt);
	free(x->a1);
	free(x->a2);
	free(x->u);
	free(x->cnt);
	free(x->tscratch);
	free(x->row);
	free(x->pscratch);
	free(x->pord);
	free(x->mr);
	free(x->bins);
	free(x->smax);
	free(x->tau);
}

int sensitivity_print(FILE *f, const struct scorer *s, const double *vals,
		      const struct sens_opts *o)
{
	struct sens x;
	size_t nw = pool_size(o->pool), ntask;
	double *buf;

	sens_init(&x, s, vals, o);
	ntask = (x.T + BLOCK - 1) / BLOCK;
	/* progress in samples: T to prepare, T per measure and pair, T per
	 * measure for the counters */
	progress_init(&x.prog, o->progress, "sensitivity",
		      (unsigned long)x.T * (1 + x.m * x.P + x.m), x.T);
	pool_run(o->pool, ntask, prep_task, &x);
	for (x.j = 0; x.j < x.m; x.j++)
		pool_run(o->pool, x.P, pair_task, &x);
	pool_run(o->pool, ntask, sample_task, &x);
	progress_end(&x.prog);
	/* merge the workers' counters into worker 0's */
	for (size_t w = 1; w < nw; w++) {
		for (size_t i = 0; i < x.m * x.P; i++) {
			struct mrcount *d = &x.mr[i], *e = &x.mr[w * x.m * x.P + i];
			for (int h = 0; h < 2; h++) {
				d->all[h] += e->all[h];
				for (int k = 0; k < NF; k++)
					d->at[h][k] += e->at[h][k];
			}
		}
		for (size_t i = 0; i < x.m * NBIN * 2; i++)
			x.bins[i] += x.bins[w * x.m * NBIN * 2 + i];
		for (size_t j = 0; j < x.m; j++) {
			double v = x.smax[w * x.m + j];
			if (!isnan(v) && (isnan(x.smax[j]) || v > x.smax[j]))
				x.smax[j] = v;
		}
	}

	fputs("measure\trunA\trunB\tstatistic\tvalue\n", f);
	for (size_t j = 0; j < x.m; j++) {
		for (size_t q = 0; q < x.P; q++)
			sens_print_pair(f, o->decimals, &x, j, q);
		sens_print_summary(f, o->decimals, &x, j, x.mr + j * x.P,
				   x.bins + j * NBIN * 2, x.smax[j]);
	}
	buf = xcalloc(2 * (x.S > x.T ? x.S : x.T) + 1, sizeof *buf);
	for (size_t j1 = 0, jp = 0; j1 < x.m; j1++)
		for (size_t j2 = j1 + 1; j2 < x.m; j2++, jp++)
			sens_print_tau(f, o->decimals, &x, j1, j2, jp, buf);
	free(buf);
	sens_release(&x);
	return fflush(f) != 0 || ferror(f) ? -1 : 0;
}
