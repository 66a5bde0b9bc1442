/*
 * m_ap.c - average precision.
 *   AP = (1/R) * sum over positions i holding a relevant document of
 *        (relevant documents in positions 1..i) / i.
 * trec_eval: map.
 */
#include "measure.h"

#include <stdio.h>

static int ap_parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	(void)m;
	if (arg[0]) {
		snprintf(err, errsz, "AP takes no parameter");
		return -1;
	}
	return 0;
}

static void ap_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "AP");
	snprintf(trec, MEASURE_NAME_MAX, "map");
}

static void ap_score(const struct measure *m, const struct ranked *r,
		  const struct topic_image *ti, const double *prep, double *out)
{
	uint32_t nrel = ti->t->n_rel;
	uint64_t c = 0;
	double sum = 0;
	(void)m;
	(void)prep;
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		if (h->id >= nrel)
			continue;
		c++;
		sum += (double)c / (double)h->pos;
	}
	out[0] = sum / (double)ti->R;
}

const struct measure_def measure_ap = {
	.trec_order = TREC_ORDER_MAP,
	.name = "AP",
	.binary = 1,
	.synopsis = "AP",
	.n_out = 1,
	.parse = ap_parse,
	.names = ap_names,
	.copies = 1,
	.score = ap_score,
};
