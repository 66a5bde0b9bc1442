/*
 * test_lex.c - strict number parsing (lex.h).
 *
 * lex_double has an exact fast path (Clinger: a mantissa below 2^53 times
 * or over a power of ten below 10^23) in front of strtod; its answer must
 * be strtod's, bit for bit, whichever path is taken:
 * 1. hand cases: signs, negative zero, leading and trailing zeros, the
 *    2^53 boundary, exponents at +-22 and beyond, 19 and 20 significant
 *    digits, halfway cases that round to even;
 * 2. 200,000 random decimal texts of 1 to 25 digits with a point anywhere
 *    and an optional exponent from -40 to 40;
 * 3. the grammar: what is not a plain decimal number is refused.
 *
 * lex_split has a vector path for lines of up to 64 bytes; it must split
 * as the obvious byte loop below does:
 * 4. 300,000 random lines of 0 to 100 bytes (spaces, tabs, text, bytes
 *    above 0x7f, and now and then a control byte or DEL), each split in
 *    place in a buffer that ends with the line, so that a read past its
 *    end is caught under the address sanitizer.
 *
 * lex_long reads up to 18 digits itself, strtol the longer:
 * 5. 200,000 random texts of up to 24 bytes (digits, mostly, a sign, now
 *    and then a stray byte) in random ranges: the value, or the refusal
 *    and its reason, of the reading with strtol below.
 */
#include "check.h"
#include "lex.h"

#include <errno.h>
#include <limits.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 when lex_double(text) is strtod(text) bit for bit. */
static int same_as_strtod(const char *text)
{
	double a, b;
	const char *why;
	if (lex_double(text, strlen(text), &a, &why) != 0)
		return 0;
	b = strtod(text, NULL);
	return memcmp(&a, &b, sizeof a) == 0;
}

/* The obvious splitter: fields are maximal runs of bytes that are not
 * space or tab; a control byte other than tab, or DEL, is an error. */
static int split_ref(const char *line, size_t len, struct fields *fs,
		     size_t *at)
{
	size_t i = 0;
	fs->n = 0;
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)line[i];
		if ((c < 0x20 && c != '\t') || c == 0x7f) {
			*at = i;
			return c + 1;
		}
	}
	for (i = 0; i < len;) {
		size_t a;
		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		if (i == len)
			break;
		a = i;
		while (i < len && line[i] != ' ' && line[i] != '\t')
			i++;
		if (fs->n < LEX_MAX_FIELDS) {
			fs->f[fs->n] = line + a;
			fs->len[fs->n] = i - a;
		}
		fs->n++;
	}
	return 0;
}

/* 1 when lex_split and split_ref agree on n random lines. */
static int split_agrees(int n)
{
	static const char alphabet[] = "  \t\tab9.-Q_";
	uint64_t z = 12345;
	for (int k = 0; k < n; k++) {
		size_t len, at1 = 0, at2 = 0;
		char *buf;
		struct fields a, b;
		int ra, rb;
		z = z * 6364136223846793005ULL + 1442695040888963407ULL;
		len = (size_t)(z >> 33) % 101;
		buf = malloc(len ? len : 1);
		for (size_t i = 0; i < len; i++) {
			z = z * 6364136223846793005ULL + 1442695040888963407ULL;
			switch ((z >> 50) % 64) {
			case 0: buf[i] = (char)((z >> 20) % 32); break;
			case 1: buf[i] = 0x7f; break;
			case 2: buf[i] = (char)(0x80 + (z >> 20) % 128); break;
			default:
				buf[i] = alphabet[(z >> 20) % (sizeof alphabet - 1)];
			}
		}
		ra = lex_split(buf, len, &a, &at1);
		rb = split_ref(buf, len, &b, &at2);
		if (ra != rb || (ra && at1 != at2) ||
		    (!ra && a.n != b.n)) {
			printf("# line %d of %zu bytes: %d/%zu vs %d/%zu\n", k, len,
			       ra, a.n, rb, b.n);
			free(buf);
			return 0;
		}
		for (size_t f = 0; !ra && f < a.n && f < LEX_MAX_FIELDS; f++)
			if (a.f[f] != b.f[f] || a.len[f] != b.len[f]) {
				printf("# line %d: field %zu differs\n", k, f);
				free(buf);
				return 0;
			}
		free(buf);
	}
	return 1;
}

/* lex_long's answer as strtol gives it: 0 with *out, or -1 with *why. */
static int long_by_strtol(const char *s, size_t n, long lo, long hi,
			  long *out, const char **why)
{
	char buf[32], *end;
	size_t i = n && (s[0] == '-' || s[0] == '+');
	long v;
	if (n == 0 || n >= sizeof buf) {
		*why = n == 0 ? "not an integer" : "out of range";
		for (; n && i < n; i++)
			if (s[i] < '0' || s[i] > '9')
				*why = "not an integer";
		return -1;
	}
	if (i == n) {
		*why = "not an integer";
		return -1;
	}
	for (; i < n; i++)
		if (s[i] < '0' || s[i] > '9') {
			*why = "not an integer";
			return -1;
		}
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	v = strtol(buf, &end, 10);
	if (errno == ERANGE || v < lo || v > hi) {
		*why = "out of range";
		return -1;
	}
	*out = v;
	return 0;
}

