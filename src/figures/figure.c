/*
 * figure.c - what the figures of --svg share (see figure.h): the TSV
 * table read back from the text an analysis printed, the keys (runs,
 * topics, measures) in order of appearance, the order of runs best
 * first, the layout of category figures and their marks (intervals,
 * boxes, zero lines, curves), and the empty figure.
 */
#include "figure.h"
#include "svg.h"
#include "xalloc.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Split the NUL-terminated line at s on tabs into row r of t. */
static void split_row(struct fig_table *t, size_t r, char *s)
{
	for (size_t c = 0; c < t->ncols; c++) {
		char *tab = strchr(s, '\t');
		t->cell[r * t->ncols + c] = s;
		if (!tab) {
			for (c++; c < t->ncols; c++)
				t->cell[r * t->ncols + c] = s + strlen(s);
			return;
		}
		*tab = '\0';
		s = tab + 1;
	}
}

void fig_table_parse(struct fig_table *t, const char *text, size_t len)
{
	size_t nl = 0, r = 0;
	char *p;
	memset(t, 0, sizeof *t);
	t->buf = xmalloc(size_add(len, 1));
	memcpy(t->buf, text, len);
	t->buf[len] = '\0';
	for (size_t i = 0; i < len; i++)
		nl += text[i] == '\n';
	if (len && text[len - 1] != '\n')
		nl++;
	if (nl == 0) {
		t->cell = xcalloc(1, sizeof *t->cell);
		return;
	}
	t->ncols = 1;
	for (const char *q = t->buf; *q && *q != '\n'; q++)
		t->ncols += *q == '\t';
	t->cell = xcalloc(size_mul(nl, t->ncols), sizeof *t->cell);
	for (p = t->buf; r < nl && *p; r++) {
		char *end = strchr(p, '\n');
		if (end)
			*end = '\0';
		split_row(t, r, p);
		p = end ? end + 1 : p + strlen(p);
	}
	t->nrows = r;
}

void fig_table_release(struct fig_table *t)
{
	free(t->buf);
	free(t->cell);
	memset(t, 0, sizeof *t);
}

int fig_col(const struct fig_table *t, const char *name)
{
	for (size_t c = 0; t->nrows && c < t->ncols; c++)
		if (strcmp(t->cell[c], name) == 0)
			return (int)c;
	return -1;
}

const char *fig_str(const struct fig_table *t, size_t r, int c)
{
	return c < 0 ? "" : t->cell[r * t->ncols + (size_t)c];
}

double fig_num(const struct fig_table *t, size_t r, int c)
{
	const char *s = fig_str(t, r, c);
	char *end;
	double v;
	if (!*s)
		return NAN;
	v = strtod(s, &end);
	return *end ? NAN : v;   /* NA, and anything else not a number */
}

const char *fig_first(const struct fig_table *t, const char *name)
{
	return t->nrows > 1 ? fig_str(t, 1, fig_col(t, name)) : "";
}

int fig_is(const struct fig_table *t, size_t r, int c, const char *s)
{
	return c >= 0 && strcmp(fig_str(t, r, c), s) == 0;
}

void fig_keys_init(struct fig_keys *k)
{
	memset(k, 0, sizeof *k);
	strmap_init(&k->m);
}

void fig_keys_release(struct fig_keys *k)
{
	strmap_release(&k->m);
	free(k->name);
	memset(k, 0, sizeof *k);
}

size_t fig_key(struct fig_keys *k, const char *s)
{
	size_t n = strlen(s);
	int added;
	uint32_t id = strmap_intern(&k->m, s, n, fnv1a64(s, n), &added);
	if (added) {
		xgrow(&k->name, &k->cap, k->n + 1, sizeof *k->name);
		k->name[k->n++] = strmap_str(&k->m, id);
	}
	return id;
}

size_t fig_key_find(const struct fig_keys *k, const char *s)
{
	size_t n = strlen(s);
	uint32_t id = strmap_find(&k->m, s, n, fnv1a64(s, n));
	return id == UINT32_MAX ? SIZE_MAX : id;
}

void fig_empty(FILE *f, const char *title)
{
	svg_begin(f, 480, 160, title);
	svg_text(f, 240, 40, "middle", 0, 13, title);
	svg_text(f, 240, 90, "middle", 0, 11, "no data rows in the table");
	svg_end(f);
}

double fig_cat_step(size_t n)
{
	return n <= 12 ? 48 : n <= 40 ? 24 : 12;
}

struct order_item {
	double v;
	size_t i;
};

