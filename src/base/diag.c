/*
 * diag.c - error and warning texts (see diag.h).
 */
#include "diag.h"
#include "xalloc.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

void diag_at(struct diag *d, const char *file, unsigned long line,
	     const char *fmt, ...)
{
	va_list ap;
	int n;
	if (d->set)
		return;
	if (line)
		n = snprintf(d->msg, sizeof d->msg, "%s:%lu: ", file, line);
	else
		n = snprintf(d->msg, sizeof d->msg, "%s: ", file);
	if (n < 0 || (size_t)n >= sizeof d->msg)
		n = 0;
	d->line = n ? line : 0;
	d->file_len = strlen(file);
	d->text_at = (size_t)n;
	va_start(ap, fmt);
	vsnprintf(d->msg + n, sizeof d->msg - (size_t)n, fmt, ap);
	va_end(ap);
	d->set = 1;
}

void diag_set(struct diag *d, const char *fmt, ...)
{
	va_list ap;
	if (d->set)
		return;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
	va_end(ap);
	d->set = 1;
}

/* Fold one's msg into d's last error when they are the same error on
 * another line of the same file; returns 1 when folded. */
static int fold_into(struct diag *d, const struct diag *one)
{
	size_t last = d->nmore;
	const char *m = last ? d->more[last - 1] : d->msg;
	struct diag_fold *f;
	if (!d->set || !one->line || !d->fold || d->dropped)
		return 0;
	f = &d->fold[last];
	if (!f->count || f->file_len != one->file_len ||
	    strncmp(m, one->msg, one->file_len) != 0 ||
	    strcmp(m + f->text_at, one->msg + one->text_at) != 0)
		return 0;
	if (f->count < DIAG_KEEP)
		f->lines[f->count] = one->line;
	f->count++;
	return 1;
}

/* Append message m to d, with src's folding (or none: NULL), or when
 * line is set as the first of a fold of its own. */
static void keep_one(struct diag *d, const char *m,
		     const struct diag_fold *src, const struct diag *line)
{
	struct diag_fold *f;
	if (!d->set) {
		snprintf(d->msg, sizeof d->msg, "%s", m);
		d->set = 1;
	} else if (d->nmore + 1 < DIAG_KEEP) {
		d->more = xreallocarray(d->more, d->nmore + 1, sizeof *d->more);
		d->more[d->nmore++] = xstrdup(m);
	} else {
		d->dropped++;
		return;
	}
	d->fold = xreallocarray(d->fold, d->nmore + 1, sizeof *d->fold);
	f = &d->fold[d->nmore];
	memset(f, 0, sizeof *f);
	if (src) {
		*f = *src;
	} else if (line && line->line) {
		f->count = 1;
		f->lines[0] = line->line;
		f->file_len = line->file_len;
		f->text_at = line->text_at;
	}
}

void diag_keep(struct diag *d, struct diag *one)
{
	if (!one->set)
		return;
	if (!one->nmore && !one->fold && fold_into(d, one)) {
		diag_release(one);
		return;
	}
	for (size_t i = 0; i <= one->nmore; i++)
		keep_one(d, i ? one->more[i - 1] : one->msg,
			 one->fold ? &one->fold[i] : NULL, i == 0 ? one : NULL);
	d->dropped += one->dropped;
	diag_release(one);
}

int diag_find(const struct diag *d, const char *needle)
{
	for (size_t i = 0; d->set && i <= d->nmore; i++)
		if (strstr(i ? d->more[i - 1] : d->msg, needle))
			return 1;
	return 0;
}

size_t diag_count(const struct diag *d)
{
	return d->set ? 1 + d->nmore : 0;
}

void diag_print(FILE *f, const struct diag *d)
{
	diag_print_as(f, "cbeval", d);
}

/* Print error m, folded as f says. */
static void print_folded(FILE *out, const char *prog, const char *m,
			 const struct diag_fold *f)
{
	size_t shown = f->count < DIAG_KEEP ? f->count : DIAG_KEEP, run = 1;
	while (run < shown && f->lines[run] == f->lines[run - 1] + 1)
		run++;
	fprintf(out, "%s: %.*s:", prog, (int)f->file_len, m);
	if (run == shown) {
		fprintf(out, "%lu-%lu", f->lines[0], f->lines[shown - 1]);
	} else {
		shown = shown < 5 ? shown : 5;
		for (size_t i = 0; i < shown; i++)
			fprintf(out, "%s%lu", i ? ", " : "", f->lines[i]);
	}
	if (f->count > shown)
		fprintf(out, " and %lu more line%s", f->count - shown,
			f->count - shown == 1 ? "" : "s");
	fprintf(out, ": %s\n", m + f->text_at);
}

void diag_print_as(FILE *f, const char *prog, const struct diag *d)
{
	if (!d->set)
		return;
	for (size_t i = 0; i <= d->nmore; i++) {
		const char *m = i ? d->more[i - 1] : d->msg;
		if (d->fold && d->fold[i].count > 1)
			print_folded(f, prog, m, &d->fold[i]);
		else if (m[0])
			fprintf(f, "%s: %s\n", prog, m);
	}
	if (d->dropped)
		fprintf(f, "%s: %lu more error%s not shown\n", prog, d->dropped,
			d->dropped == 1 ? "" : "s");
}

