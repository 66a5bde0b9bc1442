/*
 * numfmt.h - numbers written as printf writes them, without printf: the
 * "print" step writes hundreds of thousands of values (-q -m all_trec on
 * 129 runs prints 630,000 lines), one thread, after the parallel work,
 * and glibc's "%.4f" took about a fifth of such a run.
 *
 * The bytes are printf's, to the last one: numfmt_fixed gives what
 * snprintf(buf, NUMFMT_SIZE, "%.*f", decimals, v) gives for every double
 * v and every decimals from 0 to 17 (cbeval's -p range), in the default
 * rounding mode (round half to even, which cbeval never changes).
 * tests/test_numfmt.c checks it against snprintf on ties, near-ties,
 * signed zeros, subnormals, non-finite values and millions of random
 * values.  Pure functions; no allocation, no locale (cbeval never calls
 * setlocale, so the point is '.').
 */
#ifndef CBEVAL_NUMFMT_H
#define CBEVAL_NUMFMT_H

#include <stddef.h>
#include <stdint.h>

/* Room for any result: "%.17f" of -DBL_MAX is 328 bytes and the NUL. */
#define NUMFMT_SIZE 352

/* v as "%.*f" writes it with decimals (0..17) digits after the point,
 * into buf (NUMFMT_SIZE bytes), NUL-terminated; returns its length.
 * Exact: the decimal digits of v's binary value, rounded half to even
 * at the last digit.  Finite values below 9e18 / 10^decimals with at
 * most 9 decimals take a path of integer arithmetic; the rest (and
 * compilers without a 128-bit integer) go through snprintf. */
size_t numfmt_fixed(char *buf, double v, int decimals);

/* The digits of u in decimal into buf (21 bytes), NUL-terminated, as
 * "%llu" writes them; returns the length. */
size_t numfmt_u64(char *buf, uint64_t u);

/* x as "%ld" writes it, into buf (22 bytes); returns the length. */
size_t numfmt_long(char *buf, long x);

#endif
