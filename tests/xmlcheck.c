/*
 * tests/xmlcheck.c - a small well-formedness checker for the SVG figures
 * of cbeval --svg (used by tests/t_svg.sh; built as build/xmlcheck):
 * UTF-8 text, an optional <?xml ...?> declaration, comments, start, end
 * and empty-element tags balanced and properly nested, attribute names
 * unique within a tag and values quoted, character and entity references
 * valid (the five predefined entities, &#N; and &#xN;), no '<' or bare
 * '&' in text or values, and a single root element <svg> with
 * xmlns="http://www.w3.org/2000/svg".  No DTD, CDATA or processing
 * instruction besides the declaration (cbeval writes none).
 *
 * The shapes are checked too, since a browser silently draws nothing of
 * a shape of negative size: every size (width and height of <svg> and
 * <rect>, rx and ry of <rect> and <ellipse>, r of <circle>, stroke-width
 * and font-size anywhere, the width and height of viewBox) must be a
 * finite number >= 0, and every coordinate (x, y, x1, y1, x2, y2, cx,
 * cy, the numbers of points and viewBox) a finite number (no "nan").
 *
 * Usage: xmlcheck FILE...  Exit status 0 when every file is well formed,
 * 1 otherwise with "FILE:LINE: what is wrong" on standard error, 2 when
 * a file cannot be read.  libc only, no project header.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEPTH_MAX 256
#define ATTR_MAX 64

struct doc {
	const char *path;
	const char *s;      /* the text, NUL-terminated */
	size_t i, n;
	unsigned line;
	char err[200];
};

static int fail(struct doc *d, const char *what)
{
	if (!d->err[0])
		snprintf(d->err, sizeof d->err, "%s", what);
	return -1;
}

static int at(const struct doc *d, const char *lit)
{
	return strncmp(d->s + d->i, lit, strlen(lit)) == 0;
}

static void skip(struct doc *d, size_t k)
{
	for (; k-- && d->i < d->n; d->i++)
		d->line += d->s[d->i] == '\n';
}

static void skip_space(struct doc *d)
{
	while (d->i < d->n && strchr(" \t\r\n", d->s[d->i]))
		skip(d, 1);
}

static int name_char(int c, int first)
{
	return isalpha(c) || c == '_' || c == ':' || c >= 0x80 ||
	       (!first && (isdigit(c) || c == '-' || c == '.'));
}

/* A name at d->i into buf (size 64); 0, or -1. */
static int name(struct doc *d, char *buf)
{
	size_t k = 0;
	if (!name_char((unsigned char)d->s[d->i], 1))
		return fail(d, "a name expected");
	while (name_char((unsigned char)d->s[d->i], 0)) {
		if (k < 63)
			buf[k++] = d->s[d->i];
		skip(d, 1);
	}
	buf[k] = '\0';
	return 0;
}

/* A reference after '&': 0, or -1. */
static int reference(struct doc *d)
{
	static const char *const ent[] = { "amp;", "lt;", "gt;", "quot;", "apos;" };
	const char *p = d->s + d->i + 1;
	if (*p == '#') {
		int hex = p[1] == 'x';
		const char *q = p + 1 + hex;
		size_t k = 0;
		while (hex ? isxdigit((unsigned char)q[k]) : isdigit((unsigned char)q[k]))
			k++;
		if (k == 0 || k > 7 || q[k] != ';')
			return fail(d, "a bad character reference");
		skip(d, (size_t)(q + k + 1 - (d->s + d->i)));
		return 0;
	}
	for (size_t e = 0; e < sizeof ent / sizeof *ent; e++)
		if (strncmp(p, ent[e], strlen(ent[e])) == 0) {
			skip(d, 1 + strlen(ent[e]));
			return 0;
		}
	return fail(d, "an undefined entity or a bare '&'");
}

/* Text up to the next '<' (or the end). */
static int text(struct doc *d, int depth)
{
	while (d->i < d->n && d->s[d->i] != '<') {
		if (d->s[d->i] == '&') {
			if (reference(d) != 0)
				return -1;
			continue;
		}
		if (!depth && !strchr(" \t\r\n", d->s[d->i]))
			return fail(d, "text outside the root element");
		skip(d, 1);
	}
	return 0;
}

/* Whether name is one of the words of list (separated by spaces). */
static int one_of(const char *name, const char *list)
{
	size_t n = strlen(name);
	for (const char *p = list; *p;) {
		size_t k = strcspn(p, " ");
		if (k == n && strncmp(p, name, n) == 0)
			return 1;
		p += k + (p[k] == ' ');
	}
	return 0;
}

