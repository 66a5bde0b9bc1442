/*
 * m_ndcg_all.c - normalised discounted cumulative gain of the whole
 * ranking (Jarvelin and Kekalainen, TOIS 2002), trec_eval's ndcg:
 *   DCG  = sum over every position i of g(d_i) / log2(i + 1), g = the
 *          qrels grade (0 when unjudged, 0 or negative);
 *   IDCG = the same sum over the ideal ranking: the topic's judged
 *          documents of positive grade by descending grade (each counted
 *          with its multiplicity in an image), however long;
 *   nDCG = DCG / IDCG, 0 when IDCG = 0 (no judged document of positive
 *          grade) and on an empty ranking.
 * It is nDCG@k with no cutoff.  Like trec_eval's ndcg it ignores the
 * relevance level: a topic with no document of grade >= -l but some of
 * positive grade is scored (call_when_gain).  -M cuts the ranking, not
 * the ideal.
 * trec_eval's gain parameters (gains.h): nDCG(gains=L:G,...) gives the
 * documents of grade L the gain G in the DCG and the ideal ranking,
 * which then takes the documents of positive gain by descending gain.
 * Canonical name nDCG, nDCG(gains=1:3.5,2:9,4:7) (levels ascending,
 * each gain in its shortest form, no level whose gain is its grade);
 * trec_eval: ndcg, ndcg_1=3.5,2=9.0,4=7.0 (-m takes ndcg.L=G,... and
 * ndcg_L=G,..., and L=G inside the parentheses).
 */
#include "gains.h"
#include "ideal.h"

#include <stdio.h>

static int ndcg_all_parse(struct measure *m, const char *arg, char *err,
			  size_t errsz)
{
	return gains_parse_arg(m, arg, "nDCG", "ndcg", err, errsz);
}

static void ndcg_all_names(const struct measure *m, int o, char *name,
			   char *trec)
{
	(void)o;
	gains_names(m, "nDCG", "ndcg", name, trec);
}

/* IDCG, position by position as trec_eval sums it. */
static void ndcg_all_prep(const struct measure *m, const struct topic_image *ti,
			  double *area)
{
	uint64_t npos;
	area[0] = gains_idcg(m, m->tab, ti, &npos);
}

static void ndcg_all_score(const struct measure *m, const struct ranked *r,
			   const struct topic_image *ti, const double *prep,
			   double *out)
{
	const struct topic *t = ti->t;
	double dcg = 0;
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		if (h->id < t->n_pos)
			dcg += gains_of(m, t->grade[h->id]) /
			       ideal_disc(m->tab, h->pos);
	}
	out[0] = prep[0] > 0 ? dcg / prep[0] : 0;
}

const struct measure_def measure_ndcg_all = {
	.trec_order = TREC_ORDER_NDCG,
	.name = "nDCG",
	.synopsis = "nDCG(gains=L:G,...)",
	.n_out = 1,
	.parse = ndcg_all_parse,
	.names = ndcg_all_names,
	.setup = ideal_setup,
	.call_when_gain = 1,
	.prep = ndcg_all_prep,
	.copies = 1,
	.score = ndcg_all_score,
};
