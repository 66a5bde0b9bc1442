/*
 * m_unj.c - unjudged fraction at cutoff k, as trec_eval 10.0's unj_k
 * (m_unjudged.c):
 *   unj@k = (positions 1..min(k, n) holding a document that is not in
 *           the qrels or is judged with a negative grade) / k,
 * dividing by k even when the ranking is shorter (the positions past its
 * end count as judged).  trec_eval reads every negative grade as "in the
 * pool but unjudged", so unj@k + judged@k = min(k, n) / k only when no
 * document has a negative grade (judged@k counts them as judged).
 * Computed when R = 0 too; 0 for an empty ranking (trec_eval -c sets
 * unj to 0 for a topic the run lacks).  trec_eval: unj_k; -m unj alone
 * is trec_eval's cutoffs 5, 10, 20.
 */
#include "measure.h"

#include <stdio.h>

static int unj_parse(struct measure *m, const char *arg, char *err,
		     size_t errsz)
{
	if (measure_parse_cutoff(m, arg, err, errsz) != 0)
		return -1;
	m->judged_depth = (uint64_t)m->k;
	return 0;
}

static void unj_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "unj@%ld", m->k);
	snprintf(trec, MEASURE_NAME_MAX, "unj_%ld", m->k);
}

static void unj_score(const struct measure *m, const struct ranked *r,
		      const struct topic_image *ti, const double *prep,
		      double *out)
{
	uint64_t k = (uint64_t)m->k, top = r->len < k ? r->len : k;
	uint64_t judged = 0, neg = 0;
	(void)prep;
	for (size_t i = 0; i < r->nj; i++) {
		uint64_t a = ranked_span(r, i)->start, b = ranked_span(r, i)->end;
		if (a > k)
			break;
		judged += (b <= k + 1 ? b : k + 1) - a;
	}
	for (size_t i = 0; i < r->nneg && r->neg[i].pos <= k; i++) {
		uint64_t a = r->neg[i].pos, kk = hit_k(ti, &r->neg[i]);
		neg += a + kk - 1 <= k ? kk : k - a + 1;
	}
	out[0] = (double)(top - judged + neg) / (double)k;
}

const struct measure_def measure_unj = {
	.trec_order = TREC_ORDER_UNJ,
	.name = "unj",
	.synopsis = "unj@k",
	.n_out = 1,
	.parse = unj_parse,
	.names = unj_names,
	.needs_length = 1,
	.needs_negative = 1,
	.call_when_r0 = 1,
	.score = unj_score,
};
