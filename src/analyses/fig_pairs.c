/*
 * fig_pairs.c - the figure of --pairs (see figure.h): for the first
 * measure of the table, every pair's paired t-test p against the
 * difference A - B of the per-system scores, one dot per pair and image
 * (Zobel & Rashidi, Figure 6), read from the --pair-images rows of qid
 * "all" (which compare_pairs writes for the figure, thinned to every k-th
 * image when there would be more than COMPARE_FIG_DOTS dots): images
 * 1..B as translucent blue dots, the root (image 0) as red dots; the x
 * axis follows the data, symmetric around 0, with a zero line; a dashed
 * line at p = 0.05.
 */
#include "figure.h"
#include "svg.h"

#include <math.h>

void fig_pairs(FILE *f, const struct fig_in *in)
{
	static const char *const legend[] = { "image 1..B", "root (image 0)" };
	const struct fig_table *t = in->pi;
	const char *m = fig_first(in->t, "measure");
	int cm = fig_col(t, "measure"), cq = fig_col(t, "qid"),
	    ci = fig_col(t, "image"), cd = fig_col(t, "diff"), cp = fig_col(t, "p");
	struct svg_range xr;
	struct svg_plot p = svg_plot_at(70, 40, 520, 340);
	char title[600], xlabel[600];
	double mx;

	svg_range_init(&xr);
	for (size_t r = 1; r < t->nrows; r++)
		if (fig_is(t, r, cm, m) && fig_is(t, r, cq, "all"))
			svg_range_add(&xr, fig_num(t, r, cd));
	if (!isfinite(xr.lo)) {
		fig_empty(f, "cbeval: --pairs");
		return;
	}
	snprintf(title, sizeof title, "%.500s: paired t-test p against the difference, per pair and image",
		 m);
	mx = fmax(fabs(xr.lo), fabs(xr.hi));   /* symmetric around 0 */
	svg_axis_fit(&p.ax, 0, mx, p.x, p.x + p.w);
	p.ax.lo = -p.ax.hi;
	svg_axis_fit(&p.ay, 0, 1, p.y + p.h, p.y);
	svg_begin(f, 750, p.y + p.h + 50, title);
	fig_heading(f, p.x, 24, title);
	snprintf(xlabel, sizeof xlabel, "difference A - B of the per-system %.500s scores", m);
	svg_frame(f, &p, xlabel, "p of the paired t-test");
	svg_refline(f, p.x, svg_map(&p.ay, 0.05), p.x + p.w, svg_map(&p.ay, 0.05));
	fig_zero_line(f, &p, 1);
	for (int root = 0; root < 2; root++) {
		svg_group(f, svg_colour(root), root ? 1 : 0.3);
		for (size_t r = 1; r < t->nrows; r++) {
			double img = fig_num(t, r, ci), d = fig_num(t, r, cd),
			       pv = fig_num(t, r, cp);
			if (!fig_is(t, r, cm, m) || !fig_is(t, r, cq, "all") ||
			    !isfinite(d) || !isfinite(pv) || (img == 0) != root)
				continue;
			svg_dot(f, svg_map(&p.ax, d), svg_map(&p.ay, pv),
				root ? 3 : 2);
		}
		fputs("</g>\n", f);
	}
	svg_legend(f, p.x + p.w + 16, p.y + 12, legend, 2, 0);
	svg_end(f);
}