void diag_release(struct diag *d)
{
	for (size_t i = 0; i < d->nmore; i++)
		free(d->more[i]);
	free(d->more);
	free(d->fold);
	d->fold = NULL;
	d->more = NULL;
	d->nmore = 0;
	d->line = 0;
	d->dropped = 0;
	d->msg[0] = '\0';
	d->set = 0;
}

void diag_write_failed(struct diag *d, const char *what)
{
	if (errno == EPIPE) {
		if (!d->set) {
			d->msg[0] = '\0';
			d->set = 1;
		}
		return;
	}
	diag_set(d, "cannot write %s: %s", what, strerror(errno));
}

void warnings_init(struct warnings *w)
{
	w->where = w->text = NULL;
	w->n = w->cap = 0;
}

void warnings_release(struct warnings *w)
{
	for (size_t i = 0; i < w->n; i++) {
		free(w->where[i]);
		free(w->text[i]);
	}
	free(w->where);
	free(w->text);
	warnings_init(w);
}

void warnings_add(struct warnings *w, const char *where, const char *fmt, ...)
{
	char buf[DIAG_MAX];
	size_t cap = w->cap;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	xgrow(&w->where, &cap, w->n + 1, sizeof *w->where);
	w->text = xreallocarray(w->text, cap, sizeof *w->text);
	w->cap = cap;
	w->where[w->n] = xstrdup(where);
	w->text[w->n++] = xstrdup(buf);
}

/* The kinds of warnings (--quiet=KIND), each known by its text. */
static const struct {
	const char *kind, *text;
} wkinds[] = {
	{ "unjudged", "not in the qrels ignored" },
	{ "missing", "run has no documents for" },
	{ "shared", "no topic in common" },
	{ "duplicates", "duplicate" },
	{ "names", "run name " },
	{ "names", "differs from the first line's" },
};
#define NWKINDS (sizeof wkinds / sizeof *wkinds)

int warnings_kind(const char *name, unsigned *mask)
{
	int found = 0;
	for (size_t i = 0; i < NWKINDS; i++)
		if (strcmp(wkinds[i].kind, name) == 0) {
			*mask |= 1u << i;
			found = 1;
		}
	if (strcmp(name, "analysis") == 0) {
		*mask |= 1u << NWKINDS;
		found = 1;
	}
	return found ? 0 : -1;
}

const char *warnings_kinds(void)
{
	return "unjudged, missing, shared, duplicates, names, analysis";
}

/* 1 when text is of a kind in skip. */
static int skipped(const char *text, unsigned skip)
{
	int known = 0;
	for (size_t i = 0; i < NWKINDS; i++)
		if (strstr(text, wkinds[i].text)) {
			known = 1;
			if (skip & (1u << i))
				return 1;
		}
	return !known && (skip & (1u << NWKINDS));
}

void warnings_print(FILE *f, const struct warnings *const *lists, size_t n,
		    unsigned skip)
{
	/* done[l] = how many of list l's warnings were printed with an
	 * earlier list's; they are matched in order, first unprinted one. */
	size_t total = 0, at = 0;
	unsigned char *done;
	for (size_t l = 0; l < n; l++)
		total += lists[l]->n;
	done = xcalloc(total ? total : 1, 1);
	for (size_t l = 0; l < n; l++) {
		const struct warnings *w = lists[l];
		for (size_t i = 0; i < w->n; i++, at++) {
			size_t more = 0, at2 = at - i + w->n;
			if (done[at] || skipped(w->text[i], skip))
				continue;
			for (size_t m = l + 1; m < n; m++) {
				const struct warnings *v = lists[m];
				for (size_t j = 0; j < v->n; j++)
					if (!done[at2 + j] &&
					    strcmp(v->text[j], w->text[i]) == 0) {
						done[at2 + j] = 1;
						more++;
						break;
					}
				at2 += v->n;
			}
			if (more)
				fprintf(f, "cbeval: %s (and %zu other file%s): warning: %s\n",
					w->where[i], more, more == 1 ? "" : "s",
					w->text[i]);
			else
				fprintf(f, "cbeval: %s: warning: %s\n", w->where[i],
					w->text[i]);
		}
	}
	free(done);
}

char *diag_quote(char *out, size_t outsz, const char *s, size_t n)
{
	size_t o = 0;
	const size_t limit = 60;
	for (size_t i = 0; i < n && o + 8 < outsz; i++) {
		unsigned char c = (unsigned char)s[i];
		if (i == limit) {
			memcpy(out + o, "...", 3);
			o += 3;
			break;
		}
		if (c < 0x20 || c >= 0x7f)
			o += (size_t)snprintf(out + o, outsz - o, "\\x%02x", c);
		else
			out[o++] = (char)c;
	}
	out[o] = '\0';
	return out;
}
