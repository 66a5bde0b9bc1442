/*
 * test_compare.c - the holdout and leave-one-out coverage of bootstrap
 * intervals (compare_coverage): a case computed by hand, and random cases
 * with ties against a brute-force reference that rebuilds each interval
 * from the other values.
 */
#include "check.h"
#include "compare.h"
#include "output.h"
#include "stats.h"

#include <stdint.h>
#include <stdlib.h>

/* Brute force: for each j, sort the other values, type-7 quantiles. */
static void slow_coverage(const double *z, size_t B, struct coverage *c)
{
	double *x = malloc(B * sizeof *x);
	for (size_t j = 0; j < B; j++) {
		size_t n = 0;
		double lo, hi;
		int cls;
		for (size_t i = 0; i < B; i++)
			if (i != j)
				x[n++] = z[i];
		stats_sort(x, n);
		lo = stats_quantile(x, n, 0.025);
		hi = stats_quantile(x, n, 0.975);
		cls = z[j] < lo ? 0 : z[j] > hi ? 2 : 1;
		c->loo[cls]++;
		if (j == B - 1)
			c->hold[cls]++;
	}
	free(x);
}

/* 1 when the coverage a (already computed) differs from the brute
 * force's on z[0..B). */
static int differs(const struct coverage *a, const double *z, size_t B)
{
	struct coverage b = { { 0 }, { 0 } };
	slow_coverage(z, B, &b);
	for (int k = 0; k < 3; k++)
		if (a->loo[k] != b.loo[k] || a->hold[k] != b.hold[k])
			return 1;
	return 0;
}

/* The hand case of the header of compare_coverage (B = 5), all values
 * equal, and B = 2. */
static void hand_cases(void)
{
	/* Hand case, B = 5, z = 4 0 2 1 3 (images 1..5).  Without one value
	 * there are 4 left: h = 3 * 0.025 = 0.075 and 3 * 0.975 = 2.925.
	 *   drop 4: others 0 1 2 3: lo = 0.075, hi = 2 + 0.925 = 2.925;
	 *           4 > hi: above
	 *   drop 0: others 1 2 3 4: lo = 1.075, hi = 3.925; 0 below
	 *   drop 2: others 0 1 3 4: lo = 0.075, hi = 3 + 0.925 = 3.925; in
	 *   drop 1: others 0 2 3 4: lo = 0.15, hi = 3.925; in
	 *   drop 3 (image B, the holdout): others 0 1 2 4: lo = 0.075,
	 *           hi = 2 + 0.925 * 2 = 3.85; 3 in
	 * loo: 1 below, 3 in, 1 above; holdout: in. */
	double z[] = { 4, 0, 2, 1, 3 }, x[10];
	struct coverage c = { { 0 }, { 0 } };
	compare_coverage(z, 5, x, 0, &c);
	CHECK(c.loo[0] == 1 && c.loo[1] == 3 && c.loo[2] == 1,
	      "leave-one-out of 4 0 2 1 3: 1 below, 3 in, 1 above (got %lu %lu %lu)",
	      c.loo[0], c.loo[1], c.loo[2]);
	CHECK(c.hold[0] == 0 && c.hold[1] == 1 && c.hold[2] == 0,
	      "holdout of image 5 (value 3) against 4 0 2 1: inside");
	{
		/* All equal: every value is inside its degenerate interval. */
		double e[] = { 0, 0, 0 }, xe[6];
		struct coverage ce = { { 0 }, { 0 } };
		compare_coverage(e, 3, xe, 0, &ce);
		CHECK(ce.loo[1] == 3 && ce.hold[1] == 1, "equal values are all inside");
	}
	{
		/* B = 2: the interval of one value is that value. */
		double two[] = { 1, 2 }, x2[4];
		struct coverage c2 = { { 0 }, { 0 } };
		compare_coverage(two, 2, x2, 0, &c2);
		CHECK(c2.loo[2] == 1 && c2.loo[0] == 1 && c2.hold[2] == 1,
		      "B = 2: 2 is above [1, 1] and 1 below [2, 2]");
	}
}

