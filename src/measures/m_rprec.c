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
			const struct topic_image *ti, double prep, double *out)
{
	uint64_t k = ti->R, cnt = 0;
	(void)m;
	(void)prep;
	for (size_t i = 0; i < r->n; i++) {
		const struct hit *h = &r->h[i];
		if (h->pos > k)
			break;
		if (h->id < ti->t->n_rel) {
			uint64_t kk = hit_k(ti, h);
			cnt += h->pos + kk - 1 <= k ? kk : k - h->pos + 1;
		}
	}
	out[0] = (double)cnt / (double)ti->R;
}

const struct measure_def measure_rprec = {
	.name = "Rprec",
	.synopsis = "Rprec",
	.n_out = 1,
	.parse = rprec_parse,
	.names = rprec_names,
	.score = rprec_score,
};
