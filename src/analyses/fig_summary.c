/*
 * fig_summary.c - the figures of the plain evaluation and of the
 * bootstrap summary (see figure.h), for the first measure of the table,
 * one category per run, runs best first (by the score of qid "all": the
 * evaluation's value, the summary's root): the evaluation's score of
 * each run (with -q, its topics' scores as grey dots); the summary's
 * root score with the 95% interval ci_lo..ci_hi (a hollow red dot where
 * the root is outside it; a legend names the interval's method), and
 * under it the boxplot of the rank quantiles (rank_min, rank_q25,
 * rank_median, rank_q75, rank_max; Zobel & Rashidi, Figure 5).  With -q
 * the summary draws fig_summary_topics instead.
 */
#include "figure.h"
#include "svg.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LEFT 70.0
#define PANEL_H 220.0

/* The runs of the table's rows of qid "all" and the first measure, best
 * first: their names in table order in k, and in *names the names and
 * in *rows the row numbers (malloc'd, one per run) in the order of the
 * column named by (descending: the root score).  Returns the measure's
 * name. */
static const char *runs_of(const struct fig_table *t, const char *by,
			   struct fig_keys *k, const char ***names,
			   size_t **rows)
{
	int crun = fig_col(t, "run"), cq = fig_col(t, "qid"),
	    cm = fig_col(t, "measure"), cby = fig_col(t, by);
	const char *m = fig_first(t, "measure");
	size_t cap = 0, *row = NULL, *ord;
	double *v;
	for (size_t r = 1; r < t->nrows; r++) {
		size_t id;
		if (!fig_is(t, r, cq, "all") || !fig_is(t, r, cm, m))
			continue;
		id = fig_key(k, fig_str(t, r, crun));
		xgrow(&row, &cap, k->n, sizeof *row);
		row[id] = r;
	}
	v = xcalloc(k->n + 1, sizeof *v);
	for (size_t i = 0; i < k->n; i++)
		v[i] = fig_num(t, row[i], cby);
	ord = fig_order_desc(v, k->n);
	*names = xcalloc(k->n + 1, sizeof **names);
	*rows = xcalloc(k->n + 1, sizeof **rows);
	for (size_t i = 0; i < k->n; i++) {
		(*names)[i] = k->name[ord[i]];
		(*rows)[i] = row[ord[i]];
	}
	free(ord);
	free(v);
	free(row);
	return m;
}

/* With -q, the per-topic scores of every run as grey dots in its column
 * (pos: a run's column by its key). */
static void topic_dots(FILE *f, const struct fig_table *t, const char *m,
		       const struct fig_keys *k, const size_t *pos,
		       const size_t *rows, const struct svg_plot *p)
{
	int cv = fig_col(t, "value"), crun = fig_col(t, "run"),
	    cm = fig_col(t, "measure");
	for (size_t r = 1; r < t->nrows; r++) {
		size_t id = fig_key_find(k, fig_str(t, r, crun));
		double v = fig_num(t, r, cv);
		if (id != SIZE_MAX && fig_is(t, r, cm, m) && rows[pos[id]] != r &&
		    isfinite(v))
			svg_circle(f, svg_cat_x(p, pos[id], k->n), svg_map(&p->ay, v),
				   2, "#999999", 0.6);
	}
}

void fig_evaluation(FILE *f, const struct fig_in *in)
{
	const struct fig_table *t = in->t;
	struct fig_keys k;
	struct fig_cat c;
	struct svg_plot p;
	struct svg_range yr;
	const char **names;
	size_t *rows, *pos;
	int cv = fig_col(t, "value"), cm = fig_col(t, "measure");
	const char *m;
	char title[600], ylabel[600];

	fig_keys_init(&k);
	m = runs_of(t, "value", &k, &names, &rows);
	if (k.n == 0) {
		fig_empty(f, "cbeval: evaluation");
		goto out;
	}
	snprintf(title, sizeof title, "%.500s per run, best first (mean over topics%s)",
		 m, in->per_topic ? "; grey: each topic" : "");
	snprintf(ylabel, sizeof ylabel, "%.500s score", m);
	svg_range_init(&yr);
	svg_range_add(&yr, 0);
	for (size_t r = 1; r < t->nrows; r++)
		if (fig_is(t, r, cm, m))
			svg_range_add(&yr, fig_num(t, r, cv));
	c = (struct fig_cat){ names, k.n, PANEL_H, 0, title, ylabel };
	fig_cat_begin(f, &p, &c, &yr);
	pos = xcalloc(k.n + 1, sizeof *pos);
	for (size_t i = 0; i < k.n; i++)
		pos[fig_key_find(&k, names[i])] = i;
	if (in->per_topic)
		topic_dots(f, t, m, &k, pos, rows, &p);
	free(pos);
	for (size_t i = 0; i < k.n; i++)
		fig_interval(f, &p, i, k.n, 0, fig_num(t, rows[i], cv), NAN, NAN,
			     svg_colour(0));
	svg_cat_labels(f, &p, names, k.n, "run (best first)");
	svg_end(f);
out:
	free(names);
	free(rows);
	fig_keys_release(&k);
}

