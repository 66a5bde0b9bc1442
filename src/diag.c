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
	w->v = NULL;
	w->n = w->cap = 0;
}

void warnings_release(struct warnings *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
	warnings_init(w);
}

void warnings_add(struct warnings *w, const char *fmt, ...)
{
	char buf[DIAG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	xgrow(&w->v, &w->cap, w->n + 1, sizeof *w->v);
	w->v[w->n++] = xstrdup(buf);
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
