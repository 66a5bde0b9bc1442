/*
 * m_rbp.c - rank-biased precision (Moffat & Zobel, TOIS 2008) and its
 * residual, with depth bound D = 1000:
 *   RBP(p) = (1-p) * sum over i <= min(D, n) of rel(d_i) p^(i-1)
 *   residual = (1-p) * sum over unjudged d_i, i <= min(D, n), of p^(i-1)
 *              + p^min(D, n)
 * The residual is computed as 1 - (1-p) * sum over judged d_i, i <= D, of
 * p^(i-1), which is the same quantity: the unjudged positions and the
 * positions past the end of the ranking together are all positions not
 * judged.  Output names: RBP(p=P) and RBP(p=P).residual.
 */
#include "measure.h"
#include "xalloc.h"

#include <math.h>
#include <stdio.h>

static int parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	return measure_parse_param(arg, "p", 0, 1, 1, 1, &m->p, err, errsz);
}

static void names(const struct measure *m, int o, char *name, char *trec)
{
	snprintf(name, MEASURE_NAME_MAX, "RBP(p=%g)%s", m->p,
		 o ? ".residual" : "");
	snprintf(trec, MEASURE_NAME_MAX, "rbp_%g%s", m->p, o ? "_residual" : "");
}

/* tab[i-1] = p^(i-1) for i = 1..D. */
static void setup(struct measure *m)
{
	m->ntab = MEASURE_DEPTH;
	m->tab = xcalloc(m->ntab, sizeof *m->tab);
	for (size_t i = 0; i < m->ntab; i++)
		m->tab[i] = pow(m->p, (double)i);
}

/* Sum of p^(i-1) over the positions of hits [h, h+n) within the depth,
 * counting only ids below limit. */
static double sum_hits(const struct measure *m, const struct hit *h, size_t n,
		       uint32_t limit)
{
	double s = 0;
	for (size_t i = 0; i < n; i++) {
		if (h[i].pos > MEASURE_DEPTH)
			break;
		if (h[i].id >= limit)
			continue;
		for (uint32_t j = 0; j < h[i].k && h[i].pos + j <= MEASURE_DEPTH; j++)
			s += m->tab[h[i].pos + j - 1];
	}
	return s;
}

static void score(const struct measure *m, const struct ranked *r,
		  const struct topic_image *ti, double prep, double *out)
{
	double judged;
	(void)prep;
	out[0] = (1 - m->p) * sum_hits(m, r->h, r->n, ti->t->n_rel);
	judged = sum_hits(m, r->h, r->n, UINT32_MAX) +
		 sum_hits(m, r->o, r->no, UINT32_MAX);
	out[1] = 1 - (1 - m->p) * judged;
}

const struct measure_def measure_rbp = {
	.name = "RBP",
	.synopsis = "RBP(p=P)",
	.n_out = 2,
	.parse = parse,
	.names = names,
	.setup = setup,
	.other_depth = MEASURE_DEPTH,
	.score = score,
};
