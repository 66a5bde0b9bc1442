/*
 * m_recall.c - recall at cutoff k.
 *   R@k = (relevant documents in positions 1..k) / R.
 * trec_eval: recall_k.
 */
#include "measure.h"

#include <stdio.h>

static int recall_parse(struct measure *m, const char *arg, char *err,
			size_t errsz)
{
	return measure_parse_cutoff(m, arg, err, errsz);
}

static void recall_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "R@%ld", m->k);
	snprintf(trec, MEASURE_NAME_MAX, "recall_%ld", m->k);
}

static void recall_score(const struct measure *m, const struct ranked *r,
			 const struct topic_image *ti, const double *prep, double *out)
{
	(void)prep;
	out[0] = (double)measure_rel_at(r, ti, (uint64_t)m->k) / (double)ti->R;
}

const struct measure_def measure_recall = {
	.trec_order = TREC_ORDER_RECALL,
	.name = "R",
	.binary = 1,
	.synopsis = "R@k",
	.n_out = 1,
	.parse = recall_parse,
	.names = recall_names,
	.score = recall_score,
};
