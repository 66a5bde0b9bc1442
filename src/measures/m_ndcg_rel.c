/*
 * m_ndcg_rel.c - trec_eval's ndcg_rel: nDCG averaged over the relevant
 * documents, where relevant means of positive gain (grade >= 1, whatever
 * -l says).  With DCG(i) and IDCG(i) the sums of nDCG (m_ndcg_all.c) down
 * to position i, the ideal one stopping at P, the number of positions of
 * the ideal ranking (the judged documents of positive grade, with their
 * multiplicity in an image):
 *   ndcg_rel = (1/P) [ sum over positions i holding a document of
 *              positive grade of DCG(i) / IDCG(min(i, P))
 *              + (P - those positions) DCG(n) / IDCG(P) ]
 * n the length of the ranking: each relevant document not retrieved
 * counts the nDCG of the whole ranking.  0 when P = 0 (a topic with no
 * grade above 0, as trec_eval: the sum is 0) and on an empty ranking (the
 * sum is 0 too).  Gains are the grades, or with trec_eval's gain
 * parameters, ndcg_rel(gains=L:G,...) (gains.h), the gains: then the
 * relevant documents are those of positive gain, and P the positions of
 * the ideal ranking by gain.  Gains for levels 0, -1 and -2 (gains.h)
 * make the variant measure_ndcg_rel_low, which walks every position of
 * the ranking (gains_runs): a position of level 0, -1 or -2 with a
 * positive gain counts as a relevant document retrieved, as in
 * trec_eval; a topic whose ideal ranking is empty scores 0 there (where
 * trec_eval divides by an IDCG of 0 when such a position is retrieved).
 * trec_eval name: ndcg_rel,
 * ndcg_rel_L=G,... (-m takes ndcg_rel.L=G,... too).
 */
#include "gains.h"
#include "ideal.h"

#include <stdio.h>

extern const struct measure_def measure_ndcg_rel_low;

static int ndcg_rel_parse(struct measure *m, const char *arg, char *err,
			  size_t errsz)
{
	if (gains_parse_arg(m, arg, "ndcg_rel", "ndcg_rel", err, errsz) != 0)
		return -1;
	gains_use_low(m, &measure_ndcg_rel_low);
	return 0;
}

static void ndcg_rel_names(const struct measure *m, int o, char *name,
			   char *trec)
{
	(void)o;
	gains_names(m, "ndcg_rel", "ndcg_rel", name, trec);
}

/* area[0] = IDCG(P), area[1] = P. */
static void ndcg_rel_prep(const struct measure *m, const struct topic_image *ti,
			  double *area)
{
	uint64_t npos;
	area[0] = gains_idcg(m, m->tab, ti, &npos);
	area[1] = (double)npos;
}

static void ndcg_rel_score(const struct measure *m, const struct ranked *r,
			   const struct topic_image *ti, const double *prep,
			   double *out)
{
	const struct topic *t = ti->t;
	const double P = prep[1];
	struct gains_walk w;
	double dcg = 0, idcg = 0, sum = 0, nret = 0, g;
	gains_walk_init(&w, m, ti);
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		double gain;
		if (h->id >= t->n_pos)
			continue;
		gain = gains_of(m, t->grade[h->id]);
		dcg += gain / ideal_disc(m->tab, h->pos);
		while (w.pos < h->pos && (g = gains_walk_next(&w)) > 0)
			idcg += g / ideal_disc(m->tab, w.pos);
		if (gain > 0) {   /* a relevant document: its gain is positive */
			sum += dcg / idcg;
			nret++;
		}
	}
	sum += (P - nret) * dcg / prep[0];
	out[0] = sum > 0 ? sum / P : 0;
}

/* With gains for levels 0, -1 or -2: position by position. */
static void ndcg_rel_low_score(const struct measure *m, const struct ranked *r,
			       const struct topic_image *ti, const double *prep,
			       double *out)
{
	const double P = prep[1];
	struct gains_walk w;
	struct gains_runs it;
	uint64_t a, b;
	int32_t lev;
	double dcg = 0, idcg = 0, sum = 0, nret = 0, g;
	if (P == 0) {
		out[0] = 0;
		return;
	}
	gains_walk_init(&w, m, ti);
	gains_runs_init(&it, r, ti, gains_of(m, 0), gains_of(m, GAINS_UNJUDGED),
			gains_of(m, GAINS_NEGATIVE));
	while (gains_runs_next(&it, UINT64_MAX, &a, &b, &lev)) {
		double gain = gains_of(m, lev);
		for (uint64_t p = a; p < b; p++) {
			dcg += gain / ideal_disc(m->tab, p);
			while (w.pos < p && (g = gains_walk_next(&w)) > 0)
				idcg += g / ideal_disc(m->tab, w.pos);
			if (gain > 0) {
				sum += dcg / idcg;
				nret++;
			}
		}
	}
	sum += (P - nret) * dcg / prep[0];
	out[0] = sum > 0 ? sum / P : 0;
}

/* The fields the two rows share. */
#define NDCG_REL_COMMON \
	.trec_order = TREC_ORDER_NDCG_REL, \
	.name = "ndcg_rel", \
	.synopsis = "ndcg_rel(gains=L:G,...)", \
	.n_out = 1, \
	.parse = ndcg_rel_parse, \
	.names = ndcg_rel_names, \
	.prep = ndcg_rel_prep, \
	.prep_n = 2, \
	.copies = 1

const struct measure_def measure_ndcg_rel_low = {
	NDCG_REL_COMMON,
	GAINS_LOW_NEEDS,
	.setup = gains_setup,
	.call_when_r0 = 1,
	.score = ndcg_rel_low_score,
};

const struct measure_def measure_ndcg_rel = {
	NDCG_REL_COMMON,
	.setup = ideal_setup,
	.call_when_gain = 1,
	.score = ndcg_rel_score,
};
