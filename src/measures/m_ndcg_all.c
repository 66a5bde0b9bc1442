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
 * Gains for levels 0, -1 and -2 (grade 0, unjudged, negative grade, see
 * gains.h) add their positions' terms to the DCG, and grade 0 joins the
 * ideal ranking when its gain is positive: then the measure is the
 * variant measure_ndcg_all_low, scored on every topic (a topic whose
 * ideal ranking is empty scores 0, as in trec_eval).
 * Canonical name nDCG, nDCG(gains=1:3.5,2:9,4:7) (levels ascending,
 * each gain in its shortest form, no level whose gain is its grade);
 * trec_eval: ndcg, ndcg_1=3.5,2=9.0,4=7.0 (-m takes ndcg.L=G,... and
 * ndcg_L=G,..., and L=G inside the parentheses).
 */
#include "gains.h"
#include "ideal.h"

#include <stdio.h>

extern const struct measure_def measure_ndcg_all_low;

static int ndcg_all_parse(struct measure *m, const char *arg, char *err,
			  size_t errsz)
{
	if (gains_parse_arg(m, arg, "nDCG", "ndcg", err, errsz) != 0)
		return -1;
	gains_use_low(m, &measure_ndcg_all_low);
	return 0;
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

/* The DCG with gains for levels 0, -1 or -2: run by run. */
static void ndcg_low_score(const struct measure *m, const struct ranked *r,
			   const struct topic_image *ti, const double *prep,
			   double *out)
{
	struct gains_runs it;
	uint64_t a, b;
	int32_t lev;
	double dcg = 0;
	gains_runs_init(&it, r, ti, gains_of(m, 0), gains_of(m, GAINS_UNJUDGED),
			gains_of(m, GAINS_NEGATIVE));
	while (gains_runs_next(&it, UINT64_MAX, &a, &b, &lev))
		dcg += gains_run_dcg(m->tab, gains_of(m, lev), a, b);
	out[0] = prep[0] > 0 ? dcg / prep[0] : 0;
}

/* The fields the two rows share. */
#define NDCG_ALL_COMMON \
	.trec_order = TREC_ORDER_NDCG, \
	.name = "nDCG", \
	.synopsis = "nDCG(gains=L:G,...)", \
	.n_out = 1, \
	.parse = ndcg_all_parse, \
	.names = ndcg_all_names, \
	.prep = ndcg_all_prep, \
	.copies = 1

const struct measure_def measure_ndcg_all_low = {
	NDCG_ALL_COMMON,
	GAINS_LOW_NEEDS,
	.setup = gains_setup,
	.call_when_r0 = 1,
	.score = ndcg_low_score,
};

const struct measure_def measure_ndcg_all = {
	NDCG_ALL_COMMON,
	.setup = ideal_setup,
	.call_when_gain = 1,
	.score = ndcg_all_score,
};
