/*
 * m_num_rel_ret.c - number of relevant documents retrieved: the positions
 * of the ranking holding a relevant document, counted with multiplicity
 * in an image.  The value for "all" is the sum over topics.
 * trec_eval: num_rel_ret.
 */
#include "measure.h"

#include <stdio.h>

static int num_rel_ret_parse(struct measure *m, const char *arg, char *err,
			     size_t errsz)
{
	(void)m;
	return measure_parse_none("num_rel_ret", arg, err, errsz);
}

static void num_rel_ret_names(const struct measure *m, int o, char *name,
			      char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "num_rel_ret");
	snprintf(trec, MEASURE_NAME_MAX, "num_rel_ret");
}

static void num_rel_ret_score(const struct measure *m, const struct ranked *r,
			      const struct topic_image *ti, const double *prep,
			      double *out)
{
	uint64_t cnt = 0;
	(void)m;
	(void)prep;
	for (size_t i = 0; i < r->n; i++)
		if (r->h[i].id < ti->t->n_rel)
			cnt += hit_k(ti, &r->h[i]);
	out[0] = (double)cnt;
}

const struct measure_def measure_num_rel_ret = {
	.trec_order = TREC_ORDER_NUM_REL_RET,
	.name = "num_rel_ret",
	.binary = 1,
	.synopsis = "num_rel_ret",
	.n_out = 1,
	.parse = num_rel_ret_parse,
	.names = num_rel_ret_names,
	.sum_over_topics = 1,
	.integer = 1,
	.score = num_rel_ret_score,
};