static int order_cmp(const void *a, const void *b)
{
	const struct order_item *x = a, *y = b;
	int nx = isnan(x->v), ny = isnan(y->v);
	if (nx != ny)
		return nx - ny;
	if (!nx && x->v != y->v)
		return x->v > y->v ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

size_t *fig_order_desc(const double *v, size_t n)
{
	struct order_item *it = xcalloc(n + 1, sizeof *it);
	size_t *ord = xcalloc(n + 1, sizeof *ord);
	for (size_t i = 0; i < n; i++) {
		it[i].v = v[i];
		it[i].i = i;
	}
	qsort(it, n, sizeof *it, order_cmp);
	for (size_t i = 0; i < n; i++)
		ord[i] = it[i].i;
	free(it);
	return ord;
}

void fig_zero_line(FILE *f, const struct svg_plot *p, int vertical)
{
	const struct svg_axis *a = vertical ? &p->ax : &p->ay;
	double z;
	if (!(a->lo <= 0 && a->hi >= 0))
		return;
	z = svg_map(a, 0);
	if (vertical)
		svg_line(f, z, p->y, z, p->y + p->h, "#000000", 1);
	else
		svg_line(f, p->x, z, p->x + p->w, z, "#000000", 1);
}

double fig_cat_width(size_t n)
{
	double w = 100 + (double)n * fig_cat_step(n);
	return w < 480 ? 480 : w;
}

void fig_interval(FILE *f, const struct svg_plot *p, size_t i, size_t n,
		  double dx, double mid, double lo, double hi,
		  const char *colour)
{
	double x = svg_cat_x(p, i, n) + dx, cap = fig_cat_step(n) / 6;
	if (isfinite(lo) && isfinite(hi)) {
		double y0 = svg_map(&p->ay, lo), y1 = svg_map(&p->ay, hi);
		svg_line(f, x, y0, x, y1, colour, 1.5);
		svg_line(f, x - cap, y0, x + cap, y0, colour, 1.5);
		svg_line(f, x - cap, y1, x + cap, y1, colour, 1.5);
	}
	if (isfinite(mid))
		svg_circle(f, x, svg_map(&p->ay, mid), 3, colour, 1);
}

void fig_heading(FILE *f, double x, double y, const char *text)
{
	svg_text(f, x, y, "start", 0, 13, text);
}

void fig_box(FILE *f, const struct svg_plot *p, size_t i, size_t n,
		     const double q[5])
{
	double x = svg_cat_x(p, i, n), hw = fig_cat_step(n) / 4, y[5];
	for (int j = 0; j < 5; j++) {
		if (!isfinite(q[j]))
			return;
		y[j] = svg_map(&p->ay, q[j]);
	}
	svg_line(f, x, y[0], x, y[1], "#000000", 1);
	svg_line(f, x, y[3], x, y[4], "#000000", 1);
	svg_line(f, x - hw / 2, y[0], x + hw / 2, y[0], "#000000", 1);
	svg_line(f, x - hw / 2, y[4], x + hw / 2, y[4], "#000000", 1);
	svg_rect(f, x - hw, fmin(y[1], y[3]), 2 * hw, fabs(y[3] - y[1]),
		 "#c6dbef", "#000000", "box");
	svg_line(f, x - hw, y[2], x + hw, y[2], svg_colour(1), 2);
}

void fig_curve(FILE *f, const struct svg_plot *p, const double *x,
	       const double *y, size_t n, const char *colour, int dots)
{
	double *px = xcalloc(n + 1, sizeof *px), *py = xcalloc(n + 1, sizeof *py);
	for (size_t i = 0; i < n; i++) {
		int ok = isfinite(x[i]) && isfinite(y[i]);
		px[i] = ok ? svg_map(&p->ax, x[i]) : NAN;
		py[i] = ok ? svg_map(&p->ay, y[i]) : NAN;
	}
	svg_polyline(f, px, py, n, colour);
	for (size_t i = 0; dots && i < n; i++)
		if (!isnan(px[i]))
			svg_circle(f, px[i], py[i], 2.5, colour, 1);
	free(px);
	free(py);
}

void fig_cat_begin(FILE *f, struct svg_plot *p, const struct fig_cat *c,
		   const struct svg_range *yr)
{
	double w = fig_cat_width(c->n);
	*p = svg_plot_at(70, 40, w - 100, c->h);
	svg_axis_fit(&p->ay, yr->lo, yr->hi, p->y + p->h, p->y);
	svg_begin(f, w + c->legend_w,
		  p->y + p->h + svg_cat_height(c->names, c->n, p->w) + 10, c->title);
	fig_heading(f, p->x, 24, c->title);
	svg_frame(f, p, NULL, c->ylabel);
}
