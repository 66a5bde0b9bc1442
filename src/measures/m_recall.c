/*
 * m_recall.c - recall at cutoff k.
 *   R@k = (relevant documents in positions 1..k) / R.
 * trec_eval: recall_k.
 */
#include "measure.h"

#include <stdio.h>

static int recall_parse(struct measure *m, const char *arg, char *err,
			size_t errsz)
{
	return measure_parse_cutoff(m, arg, err, errsz);
}

static void recall_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "R@%ld", m->k);
	snprintf(trec, MEASURE_NAME_MAX, "recall_%ld", m->k);
}

static void recall_score(const struct measure *m, const struct ranked *r,
			 const struct topic_image *ti, double prep, double *out)
{
	uint64_t k = (uint64_t)m->k, cnt = 0;
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

const struct measure_def measure_recall = {
	.name = "R",
	.synopsis = "R@k",
	.n_out = 1,
	.parse = recall_parse,
	.names = recall_names,
	.score = recall_score,
};
