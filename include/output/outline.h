/*
 * outline.h - one line of output built in memory and written at once:
 * the rows of the TSV and -F trec printers, with numbers formatted by
 * numfmt.h instead of printf (the same bytes).  A printer of hundreds of
 * thousands of rows spends its time in stdio's per-call locking and in
 * printf's parsing; a row built here costs one fwrite.
 *
 * Usage: outline_init, then the pieces in order, then outline_end, which
 * writes the line (and a '\n').  A line longer than the buffer is written
 * in parts as it grows, so any length works; the bytes are the same.  No
 * allocation; write errors show in ferror(f), as fprintf's do.
 */
#ifndef CBEVAL_OUTLINE_H
#define CBEVAL_OUTLINE_H

#include <stddef.h>
#include <stdio.h>

#include "numfmt.h"

#define OUTLINE_SIZE 1024

struct outline {
	FILE *f;
	size_t n;                  /* bytes held in b */
	char b[OUTLINE_SIZE];
};

void outline_init(struct outline *l, FILE *f);

/* The bytes of s; with outline_pad, then spaces to width in all ("%-*s"). */
void outline_str(struct outline *l, const char *s);
void outline_pad(struct outline *l, const char *s, size_t width);
void outline_char(struct outline *l, char c);

/* v as "%*.*f" writes it: decimals digits after the point, spaces in
 * front up to width. */
void outline_fixed(struct outline *l, double v, int decimals, size_t width);

/* x as "%ld". */
void outline_long(struct outline *l, long x);

/* A tab and v as output_num prints it (output.h): "NA" for NaN, no
 * minus sign on a value that rounds to zero. */
void outline_num(struct outline *l, double v, int decimals);

/* A tab and p as output_p prints it (output.h): "%.*g" with decimals
 * significant digits (at least 1), "NA" for NaN. */
void outline_p(struct outline *l, double p, int decimals);

/* '\n', and the line written. */
void outline_end(struct outline *l);

#endif
