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
	(void)m;
	(void)prep;
	out[0] = 0;
	for (size_t i = 0; i < r->n; i++)
		if (r->h[i].id < ti->t->n_rel) {
			out[0] = 1.0 / (double)r->h[i].pos;
			return;
		}
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
