/*
 * tests/parts/ref_bias/selftest.c - the self-test of the reference of
 * `cbeval --bias` (tests/ref_bias.c --selftest): draws.md's vectors
 * through its draw functions, vectors of streams 8, 9 and 10 computed with
 * draws.md's Python, the engineered permutation by hand, the image
 * function against the manual page, tau-b on hand cases with ties, the
 * aggregate's order of additions, the number format and the natural order
 * of topics.  Prints one ok/not ok line per check; small fixed cases.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_bias.h"

/* ---- self-test ------------------------------------------------------------------ */

/* Prints an ok or not ok line; counts the failures in *nfail. */
static void check(int *nfail, int ok, const char *what)
{
	printf("%s - ref_bias self-test: %s\n", ok ? "ok" : "not ok", what);
	*nfail += !ok;
}

/* Is a within tol of b, relative to the larger magnitude? */
static int close_rel(double a, double b, double tol)
{
	return fabs(a - b) <= tol * fmax(fabs(a), fabs(b));
}

/* draws.md's vectors; streams 8, 9 and 10 from draws.md's Python. */
static void st_draws(struct rb *ctx, int *nfail)
{
	static const unsigned s1b1[] = { 12, 32, 33, 13, 2, 35, 12, 9, 48, 19 };
	static const unsigned s5[] = { 429, 43, 92, 998, 552 };
	/* Streams 8, 9 and 10 with draws.md's Python (S = 1): word(1,9,0,1,1,0)
	 * = 0x105fe2b26f7192af, word(1,8,0,1,1,0) = 0xfea7bf02238c3acb,
	 * word(1,10,0,0,1) = 0xfb96599a82fc5399; stream 9, b = 1, n = 50,
	 * slots 0..9 for (c, h) = (0, 1), (0, 2), (1, 1), (1, 2); stream 8 the
	 * same with r = 7; stream 10, index(word(1,10,j,t,i), i+1), i = 1..9. */
	static const unsigned s9[4][10] = { { 5, 34, 4, 38, 45, 42, 16, 37, 25, 43 },
					    { 26, 27, 9, 30, 36, 3, 36, 23, 37, 36 },
					    { 23, 33, 20, 42, 29, 25, 33, 12, 8, 19 },
					    { 3, 12, 39, 12, 16, 28, 18, 3, 17, 49 } };
	static const unsigned s8[4][10] = { { 6, 4, 0, 6, 0, 5, 1, 5, 5, 5 },
					    { 0, 2, 5, 4, 4, 1, 0, 5, 3, 0 },
					    { 3, 5, 3, 4, 1, 4, 0, 3, 0, 1 },
					    { 5, 5, 4, 1, 3, 6, 4, 6, 1, 6 } };
	static const unsigned s10a[9] = { 1, 1, 3, 1, 0, 5, 4, 0, 5 };	/* j 0, t 0 */
	static const unsigned s10b[9] = { 1, 1, 3, 2, 2, 5, 7, 1, 1 };	/* j 1, t 2 */
	int ok = 1;
	uint64_t idx[4];

	ctx->S = 1;
	idx[0] = 1; idx[1] = 0;
	check(nfail, word(1, 1, idx, 2) == 0x2030470432df129cULL, "draws.md: word(1,1,1,0) = 0x2030470432df129c");
	for (uint64_t i = 0; i < 10; i++) {
		idx[0] = 1; idx[1] = i;
		ok &= windex(word(1, 1, idx, 2), 50) == s1b1[i];
	}
	for (uint64_t c = 0; c < 5; c++) {
		idx[0] = 1; idx[1] = 1; idx[2] = c;
		ok &= windex(word(1, 5, idx, 3), 1000) == s5[c];
	}
	check(nfail, ok, "draws.md: stream 1 (b = 1, n = 50) and stream 5 (three indices) vectors");
	idx[0] = 0; idx[1] = 1; idx[2] = 1; idx[3] = 0;
	ok = word(1, 9, idx, 4) == 0x105fe2b26f7192afULL && word(1, 8, idx, 4) == 0xfea7bf02238c3acbULL;
	idx[0] = 0; idx[1] = 0; idx[2] = 1;
	ok &= word(1, 10, idx, 3) == 0xfb96599a82fc5399ULL;
	check(nfail, ok, "streams 8, 9, 10 (draws.md's Python): word(1,9,0,1,1,0), word(1,8,0,1,1,0), word(1,10,0,0,1)");
	ok = 1;
	for (unsigned c = 0; c < 2; c++)
		for (unsigned h = 1; h <= 2; h++)
			for (unsigned i = 0; i < 10; i++) {
				ok &= draw_topic(ctx, c, h, 1, i, 50) == s9[c * 2 + h - 1][i];
				ok &= draw_rep(ctx, c, h, 1, i, 7) == s8[c * 2 + h - 1][i];
			}
	check(nfail, ok, "stream 9 (topic, n = 50) and stream 8 (replicate, r = 7), c = 0, 1, h = 1, 2, b = 1, slots 0..9 (draws.md's Python)");
	ok = 1;
	for (unsigned i = 1; i <= 9; i++) {
		idx[0] = 0; idx[1] = 0; idx[2] = i;
		ok &= windex(word(1, 10, idx, 3), i + 1) == s10a[i - 1];
		idx[0] = 1; idx[1] = 2;
		ok &= windex(word(1, 10, idx, 3), i + 1) == s10b[i - 1];
	}
	check(nfail, ok, "stream 10, index(word(1,10,j,t,i), i+1), i = 1..9: (j, t) = (0, 0): 1 1 3 1 0 5 4 0 5; (1, 2): 1 1 3 2 2 5 7 1 1");
}

