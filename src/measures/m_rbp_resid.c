/*
 * m_rbp_resid.c - trec_eval's rbp_resid, the residual of its rbp
 * (m_te_rbp.c) over the whole ranking, no depth bound:
 *   rbp_resid(p) = p^n + (1-p) * sum over unjudged positions i of p^(i-1)
 * n the length of the ranking, unjudged meaning not in the qrels or
 * judged with a negative grade (and, with --pool, judged outside the
 * image's pool); 0 when no position is unjudged, and on an empty ranking.
 * It does not depend on the grades: a topic with no relevant document is
 * scored too.  The terms are trec_eval's (p^i by repeated multiplication)
 * added in its order, until they no longer change the sum, so that values
 * such as 0.8371 / 2 round as trec_eval's.  p defaults to 0.9.  Canonical
 * names rbp_resid and rbp_resid(p=P); trec_eval: rbp_resid,
 * rbp_resid_p=P (-m rbp_resid.p=P).
 */
#include "measure.h"

#include <stdio.h>


static int resid_parse(struct measure *m, const char *arg, char *err,
		       size_t errsz)
{
	m->p = MEASURE_TE_RBP_P;
	if (!arg[0])
		return 0;
	m->k = 1;   /* p given: named with it, as trec_eval does */
	return measure_parse_param(arg, "p", 0, 1, 1, 1, &m->p, err, errsz);
}

static void resid_names(const struct measure *m, int o, char *name, char *trec)
{
	char p[32];
	(void)o;
	measure_fmt_param(p, sizeof p, m->p);
	if (m->k) {
		snprintf(name, MEASURE_NAME_MAX, "rbp_resid(p=%s)", p);
		snprintf(trec, MEASURE_NAME_MAX, "rbp_resid_p=%s", p);
	} else {
		snprintf(name, MEASURE_NAME_MAX, "rbp_resid");
		snprintf(trec, MEASURE_NAME_MAX, "rbp_resid");
	}
}

/* p^(pos-1). */
static double w(const struct measure *m, uint64_t pos)
{
	return measure_te_rbp_pow(m, pos - 1);
}

/* Add p^(i-1) for the positions i = a..b-1 to *s in order, as trec_eval
 * does, unless the sum is already complete: once a term leaves the sum as
 * it is, every later (smaller) term does too.  Returns 0 then. */
static int add_run(const struct measure *m, uint64_t a, uint64_t b, double *s)
{
	for (uint64_t i = a; i < b; i++) {
		double x = w(m, i);
		if (*s + x == *s)
			return 0;
		*s += x;
	}
	return 1;
}

/* The unjudged positions of r in order: the stretches outside the judged
 * spans, and the copies of the documents of negative grade inside them
 * (both in rank order: merged).  Their count in *unj; their sum of
 * p^(i-1), in position order, in *s. */
static void unjudged(const struct measure *m, const struct ranked *r,
		     const struct topic_image *ti, uint64_t *unj, double *s)
{
	uint64_t next = 1, end = r->len + 1;
	size_t g = 0;
	int go = 1;
	for (size_t i = 0; i <= r->nj; i++) {
		const struct span *sp = i < r->nj ? ranked_span(r, i) : NULL;
		uint64_t a = sp ? sp->start : end, b = sp ? sp->end : end;
		if (sp && a >= b)
			continue;
		if (a > next) {
			*unj += a - next;
			go = go && add_run(m, next, a, s);
		}
		for (; g < r->nneg && r->neg[g].pos < b; g++) {
			uint64_t k = hit_k(ti, &r->neg[g]);
			*unj += k;
			go = go && add_run(m, r->neg[g].pos, r->neg[g].pos + k, s);
		}
		next = b > next ? b : next;
	}
}

static void resid_score(const struct measure *m, const struct ranked *r,
			const struct topic_image *ti, const double *prep,
			double *out)
{
	uint64_t unj = 0;
	double s = 0;
	(void)prep;
	unjudged(m, r, ti, &unj, &s);
	out[0] = unj ? w(m, r->len + 1) + (1 - m->p) * s : 0;
}

const struct measure_def measure_rbp_resid = {
	.trec_order = TREC_ORDER_RBP_RESID,
	.name = "rbp_resid",
	.synopsis = "rbp_resid[(p=P)]",
	.n_out = 1,
	.parse = resid_parse,
	.names = resid_names,
	.setup = measure_te_rbp_setup,
	.judged_depth = MEASURE_JUDGED_ALL,
	.needs_length = 1,
	.needs_negative = 1,
	.call_when_r0 = 1,
	.score = resid_score,
};
