/*
 * m_11pt_avg.c - 11-point interpolated average precision, as trec_eval
 * 10.0's 11pt_avg with its default levels:
 *   11pt_avg = (IPrec@0 + IPrec@0.1 + ... + IPrec@1) / 11
 * with IPrec@r as in m_iprec.c (recall levels rounded with lround), the
 * terms added from IPrec@1 down to IPrec@0, as trec_eval adds them.
 * 0 for an empty ranking and for R = 0.  trec_eval's other levels
 * (-m 11pt_avg.0.2,0.5,0.8, printed 11pt_avg_0.2,0.5,0.8) are not
 * offered.  trec_eval: 11pt_avg.
 */
#include "measure.h"

#include <stdio.h>

static const double pt11_levels[11] = {
	0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0
};

static int pt11_parse(struct measure *m, const char *arg, char *err,
		      size_t errsz)
{
	(void)m;
	return measure_parse_none("11pt_avg", arg, err, errsz);
}

static void pt11_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "11pt_avg");
	snprintf(trec, MEASURE_NAME_MAX, "11pt_avg");
}

static void pt11_score(const struct measure *m, const struct ranked *r,
		       const struct topic_image *ti, const double *prep,
		       double *out)
{
	double v[11], sum = 0;
	(void)m;
	(void)prep;
	measure_iprec(r, ti, pt11_levels, 11, v);
	for (size_t q = 11; q-- > 0;)
		sum += v[q];
	out[0] = sum / 11.0;
}

const struct measure_def measure_11pt_avg = {
	.trec_order = TREC_ORDER_11PT_AVG,
	.name = "11pt_avg",
	.binary = 1,
	.synopsis = "11pt_avg",
	.n_out = 1,
	.parse = pt11_parse,
	.names = pt11_names,
	.copies = 1,
	.score = pt11_score,
};
