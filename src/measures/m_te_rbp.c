/*
 * m_te_rbp.c - trec_eval's rbp: graded rank-biased precision (Moffat and
 * Zobel, TOIS 2008) over the whole ranking, no depth bound:
 *   rbp(p) = (1-p) * sum over positions i of g(d_i) p^(i-1),
 * g the grade scaled to [0, 1] over the topic's own grades: the grade
 * divided by the largest grade of the topic's judged documents (in an
 * image, of those it keeps) when that is above 1, else the grade itself
 * (binary qrels: g = 1 for grade 1); 0 when unjudged, 0 or negative.
 * trec_eval reads two variables it never sets there (m_rbp.c's min and
 * max); this is the scaling it evidently intends, min the smallest of its
 * gains 0..max grade, which is 0.  Ignores -l (a topic with no relevant
 * document but some of positive grade is scored); 0 on an empty ranking.
 * p defaults to 0.9.  Not cbeval's binary RBP(p=P) (m_rbp.c).
 * Canonical names rbp and rbp(p=P); trec_eval: rbp, rbp_p=P (-m rbp.p=P).
 */
#include "measure.h"
#include "xalloc.h"

#include <math.h>
#include <stdio.h>

#define TE_RBP_P 0.9
#define TE_RBP_TAB 16384

static int te_rbp_parse(struct measure *m, const char *arg, char *err,
			size_t errsz)
{
	m->p = TE_RBP_P;
	if (!arg[0])
		return 0;
	m->k = 1;   /* p given: named with it, as trec_eval does */
	return measure_parse_param(arg, "p", 0, 1, 1, 1, &m->p, err, errsz);
}

static void te_rbp_names(const struct measure *m, int o, char *name,
			 char *trec)
{
	char p[32];
	(void)o;
	measure_fmt_param(p, sizeof p, m->p);
	if (m->k) {
		snprintf(name, MEASURE_NAME_MAX, "rbp(p=%s)", p);
		snprintf(trec, MEASURE_NAME_MAX, "rbp_p=%s", p);
	} else {
		snprintf(name, MEASURE_NAME_MAX, "rbp");
		snprintf(trec, MEASURE_NAME_MAX, "rbp");
	}
}

/* tab[i] = p^i, by repeated multiplication as trec_eval computes it, so
 * that the sums are trec_eval's to the last bit (values such as 0.8371
 * print at a rounding tie with 4 decimals). */
static void te_rbp_setup(struct measure *m)
{
	m->ntab = TE_RBP_TAB;
	m->tab = xcalloc(TE_RBP_TAB, sizeof *m->tab);
	m->tab[0] = 1;
	for (size_t i = 1; i < TE_RBP_TAB; i++)
		m->tab[i] = m->tab[i - 1] * m->p;
}

/* The divisor of the grades: the largest grade the image keeps, if > 1. */
static void te_rbp_prep(const struct measure *m, const struct topic_image *ti,
			double *area)
{
	const struct topic *t = ti->t;
	(void)m;
	area[0] = 1;
	for (uint32_t id = 0; id < t->n_pos; id++)
		if (ti->k[id]) {
			if (t->grade[id] > 1)
				area[0] = (double)t->grade[id];
			break;
		}
}

static void te_rbp_score(const struct measure *m, const struct ranked *r,
			 const struct topic_image *ti, const double *prep,
			 double *out)
{
	const struct topic *t = ti->t;
	double sum = 0;
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		uint64_t e = (uint64_t)h->pos - 1;
		if (h->id >= t->n_pos)
			continue;
		sum += (double)t->grade[h->id] / prep[0] *
		       (e < TE_RBP_TAB ? m->tab[e] : pow(m->p, (double)e));
	}
	out[0] = (1.0 - m->p) * sum;
}

const struct measure_def measure_te_rbp = {
	.trec_order = TREC_ORDER_RBP,
	.name = "rbp",
	.synopsis = "rbp[(p=P)]",
	.n_out = 1,
	.parse = te_rbp_parse,
	.names = te_rbp_names,
	.setup = te_rbp_setup,
	.call_when_gain = 1,
	.prep = te_rbp_prep,
	.copies = 1,
	.score = te_rbp_score,
};
