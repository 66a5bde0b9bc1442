/*
 * pairpool.c - each pair of runs scored under its own pool in every image
 * (see pairpool.h).
 */
#include "pairpool.h"
#include "image.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

/* Bytes a batch may hold (z and sys of its pairs). */
#define PAIRPOOL_BUDGET ((size_t)256 << 20)

size_t pairpool_batch(const struct scorer *s, unsigned long B, size_t npairs)
{
	size_t per = size_mul(size_mul(s->nslots, s->c->n + 2),
			      size_mul((size_t)B + 1, sizeof(double)));
	size_t cap = PAIRPOOL_BUDGET / (per ? per : 1);
	if (cap < 1)
		cap = 1;
	return cap < npairs ? cap : npairs;
}

void pairpool_init(struct pairpool *pp, const struct scorer *s,
		   unsigned long B, size_t cap)
{
	size_t nimg = (size_t)B + 1, ns = s->nslots;
	memset(pp, 0, sizeof *pp);
	pp->s = s;
	pp->B = B;
	pp->cap = cap;
	pp->z = xcalloc(size_mul(size_mul(cap, ns), size_mul(s->c->n, nimg)) + 1,
			sizeof *pp->z);
	pp->sys = xcalloc(size_mul(size_mul(cap, 2 * ns), nimg), sizeof *pp->sys);
}

void pairpool_release(struct pairpool *pp)
{
	free(pp->z);
	free(pp->sys);
	memset(pp, 0, sizeof *pp);
}

struct pp_job {
	struct pairpool *pp;
	const size_t *pa, *pb;
	size_t n;
	size_t topic;
	size_t chunk;               /* images per task */
	struct score_scratch *x;    /* per worker */
	double *tmp;                /* per worker: 2 * nslots */
};

/* Images [b0, b1) of one topic: each image built once, then every pair of
 * the batch scored under its own pool. */
static void pp_task(void *ctx, size_t task, unsigned w)
{
	struct pp_job *j = ctx;
	struct pairpool *pp = j->pp;
	const struct scorer *s = pp->s;
	const struct topic *tp = &s->c->topic[j->topic];
	size_t ns = s->nslots, nimg = (size_t)pp->B + 1, t = j->topic;
	size_t b0 = task * j->chunk, b1 = b0 + j->chunk < nimg ? b0 + j->chunk : nimg;
	struct score_scratch *x = &j->x[w];
	double *tmp = j->tmp + (size_t)w * 2 * ns;

	for (size_t b = b0; b < b1; b++) {
		image_fill(&s->imf, s->seed, b, tp->hash, tp->n_docs, x->k);
		for (size_t i = 0; i < j->n; i++) {
			score_topic_pair(s, t, j->pa[i], j->pb[i], x, tmp);
			for (size_t k = 0; k < ns; k++) {
				enum measure_agg a = scorer_slot_agg(s, k);
				double *za = pp->z + ((i * ns + k) * s->c->n + t) * nimg;
				double *sa = pp->sys + ((i * 2) * ns + k) * nimg;
				double *sc = pp->sys + ((i * 2 + 1) * ns + k) * nimg;
				za[b] = tmp[k] - tmp[ns + k];
				sa[b] += measure_agg_term(a, tmp[k]);
				sc[b] += measure_agg_term(a, tmp[ns + k]);
			}
		}
	}
}

void pairpool_score(struct pairpool *pp, const size_t *pa, const size_t *pb,
		    size_t n, struct pool *pool, struct progress *prog)
{
	const struct scorer *s = pp->s;
	size_t ns = s->nslots, nt = s->c->n, nimg = (size_t)pp->B + 1;
	unsigned nw = pool_size(pool);
	struct pp_job j;

	memset(&j, 0, sizeof j);
	j.pp = pp;
	j.pa = pa;
	j.pb = pb;
	j.n = n;
	j.chunk = nimg / ((size_t)nw * 8);
	if (j.chunk < 1)
		j.chunk = 1;
	j.x = xcalloc(nw, sizeof *j.x);
	j.tmp = xcalloc(size_mul(nw, 2 * ns), sizeof *j.tmp);
	for (unsigned w = 0; w < nw; w++)
		score_scratch_init(&j.x[w], s);
	memset(pp->sys, 0, size_mul(size_mul(n, 2 * ns), nimg) * sizeof *pp->sys);
	for (size_t t = 0; t < nt; t++) {
		j.topic = t;
		pool_run(pool, (nimg + j.chunk - 1) / j.chunk, pp_task, &j);
		progress_add(prog, (unsigned long)n, 1);
	}
	/* the sums over topics become each run's per-system score */
	for (size_t c = 0; c < n * 2 * ns; c++) {
		enum measure_agg a = scorer_slot_agg(s, c % ns);
		for (size_t b = 0; b < nimg; b++)
			pp->sys[c * nimg + b] =
				measure_agg_finish(a, pp->sys[c * nimg + b], nt);
	}
	for (unsigned w = 0; w < nw; w++)
		score_scratch_release(&j.x[w]);
	free(j.x);
	free(j.tmp);
}