/* Section 5: lex_long against long_by_strtol.  Returns 1 when they agree
 * on every text. */
static int lex_long_agrees(void)
{
	static const long bounds[] = { 0, 1, 9, -1, -9, 100, -100, INT32_MAX,
		-INT32_MAX, 1L << 53, -(1L << 53), LONG_MAX, LONG_MIN };
	uint64_t z = 99;
	for (int k = 0; k < 200000; k++) {
		char t[32];
		size_t n = 0, nd;
		long lo, hi, a = 0, b = 0;
		const char *wa = "", *wb = "";
		int ra, rb;
		z = z * 6364136223846793005ULL + 1442695040888963407ULL;
		nd = (size_t)(z >> 59) % 25;
		if ((z >> 20) % 4 == 0)
			t[n++] = (z >> 22) % 2 ? '-' : '+';
		for (size_t i = 0; i < nd && n < 24; i++) {
			z = z * 6364136223846793005ULL + 1442695040888963407ULL;
			t[n++] = (z >> 40) % 50 ? (char)('0' + (z >> 33) % 10) : 'x';
		}
		lo = bounds[(z >> 8) % 13];
		hi = bounds[(z >> 12) % 13];
		if (lo > hi) {
			long x = lo;
			lo = hi;
			hi = x;
		}
		ra = lex_long(t, n, lo, hi, &a, &wa);
		rb = long_by_strtol(t, n, lo, hi, &b, &wb);
		if (ra != rb || (ra == 0 && a != b) || (ra && strcmp(wa, wb))) {
			printf("# lex_long(%.*s, %ld, %ld): %d %ld %s, strtol %d %ld %s\n",
			       (int)n, t, lo, hi, ra, a, wa, rb, b, wb);
			return 0;
		}
	}
	return 1;
}

int main(void)
{
	static const char *const hand[] = {
		"0", "-0", "+0", "-0.0", "0.000", "1", "-1", "12.5", ".5", "5.",
		"0.1", "0.3", "1096.00", "1089.50", "-3.25e2", "1e22", "1e23",
		"1e-22", "1e-23", "9007199254740992", "9007199254740993",
		"9007199254740992e-22", "9007199254740993e1", "123456789012345678",
		"1234567890123456789", "12345678901234567890", "0.00000000000000000000001",
		"4.35", "2.675", "1.0000000000000002", "179769313486231570e291",
		"4.9e-324", "2.2250738585072014e-308", "000123.4500e-002",
		"8.5e22", "0.000000000000000000000000000001e30"
	};
	static const char *const bad[] = {
		"", "-", ".", "e5", "1e", "1e+", "0x10", "inf", "nan", "1.2.3",
		"1,5", "1e5.5", "--1", " 1", "1 "
	};
	int ok = 1, refused = 1;
	uint64_t z = 7;
	char text[64];

	for (size_t i = 0; i < sizeof hand / sizeof *hand; i++)
		if (!same_as_strtod(hand[i])) {
			ok = 0;
			printf("# %s differs from strtod\n", hand[i]);
		}
	CHECK(ok, "lex_double equals strtod on %zu hand cases (signs, -0, 2^53, 1e22, 20 digits)",
	      sizeof hand / sizeof *hand);

	ok = 1;
	for (int k = 0; k < 200000; k++) {
		size_t nd, pt, o = 0;
		z = z * 6364136223846793005ULL + 1442695040888963407ULL;
		nd = 1 + (size_t)((z >> 33) % 25);
		pt = (size_t)((z >> 20) % (nd + 1));
		if ((z >> 10) & 1)
			text[o++] = '-';
		for (size_t d = 0; d < nd; d++) {
			if (d == pt)
				text[o++] = '.';
			z = z * 6364136223846793005ULL + 1442695040888963407ULL;
			text[o++] = (char)('0' + (z >> 40) % 10);
		}
		if ((z >> 5) & 1)
			o += (size_t)snprintf(text + o, sizeof text - o, "e%d",
					      (int)((z >> 45) % 81) - 40);
		text[o] = '\0';
		if (!same_as_strtod(text)) {
			ok = 0;
			printf("# %s differs from strtod\n", text);
			break;
		}
	}
	CHECK(ok, "lex_double equals strtod on 200000 random decimal texts");

	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		double v;
		const char *why;
		if (lex_double(bad[i], strlen(bad[i]), &v, &why) == 0) {
			refused = 0;
			printf("# '%s' accepted\n", bad[i]);
		}
	}
	CHECK(refused, "lex_double refuses %zu texts that are not plain decimals",
	      sizeof bad / sizeof *bad);

	CHECK(split_agrees(300000),
	      "lex_split splits 300000 random lines of 0 to 100 bytes as the byte loop does");
	CHECK(lex_long_agrees(),
	      "lex_long reads 200000 random texts as strtol does (value, range, reason)");
	return check_exit();
}
