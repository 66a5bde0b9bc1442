/*
 * svg.c - SVG 1.1 drawing primitives for the figures of --svg (see
 * svg.h): the document, escaped text, lines and markers (rectangles
 * normalised to non-negative sizes), axes with nice ticks, plot frames,
 * categorical labels (all of them, rotated and smaller when crowded) and
 * legends.
 */
#include "svg.h"

#include <math.h>
#include <string.h>

#define FONT 11.0           /* text size of labels, pixels */
#define CHAR_W 0.62         /* width of a character, in font sizes */
#define LABEL_MAX 40        /* characters of a category label shown */

void svg_range_init(struct svg_range *r)
{
	r->lo = INFINITY;
	r->hi = -INFINITY;
}

void svg_range_add(struct svg_range *r, double v)
{
	if (!isfinite(v))
		return;
	if (v < r->lo)
		r->lo = v;
	if (v > r->hi)
		r->hi = v;
}

void svg_axis_fit(struct svg_axis *a, double lo, double hi, double p0,
		  double p1)
{
	double span, mag, f;
	if (!isfinite(lo) || !isfinite(hi) || lo > hi) {
		lo = 0;
		hi = 1;
	}
	if (lo == hi) {
		double d = fabs(lo) > 0 ? fabs(lo) * 0.1 : 0.5;
		lo -= d;
		hi += d;
	}
	span = (hi - lo) / 5;
	mag = pow(10, floor(log10(span)));
	f = span / mag;
	a->step = mag * (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10);
	a->lo = floor(lo / a->step + 1e-9) * a->step;
	a->hi = ceil(hi / a->step - 1e-9) * a->step;
	if (a->hi <= a->lo)
		a->hi = a->lo + a->step;
	a->p0 = p0;
	a->p1 = p1;
}

double svg_map(const struct svg_axis *a, double v)
{
	return a->p0 + (v - a->lo) / (a->hi - a->lo) * (a->p1 - a->p0);
}

void svg_begin(FILE *f, double w, double h, const char *title)
{
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
		"width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
		"font-family=\"sans-serif\" font-size=\"%.0f\">\n<title>",
		w, h, w, h, FONT);
	svg_escape(f, title);
	fprintf(f, "</title>\n<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" "
		"fill=\"#ffffff\"/>\n", w, h);
}

void svg_end(FILE *f)
{
	fputs("</svg>\n", f);
}

/* Length of the UTF-8 sequence starting at s (valid, complete, shortest
 * form, no surrogate), or 0. */
static size_t utf8_len(const unsigned char *s)
{
	size_t n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3
		 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
	unsigned cp;
	if (n == 0 || s[0] > 0xf4)
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	cp = n == 2 ? 0 : n == 3 ? (s[0] & 0x0fu) << 12 | (s[1] & 0x3fu) << 6
	   : (s[0] & 0x07u) << 18 | (s[1] & 0x3fu) << 12 | (s[2] & 0x3fu) << 6;
	if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp < 0xe000))) ||
	    (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return n;
}

/* Write up to max characters of s escaped (max 0: all), "..." when cut. */
static void escape_max(FILE *f, const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	for (size_t chars = 0; *p; chars++) {
		size_t n;
		if (max && chars == max) {
			fputs("...", f);
			return;
		}
		if (*p < 0x80) {
			switch (*p) {
			case '&': fputs("&amp;", f); break;
			case '<': fputs("&lt;", f); break;
			case '>': fputs("&gt;", f); break;
			case '"': fputs("&quot;", f); break;
			case '\'': fputs("&apos;", f); break;
			default:
				if (*p >= 0x20 && *p != 0x7f)
					fputc(*p, f);
			}
			p++;
		} else if ((n = utf8_len(p)) != 0) {
			fwrite(p, 1, n, f);
			p += n;
		} else {
			fputs("\xef\xbf\xbd", f);   /* U+FFFD */
			p++;
		}
	}
}

void svg_escape(FILE *f, const char *s)
{
	escape_max(f, s, 0);
}

/* Characters (not bytes) of s, counting at most LABEL_MAX + 3. */
static size_t text_chars(const char *s)
{
	size_t n = 0;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		n += (*p & 0xc0) != 0x80;
	return n > LABEL_MAX ? LABEL_MAX + 3 : n;
}

static void text_open(FILE *f, double x, double y, const char *anchor,
		      double rot, double size)
{
	fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"%s\"", x, y, anchor);
	if (size != FONT)
		fprintf(f, " font-size=\"%.0f\"", size);
	if (rot != 0)
		fprintf(f, " transform=\"rotate(%.0f %.2f %.2f)\"", rot, x, y);
	fputc('>', f);
}

