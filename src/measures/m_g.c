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
 * nothing, as trec_eval skips it).  Gains for levels 0, -1 and -2
 * (gains.h) make the variant measure_g_low, which walks every position
 * of the ranking (gains_runs) and adds the gain of each (0 if
 * none) to S(i); S then sums grade 0 too when its gain is positive.
 * trec_eval name: G, G_L=G,... (-m
 * takes G.L=G,... too).
 */
#include "gains.h"
#include "ideal.h"

#include <stdio.h>

extern const struct measure_def measure_g_low;

static int g_parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	if (gains_parse_arg(m, arg, "G", "G", err, errsz) != 0)
		return -1;
	gains_use_low(m, &measure_g_low);
	return 0;
}

static void g_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)o;
	gains_names(m, "G", "G", name, trec);
}

/* S, the sum of the positive gains of the judged documents. */
static void g_prep(const struct measure *m, const struct topic_image *ti,
		   double *area)
{
	const struct topic *t = ti->t;
	const uint32_t bound = gains_bound(m, t);
	double s = 0;
	for (uint32_t id = 0; id < bound; id++) {
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

/* With gains for levels 0, -1 or -2: position by position. */
static void g_low_score(const struct measure *m, const struct ranked *r,
			const struct topic_image *ti, const double *prep,
			double *out)
{
	struct gains_walk w;
	struct gains_runs it;
	uint64_t a, b;
	int32_t lev;
	double cost = 0, got = 0, sum = 0, g;
	gains_walk_init(&w, m, ti);
	gains_runs_init(&it, r, ti, gains_of(m, 0), gains_of(m, GAINS_UNJUDGED),
			gains_of(m, GAINS_NEGATIVE));
	while (gains_runs_next(&it, UINT64_MAX, &a, &b, &lev)) {
		double gain = gains_of(m, lev);
		if (gain == 0)
			continue;
		for (uint64_t p = a; p < b; p++) {
			double c;
			while (w.pos < p && (g = gains_walk_next(&w)) > 0)
				cost += g > 1 ? g : 1.0;
			c = cost + (double)(p - w.pos);
			got += gain;
			sum += gain / log2(2 + c - got);
		}
	}
	out[0] = prep[0] > 0 ? sum / prep[0] : 0;
}

/* The fields the two rows share. */
#define G_DEF_COMMON \
	.trec_order = TREC_ORDER_G, \
	.name = "G", \
	.synopsis = "G(gains=L:G,...)", \
	.n_out = 1, \
	.parse = g_parse, \
	.names = g_names, \
	.prep = g_prep, \
	.copies = 1

const struct measure_def measure_g_low = {
	G_DEF_COMMON,
	GAINS_LOW_NEEDS,
	.call_when_r0 = 1,
	.score = g_low_score,
};

const struct measure_def measure_g = {
	G_DEF_COMMON,
	.call_when_gain = 1,
	.score = g_score,
};
