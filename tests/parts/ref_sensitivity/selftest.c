/*
 * tests/parts/ref_sensitivity/selftest.c - the self-test of the reference
 * ref_sensitivity (`ref_sensitivity --selftest`): the test vectors of
 * draws.md and of the hand-computed case of t_sensitivity.sh through this
 * reference's draw functions, and its Student t p-values against closed
 * forms and known quantiles.  Prints "ok - ..." / "not ok - ..." lines.
 */
#include "ref_sensitivity.h"

/* Prints an ok / not ok line; returns 1 on a failure. */
static int check(int ok, const char *what)
{
	printf("%s - ref_sensitivity self-test: %s\n", ok ? "ok" : "not ok", what);
	return !ok;
}

/* 1 when slots 0..cnt-1 of sample b of stream st over m are want. */
static int positions(uint64_t seed, uint64_t st, uint64_t b, size_t m, size_t cnt, const unsigned *want)
{
	for (size_t i = 0; i < cnt; i++)
		if (draw(seed, st, b, i, m) != want[i])
			return 0;
	return 1;
}

/* a and b within tol relative. */
static int close_rel(double a, double b, double tol)
{
	return fabs(a - b) <= tol * fmax(fabs(a), fabs(b));
}

/* The draws: the test vectors of draws.md and of the hand-computed case
 * of t_sensitivity.sh; returns the number of failures. */
static int selftest_draws(void)
{
	int nfail = 0;
	static const unsigned s1b1[] = { 12, 32, 33, 13, 2, 35, 12, 9, 48, 19 };
	static const unsigned s1b2[] = { 48, 8, 19, 45, 49, 25, 3, 32, 40, 13 };
	static const unsigned s2b1[] = { 49, 7, 15, 29, 27, 9, 41, 21, 2, 43 };
	static const unsigned s3b1[] = { 86, 76, 18, 78, 41, 84, 39, 23, 67, 37 };
	static const unsigned s5[] = { 429, 43, 92, 998, 552 };
	static const unsigned part[] = { 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0 };
	static const unsigned bits[] = { 0, 0, 0, 0, 0, 0, 0, 1, 1, 1 };
	/* The hand-computed case of t_sensitivity.sh (seed 1, n = 3, T = 4),
	 * computed with the Python of draws.md: */
	static const unsigned h1[4][3] = { { 2, 2, 2 }, { 0, 1, 0 }, { 2, 0, 2 }, { 1, 1, 2 } };
	static const unsigned h2[4][3] = { { 1, 2, 0 }, { 1, 1, 0 }, { 1, 0, 1 }, { 2, 2, 1 } };
	static const unsigned h3[4][6] = { { 2, 0, 4, 2, 1, 2 }, { 5, 1, 4, 3, 1, 5 },
					   { 5, 4, 0, 1, 1, 3 }, { 2, 1, 2, 0, 4, 0 } };
	int ok = 1;
	uint64_t one = 1, idx3[3];

	nfail += check(word2(1, 1, 1, 0) == 0x2030470432df129cULL, "word(1,1,1,0) = 0x2030470432df129c");
	nfail += check(positions(1, 1, 1, 50, 10, s1b1), "stream 1, b = 1, n = 50: 12 32 33 13 2 35 12 9 48 19");
	nfail += check(positions(1, 1, 2, 50, 10, s1b2), "stream 1, b = 2, n = 50: 48 8 19 45 49 25 3 32 40 13");
	nfail += check(positions(1, 2, 1, 50, 10, s2b1), "stream 2, b = 1, n = 50: 49 7 15 29 27 9 41 21 2 43");
	nfail += check(positions(1, 3, 1, 100, 10, s3b1), "stream 3, b = 1, n + m = 100: 86 76 18 78 41 84 39 23 67 37");
	for (uint64_t c = 0; c < 5; c++) {
		idx3[0] = 1; idx3[1] = 1; idx3[2] = c;
		ok &= windex(word(1, 5, idx3, 3), 1000) == s5[c];
	}
	nfail += check(ok, "stream 5, s = 1, m = 1, N = 1000, cells 0..4: 429 43 92 998 552");
	nfail += check(docword(1, 4, "FBIS3-162447", 12, &one, 1) == 0x43d431adf96b7984ULL,
	      "docword(1,4,'FBIS3-162447',1) = 0x43d431adf96b7984");
	ok = 1;
	for (uint64_t s = 1; s <= 11; s++)
		ok &= windex(docword(1, 4, "FBIS3-162447", 12, &s, 1), 2) == part[s - 1];
	nfail += check(ok, "FBIS3-162447, x = 2, splits 1..11: 0 0 0 0 1 1 0 0 1 1 0");
	nfail += check(uniform(docword(1, 7, "FBIS3-162447", 12, &one, 1)) == 0.014584245866719803,
	      "uniform(docword(1,7,'FBIS3-162447',1)) = 0.014584245866719803");
	ok = 1;
	for (uint64_t t = 0; t < 10; t++)
		ok &= wbit(word2(1, 6, 1, t)) == bits[t];
	nfail += check(ok, "bit(word(1,6,1,t)), t = 0..9: 0 0 0 0 0 0 0 1 1 1");
	ok = 1;
	for (unsigned b = 1; b <= 4; b++)
		ok &= positions(1, 1, b, 3, 3, h1[b - 1]) && positions(1, 2, b, 3, 3, h2[b - 1]) &&
		      positions(1, 3, b, 6, 6, h3[b - 1]);
	nfail += check(ok, "seed 1, b = 1..4: stream 1 and 2 over n = 3, stream 3 over 2n = 6 as in the hand-computed case");
	return nfail;
}

