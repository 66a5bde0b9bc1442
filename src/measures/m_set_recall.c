/*
 * m_set_recall.c - set recall: the ranking as an unordered set,
 *   SetR = (relevant documents retrieved) / R,
 * over the whole ranking (after -M; with multiplicity in an image).  0
 * when the ranking is empty or R = 0.  trec_eval: set_recall.
 */
#include "measure.h"

#include <stdio.h>

static int set_recall_parse(struct measure *m, const char *arg, char *err,
			    size_t errsz)
{
	(void)m;
	return measure_parse_none("SetR", arg, err, errsz);
}

static void set_recall_names(const struct measure *m, int o, char *name,
			     char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "SetR");
	snprintf(trec, MEASURE_NAME_MAX, "set_recall");
}

static void set_recall_score(const struct measure *m, const struct ranked *r,
			     const struct topic_image *ti, const double *prep,
			     double *out)
{
	uint64_t rel_ret = measure_rel_at(r, ti, UINT64_MAX);
	(void)m;
	(void)prep;
	out[0] = (double)rel_ret / (double)ti->R;
}

const struct measure_def measure_set_recall = {
	.trec_order = TREC_ORDER_SET_RECALL,
	.name = "SetR",
	.binary = 1,
	.synopsis = "SetR",
	.n_out = 1,
	.parse = set_recall_parse,
	.names = set_recall_names,
	.score = set_recall_score,
};
