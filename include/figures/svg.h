/*
 * svg.h - the drawing primitives of the figures of --svg (see figure.h):
 * a self-contained SVG 1.1 document (xmlns, viewBox, a generic font
 * family, no script, no external resource), text escaped for XML, axes
 * with "nice" ticks (steps of 1, 2 or 5 times a power of ten), plot
 * frames with numeric or categorical x axes, markers and legends.
 *
 * Every coordinate and value is printed with a fixed number of decimals
 * (%.2f), so that the same input gives the same bytes.  The functions
 * write to a stream and report nothing: the caller checks ferror once.
 */
#ifndef CBEVAL_SVG_H
#define CBEVAL_SVG_H

#include <stddef.h>
#include <stdio.h>

/* A linear mapping of values [lo, hi] to pixels [p0, p1] (p1 < p0 for
 * a y axis, whose values grow upwards), with its tick step. */
struct svg_axis {
	double lo, hi, step;
	double p0, p1;
};

/* A plot area (pixels: left x, top y, width w, height h) and its axes. */
struct svg_plot {
	double x, y, w, h;
	struct svg_axis ax, ay;
};

/* A plot area at (x, y) of w x h pixels, its axes not yet fitted. */
struct svg_plot svg_plot_at(double x, double y, double w, double h);

/* Set a to cover [lo, hi] (NaN or infinite ends ignored; no finite data:
 * [0, 1]), widened to whole tick steps of about 5 ticks, mapped to
 * pixels p0..p1. */
void svg_axis_fit(struct svg_axis *a, double lo, double hi, double p0,
		  double p1);
/* The pixel of value v on a. */
double svg_map(const struct svg_axis *a, double v);

/* Running minimum and maximum of the finite values given to it. */
struct svg_range {
	double lo, hi;
};
void svg_range_init(struct svg_range *r);
void svg_range_add(struct svg_range *r, double v);

/* Open a document of w x h pixels with a white background and a title
 * (the <title> element, escaped); close it with svg_end. */
void svg_begin(FILE *f, double w, double h, const char *title);
void svg_end(FILE *f);

/* Write s escaped as XML character data or attribute value: & < > " '
 * as entities, control bytes dropped, bytes that are not valid UTF-8 as
 * U+FFFD. */
void svg_escape(FILE *f, const char *s);

/* Text at (x, y): anchor "start", "middle" or "end"; rotated by rot
 * degrees about (x, y) when rot is not 0; size in pixels. */
void svg_text(FILE *f, double x, double y, const char *anchor, double rot,
	      double size, const char *s);
void svg_line(FILE *f, double x1, double y1, double x2, double y2,
	      const char *colour, double width);
/* A dashed grey reference line. */
void svg_refline(FILE *f, double x1, double y1, double x2, double y2);
/* A rectangle of corner (x, y) and size w x h; a negative w or h is
 * measured from the other side (the same area), so that no negative
 * size is ever written.  cls, when not NULL, is its class attribute:
 * "box" marks a filled box or bar, whose interior the tests check is
 * painted in its fill. */
void svg_rect(FILE *f, double x, double y, double w, double h,
	      const char *fill, const char *stroke, const char *cls);
/* A filled circle (r < 0 taken as |r|). */
void svg_circle(FILE *f, double x, double y, double r, const char *fill,
		double opacity);
/* A hollow circle: white inside, a ring of colour. */
void svg_ring(FILE *f, double x, double y, double r, const char *colour);
/* A group of markers of one fill and opacity (closed by "</g>"), and a
 * dot of radius r inside it. */
void svg_group(FILE *f, const char *fill, double opacity);
void svg_dot(FILE *f, double x, double y, double r);
/* A polyline through the n pixel points (x[i], y[i]); points with a NaN
 * coordinate break the line. */
void svg_polyline(FILE *f, const double *x, const double *y, size_t n,
		  const char *colour);

/* The i-th colour of a fixed palette of 10 (cycling). */
const char *svg_colour(size_t i);

/* Draw the frame of p: the box, the y ticks and grid with labels, the
 * y label (rotated) and, unless xlabel is NULL, the x ticks and label. */
void svg_frame(FILE *f, const struct svg_plot *p, const char *xlabel,
	       const char *ylabel);
/* The centre pixel of category i of n on p's x axis. */
double svg_cat_x(const struct svg_plot *p, size_t i, size_t n);
/* The labels of n categories under p, every one of them (in a group
 * <g class="labels">): side by side when they fit, else rotated, and in
 * a smaller font when the room of a category is less than a line of
 * text (at least 5 pixels), and the axis label below them.  Returns the
 * height the labels take below the plot. */
double svg_cat_labels(FILE *f, const struct svg_plot *p,
		      const char *const *names, size_t n, const char *xlabel);
/* The height svg_cat_labels needs for these names (for the layout). */
double svg_cat_height(const char *const *names, size_t n, double w);
/* The swatches of a legend. */
enum svg_key {
	SVG_KEY_DOT,        /* a filled dot */
	SVG_KEY_LINE,       /* a line */
	SVG_KEY_RING,       /* a hollow dot (svg_ring) */
	SVG_KEY_BAR,        /* a filled square */
	SVG_KEY_INTERVAL    /* a vertical interval with caps */
};
/* One legend line at (x, y) (the text's baseline): a swatch of kind and
 * colour, and the text. */
void svg_key(FILE *f, double x, double y, enum svg_key kind,
	     const char *colour, const char *text);
/* A legend at (x, y), one line per name: a swatch of svg_colour(i) (a
 * line when lines, else a dot) and the name. */
void svg_legend(FILE *f, double x, double y, const char *const *names,
		size_t n, int lines);
/* The width a legend of these names takes (also svg_key's lines). */
double svg_legend_width(const char *const *names, size_t n);

#endif