/* Random vectors with many ties against the brute force. */
static void random_ties(void)
{
	uint64_t s = 99;
	int bad = 0, cases = 0;
	for (int r = 0; r < 300; r++) {
		size_t B = 2 + (size_t)(r % 120);
		double v[130], xs[260];
		struct coverage a = { { 0 }, { 0 } };
		for (size_t i = 0; i < B; i++) {
			s = s * 6364136223846793005ULL + 1442695040888963407ULL;
			v[i] = (double)((s >> 33) % (r % 3 ? 7 : 1000)) / 8.0;
		}
		compare_coverage(v, B, xs, r % 2 ? compare_wide() : 0, &a);
		bad += differs(&a, v, B);
		cases++;
	}
	CHECK(bad == 0, "coverage equals the brute force on %d random vectors with ties (%d differ)",
	      cases, bad);
}

/* The order-statistics path (B >= 16), the plain loop (w = 0) or
 * AVX-512 (w = compare_wide()): order statistics selected among the
 * values beyond a sieve's bounds instead of a sort; against the brute
 * force on 60 vectors of 16 to 1500 values, with many ties, few ties and
 * none, and on 8 sorted or nearly constant ones. */
static void order_stats(int w)
{
	uint64_t s = 7;
	int bad = 0, cases = 0;
	double *v = malloc(1500 * sizeof *v), *xs = malloc(3000 * sizeof *xs);
	for (int r = 0; r < 60; r++) {
		size_t B = r < 30 ? 16 + (size_t)r : 100 + (size_t)(r - 30) * 47;
		unsigned m = r % 3 == 0 ? 5 : r % 3 == 1 ? 200 : 1000000;
		struct coverage a = { { 0 }, { 0 } };
		for (size_t i = 0; i < B; i++) {
			s = s * 6364136223846793005ULL + 1442695040888963407ULL;
			v[i] = (double)((s >> 33) % m) / 7.0 - 3;
		}
		{
			double m = stats_mean(v, B);
			double sd = compare_triple(v, B, m, xs, w, &a);
			if (sd != stats_sd(v, B, m))
				bad++;
		}
		bad += differs(&a, v, B);
		cases++;
	}
	/* values in ascending and descending order, and values all
	 * equal but a few (B = 1000: no value is below the sieve's
	 * bound, which compare_coverage must notice) */
	for (int r = 0; r < 8; r++) {
		size_t B = r < 2 ? 1000 : r < 4 ? 137 : r < 6 ? 500 : 1000;
		struct coverage a = { { 0 }, { 0 } };
		for (size_t i = 0; i < B; i++)
			v[i] = r < 4 ? (double)((r % 2 ? B - i : i) / 3)
				     : (i % 97 == 5 ? (double)i : 1.0);
		compare_coverage(v, B, xs, w, &a);
		bad += differs(&a, v, B);
		cases++;
	}
	free(v);
	free(xs);
	CHECK(bad == 0, "coverage from the selected order statistics (%s) equals the brute force, and its sd stats_sd, on %d vectors of 16 to 1500 values, sorted both ways or nearly constant (%d differ)",
	      w ? "AVX-512" : "plain loop", cases, bad);
}

/* The sign dot products of Kendall's tau-b, with the processor's
 * population count and without, against one pair of runs at a time:
 * random signs (+1, -1, 0) of 200 pairs. */
static void sign_dots(void)
{
	enum { P = 200, W = (P + 63) / 64 };
	uint64_t s = 3, a[2 * W], b[2 * W];
	int bad = 0;
	for (int r = 0; r < 50; r++) {
		long want = 0;
		memset(a, 0, sizeof a);
		memset(b, 0, sizeof b);
		for (int q = 0; q < P; q++) {
			int sa, sb;
			s = s * 6364136223846793005ULL + 1442695040888963407ULL;
			sa = (int)((s >> 33) % 3) - 1;
			sb = (int)((s >> 40) % 3) - 1;
			if (sa)
				a[(sa < 0) * W + q / 64] |= (uint64_t)1 << (q % 64);
			if (sb)
				b[(sb < 0) * W + q / 64] |= (uint64_t)1 << (q % 64);
			want += sa * sb;
		}
		bad += compare_sign_dot(a, b, W, 0) != want;
		bad += compare_sign_dot(a, b, W, compare_wide()) != want;
	}
	CHECK(bad == 0, "Kendall's sign dot products (%s) equal the sum of sign products pair by pair on 50 random images of 200 pairs: %d differ",
	      compare_wide() ? "the processor's population count and the plain one" : "plain population count", bad);
}