void svg_text(FILE *f, double x, double y, const char *anchor, double rot,
	      double size, const char *s)
{
	text_open(f, x, y, anchor, rot, size);
	svg_escape(f, s);
	fputs("</text>\n", f);
}

void svg_line(FILE *f, double x1, double y1, double x2, double y2,
	      const char *colour, double width)
{
	fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
		"stroke=\"%s\" stroke-width=\"%.2f\"/>\n",
		x1, y1, x2, y2, colour, width);
}

void svg_refline(FILE *f, double x1, double y1, double x2, double y2)
{
	fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
		"stroke=\"#888888\" stroke-width=\"1.00\" stroke-dasharray=\"4 3\"/>\n",
		x1, y1, x2, y2);
}

void svg_rect(FILE *f, double x, double y, double w, double h,
	      const char *fill, const char *stroke, const char *cls)
{
	if (w < 0) {
		x += w;
		w = -w;
	}
	if (h < 0) {
		y += h;
		h = -h;
	}
	fputs("<rect", f);
	if (cls)
		fprintf(f, " class=\"%s\"", cls);
	fprintf(f, " x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
		"fill=\"%s\" stroke=\"%s\"/>\n", x, y, fabs(w), fabs(h), fill,
		stroke);
}

void svg_circle(FILE *f, double x, double y, double r, const char *fill,
		double opacity)
{
	fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"%s\"",
		x, y, fabs(r), fill);
	if (opacity < 1)
		fprintf(f, " fill-opacity=\"%.2f\"", opacity);
	fputs("/>\n", f);
}

void svg_ring(FILE *f, double x, double y, double r, const char *colour)
{
	fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"#ffffff\" "
		"stroke=\"%s\" stroke-width=\"1.50\"/>\n", x, y, fabs(r), colour);
}

void svg_polyline(FILE *f, const double *x, const double *y, size_t n,
		  const char *colour)
{
	size_t i = 0;
	while (i < n) {
		size_t k = 0;
		for (; i < n && !(isnan(x[i]) || isnan(y[i])); i++, k++)
			fprintf(f, "%s%.2f,%.2f", k ? " " : "<polyline points=\"",
				x[i], y[i]);
		if (k)
			fprintf(f, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.50\"/>\n",
				colour);
		i += i < n;
	}
}

const char *svg_colour(size_t i)
{
	static const char *const pal[] = {
		"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
		"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
	};
	return pal[i % (sizeof pal / sizeof *pal)];
}

/* Decimals that show the ticks of a step exactly enough. */
static int tick_decimals(double step)
{
	int d = (int)-floor(log10(step) + 1e-9);
	return d < 0 ? 0 : d > 8 ? 8 : d;
}

/* The ticks of a (values lo, lo + step, ..., hi) as pixels and labels:
 * vertical (a y axis at x) or horizontal (an x axis at y). */
static void ticks(FILE *f, const struct svg_axis *a, double at, double len,
		  int vertical)
{
	int dec = tick_decimals(a->step);
	long n = lround((a->hi - a->lo) / a->step);
	for (long i = 0; i <= n; i++) {
		double v = a->lo + (double)i * a->step, p = svg_map(a, v);
		char lab[64];
		if (fabs(v) < a->step * 1e-9)
			v = 0;   /* no "-0.00" */
		snprintf(lab, sizeof lab, "%.*f", dec, v);
		if (vertical) {
			svg_line(f, at, p, at + len, p, "#e6e6e6", 1);
			svg_line(f, at - 4, p, at, p, "#000000", 1);
			svg_text(f, at - 6, p + 4, "end", 0, FONT, lab);
		} else {
			svg_line(f, p, at, p, at + 4, "#000000", 1);
			svg_text(f, p, at + 16, "middle", 0, FONT, lab);
		}
	}
}

void svg_frame(FILE *f, const struct svg_plot *p, const char *xlabel,
	       const char *ylabel)
{
	ticks(f, &p->ay, p->x, p->w, 1);
	fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
		"fill=\"none\" stroke=\"#000000\"/>\n", p->x, p->y, p->w, p->h);
	svg_text(f, p->x - 46, p->y + p->h / 2, "middle", -90, FONT, ylabel);
	if (xlabel) {
		ticks(f, &p->ax, p->y + p->h, 0, 0);
		svg_text(f, p->x + p->w / 2, p->y + p->h + 34, "middle", 0, FONT,
			 xlabel);
	}
}

