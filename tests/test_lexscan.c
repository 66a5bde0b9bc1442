/*
 * test_lexscan.c - the scan of short lines of six fields (lexscan.h)
 * against the slow way of reading a line (lex.h), with every set of
 * vector instructions this machine has (plain SSE2, AVX2, AVX-512BW):
 *
 * 1. 40 buffers of 3,000 random lines each, most of them run lines (qid
 *    Q0 docno rank score tag) or qrels lines (qid 0 docno grade) and the
 *    others spoiled - a field more or less, a control byte, DEL, a '\r'
 *    before the '\n' or elsewhere, tabs and runs of blanks, leading and
 *    trailing blanks, a line of 64 bytes and more, an empty line, no '\n'
 *    at the end - each buffer allocated to its size, so that a read past
 *    it is caught by the address sanitizer.  Every line that starts
 *    where the scan can see 128 bytes is split by lexscan_line and by
 *    lex_split: lexscan_line must take exactly the lines of at most 63
 *    bytes before their '\n' that lex_split splits (without a '\r'
 *    before the '\n') into six fields (four, for qrels lines) without a
 *    control byte, with the same fields;
 * 2. lexscan_plain on those lines' score and rank fields, and 200,000
 *    random number texts: when it says 1, lex_double (lex_long) must
 *    take the text, and lexscan_value must give lex_double's double bit
 *    for bit (negative zero, ".5", "5.", 15 digits); it must say 1 for
 *    every plain decimal of 1 to 15 digits.
 */
#include "check.h"
#include "lex.h"
#include "lexscan.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state = 0x2545f4914f6cdd1dULL;