/* The numbers of the n bytes at v (separated by blanks or commas) into
 * x[0..max) (x NULL: any number of them, not kept); returns their
 * number, or -1 when one is not a finite number or there are more than
 * max. */
static long numbers(const char *v, size_t n, double *x, long max)
{
	char buf[64];
	double y;
	long k = 0;
	for (size_t i = 0; i < n;) {
		size_t j = i;
		char *end;
		while (j < n && !strchr(" \t\r\n,", v[j]))
			j++;
		if (j > i) {
			if (j - i >= sizeof buf || (x && k == max))
				return -1;
			memcpy(buf, v + i, j - i);
			buf[j - i] = '\0';
			y = strtod(buf, &end);
			if (*end || !(y - y == 0))   /* NaN and inf fail */
				return -1;
			if (x)
				x[k] = y;
			k++;
		}
		i = j + 1;
	}
	return k;
}

/* The value (n bytes at v) of attribute a of element e: a size must be
 * a finite number >= 0, a coordinate a finite number. */
static int shape_value(struct doc *d, const char *e, const char *a,
		       const char *v, size_t n)
{
	double x[4];
	int size = one_of(a, "stroke-width font-size") ||
		   (one_of(e, "svg rect") && one_of(a, "width height")) ||
		   (one_of(e, "rect ellipse") && one_of(a, "rx ry")) ||
		   (strcmp(e, "circle") == 0 && strcmp(a, "r") == 0);
	if (strcmp(a, "viewBox") == 0) {
		if (numbers(v, n, x, 4) != 4)
			return fail(d, "viewBox is not 4 finite numbers");
		if (x[2] < 0 || x[3] < 0)
			return fail(d, "a negative size in viewBox");
		return 0;
	}
	if (strcmp(a, "points") == 0) {
		long k = numbers(v, n, NULL, 0);
		if (k < 2 || k % 2)
			return fail(d, "points: not pairs of finite numbers");
		return 0;
	}
	if (!size && !one_of(a, "x y x1 y1 x2 y2 cx cy"))
		return 0;
	if (numbers(v, n, x, 1) != 1) {
		snprintf(d->err, sizeof d->err, "<%.20s %.20s=\"%.*s\">: not a finite number",
			 e, a, (int)(n < 40 ? n : 40), v);
		return -1;
	}
	if (size && x[0] < 0) {
		snprintf(d->err, sizeof d->err, "<%.20s %.20s=\"%.*s\">: a negative size",
			 e, a, (int)(n < 40 ? n : 40), v);
		return -1;
	}
	return 0;
}

/* The attributes of a start tag of element e, up to '>' or "/>"; sets
 * *xmlns when the SVG namespace is declared. */
static int attributes(struct doc *d, const char *e, int *xmlns)
{
	char names[ATTR_MAX][64];
	size_t na = 0;
	for (;;) {
		char q;
		size_t v0;
		int had = d->i < d->n && strchr(" \t\r\n", d->s[d->i]);
		skip_space(d);
		if (at(d, ">") || at(d, "/>"))
			return 0;
		if (!had)
			return fail(d, "no blank before an attribute");
		if (na == ATTR_MAX || name(d, names[na]) != 0)
			return fail(d, "a bad attribute name");
		for (size_t k = 0; k < na; k++)
			if (strcmp(names[k], names[na]) == 0)
				return fail(d, "an attribute given twice");
		skip_space(d);
		if (!at(d, "="))
			return fail(d, "an attribute without '='");
		skip(d, 1);
		skip_space(d);
		q = d->s[d->i];
		if (q != '"' && q != '\'')
			return fail(d, "an attribute value not quoted");
		skip(d, 1);
		v0 = d->i;
		while (d->i < d->n && d->s[d->i] != q) {
			if (d->s[d->i] == '<')
				return fail(d, "'<' in an attribute value");
			if (d->s[d->i] == '&' ? reference(d) != 0 : (skip(d, 1), 0))
				return -1;
		}
		if (d->i >= d->n)
			return fail(d, "an unterminated attribute value");
		if (shape_value(d, e, names[na], d->s + v0, d->i - v0) != 0)
			return -1;
		if (strcmp(names[na], "xmlns") == 0 &&
		    d->i - v0 == 26 && strncmp(d->s + v0, "http://www.w3.org/2000/svg", 26) == 0)
			*xmlns = 1;
		skip(d, 1);
		na++;
	}
}

