/*
 * lexscan.h - short lines of six fields (run lines) or four (qrels lines)
 * split at the speed of a scan.
 *
 * The bytes of a buffer are classified 64 at a time into bit masks - the
 * newlines, the separators (space, tab), the bytes a line may not hold
 * (the other control bytes), the digits and points, the points - some
 * way ahead of the lines that read them, so that a line is split by a few
 * bit operations on the masks: no load waits for the end of the line
 * before it, as with memchr and a split line by line.  A line is split
 * as lex_split splits it (lex.h); one that is not short and plain is
 * left to the caller, who takes it the usual way (lex_record), which
 * says what is wrong with it.
 *
 * Sizes: lines of up to 63 bytes before their '\n' (run lines are about
 * 50); the masks of LEXSCAN_BLOCKS blocks of 64 bytes (1 KiB) are held at
 * a time, in the struct; nothing is allocated.
 */
#ifndef CBEVAL_LEXSCAN_H
#define CBEVAL_LEXSCAN_H

#include "hot.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define LEXSCAN_BLOCKS 16

/* Exact powers of ten, 10^0 .. 10^15 (10^k is a double without rounding
 * for k <= 22). */
extern const double lexscan_pow10[16];

/* A line of six fields (or four): field i is the bytes [s[i], e[i]) of
 * the line; bit k of num is set when byte k of the line is a digit or a
 * point, of point when it is a point (bits past the line's end are for
 * nothing). */
struct lex_line6 {
	uint8_t s[6], e[6];
	uint8_t len;            /* the line's length, without "\r\n" */
	uint64_t num, point;
};

/* The masks of one block of 64 bytes (bit k for byte k). */
struct lexscan_block {
	uint64_t nl, sep, bad, num, point;
};

/* A scan of the bytes p[0..n); the masks of blocks first .. first+nb-1
 * (block j is p[64 j .. 64 j + 64)). */
struct lexscan {
	const char *p;
	size_t n, first, nb;
	int isa;                /* 2 AVX-512BW, 1 AVX2, 0 SSE2 or plain C */
	struct lexscan_block b[LEXSCAN_BLOCKS];
};

/* Start a scan of the n bytes at p, which stay unchanged while it is
 * used.  Classifies nothing yet. */
void lexscan_init(struct lexscan *s, const char *p, size_t n);

/* Classify the blocks from block w on, as many as fit the struct and the
 * bytes (two only the first time: a scan may stop at its first line).
 * Returns 0 when not even blocks w and w + 1 fit the bytes.  For
 * lexscan_line. */
int lexscan_refill(struct lexscan *s, size_t w);

/* The mask of 64 bits starting at bit b (0..63) of the pair lo, hi: the
 * 64 bytes from byte b of block lo.  (hi << 1) << (63 - b) is hi << (64
 * - b) without shifting by 64 when b is 0. */
static inline HOT_INLINE uint64_t lexscan_window(uint64_t lo, uint64_t hi,
						  unsigned b)
{
	return (lo >> b) | ((hi << 1) << (63 - b));
}

/* The line that starts at offset o of the scanned bytes: it runs to the
 * first '\n' after o.  Returns its length with the '\n' (1..64), f set,
 * when the line is at most 63 bytes before its '\n' and, without a '\r'
 * just before the '\n', holds no control byte but tabs and has exactly
 * nf fields (4, a qrels line, or 6, a run line; fields nf.. of f are
 * not set), as lex_split would split it; else 0 - not such a line, or
 * fewer than 128 bytes from o's block to the end of the bytes (the last
 * line or two of a buffer) - and the caller takes the line the usual
 * way.  Inline: called for nearly every line of every run, with nf a
 * constant. */
static inline HOT_INLINE size_t lexscan_line(struct lexscan *s, size_t o,
					     struct lex_line6 *f, int nf)
{
	size_t w = o / 64, nl, len;
	unsigned b = (unsigned)(o % 64);
	const struct lexscan_block *x, *y;
	uint64_t in, bad, sep, st[6], en[6];
	if ((w < s->first || w + 1 >= s->first + s->nb) &&
	    !lexscan_refill(s, w))
		return 0;
	x = &s->b[w - s->first];
	y = x + 1;
	in = lexscan_window(x->nl, y->nl, b);
	if (!in)
		return 0;
	nl = (size_t)__builtin_ctzll(in);
	len = nl;
	in = ((uint64_t)1 << nl) - 1;    /* nl <= 63 */
	bad = lexscan_window(x->bad, y->bad, b) & in;
	if (bad) {   /* a '\r' before the '\n' is no part of the line */
		if (bad != (uint64_t)1 << (nl - 1) || s->p[o + nl - 1] != '\r')
			return 0;
		len = nl - 1;
		in >>= 1;
	}
	sep = (lexscan_window(x->sep, y->sep, b) & in) | ~in;
	/* a field starts at a non-separator after a separator (or at 0) and
	 * ends at a separator after a non-separator; each start has its end,
	 * as the bits past the line are separators.  st[i]: the starts from
	 * the i-th on, written out (nf is a constant) */
	st[0] = ~sep & ((sep << 1) | 1);
	en[0] = sep & ~(sep << 1) & ~(uint64_t)1;
	st[1] = st[0] & (st[0] - 1);
	st[2] = st[1] & (st[1] - 1);
	st[3] = st[2] & (st[2] - 1);
	st[4] = st[3] & (st[3] - 1);
	st[5] = st[4] & (st[4] - 1);
	if (st[nf - 1] == 0 || (st[nf - 1] & (st[nf - 1] - 1)) != 0)
		return 0;                       /* not nf fields */
	en[1] = en[0] & (en[0] - 1);
	en[2] = en[1] & (en[1] - 1);
	en[3] = en[2] & (en[2] - 1);
	en[4] = en[3] & (en[3] - 1);
	en[5] = en[4] & (en[4] - 1);
	f->s[0] = (uint8_t)__builtin_ctzll(st[0]);
	f->s[1] = (uint8_t)__builtin_ctzll(st[1]);
	f->s[2] = (uint8_t)__builtin_ctzll(st[2]);
	f->s[3] = (uint8_t)__builtin_ctzll(st[3]);
	f->e[0] = (uint8_t)__builtin_ctzll(en[0]);
	f->e[1] = (uint8_t)__builtin_ctzll(en[1]);
	f->e[2] = (uint8_t)__builtin_ctzll(en[2]);
	f->e[3] = (uint8_t)__builtin_ctzll(en[3]);  /* blanks may follow */
	if (nf == 6) {
		f->s[4] = (uint8_t)__builtin_ctzll(st[4]);
		f->s[5] = (uint8_t)__builtin_ctzll(st[5]);
		f->e[4] = (uint8_t)__builtin_ctzll(en[4]);
		f->e[5] = (uint8_t)__builtin_ctzll(en[5]);
	}
	f->len = (uint8_t)len;
	f->num = lexscan_window(x->num, y->num, b);
	f->point = lexscan_window(x->point, y->point, b);
	return nl + 1;
}

