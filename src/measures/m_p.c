/*
 * m_p.c - precision at cutoff k.
 *   P@k = (relevant documents in positions 1..k) / k, dividing by k even
 *   when the ranking is shorter.  trec_eval: P_k.
 */
#include "measure.h"

#include <stdio.h>

static int p_parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	return measure_parse_cutoff(m, arg, err, errsz);
}

static void p_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "P@%ld", m->k);
	snprintf(trec, MEASURE_NAME_MAX, "P_%ld", m->k);
}

static void p_score(const struct measure *m, const struct ranked *r,
		  const struct topic_image *ti, const double *prep, double *out)
{
	(void)prep;
	out[0] = (double)measure_rel_at(r, ti, (uint64_t)m->k) / (double)m->k;
}

const struct measure_def measure_p = {
	.trec_order = TREC_ORDER_P,
	.name = "P",
	.binary = 1,
	.synopsis = "P@k",
	.n_out = 1,
	.parse = p_parse,
	.names = p_names,
	.score = p_score,
};
