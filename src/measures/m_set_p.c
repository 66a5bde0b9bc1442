/*
 * m_set_p.c - set precision: the ranking as an unordered set,
 *   SetP = (relevant documents retrieved) / (documents retrieved),
 * with documents retrieved = n, the positions of the whole ranking (after
 * -M; with multiplicity in an image).  0 when the ranking is empty or
 * R = 0 (then nothing relevant is retrieved).  trec_eval: set_P (P@k is
 * not SetP under -M k: P@k divides by k, SetP by n <= k).
 */
#include "measure.h"

#include <stdio.h>

static int set_p_parse(struct measure *m, const char *arg, char *err,
		       size_t errsz)
{
	(void)m;
	return measure_parse_none("SetP", arg, err, errsz);
}

static void set_p_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "SetP");
	snprintf(trec, MEASURE_NAME_MAX, "set_P");
}

static void set_p_score(const struct measure *m, const struct ranked *r,
			const struct topic_image *ti, const double *prep,
			double *out)
{
	uint64_t rel_ret = measure_rel_at(r, ti, UINT64_MAX);
	(void)m;
	(void)prep;
	out[0] = r->len ? (double)rel_ret / (double)r->len : 0;
}

const struct measure_def measure_set_p = {
	.trec_order = TREC_ORDER_SET_P,
	.name = "SetP",
	.binary = 1,
	.synopsis = "SetP",
	.n_out = 1,
	.parse = set_p_parse,
	.names = set_p_names,
	.needs_length = 1,
	.score = set_p_score,
};
