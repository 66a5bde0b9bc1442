/*
 * m_bpref.c - binary preference (Buckley & Voorhees, SIGIR 2004), as
 * trec_eval 10.0's m_bpref.c computes it.  Over the ranking, a judged
 * document with 0 <= grade < level is nonrelevant; at each relevant
 * document (grade >= level), with n = nonrelevant documents ranked above it,
 *   term = 1 - min(n, R) / min(N, R)   (1 when n = 0)
 *   bpref = (sum of the terms) / R
 * N = the topic's judged nonrelevant documents (0 <= grade < level).
 * Unjudged documents and documents with a negative grade are skipped
 * (trec_eval skips grade -1 as "in the pool but unjudged"; every negative
 * grade is treated so).  Double arithmetic, as trec_eval 10.0.
 *
 * n is read off the judged spans: judged positions above the document,
 * less the relevant ones and the negative-grade ones (ranked.neg), all
 * counted with multiplicity.  trec_eval: bpref.
 */
#include "measure.h"

#include <stdio.h>

static int bpref_parse(struct measure *m, const char *arg, char *err,
		       size_t errsz)
{
	(void)m;
	return measure_parse_none("bpref", arg, err, errsz);
}

static void bpref_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "bpref");
	snprintf(trec, MEASURE_NAME_MAX, "bpref");
}

/* N: judged documents with 0 <= grade < level, with multiplicity (ids
 * n_rel .. n_nonneg - 1; none when the level is 0 or below). */
static void bpref_prep(const struct measure *m, const struct topic_image *ti,
		       double *area)
{
	const struct topic *t = ti->t;
	uint64_t n = 0;
	(void)m;
	for (uint32_t id = t->n_rel; id < t->n_nonneg; id++)
		n += ti->k[id];
	area[0] = (double)n;
}

static void bpref_score(const struct measure *m, const struct ranked *r,
			const struct topic_image *ti, const double *prep, double *out)
{
	const struct topic *t = ti->t;
	/* relevant with grade >= 0 (a level <= 0 makes negative grades
	 * relevant; bpref still skips them) */
	uint32_t rel_end = t->n_rel < t->n_nonneg ? t->n_rel : t->n_nonneg;
	uint64_t R = ti->R, N = (uint64_t)prep[0];
	uint64_t judged = 0, rel = 0, neg = 0;
	size_t sj = 0, g = 0;
	double den = (double)(N < R ? N : R), sum = 0;
	(void)m;
	for (size_t i = 0; i < r->n; i++) {
		const struct hit *h = &r->h[i];
		uint64_t pos = h->pos, above, nonrel;
		uint32_t kk;
		double term;
		if (h->id >= rel_end)
			continue;
		while (sj < r->nj && ranked_span(r, sj)->end <= pos) {
			judged += ranked_span(r, sj)->end - ranked_span(r, sj)->start;
			sj++;
		}
		above = judged;
		if (sj < r->nj && ranked_span(r, sj)->start < pos)
			above += pos - ranked_span(r, sj)->start;
		while (g < r->nneg && r->neg[g].pos < pos) {
			neg += hit_k(ti, &r->neg[g]);
			g++;
		}
		nonrel = above - rel - neg;
		term = nonrel > 0
		       ? 1.0 - (double)(nonrel < R ? nonrel : R) / den
		       : 1.0;
		kk = hit_k(ti, h);
		for (uint32_t j = 0; j < kk; j++)
			sum += term;
		rel += kk;
	}
	out[0] = sum / (double)R;
}

const struct measure_def measure_bpref = {
	.trec_order = TREC_ORDER_BPREF,
	.name = "bpref",
	.binary = 1,
	.synopsis = "bpref",
	.n_out = 1,
	.parse = bpref_parse,
	.names = bpref_names,
	.judged_depth = MEASURE_JUDGED_ALL,
	.needs_negative = 1,
	.prep = bpref_prep,
	.score = bpref_score,
};
