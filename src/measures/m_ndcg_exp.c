/*
 * m_ndcg_exp.c - nDCG at cutoff k as the TREC Web track's gdeval.pl
 * computes it, with exponential gains:
 *   DCG@k  = sum over i <= k of (2^g(d_i) - 1) / log2(i + 1), g = the
 *            qrels grade (0 when unjudged, 0 or negative);
 *   IDCG@k = the same sum over the topic's judged documents of positive
 *            grade by descending grade (with their multiplicity in an
 *            image), down to k;
 *   nDCG(dcg=exp-log2)@k = DCG@k / IDCG@k, 0 when IDCG@k = 0 (no grade
 *            above 0) and on an empty ranking.
 * gdeval.pl divides by natural logarithms, which leaves the ratio as it
 * is, and leaves the topics with no grade above 0 out of its mean
 * (cbeval's mean counts them as 0).  Ignores -l, as nDCG@k.  -F trec
 * name ndcg_exp_k (-m takes it too).
 */
#include "ideal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define EXP_FORM "(dcg=exp-log2)"

static int ndcg_exp_parse(struct measure *m, const char *arg, char *err,
			  size_t errsz)
{
	size_t n = strlen(EXP_FORM);
	if (strncmp(arg, EXP_FORM, n) != 0) {
		snprintf(err, errsz, "expected nDCG(dcg=exp-log2)@k");
		return -1;
	}
	return measure_parse_cutoff(m, arg + n, err, errsz);
}

static void ndcg_exp_names(const struct measure *m, int o, char *name,
			   char *trec)
{
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "nDCG" EXP_FORM "@%ld", m->k);
	snprintf(trec, MEASURE_NAME_MAX, "ndcg_exp_%ld", m->k);
}

static double gain(int32_t g)
{
	return ldexp(1.0, g) - 1;
}

static void ndcg_exp_prep(const struct measure *m, const struct topic_image *ti,
			  double *area)
{
	struct ideal w;
	double idcg = 0;
	int32_t g;
	ideal_init(&w, ti);
	while (w.pos < (uint64_t)m->k && (g = ideal_next(&w)) > 0)
		idcg += gain(g) / ideal_disc(m->tab, w.pos);
	area[0] = idcg;
}

static void ndcg_exp_score(const struct measure *m, const struct ranked *r,
			   const struct topic_image *ti, const double *prep,
			   double *out)
{
	const struct topic *t = ti->t;
	const uint64_t k = (uint64_t)m->k;
	double dcg = 0;
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		if (h->pos > k)
			break;
		if (h->id < t->n_pos)
			dcg += gain(t->grade[h->id]) / ideal_disc(m->tab, h->pos);
	}
	out[0] = prep[0] > 0 ? dcg / prep[0] : 0;
}

const struct measure_def measure_ndcg_exp = {
	.name = "nDCG",
	.synopsis = "nDCG(dcg=exp-log2)@k",
	.n_out = 1,
	.parse = ndcg_exp_parse,
	.names = ndcg_exp_names,
	.setup = ideal_setup,
	.call_when_gain = 1,
	.prep = ndcg_exp_prep,
	.copies = 1,
	.score = ndcg_exp_score,
};
