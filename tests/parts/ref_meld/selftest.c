/*
 * tests/parts/ref_meld/selftest.c - `ref_meld --selftest`: the
 * reference's own functions against known values: the stream-7 vector of
 * draws.md and the image example of the manual page, the image
 * function's Poisson(1) frequencies, the one-sided paired t-test against
 * closed forms (df 1: Cauchy; df 2), its zero rule and sd = 0 cases,
 * type-7 quantiles, natural topic order, the number format and the
 * median of the Rank labelling.  Prints one TAP-like line per check.
 */
#include "ref_meld.h"

/* Print one check's line; count a failure in *nf. */
static void check(int *nf, int ok, const char *what)
{
	printf("%s - ref_meld self-test: %s\n", ok ? "ok" : "not ok", what);
	*nf += !ok;
}

/* a and b within tol relative (or 1e-300 absolute). */
static int close_rel(double a, double b, double tol)
{
	return fabs(a - b) <= tol * fmax(fabs(a), fabs(b)) || fabs(a - b) <= 1e-300;
}

/* draws.md, stream 7, and the manual page's image example. */
static void test_draws(int *nf)
{
	const char *doc = "FBIS3-162447";
	size_t dl = strlen(doc);

	/* draws.md, stream 7 */
	check(nf, meld_u(1, doc, dl, 1) == 0.014584245866719803,
	      "uniform(docword(1,7,'FBIS3-162447',1)) = 0.014584245866719803 (draws.md)");
	{
		uint64_t one = 1, i10[2] = { 1, 0 };
		check(nf, docword(1, 4, doc, dl, &one, 1) == 0x43d431adf96b7984ULL &&
		      word(1, 1, i10, 2) == 0x2030470432df129cULL,
		      "docword(1,4,'FBIS3-162447',1) = 0x43d431adf96b7984, word(1,1,1,0) = 0x2030470432df129c");
	}
	/* the manual page's image example */
	{
		static const unsigned want[5] = { 3, 5, 1, 2, 0 };
		int ok = fnv(doc, dl) == 0x29bf3df38046b14dULL && mix(0x9e3779b97f4a7c15ULL + 1) == 0x910a2dec89025cc1ULL;
		uint64_t key = mix(0x9e3779b97f4a7c15ULL + 1);
		ok &= (double)(mix(fnv(doc, dl) ^ key) >> 11) * ldexp(1.0, -53) == 0.9385191325267348;
		for (unsigned b = 1; b <= 5; b++)
			ok &= ref_image_k(doc, dl, 1, b) == want[b - 1];
		ok &= ref_image_k(doc, dl, 1, 0) == 1;
		double t = exp(-1.0), F = t;
		t /= 1; F += t; t /= 2; F += t;
		ok &= F == 0.9196986029286058;
		t /= 3; F += t;
		ok &= F == 0.9810118431238463;
		check(nf, ok, "image function: FBIS3-162447, seed 1: h, key_1, u, F(2), F(3) and k = 3 5 1 2 0 in images 1..5 (manual page)");
	}
}

/* The image function's Poisson(1) frequencies over many docnos. */
static void test_poisson(int *nf)
{
	char msg[256];

	unsigned long cnt[6] = { 0 }, N = 200000;
	char d[32];
	for (unsigned long x = 0; x < N; x++) {
		snprintf(d, sizeof d, "doc%lu", x);
		unsigned k = ref_image_k(d, strlen(d), 7, 1 + x % 5);
		cnt[k < 5 ? k : 5]++;
	}
	double e = exp(-1.0), pk[6] = { e, e, e / 2, e / 6, e / 24, 0 }, x2 = 0;
	pk[5] = 1 - (pk[0] + pk[1] + pk[2] + pk[3] + pk[4]);
	for (int k = 0; k < 6; k++) {
		double ex = pk[k] * (double)N;
		x2 += ((double)cnt[k] - ex) * ((double)cnt[k] - ex) / ex;
	}
	snprintf(msg, sizeof msg, "image function is Poisson(1) over 200000 docnos (chi-square %.2f < 20.515, 5 df)", x2);
	check(nf, x2 < 20.515, msg);
}

