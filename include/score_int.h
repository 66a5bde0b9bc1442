/*
 * score_int.h - what score.c shares with pairpool.c, which builds the
 * hits of a pair's two runs under the pair's own pool from their pooled
 * entries (a few per run) instead of scanning their rankings, and then
 * scores them with the same measure calls.  Not an interface for
 * anything else; see score.h.
 */
#ifndef CBEVAL_SCORE_INT_H
#define CBEVAL_SCORE_INT_H

#include <stdint.h>

#include "measure.h"
#include "score.h"

/* What every run of topic t shares under judged multiplicities kj (0 for
 * a judged document outside the pool): ti (R, kj), the positive-gain mass
 * *G and every measure's prep area (prep, s->prep_n doubles).  Returns 0
 * when no measure is called (every value is 0). */
int score_topic_prep(const struct scorer *s, size_t t, const uint8_t *kj,
		     double *prep, struct topic_image *ti, uint64_t *G);

/* Every measure on one ranking (rk NULL: the ranking is empty) into
 * o[0..nslots), with ti, G and prep from score_topic_prep. */
void score_ranked(const struct scorer *s, const struct topic_image *ti,
		  uint64_t G, const double *prep, const struct ranked *rk,
		  struct score_scratch *x, double *o);

/* Whether pooled entries prev < e of a ranking (ids), with no position
 * between them, are in the same static stretch of judged entries (ids
 * below nj), so that they make one judged span as in the scan without a
 * pool: the entries between them (all of multiplicity 0) are judged. */
static inline int score_same_stretch(const uint32_t *ids, uint32_t nj,
				     size_t prev, size_t e)
{
	for (size_t b = prev + 1; b < e; b++)
		if (ids[b] >= nj)
			return 0;
	return 1;
}

#endif
