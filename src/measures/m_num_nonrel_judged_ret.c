/*
 * m_num_nonrel_judged_ret.c - the number of nonrelevant judged documents
 * retrieved: positions of the ranking (after -M; with multiplicity in an
 * image) holding a document judged with 0 <= grade < level.  Documents
 * with a negative grade are not counted, as trec_eval counts grade -1 as
 * "in the pool but unjudged" (and cbeval every negative grade so); with
 * -l 0 or below no document qualifies and the value is 0, as in
 * trec_eval.  Computed also when R = 0; 0 on an empty ranking; the value
 * for "all" is the sum over topics.
 *
 * Read off the judged spans: judged positions, less the relevant ones
 * and the negative-grade ones (ranked.neg; disjoint from the relevant
 * ones when the level is 1 or more).  trec_eval: num_nonrel_judged_ret.
 */
#include "measure.h"

#include <stdio.h>

static int nnjr_parse(struct measure *m, const char *arg, char *err,
		      size_t errsz)
{
	(void)m;
	return measure_parse_none("num_nonrel_judged_ret", arg, err, errsz);
}

static void nnjr_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "num_nonrel_judged_ret");
	snprintf(trec, MEASURE_NAME_MAX, "num_nonrel_judged_ret");
}

static void nnjr_score(const struct measure *m, const struct ranked *r,
		       const struct topic_image *ti, const double *prep,
		       double *out)
{
	uint64_t judged = 0, neg = 0;
	(void)m;
	(void)prep;
	out[0] = 0;
	if (ti->t->n_rel >= ti->t->n_nonneg)
		return;         /* level <= 0: no nonrelevant grade >= 0 */
	for (size_t i = 0; i < r->nj; i++)
		judged += ranked_span(r, i)->end - ranked_span(r, i)->start;
	for (size_t i = 0; i < r->nneg; i++)
		neg += hit_k(ti, &r->neg[i]);
	out[0] = (double)(judged - neg -
			  measure_rel_at(r, ti, UINT64_MAX));
}

const struct measure_def measure_num_nonrel_judged_ret = {
	.trec_order = TREC_ORDER_NUM_NONREL_JUDGED_RET,
	.name = "num_nonrel_judged_ret",
	.binary = 1,
	.synopsis = "num_nonrel_judged_ret",
	.n_out = 1,
	.parse = nnjr_parse,
	.names = nnjr_names,
	.judged_depth = MEASURE_JUDGED_ALL,
	.needs_negative = 1,
	.call_when_r0 = 1,
	.sum_over_topics = 1,
	.integer = 1,
	.score = nnjr_score,
};
