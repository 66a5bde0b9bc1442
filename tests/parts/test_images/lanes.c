/*
 * tests/parts/test_images/lanes.c - test_images' checks of the scorer's
 * side-by-side paths against its one-image-at-a-time and plain ones:
 * images scored SCORE_LANES at a time (score_topic_images), and the
 * AVX-512 passes of the scan (judged spans, the hits' copies, positions
 * in 16 and 32 bits).  Each returns a count of differences for
 * tests/test_images.c to report.  Buffers are sized from the scorer's
 * largest ranking, hit list and span list.
 */
#include "test_images.h"

#include "image.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

/* The values of score_topic_images for a few runs of consecutive images
 * (more than SCORE_LANES, as many, fewer, with and without the root)
 * against score_topic_image one image at a time: the count of values
 * that are not the same double.  Side by side three ways: where the
 * processor has AVX-512 (scorer.wide_lanes), with the scan's vector
 * loops and the measures' score_lanes, with positions in 16 bits where
 * they fit (scorer.pos16: every collection here) and in 32 bits, and
 * with the plain loops and every measure image by image. */
long lanes_differ(const struct scorer *s, struct score_scratch *x)
{
	enum { RUNS = 5 };
	static const uint64_t from[RUNS] = { 0, 1, 5, 17, 3 };
	static const uint64_t count[RUNS] = { 11, 3, 16, 37, 2 };
	size_t block = s->nruns * s->nslots;
	double *one = xcalloc(block, sizeof *one);
	double *many = xcalloc(block * 37, sizeof *many);
	struct scorer plain = *s, wide32 = *s;
	const struct scorer *way[3] = { s, &wide32, &plain };
	long bad = 0;
	plain.wide_lanes = 0;
	wide32.pos16 = 0;
	for (size_t t = 0; t < s->c->n; t++)
		for (size_t c = 0; c < 3 * RUNS; c++) {
			score_topic_images(way[c / RUNS], t, from[c % RUNS],
					   count[c % RUNS], x, many);
			for (uint64_t i = 0; i < count[c % RUNS]; i++) {
				score_topic_image(s, t, from[c % RUNS] + i, x, one);
				for (size_t v = 0; v < block; v++)
					bad += memcmp(&one[v], &many[i * block + v],
						      sizeof *one) != 0;
			}
		}
	free(one);
	free(many);
	return bad;
}

/* The positions of scan_positions_lanes16 (16-bit numbers) and
 * scan_positions_lanes's, with AVX-512 and with the plain loops, all
 * the same, and where they stop: 1 when they differ, else 0.  buf holds
 * (max_ranking + 1) * SCORE_LANES 32-bit numbers. */
static long positions_differ(const struct scan_layout *l, uint64_t depth,
			     const uint8_t *kL, uint32_t *buf)
{
	size_t n = 0, ib[4];
	uint16_t *p16 = (uint16_t *)(void *)buf;
	uint32_t *want = buf + (l->n + 1) * SCORE_LANES;
	long bad = 0;
	ib[0] = scan_positions_lanes(0, l, depth, kL, want);
	for (int v = 1; v < 4; v++) {
		if (v == 1)
			ib[v] = scan_positions_lanes(1, l, depth, kL, buf);
		else
			ib[v] = scan_positions_lanes16(v == 3, l, depth, kL, p16);
		bad |= ib[v] != ib[0];
		n = (ib[0] + 1) * SCORE_LANES;
		for (size_t i = 0; i < n && ib[v] == ib[0]; i++)
			bad |= (v == 1 ? buf[i] : p16[i]) != want[i];
	}
	return bad;
}

/* scan_copies_lanes's AVX-512 pass against its plain loop, on the
 * positions in x->PL of the ranking of l under x->kL: 1 when the lists
 * differ (into x's arrays and cq, cqo, cm, cmo), else 0. */
