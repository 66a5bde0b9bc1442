/*
 * m_g.c - trec_eval's G (normalised gain, "experimental measure 4/10/2008"):
 *   G = (1/S) sum over positions i of g(d_i) / log2(2 + C(i) - S(i)),
 * g the grade (0 when unjudged or not positive), S(i) the sum of g over
 * positions 1..i, C(i) the sum over positions 1..i of max(g*_j, 1), g*_j
 * the ideal ranking's grade at position j (0 past its end: the judged
 * documents of positive grade by descending grade, with their
 * multiplicity in an image), and S the sum of all the ideal grades.
 * 0 when S = 0 (no grade above 0) and on an empty ranking.  Ignores -l: a
 * topic with no relevant document but some of positive grade is scored.
 * Gains are the grades, or with trec_eval's gain parameters,
 * G(gains=L:G,...) (gains.h), the gains (g* then the ideal ranking by
 * gain, S the sum of the positive gains; a position of gain 0 adds
 * nothing, as trec_eval skips it).  trec_eval name: G, G_L=G,... (-m
 * takes G.L=G,... too).
 */
#include "gains.h"
#include "ideal.h"

#include <stdio.h>

static int g_parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	return gains_parse_arg(m, arg, "G", "G", err, errsz);
}

static void g_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)o;
	gains_names(m, "G", "G", name, trec);
}

/* S, the sum of the ideal grades (whole numbers: exact). */
static void g_prep(const struct measure *m, const struct topic_image *ti,
		   double *area)
{
	const struct topic *t = ti->t;
	double s = 0;
	for (uint32_t id = 0; id < t->n_pos; id++) {
		double g = gains_of(m, t->grade[id]);
		if (g > 0)
			s += g * (double)ti->k[id];
	}
	area[0] = s;
}

static void g_score(const struct measure *m, const struct ranked *r,
		    const struct topic_image *ti, const double *prep,
		    double *out)
{
	const struct topic *t = ti->t;
	struct gains_walk w;
	double cost = 0, got = 0, sum = 0, g;
	gains_walk_init(&w, m, ti);
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		double gain, c;
		if (h->id >= t->n_pos)
			continue;
		/* C(i): the ideal's costs down to i, then 1 a position */
		while (w.pos < h->pos && (g = gains_walk_next(&w)) > 0)
			cost += g > 1 ? g : 1.0;
		c = cost + (double)(h->pos - w.pos);
		gain = gains_of(m, t->grade[h->id]);
		got += gain;
		if (gain != 0)   /* as trec_eval, which skips gain 0 */
			sum += gain / log2(2 + c - got);
	}
	out[0] = prep[0] > 0 ? sum / prep[0] : 0;
}

const struct measure_def measure_g = {
	.trec_order = TREC_ORDER_G,
	.name = "G",
	.synopsis = "G(gains=L:G,...)",
	.n_out = 1,
	.parse = g_parse,
	.names = g_names,
	.call_when_gain = 1,
	.prep = g_prep,
	.copies = 1,
	.score = g_score,
};