/* The one-sided p of Student's t against closed forms. */
static void test_tdist(int *nf)
{
	char msg[256];

	/* one-sided p against closed forms: df 1: 1/2 - atan(t)/pi; df 2:
	 * 1/2 - t / (2 sqrt(2 + t^2)) */
	static const double tv[] = { 1e-6, 0.01, 0.3, 1, 1.7320508075688772, 2.5, 4, 12.5, 31, 100, 1e4 };
	double worst = 0;
	for (size_t x = 0; x < sizeof tv / sizeof *tv; x++)
		for (int sgn = -1; sgn <= 1; sgn += 2) {
			double t = sgn * tv[x];
			double p1 = 0.5 - atan(t) / PI, p2 = 0.5 - t / (2 * sqrt(2 + t * t));
			if (t > 0) {	/* the small tails without cancellation */
				p1 = atan(1 / t) / PI;
				p2 = 1 / (sqrt(2 + t * t) * (sqrt(2 + t * t) + t));
			}
			double e1 = fabs(upper_p(t, 1) - p1) / p1, e2 = fabs(upper_p(t, 2) - p2) / p2;
			worst = fmax(worst, fmax(e1, e2));
		}
	snprintf(msg, sizeof msg, "one-sided Student t p, df 1 (Cauchy) and 2, t = +-1e-6..1e4, against closed forms (worst relative error %.2g)", worst);
	check(nf, worst < 1e-12, msg);
	check(nf, close_rel(upper_p(2.0085591121007611, 50), 0.025, 1e-9) &&
	      close_rel(upper_p(-2.8609346064649792, 19), 0.995, 1e-9) && upper_p(0, 7) == 0.5,
	      "one-sided p: the 0.975 quantile of df 50, the 0.005 quantile of df 19, t = 0");
}

/* The paired test: p, the zero rule, sd = 0, one topic. */
static void test_paired(int *nf)
{
	double z1[2] = { 0.5, 0.25 }, z2[2] = { -0.25, -0.25 }, z3[2] = { 0.25, -0.25 }, z4[3] = { 0.5, 0.5, 0.5 };
	double z5[2] = { 0.1 + 0.2, -0.3 }, z6[3] = { 1e-12, 1e-12, 1e-12 }, z7[3] = { 2e-12, 0, 1.1e-12 };
	struct ttest r1 = paired(z1, 2), r2 = paired(z2, 2), r3 = paired(z3, 2), r4 = paired(z4, 3);
	struct ttest r5 = paired(z5, 2), r6 = paired(z6, 3), r7 = paired(z7, 3), r8 = paired(z1, 1);
	check(nf, close_rel(r1.p, atan(1.0 / 3) / PI, 1e-13) && r1.mean == 0.375 && !r1.zfrag,
	      "paired test: z = (1/2, 1/4): t = 3, df 1, p = atan(1/3)/pi");
	check(nf, r2.p == 1 && r4.p == 0, "paired test: sd = 0 gives p = 1 (mean < 0) and p = 0 (mean > 0)");
	check(nf, r3.p == 0.5 && r3.mean == 0, "paired test: mean 0 gives p = 0.5");
	check(nf, r5.raw != 0 && r5.mean == 0 && r5.p == 0.5 && !r5.zfrag,
	      "paired test: the zero rule: (0.1 + 0.2, -0.3) has mean 2.8e-17, taken as 0, p = 0.5");
	check(nf, r6.mean == 0 && r6.p == 0.5 && r6.zfrag && r6.palt == 0,
	      "paired test: mean 1e-12 is 0 (<= 1e-12), fragile: the other p is 0 (sd 0)");
	check(nf, r7.mean == r7.raw && r7.zfrag && r7.palt == 0.5 && r7.p < 0.5,
	      "paired test: mean 1.03e-12 is not 0, fragile: the other p is 0.5");
	check(nf, isnan(r8.p) && r8.mean == 0.5, "paired test: one topic: the mean, no p");
}

