/*
 * m_rndcg.c - trec_eval's Rndcg: nDCG averaged at the R levels, the
 * positions where the ideal gain changes.  The ideal ranking (the judged
 * documents of positive grade by descending grade, with their
 * multiplicity in an image; P positions) is cut into runs of one grade;
 * with b_1 < ... < b_m = P the positions where the runs end,
 *   Rndcg = mean over the b in B of DCG(b) / IDCG(b),
 * DCG(b) and IDCG(b) the sums of nDCG (m_ndcg_all.c) down to position b,
 * B = { b_1, ..., b_m } and also the length n of the ranking when
 * n >= P + 2 (trec_eval's implied last level at the end of the ranking;
 * its loop has taken position P + 1 already when n = P + 1, so that one
 * is not counted).  A topic with no relevant document at -l scores 0 (the
 * level matters only there); so does an empty ranking.  A topic with a
 * relevant document but no grade above 0 (-l 0 or below) has no level:
 * trec_eval divides 0 by 0 there (nan), cbeval gives 0.  With trec_eval's
 * gain parameters, Rndcg(gains=L:G,...) (gains.h), the gains replace the
 * grades and the runs are of one gain (two levels of equal gain make one
 * run); a topic whose ideal ranking is empty (no positive gain) scores 0
 * where trec_eval prints nan.  Gains for levels 0, -1 and -2 (gains.h)
 * make the variant measure_rndcg_low, whose DCG(b) adds the runs of
 * those levels (gains_runs); grade 0 then joins the ideal ranking when
 * its gain is positive.  trec_eval name: Rndcg, Rndcg_L=G,... (-m
 * takes Rndcg.L=G,... too).
 */
#include "gains.h"
#include "ideal.h"

#include <stdio.h>

extern const struct measure_def measure_rndcg_low;

static int rndcg_parse(struct measure *m, const char *arg, char *err,
		       size_t errsz)
{
	if (gains_parse_arg(m, arg, "Rndcg", "Rndcg", err, errsz) != 0)
		return -1;
	gains_use_low(m, &measure_rndcg_low);
	return 0;
}

static void rndcg_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)o;
	gains_names(m, "Rndcg", "Rndcg", name, trec);
}

/* Where the DCG has got to: the next copy c[i] (without gains for
 * levels 0, -1 and -2), or the walk by runs (with them). */
struct dcg_at {
	size_t i;
	struct gains_runs it;
	int low;
};

/* The DCG of positions <= b not yet added, added to *dcg. */
static void dcg_to(const struct measure *m, const struct ranked *r,
		   const struct topic *t, struct dcg_at *at, uint64_t b,
		   double *dcg)
{
	uint64_t x, y;
	int32_t lev;
	if (at->low) {
		while (gains_runs_next(&at->it, b, &x, &y, &lev))
			*dcg += gains_run_dcg(m->tab, gains_of(m, lev), x, y);
		return;
	}
	for (; at->i < r->nc && r->c[at->i].pos <= b; at->i++) {
		const struct hit *h = &r->c[at->i];
		if (h->id < t->n_pos)
			*dcg += gains_of(m, t->grade[h->id]) /
				ideal_disc(m->tab, h->pos);
	}
}

static void rndcg_score(const struct measure *m, const struct ranked *r,
			const struct topic_image *ti, const double *prep,
			double *out)
{
	const struct topic *t = ti->t;
	struct gains_walk w;
	struct dcg_at i;
	double dcg = 0, idcg = 0, sum = 0, g, cur;
	size_t cnt = 0;
	(void)prep;
	i.i = 0;
	i.low = m->def == &measure_rndcg_low;
	if (i.low)
		gains_runs_init(&i.it, r, ti, gains_of(m, 0),
				gains_of(m, GAINS_UNJUDGED),
				gains_of(m, GAINS_NEGATIVE));
	gains_walk_init(&w, m, ti);
	cur = gains_walk_next(&w);
	while (cur > 0) {
		uint64_t q = w.pos;
		idcg += cur / ideal_disc(m->tab, q);
		g = gains_walk_next(&w);
		if (g != cur) {   /* a run ends at q */
			dcg_to(m, r, t, &i, q, &dcg);
			sum += dcg / idcg;
			cnt++;
		}
		cur = g;
	}
	if (cnt > 0 && r->len >= w.pos + 2) {
		dcg_to(m, r, t, &i, UINT64_MAX, &dcg);
		sum += dcg / idcg;
		cnt++;
	}
	out[0] = cnt > 0 ? sum / (double)cnt : 0;
}

/* The fields the two rows share. */
#define RNDCG_COMMON \
	.trec_order = TREC_ORDER_RNDCG, \
	.name = "Rndcg", \
	.synopsis = "Rndcg(gains=L:G,...)", \
	.n_out = 1, \
	.parse = rndcg_parse, \
	.names = rndcg_names, \
	.copies = 1, \
	.score = rndcg_score

const struct measure_def measure_rndcg_low = {
	RNDCG_COMMON,
	GAINS_LOW_NEEDS,
	.setup = gains_setup,
};

const struct measure_def measure_rndcg = {
	RNDCG_COMMON,
	.setup = ideal_setup,
	.needs_length = 1,
};