/* A comment, the declaration, an end tag or a start tag at d->i ('<'). */
static int markup(struct doc *d, char stack[][64], int *depth, int *roots)
{
	char nm[64];
	int xmlns = 0;
	if (at(d, "<!--")) {
		const char *e = strstr(d->s + d->i + 4, "--");
		if (!e || e[2] != '>')
			return fail(d, "a bad comment");
		skip(d, (size_t)(e + 3 - (d->s + d->i)));
		return 0;
	}
	if (at(d, "<?xml ")) {
		const char *e = strstr(d->s + d->i, "?>");
		if (d->i != 0 || !e)
			return fail(d, "a misplaced or unterminated XML declaration");
		skip(d, (size_t)(e + 2 - d->s));
		return 0;
	}
	if (at(d, "</")) {
		skip(d, 2);
		if (name(d, nm) != 0)
			return -1;
		skip_space(d);
		if (!at(d, ">") || *depth == 0 || strcmp(stack[*depth - 1], nm) != 0)
			return fail(d, "an end tag that does not match its start tag");
		skip(d, 1);
		--*depth;
		return 0;
	}
	skip(d, 1);
	if (name(d, nm) != 0 || attributes(d, nm, &xmlns) != 0)
		return -1;
	if (*depth == 0) {
		if (++*roots > 1)
			return fail(d, "more than one root element");
		if (strcmp(nm, "svg") != 0 || !xmlns)
			return fail(d, "the root is not <svg xmlns=\"http://www.w3.org/2000/svg\">");
	}
	if (at(d, "/>")) {
		skip(d, 2);
		return 0;
	}
	if (*depth == DEPTH_MAX)
		return fail(d, "elements nested too deep");
	strcpy(stack[(*depth)++], nm);
	skip(d, 1);
	return 0;
}

/* Whether the n bytes of s are UTF-8 (no overlong, surrogate or control
 * byte but tab, CR and LF). */
static int utf8_ok(const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t k = s[i] < 0x80 ? 1 : s[i] >= 0xc2 && s[i] < 0xe0 ? 2
			 : s[i] >= 0xe0 && s[i] < 0xf0 ? 3 : s[i] >= 0xf0 && s[i] < 0xf5 ? 4 : 0;
		if (k == 0 || i + k > n || (k == 1 && s[i] < 0x20 && !strchr("\t\r\n", s[i])))
			return 0;
		for (size_t j = 1; j < k; j++)
			if ((s[i + j] & 0xc0) != 0x80)
				return 0;
		if ((k == 3 && s[i] == 0xe0 && s[i + 1] < 0xa0) ||
		    (k == 3 && s[i] == 0xed && s[i + 1] >= 0xa0) ||
		    (k == 4 && s[i] == 0xf0 && s[i + 1] < 0x90) ||
		    (k == 4 && s[i] == 0xf4 && s[i + 1] >= 0x90))
			return 0;
		i += k;
	}
	return 1;
}

static int check(struct doc *d)
{
	static char stack[DEPTH_MAX][64];
	int depth = 0, roots = 0;
	if (!utf8_ok((const unsigned char *)d->s, d->n))
		return fail(d, "not UTF-8 text");
	while (d->i < d->n) {
		if (text(d, depth) != 0)
			return -1;
		if (d->i < d->n && markup(d, stack, &depth, &roots) != 0)
			return -1;
	}
	if (depth)
		return fail(d, "an element not closed at the end");
	return roots ? 0 : fail(d, "no root element");
}

int main(int argc, char **argv)
{
	int status = 0;
	for (int a = 1; a < argc; a++) {
		FILE *f = fopen(argv[a], "rb");
		struct doc d;
		char *buf = NULL;
		size_t cap = 0, n = 0, got;
		if (!f) {
			fprintf(stderr, "xmlcheck: %s: cannot open\n", argv[a]);
			return 2;
		}
		do {
			if (n + 65536 + 1 > cap) {
				cap = 2 * cap + 65536 + 1;
				if (!(buf = realloc(buf, cap)))
					return 2;
			}
			got = fread(buf + n, 1, 65536, f);
			n += got;
		} while (got > 0);
		fclose(f);
		buf[n] = '\0';
		memset(&d, 0, sizeof d);
		d.path = argv[a];
		d.s = buf;
		d.n = n;
		d.line = 1;
		if (memchr(buf, '\0', n) || check(&d) != 0) {
			fprintf(stderr, "xmlcheck: %s:%u: %s\n", argv[a], d.line,
				d.err[0] ? d.err : "a NUL byte");
			status = 1;
		}
		free(buf);
	}
	return status;
}