/* 1 when field i of the line at q, split into f, is a number in the
 * plain form [+-]digits[.digits] (a point only when point is 1; the
 * digits may also be all before or all after it) with 1 to 15 digits:
 * one that lex_double (lex_long with point 0) surely accepts, exactly,
 * as 15 digits are below 2^53.  0 otherwise: they may accept it or not. */
static inline HOT_INLINE int lexscan_plain(const char *q,
					   const struct lex_line6 *f, int i,
					   int point)
{
	unsigned a = f->s[i], b = f->e[i];
	uint64_t in = (((uint64_t)1 << (b - a)) - 1) << a;   /* b - a < 64 */
	uint64_t pts = f->point & in;
	uint64_t ok = point ? f->num : f->num & ~f->point;
	unsigned sign = q[a] == '-' || q[a] == '+';
	ok |= (uint64_t)sign << a;
	/* every byte a digit or the point (or the sign first), one point at
	 * most, and 1 to 15 digits */
	return (ok & in) == in && (pts & (pts - 1)) == 0 &&
	       b - a - sign - (pts != 0) - 1 < 15;
}

/* The integer of the n <= 8 digits that end at q + e, with 8 bytes
 * readable before q + e (0 for n = 0): the digits' bytes kept (the first,
 * the most significant, is the lowest byte of the word), and summed in
 * pairs, fours and eights by three multiplications (the usual SWAR way
 * to read 8 digits). */
static inline HOT_INLINE uint64_t lexscan_digits8(const char *q, unsigned e,
						   unsigned n)
{
	uint64_t w, keep = n ? ~(uint64_t)0 << (8 * (8 - n)) : 0;
	memcpy(&w, q + e - 8, 8);
	w = (w & keep) - (0x3030303030303030ULL & keep);
	w = w * 10 + (w >> 8);
	return (((w & 0x000000ff000000ffULL) * (100 + (1000000ULL << 32)) +
		 ((w >> 16) & 0x000000ff000000ffULL) * (1 + (10000ULL << 32))) >>
		32);
}

/* lexscan_number (below) for the usual scores, inline: sets *v and
 * returns 1 when the field [a, b) of the line at q, at offset o of the
 * scanned bytes, has at most 8 digits before its point and 8 after it
 * and o + a >= 8 (the 8 bytes before a digit are read);
 * else returns 0 and the caller calls lexscan_number.  The integer of
 * all the digits, I 10^nF + F, is exact (below 10^15, lexscan_plain),
 * and is divided by 10^nF as lex_double's plain_decimal does. */
static inline HOT_INLINE int lexscan_number8(const char *q, size_t o,
					     unsigned a, unsigned b,
					     uint64_t point, double *v)
{
	static const uint64_t p10[9] = { 1, 10, 100, 1000, 10000, 100000,
					 1000000, 10000000, 100000000 };
	uint64_t in = (((uint64_t)1 << (b - a)) - 1) << a;
	uint64_t pts = point & in;
	unsigned neg = q[a] == '-', s = a + (q[a] == '-' || q[a] == '+');
	unsigned pp = pts ? (unsigned)__builtin_ctzll(pts) : b;
	unsigned ni = pp - s, nf = pts ? b - pp - 1 : 0;
	double x;
	if (ni > 8 || nf > 8 || o + a < 8)
		return 0;
	x = (double)(lexscan_digits8(q, pp, ni) * p10[nf] +
		     lexscan_digits8(q, b, nf)) / lexscan_pow10[nf];
	*v = neg ? -x : x;
	return 1;
}

/* The value of field i of the line at offset o of the scan, split into
 * f, when lexscan_plain(line, f, i, 1) is 1: what lex_double gives for
 * it, to the bit. */
double lexscan_value(const struct lexscan *s, size_t o,
		     const struct lex_line6 *f, int i);
/* The same for the field [a, b) of the line at offset o, whose point
 * mask (struct lex_line6) is point: for callers that keep the split
 * line in registers. */
double lexscan_number(const struct lexscan *s, size_t o, unsigned a,
		      unsigned b, uint64_t point);

#endif
