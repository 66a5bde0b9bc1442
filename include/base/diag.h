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
#include <stdio.h>

#define DIAG_MAX 1024
#define DIAG_KEEP 20   /* errors kept for one run of the program */

/* One error of a diag repeated on consecutive error lines of one file
 * (diag_keep folds them): how often, and the first lines. */
struct diag_fold {
	unsigned long count;
	unsigned long lines[DIAG_KEEP];   /* the first min(count, DIAG_KEEP) */
	size_t file_len, text_at;         /* "FILE" and "FILE:LINE: " */
};

/* An error (msg, when set) and, after diag_keep, up to DIAG_KEEP - 1
 * further ones; zero-initialise, and diag_release once diag_keep was used. */
struct diag {
	char msg[DIAG_MAX];
	int set;
	char **more;            /* malloc'd copies, in order */
	size_t nmore;
	unsigned long dropped;  /* errors past DIAG_KEEP, counted only */
	/* msg of diag_at with a line: the line, the lengths of "FILE" and
	 * of "FILE:LINE: "; line 0 otherwise */
	unsigned long line;
	size_t file_len, text_at;
	struct diag_fold *fold; /* [1 + nmore] after diag_keep, or NULL */
};

/* Set d to "FILE:LINE: <fmt...>" (or "FILE: ..." when line is 0).  Only the
 * first error is kept: a later call on a set diag does nothing. */
void diag_at(struct diag *d, const char *file, unsigned long line,
	     const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Set d to the formatted text (first error wins, as above). */
void diag_set(struct diag *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Move every error of one (its msg and its more) to the end of d's,
 * keeping DIAG_KEEP in all (later ones are only counted), and clear one.
 * An error of one FILE:LINE whose text is the text of d's last error, of
 * the same file, is folded into it: printed once as "FILE:1-20 and 980
 * more lines: TEXT" (or "FILE:3, 7, 9: TEXT"), and counted once. */
void diag_keep(struct diag *d, struct diag *one);
/* 1 when one of d's errors contains needle, else 0. */
int diag_find(const struct diag *d, const char *needle);
/* Errors held: 0 when unset. */
size_t diag_count(const struct diag *d);
/* Print every error as "cbeval: MSG" (an empty msg prints nothing), then
 * "cbeval: N more errors not shown" when errors were dropped. */
void diag_print(FILE *f, const struct diag *d);
/* The same under another program name (the trec_eval link). */
void diag_print_as(FILE *f, const char *prog, const struct diag *d);
/* Free what diag_keep allocated; d is unset afterwards. */
void diag_release(struct diag *d);

/* A failed write to what ("output", "the images"): sets d to "cannot
 * write WHAT: <strerror(errno)>", except for EPIPE (the reader closed the
 * pipe), where d is set with an empty message, which main does not print. */
void diag_write_failed(struct diag *d, const char *what);

/* A list of warnings, each a place ("FILE" or "FILE:LINE") and a text. */
struct warnings {
	char **where, **text;
	size_t n, cap;
};

void warnings_init(struct warnings *w);
void warnings_release(struct warnings *w);
/* Append a warning about where; both texts are copied. */
void warnings_add(struct warnings *w, const char *where, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Print the warnings of lists[0..n) to f as "cbeval: WHERE: warning:
 * TEXT", in order, but those of the kinds in skip (warnings_kind).  A text that several lists share (59 runs with the
 * same topics missing from the qrels) is printed once, at its first place,
 * as "cbeval: WHERE (and N other files): warning: TEXT". */
void warnings_print(FILE *f, const struct warnings *const *lists, size_t n,
		    unsigned skip);
/* The kinds of warnings, for --quiet=KIND: unjudged (topics of a run
 * that the qrels do not judge), missing (qrels topics a run lacks),
 * shared (a run with no topic of the qrels), duplicates, names (run
 * names and tags), analysis (the rest: an analysis's NA figures).
 * warnings_kind adds the bit of kind name to *mask for warnings_print's
 * skip; returns 0, or -1 for an unknown name.  warnings_kinds: their
 * list, for messages. */
int warnings_kind(const char *name, unsigned *mask);
const char *warnings_kinds(void);

/* Make a printable copy of the n bytes at s for a message: control bytes
 * and bytes >= 0x7f become \xNN, and long strings are cut to about 60
 * bytes with "...".  Writes into out (size outsz) and returns out. */
char *diag_quote(char *out, size_t outsz, const char *s, size_t n);

#endif
