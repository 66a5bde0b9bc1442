/*
 * diag.h - error and warning texts.
 *
 * Library code never prints errors and never exits (except xalloc on out of
 * memory): it fills a struct diag and returns -1, and main prints
 * "cbeval: <text>" and chooses the exit status.  Texts follow git's style:
 * lowercase, subject first, no full stop, and for input errors the location
 * "FILE:LINE: " first.
 *
 * Warnings are gathered in a struct warnings so that work done in parallel
 * still reports them in a deterministic order (command-line order).
 */
#ifndef CBEVAL_DIAG_H
#define CBEVAL_DIAG_H

#include <stddef.h>

#define DIAG_MAX 1024

struct diag {
	char msg[DIAG_MAX];
	int set;
};

/* Set d to "FILE:LINE: <fmt...>" (or "FILE: ..." when line is 0).  Only the
 * first error is kept: a later call on a set diag does nothing. */
void diag_at(struct diag *d, const char *file, unsigned long line,
	     const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Set d to the formatted text (first error wins, as above). */
void diag_set(struct diag *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* A failed write to what ("output", "the images"): sets d to "cannot
 * write WHAT: <strerror(errno)>", except for EPIPE (the reader closed the
 * pipe), where d is set with an empty message, which main does not print. */
void diag_write_failed(struct diag *d, const char *what);

struct warnings {
	char **v;
	size_t n, cap;
};

void warnings_init(struct warnings *w);
void warnings_release(struct warnings *w);
/* Append a formatted warning; the text is copied. */
void warnings_add(struct warnings *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Make a printable copy of the n bytes at s for a message: control bytes
 * and bytes >= 0x7f become \xNN, and long strings are cut to about 60
 * bytes with "...".  Writes into out (size outsz) and returns out. */
char *diag_quote(char *out, size_t outsz, const char *s, size_t n);

#endif
