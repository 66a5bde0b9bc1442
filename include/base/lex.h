/*
 * lex.h - splitting input lines into fields and strict number parsing.
 *
 * Fields are separated by runs of spaces and tabs.  Any other control byte
 * (0x00-0x1f, 0x7f) inside a line is rejected, which also catches binary
 * garbage and a lone carriage return.  Numbers are parsed with strtol/strtod
 * and an end pointer: the whole field must be the number, in plain decimal
 * notation, within range.
 */
#ifndef CBEVAL_LEX_H
#define CBEVAL_LEX_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#define LEX_MAX_FIELDS 8

struct fields {
	const char *f[LEX_MAX_FIELDS];
	size_t len[LEX_MAX_FIELDS];
	size_t n;               /* number of fields, may exceed LEX_MAX_FIELDS */
};

/* Split line (len bytes).  Returns 0, or the offending byte + 1 (1..256)
 * when the line holds a control byte, with *at set to its offset. */
int lex_split(const char *line, size_t len, struct fields *fs, size_t *at);

/* One line of an input file, numbered lineno in file: skip it (0) when
 * it is blank or starts with '#'; else split it into fs and return 1 when
 * it has nmin..nmax fields, or -1 with d set to "FILE:LINE: control byte
 * ..." or "FILE:LINE: KIND line has N fields, expected EXPECT". */
int lex_record(const char *file, unsigned long lineno, const char *line,
	       size_t len, struct fields *fs, size_t nmin, size_t nmax,
	       const char *kind, const char *expect, struct diag *d);

/* Parse a whole field as a decimal integer in [lo, hi].  Returns 0, or -1
 * with *why set to a short reason ("not an integer", "out of range"). */
int lex_long(const char *s, size_t n, long lo, long hi, long *out,
	     const char **why);
/* Parse a whole field as a decimal integer in [lo, hi] of uint64_t,
 * whatever the width of long (a negative number is out of range).
 * Returns 0 or -1 + *why. */
int lex_u64(const char *s, size_t n, uint64_t lo, uint64_t hi, uint64_t *out,
	    const char **why);
/* 1 when the NUL-terminated s is one or more ASCII digits, else 0. */
int lex_all_digits(const char *s);
/* Parse a whole field as a finite decimal number (digits, one optional
 * point, optional exponent; no hex, inf or nan).  Returns 0 or -1 + *why. */
int lex_double(const char *s, size_t n, double *out, const char **why);

#endif
