/*
 * fig_curves.c - the figures that draw one curve per measure or meld
 * factor (see figure.h): --reliability's qsd_p95, the 95th percentile
 * across runs of the per-topic sd, over the topics for each measure
 * (Zobel & Rashidi, Figure 1); --meld's CDF of the self-comparison
 * p-values for each meld factor of the first measure (Rashidi, Zobel &
 * Moffat, Figure 1), through the points the table gives: F(0) = 0,
 * F(a) = self_p_lt_a, F(0.95) = 1 - self_p_gt_0.95, F(0.99) = 1 -
 * self_p_gt_0.99, F(1) = 1, joined by straight lines, with the uniform
 * CDF as a dashed diagonal.
 */
#include "figure.h"
#include "svg.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void fig_reliability(FILE *f, const struct fig_in *in)
{
	const struct fig_table *t = in->t;
	int cm = fig_col(t, "measure"), cq = fig_col(t, "qid"),
	    cs = fig_col(t, "statistic"), cv = fig_col(t, "value");
	static const char title[] =
		"per-topic sd over the images: 95th percentile across runs (qsd_p95)";
	struct fig_keys mk, tk;
	struct fig_cat c;
	struct svg_plot p;
	struct svg_range yr;
	double *x, *y;

	fig_keys_init(&mk);
	fig_keys_init(&tk);
	svg_range_init(&yr);
	svg_range_add(&yr, 0);
	for (size_t r = 1; r < t->nrows; r++)
		if (fig_is(t, r, cs, "qsd_p95")) {
			fig_key(&mk, fig_str(t, r, cm));
			fig_key(&tk, fig_str(t, r, cq));
			svg_range_add(&yr, fig_num(t, r, cv));
		}
	if (tk.n == 0) {
		fig_empty(f, "cbeval: --reliability");
		goto out;
	}
	c = (struct fig_cat){ tk.name, tk.n, 300, svg_legend_width(mk.name, mk.n),
			      title, "sd over the images (95th pct. of runs)" };
	fig_cat_begin(f, &p, &c, &yr);
	svg_axis_fit(&p.ax, -0.5, (double)tk.n - 0.5, p.x, p.x + p.w);
	p.ax.lo = -0.5;   /* category i at value i */
	p.ax.hi = (double)tk.n - 0.5;
	x = xcalloc(tk.n, sizeof *x);
	y = xcalloc(tk.n, sizeof *y);
	for (size_t i = 0; i < mk.n; i++) {
		for (size_t j = 0; j < tk.n; j++) {
			x[j] = (double)j;
			y[j] = NAN;
		}
		for (size_t r = 1; r < t->nrows; r++)
			if (fig_is(t, r, cs, "qsd_p95") && fig_is(t, r, cm, mk.name[i]))
				y[fig_key_find(&tk, fig_str(t, r, cq))] = fig_num(t, r, cv);
		fig_curve(f, &p, x, y, tk.n, svg_colour(i), 1);
	}
	svg_cat_labels(f, &p, tk.name, tk.n, "topic");
	svg_legend(f, p.x + p.w + 16, p.y + 12, mk.name, mk.n, 1);
	svg_end(f);
	free(x);
	free(y);
out:
	fig_keys_release(&mk);
	fig_keys_release(&tk);
}

/* The CDF point of a self_p_* statistic: its p in *x and F in *y;
 * 0 when s is not one. */
static int cdf_point(const char *s, double v, double *x, double *y)
{
	int gt = strncmp(s, "self_p_gt_", 10) == 0;
	char *end;
	if (!gt && strncmp(s, "self_p_lt_", 10) != 0)
		return 0;
	*x = strtod(s + 10, &end);
	*y = gt ? 1 - v : v;
	return !*end;
}

void fig_meld(FILE *f, const struct fig_in *in)
{
	const struct fig_table *t = in->t;
	int cm = fig_col(t, "measure"), cmf = fig_col(t, "mf"),
	    cs = fig_col(t, "statistic"), cv = fig_col(t, "value");
	const char *m = fig_first(t, "measure");
	struct fig_keys mf;
	struct svg_plot p = svg_plot_at(70, 40, 400, 400);
	double *x = xcalloc(t->nrows + 2, sizeof *x), *y = xcalloc(t->nrows + 2, sizeof *y);
	char title[600];

	fig_keys_init(&mf);
	for (size_t r = 1; r < t->nrows; r++)
		if (fig_is(t, r, cm, m))
			fig_key(&mf, fig_str(t, r, cmf));
	snprintf(title, sizeof title, "%.500s: CDF of the self-comparison p-values, per meld factor",
		 m);
	svg_axis_fit(&p.ax, 0, 1, p.x, p.x + p.w);
	svg_axis_fit(&p.ay, 0, 1, p.y + p.h, p.y);
	svg_begin(f, p.x + p.w + 40 + svg_legend_width(mf.name, mf.n), p.y + p.h + 50,
		  title);
	fig_heading(f, p.x, 24, title);
	svg_frame(f, &p, "p", "fraction of self-comparisons with p below");
	svg_refline(f, p.x, p.y + p.h, p.x + p.w, p.y);
	for (size_t i = 0; i < mf.n; i++) {
		size_t n = 1;
		x[0] = y[0] = 0;
		for (size_t r = 1; r < t->nrows; r++)
			if (fig_is(t, r, cm, m) && fig_is(t, r, cmf, mf.name[i]) &&
			    cdf_point(fig_str(t, r, cs), fig_num(t, r, cv), &x[n], &y[n]))
				n++;
		x[n] = y[n] = 1;
		fig_curve(f, &p, x, y, n + 1, svg_colour(i), 1);
	}
	svg_text(f, p.x + p.w + 24, p.y + 4, "start", 0, 11, "meld factor");
	svg_legend(f, p.x + p.w + 24, p.y + 24, mf.name, mf.n, 1);
	svg_end(f);
	free(x);
	free(y);
	fig_keys_release(&mf);
}
