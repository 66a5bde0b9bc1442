/*
 * m_iprec.c - interpolated precision at recall level r (0 <= r <= 1), as
 * trec_eval 10.0's iprec_at_recall computes it.  With C = lround(r * R)
 * (trec_eval 10.0 rounds; version 9 added 0.9 and truncated) and
 * P(i) = (relevant documents in positions 1..i) / i:
 *   IPrec@r = max of P(i) over positions i >= i_C, where i_C is the
 *             position of the C-th relevant document (of the first when
 *             C = 0),
 *           = 0 when fewer than C relevant documents are ranked.
 * The maximum is reached at a relevant position, so only those are
 * visited, copy by copy (a hit of multiplicity k is k relevant
 * positions).  A ranking with no relevant document scores 0; R = 0
 * scores 0 (C = 0 and no relevant document ranked, as in trec_eval).
 * Names: IPrec@r (ir_measures' name); trec_eval: iprec_at_recall_r,
 * printed with "%3.2f" as trec_eval does (0.10), but for a level that
 * needs more digits (0.125, which trec_eval prints 0.12).
 */
#include "measure.h"
#include "lex.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define IPREC_MAX_LEVELS 16

void measure_iprec(const struct ranked *r, const struct topic_image *ti,
		   const double *lev, size_t n, double *out)
{
	uint32_t nrel = ti->t->n_rel;
	uint64_t rel = 0;
	long cut[IPREC_MAX_LEVELS];
	double best = 0;
	if (n > IPREC_MAX_LEVELS)
		n = IPREC_MAX_LEVELS;
	for (size_t q = 0; q < n; q++) {
		cut[q] = lround(lev[q] * (double)ti->R);
		out[q] = 0;
	}
	for (size_t i = 0; i < r->nc; i++)
		rel += r->c[i].id < nrel;
	/* Backwards: best is the largest precision from here on. */
	for (size_t i = r->nc; i-- > 0 && rel > 0;) {
		const struct hit *h = &r->c[i];
		double p;
		if (h->id >= nrel)
			continue;
		p = (double)rel / (double)h->pos;
		if (best < p)
			best = p;
		for (size_t q = 0; q < n; q++)
			if ((uint64_t)cut[q] == rel || (cut[q] == 0 && rel == 1))
				out[q] = best;
		rel--;
	}
}

static int iprec_parse(struct measure *m, const char *arg, char *err,
		       size_t errsz)
{
	const char *why;
	if (arg[0] != '@' ||
	    lex_double(arg + 1, strlen(arg + 1), &m->p, &why) != 0 ||
	    m->p < 0 || m->p > 1) {
		snprintf(err, errsz,
			 "expected @r after the name, r a recall level from 0 to 1");
		return -1;
	}
	return 0;
}

static void iprec_names(const struct measure *m, int o, char *name, char *trec)
{
	char p[32];
	(void)o;
	measure_fmt_param(p, sizeof p, m->p);
	snprintf(name, MEASURE_NAME_MAX, "IPrec@%s", p);
	measure_fmt_param2(p, sizeof p, m->p);
	snprintf(trec, MEASURE_NAME_MAX, "iprec_at_recall_%s", p);
}

static void iprec_score(const struct measure *m, const struct ranked *r,
			const struct topic_image *ti, const double *prep,
			double *out)
{
	(void)prep;
	measure_iprec(r, ti, &m->p, 1, out);
}

const struct measure_def measure_iprec_at = {
	.trec_order = TREC_ORDER_IPREC_AT_RECALL,
	.name = "IPrec",
	.binary = 1,
	.synopsis = "IPrec@r",
	.n_out = 1,
	.parse = iprec_parse,
	.names = iprec_names,
	.copies = 1,
	.score = iprec_score,
};