/* The root scores with their intervals on p, a hollow red dot where the
 * root is outside its interval; returns the number of those. */
static size_t root_marks(FILE *f, const struct fig_table *t, size_t n,
			 const size_t *rows, const struct svg_plot *p)
{
	int croot = fig_col(t, "root"), clo = fig_col(t, "ci_lo"),
	    chi = fig_col(t, "ci_hi");
	size_t out = 0;
	for (size_t i = 0; i < n; i++) {
		double root = fig_num(t, rows[i], croot),
		       lo = fig_num(t, rows[i], clo), hi = fig_num(t, rows[i], chi);
		int outside = root < lo || root > hi;   /* false for NaN */
		fig_interval(f, p, i, n, 0, outside ? NAN : root, lo, hi,
			     svg_colour(0));
		if (outside) {
			svg_ring(f, svg_cat_x(p, i, n), svg_map(&p->ay, root), 3,
				 svg_colour(1));
			out++;
		}
	}
	return out;
}

/* The two panels of the summary figure, and the legend of the upper
 * one at its right. */
static void summary_panels(FILE *f, const struct fig_table *t,
			   const char *const *names, size_t n,
			   const size_t *rows, struct svg_plot *p,
			   const char *ci)
{
	static const char *const rq[5] = {
		"rank_min", "rank_q25", "rank_median", "rank_q75", "rank_max",
	};
	double lx = p[0].x + p[0].w + 16;
	size_t out;
	char ylabel[600], key[200];
	snprintf(ylabel, sizeof ylabel, "%.500s score", fig_first(t, "measure"));
	svg_frame(f, &p[0], NULL, ylabel);
	out = root_marks(f, t, n, rows, &p[0]);
	svg_key(f, lx, p[0].y + 12, SVG_KEY_DOT, svg_colour(0),
		"root score (image 0)");
	snprintf(key, sizeof key, "95%% %.100s%sinterval (ci_lo..ci_hi)",
		 ci ? ci : "", ci ? " " : "");
	svg_key(f, lx, p[0].y + 32, SVG_KEY_INTERVAL, svg_colour(0), key);
	if (out) {
		snprintf(key, sizeof key, "root outside its interval (%zu run%s)",
			 out, out == 1 ? "" : "s");
		svg_key(f, lx, p[0].y + 52, SVG_KEY_RING, svg_colour(1), key);
	}
	fig_heading(f, LEFT, p[1].y - 12,
		    "rank over the images: min, q25, median, q75, max (1 = best)");
	svg_frame(f, &p[1], NULL, "rank (1 = best)");
	for (size_t i = 0; i < n; i++) {
		double q[5];
		for (int j = 0; j < 5; j++)
			q[j] = fig_num(t, rows[i], fig_col(t, rq[j]));
		fig_box(f, &p[1], i, n, q);
	}
	svg_cat_labels(f, &p[1], names, n, "run (best first)");
}

/* The width of the summary's legend. */
static double summary_legend_w(const char *ci)
{
	char key[200];
	const char *k[3] = { "root score (image 0)", key,
			     "root outside its interval (999999 runs)" };
	snprintf(key, sizeof key, "95%% %.100s interval (ci_lo..ci_hi)",
		 ci ? ci : "");
	return svg_legend_width(k, 3) + 16;
}

void fig_summary(FILE *f, const struct fig_in *in)
{
	const struct fig_table *t = in->t;
	struct fig_keys k;
	struct svg_plot p[2];
	struct svg_range yr;
	const char **names;
	size_t *rows;
	const char *m;
	char title[600];
	double w;

	if (in->per_topic) {
		fig_summary_topics(f, in);
		return;
	}
	fig_keys_init(&k);
	m = runs_of(t, "root", &k, &names, &rows);
	if (k.n == 0) {
		fig_empty(f, "cbeval: bootstrap summary");
		goto out;
	}
	snprintf(title, sizeof title, "%.500s per run, best first: root score (dot) and 95%% %s interval",
		 m, in->ci ? in->ci : "bootstrap");
	w = fig_cat_width(k.n);
	p[0] = svg_plot_at(LEFT, 40, w - LEFT - 30, PANEL_H);
	p[1] = svg_plot_at(LEFT, 40 + PANEL_H + 50, w - LEFT - 30, PANEL_H);
	svg_range_init(&yr);
	for (size_t i = 0; i < k.n; i++)
		for (const char *c = "root\0ci_lo\0ci_hi\0"; *c; c += strlen(c) + 1)
			svg_range_add(&yr, fig_num(t, rows[i], fig_col(t, c)));
	svg_axis_fit(&p[0].ay, yr.lo, yr.hi, p[0].y + p[0].h, p[0].y);
	svg_axis_fit(&p[1].ay, 1, (double)k.n, p[1].y, p[1].y + p[1].h);
	svg_begin(f, w + summary_legend_w(in->ci),
		  p[1].y + p[1].h + svg_cat_height(names, k.n, p[1].w) + 10, title);
	fig_heading(f, LEFT, 24, title);
	summary_panels(f, t, names, k.n, rows, p, in->ci);
	svg_end(f);
out:
	free(names);
	free(rows);
	fig_keys_release(&k);
}
