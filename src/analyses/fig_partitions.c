/*
 * fig_partitions.c - the figure of --partitions (see figure.h): for the
 * first measure and the first split of the table, each run's system
 * effect (a dot: the run's mean score minus the grand mean, signed) with
 * its 95% interval from the bootstrap ANOVA with the interaction term
 * (ci_lo_int..ci_hi_int, blue, left) and without it (ci_lo_noint..
 * ci_hi_noint, red, right); runs by effect, largest first; a zero line.
 */
#include "figure.h"
#include "svg.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>

enum { EFFECT, LO_INT, HI_INT, LO_NOINT, HI_NOINT, NSTAT };

/* The five statistics of each run of measure m and split sp (runB
 * "all", runA not "all": the rows of the split as a whole): runs in k,
 * values in v[run * NSTAT + stat] (NaN if absent). */
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

/* The intervals of the runs of k, in the order ord, on p. */
static void intervals(FILE *f, const struct svg_plot *p, const double *v,
		      const size_t *ord, size_t n)
{
	double dx = fig_cat_step(n) / 6;
	for (size_t i = 0; i < n; i++) {
		const double *e = v + ord[i] * NSTAT;
		fig_interval(f, p, i, n, -dx, e[EFFECT], e[LO_INT], e[HI_INT],
			     svg_colour(0));
		fig_interval(f, p, i, n, dx, e[EFFECT], e[LO_NOINT], e[HI_NOINT],
			     svg_colour(1));
	}
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
	double *v, *eff = NULL;
	size_t *ord = NULL;
	const char **names = NULL;
	char title[700], ylabel[600];

	fig_keys_init(&k);
	v = effects(t, m, sp, &k);
	if (k.n == 0) {
		fig_empty(f, "cbeval: --partitions");
		goto out;
	}
	eff = xcalloc(k.n, sizeof *eff);
	names = xcalloc(k.n, sizeof *names);
	for (size_t i = 0; i < k.n; i++)
		eff[i] = v[i * NSTAT + EFFECT];
	ord = fig_order_desc(eff, k.n);
	for (size_t i = 0; i < k.n; i++)
		names[i] = k.name[ord[i]];
	svg_range_init(&yr);
	svg_range_add(&yr, 0);
	for (size_t j = 0; j < k.n * NSTAT; j++)
		svg_range_add(&yr, v[j]);
	snprintf(title, sizeof title, "%.500s, split %.100s: system effects with 95%% intervals, largest first",
		 m, sp);
	snprintf(ylabel, sizeof ylabel, "system effect (%.500s, run - grand mean)", m);
	c = (struct fig_cat){ names, k.n, 280, svg_legend_width(legend, 2),
			      title, ylabel };
	fig_cat_begin(f, &p, &c, &yr);
	fig_zero_line(f, &p, 0);
	intervals(f, &p, v, ord, k.n);
	svg_cat_labels(f, &p, names, k.n, "run (largest effect first)");
	svg_legend(f, p.x + p.w + 16, p.y + 12, legend, 2, 1);
	svg_end(f);
out:
	free(v);
	free(eff);
	free(ord);
	free(names);
	fig_keys_release(&k);
}
