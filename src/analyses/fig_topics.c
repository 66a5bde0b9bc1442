/*
 * fig_topics.c - the figure of the bootstrap summary with -q (see
 * figure.h): for each topic, in table order, the boxplot of the runs'
 * sd on that topic for the first measure (minimum, quartiles, maximum
 * across runs; Zobel & Rashidi, Figure 2).
 */
#include "figure.h"
#include "stats.h"
#include "svg.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>

/* The sd of every run on each topic: topic ids in k, values grouped by
 * topic in v, topic i's at v[off[i]] .. v[off[i + 1]) (sorted). */
static void sd_by_topic(const struct fig_table *t, const char *m,
			struct fig_keys *k, double **v, size_t **off)
{
	int cq = fig_col(t, "qid"), cm = fig_col(t, "measure"),
	    csd = fig_col(t, "sd");
	size_t *id = xcalloc(t->nrows + 1, sizeof *id), *fill;
	for (size_t r = 1; r < t->nrows; r++)
		id[r] = fig_is(t, r, cm, m) && !fig_is(t, r, cq, "all") &&
			isfinite(fig_num(t, r, csd))
			? fig_key(k, fig_str(t, r, cq)) + 1 : 0;
	*off = xcalloc(k->n + 2, sizeof **off);
	for (size_t r = 1; r < t->nrows; r++)
		if (id[r])
			(*off)[id[r]]++;
	for (size_t i = 1; i <= k->n + 1; i++)
		(*off)[i] += (*off)[i - 1];
	*v = xcalloc((*off)[k->n + 1] + 1, sizeof **v);
	fill = xcalloc(k->n + 1, sizeof *fill);
	for (size_t r = 1; r < t->nrows; r++)
		if (id[r]) {
			size_t i = id[r] - 1;
			(*v)[(*off)[i] + fill[i]++] = fig_num(t, r, csd);
		}
	for (size_t i = 0; i < k->n; i++)
		stats_sort(*v + (*off)[i], (*off)[i + 1] - (*off)[i]);
	free(fill);
	free(id);
}

void fig_summary_topics(FILE *f, const struct fig_in *in)
{
	const struct fig_table *t = in->t;
	const char *m = fig_first(t, "measure");
	struct fig_keys k;
	struct fig_cat c;
	struct svg_plot p;
	struct svg_range yr;
	double *v;
	size_t *off;
	char title[600], ylabel[200];

	fig_keys_init(&k);
	sd_by_topic(t, m, &k, &v, &off);
	if (k.n == 0) {
		fig_empty(f, "cbeval: bootstrap summary per topic");
		goto out;
	}
	snprintf(title, sizeof title, "%.500s per topic: sd over the images, across runs (min, q25, median, q75, max)",
		 m);
	svg_range_init(&yr);
	svg_range_add(&yr, 0);
	for (size_t i = 0; i < off[k.n]; i++)
		svg_range_add(&yr, v[i]);
	snprintf(ylabel, sizeof ylabel, "sd of the %.100s score over the images", m);
	c = (struct fig_cat){ k.name, k.n, 260, 0, title, ylabel };
	fig_cat_begin(f, &p, &c, &yr);
	for (size_t i = 0; i < k.n; i++) {
		size_t n = off[i + 1] - off[i];
		double q[5];
		for (int j = 0; j < 5; j++)
			q[j] = stats_quantile(v + off[i], n, j / 4.0);
		fig_box(f, &p, i, k.n, q);
	}
	svg_cat_labels(f, &p, k.name, k.n, "topic");
	svg_end(f);
out:
	free(v);
	free(off);
	fig_keys_release(&k);
}
