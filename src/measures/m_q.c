/*
 * m_q.c - Q-measure (Sakai, SIGIR 2006) with beta = 1, to depth D = 1000.
 *   g(i)     = grade of the document at position i if it is relevant
 *              (grade >= the level) and the grade is positive, else 0
 *   cg(r)    = g(1) + ... + g(r);  count(r) = relevant documents in 1..r
 *   cg_I(r)  = the same cumulated gain for the ideal ranking: the topic's
 *              relevant documents, grades descending (constant after R)
 *   Q        = (1/R) * sum over relevant positions r <= D of
 *              (cg(r) + count(r)) / (cg_I(r) + r)
 * In an image a document of multiplicity k is k consecutive documents:
 * each copy counts in R, cg, count and the ideal ranking.  With binary
 * grades each term is at least AP's count(r)/r, equal for r <= R.
 * Not in trec_eval; -F trec name: Q.
 */
#include "measure.h"

#include <stdio.h>

static int q_parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	(void)m;
	return measure_parse_none("Q", arg, err, errsz);
}

static void q_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "Q");
	snprintf(trec, MEASURE_NAME_MAX, "Q");
}

/* Gain of relevant document id (id < n_rel). */
static double q_gain(const struct topic *t, uint32_t id)
{
	return t->grade[id] > 0 ? (double)t->grade[id] : 0;
}

/* cgi[r] = cg_I(r) for r = 0 .. min(R, D): the ideal ranking's copies in
 * grade order. */
static void q_prep(const struct measure *m, const struct topic_image *ti,
		   double *cgi)
{
	const struct topic *t = ti->t;
	uint64_t r = 0, end = ti->R < MEASURE_DEPTH ? ti->R : MEASURE_DEPTH;
	double cg = 0;
	(void)m;
	cgi[0] = 0;
	for (uint32_t id = 0; id < t->n_rel && r < end; id++) {
		double g = q_gain(t, id);
		for (uint32_t j = 0; j < ti->k[id] && r < end; j++) {
			cg += g;
			cgi[++r] = cg;
		}
	}
}

static void q_score(const struct measure *m, const struct ranked *r,
		    const struct topic_image *ti, const double *cgi,
		    double *out)
{
	const struct topic *t = ti->t;
	const uint64_t R = ti->R;
	uint64_t count = 0;
	double cg = 0, sum = 0;
	(void)m;
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		uint64_t pos = h->pos;
		if (pos > MEASURE_DEPTH)
			break;
		if (h->id >= t->n_rel)
			continue;
		count++;
		cg += q_gain(t, h->id);
		sum += (cg + (double)count) /
		       (cgi[pos < R ? pos : R] + (double)pos);
	}
	out[0] = sum / (double)R;
}

const struct measure_def measure_q = {
	.name = "Q",
	.binary = 1,
	.synopsis = "Q",
	.n_out = 1,
	.parse = q_parse,
	.names = q_names,
	.prep = q_prep,
	.prep_n = MEASURE_DEPTH + 1,
	.copies = 1,
	.score = q_score,
};
