/*
 * m_rprec_mult.c - precision at a multiple m of R, as trec_eval 10.0's
 * Rprec_mult (m_Rprec_mult.c):
 *   c = (long)(m * R + 0.9)   (trec_eval's rounding, kept)
 *   Rprec_mult(m) = (relevant documents in positions 1..c) / c
 * dividing by c even when the ranking is shorter; 0 when c = 0 (m * R <
 * 0.1).  Rprec_mult(m=1) is Rprec.  0 for an empty ranking and for R = 0.
 * Names: Rprec_mult(m=M); trec_eval: Rprec_mult_M, printed with "%3.2f"
 * as trec_eval does (0.20), but for a multiple that needs more digits
 * (0.125, which trec_eval prints 0.12).
 */
#include "measure.h"

#include <stdio.h>

static int rprec_mult_parse(struct measure *m, const char *arg, char *err,
			    size_t errsz)
{
	return measure_parse_param(arg, "m", 0, 1000000, 1, 0, &m->p, err,
				   errsz);
}

static void rprec_mult_names(const struct measure *m, int o, char *name,
			     char *trec)
{
	char p[32];
	(void)o;
	measure_fmt_param(p, sizeof p, m->p);
	snprintf(name, MEASURE_NAME_MAX, "Rprec_mult(m=%s)", p);
	measure_fmt_param2(p, sizeof p, m->p);
	snprintf(trec, MEASURE_NAME_MAX, "Rprec_mult_%s", p);
}

static void rprec_mult_score(const struct measure *m, const struct ranked *r,
			     const struct topic_image *ti, const double *prep,
			     double *out)
{
	double x = m->p * (double)ti->R;
	long c = (long)(x + 0.9);
	(void)prep;
	out[0] = c > 0 ? (double)measure_rel_at(r, ti, (uint64_t)c) / (double)c
		       : 0;
}

const struct measure_def measure_rprec_mult = {
	.trec_order = TREC_ORDER_RPREC_MULT,
	.name = "Rprec_mult",
	.binary = 1,
	.synopsis = "Rprec_mult(m=M)",
	.n_out = 1,
	.parse = rprec_mult_parse,
	.names = rprec_mult_names,
	.score = rprec_mult_score,
};