/* Student t p-values against closed forms and quantiles; returns the
 * number of failures. */
static int selftest_tpval(void)
{
	int nfail = 0, ok;
	/* Student t p-values against closed forms (A&S 26.7.3-4) with no
	 * cancellation: df = 1: p = (2/pi) atan(1/|t|); df = 2: p = 1 - |t| /
	 * sqrt(2 + t^2) = 2 / (sqrt(2+t^2) (sqrt(2+t^2) + |t|)); df = 3, 4
	 * by the finite sums for moderate p. */
	static const double tv[] = { 1e-6, 0.01, 0.3, 0.6546536707079771, 1, 1.7320508075688772,
				     2.5, 4, 12.5, 100, 1e4, 1e8 };
	ok = 1;
	double worst = 0;
	for (size_t i = 0; i < sizeof tv / sizeof *tv; i++) {
		double t = tv[i], r = sqrt(2 + t * t), th = atan(t / sqrt(3.0)), c = cos(th);
		double p1 = 2 / PI * atan(1 / t), p2 = 2 / (r * (r + t));
		double p3 = 1 - 2 / PI * (th + sin(th) * c);
		double th4 = atan(t / 2), c4 = cos(th4);
		double p4 = 1 - sin(th4) * (1 + 0.5 * c4 * c4);
		double e[4] = { fabs(tpval(t, 1) - p1) / p1, fabs(tpval(-t, 2) - p2) / p2,
				t < 5 ? fabs(tpval(t, 3) - p3) / p3 : 0, t < 5 ? fabs(tpval(t, 4) - p4) / p4 : 0 };
		for (int k = 0; k < 4; k++)
			if (e[k] > worst)
				worst = e[k];
	}
	ok = worst < 1e-12;
	char msg[200];
	snprintf(msg, sizeof msg, "Student t p-values, df = 1..4, |t| from 1e-6 to 1e8, against closed forms (worst relative error %.2g)", worst);
	nfail += check(ok, msg);
	/* Large df: against the normal tail as df grows, and known quantiles:
	 * t = 2.0085591121007611 is the 0.975 quantile for df = 50, so p = 0.05;
	 * t = 2.8609346064649792 the 0.995 quantile for df = 19, p = 0.01. */
	nfail += check(close_rel(tpval(2.0085591121007611, 50), 0.05, 1e-9) &&
	      close_rel(tpval(2.8609346064649792, 19), 0.01, 1e-9) &&
	      close_rel(tpval(3, 1e5), erfc(3 / sqrt(2.0)), 1e-3) &&
	      tpval(0, 5) == 1 && tpval(INFINITY, 5) == 0 && tpval(-INFINITY, 1) == 0,
	      "Student t p-values: quantiles of df 50 and 19, df -> infinity, t = 0, t = +-inf");
	return nfail;
}

/* The self-test; returns 0 when every check passes, else 1. */
int selftest(void)
{
	int nfail = selftest_draws();
	nfail += selftest_tpval();
	return nfail ? 1 : 0;
}
