/*
 * score_lanes.c - a topic in up to SCORE_LANES (16) consecutive images
 * side by side (score_topic_images, see score.h), the hot loop of the
 * bootstrap: the images' multiplicities are filled together
 * ([doc][lane], image.h), each ranking is passed over once for the
 * positions of its entries in all of them (scan.c), and then the
 * measures score them: those with score_lanes (measure.h) once for all
 * the images, where the processor has AVX-512, and the others image by
 * image from each image's hit vector (scan_ranked, score_ranked_some).
 * Sizes: a topic's rankings (129 x 1000 entries at TREC scale) stay in
 * cache across the runs; the scratch is the caller's (score_scratch), so
 * nothing is allocated.
 */
#include "score.h"
#include "score_int.h"

#include <assert.h>
#include <string.h>

/* The lanes (bit j for lane j) whose image leaves some entry of the
 * ranking of l with k > 0: those whose position at row ib (PL, valid on
 * [0, ib]) is past 1, or that keep an entry from ib on. */
static uint64_t lanes_nonempty(const struct scan_layout *l, const void *PL,
			       int p16, size_t ib, const uint8_t *kL)
{
	const uint64_t all = SCORE_LANES == 64 ? ~(uint64_t)0
				: ((uint64_t)1 << SCORE_LANES) - 1;
	uint64_t m = 0;
	for (size_t j = 0; j < SCORE_LANES; j++) {
		size_t x = ib * SCORE_LANES + j;
		uint32_t p = p16 ? ((const uint16_t *)PL)[x] : ((const uint32_t *)PL)[x];
		m |= (uint64_t)(p > 1) << j;
	}
	for (size_t e = ib; m != all && e < l->n; e++) {
		const uint8_t *k = kL + (size_t)l->ids[e] * SCORE_LANES;
		for (size_t j = 0; j < SCORE_LANES; j++)
			m |= (uint64_t)(k[j] != 0) << j;
	}
	return m;
}

/* What score_topic_images shares with its helpers: the lanes' topic
 * images, positive-gain masses and prep areas (lanes nb.. repeat lane
 * 0), which lanes are scored at all (live), and where lane j's values
 * go: out + j * block. */
struct lanes_ctx {
	const struct scorer *s;
	struct topic_image ti[SCORE_LANES][SCORE_LEVELS];
	uint64_t G[SCORE_LANES];
	const double *prep[SCORE_LANES];
	int live[SCORE_LANES];
	size_t nb, block;
	double *out;
};

/* For each measure with score_lanes, what does not change from ranking
 * to ranking within the batch (score_scratch.mtl, mpl, muse): its lanes'
 * topic images (at its level) and prep areas, and the live lanes where
 * score_ranked's conditions on the topic hold (R, or call_when_r0, or a
 * positive grade with call_when_gain). */
static void lanes_measures_prep(const struct lanes_ctx *c, struct score_scratch *x)
{
	const struct scorer *s = c->s;
	size_t area = 0;
	for (size_t i = 0; i < s->nm; i++) {
		const struct measure_def *def = s->m[i].def;
		uint64_t use = 0;
		for (size_t l = 0; s->mlanes[i] && l < SCORE_LANES; l++) {
			const struct topic_image *t = &c->ti[l][s->mlevel[i]];
			x->mtl[i * SCORE_LANES + l] = t;
			x->mpl[i * SCORE_LANES + l] = c->prep[l] + area;
			use |= (uint64_t)(c->live[l] && (t->R || def->call_when_r0 ||
				(def->call_when_gain && c->G[l]))) << l;
		}
		x->muse[i] = use;
		area += measure_prep_n(def);
	}
}

/* The measures with score_lanes on one ranking (rl), into the slots of
 * run r in the blocks of lanes 0..nb-1: the measure's value where the
 * scorer calls it (the lanes of x->muse, and of a ranking the lane's
 * image does not leave empty, nonempty, unless call_when_empty), else
 * 0; lanes that are not live are left alone. */
static void lanes_measures(const struct lanes_ctx *c, const struct ranked_lanes *rl,
			   uint64_t nonempty, size_t r, const struct score_scratch *x)
{
	const struct scorer *s = c->s;
	double buf[MEASURE_MAX_OUT * SCORE_LANES];
	size_t slot = 0;
	for (size_t i = 0; i < s->nm; i++) {
		const struct measure *m = &s->m[i];
		const struct measure_def *def = m->def;
		if (s->mlanes[i]) {
			uint64_t use = x->muse[i] &
				       (def->call_when_empty ? ~(uint64_t)0 : nonempty);
			def->score_lanes(m, rl, x->mtl + i * SCORE_LANES,
					 x->mpl + i * SCORE_LANES, buf);
			for (size_t j = 0; j < c->nb; j++) {
				double *o = c->out + j * c->block + r * s->nslots + slot;
				if (!c->live[j])
					continue;
				for (int k = 0; k < m->n_out; k++)
					o[k] = use >> j & 1 ? buf[(size_t)k * SCORE_LANES + j] : 0;
			}
		}
		slot += (size_t)m->n_out;
	}
}

/* Run r's ranking of topic t in every lane of c, from the lanes'
 * multiplicities in x->kL. */
