/*
 * m_ncg.c - normalised cumulative gain at cutoff k.
 *   CG@k  = sum over i <= k of g(d_i), g = the qrels grade (0 when absent
 *           or negative), the gains of nDCG@k;
 *   nCG@k = CG@k / ICG@k, ICG@k the same sum over the topic's positive
 *           grades sorted descending (counted with their multiplicity in
 *           an image); 0 when ICG@k = 0.
 * Like nDCG@k it ignores the relevance level: a topic with no document of
 * grade >= -l but some of positive grade is scored (call_when_gain).  Not
 * in trec_eval; -F trec name: ncg_cut_k.
 */
#include "measure.h"

#include <stdio.h>

static int ncg_parse(struct measure *m, const char *arg, char *err,
		     size_t errsz)
{
	return measure_parse_cutoff(m, arg, err, errsz);
}

static void ncg_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "nCG@%ld", m->k);
	snprintf(trec, MEASURE_NAME_MAX, "ncg_cut_%ld", m->k);
}

/* ICG@k.  Gains are whole numbers, so every sum here is exact. */
static void ncg_prep(const struct measure *m, const struct topic_image *ti,
		     double *area)
{
	const struct topic *t = ti->t;
	uint64_t left = (uint64_t)m->k;
	double icg = 0;
	for (uint32_t id = 0; id < t->n_pos && left > 0; id++) {
		uint64_t c = ti->k[id] < left ? ti->k[id] : left;
		icg += (double)t->grade[id] * (double)c;
		left -= c;
	}
	area[0] = icg;
}

static void ncg_score(const struct measure *m, const struct ranked *r,
		      const struct topic_image *ti, const double *prep,
		      double *out)
{
	const struct topic *t = ti->t;
	uint64_t k = (uint64_t)m->k;
	double cg = 0;
	for (size_t i = 0; i < r->n; i++) {
		const struct hit *h = &r->h[i];
		uint64_t c;
		if (h->pos > k)
			break;
		if (h->id >= t->n_pos)
			continue;
		c = hit_k(ti, h);
		if (h->pos + c - 1 > k)
			c = k - h->pos + 1;
		cg += (double)t->grade[h->id] * (double)c;
	}
	out[0] = prep[0] > 0 ? cg / prep[0] : 0;
}

const struct measure_def measure_ncg = {
	.name = "nCG",
	.synopsis = "nCG@k",
	.n_out = 1,
	.parse = ncg_parse,
	.names = ncg_names,
	.call_when_gain = 1,
	.prep = ncg_prep,
	.score = ncg_score,
};