static long copies_differ(const struct scan_layout *l, struct score_scratch *x,
			  uint32_t *cq, uint32_t *cqo, struct lanes_copy *cm,
			  uint32_t *cmo)
{
	scan_copies_lanes(1, l, x->PL, 0, x->kL, x->cq, x->cqo, x->cm, x->cmo);
	scan_copies_lanes(0, l, x->PL, 0, x->kL, cq, cqo, cm, cmo);
	return memcmp(cqo, x->cqo, (l->ni + 1) * sizeof *cqo) != 0 ||
	       memcmp(cmo, x->cmo, (l->ni + 1) * sizeof *cmo) != 0 ||
	       memcmp(cq, x->cq, cqo[l->ni] * sizeof *cq) != 0 ||
	       memcmp(cm, x->cm, cmo[l->ni] * sizeof *cm) != 0;
}

/* scan_spans_lanes's one AVX-512 pass against its plain loop: the same
 * interleaved spans, entry for entry, for every run and topic of images
 * 1..16, at the scorer's depth and at depths 1, 3 and 20 (which cut
 * lanes at different entries and stop them at different spans).  (That
 * they are the spans each lane's image has, empty ones aside, the scores
 * of lanes_differ show.)  Returns the count of lanes whose spans differ;
 * *n counts those compared. */
long spans_differ(const struct scorer *s, struct score_scratch *x, long *n)
{
	static const uint64_t depths[] = { 0, 1, 3, 20 };
	size_t ia[SCORE_LANES], nw[SCORE_LANES], np[SCORE_LANES];
	struct span *plain = xcalloc((s->max_spans + 1) * SCORE_LANES,
				     sizeof *plain);
	size_t nq = (s->max_hits * SCORE_LANES + 1) * IMAGE_KMAX + SCORE_LANES;
	uint32_t *cq = xcalloc(nq, sizeof *cq), *cqo = xcalloc(s->max_hits + 1, 4);
	uint32_t *cmo = xcalloc(s->max_hits + 1, sizeof *cmo);
	struct lanes_copy *cm = xcalloc((s->max_hits + 1) * IMAGE_KMAX, sizeof *cm);
	long bad = 0, copies_bad = 0;
	uint32_t *pos = xcalloc(2 * (s->max_ranking + 1) * SCORE_LANES, sizeof *pos);
	if (!s->wide_lanes) {
		free(pos);
		free(plain);
		free(cq);
		free(cqo);
		free(cmo);
		free(cm);
		return 0;
	}
	for (size_t t = 0; t < s->c->n; t++)
		for (uint64_t b0 = 1; b0 < 17; b0 += SCORE_LANES) {
			const struct topic *tp = &s->c->topic[t];
			image_fill_lanes(&s->imf, s->seed, b0, SCORE_LANES,
					 SCORE_LANES, tp->hash, tp->n_docs, x->kL);
			for (size_t r = 0; r < s->nruns; r++)
				for (size_t d = 0; d < 4; d++) {
					uint64_t depth = d ? depths[d] : s->judged_depth;
					struct scan_layout l;
					size_t ib;
					scan_layout_of(s, &s->runs[r], t, &l);
					if (!l.n || !s->judged_depth)
						continue;
					l.nsp = s->runs[r].jspan_off[t + 1] - s->runs[r].jspan_off[t];
					ib = scan_positions_lanes(s->wide_lanes, &l, depth, x->kL, x->PL);
					for (size_t j = 0; j < SCORE_LANES; j++)
						ia[j] = scan_lane_stop(&l, depth, x->PL, j, ib);
					scan_spans_lanes(1, &l, x->PL, ib, ia, depth, x->oL, nw);
					scan_spans_lanes(0, &l, x->PL, ib, ia, depth, plain, np);
					copies_bad += copies_differ(&l, x, cq, cqo, cm, cmo);
					copies_bad += positions_differ(&l, depth, x->kL, pos);
					for (size_t j = 0; j < SCORE_LANES; j++) {
						int differ = nw[j] != np[j];
						for (size_t i = 0; i < np[j] && !differ; i++) {
							const struct span *u = &x->oL[i * SCORE_LANES + j];
							const struct span *v = &plain[i * SCORE_LANES + j];
							differ = u->start != v->start || u->end != v->end;
						}
						(*n)++;
						bad += differ;
					}
				}
		}
	free(plain);
	free(pos);
	free(cq);
	free(cqo);
	free(cmo);
	free(cm);
	return bad + copies_bad;
}