/* The engineered permutation by hand. */
static void st_permute(struct rb *ctx, int *nfail)
{
	/* The engineered permutation by hand (S = 1, j = 0, t = 0): m = 4:
	 * i = 3 swaps slots 3, 3; i = 2 slots 2, 1; i = 1 slots 1, 1:
	 * 0 1 2 3 -> 0 2 1 3.  m = 6: i = 5 swaps 5, 0 -> 5 1 2 3 4 0; i = 4
	 * swaps 4, 1 -> 5 4 2 3 1 0; i = 3 none; i = 2 swaps 2, 1 -> 5 2 4 3 1 0;
	 * i = 1 none.  m = 1 and 0: nothing. */
	{
		size_t a[4] = { 0, 1, 2, 3 }, b6[6] = { 0, 1, 2, 3, 4, 5 }, one[1] = { 7 };
		static const size_t wa[4] = { 0, 2, 1, 3 }, wb[6] = { 5, 2, 4, 3, 1, 0 };
		permute(ctx, a, 4, 0, 0);
		permute(ctx, b6, 6, 0, 0);
		permute(ctx, one, 1, 0, 0);
		permute(ctx, one, 0, 0, 0);
		check(nfail, !memcmp(a, wa, sizeof a) && !memcmp(b6, wb, sizeof b6) && one[0] == 7,
		      "engineered permutation by hand (j 0, t 0): m = 4 -> 0 2 1 3; m = 6 -> 5 2 4 3 1 0; m = 1 unchanged");
	}
}

/* The image function against the manual page. */
static void st_image(int *nfail)
{
	int ok;
	/* The image function against the manual page: S = 1, FBIS3-162447 has
	 * k = 3, 5, 1, 2, 0 in images 1..5 (and 1 at the root). */
	{
		static const unsigned want[6] = { 1, 3, 5, 1, 2, 0 };
		ok = fnv("FBIS3-162447", 12) == 0x29bf3df38046b14dULL &&
		     mix(1 * 0x9e3779b97f4a7c15ULL + 1) == 0x910a2dec89025cc1ULL;
		for (unsigned b = 0; b <= 5; b++)
			ok &= image_k("FBIS3-162447", 1, b) == want[b];
		check(nfail, ok, "image function (manual page): FBIS3-162447, seed 1: h, key_1, k = 3 5 1 2 0 in images 1..5");
		/* Poisson(1) on average: the mean k over 20000 docnos is near 1 */
		double sum = 0;
		for (unsigned i = 0; i < 20000; i++) {
			char d[32];
			snprintf(d, sizeof d, "doc%u", i);
			sum += image_k(d, 1, 1 + i % 7);
		}
		check(nfail, fabs(sum / 20000 - 1) < 0.03, "image function: mean multiplicity over 20000 docnos within 0.03 of 1");
	}
}

/* tau-b by hand, with ties. */
static void st_taub(struct rb *ctx, int *nfail)
{
	int ok;
	/* tau-b by hand.  x = (1,1,2,3), y = (1,2,2,3): n0 = 6; pair (1,2)
	 * tied in x, (2,3) tied in y, the other 4 concordant: 4/sqrt(5*5) =
	 * 0.8.  x = (1,1,2,2), y = (2,1,1,2): n1 = n2 = 2, C = D = 1: 0.
	 * x = (1,1,2), y = (1,1,3): one pair tied in both, two concordant:
	 * 2/sqrt(2*2) = 1.  x = (1,2,3), y = (2,1,1): C 0, D 2, n2 1:
	 * -2/sqrt(3*2) = -0.816496580927726.  Reversed 4: -1.  All tied in x:
	 * undefined; all tied in y: undefined; one run: undefined. */
	{
		double t = 9;
		double x1[4] = { 1, 1, 2, 3 }, y1[4] = { 1, 2, 2, 3 };
		double x2[4] = { 1, 1, 2, 2 }, y2[4] = { 2, 1, 1, 2 };
		double x3[3] = { 1, 1, 2 }, y3[3] = { 1, 1, 3 };
		double x4[3] = { 1, 2, 3 }, y4[3] = { 2, 1, 1 };
		double x5[4] = { 1, 2, 3, 4 }, y5[4] = { 0.4, 0.3, 0.2, 0.1 };
		double z[4] = { 0.5, 0.5, 0.5, 0.5 };
		ok = taub(ctx, x1, y1, 4, &t) && close_rel(t, 0.8, 1e-15);
		ok &= taub(ctx, x2, y2, 4, &t) && t == 0;
		ok &= taub(ctx, x3, y3, 3, &t) && t == 1;
		ok &= taub(ctx, x4, y4, 3, &t) && close_rel(t, -2 / sqrt(6.0), 1e-15);
		ok &= taub(ctx, x5, y5, 4, &t) && t == -1;
		ok &= taub(ctx, x5, x5, 4, &t) && t == 1;
		ok &= !taub(ctx, z, x5, 4, &t) && !taub(ctx, x5, z, 4, &t) && !taub(ctx, x5, y5, 1, &t);
		check(nfail, ok, "tau-b by hand with ties: 0.8, 0, 1, -2/sqrt(6), -1, 1; undefined when a ranking is all tied");
		/* exact comparison: 0.1 + 0.2 and 0.3 are not tied */
		double a[3] = { 0.1 + 0.2, 0.3, 0.0 }, bb[3] = { 1, 2, 3 };
		ok = taub(ctx, a, bb, 3, &t) && close_rel(t, -1, 1e-15);
		check(nfail, ok, "tau-b compares doubles exactly: 0.1 + 0.2 > 0.3");
	}
}

