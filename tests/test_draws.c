/*
 * test_draws.c - the random draws (draws.h) against the test vectors of
 * the specification (shared spec draws.md, copied into the manual page).
 */
#include "check.h"
#include "draws.h"
#include "strmap.h"

#include <string.h>

/* Topic positions of stream st, sample b, slots 0..9, n topics. */
static int positions(uint64_t st, uint64_t b, uint64_t n, const unsigned *want)
{
	for (uint64_t i = 0; i < 10; i++)
		if (draw_index(draw_word2(1, st, b, i), n) != want[i])
			return 0;
	return 1;
}

int main(void)
{
	static const unsigned s1b1[] = { 12, 32, 33, 13, 2, 35, 12, 9, 48, 19 };
	static const unsigned s1b2[] = { 48, 8, 19, 45, 49, 25, 3, 32, 40, 13 };
	static const unsigned s2b1[] = { 49, 7, 15, 29, 27, 9, 41, 21, 2, 43 };
	static const unsigned s3b1[] = { 86, 76, 18, 78, 41, 84, 39, 23, 67, 37 };
	static const unsigned s5[] = { 429, 43, 92, 998, 552 };
	static const unsigned part[] = { 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0 };
	static const unsigned bits[] = { 0, 0, 0, 0, 0, 0, 0, 1, 1, 1 };
	const char *doc = "FBIS3-162447";
	uint64_t h = fnv1a64(doc, strlen(doc)), one = 1;
	int ok5 = 1, okp = 1, okb = 1;

	CHECK(draw_word2(1, 1, 1, 0) == 0x2030470432df129cULL,
	      "word(1,1,1,0) = 0x2030470432df129c");
	CHECK(positions(1, 1, 50, s1b1), "stream 1, b = 1: topic positions 12 32 33 13 2 35 12 9 48 19");
	CHECK(positions(1, 2, 50, s1b2), "stream 1, b = 2: topic positions 48 8 19 45 49 25 3 32 40 13");
	CHECK(positions(2, 1, 50, s2b1), "stream 2, b = 1: topic positions 49 7 15 29 27 9 41 21 2 43");
	CHECK(positions(3, 1, 100, s3b1), "stream 3, b = 1, n + m = 100: 86 76 18 78 41 84 39 23 67 37");
	for (uint64_t c = 0; c < 5; c++)
		ok5 &= draw_index(draw_word3(1, 5, 1, 1, c), 1000) == s5[c];
	CHECK(ok5, "stream 5, s = 1, m = 1, N = 1000: residuals 429 43 92 998 552");
	CHECK(draw_docword(h, 1, 4, &one, 1) == 0x43d431adf96b7984ULL,
	      "docword(1,4,'FBIS3-162447',1) = 0x43d431adf96b7984");
	for (uint64_t s = 1; s <= 11; s++)
		okp &= draw_index(draw_docword(h, 1, 4, &s, 1), 2) == part[s - 1];
	CHECK(okp, "FBIS3-162447 in splits 1..11 of x = 2: parts 0 0 0 0 1 1 0 0 1 1 0");
	CHECK(draw_uniform(draw_docword(h, 1, 7, &one, 1)) == 0.014584245866719803,
	      "uniform(docword(1,7,'FBIS3-162447',1)) = 0.014584245866719803");
	for (uint64_t t = 0; t < 10; t++)
		okb &= draw_bit(draw_word2(1, 6, 1, t)) == bits[t];
	CHECK(okb, "bit(word(1,6,1,t)), t = 0..9: 0 0 0 0 0 0 0 1 1 1");
	return check_exit();
}
