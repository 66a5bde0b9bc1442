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
 */
#include "check.h"
#include "lex.h"

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
	return check_exit();
}
