/*
 * fig_partitions.c - the figure of --partitions (see figure.h): for the
 * first measure and the first split of the table, each run's system
 * effect (a dot) with its 95% interval from the bootstrap ANOVA with the
 * interaction term (ci_lo_int..ci_hi_int, blue, left) and without it
 * (ci_lo_noint..ci_hi_noint, red, right); a dashed line at 0.
 */
#include "figure.h"
#include "svg.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>

enum { EFFECT, LO_INT, HI_INT, LO_NOINT, HI_NOINT, NSTAT };

/* The five statistics of each run of measure m and split sp (runB
 * "all", runA not "all": the rows of the split as a whole): runs in k, values in v[run * NSTAT + stat] (NaN if absent). */
static double *effects(const struct fig_table *t, const char *m,
		       const char *sp, struct fig_keys *k)
{
	static const char *const stat[NSTAT] = {
		"effect", "ci_lo_int", "ci_hi_int", "ci_lo_noint", "ci_hi_noint",
	};
	int cm = fig_col(t, "measure"), csp = fig_col(t, "split"),
	    ca = fig_col(t, "runA"), cb = fig_col(t, "runB"),
	    cs = fig_col(t, "statistic"), cv = fig_col(t, "value");
	double *v = NULL;
	size_t cap = 0;
	for (size_t r = 1; r < t->nrows; r++) {
		size_t id, old = k->n;
		if (!fig_is(t, r, cm, m) || !fig_is(t, r, csp, sp) ||
		    !fig_is(t, r, cb, "all") || fig_is(t, r, ca, "all"))
			continue;
		id = fig_key(k, fig_str(t, r, ca));
		xgrow(&v, &cap, size_mul(k->n, NSTAT), sizeof *v);
		for (size_t j = old * NSTAT; j < k->n * NSTAT; j++)
			v[j] = NAN;
		for (int j = 0; j < NSTAT; j++)
			if (fig_is(t, r, cs, stat[j]))
				v[id * NSTAT + (size_t)j] = fig_num(t, r, cv);
	}
	return v;
}

void fig_partitions(FILE *f, const struct fig_in *in)
{
	static const char *const legend[] = {
		"with interaction (_int)", "without (_noint)",
	};
	const struct fig_table *t = in->t;
	const char *m = fig_first(t, "measure"),
		   *sp = fig_first(t, "split");
	struct fig_keys k;
	struct fig_cat c;
	struct svg_plot p;
	struct svg_range yr;
	double *v, dx;
	char title[700];

	fig_keys_init(&k);
	v = effects(t, m, sp, &k);
	if (k.n == 0) {
		fig_empty(f, "cbeval: --partitions");
		goto out;
	}
	dx = fig_cat_step(k.n) / 6;
	svg_range_init(&yr);
	svg_range_add(&yr, 0);
	for (size_t j = 0; j < k.n * NSTAT; j++)
		svg_range_add(&yr, v[j]);
	snprintf(title, sizeof title, "%.500s, split %.100s: system effects with 95%% intervals",
		 m, sp);
	c = (struct fig_cat){ k.name, k.n, 280, svg_legend_width(legend, 2),
			      title, "system effect" };
	fig_cat_begin(f, &p, &c, &yr);
	if (p.ay.lo < 0 && p.ay.hi > 0)
		svg_refline(f, p.x, svg_map(&p.ay, 0), p.x + p.w, svg_map(&p.ay, 0));
	for (size_t i = 0; i < k.n; i++) {
		const double *e = v + i * NSTAT;
		fig_interval(f, &p, i, k.n, -dx, e[EFFECT], e[LO_INT], e[HI_INT],
			     svg_colour(0));
		fig_interval(f, &p, i, k.n, dx, e[EFFECT], e[LO_NOINT], e[HI_NOINT],
			     svg_colour(1));
	}
	svg_cat_labels(f, &p, k.name, k.n, "run");
	svg_legend(f, p.x + p.w + 16, p.y + 12, legend, 2, 1);
	svg_end(f);
out:
	free(v);
	fig_keys_release(&k);
}
