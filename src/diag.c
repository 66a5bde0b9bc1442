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

void diag_keep(struct diag *d, struct diag *one)
{
	if (!one->set)
		return;
	for (size_t i = 0; i <= one->nmore; i++) {
		const char *m = i ? one->more[i - 1] : one->msg;
		if (!d->set) {
			snprintf(d->msg, sizeof d->msg, "%s", m);
			d->set = 1;
		} else if (d->nmore + 1 < DIAG_KEEP) {
			d->more = xreallocarray(d->more, d->nmore + 1, sizeof *d->more);
			d->more[d->nmore++] = xstrdup(m);
		} else {
			d->dropped++;
		}
	}
	d->dropped += one->dropped;
	diag_release(one);
}

size_t diag_count(const struct diag *d)
{
	return d->set ? 1 + d->nmore : 0;
}

void diag_print(FILE *f, const struct diag *d)
{
	diag_print_as(f, "cbeval", d);
}

void diag_print_as(FILE *f, const char *prog, const struct diag *d)
{
	if (!d->set)
		return;
	if (d->msg[0])
		fprintf(f, "%s: %s\n", prog, d->msg);
	for (size_t i = 0; i < d->nmore; i++)
		fprintf(f, "%s: %s\n", prog, d->more[i]);
	if (d->dropped)
		fprintf(f, "%s: %lu more error%s not shown\n", prog, d->dropped,
			d->dropped == 1 ? "" : "s");
}

void diag_release(struct diag *d)
{
	for (size_t i = 0; i < d->nmore; i++)
		free(d->more[i]);
	free(d->more);
	d->more = NULL;
	d->nmore = 0;
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

void warnings_print(FILE *f, const struct warnings *const *lists, size_t n)
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
			if (done[at])
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
