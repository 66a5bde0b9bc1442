/*
 * fig_summary.c - the figures of the plain evaluation and of the
 * bootstrap summary (see figure.h), for the first measure of the table,
 * one category per run: the evaluation's score of each run (with -q, its
 * topics' scores as grey dots); the summary's root score with the 95%
 * interval ci_lo..ci_hi, and under it the boxplot of the rank quantiles
 * (rank_min, rank_q25, rank_median, rank_q75, rank_max; Zobel & Rashidi,
 * Figure 5).  With -q the summary draws fig_summary_topics instead.
 */
#include "figure.h"
#include "svg.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LEFT 70.0
#define PANEL_H 220.0

/* The runs of the table's rows of qid "all" and measure m (the first
 * measure when NULL): their names in k and their row numbers in *rows
 * (malloc'd, one per run, 0 when absent).  Returns the measure's name. */
static const char *runs_of(const struct fig_table *t, struct fig_keys *k,
			   size_t **rows)
{
	int crun = fig_col(t, "run"), cq = fig_col(t, "qid"),
	    cm = fig_col(t, "measure");
	const char *m = fig_first(t, "measure");
	size_t cap = 0;
	*rows = NULL;
	for (size_t r = 1; r < t->nrows; r++) {
		size_t id;
		if (!fig_is(t, r, cq, "all") || !fig_is(t, r, cm, m))
			continue;
		id = fig_key(k, fig_str(t, r, crun));
		xgrow(rows, &cap, k->n, sizeof **rows);
		(*rows)[id] = r;
	}
	return m;
}

void fig_evaluation(FILE *f, const struct fig_in *in)
{
	const struct fig_table *t = in->t;
	struct fig_keys k;
	struct fig_cat c;
	struct svg_plot p;
	struct svg_range yr;
	size_t *rows;
	int cv = fig_col(t, "value"), crun = fig_col(t, "run"),
	    cm = fig_col(t, "measure");
	const char *m;
	char title[600];

	fig_keys_init(&k);
	m = runs_of(t, &k, &rows);
	if (k.n == 0) {
		fig_empty(f, "cbeval: evaluation");
		fig_keys_release(&k);
		return;
	}
	snprintf(title, sizeof title, "%.500s per run (mean over topics%s)", m,
		 in->per_topic ? "; grey: each topic" : "");
	svg_range_init(&yr);
	svg_range_add(&yr, 0);
	for (size_t r = 1; r < t->nrows; r++)
		if (fig_is(t, r, cm, m))
			svg_range_add(&yr, fig_num(t, r, cv));
	c = (struct fig_cat){ k.name, k.n, PANEL_H, 0, title, m };
	fig_cat_begin(f, &p, &c, &yr);
	for (size_t r = 1; in->per_topic && r < t->nrows; r++) {
		size_t id = fig_key_find(&k, fig_str(t, r, crun));
		double v = fig_num(t, r, cv);
		if (fig_is(t, r, cm, m) && rows[id] != r && isfinite(v))
			svg_circle(f, svg_cat_x(&p, id, k.n), svg_map(&p.ay, v),
				   2, "#999999", 0.6);
	}
	for (size_t i = 0; i < k.n; i++)
		fig_interval(f, &p, i, k.n, 0, fig_num(t, rows[i], cv), NAN, NAN,
			     svg_colour(0));
	svg_cat_labels(f, &p, k.name, k.n, "run");
	svg_end(f);
	free(rows);
	fig_keys_release(&k);
}

/* The two panels of the summary figure. */
static void summary_panels(FILE *f, const struct fig_table *t,
			   const struct fig_keys *k, const size_t *rows,
			   struct svg_plot *p)
{
	static const char *const rq[5] = {
		"rank_min", "rank_q25", "rank_median", "rank_q75", "rank_max",
	};
	int croot = fig_col(t, "root"), clo = fig_col(t, "ci_lo"),
	    chi = fig_col(t, "ci_hi");
	svg_frame(f, &p[0], NULL, "score");
	for (size_t i = 0; i < k->n; i++)
		fig_interval(f, &p[0], i, k->n, 0, fig_num(t, rows[i], croot),
			     fig_num(t, rows[i], clo), fig_num(t, rows[i], chi),
			     svg_colour(0));
	fig_heading(f, LEFT, p[1].y - 12,
		    "rank over the images: min, q25, median, q75, max (1 = best)");
	svg_frame(f, &p[1], NULL, "rank");
	for (size_t i = 0; i < k->n; i++) {
		double q[5];
		for (int j = 0; j < 5; j++)
			q[j] = fig_num(t, rows[i], fig_col(t, rq[j]));
		fig_box(f, &p[1], i, k->n, q);
	}
	svg_cat_labels(f, &p[1], k->name, k->n, "run");
}

void fig_summary(FILE *f, const struct fig_in *in)
{
	const struct fig_table *t = in->t;
	struct fig_keys k;
	struct svg_plot p[2];
	struct svg_range yr;
	size_t *rows;
	const char *m;
	char title[600];
	double w;

	if (in->per_topic) {
		fig_summary_topics(f, in);
		return;
	}
	fig_keys_init(&k);
	m = runs_of(t, &k, &rows);
	if (k.n == 0) {
		fig_empty(f, "cbeval: bootstrap summary");
		fig_keys_release(&k);
		return;
	}
	snprintf(title, sizeof title, "%.500s per run: root score (dot) and 95%% interval",
		 m);
	w = fig_cat_width(k.n);
	p[0] = svg_plot_at(LEFT, 40, w - LEFT - 30, PANEL_H);
	p[1] = svg_plot_at(LEFT, 40 + PANEL_H + 50, w - LEFT - 30, PANEL_H);
	svg_range_init(&yr);
	for (size_t i = 0; i < k.n; i++)
		for (const char *c = "root\0ci_lo\0ci_hi\0"; *c; c += strlen(c) + 1)
			svg_range_add(&yr, fig_num(t, rows[i], fig_col(t, c)));
	svg_axis_fit(&p[0].ay, yr.lo, yr.hi, p[0].y + p[0].h, p[0].y);
	svg_axis_fit(&p[1].ay, 1, (double)k.n, p[1].y, p[1].y + p[1].h);
	svg_begin(f, w, p[1].y + p[1].h + svg_cat_height(k.name, k.n, p[1].w) + 10,
		  title);
	fig_heading(f, LEFT, 24, title);
	summary_panels(f, t, &k, rows, p);
	svg_end(f);
	free(rows);
	fig_keys_release(&k);
}
