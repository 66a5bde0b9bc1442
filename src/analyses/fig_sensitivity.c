/*
 * fig_sensitivity.c - the figure of --sensitivity (see figure.h), two
 * panels with one curve per measure: above, the ASL curves, each
 * measure's asl_paired over the pairs of runs sorted by it, ascending
 * (Sakai, SIGIR 2006, Figures 7-8); below, the MR-PT curves, the
 * minority rate mr_X against the proportion of ties pt_X over the
 * table's thresholds X (Sakai's Figure 10).
 */
#include "figure.h"
#include "stats.h"
#include "svg.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The values of measure m's rows whose statistic is stat (prefix: starts
 * with stat), in table order, into v; returns their number. */
static size_t values_of(const struct fig_table *t, const char *m,
			const char *stat, int prefix, double *v)
{
	int cm = fig_col(t, "measure"), cs = fig_col(t, "statistic"),
	    cv = fig_col(t, "value");
	size_t n = 0, len = strlen(stat);
	for (size_t r = 1; r < t->nrows; r++) {
		const char *s = fig_str(t, r, cs);
		if (fig_is(t, r, cm, m) &&
		    (prefix ? strncmp(s, stat, len) == 0 : strcmp(s, stat) == 0))
			v[n++] = fig_num(t, r, cv);
	}
	return n;
}

/* The ASL panel p: the curves of every measure of k. */
static void asl_panel(FILE *f, const struct fig_table *t,
		      const struct fig_keys *k, struct svg_plot *p, double *x,
		      double *y)
{
	size_t npairs = 0;
	for (size_t i = 0; i < k->n; i++) {
		size_t n = values_of(t, k->name[i], "asl_paired", 0, y);
		if (n > npairs)
			npairs = n;
	}
	svg_axis_fit(&p->ax, 1, (double)(npairs ? npairs : 1), p->x, p->x + p->w);
	svg_axis_fit(&p->ay, 0, 1, p->y + p->h, p->y);
	fig_heading(f, p->x, p->y - 12,
		    "ASL (asl_paired) of every pair of runs, sorted");
	svg_frame(f, p, "pairs of runs sorted by ASL", "achieved significance level");
	svg_refline(f, p->x, svg_map(&p->ay, 0.05), p->x + p->w,
		    svg_map(&p->ay, 0.05));
	for (size_t i = 0; i < k->n; i++) {
		size_t n = values_of(t, k->name[i], "asl_paired", 0, y), m = 0;
		for (size_t j = 0; j < n; j++)   /* NA pairs left out */
			if (!isnan(y[j]))
				y[m++] = y[j];
		stats_sort(y, m);
		for (size_t j = 0; j < m; j++)
			x[j] = (double)(j + 1);
		fig_curve(f, p, x, y, m, svg_colour(i), 0);
	}
}

/* The MR-PT panel p. */
static void mrpt_panel(FILE *f, const struct fig_table *t,
		       const struct fig_keys *k, struct svg_plot *p, double *x,
		       double *y)
{
	struct svg_range xr, yr;
	svg_range_init(&xr);
	svg_range_init(&yr);
	svg_range_add(&xr, 0);
	svg_range_add(&yr, 0);
	for (size_t i = 0; i < k->n; i++) {
		size_t n = values_of(t, k->name[i], "pt_", 1, x);
		values_of(t, k->name[i], "mr_", 1, y);
		for (size_t j = 0; j < n; j++) {
			svg_range_add(&xr, x[j]);
			svg_range_add(&yr, y[j]);
		}
	}
	svg_axis_fit(&p->ax, xr.lo, xr.hi, p->x, p->x + p->w);
	svg_axis_fit(&p->ay, yr.lo, yr.hi, p->y + p->h, p->y);
	fig_heading(f, p->x, p->y - 12, "minority rate against proportion of ties (MR-PT)");
	svg_frame(f, p, "proportion of ties (pt)", "minority rate (mr)");
	for (size_t i = 0; i < k->n; i++) {
		size_t n = values_of(t, k->name[i], "pt_", 1, x);
		if (values_of(t, k->name[i], "mr_", 1, y) == n)
			fig_curve(f, p, x, y, n, svg_colour(i), 1);
	}
}

void fig_sensitivity(FILE *f, const struct fig_in *in)
{
	const struct fig_table *t = in->t;
	int cm = fig_col(t, "measure"), cs = fig_col(t, "statistic");
	struct fig_keys k;
	struct svg_plot p[2];
	double *x = xcalloc(t->nrows + 1, sizeof *x);
	double *y = xcalloc(t->nrows + 1, sizeof *y);

	p[0] = svg_plot_at(70, 40, 520, 280);
	p[1] = svg_plot_at(70, 40 + 280 + 90, 520, 280);
	fig_keys_init(&k);
	for (size_t r = 1; r < t->nrows; r++)   /* not the "A~B" of tau */
		if (fig_is(t, r, cs, "asl_paired"))
			fig_key(&k, fig_str(t, r, cm));
	svg_begin(f, p[0].x + p[0].w + 30 + svg_legend_width(k.name, k.n),
		  p[1].y + p[1].h + 50, "cbeval --sensitivity: ASL and MR-PT curves");
	asl_panel(f, t, &k, &p[0], x, y);
	mrpt_panel(f, t, &k, &p[1], x, y);
	svg_legend(f, p[0].x + p[0].w + 16, p[0].y + 12, k.name, k.n, 1);
	svg_end(f);
	free(x);
	free(y);
	fig_keys_release(&k);
}
