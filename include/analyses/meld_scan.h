/*
 * meld_scan.h - the scoring of --meld's sub-collections (meld.h): every
 * run on one topic in MELD_LANES consecutive images, both parts (L and
 * R) of one meld split, with the values the one scorer gives for those
 * multiplicities (score_topic_mult with k = the image's k on the part's
 * documents and 0 elsewhere), bit for bit, at a fraction of the cost.
 *
 * A part's multiplicities are the image's on the documents of one label,
 * so a ranking's positions in a part are sums over its labelled entries
 * only (unlabelled documents are in neither part).  Once per topic each
 * ranking is compacted to its labelled entries, with the few places
 * where a measure reads a position (the hits, the ends of the judged
 * stretches, the negative grades, the stop at the judged depth) marked;
 * the image multiplicities of the labelled documents are drawn once for
 * every split and meld factor.  Per split, one pass over a compacted
 * ranking adds up the positions of its MELD_LANES images in both parts
 * at once (the total and the L share, 16-bit lanes in SSE2 registers),
 * storing them at the marks, from which each part's struct ranked is
 * built as the scan would (scan.c) and scored by the measures
 * (score_ranked).
 *
 * Sizes: the compacted rankings, about 10 bytes per labelled entry of
 * every run (25 MB for 50 runs x 50 topics x 1000 documents), and the
 * multiplicities, B bytes per labelled document of every topic (8 MB for
 * B = 100 and 80,000 labelled topic documents).  Per worker, scratch of
 * a few hundred KB.  No allocation once set up.
 */
#ifndef CBEVAL_MELD_SCAN_H
#define CBEVAL_MELD_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include "pool.h"
#include "score.h"
#include "score_int.h"

/* Images scored side by side (one task of meld.c). */
#define MELD_LANES 8

/* One run's ranking of one topic, compacted to its labelled entries. */
struct meld_crun {
	uint32_t nent;          /* labelled entries */
	uint32_t nu;            /* marks, the last at nent (the totals) */
	uint32_t nh, nneg;      /* hits, negative-grade entries */
	uint32_t u_ei, u_ej;    /* the marks of the scan's extents ei, ej */
	uint32_t *ent;          /* [nent] compact document, in rank order */
	uint32_t *orig;         /* [nent] its entry index in the ranking */
	uint32_t *mark;         /* [nu] compact ranks (entries before), rising */
	uint32_t *hit;          /* [nh][3] mark, id and compact document of
				   the labelled ii entries */
	uint32_t *span;         /* [nsp][2] marks of each stretch's ends */
	uint32_t *neg;          /* [nneg][4] entry, stretch, mark, id */
	struct scan_layout l;   /* the ranking's (score_int.h) */
};

/* One topic: its labelled documents (the compact documents, in id order,
 * so that the judged ones come first) and every run's ranking. */
struct meld_ctopic {
	uint32_t nlab, njc;     /* labelled documents, of them judged */
	uint32_t *cdoc;         /* [nlab] topic document id */
	uint8_t *mlab;          /* [nlab] melded label (meld_scan_meld) */
	uint8_t *k8;            /* [nblk][nlab][MELD_LANES] multiplicities of
				   images blk * MELD_LANES + 1 + lane */
	struct meld_crun *run;  /* [nruns] */
	uint32_t *arena;        /* the runs' arrays */
};

struct meld_scan {
	const struct scorer *s;
	const uint8_t *const *lab;   /* [topic][n_docs] unmelded labels */
	size_t B, nblk;         /* images, blocks of MELD_LANES */
	size_t max_lab, max_marks, max_judged, max_hits;
	int plain;              /* 1: the portable loop, not SSE2 (tests) */
	struct meld_ctopic *topic;   /* [s->c->n] */
};

/* Per-worker scratch. */
struct meld_scratch {
	struct score_scratch x;
	uint8_t *row;           /* [max_lab][16] k of the lanes, then L's */
	uint32_t *Q;            /* [max_marks][16] sums at the marks */
	uint8_t *kj;            /* [2][MELD_LANES][max_judged] */
	double *prep;           /* [2][MELD_LANES][prep_n] */
	struct hit *h;          /* [2][MELD_LANES][max_hits] */
};

/* The scorer --meld scores with, into *own with its measures in *mc:
 * those of s, each whose judged spans serve only its residual
 * (measure_def.spans_residual_only) keeping its first output alone and
 * needing no spans.  Its slots are those of s less the residuals they
 * drop, with the same names and values.  s must have no pool and
 * outlive own; release with meld_scorer_release. */
void meld_scorer_init(struct scorer *own, struct measure **mc,
		      const struct scorer *s);
void meld_scorer_release(struct scorer *own, struct measure *mc);

/* Set up the scan of scorer s (no pool; borrowed, as lab, the unmelded
 * labels of meld_labels.lab) for images 1..B of seed: compacts every
 * ranking and draws the multiplicities, in parallel on pool.  Release
 * with meld_scan_release. */
void meld_scan_init(struct meld_scan *ms, const struct scorer *s,
		    const uint8_t *const *lab, uint64_t seed, size_t B,
		    struct pool *pool);
void meld_scan_release(struct meld_scan *ms);

void meld_scratch_init(struct meld_scratch *w, const struct meld_scan *ms);
void meld_scratch_release(struct meld_scratch *w);

/* Meld the labels of topic t's documents by key (meld_key) and mf, for
 * meld_scan_score.  Not thread-safe for one topic; for different topics
 * it is. */
void meld_scan_meld(struct meld_scan *ms, size_t t, uint64_t key, double mf);

/* Score topic t in images blk * MELD_LANES + 1 + j, j < MELD_LANES and
 * up to B, under the labels melded by the last meld_scan_meld:
 * out[((j * 2 + part) * nruns + run) * nslots + slot], part 0 for L, 1
 * for R; the values of score_topic_mult under those multiplicities. */
void meld_scan_score(const struct meld_scan *ms, size_t t, size_t blk,
		     struct meld_scratch *w, double *out);

#endif
