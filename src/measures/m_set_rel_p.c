/*
 * m_set_rel_p.c - relative set precision: set precision over the best
 * set precision possible for a set of that size,
 *   SetRelP = rel_ret / min(n, R),
 * with rel_ret the relevant documents retrieved and n the documents
 * retrieved (the whole ranking after -M; with multiplicity in an image).
 * 0 when the ranking is empty or R = 0.  trec_eval: set_relative_P.
 */
#include "measure.h"

#include <stdio.h>

static int set_rel_p_parse(struct measure *m, const char *arg, char *err,
			   size_t errsz)
{
	(void)m;
	return measure_parse_none("SetRelP", arg, err, errsz);
}

static void set_rel_p_names(const struct measure *m, int o, char *name,
			    char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "SetRelP");
	snprintf(trec, MEASURE_NAME_MAX, "set_relative_P");
}

static void set_rel_p_score(const struct measure *m, const struct ranked *r,
			    const struct topic_image *ti, const double *prep,
			    double *out)
{
	uint64_t rel_ret = measure_rel_at(r, ti, UINT64_MAX);
	uint64_t n = r->len < ti->R ? r->len : ti->R;
	(void)m;
	(void)prep;
	out[0] = n ? (double)rel_ret / (double)n : 0;
}

const struct measure_def measure_set_rel_p = {
	.trec_order = TREC_ORDER_SET_RELATIVE_P,
	.name = "SetRelP",
	.binary = 1,
	.synopsis = "SetRelP",
	.n_out = 1,
	.parse = set_rel_p_parse,
	.names = set_rel_p_names,
	.needs_length = 1,
	.score = set_rel_p_score,
};