static uint64_t rnd(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned below(unsigned n)
{
	return (unsigned)(rnd() % n);
}

/* A random number text: mostly plain decimals of 0 to 17 digits with a
 * point anywhere or none and a sign now and then, sometimes an exponent
 * or a stray byte. */
static size_t number_text(char *b)
{
	size_t n = 0, digits = below(18);
	unsigned point = below(3) ? below((unsigned)digits + 1) : 99;
	if (below(4) == 0)
		b[n++] = below(2) ? '-' : '+';
	for (size_t i = 0; i <= digits; i++) {
		if (i == point)
			b[n++] = '.';
		if (i < digits)
			b[n++] = (char)('0' + (below(3) ? below(10) : 0));
	}
	if (below(20) == 0)
		b[n++] = "eE.-+x"[below(6)];
	if (below(30) == 0)
		n += (size_t)sprintf(b + n, "%d", (int)below(40));
	if (n == 0)
		b[n++] = '0';
	return n;
}

/* A random line (no '\n') into b, most often a run line. */
static size_t random_line(char *b)
{
	static const char *const sep[] = { " ", " ", " ", "\t", "  ", " \t" };
	size_t n = 0;
	unsigned nf = below(8) ? (below(3) ? 6 : 4) : below(9);
	if (below(20) == 0)
		b[n++] = ' ';
	for (unsigned i = 0; i < nf; i++) {
		if (i)
			n += (size_t)sprintf(b + n, "%s", sep[below(6)]);
		if (i == 3 || i == 4) {
			n += number_text(b + n);
		} else {
			size_t len = 1 + below(i == 2 ? 30 : 8);
			for (size_t k = 0; k < len; k++)
				b[n++] = (char)("abcQ0123456789-._#"[below(18)]);
		}
	}
	if (below(25) == 0)                         /* a bad byte */
		b[below((unsigned)n + 1)] = "\001\r\177\000\013"[below(5)];
	if (below(15) == 0)                         /* long lines */
		while (n < 60 + below(20))
			b[n++] = 'x';
	if (below(8) == 0)                          /* trailing blanks */
		for (unsigned k = below(12); k > 0; k--)
			b[n++] = below(3) ? ' ' : '\t';
	if (below(10) == 0)
		b[n++] = '\r';
	return n;
}

/* lex_split's reading of the line at p (up to its '\n' or the end):
 * 1 when it is a line lexscan_line must take, with want filled. */
static int slow_take(const char *p, size_t left, int nf,
		     struct lex_line6 *want, size_t *whole)
{
	const char *nl = memchr(p, '\n', left);
	size_t len, at;
	struct fields fs;
	if (!nl)
		return 0;
	len = (size_t)(nl - p);
	*whole = len + 1;
	if (len > 63)      /* with any '\r' */
		return 0;
	if (len > 0 && p[len - 1] == '\r')
		len--;
	if (lex_split(p, len, &fs, &at) != 0 || fs.n != (size_t)nf)
		return 0;
	for (int i = 0; i < nf; i++) {
		want->s[i] = (uint8_t)(fs.f[i] - p);
		want->e[i] = (uint8_t)(fs.f[i] - p + (long)fs.len[i]);
	}
	want->len = (uint8_t)len;
	return 1;
}

/* Field i of line q, split into f, checked by lexscan_plain against
 * lex_double / lex_long and lexscan_value.  Returns 0 on a mismatch. */
static int plain_agrees(const struct lexscan *s, size_t o,
			const struct lex_line6 *f, int i)
{
	const char *q = s->p + o, *why;
	size_t n = (size_t)(f->e[i] - f->s[i]);
	double a, b;
	long l;
	if (lexscan_plain(q, f, i, 0) &&
	    lex_long(q + f->s[i], n, -(1L << 53), 1L << 53, &l, &why) != 0)
		return 0;
	if (!lexscan_plain(q, f, i, 1))
		return 1;
	if (lex_double(q + f->s[i], n, &a, &why) != 0)
		return 0;
	b = lexscan_value(s, o, f, i);
	return memcmp(&a, &b, sizeof a) == 0;
}

/* Scan one buffer for lines of nf fields with instruction set isa;
 * counts into the totals. */
static int scan_buffer(const char *buf, size_t n, int isa, int nf,
		       unsigned long *taken, unsigned long *lines)
{
	struct lexscan s;
	size_t o = 0;
	lexscan_init(&s, buf, n);
	s.isa = isa;
	while (o < n) {
		struct lex_line6 f, want;
		size_t whole = 0, k;
		int must = slow_take(buf + o, n - o, nf, &want, &whole);
		int sees = (o / 64 + 2) * 64 <= n;   /* 128 bytes from o's block */
		if (!whole)
			break;
		k = nf == 6 ? lexscan_line(&s, o, &f, 6) : lexscan_line(&s, o, &f, 4);
		(*lines)++;
		if (k) {
			(*taken)++;
			if (!must || k != whole || f.len != want.len ||
			    memcmp(f.s, want.s, (size_t)nf) ||
			    memcmp(f.e, want.e, (size_t)nf) ||
			    !plain_agrees(&s, o, &f, 3) ||
			    (nf == 6 && !plain_agrees(&s, o, &f, 4))) {
				printf("# isa %d: line at %zu taken wrongly\n", isa, o);
				return 0;
			}
		} else if (must && sees) {
			printf("# isa %d: line at %zu not taken: [%.*s] %zu\n", isa, o, (int)whole, buf + o, whole);
			return 0;
		}
		o += whole;
	}
	return 1;
}

static void test_lines(int isa, int nf)
{
	unsigned long taken = 0, lines = 0;
	int ok = 1;
	for (int b = 0; b < 40 && ok; b++) {
		size_t cap = 3000 * 100, n = 0;
		char *tmp = malloc(cap), *buf;
		for (int l = 0; l < 3000; l++) {
			n += random_line(tmp + n);
			if (l < 2999 || below(2))
				tmp[n++] = '\n';
		}
		buf = malloc(n);    /* exactly the bytes, for the sanitizer */
		memcpy(buf, tmp, n);
		ok = scan_buffer(buf, n, isa, nf, &taken, &lines);
		free(buf);
		free(tmp);
	}
	CHECK(ok && taken > lines / 5,
	      "isa %d: lexscan_line takes exactly the short lines of %d fields lex_split takes (%lu of %lu lines)",
	      isa, nf, taken, lines);
}

/* Random number texts as the score field of a line. */
static void test_numbers(int isa)
{
	int ok = 1;
	unsigned long plain = 0;
	for (int i = 0; i < 200000 && ok; i++) {
		char line[200];
		size_t n = (size_t)sprintf(line, "401 Q0 doc 1 ");
		struct lexscan s;
		struct lex_line6 f;
		char *buf;
		n += number_text(line + n);
		n += (size_t)sprintf(line + n, " tag\n");
		buf = malloc(192);
		memset(buf, '\n', 192);
		memcpy(buf, line, n);
		lexscan_init(&s, buf, 192);
		s.isa = isa;
		if (lexscan_line(&s, 0, &f, 6)) {
			plain += lexscan_plain(buf, &f, 4, 1);
			ok = plain_agrees(&s, 0, &f, 4);
			/* every plain decimal of 1 to 15 digits is plain */
			if (ok && !lexscan_plain(buf, &f, 4, 1)) {
				const char *q = buf + f.s[4];
				size_t len = (size_t)(f.e[4] - f.s[4]), d = 0, pts = 0;
				size_t k = q[0] == '-' || q[0] == '+';
				int other = 0;
				for (; k < len; k++) {
					d += q[k] >= '0' && q[k] <= '9';
					pts += q[k] == '.';
					other |= !(q[k] >= '0' && q[k] <= '9') &&
						 q[k] != '.';
				}
				ok = other || pts > 1 || d == 0 || d > 15;
			}
			if (!ok)
				printf("# isa %d: %.*s\n", isa, (int)(n - 1), line);
		}
		free(buf);
	}
	CHECK(ok && plain > 100000,
	      "isa %d: lexscan_plain and lexscan_value agree with lex_double and lex_long (%lu plain numbers)",
	      isa, plain);
}

int main(void)
{
	struct lexscan probe;
	lexscan_init(&probe, "", 0);
	for (int isa = 0; isa <= 2; isa++) {
		if (isa > probe.isa) {
			printf("ok - isa %d # SKIP not on this processor\n", isa);
			continue;
		}
		test_lines(isa, 6);
		test_lines(isa, 4);
		test_numbers(isa);
	}
	return check_exit();
}
