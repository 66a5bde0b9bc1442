/*
 * m_ndcg.c - normalised discounted cumulative gain at cutoff k.
 *   DCG@k = sum over i <= k of g(d_i) / log2(i + 1), g = the qrels grade
 *   (0 when absent or negative); nDCG@k = DCG@k / IDCG@k, IDCG@k the same
 *   sum over the topic's positive grades sorted descending (counted with
 *   their multiplicity in an image); 0 when IDCG@k = 0.  Ignores the
 *   relevance level, as trec_eval's ndcg_cut does: a topic with no
 *   document of grade >= -l but some of positive grade is scored
 *   (call_when_gain).  trec_eval: ndcg_cut_k.
 */
#include "measure.h"
#include "xalloc.h"

#include <math.h>
#include <stdio.h>

#define TAB_MAX (1u << 20)

static int ndcg_parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	return measure_parse_cutoff(m, arg, err, errsz);
}

static void ndcg_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "nDCG@%ld", m->k);
	snprintf(trec, MEASURE_NAME_MAX, "ndcg_cut_%ld", m->k);
}

/* tab[i-1] = log2(i + 1) for positions i up to min(k, TAB_MAX). */
static void ndcg_setup(struct measure *m)
{
	m->ntab = (size_t)m->k < TAB_MAX ? (size_t)m->k : TAB_MAX;
	m->tab = xcalloc(m->ntab, sizeof *m->tab);
	for (size_t i = 0; i < m->ntab; i++)
		m->tab[i] = log2((double)i + 2.0);
}

static double ndcg_disc(const struct measure *m, uint64_t pos)
{
	return pos <= m->ntab ? m->tab[pos - 1] : log2((double)pos + 1.0);
}

static void ndcg_prep(const struct measure *m, const struct topic_image *ti,
		      double *area)
{
	const struct topic *t = ti->t;
	uint64_t pos = 1, k = (uint64_t)m->k;
	double idcg = 0;
	for (uint32_t id = 0; id < t->n_pos && pos <= k; id++)
		for (uint32_t j = 0; j < ti->k[id] && pos <= k; j++, pos++)
			idcg += (double)t->grade[id] / ndcg_disc(m, pos);
	area[0] = idcg;
}

static void ndcg_score(const struct measure *m, const struct ranked *r,
		       const struct topic_image *ti, const double *prep,
		       double *out)
{
	const double idcg = prep[0];
	const struct topic *t = ti->t;
	uint64_t k = (uint64_t)m->k;
	double dcg = 0;
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		if (h->pos > k)
			break;
		if (h->id < t->n_pos)
			dcg += (double)t->grade[h->id] / ndcg_disc(m, h->pos);
	}
	out[0] = idcg > 0 ? dcg / idcg : 0;
}

const struct measure_def measure_ndcg = {
	.trec_order = TREC_ORDER_NDCG_CUT,
	.name = "nDCG",
	.synopsis = "nDCG@k",
	.n_out = 1,
	.parse = ndcg_parse,
	.names = ndcg_names,
	.setup = ndcg_setup,
	.call_when_gain = 1,
	.prep = ndcg_prep,
	.copies = 1,
	.score = ndcg_score,
};
