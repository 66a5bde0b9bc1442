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
 * where trec_eval prints nan.  trec_eval name: Rndcg, Rndcg_L=G,... (-m
 * takes Rndcg.L=G,... too).
 */
#include "gains.h"
#include "ideal.h"

#include <stdio.h>

static int rndcg_parse(struct measure *m, const char *arg, char *err,
		       size_t errsz)
{
	return gains_parse_arg(m, arg, "Rndcg", "Rndcg", err, errsz);
}

static void rndcg_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)o;
	gains_names(m, "Rndcg", "Rndcg", name, trec);
}

/* DCG of the copies c[*i ..] at positions <= b added to *dcg. */
static void dcg_to(const struct measure *m, const struct ranked *r,
		   const struct topic *t, size_t *i, uint64_t b, double *dcg)
{
	for (; *i < r->nc && r->c[*i].pos <= b; (*i)++) {
		const struct hit *h = &r->c[*i];
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
	double dcg = 0, idcg = 0, sum = 0, g, cur;
	size_t i = 0, cnt = 0;
	(void)prep;
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

const struct measure_def measure_rndcg = {
	.trec_order = TREC_ORDER_RNDCG,
	.name = "Rndcg",
	.synopsis = "Rndcg(gains=L:G,...)",
	.n_out = 1,
	.parse = rndcg_parse,
	.names = rndcg_names,
	.setup = ideal_setup,
	.needs_length = 1,
	.copies = 1,
	.score = rndcg_score,
};
