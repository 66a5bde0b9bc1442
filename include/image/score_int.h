/*
 * score_int.h - what score.c shares with scan.c (from a ranking under
 * an image to its hit vector) and with pairpool.c, which builds the hits
 * of a pair's two runs under the pair's own pool from their pooled
 * entries (a few per run) instead of scanning their rankings, and then
 * scores them with the same measure calls; and with meld_scan.c
 * (--meld), which builds the hits of melded halves from rankings
 * compacted to their labelled entries and scores them the same way.
 * Not an interface for anything else; see score.h.
 */
#ifndef CBEVAL_SCORE_INT_H
#define CBEVAL_SCORE_INT_H

#include <stdint.h>

#include "measure.h"
#include "score.h"

/* What every run of topic t shares under judged multiplicities kj (0 for
 * a judged document outside the pool): ti[0 .. s->nlevels) (R, kj) at
 * each relevance level of the scorer, the positive-gain mass *G and
 * every measure's prep area (prep, s->prep_n doubles), each measure's
 * at its level.  Returns 0 when no measure is called (every value is
 * 0). */
int score_topic_prep(const struct scorer *s, size_t t, const uint8_t *kj,
		     double *prep, struct topic_image *ti, uint64_t *G);

/* Every measure on one ranking (rk NULL: the ranking is empty) into
 * o[0..nslots), with ti (s->nlevels of them), G and prep from
 * score_topic_prep. */
void score_ranked(const struct scorer *s, const struct topic_image *ti,
		  uint64_t G, const double *prep, const struct ranked *rk,
		  struct score_scratch *x, double *o);

/* The same, but with skip_lanes without the measures that
 * score_topic_images scores side by side (scorer.mlanes), whose slots
 * in o are left as they are. */
void score_ranked_some(const struct scorer *s, const struct topic_image *ti,
		       uint64_t G, const double *prep, const struct ranked *rk,
		       struct score_scratch *x, int skip_lanes, double *o);

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

/* ---- scan.c ---------------------------------------------------------- */

/* One ranking's static layout for topic t (run.h): its ids, the entries
 * of relevant-or-gain documents (ii), the judged stretches (sp), and the
 * two extents the positions must reach: ei, past the last entry of ii,
 * and ej, the end of the last stretch, which is followed only down to
 * the depth. */
struct scan_layout {
	const uint32_t *ids, *ii, *sp;
	size_t n, ni, nsp, ei, ej;
};

/* The layout of run r's ranking of topic t. */
void scan_layout_of(const struct scorer *s, const struct run *r, size_t t,
		    struct scan_layout *l);

/* The positions of the ranking of l under multiplicities k into P, with
 * its pooled entries into pe (*np of them) when kj != k; nj is the
 * topic's n_judged.  Returns i: P is valid on [0, i]. */
size_t scan_positions(const struct scan_layout *l, uint64_t depth,
		      const uint8_t *k, const uint8_t *kj, uint32_t nj,
		      uint32_t *P, uint32_t *pe, size_t *np);

/* The same in SCORE_LANES images at once, from interleaved multiplicities
 * kL ([doc][lane]) into PL ([entry][lane]).  Returns i: PL is valid on
 * [0, i] in every lane; scan_lane_stop gives lane j's own i. */
size_t scan_positions_lanes(int wide, const struct scan_layout *l,
			    uint64_t depth, const uint8_t *kL, uint32_t *PL);
/* The same in 16-bit numbers, for rankings where no position passes
 * 65535 (1 + IMAGE_KMAX times the length; scorer.pos16): half the
 * bytes, for the measures side by side alone. */
size_t scan_positions_lanes16(int wide, const struct scan_layout *l,
			      uint64_t depth, const uint8_t *kL, uint16_t *PL);
size_t scan_lane_stop(const struct scan_layout *l, uint64_t depth,
		      const uint32_t *PL, size_t j, size_t ib);

/* The copies of the hits of l in the SCORE_LANES images of PL (valid
 * on the hits' entries; 16-bit numbers with p16) under multiplicities kL, listed as
 * ranked_lanes.cq, cqo, cm and cmo say; the caller's arrays hold
 * max_hits * SCORE_LANES * IMAGE_KMAX + SCORE_LANES, max_hits + 1, max_hits *
 * IMAGE_KMAX and max_hits + 1.  With wide, compressed by AVX-512. */
void scan_copies_lanes(int wide, const struct scan_layout *l,
		       const void *PL, int p16, const uint8_t *kL,
		       uint32_t *cq, uint32_t *cqo, struct lanes_copy *cm,
		       uint32_t *cmo);

/* The judged spans of the ranking of l (no pool) in each of the
 * SCORE_LANES images of PL (valid on [0, ib]), lane j cut at entry
 * stop[j] (scan_lane_stop), interleaved: span i of lane j at
 * oL[i * SCORE_LANES + j], nj[j] of them (oL holds SCORE_LANES times the
 * ranking's stretches of judged entries).  They are the spans scan_ranked
 * would find for the lane, with empty ones (start = end) in the places
 * of the stretches whose documents the image left out; measures read
 * them with ranked.jstride = SCORE_LANES.  With wide (from
 * scan_lanes_wide) one AVX-512 pass does every lane: a stretch's
 * positions in all lanes are one row of PL. */
int scan_lanes_wide(void);
void scan_spans_lanes(int wide, const struct scan_layout *l,
		      const uint32_t *PL, size_t ib, const size_t *stop,
		      uint64_t depth, struct span *oL, size_t *nj);

/* The hit vector of the ranking of l from its positions (entry e at
 * P[e * ps], valid on [0, i]), judged multiplicities kj, every document's
 * multiplicity k[id * ks] and, when pooled, its pooled entries x->pe[0..np)
 * into out (pointing into x, or to spans).  With spans, the judged spans
 * are those nspans at a stride of SCORE_LANES (scan_spans_lanes found
 * them); else they are found here.  Returns 0 when the image leaves the
 * ranking empty, else 1. */
int scan_ranked(const struct scorer *s, const struct scan_layout *l, size_t t,
		const uint32_t *P, size_t ps, size_t i, const uint8_t *k,
		size_t ks, const uint8_t *kj, int pooled, size_t np,
		const struct span *spans, size_t nspans,
		struct score_scratch *x, struct ranked *out);

/* Both steps for one image: positions under k, then the hit vector. */
int scan_ranking(const struct scorer *s, const struct run *r, size_t t,
		 const uint8_t *k, const uint8_t *kj, struct score_scratch *x,
		 struct ranked *out);

#endif