/* The order of additions of agg. */
static void st_agg(struct rb *ctx, int *nfail)
{
	int ok;
	/* agg: left to right in slot order: (0.1, 0.2, 0.3) sums to
	 * 0.6000000000000001, (0.3, 0.2, 0.1) to 0.6; GM of (1, 0):
	 * exp((log(1.00001) + log(0.00001)) / 2) - 0.00001; near-ties. */
	{
		double u[3] = { 0.1, 0.2, 0.3 }, w[3] = { 0.3, 0.2, 0.1 }, g[2] = { 1, 0 };
		ok = agg(ctx, u, 3, 0) == 0.6000000000000001 / 3 && agg(ctx, w, 3, 0) == 0.6 / 3 &&
		     agg(ctx, u, 3, 0) != agg(ctx, w, 3, 0) && near(agg(ctx, u, 3, 0), agg(ctx, w, 3, 0));
		ok &= agg(ctx, g, 2, 1) == exp((log(1.00001) + log(0.00001)) / 2) - 0.00001;
		ok &= close_rel(agg(ctx, g, 2, 1), sqrt(1.00001 * 0.00001) - 0.00001, 1e-12);
		check(nfail, ok, "agg: sums left to right in slot order ((0.1, 0.2, 0.3) and (0.3, 0.2, 0.1) differ, a near-tie); GM by logs");
	}
}

/* The number format. */
static void st_numbers(struct rb *ctx, int *nfail)
{
	int ok;
	/* Numbers: sign rule, format, negative zero. */
	{
		char b1[64], b2[64], b3[64], b4[64];
		int sp = ctx->P;
		ctx->P = 4;
		fmt(ctx, b1, -0.00001);
		fmt(ctx, b2, -0.00005);
		fmt(ctx, b3, NAN);
		ctx->P = 0;
		fmt(ctx, b4, -0.4);
		ctx->P = sp;
		ok = !strcmp(b1, "0.0000") && !strcmp(b2, "-0.0001") && !strcmp(b3, "NA") && !strcmp(b4, "0");
		ok &= sroot(0.25) == 0.5 && sroot(-0.25) == -0.5 && sroot(0) == 0;
		check(nfail, ok, "numbers: -0.00001 -> 0.0000, -0.00005 -> -0.0001 (P 4), -0.4 -> 0 (P 0), NA; signed roots");
	}
}

/* The natural order of topics. */
static void st_order(int *nfail)
{
	int ok;
	/* natural order */
	{
		const char *q[6] = { "10", "9", "010", "2", "0", "100" };
		sort_qids(q, 6, 1);
		ok = !strcmp(q[0], "0") && !strcmp(q[1], "2") && !strcmp(q[2], "9") && !strcmp(q[3], "010") &&
		     !strcmp(q[4], "10") && !strcmp(q[5], "100");
		const char *q2[4] = { "b", "10", "9", "a" };
		sort_qids(q2, 4, 0);
		ok &= !strcmp(q2[0], "10") && !strcmp(q2[1], "9") && !strcmp(q2[2], "a") && !strcmp(q2[3], "b");
		check(nfail, ok, "natural topic order: numeric (0 2 9 010 10 100), else bytes (10 9 a b)");
	}
}

/* The self-test (--selftest): one line per check; returns 1 when one
 * failed, else 0.  Sets ctx->S to 1. */
int selftest(struct rb *ctx)
{
	int nfail = 0;
	st_draws(ctx, &nfail);
	st_permute(ctx, &nfail);
	st_image(&nfail);
	st_taub(ctx, &nfail);
	st_agg(ctx, &nfail);
	st_numbers(ctx, &nfail);
	st_order(&nfail);
	return nfail ? 1 : 0;
}