double svg_cat_x(const struct svg_plot *p, size_t i, size_t n)
{
	return p->x + ((double)i + 0.5) * p->w / (double)(n ? n : 1);
}

/* The longest label of names, in characters. */
static size_t longest(const char *const *names, size_t n)
{
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (text_chars(names[i]) > m)
			m = text_chars(names[i]);
	return m;
}

/* Whether labels of n categories over w pixels must be rotated. */
static int cat_rotated(const char *const *names, size_t n, double w)
{
	return n && (double)longest(names, n) * FONT * CHAR_W + 4 >
		w / (double)n;
}

/* The font size of the labels of n categories over w pixels: FONT, but
 * rotated labels stack one line apart, so a line (the size and 2 pixels)
 * must fit the room of a category: smaller when it does not (whole
 * pixels, at least 5). */
static double cat_font(const char *const *names, size_t n, double w)
{
	double room = n ? w / (double)n - 2 : FONT;
	if (!cat_rotated(names, n, w) || room >= FONT)
		return FONT;
	return room < 5 ? 5 : floor(room);
}

double svg_cat_height(const char *const *names, size_t n, double w)
{
	if (!cat_rotated(names, n, w))
		return 40;
	return 30 + (double)longest(names, n) * cat_font(names, n, w) * CHAR_W;
}

double svg_cat_labels(FILE *f, const struct svg_plot *p,
		      const char *const *names, size_t n, const char *xlabel)
{
	int rot = cat_rotated(names, n, p->w);
	double font = cat_font(names, n, p->w), base = p->y + p->h, h;
	for (size_t i = 0; i < n; i++) {
		double x = svg_cat_x(p, i, n);
		svg_line(f, x, base, x, base + 4, "#000000", 1);
	}
	fputs("<g class=\"labels\">\n", f);
	for (size_t i = 0; i < n; i++) {
		double x = svg_cat_x(p, i, n);
		if (rot)
			text_open(f, x + font * 4 / FONT, base + 8, "end", -90, font);
		else
			text_open(f, x, base + 16, "middle", 0, font);
		escape_max(f, names[i], LABEL_MAX);
		fputs("</text>\n", f);
	}
	fputs("</g>\n", f);
	h = svg_cat_height(names, n, p->w);
	svg_text(f, p->x + p->w / 2, p->y + p->h + h - 6, "middle", 0, FONT,
		 xlabel);
	return h;
}

void svg_key(FILE *f, double x, double y, enum svg_key kind,
	     const char *colour, const char *text)
{
	switch (kind) {
	case SVG_KEY_DOT:
		svg_circle(f, x + 9, y - 4, 4, colour, 1);
		break;
	case SVG_KEY_LINE:
		svg_line(f, x, y - 4, x + 18, y - 4, colour, 2);
		break;
	case SVG_KEY_RING:
		svg_ring(f, x + 9, y - 4, 3.5, colour);
		break;
	case SVG_KEY_BAR:
		svg_rect(f, x + 4, y - 9, 10, 10, colour, "none", NULL);
		break;
	case SVG_KEY_INTERVAL:
		svg_line(f, x + 9, y - 10, x + 9, y + 2, colour, 1.5);
		svg_line(f, x + 5, y - 10, x + 13, y - 10, colour, 1.5);
		svg_line(f, x + 5, y + 2, x + 13, y + 2, colour, 1.5);
		break;
	}
	text_open(f, x + 24, y, "start", 0, FONT);
	escape_max(f, text, LABEL_MAX);
	fputs("</text>\n", f);
}

void svg_legend(FILE *f, double x, double y, const char *const *names,
		size_t n, int lines)
{
	for (size_t i = 0; i < n; i++)
		svg_key(f, x, y + 16 * (double)i, lines ? SVG_KEY_LINE : SVG_KEY_DOT,
			svg_colour(i), names[i]);
}

double svg_legend_width(const char *const *names, size_t n)
{
	return 34 + (double)longest(names, n) * FONT * CHAR_W;
}

struct svg_plot svg_plot_at(double x, double y, double w, double h)
{
	struct svg_plot p;
	memset(&p, 0, sizeof p);
	p.x = x;
	p.y = y;
	p.w = w;
	p.h = h;
	return p;
}

void svg_group(FILE *f, const char *fill, double opacity)
{
	fprintf(f, "<g fill=\"%s\" fill-opacity=\"%.2f\">\n", fill, opacity);
}

void svg_dot(FILE *f, double x, double y, double r)
{
	fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\"/>\n", x, y, r);
}
