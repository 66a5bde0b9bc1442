/*
 * m_infap.c - inferred average precision (Yilmaz & Aslam, CIKM 2006), as
 * trec_eval 10.0's infAP (m_infap.c) computes it.  Over the ranking,
 * documents not in the qrels are skipped, documents judged with a
 * negative grade are "in the pool but unjudged" (trec_eval reads every
 * negative grade as such), and the judged documents with
 * 0 <= grade < level are nonrelevant.  At each relevant document
 * (grade >= level and >= 0) at position i, with, above it, r relevant,
 * n nonrelevant and u pooled-but-unjudged documents (j = i - 1):
 *   term = 1                                           if i = 1
 *        = 1/i + (j/i) * ((r + n + u) / j)
 *                      * ((r + e) / (r + n + 2e))      otherwise,
 *   e = 0.00001 (trec_eval's INFAP_EPSILON)
 *   infAP = (sum of the terms) / R
 * in double precision and in that order of operations, as trec_eval.
 * Counts are positions, with multiplicity: a hit of multiplicity k is k
 * relevant documents in a row, each counting the copies above it.  They
 * are read off the judged spans and ranked.neg as bpref does.  0 for an
 * empty ranking and for R = 0.  trec_eval: infAP.
 */
#include "measure.h"

#include <stdio.h>

#define INFAP_EPS 0.00001

static int infap_parse(struct measure *m, const char *arg, char *err,
		       size_t errsz)
{
	(void)m;
	return measure_parse_none("infAP", arg, err, errsz);
}

static void infap_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "infAP");
	snprintf(trec, MEASURE_NAME_MAX, "infAP");
}

/* trec_eval's term for a relevant document at 0-based index j with rel
 * relevant (itself included), nonrel nonrelevant and unj pooled but
 * unjudged documents at or above it. */
static double infap_term(uint64_t j, int64_t rel, int64_t nonrel, int64_t unj)
{
	double fj = (double)j;
	if (j == 0)
		return 1.0;
	return 1.0 / (fj + 1.0) +
	       (fj / (fj + 1.0)) * ((double)(rel - 1 + nonrel + unj) / fj) *
	       (((double)(rel - 1) + INFAP_EPS) /
		((double)(rel - 1 + nonrel) + 2 * INFAP_EPS));
}

static void infap_score(const struct measure *m, const struct ranked *r,
			const struct topic_image *ti, const double *prep,
			double *out)
{
	const struct topic *t = ti->t;
	/* relevant with grade >= 0 (at a level <= 0 negative grades are
	 * relevant for cbeval; trec_eval reads them as unjudged) */
	uint32_t rel_end = t->n_rel < t->n_nonneg ? t->n_rel : t->n_nonneg;
	uint64_t judged = 0, rel = 0, neg = 0;
	size_t sj = 0, g = 0;
	double sum = 0;
	(void)m;
	(void)prep;
	for (size_t i = 0; i < r->n; i++) {
		const struct hit *h = &r->h[i];
		uint64_t pos = h->pos, above;
		uint32_t kk;
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
		kk = hit_k(ti, h);
		for (uint32_t c = 0; c < kk; c++)
			sum += infap_term(pos - 1 + c, (int64_t)(rel + c + 1),
					  (int64_t)(above - rel - neg),
					  (int64_t)neg);
		rel += kk;
	}
	out[0] = sum / (double)ti->R;
}

const struct measure_def measure_infap = {
	.trec_order = TREC_ORDER_INFAP,
	.name = "infAP",
	.binary = 1,
	.synopsis = "infAP",
	.n_out = 1,
	.parse = infap_parse,
	.names = infap_names,
	.judged_depth = MEASURE_JUDGED_ALL,
	.needs_negative = 1,
	.score = infap_score,
};