/* The kept tails at the sizes of -b 1000 (the sieve, and its fallback
 * when a tail is short of candidates, frequent with ties): 160 vectors
 * of 512 to 1300 values, half through the wide path, with 2 to 10^6
 * distinct values, some with one tail of equal values, each also with a
 * hint, against the brute force. */
static void kept_tails(void)
{
	uint64_t s = 11;
	int bad = 0, cases = 0, hinted = 0, fused = 0;
	double *v = malloc(2100 * sizeof *v), *xs = malloc(4200 * sizeof *xs);
	double *ra = malloc(2100 * sizeof *ra), *rc = malloc(2100 * sizeof *rc);
	double *zd = malloc(2100 * sizeof *zd), *zs = malloc(2100 * sizeof *zs);
	for (int r = 0; r < 160; r++) {
		size_t B = 512 + (size_t)(r * 397) % 789;
		unsigned m = r % 4 == 0 ? 2 : r % 4 == 1 ? 9 : r % 4 == 2 ? 300 : 1000000;
		struct coverage a = { { 0 }, { 0 } };
		for (size_t i = 0; i < B; i++) {
			s = s * 6364136223846793005ULL + 1442695040888963407ULL;
			v[i] = (double)((s >> 33) % m) / 3.0;
			if (r % 5 == 4 && v[i] < (double)m / 6.0)
				v[i] = -1;   /* a low tail of equal values */
		}
		compare_coverage(v, B, xs, r % 2 ? compare_wide() : 0, &a);
		bad += differs(&a, v, B);
		{
			/* a hint (--reliability's mean -+ 1.5 sd),
			 * right, too wide, too narrow or crossed */
			double m = stats_mean(v, B), sd = stats_sd(v, B, m);
			double f = r % 4 == 0 ? 1.5 : r % 4 == 1 ? 0.2 : r % 4 == 2 ? 4 : -1;
			double h[2] = { m - f * sd, m + f * sd };
			struct coverage ah = { { 0 }, { 0 } };
			compare_coverage_hint(v, B, xs, r % 2 ? compare_wide() : 0, h, &ah);
			bad += differs(&ah, v, B);
			hinted++;
		}
		{
			/* the same values as the differences of two rows
			 * (compare_coverage_diff), with that hint or none */
			double m = stats_mean(v, B), sd = stats_sd(v, B, m);
			double f = r % 3 == 0 ? 1.5 : r % 3 == 1 ? 0.3 : 3;
			double h[2] = { m - f * sd, m + f * sd };
			struct coverage ad = { { 0 }, { 0 } };
			for (size_t i = 0; i < B; i++) {
				s = s * 6364136223846793005ULL + 1442695040888963407ULL;
				rc[i] = (double)((s >> 40) % 9) / 8.0;
				ra[i] = v[i] + rc[i];
				zd[i] = ra[i] - rc[i];
			}
			compare_coverage_diff(ra, rc, B, zs, xs,
					      r % 2 ? compare_wide() : 0,
					      r % 8 == 7 ? NULL : h, &ad);
			bad += differs(&ad, zd, B);
			fused++;
		}
		cases++;
	}
	free(v);
	free(xs);
	free(ra);
	free(rc);
	free(zd);
	free(zs);
	CHECK(bad == 0, "coverage from the kept tails (the sieve, its fallback, many ties; plain and wide; %d with a hint, right or wrong; %d as differences of two rows, sieved as they are taken) equals the brute force on %d vectors of 512 to 1300 values (%d differ)",
	      hinted, fused, cases, bad);
}

/* output_num: no "-0.0000" for a difference that rounds to 0 */
static void num_zero(void)
{
	char buf[256] = "";
	FILE *f = tmpfile();
	output_num(f, -1e-17, 4);
	output_num(f, -0.00004, 4);
	output_num(f, -0.0002, 4);
	output_num(f, 0.5, 2);
	output_num(f, NAN, 4);
	output_num(f, -0.4, 0);
	rewind(f);
	if (!fgets(buf, sizeof buf, f))
		buf[0] = '\0';
	fclose(f);
	CHECK(strcmp(buf, "\t0.0000\t0.0000\t-0.0002\t0.50\tNA\t0") == 0,
	      "output_num prints zero without a sign, NA for NaN (got '%s')", buf);
}

int main(void)
{
	hand_cases();
	random_ties();
	for (int w = 0; w <= compare_wide(); w += 2)
		order_stats(w);
	sign_dots();
	kept_tails();
	num_zero();
	return check_exit();
}
