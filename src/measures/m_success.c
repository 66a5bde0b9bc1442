/*
 * m_success.c - success at cutoff k.
 *   Success@k = 1 if some position 1..k holds a relevant document, else 0.
 * 0 when R = 0 or the ranking is empty.  trec_eval: success_k (default
 * cutoffs 1, 5, 10); ir_measures: Success@k.
 */
#include "measure.h"

#include <stdio.h>

static int success_parse(struct measure *m, const char *arg, char *err,
			 size_t errsz)
{
	return measure_parse_cutoff(m, arg, err, errsz);
}

static void success_names(const struct measure *m, int o, char *name,
			  char *trec)
{
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "Success@%ld", m->k);
	snprintf(trec, MEASURE_NAME_MAX, "success_%ld", m->k);
}

static void success_score(const struct measure *m, const struct ranked *r,
			  const struct topic_image *ti, const double *prep,
			  double *out)
{
	(void)prep;
	out[0] = measure_first_rel(r, ti, (uint64_t)m->k) ? 1 : 0;
}

const struct measure_def measure_success = {
	.trec_order = TREC_ORDER_SUCCESS,
	.name = "Success",
	.binary = 1,
	.synopsis = "Success@k",
	.n_out = 1,
	.parse = success_parse,
	.names = success_names,
	.score = success_score,
};
