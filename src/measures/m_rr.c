/*
 * m_rr.c - reciprocal rank.
 *   RR = 1 / (first position holding a relevant document), 0 if none.
 * trec_eval: recip_rank.
 */
#include "measure.h"

#include <stdio.h>

static int rr_parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	(void)m;
	if (arg[0]) {
		snprintf(err, errsz, "RR takes no parameter");
		return -1;
	}
	return 0;
}

static void rr_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "RR");
	snprintf(trec, MEASURE_NAME_MAX, "recip_rank");
}

static void rr_score(const struct measure *m, const struct ranked *r,
		  const struct topic_image *ti, const double *prep, double *out)
{
	uint64_t pos = measure_first_rel(r, ti, UINT64_MAX);
	(void)m;
	(void)prep;
	out[0] = pos ? 1.0 / (double)pos : 0;
}

const struct measure_def measure_rr = {
	.trec_order = TREC_ORDER_RECIP_RANK,
	.name = "RR",
	.binary = 1,
	.synopsis = "RR",
	.n_out = 1,
	.parse = rr_parse,
	.names = rr_names,
	.score = rr_score,
};
