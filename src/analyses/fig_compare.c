/*
 * fig_compare.c - the figure of --compare (see figure.h): one panel per
 * measure, the runs side by side in command-line order, each run's root
 * score as a dot with, under -b, its corpus-bootstrap interval; above a
 * run the markers of the report for the first test of the table: + or -
 * where it is significantly better or worse than the baseline (drawn in
 * red), or the letters of the runs it is significantly better than (with
 * all; runs lettered a, b, ... under their names).  Reads the runs' rows
 * that cmp_print writes for it (pi: run measure mean ci_lo ci_hi role)
 * and the sig and diff of the table.  Tens of runs, a few measures.
 */
#include "cmp.h"
#include "figure.h"
#include "svg.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LEFT 70
#define PANEL_H 200

/* The markers of run id in measure m for the first test of the table. */
static void markers(const struct fig_table *t, struct fig_keys *runs,
		    const char *m, size_t id, int all, char *out, size_t len)
{
	int ca = fig_col(t, "runA"), cb = fig_col(t, "runB"),
	    cm = fig_col(t, "measure"), ct = fig_col(t, "test"),
	    cs = fig_col(t, "sig"), cd = fig_col(t, "diff");
	const char *first = fig_first(t, "test");
	*out = '\0';
	for (size_t r = 1; r < t->nrows; r++) {
		size_t a, b, win, lose;
		double d = fig_num(t, r, cd);
		char l[8];
		if (!fig_is(t, r, cm, m) || !fig_is(t, r, ct, first) ||
		    !fig_is(t, r, cs, "1") || !(d != 0) || isnan(d))
			continue;
		a = fig_key_find(runs, fig_str(t, r, ca));
		b = fig_key_find(runs, fig_str(t, r, cb));
		win = d > 0 ? a : b;
		lose = d > 0 ? b : a;
		if (!all && a == id)
			snprintf(out, len, "%s", d > 0 ? "+" : "-");
		else if (all && win == id && strlen(out) + 5 < len) {
			cmp_label(l, lose);
			if (*out && runs->n > 26)
				strcat(out, ",");
			strcat(out, l);
		}
	}
}

/* Panel of measure m: dots, intervals, markers. */
static void panel(FILE *f, const struct fig_in *in, struct fig_keys *runs,
		  const char *m, const struct svg_plot *p, int all)
{
	const struct fig_table *t = in->pi;
	int cr = fig_col(t, "run"), cm = fig_col(t, "measure"),
	    cv = fig_col(t, "mean"), cl = fig_col(t, "ci_lo"),
	    ch = fig_col(t, "ci_hi");
	size_t n = runs->n;
	char ylabel[600], mk[400];
	snprintf(ylabel, sizeof ylabel, "%.500s", m);
	svg_frame(f, p, NULL, ylabel);
	for (size_t r = 1; r < t->nrows; r++) {
		size_t id;
		double v = fig_num(t, r, cv), hi = fig_num(t, r, ch);
		if (!fig_is(t, r, cm, m))
			continue;
		id = fig_key_find(runs, fig_str(t, r, cr));
		fig_interval(f, p, id, n, 0, v, fig_num(t, r, cl), hi, svg_colour(0));
		markers(in->t, runs, m, id, all, mk, sizeof mk);
		if (*mk)
			svg_text(f, svg_cat_x(p, id, n),
				 svg_map(&p->ay, isnan(hi) ? v : hi) - 6, "middle",
				 0, 11, mk);
	}
}

void fig_compare(FILE *f, const struct fig_in *in)
{
	const struct fig_table *t = in->pi;
	struct fig_keys runs, ms;
	const char **names;
	int cr = fig_col(t, "run"), cm = fig_col(t, "measure"),
	    crole = fig_col(t, "role");
	int all = t->nrows > 1 && fig_is(t, 1, crole, "all");
	double w, y = 40;
	char title[300];

	fig_keys_init(&runs);
	fig_keys_init(&ms);
	for (size_t r = 1; r < t->nrows; r++) {
		fig_key(&runs, fig_str(t, r, cr));
		fig_key(&ms, fig_str(t, r, cm));
	}
	if (runs.n == 0) {
		fig_empty(f, "cbeval: --compare");
		goto out;
	}
	names = xcalloc(runs.n, sizeof *names);
	for (size_t i = 0; i < runs.n; i++) {
		char *s = xmalloc(strlen(runs.name[i]) + 16), l[4];
		int base = 0;
		for (size_t r = 1; r < t->nrows; r++)
			base |= fig_is(t, r, cr, runs.name[i]) && fig_is(t, r, crole, "baseline");
		cmp_label(l, i);
		sprintf(s, "%s%s%s%s", all ? l : "", all ? ": " : "", runs.name[i],
			base ? " (baseline)" : "");
		names[i] = s;
	}
	snprintf(title, sizeof title, "%s per run; %s (%.40s test)",
		 fig_col(t, "ci_lo") >= 0 && !isnan(fig_num(t, 1, fig_col(t, "ci_lo")))
		 ? "Score and 95% interval" : "Score",
		 all ? "letters: significantly better than those runs"
		 : "+/-: significantly better/worse than the baseline",
		 fig_first(in->t, "test"));
	w = fig_cat_width(runs.n);
	svg_begin(f, w, 40 + (double)ms.n * (PANEL_H + 40) +
		  svg_cat_height(names, runs.n, w - LEFT - 30) + 20, title);
	fig_heading(f, LEFT, 24, title);
	for (size_t j = 0; j < ms.n; j++, y += PANEL_H + 40) {
		struct svg_plot p = svg_plot_at(LEFT, y, w - LEFT - 30, PANEL_H);
		struct svg_range yr;
		svg_range_init(&yr);
		for (size_t r = 1; r < t->nrows; r++)
			if (fig_is(t, r, cm, ms.name[j]))
				for (const char *c = "mean\0ci_lo\0ci_hi\0"; *c; c += strlen(c) + 1)
					svg_range_add(&yr, fig_num(t, r, fig_col(t, c)));
		svg_axis_fit(&p.ay, yr.lo, yr.hi + 0.08 * (yr.hi - yr.lo), p.y + p.h, p.y);
		panel(f, in, &runs, ms.name[j], &p, all);
		if (j + 1 == ms.n)
			svg_cat_labels(f, &p, names, runs.n, "run");
	}
	svg_end(f);
	for (size_t i = 0; i < runs.n; i++)
		free((char *)names[i]);
	free(names);
out:
	fig_keys_release(&runs);
	fig_keys_release(&ms);
}
