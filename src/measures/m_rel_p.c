/*
 * m_rel_p.c - relative precision at cutoff k: precision at k over the
 * best precision at k possible for the topic,
 *   relative_P@k = (relevant documents in positions 1..k) / min(k, R),
 * which is P@k up to k = R and R@k from there.  A ranking shorter than k
 * counts as filled with nonrelevant documents (the divisor stays
 * min(k, R)).  0 when R = 0 or the ranking is empty.  trec_eval:
 * relative_P_k.
 */
#include "measure.h"

#include <stdio.h>

static int rel_p_parse(struct measure *m, const char *arg, char *err,
		       size_t errsz)
{
	return measure_parse_cutoff(m, arg, err, errsz);
}

static void rel_p_names(const struct measure *m, int o, char *name,
			char *trec)
{
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "relative_P@%ld", m->k);
	snprintf(trec, MEASURE_NAME_MAX, "relative_P_%ld", m->k);
}

static void rel_p_score(const struct measure *m, const struct ranked *r,
			const struct topic_image *ti, const double *prep,
			double *out)
{
	uint64_t k = (uint64_t)m->k, R = ti->R;
	(void)prep;
	out[0] = (double)measure_rel_at(r, ti, k) / (double)(k < R ? k : R);
}

const struct measure_def measure_rel_p = {
	.trec_order = TREC_ORDER_RELATIVE_P,
	.name = "relative_P",
	.binary = 1,
	.synopsis = "relative_P@k",
	.n_out = 1,
	.parse = rel_p_parse,
	.names = rel_p_names,
	.score = rel_p_score,
};
