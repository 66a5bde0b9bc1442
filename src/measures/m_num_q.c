/*
 * m_num_q.c - the number of topics: 1 on every topic (whatever R and
 * the ranking, in every image), summed over topics, so that its value for
 * "all" is the number of topics the means are taken over - every topic of
 * the qrels, as trec_eval -c counts them (trec_eval without -c counts the
 * run's topics; cbeval always averages over the qrels' topics).
 * trec_eval: num_q, which prints no per-topic value: with -F trec only
 * the "all" row is printed (trec_all_only); the TSV output has the 1s.
 */
#include "measure.h"

#include <stdio.h>

static int num_q_parse(struct measure *m, const char *arg, char *err,
		       size_t errsz)
{
	(void)m;
	return measure_parse_none("num_q", arg, err, errsz);
}

static void num_q_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "num_q");
	snprintf(trec, MEASURE_NAME_MAX, "num_q");
}

static void num_q_score(const struct measure *m, const struct ranked *r,
			const struct topic_image *ti, const double *prep,
			double *out)
{
	(void)m;
	(void)r;
	(void)ti;
	(void)prep;
	out[0] = 1;
}

const struct measure_def measure_num_q = {
	.trec_order = TREC_ORDER_NUM_Q,
	.name = "num_q",
	.synopsis = "num_q",
	.n_out = 1,
	.parse = num_q_parse,
	.names = num_q_names,
	.call_when_r0 = 1,
	.call_when_empty = 1,
	.sum_over_topics = 1,
	.integer = 1,
	.score = num_q_score,
	.trec_all_only = 1,
};
