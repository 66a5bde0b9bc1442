/*
 * partitions.c - --partitions (see partitions.h and cbeval-analyses(7),
 * section PARTITIONS): the replicates of each split, the two ANOVA
 * models, the residual bootstrap and the tests of each split.  The
 * comparators on the full collection and the table are in part_out.c.
 *
 * Sums are taken in a fixed order, documented in cbeval-analyses(7), so that
 * the table is the same for every thread count: means over a run's cells
 * and residual sums in cell order c = (i * J + j) * X + k.
 */
#include "part_int.h"
#include "draws.h"
#include "stats.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MBLOCK 8        /* resamples per task */

/* ---- the replicates of a split ----------------------------------------- */

struct score_job {
	struct part *p;
	uint64_t s;               /* the split, 1..K */
	struct score_scratch *x;  /* per worker */
	double *tmp;              /* per worker: J * nslots */
	uint8_t *part;            /* per worker: max_docs */
};

static void score_task(void *ctx, size_t t, unsigned w)
{
	struct score_job *sj = ctx;
	struct part *p = sj->p;
	const struct scorer *s = p->s;
	const struct topic *tp = &s->c->topic[t];
	struct score_scratch *x = &sj->x[w];
	double *tmp = sj->tmp + (size_t)w * p->J * s->nslots;
	uint8_t *part = sj->part + (size_t)w * (s->max_docs ? s->max_docs : 1);
	uint64_t key = draw_word1(p->o->seed, DRAW_PARTITION, sj->s);
	unsigned X = p->o->X, relparts = 0;
	unsigned char seen[64];

	memset(seen, 0, sizeof seen);
	for (uint32_t d = 0; d < tp->n_docs; d++)
		part[d] = (uint8_t)draw_index(image_mix(tp->hash[d] ^ key), X);
	for (uint32_t d = 0; d < tp->n_rel; d++)
		if (!seen[part[d]]++)
			relparts++;
	p->ok[t] = relparts == X;
	for (unsigned k = 0; k < X; k++) {
		for (uint32_t d = 0; d < tp->n_docs; d++)
			x->k[d] = part[d] == k;
		score_topic_mult(s, t, x, tmp);
		for (size_t j = 0; j < p->m; j++)
			for (size_t r = 0; r < p->J; r++)
				p->y[((j * p->n + t) * p->J + r) * X + k] =
					tmp[r * s->nslots + p->slot[j]];
	}
}

static void score_split(struct part *p, uint64_t split)
{
	const struct scorer *s = p->s;
	unsigned nw = pool_size(p->o->pool);
	struct score_job sj;
	sj.p = p;
	sj.s = split;
	sj.x = xcalloc(nw, sizeof *sj.x);
	sj.tmp = xcalloc(size_mul(nw, p->J * s->nslots), sizeof *sj.tmp);
	sj.part = xcalloc(size_mul(nw, s->max_docs ? s->max_docs : 1), 1);
	for (unsigned w = 0; w < nw; w++)
		score_scratch_init(&sj.x[w], s);
	pool_run(p->o->pool, p->n, score_task, &sj);
	for (unsigned w = 0; w < nw; w++)
		score_scratch_release(&sj.x[w]);
	free(sj.x);
	free(sj.tmp);
	free(sj.part);
}

/* ---- ANOVA ---------------------------------------------------------------- */

void part_anova(struct part *p, size_t j)
{
	size_t n = p->nk, J = p->J, X = p->o->X, N = n * J * X;
	double *yc = p->cells, *e0 = p->e + j * 2 * p->Nmax, *e1 = e0 + p->Nmax;
	double *cell = p->scratch, *ti = cell + n * J, *rj = ti + n;
	double grand = 0, scale = 0;

	for (size_t i = 0; i < n; i++)
		for (size_t r = 0; r < J; r++)
			for (size_t k = 0; k < X; k++) {
				double v = p->y[((j * p->n + p->kept[i]) * J + r) * X + k];
				yc[(i * J + r) * X + k] = v;
				scale = fmax(scale, fabs(v));
			}
	p->tol[j] = PART_TIE * scale;
	for (size_t c = 0; c < N; c++)
		grand += yc[c];
	grand /= (double)N;
	for (size_t i = 0; i < n; i++) {
		double si = 0;
		for (size_t r = 0; r < J; r++) {
			double sc = 0;
			for (size_t k = 0; k < X; k++)
				sc += yc[(i * J + r) * X + k];
			cell[i * J + r] = sc / (double)X;
			si += sc;
		}
		ti[i] = si / (double)(J * X);
	}
	for (size_t r = 0; r < J; r++) {
		double sr = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < X; k++)
				sr += yc[(i * J + r) * X + k];
		rj[r] = sr / (double)(n * X);
		p->eff[j * J + r] = rj[r] - grand;
	}
	for (size_t i = 0; i < n; i++)
		for (size_t r = 0; r < J; r++)
			for (size_t k = 0; k < X; k++) {
				size_t c = (i * J + r) * X + k;
				e0[c] = yc[c] - cell[i * J + r];
				e1[c] = yc[c] - ti[i] - rj[r] + grand;
			}
}

/* ---- the residual bootstrap --------------------------------------------- */

struct boot_job {
	struct part *p;
	uint64_t s;
	uint32_t *idx;            /* per worker: N */
	double *acc;              /* per worker: J */
};

