/*
 * m_rprec.c - R-precision.
 *   Rprec = (relevant documents in positions 1..R) / R.
 * trec_eval: Rprec.
 */
#include "measure.h"

#include <stdio.h>

static int rprec_parse(struct measure *m, const char *arg, char *err,
		       size_t errsz)
{
	(void)m;
	return measure_parse_none("Rprec", arg, err, errsz);
}

static void rprec_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "Rprec");
	snprintf(trec, MEASURE_NAME_MAX, "Rprec");
}

static void rprec_score(const struct measure *m, const struct ranked *r,
			const struct topic_image *ti, const double *prep, double *out)
{
	(void)m;
	(void)prep;
	out[0] = (double)measure_rel_at(r, ti, ti->R) / (double)ti->R;
}

const struct measure_def measure_rprec = {
	.trec_order = TREC_ORDER_RPREC,
	.name = "Rprec",
	.binary = 1,
	.synopsis = "Rprec",
	.n_out = 1,
	.parse = rprec_parse,
	.names = rprec_names,
	.score = rprec_score,
};
