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
 * are scaled as trec_eval intends, over its table of gains for the
 * topic: every listed level (with documents or not, pairs at their
 * default gain included) and, when the topic (in an image, what it
 * keeps) has a judged document of grade >= 0, every level 0 .. its
 * largest such grade not listed, at its own gain.  With min and max the
 * least and largest gain of the table, when min < 0 or max > 1 every
 * gain of the table becomes (gain - min) / (max - min); a document whose
 * level is not in the table (unjudged or of negative grade, levels -1
 * and -2 not listed) gains 0, scaled or not.  Without gains for levels
 * <= 0 and negative gains, min is 0 (level 0 gains 0) and the scaling is
 * a division by max.  Gains for levels 0, -1 and -2, or a negative gain
 * (which moves grade 0's scaled gain off 0), make the variant
 * measure_te_rbp_low, which walks every position of the ranking
 * (gains_runs) and adds the terms in trec_eval's order, and is scored on
 * every topic.  A topic with no judged document of grade >= 0 has no
 * default levels in its table (trec_eval keeps those of the topic before
 * it there).
 */
#include "gains.h"
#include "measure.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

#include <stdio.h>


/* The largest and least gain listed in the n bytes at s ("L:G,..." or
 * "L=G,..."), the pairs at their default gain included (gains_parse
 * drops those), into *mx and *mn (-inf and inf when none). */
static void listed_range(const char *s, size_t n, double *mx, double *mn)
{
	*mx = -INFINITY;
	*mn = INFINITY;
	for (size_t at = 0; at < n;) {
		size_t len = strcspn(s + at, ",");
		const char *sep = memchr(s + at, ':', len);
		if (!sep)
			sep = memchr(s + at, '=', len);
		if (sep) {
			double g = strtod(sep + 1, NULL);   /* checked by gains_parse */
			*mx = g > *mx ? g : *mx;
			*mn = g < *mn ? g : *mn;
		}
		at += len + 1;
	}
}

extern const struct measure_def measure_te_rbp_low;

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
	listed_range(arg + g0, n - 1 - g0, &m->coef[0], &m->coef[1]);
	for (int i = 0; i < m->ngains; i++)
		if (m->gain_lev[i] <= 0 || m->gain_val[i] < 0) {
			m->def = &measure_te_rbp_low;
			m->judged_depth = MEASURE_JUDGED_ALL;
		}
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

/* The least level >= lo (dir 1) or largest <= lo (dir -1) not listed. */
static int32_t unlisted(const struct measure *m, int32_t lo, int dir)
{
	int listed = 1;
	while (listed) {
		listed = 0;
		for (int i = 0; i < m->ngains; i++)
			if (m->gain_lev[i] == lo) {
				listed = 1;
				lo += dir;
			}
	}
	return lo;
}

/* The scaling of trec_eval's table of gains (see above): area[0] the
 * divisor max - min and area[1] the offset min when it scales, else 1
 * and 0, so that a gain g of the table becomes (g - area[1]) / area[0]. */
static void te_rbp_prep(const struct measure *m, const struct topic_image *ti,
			double *area)
{
	const struct topic *t = ti->t;
	double mx = m->ngains ? m->coef[0] : -INFINITY;
	double mn = m->ngains ? m->coef[1] : INFINITY;
	for (uint32_t id = 0; id < t->n_nonneg; id++)
		if (ti->k[id]) {   /* levels 0 .. grade[id] are in the table */
			int32_t lo = unlisted(m, 0, 1);
			int32_t hi = unlisted(m, t->grade[id], -1);
			if (lo <= t->grade[id]) {
				mn = (double)lo < mn ? (double)lo : mn;
				mx = (double)hi > mx ? (double)hi : mx;
			}
			break;
		}
	area[0] = 1;
	area[1] = 0;
	if (mn < 0 || mx > 1) {
		area[0] = mx - mn;
		area[1] = mn;
	}
}

/* The scaled gain of a document of level lev (0 when not in the table). */
static double te_rbp_gain(const struct measure *m, const double *prep,
			  int32_t lev)
{
	int listed = 0;
	for (int i = 0; i < m->ngains; i++)
		listed |= m->gain_lev[i] == lev;
	if (lev < 0 && !listed)
		return 0;
	return (gains_of(m, lev) - prep[1]) / prep[0];
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
		sum += te_rbp_gain(m, prep, t->grade[h->id]) *
		       measure_te_rbp_pow(m, e);
	}
	out[0] = (1.0 - m->p) * sum;
}

/* With gains for levels <= 0 or below 0: every position with a gain, in
 * rank order, as trec_eval adds them. */
static void te_rbp_low_score(const struct measure *m, const struct ranked *r,
			     const struct topic_image *ti, const double *prep,
			     double *out)
{
	struct gains_runs it;
	uint64_t a, b;
	int32_t lev;
	double sum = 0;
	gains_runs_init(&it, r, ti, te_rbp_gain(m, prep, 0),
			te_rbp_gain(m, prep, GAINS_UNJUDGED),
			te_rbp_gain(m, prep, GAINS_NEGATIVE));
	while (gains_runs_next(&it, UINT64_MAX, &a, &b, &lev)) {
		double gain = te_rbp_gain(m, prep, lev);
		if (gain == 0)
			continue;
		for (uint64_t p = a; p < b; p++)
			sum += gain * measure_te_rbp_pow(m, p - 1);
	}
	out[0] = (1.0 - m->p) * sum;
}

/* The fields the two rows share. */
#define TE_RBP_COMMON \
	.trec_order = TREC_ORDER_RBP, \
	.name = "rbp", \
	.synopsis = "rbp[(p=P[,gains=L:G,...])]", \
	.n_out = 1, \
	.parse = te_rbp_parse, \
	.names = te_rbp_names, \
	.setup = measure_te_rbp_setup, \
	.prep = te_rbp_prep, \
	.prep_n = 2, \
	.copies = 1

const struct measure_def measure_te_rbp_low = {
	TE_RBP_COMMON,
	GAINS_LOW_NEEDS,
	.call_when_r0 = 1,
	.score = te_rbp_low_score,
};

const struct measure_def measure_te_rbp = {
	TE_RBP_COMMON,
	.call_when_gain = 1,
	.score = te_rbp_score,
};
