/*
 * m_judged.c - judged fraction at cutoff k.
 *   judged@k = (positions 1..k holding a judged document, of any grade,
 *              negative included) / k,
 * dividing by k even when the ranking is shorter.  Computed also when
 * R = 0.  Name with -F trec: judged_k.
 */
#include "measure.h"

#include <stdio.h>

static int judged_parse(struct measure *m, const char *arg, char *err,
			size_t errsz)
{
	if (measure_parse_cutoff(m, arg, err, errsz) != 0)
		return -1;
	m->judged_depth = (uint64_t)m->k;
	return 0;
}

static void judged_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "judged@%ld", m->k);
	snprintf(trec, MEASURE_NAME_MAX, "judged_%ld", m->k);
}

static void judged_score(const struct measure *m, const struct ranked *r,
			 const struct topic_image *ti, const double *prep, double *out)
{
	uint64_t k = (uint64_t)m->k, cnt = 0;
	(void)ti;
	(void)prep;
	for (size_t i = 0; i < r->nj; i++) {
		uint64_t a = ranked_span(r, i)->start, b = ranked_span(r, i)->end;
		if (a > k)
			break;
		cnt += (b <= k + 1 ? b : k + 1) - a;
	}
	out[0] = (double)cnt / (double)k;
}

const struct measure_def measure_judged = {
	.name = "judged",
	.synopsis = "judged@k",
	.n_out = 1,
	.parse = judged_parse,
	.names = judged_names,
	.call_when_r0 = 1,
	.score = judged_score,
};
