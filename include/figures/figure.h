/*
 * figure.h - the figures of --svg: one SVG drawn from the very rows an
 * analysis prints.  The analysis writes its TSV table into memory; that
 * text is copied unchanged to standard output and parsed back here
 * (struct fig_table), and the figure of the analysis (the figure member
 * of its row in analysis.c, one src/fig_*.c per kind) draws it with the
 * primitives of svg.h.  So standard output is the same with and without
 * --svg, and the figure always shows the table.
 */
#ifndef CBEVAL_FIGURE_H
#define CBEVAL_FIGURE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "strmap.h"
#include "svg.h"

/* A parsed TSV table: row 0 is the header; cell(r, c) for r < nrows and
 * c < ncols ("" past the end of a short row).  Cells point into buf. */
struct fig_table {
	char *buf;
	char **cell;              /* [nrows * ncols] */
	size_t nrows, ncols;
};

/* Parse the len bytes of TSV text (copied).  Rows are lines; the header
 * sets the number of columns. */
void fig_table_parse(struct fig_table *t, const char *text, size_t len);
void fig_table_release(struct fig_table *t);
/* The column named name, or -1. */
int fig_col(const struct fig_table *t, const char *name);
/* Cell (r, c) as text ("" when c < 0), or as a number (NaN for NA, an
 * empty cell or c < 0). */
const char *fig_str(const struct fig_table *t, size_t r, int c);
double fig_num(const struct fig_table *t, size_t r, int c);
/* The value of the column named name in the first data row ("" when
 * there is none): the first measure, the first split. */
const char *fig_first(const struct fig_table *t, const char *name);
/* Whether cell (r, c) is s. */
int fig_is(const struct fig_table *t, size_t r, int c, const char *s);

/* Distinct strings in order of first appearance, with dense ids. */
struct fig_keys {
	struct strmap m;
	const char **name;        /* [n] stable copies */
	size_t n, cap;
};
void fig_keys_init(struct fig_keys *k);
void fig_keys_release(struct fig_keys *k);
/* The id of s, added when new. */
size_t fig_key(struct fig_keys *k, const char *s);
/* The id of s, or SIZE_MAX when absent. */
size_t fig_key_find(const struct fig_keys *k, const char *s);

/* What a figure reads: the table printed (t), and with --pairs the
 * --pair-images rows (pi, else NULL); per_topic is -q; ci is the name of
 * the method of the bootstrap intervals ci_lo..ci_hi ("percentile",
 * "basic" or "bc"; NULL: not said), for the summary's legend. */
struct fig_in {
	const struct fig_table *t;
	const struct fig_table *pi;
	int per_topic;
	const char *ci;
};

/* A figure: write one SVG document of in's table to f (errors are left
 * in f's error indicator). */
typedef void fig_fn(FILE *f, const struct fig_in *in);

fig_fn fig_evaluation;   /* fig_summary.c */
fig_fn fig_summary;      /* fig_summary.c; fig_topics.c with -q */
fig_fn fig_pairs;        /* fig_pairs.c */
fig_fn fig_reliability;  /* fig_curves.c */
fig_fn fig_sensitivity;  /* fig_sensitivity.c */
fig_fn fig_partitions;   /* fig_partitions.c */
fig_fn fig_meld;         /* fig_curves.c */
fig_fn fig_bias;         /* fig_bias.c */
fig_fn fig_compare;      /* fig_compare.c */

/* The per-topic figure of the summary (-q): fig_topics.c. */
void fig_summary_topics(FILE *f, const struct fig_in *in);

/* An empty figure (a table with no data rows): a frame saying so. */
void fig_empty(FILE *f, const char *title);

/* The order of n values v from the largest down (NaN last, ties in
 * index order): a malloc'd permutation of 0..n-1.  Figures draw runs
 * best first. */
size_t *fig_order_desc(const double *v, size_t n);

/* Layout of a figure of n categories (runs, topics) side by side: the
 * pixels per category (fewer for many, at least 12, so that every label
 * has room) and the figure's width. */
double fig_cat_step(size_t n);
double fig_cat_width(size_t n);
/* A figure of one plot over categories: their names, the plot height,
 * the room for a legend at the right (0: none), the title (also the
 * heading) and the y label. */
struct fig_cat {
	const char *const *names;
	size_t n;
	double h, legend_w;
	const char *title, *ylabel;
};
/* Begin the document of c: p placed at (70, 40), fig_cat_width(n) wide
 * with its margins, its y axis fitted to yr; writes the document's
 * start, the heading and the frame (no x ticks: see svg_cat_labels). */
void fig_cat_begin(FILE *f, struct svg_plot *p, const struct fig_cat *c,
		   const struct svg_range *yr);
/* Category i of n on p: a vertical interval lo..hi with caps and, when
 * mid is a number, a dot at mid; shifted dx pixels; NaN ends: nothing. */
void fig_interval(FILE *f, const struct svg_plot *p, size_t i, size_t n,
		  double dx, double mid, double lo, double hi,
		  const char *colour);
/* A boxplot at category i of n on p of the five values q (minimum, q25,
 * median, q75, maximum): whiskers, box (class "box"), a bar at the
 * median; nothing when one is NaN.  Either direction of p's y axis. */
void fig_box(FILE *f, const struct svg_plot *p, size_t i, size_t n,
	     const double q[5]);
/* The zero line of a signed axis: a solid line across p at y = 0
 * (vertical: at x = 0), when 0 is on the axis. */
void fig_zero_line(FILE *f, const struct svg_plot *p, int vertical);
/* A curve on p through the n values (x[i], y[i]) (NaN: a gap), with a
 * dot at each point when dots. */
void fig_curve(FILE *f, const struct svg_plot *p, const double *x,
	       const double *y, size_t n, const char *colour, int dots);
/* The heading of a figure or panel at (x, y). */
void fig_heading(FILE *f, double x, double y, const char *text);

/* A stream into memory (open_memstream): after fig_capture_close, the
 * len bytes written are at buf (malloc'd, the caller frees it). */
struct fig_capture {
	FILE *f;
	char *buf;
	size_t len;
};
void fig_capture_open(struct fig_capture *c);
void fig_capture_close(struct fig_capture *c);   /* f NULL afterwards */

/* Print the table of analysis a into tab (opened and closed here; the
 * caller writes tab->buf to standard output and frees it) and draw its
 * figure from that text to svg; pi, when not NULL, is the open capture
 * of the --pair-images rows (in->pair_images), closed here and read by
 * the figure.  Returns 0, or -1 when the analysis failed to print
 * (nothing is drawn then).  Out of memory exits as xalloc does. */
struct analysis;
struct analysis_in;
int figure_print(const struct analysis *a, const struct analysis_in *in,
		 struct fig_capture *pi, FILE *svg, struct fig_capture *tab);

#endif
