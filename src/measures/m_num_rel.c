/*
 * m_num_rel.c - number of relevant documents of the topic: R, counted
 * with multiplicity in an image, whether or not the run retrieves any
 * document for the topic.  The value for "all" is the sum over topics.
 * trec_eval: num_rel.
 */
#include "measure.h"

#include <stdio.h>

static int num_rel_parse(struct measure *m, const char *arg, char *err,
			 size_t errsz)
{
	(void)m;
	return measure_parse_none("num_rel", arg, err, errsz);
}

static void num_rel_names(const struct measure *m, int o, char *name,
			  char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "num_rel");
	snprintf(trec, MEASURE_NAME_MAX, "num_rel");
}

static void num_rel_score(const struct measure *m, const struct ranked *r,
			  const struct topic_image *ti, const double *prep, double *out)
{
	(void)m;
	(void)r;
	(void)prep;
	out[0] = (double)ti->R;
}

const struct measure_def measure_num_rel = {
	.trec_order = TREC_ORDER_NUM_REL,
	.name = "num_rel",
	.binary = 1,
	.synopsis = "num_rel",
	.n_out = 1,
	.parse = num_rel_parse,
	.names = num_rel_names,
	.call_when_empty = 1,
	.sum_over_topics = 1,
	.integer = 1,
	.score = num_rel_score,
};