static void lanes_run(struct lanes_ctx *c, size_t t, size_t r, int lanes,
		      int rest, struct score_scratch *x)
{
	const struct scorer *s = c->s;
	const size_t L = SCORE_LANES;
	struct scan_layout l;
	size_t ib = 0, stop[SCORE_LANES], nj[SCORE_LANES];
	scan_layout_of(s, &s->runs[r], t, &l);
	/* the measures side by side alone read positions in 16 bits */
	int p16 = !rest && s->pos16;
	if (l.n) {
		ib = p16 ? scan_positions_lanes16(s->wide_lanes, &l, s->judged_depth,
						  x->kL, (uint16_t *)(void *)x->PL)
			 : scan_positions_lanes(s->wide_lanes, &l, s->judged_depth,
						x->kL, x->PL);
		if (rest) {
			for (size_t j = 0; j < L; j++)
				stop[j] = scan_lane_stop(&l, s->judged_depth,
							 x->PL, j, ib);
			scan_spans_lanes(s->wide_lanes, &l, x->PL, ib, stop,
					 s->judged_depth, x->oL, nj);
		}
		if (lanes) {
			struct ranked_lanes rl;
			rl.ids = l.ids;
			rl.hit = l.ii;
			rl.n = l.ni;
			rl.sp = l.sp;
			rl.nsp = l.nsp;
			rl.P = x->PL;
			rl.p16 = p16;
			rl.last = ib;
			rl.k = x->kL;
			scan_copies_lanes(s->wide_lanes, &l, x->PL, p16, x->kL, x->cq,
					  x->cqo, x->cm, x->cmo);
			rl.cq = x->cq;
			rl.cqo = x->cqo;
			rl.cm = x->cm;
			rl.cmo = x->cmo;
			rl.cv = x->cv;
			lanes_measures(c, &rl, lanes_nonempty(&l, x->PL, p16, ib,
							       x->kL), r, x);
		}
	}
	for (size_t j = 0; j < c->nb; j++) {
		double *o = c->out + j * c->block + r * s->nslots;
		struct ranked rk;
		if (!c->live[j] || (l.n && !rest))
			continue;
		if (l.n == 0) {         /* every measure, on the empty ranking */
			score_ranked(s, c->ti[j], c->G[j], c->prep[j], NULL, x, o);
			continue;
		}
		score_ranked_some(s, c->ti[j], c->G[j], c->prep[j],
				  scan_ranked(s, &l, t, x->PL + j, L, stop[j],
					      x->kL + j, L, c->ti[j][0].k, 0, 0,
					      x->oL + j, nj[j], x, &rk) ? &rk : NULL,
				  x, lanes, o);
	}
}

void score_topic_images(const struct scorer *s, size_t t, uint64_t b0,
			size_t nb, struct score_scratch *x, double *out)
{
	const struct topic *tp = &s->c->topic[t];
	const size_t block = s->nruns * s->nslots, L = SCORE_LANES;
	struct lanes_ctx c;
	int any = 0, lanes = s->wide_lanes, rest = 0;
	uint32_t nk;

	if (s->pool || nb < 2) {     /* one by one */
		for (size_t i = 0; i < nb; i++)
			score_topic_image(s, t, b0 + i, x, out + i * block);
		return;
	}
	if (nb > L) {
		score_topic_images(s, t, b0, L, x, out);
		score_topic_images(s, t, b0 + L, nb - L, x, out + L * block);
		return;
	}
	for (size_t i = 0; i < s->nm; i++)
		rest |= !(lanes && s->mlanes[i]);
	c.s = s;
	c.nb = nb;
	c.block = block;
	c.out = out;
	assert(!s->c->hashless);   /* no hashes to draw images from */
	image_fill_lanes(&s->imf, s->seed, b0, nb, L, tp->hash, tp->n_docs,
			 x->kL);
	/* Each lane's judged multiplicities (topic_image.k): all of them
	 * for the measures image by image, else those the preparations read
	 * (the relevant documents at every level, those of positive gain). */
	nk = tp->n_int;
	for (size_t l = 1; l < s->nlevels; l++)
		nk = s->ltopic[l][t].n_rel > nk ? s->ltopic[l][t].n_rel : nk;
	if (rest)
		nk = tp->n_judged;
	for (size_t j = 0; j < nb; j++) {
		uint8_t *kl = x->kl + j * s->max_docs;
		for (uint32_t id = 0; id < nk; id++)
			kl[id] = x->kL[(size_t)id * L + j];
		c.prep[j] = x->prep8 + j * s->prep_n;
		c.live[j] = score_topic_prep(s, t, kl, x->prep8 + j * s->prep_n,
					     c.ti[j], &c.G[j]);
		any |= c.live[j];
		if (!c.live[j])
			memset(out + j * block, 0, block * sizeof *out);
	}
	for (size_t j = nb; j < L; j++) {   /* image b0 again: computed, unused */
		memcpy(c.ti[j], c.ti[0], sizeof c.ti[0]);
		c.G[j] = c.G[0];
		c.prep[j] = c.prep[0];
		c.live[j] = 0;
	}
	if (any && lanes)
		lanes_measures_prep(&c, x);
	for (size_t r = 0; r < s->nruns && any; r++)
		lanes_run(&c, t, r, lanes, rest, x);
}
