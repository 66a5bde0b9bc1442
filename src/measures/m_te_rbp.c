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
 *
 * trec_eval's gain parameters (its gain_init.c, as ndcg's: gains.h):
 * rbp(p=0.8,gains=1:2,3:5), trec_eval's rbp.p=0.8,1=2,3=5 (printed
 * rbp_p=0.8,1=2.0,3=5.0; p is always named once gains are).  The gains
 * are scaled to [0, 1] as trec_eval intends: divided by the largest gain
 * of its table when that is above 1 - the table holds every listed level
 * (in the topic or not) and every level 1 .. the topic's largest grade
 * (in an image, of what it keeps) at its gain - and its smallest is 0
 * (grade 0 and unjudged documents gain 0), since gains below 0, which
 * would move every gain, and gains for levels below 1 are refused.
 */
#include "gains.h"
#include "measure.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

#include <stdio.h>


/* The largest gain listed in the n bytes at s ("L:G,..." or "L=G,..."),
 * the pairs at their default gain included (gains_parse drops those). */
static double listed_max(const char *s, size_t n)
{
	double mx = 0;
	for (size_t at = 0; at < n;) {
		size_t len = strcspn(s + at, ",");
		const char *sep = memchr(s + at, ':', len);
		if (!sep)
			sep = memchr(s + at, '=', len);
		if (sep) {
			double g = strtod(sep + 1, NULL);   /* checked by gains_parse */
			if (g > mx)
				mx = g;
		}
		at += len + 1;
	}
	return mx;
}

/* "(p=X)", "(gains=L:G,...)", "(p=X,gains=L:G,...)" or trec_eval's list
 * "(p=X,L=G,...)" / "(L=G,...)" as the alias rbp. hands it over. */
static int te_rbp_parse(struct measure *m, const char *arg, char *err,
			size_t errsz)
{
	size_t n = strlen(arg), at = 1, g0 = 0;
	char one[64];
	m->p = MEASURE_TE_RBP_P;
	if (!arg[0])
		return 0;
	m->k = 1;   /* p given or gains: named with p, as trec_eval does */
	if (n < 3 || arg[0] != '(' || arg[n - 1] != ')') {
		snprintf(err, errsz, "expected (p=P), (gains=L:G,...) or both after the name");
		return -1;
	}
	if (strncmp(arg + 1, "p=", 2) == 0) {
		size_t len = strcspn(arg + 1, ",)");
		snprintf(one, sizeof one, "(%.*s)", (int)len, arg + 1);
		if (measure_parse_param(one, "p", 0, 1, 1, 1, &m->p, err, errsz) != 0)
			return -1;
		at = 1 + len + (arg[1 + len] == ',');
	}
	if (at >= n - 1)
		return 0;
	g0 = strncmp(arg + at, "gains=", 6) == 0 ? at + 6 : at;
	if (gains_parse(m, arg + g0, n - 1 - g0, err, errsz) != 0)
		return -1;
	for (int i = 0; i < m->ngains; i++)
		if (m->gain_val[i] < 0) {
			snprintf(err, errsz, "a gain below 0 is not taken by rbp (trec_eval would move every gain, those of unjudged documents too)");
			return -1;
		}
	m->coef[0] = listed_max(arg + g0, n - 1 - g0);
	return 0;
}

static void te_rbp_names(const struct measure *m, int o, char *name,
			 char *trec)
{
	char p[32];
	(void)o;
	measure_fmt_param(p, sizeof p, m->p);
	if (m->ngains) {
		char g[256], full[512];
		gains_text(m, 0, g, sizeof g);
		snprintf(full, sizeof full, "rbp(p=%s,gains=%s)", p, g);
		snprintf(name, MEASURE_NAME_MAX, "%.63s", full);
		gains_text(m, 1, g, sizeof g);
		snprintf(full, sizeof full, "rbp_p=%s,%s", p, g);
		snprintf(trec, MEASURE_NAME_MAX, "%.63s", full);
	} else if (m->k) {
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
void measure_te_rbp_setup(struct measure *m)
{
	m->ntab = MEASURE_TE_RBP_TAB;
	m->tab = xcalloc(MEASURE_TE_RBP_TAB, sizeof *m->tab);
	m->tab[0] = 1;
	for (size_t i = 1; i < MEASURE_TE_RBP_TAB; i++)
		m->tab[i] = m->tab[i - 1] * m->p;
}

/* The divisor of the gains: the largest gain of trec_eval's table (the
 * listed ones, and every level 1 .. the largest grade the image keeps at
 * its gain), if > 1. */
static void te_rbp_prep(const struct measure *m, const struct topic_image *ti,
			double *area)
{
	const struct topic *t = ti->t;
	double mx = m->ngains ? m->coef[0] : 0;
	int32_t top = 0;
	for (uint32_t id = 0; id < t->n_pos; id++)
		if (ti->k[id]) {
			top = t->grade[id];
			break;
		}
	for (int32_t g = top; g >= 1; g--) {
		double v = gains_of(m, g);
		if (v > mx)
			mx = v;
		if (!m->ngains)
			break;   /* the gains are the grades: the top is the largest */
	}
	area[0] = mx > 1 ? mx : 1;
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
		sum += gains_of(m, t->grade[h->id]) / prep[0] *
		       measure_te_rbp_pow(m, e);
	}
	out[0] = (1.0 - m->p) * sum;
}

const struct measure_def measure_te_rbp = {
	.trec_order = TREC_ORDER_RBP,
	.name = "rbp",
	.synopsis = "rbp[(p=P[,gains=L:G,...])]",
	.n_out = 1,
	.parse = te_rbp_parse,
	.names = te_rbp_names,
	.setup = measure_te_rbp_setup,
	.call_when_gain = 1,
	.prep = te_rbp_prep,
	.copies = 1,
	.score = te_rbp_score,
};
