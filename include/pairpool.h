/*
 * pairpool.h - --pairs with --pool: every pair of runs judged by its own
 * shallow pool (Zobel & Rashidi, CIKM 2020, section 7: a researcher
 * comparing two systems judges only the top K documents of those two).
 *
 * The pool of a pair depends on the pair, so the kept images of the
 * summary (one pool of every run) cannot serve: for a batch of pairs,
 * each topic's images 0..B are built once (image_fill) and, in each, only
 * the two runs of every pair are scored under that pair's pool
 * (score_topic_pair).  What the comparison of a pair reads is kept per
 * pair: the per-topic differences A - B in every image and the per-image
 * sums over topics behind each run's per-system score.  Work is topic
 * major, images in parallel chunks, so every cell is written by one
 * worker and sums run in topic order: the results do not depend on -j.
 *
 * Sizes: (slots x topics + 2 x slots) x (B + 1) doubles per pair (7
 * slots, 50 topics, B = 100: 290 KB); pairpool_batch sizes a batch to a
 * fixed budget, so memory does not grow with the number of pairs.
 */
#ifndef CBEVAL_PAIRPOOL_H
#define CBEVAL_PAIRPOOL_H

#include <stddef.h>

#include "pool.h"
#include "progress.h"
#include "score.h"

struct pairpool {
	const struct scorer *s; /* with s->pool >= 1 */
	unsigned long B;
	size_t cap;             /* pairs per batch */
	/* Slot-minor, so that scoring a pair in one image writes a few
	 * cache lines: */
	double *z;              /* [pair][topic][B+1][slot]: A - B on a topic */
	double *sys;            /* [pair][2][B+1][slot]: per-system scores */
};

/* Pairs per batch for a scorer and B: as many as fit the budget, at
 * least 1 and at most npairs. */
size_t pairpool_batch(const struct scorer *s, unsigned long B, size_t npairs);

void pairpool_init(struct pairpool *pp, const struct scorer *s,
		   unsigned long B, size_t cap);
void pairpool_release(struct pairpool *pp);

/* Score pairs (pa[i], pb[i]), i < n <= cap, in images 0..B: fills z and
 * sys (the aggregates over topics: mean, sum or geometric mean).  Counts
 * n units per topic on prog (worker 0 prints). */
void pairpool_score(struct pairpool *pp, const size_t *pa, const size_t *pb,
		    size_t n, struct pool *pool, struct progress *prog);

/* Pair i's difference on topic t in slot k, images 0..B, into out. */
static inline void pairpool_z(const struct pairpool *pp, size_t i, size_t k,
			      size_t t, double *out)
{
	size_t nimg = pp->B + 1, ns = pp->s->nslots;
	const double *z = pp->z + (i * pp->s->c->n + t) * nimg * ns + k;
	for (size_t b = 0; b < nimg; b++)
		out[b] = z[b * ns];
}

/* The per-system score of run side (0: A, 1: B) of pair i in slot k,
 * images 0..B, into out. */
static inline void pairpool_sys(const struct pairpool *pp, size_t i,
				int side, size_t k, double *out)
{
	size_t nimg = pp->B + 1, ns = pp->s->nslots;
	const double *v = pp->sys + (i * 2 + (size_t)side) * nimg * ns + k;
	for (size_t b = 0; b < nimg; b++)
		out[b] = v[b * ns];
}

#endif
