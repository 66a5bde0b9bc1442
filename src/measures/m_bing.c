/*
 * m_bing.c - trec_eval's binG (binary G, "experimental measure"):
 *   binG = (1/R) sum over positions i holding a relevant document of
 *          1 / log2(2 + the non-relevant positions before i),
 * relevant at -l, non-relevant meaning every other position (unjudged
 * included); each copy of a document in an image is a position.  0 when
 * R = 0 and on an empty ranking.  trec_eval name: binG.
 */
#include "measure.h"

#include <math.h>
#include <stdio.h>

static int bing_parse(struct measure *m, const char *arg, char *err,
		      size_t errsz)
{
	return measure_parse_none(m->def->name, arg, err, errsz);
}

static void bing_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "binG");
	snprintf(trec, MEASURE_NAME_MAX, "binG");
}

static void bing_score(const struct measure *m, const struct ranked *r,
		       const struct topic_image *ti, const double *prep,
		       double *out)
{
	uint64_t rel = 0;
	double sum = 0;
	(void)m;
	(void)prep;
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		if (h->id >= ti->t->n_rel)
			continue;
		rel++;
		sum += 1.0 / log2((double)(2 + h->pos - rel));
	}
	out[0] = rel ? sum / (double)ti->R : 0;
}

const struct measure_def measure_bing = {
	.trec_order = TREC_ORDER_BING,
	.name = "binG",
	.binary = 1,
	.synopsis = "binG",
	.n_out = 1,
	.parse = bing_parse,
	.names = bing_names,
	.copies = 1,
	.score = bing_score,
};
