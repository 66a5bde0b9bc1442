/*
 * pairpool.h - --pairs with --pool: every pair of runs judged by its own
 * shallow pool (Zobel & Rashidi, CIKM 2020, section 7: a researcher
 * comparing two systems judges only the top K documents of those two).
 *
 * The pool of a pair depends on the pair, so the kept images of the
 * summary (one pool of every run) cannot serve: for a batch of pairs,
 * each topic's images 0..B are built once (image_fill) and, in each, only
 * the two runs of every pair are scored under that pair's pool
 * (pairpool.c).  What the comparison of a pair reads is accumulated per
 * pair, topic by topic: the sums over topics behind each run's
 * per-system score in every image, and the mean and the sum of squared
 * deviations of the per-topic differences A - B (Welford's update, for
 * the paired t-test); with keep_z (-q) every per-topic difference too.
 * Work is topic major, images in parallel chunks, so every cell is
 * written by one worker and updated in topic order: the results do not
 * depend on -j.
 *
 * Sizes: 4 x slots x (B + 1) doubles per pair, plus slots x topics x
 * (B + 1) with keep_z (7 slots, 50 topics, B = 100: 23 KB, or 306 KB);
 * pairpool_batch sizes a batch to a fixed budget, so memory does not grow
 * with the number of pairs, and every image is made once per batch.
 */
#ifndef CBEVAL_PAIRPOOL_H
#define CBEVAL_PAIRPOOL_H

#include <stddef.h>

#include "pool.h"
#include "progress.h"
#include "score.h"

/* What pairpool.acc holds per pair, image and slot. */
enum { PP_SYS_A, PP_SYS_B, PP_MEAN, PP_SS, PP_N };

struct pairpool {
	const struct scorer *s; /* with s->pool >= 1 */
	unsigned long B;
	size_t cap;             /* pairs per batch */
	/* Slot-minor, so that scoring a pair in one image writes a few
	 * cache lines: */
	double *acc;            /* [pair][PP_N][B+1][slot]: per-system scores
				   of A and B; mean and sum of squared
				   deviations of the differences over topics */
	double *z;              /* [pair][topic][B+1][slot]: A - B on a topic
				   (keep_z), else NULL */
};

/* Pairs per batch for a scorer and B: as many as fit the budget, at
 * least 1 and at most npairs. */
size_t pairpool_batch(const struct scorer *s, unsigned long B, size_t npairs,
		      int keep_z);

void pairpool_init(struct pairpool *pp, const struct scorer *s,
		   unsigned long B, size_t cap, int keep_z);
void pairpool_release(struct pairpool *pp);

/* Score pairs (pa[i], pb[i]), i < n <= cap, in images 0..B: fills acc
 * (the per-system scores are the aggregates over topics: mean, sum or
 * geometric mean) and z.  Counts n units per topic on prog (worker 0
 * prints). */
void pairpool_score(struct pairpool *pp, const size_t *pa, const size_t *pb,
		    size_t n, struct pool *pool, struct progress *prog);

/* Pair i's difference on topic t in slot k, images 0..B, into out
 * (keep_z). */
static inline void pairpool_z(const struct pairpool *pp, size_t i, size_t k,
			      size_t t, double *out)
{
	size_t nimg = pp->B + 1, ns = pp->s->nslots;
	const double *z = pp->z + (i * pp->s->c->n + t) * nimg * ns + k;
	for (size_t b = 0; b < nimg; b++)
		out[b] = z[b * ns];
}

/* What of pair i (PP_SYS_A, PP_SYS_B, PP_MEAN or PP_SS) in slot k,
 * images 0..B, into out. */
static inline void pairpool_acc(const struct pairpool *pp, size_t i,
				int what, size_t k, double *out)
{
	size_t nimg = pp->B + 1, ns = pp->s->nslots;
	const double *v = pp->acc + (i * PP_N + (size_t)what) * nimg * ns + k;
	for (size_t b = 0; b < nimg; b++)
		out[b] = v[b * ns];
}

#endif
