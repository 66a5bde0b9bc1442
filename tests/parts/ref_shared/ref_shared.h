/*
 * tests/parts/ref_shared/ref_shared.h - what the slow references
 * (tests/ref_*.c and their parts in tests/parts/ref_NAME/) share beyond
 * tests/ref_common.h: sets of names interned in order of first
 * appearance, the natural order of qids, a line reader (getline with the
 * line end dropped and the line counted), the blank-or-comment test and
 * the finite-number parse of the qrels/run/values readers, the readers
 * of --values files and of image 0 of cbeval's --images output, and the
 * number format of the tables of ref_bias and ref_meld.  The Makefile compiles the *.c
 * files beside this header into every build/ref_* with -DREF_PROG set to
 * the program's name, so their messages carry it as ref_common.h's die
 * does.  Sizes: names are found by a linear search (a few dozen runs,
 * topics or measures); lines as long as memory allows.  Every function
 * dies (exit status 2) where it says so; memory returned belongs to the
 * caller.
 */
#ifndef REF_SHARED_H
#define REF_SHARED_H

#include <stddef.h>
#include <stdio.h>

#ifndef REF_PROG
#error "define REF_PROG (the program's name) before including ref_shared.h"
#endif
#include "../../ref_common.h"

/* A set of names in the order they were first added (no two equal when
 * filled by names_intern). */
struct names {
	char **v;
	size_t n, cap;
};

/* names.c: name sets, qid order, strings */
/* The index of name in s, or -1. */
long names_find(const struct names *s, const char *name);
/* The index of name in s, added (a copy) at the end when new. */
size_t names_intern(struct names *s, const char *name);
/* Frees the names of s and empties it. */
void names_free(struct names *s);
/* The natural order of qids a and b (< 0, 0, > 0 as strcmp): with
 * numeric, by number (leading zeros ignored, then by length and bytes,
 * equal numbers by bytes), else by bytes. */
int qid_cmp(const char *a, const char *b, int numeric);
/* a followed by b, newly allocated (the caller frees it). */
char *xprintf2(const char *a, const char *b);
/* x with p decimals into buf (64 bytes), a zero's sign dropped ("-0.000"
 * prints "0.000"); returns buf. */
char *fmt_fixed(double x, int p, char *buf);

/* lines.c: reading text files */
/* A text file read line by line; line is valid until the next call. */
struct lines {
	FILE *f;
	char *line;
	size_t cap, lineno;	/* lineno: lines read so far */
};
/* Opens path for reading into l (dies "cannot open" naming it). */
void lines_open(struct lines *l, const char *path);
/* The next line without its end ("\n", "\r\n"), NULL at the end of the
 * file; it belongs to l. */
char *lines_next(struct lines *l);
/* The next line that line_skipped does not skip, as lines_next. */
char *lines_data(struct lines *l);
/* Frees the line buffer and closes the file. */
void lines_close(struct lines *l);
/* 1 when a line is skipped: empty, blanks (space, tab, CR, LF) only, or
 * '#' first. */
int line_skipped(const char *line);
/* A finite number, the whole of s; dies "bad value" otherwise. */
double finite_value(const char *s);

/* The layout of a --values file: nf tab-separated fields a line; line 1
 * has nf fields beginning with the words head[0..] (NULL-terminated),
 * else die badhead; with skip_empty, empty lines (line 1 too) are passed
 * over. */
struct tsv_form {
	int nf;
	const char *const *head;
	const char *badhead;
	int skip_empty;
};
/* The next line after the header of the --values file read by l: 1 with
 * its fields in fld[0..nf) (fld has room for nf + 1; they point into l's
 * line), 0 at the end.  Dies on a bad header, or "--values: wrong number
 * of fields" on a line of another number. */
int values_next(struct lines *l, const struct tsv_form *form, char **fld);

/* One row of image 0 of an --images file: run, topic, measure indices. */
struct vrow {
	size_t r, t, m;
	double x;
};
/* The next row of image 0 of the --images file path read by l (its
 * header checked on line 1: dies "not an --images file"): 1 with its
 * five fields (run, qid, measure, image, value) in fld[0..4] (fld has
 * room for 6; they point into l's line), 0 at the end.  Dies with badline
 * on a line of another number of fields. */
int images_next(struct lines *l, const char *path, char **fld, const char *badline);
/* The rows of image 0 of the --images file path, but those of qid "all",
 * names interned in rn, tn and mn; *nrows of them (the caller frees
 * them).  Dies on a bad file or value. */
struct vrow *images_read(const char *path, struct names *rn, struct names *tn,
			 struct names *mn, size_t *nrows);

#endif