/* Type-7 quantiles. */
static void test_quantiles(int *nf)
{
	double v[10] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }, w[3] = { 0, 1, 4 }, u[1] = { -2 };
	double x[2] = { -0.28125, 0.109375 };
	check(nf, close_rel(ref_q7(v, 10, 0.01), 1.09, 1e-15) &&
	      close_rel(ref_q7(v, 10, 0.25), 3.25, 1e-15) &&
	      ref_q7(v, 10, 0.5) == 5.5 && close_rel(ref_q7(v, 10, 0.99), 9.91, 1e-15) &&
	      close_rel(ref_q7(w, 3, 0.05), 0.1, 1e-15) && ref_q7(w, 3, 0.5) == 1 &&
	      close_rel(ref_q7(w, 3, 0.75), 2.5, 1e-15) &&
	      close_rel(ref_q7(w, 3, 0.95), 3.7, 1e-15) && ref_q7(u, 1, 0.01) == -2 &&
	      ref_q7(u, 1, 0.99) == -2 && ref_q7(x, 2, 0.5) == -0.0859375,
	      "type-7 quantiles (n = 10, 3, 2, 1)");
}

/* Natural topic order. */
static void test_topics(int *nf)
{
	struct names t = { 0 };
	const char *in[] = { "10", "9", "0100", "101", "2" };
	for (int x = 0; x < 5; x++)
		names_intern(&t, in[x]);
	sort_topics(&t);
	int ok = !strcmp(t.v[0], "2") && !strcmp(t.v[1], "9") && !strcmp(t.v[2], "10") &&
		 !strcmp(t.v[3], "0100") && !strcmp(t.v[4], "101");
	names_free(&t);
	const char *in2[] = { "10", "9", "a1", "101" };
	for (int x = 0; x < 4; x++)
		names_intern(&t, in2[x]);
	sort_topics(&t);
	ok &= !strcmp(t.v[0], "10") && !strcmp(t.v[1], "101") && !strcmp(t.v[2], "9") &&
	      !strcmp(t.v[3], "a1");
	names_free(&t);
	check(nf, ok, "natural topic order: numeric (2 9 10 0100 101) when all digits, else bytes (10 101 9 a1)");
}

/* The number format: "-0.0000" without the sign. */
static void test_numbers(int *nf)
{
	char b1[64], b2[64], b3[64], b4[64];
	fmt_fixed(-0.00001, 4, b1);
	fmt_fixed(-0.00005, 4, b2);
	fmt_fixed(0.12345678, 4, b3);
	fmt_fixed(-0.4, 0, b4);
	check(nf, !strcmp(b1, "0.0000") && !strcmp(b2, "-0.0001") && !strcmp(b3, "0.1235") && !strcmp(b4, "0"),
	      "numbers: -0.00001 prints 0.0000, -0.00005 -0.0001 (-p 4); -0.4 prints 0 (-p 0)");
}

/* The median of the Rank labelling. */
static void test_median(int *nf)
{
	/* the median of the Rank labelling: r = 1 2 3 4 -> m = 2.5: L = {1, 2};
	 * r = 1 1 5 -> m = 1: L = {} */
	double r1[4] = { 1, 2, 3, 4 }, r2[3] = { 1, 1, 5 };
	check(nf, ref_q7(r1, 4, 0.5) == 2.5 && ref_q7(r2, 3, 0.5) == 1,
	      "Rank labelling median: r = 1 2 3 4 gives 2.5, r = 1 1 5 gives 1");
}

/* Run every check; returns 1 when one failed, else 0. */
int selftest(void)
{
	int nf = 0;
	test_draws(&nf);
	test_poisson(&nf);
	test_tdist(&nf);
	test_paired(&nf);
	test_quantiles(&nf);
	test_topics(&nf);
	test_numbers(&nf);
	test_median(&nf);
	return nf ? 1 : 0;
}
