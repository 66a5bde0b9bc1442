/*
 * m_set_f.c - set F measure, as trec_eval's set_F: with P = SetP and
 * R' = SetR over the whole ranking (after -M; with multiplicity in an
 * image),
 *   SetF(beta=b) = (b + 1) * P * R' / (b * P + R'),
 * 0 when no relevant document is retrieved (so when R = 0 or the ranking
 * is empty).  b is trec_eval's parameter x, "the relative importance of
 * R to P" (van Rijsbergen's beta squared), default 1 (the harmonic mean
 * of P and R'); b = 0 gives P.  trec_eval: set_F (b = 1) and set_F_b,
 * "-m set_F.0.5".
 */
#include "measure.h"

#include <math.h>
#include <stdio.h>

static int set_f_parse(struct measure *m, const char *arg, char *err,
		       size_t errsz)
{
	m->p = 1;
	if (!arg[0])
		return 0;
	return measure_parse_param(arg, "beta", 0, HUGE_VAL, 0, 1, &m->p, err,
				   errsz);
}

static void set_f_names(const struct measure *m, int o, char *name,
			char *trec)
{
	char b[32];
	(void)o;
	if (m->p == 1) {
		snprintf(name, MEASURE_NAME_MAX, "SetF");
		snprintf(trec, MEASURE_NAME_MAX, "set_F");
		return;
	}
	measure_fmt_param(b, sizeof b, m->p);
	snprintf(name, MEASURE_NAME_MAX, "SetF(beta=%s)", b);
	snprintf(trec, MEASURE_NAME_MAX, "set_F_%s", b);
}

static void set_f_score(const struct measure *m, const struct ranked *r,
			const struct topic_image *ti, const double *prep,
			double *out)
{
	uint64_t rel_ret = measure_rel_at(r, ti, UINT64_MAX);
	double P, R, x = m->p;
	(void)prep;
	out[0] = 0;
	if (rel_ret == 0)
		return;
	P = (double)rel_ret / (double)r->len;
	R = (double)rel_ret / (double)ti->R;
	out[0] = (x + 1.0) * P * R / (x * P + R);
}

const struct measure_def measure_set_f = {
	.trec_order = TREC_ORDER_SET_F,
	.name = "SetF",
	.binary = 1,
	.synopsis = "SetF(beta=B)",
	.n_out = 1,
	.parse = set_f_parse,
	.names = set_f_names,
	.needs_length = 1,
	.score = set_f_score,
};
