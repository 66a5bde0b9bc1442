/*
 * analysis_help.c - what the rows of the analyses add to the usage lines
 * and to --help (see analysis.h): the options that select them, their
 * options, their --help lines and their output columns.  The usage lines
 * are wrapped here, for the command line's words and the analyses'
 * alike, at 78 columns.
 */
#include "analysis.h"

#include <string.h>

#define WRAP_WIDTH 78

/* A usage line being written: its column, and the indent of the next. */
struct wrap {
	FILE *f;
	size_t col, indent;
};

/* Write the unit u (n bytes) on the line, or on a new one when it does
 * not fit (one more blank of indent for a "| ..." continuation). */
static void wrap_unit(struct wrap *w, const char *u, size_t n)
{
	if (w->col + 1 + n > WRAP_WIDTH && w->col > w->indent) {
		fprintf(w->f, "\n%*s", (int)(w->indent + (u[0] == '|')), "");
		w->col = w->indent + (u[0] == '|');
	} else if (w->col > w->indent) {
		fputc(' ', w->f);
		w->col++;
	}
	fwrite(u, 1, n, w->f);
	w->col += n;
}

/* The units of words, separated by blanks outside brackets; a newline
 * in words breaks the line there. */
static void wrap_words(struct wrap *w, const char *words)
{
	const char *p = words;
	while (*p) {
		const char *q = p;
		int depth = 0;
		if (*p == ' ') {
			p++;
			continue;
		}
		if (*p == '\n') {         /* a line break where the caller wants */
			fprintf(w->f, "\n%*s", (int)w->indent, "");
			w->col = w->indent;
			p++;
			continue;
		}
		for (; *q && (depth || (*q != ' ' && *q != '\n')); q++)
			depth += (*q == '[') - (*q == ']');
		wrap_unit(w, p, (size_t)(q - p));
		p = q;
	}
}

/* Whether row a has a place in the usage line (from_images: those that
 * read corpus images only). */
static int in_usage(const struct analysis *a, int from_images)
{
	return a->option && (!from_images || a->input == IN_IMAGES);
}

/* The options of the analyses, each once ("[--mf LIST]"). */
static void wrap_opts(struct wrap *w, int from_images)
{
	char unit[128];
	for (size_t i = 0; i < analysis_table_len; i++) {
		const struct analysis *a = analysis_table[i];
		for (size_t k = 1; in_usage(a, from_images) && k < a->nopts; k++) {
			const struct analysis_opt *r = &a->opts[k];
			if (analysis_opt_find(r->name, strlen(r->name)) != r)
				continue;
			snprintf(unit, sizeof unit, "[%s%s%s]%s", r->name,
				 r->arg ? " " : "", r->arg ? r->arg : "",
				 r->many ? "..." : "");
			wrap_unit(w, unit, strlen(unit));
		}
	}
}

void analysis_usage(FILE *f, const char *first, const char *before,
		    const char *after, int from_images)
{
	struct wrap w = { f, 14, 14 };
	char unit[128];
	size_t n = 0, last = 0;
	fprintf(f, "%-13s ", first);
	wrap_words(&w, before);
	for (size_t i = 0; i < analysis_table_len; i++)
		if (in_usage(analysis_table[i], from_images))
			last = i;
	if (w.col > w.indent) {      /* "[--pairs | ...]" begins a line */
		fprintf(f, "\n%*s", (int)w.indent, "");
		w.col = w.indent;
	}
	for (size_t i = 0; i < analysis_table_len; i++) {
		const struct analysis *a = analysis_table[i];
		const struct analysis_opt *r = &a->opts[0];
		if (!in_usage(a, from_images))
			continue;
		snprintf(unit, sizeof unit, "%s%s%s%s%s", n++ ? "| " : "[",
			 r->name, r->arg ? " " : "", r->arg ? r->arg : "",
			 i == last ? "]" : "");
		wrap_unit(&w, unit, strlen(unit));
	}
	wrap_opts(&w, from_images);
	wrap_words(&w, after);
	fputc('\n', f);
}

void analysis_help(FILE *f)
{
	for (size_t i = 0; i < analysis_table_len; i++)
		if (analysis_table[i]->help)
			fputs(analysis_table[i]->help, f);
}

void analysis_columns(FILE *f)
{
	int first = 1;
	for (size_t i = 0; i < analysis_table_len; i++)
		if (analysis_table[i]->columns) {
			fprintf(f, "%s%s", first ? "" : ";\n",
				analysis_table[i]->columns);
			first = 0;
		}
	fputs(".\n", f);
}
