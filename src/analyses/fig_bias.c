/*
 * fig_bias.c - the figure of --bias (see figure.h): for the first
 * measure, one group of three bars per collection and truth (the rows
 * whose truth is not "NA"): bias, sigma (the collection's own, from its
 * row with truth "NA") and rmse (Cormack & Grossman).  The three are
 * distances between rankings, in the units of delta = 1 - tau (Kendall's
 * tau-b): sigma = sqrt(sigma2), bias = sqrt(b2), rmse = sqrt(b2 +
 * sigma2), and the table prints bias (and rmse) as -sqrt(-x) when the
 * estimate x is negative (no detectable bias).  So the bars are signed,
 * drawn from a zero line, a negative bias below it.
 */
#include "figure.h"
#include "svg.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The groups "COLLECTION vs TRUTH" of measure m in k, with bias, sigma
 * and rmse in v[group * 3 + j]. */
static double *groups(const struct fig_table *t, const char *m,
		      struct fig_keys *k)
{
	int cm = fig_col(t, "measure"), cc = fig_col(t, "collection"),
	    ct = fig_col(t, "truth"), cs = fig_col(t, "statistic"),
	    cv = fig_col(t, "value");
	double *v = NULL;
	size_t cap = 0;
	for (size_t r = 1; r < t->nrows; r++) {
		const char *c = fig_str(t, r, cc), *tr = fig_str(t, r, ct);
		char *name;
		size_t id, old = k->n;
		if (!fig_is(t, r, cm, m) || strcmp(tr, "NA") == 0)
			continue;
		name = xmalloc(size_add(strlen(c), strlen(tr) + 5));
		sprintf(name, "%s vs %s", c, tr);
		id = fig_key(k, name);
		free(name);
		xgrow(&v, &cap, size_mul(k->n, 3), sizeof *v);
		for (size_t j = old * 3; j < k->n * 3; j++)
			v[j] = NAN;
		if (fig_is(t, r, cs, "bias"))
			v[id * 3] = fig_num(t, r, cv);
		else if (fig_is(t, r, cs, "rmse"))
			v[id * 3 + 2] = fig_num(t, r, cv);
		for (size_t q = 1; old != k->n && q < t->nrows; q++)
			if (fig_is(t, q, cm, m) && fig_is(t, q, cc, c) &&
			    fig_is(t, q, ct, "NA") && fig_is(t, q, cs, "sigma"))
				v[id * 3 + 1] = fig_num(t, q, cv);
	}
	return v;
}

/* The bars of the groups of v on p, from 0 (class "box"). */
static void bars(FILE *f, const struct svg_plot *p, const double *v,
		 size_t n)
{
	double bw = p->w / (double)n / 4, y0 = svg_map(&p->ay, 0);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < 3; j++) {
			double x = svg_cat_x(p, i, n) + ((double)j - 1.5) * bw;
			if (isfinite(v[i * 3 + j]))
				svg_rect(f, x, y0, bw, svg_map(&p->ay, v[i * 3 + j]) - y0,
					 svg_colour(j), "none", "box");
		}
}

void fig_bias(FILE *f, const struct fig_in *in)
{
	static const char *const legend[] = {
		"bias (< 0: b2 < 0, no bias detected)",
		"sigma of the collection", "rmse",
	};
	const struct fig_table *t = in->t;
	const char *m = fig_first(t, "measure");
	struct fig_keys k;
	struct fig_cat c;
	struct svg_plot p;
	struct svg_range yr;
	double *v;
	char title[600];

	fig_keys_init(&k);
	v = groups(t, m, &k);
	if (k.n == 0) {
		fig_empty(f, "cbeval: --bias");
		goto out;
	}
	svg_range_init(&yr);
	svg_range_add(&yr, 0);
	for (size_t j = 0; j < k.n * 3; j++)
		svg_range_add(&yr, v[j]);
	snprintf(title, sizeof title, "%.500s: bias, sigma and RMSE of the ranking of the runs",
		 m);
	c = (struct fig_cat){ k.name, k.n, 260, svg_legend_width(legend, 3),
			      title, "distance between rankings (1 - tau)" };
	fig_cat_begin(f, &p, &c, &yr);
	bars(f, &p, v, k.n);
	fig_zero_line(f, &p, 0);
	svg_cat_labels(f, &p, k.name, k.n, "collection vs truth");
	for (size_t j = 0; j < 3; j++)
		svg_key(f, p.x + p.w + 16, p.y + 12 + 16 * (double)j, SVG_KEY_BAR,
			svg_colour(j), legend[j]);
	svg_end(f);
out:
	free(v);
	fig_keys_release(&k);
}
