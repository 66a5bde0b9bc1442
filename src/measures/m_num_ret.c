/*
 * m_num_ret.c - number of documents retrieved: the positions of the
 * ranking (after -M), counted with multiplicity in an image.  Computed
 * also when R = 0; the value for "all" is the sum over topics.
 * trec_eval: num_ret.
 */
#include "measure.h"

#include <stdio.h>

static int num_ret_parse(struct measure *m, const char *arg, char *err,
			 size_t errsz)
{
	(void)m;
	return measure_parse_none("num_ret", arg, err, errsz);
}

static void num_ret_names(const struct measure *m, int o, char *name,
			  char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "num_ret");
	snprintf(trec, MEASURE_NAME_MAX, "num_ret");
}

static void num_ret_score(const struct measure *m, const struct ranked *r,
			  const struct topic_image *ti, const double *prep, double *out)
{
	(void)m;
	(void)ti;
	(void)prep;
	out[0] = (double)r->len;
}

const struct measure_def measure_num_ret = {
	.trec_order = TREC_ORDER_NUM_RET,
	.name = "num_ret",
	.synopsis = "num_ret",
	.n_out = 1,
	.parse = num_ret_parse,
	.names = num_ret_names,
	.needs_length = 1,
	.call_when_r0 = 1,
	.sum_over_topics = 1,
	.integer = 1,
	.score = num_ret_score,
};
