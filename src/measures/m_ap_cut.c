/*
 * m_ap_cut.c - average precision at cutoff k.
 *   AP@k = (1/R) * sum over positions i <= k holding a relevant document
 *          of (relevant documents in positions 1..i) / i,
 * AP with the ranking cut at k, still divided by R (all the relevant
 * documents of the topic, retrieved or not).  0 when R = 0 or the ranking
 * is empty.  trec_eval: map_cut_k (trec_eval fills a ranking shorter than
 * k with nonrelevant documents, which add nothing).
 */
#include "measure.h"

#include <stdio.h>

static int ap_cut_parse(struct measure *m, const char *arg, char *err,
			size_t errsz)
{
	return measure_parse_cutoff(m, arg, err, errsz);
}

static void ap_cut_names(const struct measure *m, int o, char *name,
			 char *trec)
{
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "AP@%ld", m->k);
	snprintf(trec, MEASURE_NAME_MAX, "map_cut_%ld", m->k);
}

static void ap_cut_score(const struct measure *m, const struct ranked *r,
			 const struct topic_image *ti, const double *prep,
			 double *out)
{
	uint32_t nrel = ti->t->n_rel;
	uint64_t c = 0, k = (uint64_t)m->k;
	double sum = 0;
	(void)prep;
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		if (h->pos > k)
			break;
		if (h->id >= nrel)
			continue;
		c++;
		sum += (double)c / (double)h->pos;
	}
	out[0] = sum / (double)ti->R;
}

const struct measure_def measure_ap_cut = {
	.trec_order = TREC_ORDER_MAP_CUT,
	.name = "AP",
	.binary = 1,
	.synopsis = "AP@k",
	.n_out = 1,
	.parse = ap_cut_parse,
	.names = ap_cut_names,
	.copies = 1,
	.score = ap_cut_score,
};