static void resample_task(void *ctx, size_t task, unsigned w)
{
	struct boot_job *bj = ctx;
	struct part *p = bj->p;
	size_t J = p->J, X = p->o->X, n = p->nk, N = n * J * X;
	unsigned long m0 = task * MBLOCK, m1 = m0 + MBLOCK;
	uint32_t *idx = bj->idx + (size_t)w * p->Nmax;
	double *acc = bj->acc + (size_t)w * J;
	if (m1 > p->o->M)
		m1 = p->o->M;
	for (unsigned long m = m0; m < m1; m++) {
		uint64_t pre = draw_word2(p->o->seed, DRAW_RESIDUAL, bj->s, m + 1);
		for (size_t c = 0; c < N; c++)
			idx[c] = (uint32_t)draw_index(image_mix(pre + c), N);
		for (size_t j = 0; j < p->m; j++)
			for (int md = 0; md < 2; md++) {
				const double *e = p->e + (j * 2 + (size_t)md) * p->Nmax;
				const uint32_t *ic = idx;
				double tot = 0;
				memset(acc, 0, J * sizeof *acc);
				/* cell order c = (i * J + r) * X + k */
				for (size_t i = 0; i < n; i++)
					for (size_t r = 0; r < J; r++)
						for (size_t k = 0; k < X; k++) {
							double v = e[*ic++];
							acc[r] += v;
							tot += v;
						}
				tot /= (double)N;
				for (size_t r = 0; r < J; r++)
					part_effs(p, j, md, r)[m] = p->eff[j * J + r] +
						acc[r] / (double)(n * X) - tot;
			}
	}
	progress_add(&p->prog, m1 - m0, w == 0);
}

/* ---- the tests of a split ---------------------------------------------- */

struct test_job {
	struct part *p;
	size_t j;
	int md;
};

/* pd of every pair (the samples still in resample order). */
static void pd_task(void *ctx, size_t q, unsigned w)
{
	struct test_job *tj = ctx;
	struct part *p = tj->p;
	const double *a = part_effs(p, tj->j, tj->md, p->pa[q]);
	const double *b = part_effs(p, tj->j, tj->md, p->pb[q]);
	unsigned long le = 0, ge = 0, M = p->o->M;
	double tol = p->tol[tj->j];
	(void)w;
	for (unsigned long m = 0; m < M; m++) {
		double d = a[m] - b[m];
		le += d <= tol;
		ge += d >= -tol;
	}
	le = le < ge ? le : ge;
	part_pair(p, tj->j, q)[tj->md ? PP_PD1 : PP_PD0] =
		2.0 * (double)le / (double)M < 1 ? 2.0 * (double)le / (double)M : 1;
}

static void sort_task(void *ctx, size_t r, unsigned w)
{
	struct test_job *tj = ctx;
	struct part *p = tj->p;
	double *v = part_effs(p, tj->j, tj->md, r);
	double *row = part_run(p, tj->j, r);
	(void)w;
	stats_sort(v, p->o->M);
	row[tj->md ? PR_LO1 : PR_LO0] = stats_quantile(v, p->o->M, 0.025);
	row[tj->md ? PR_HI1 : PR_HI0] = stats_quantile(v, p->o->M, 0.975);
}

/* Number of the sorted v[0..n) that are <= x. */
static unsigned long count_le(const double *v, unsigned long n, double x)
{
	unsigned long lo = 0, hi = n;
	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;
		if (v[mid] <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Voorhees' p of every pair (sorted samples) and their BH q. */
static void p_and_q(struct part *p, size_t j, int md)
{
	size_t P = p->P;
	double *pv = xcalloc(2 * P + 1, sizeof *pv), *qv = pv + P;
	for (size_t q = 0; q < P; q++) {
		size_t A = p->pa[q], B = p->pb[q];
		double ea = p->eff[j * p->J + A], eb = p->eff[j * p->J + B];
		int a_high = !(eb - ea > p->tol[j]);    /* ties: H = A */
		size_t H = a_high ? A : B;
		double eL = a_high ? eb : ea;
		pv[q] = (double)count_le(part_effs(p, j, md, H), p->o->M,
					 eL + p->tol[j]) / (double)p->o->M;
	}
	stats_bh(pv, P, qv);
	for (size_t q = 0; q < P; q++) {
		part_pair(p, j, q)[md ? PP_P1 : PP_P0] = pv[q];
		part_pair(p, j, q)[md ? PP_Q1 : PP_Q0] = qv[q];
	}
	free(pv);
}

void part_split(struct part *p, uint64_t split)
{
	size_t J = p->J;
	unsigned nw = pool_size(p->o->pool);
	score_split(p, split);
	p->nk = 0;
	for (size_t t = 0; t < p->n; t++)
		if (p->ok[t])
			p->kept[p->nk++] = t;
	if (p->nk < 2)
		return;
	for (size_t j = 0; j < p->m; j++) {
		part_anova(p, j);
		for (size_t q = 0; q < p->P; q++)
			part_pair(p, j, q)[PP_DIFF] = p->eff[j * J + p->pa[q]] -
						       p->eff[j * J + p->pb[q]];
		for (size_t r = 0; r < J; r++)
			part_run(p, j, r)[PR_EFF] = p->eff[j * J + r];
	}
	{
		struct boot_job bj;
		bj.p = p;
		bj.s = split;
		bj.idx = xcalloc(size_mul(nw, p->Nmax), sizeof *bj.idx);
		bj.acc = xcalloc(size_mul(nw, J), sizeof *bj.acc);
		pool_run(p->o->pool, (p->o->M + MBLOCK - 1) / MBLOCK, resample_task, &bj);
		free(bj.idx);
		free(bj.acc);
	}
	for (size_t j = 0; j < p->m; j++)
		for (int md = 0; md < 2; md++) {
			struct test_job tj = { p, j, md };
			pool_run(p->o->pool, p->P, pd_task, &tj);
			pool_run(p->o->pool, J, sort_task, &tj);
			p_and_q(p, j, md);
		}
}
