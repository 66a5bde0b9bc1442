/*
 * test_stats.c - mean, sd, type-7 quantiles and competition ranks against
 * values computed by hand (the arithmetic is in the comments; R's
 * quantile(x, type = 7) gives the same numbers).
 */
#include "check.h"
#include "stats.h"

#include <stdint.h>

#include <stdlib.h>
#include <string.h>

static void test_mean_sd(void)
{
	double x[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	double m = stats_mean(x, 8);
	/* sum 40 / 8 = 5; squared deviations 9+1+1+1+0+0+4+16 = 32; 32/7 */
	check_near(m, 5, 0, "mean of 2 4 4 4 5 5 7 9 is 5");
	check_near(stats_sd(x, 8, m), sqrt(32.0 / 7.0), 1e-15,
		   "sd (n-1) of 2 4 4 4 5 5 7 9 is sqrt(32/7)");
	CHECK(isnan(stats_sd(x, 1, x[0])), "sd of one value is NaN");
	check_near(stats_mean(x, 0), 0, 0, "mean of nothing is 0");
}

static void test_quantiles(void)
{
	/* x = 1..10 sorted: h = 9p.  p=0.025: h=0.225 -> 1.225;
	 * p=0.25: h=2.25 -> 3.25; p=0.5: h=4.5 -> 5.5; p=0.75: h=6.75 ->
	 * 7.75; p=0.975: h=8.775 -> 9.775. */
	double x[] = { 10, 3, 7, 1, 9, 2, 8, 4, 6, 5 };
	stats_sort(x, 10);
	for (int i = 0; i < 10; i++)
		if (x[i] != i + 1)
			CHECK(0, "sort of 1..10 at %d", i);
	check_near(stats_quantile(x, 10, 0.025), 1.225, 1e-15, "q0.025 of 1..10");
	check_near(stats_quantile(x, 10, 0.25), 3.25, 1e-15, "q0.25 of 1..10");
	check_near(stats_quantile(x, 10, 0.5), 5.5, 1e-15, "median of 1..10");
	check_near(stats_quantile(x, 10, 0.75), 7.75, 1e-15, "q0.75 of 1..10");
	check_near(stats_quantile(x, 10, 0.975), 9.775, 1e-15, "q0.975 of 1..10");
	check_near(stats_quantile(x, 10, 0), 1, 0, "q0 is the minimum");
	check_near(stats_quantile(x, 10, 1), 10, 0, "q1 is the maximum");
	{
		/* ties: 0 0 0 1 1, h = 4p: p=0.5 -> x[2] = 0; p=0.75 -> x[3]=1;
		 * p=0.625: h=2.5 -> 0 + 0.5*(1-0) = 0.5 */
		double y[] = { 1, 0, 1, 0, 0 };
		stats_sort(y, 5);
		check_near(stats_quantile(y, 5, 0.5), 0, 0, "median with ties");
		check_near(stats_quantile(y, 5, 0.625), 0.5, 1e-15,
			   "interpolation across a tie boundary");
	}
	{
		double one = 0.3;
		check_near(stats_quantile(&one, 1, 0.975), 0.3, 0, "quantile of one value");
	}
	{
		/* n = 2: h = p; q0.25 of (1, 3) = 1 + 0.25*2 = 1.5 */
		double two[] = { 3, 1 };
		stats_sort(two, 2);
		check_near(stats_quantile(two, 2, 0.25), 1.5, 1e-15, "q0.25 of 1,3");
	}
}

static void test_sort_big(void)
{
	/* A larger pseudo-random vector with many ties, checked for order. */
	enum { N = 5000 };
	static double x[N];
	uint64_t s = 12345;
	int ok = 1;
	for (int i = 0; i < N; i++) {
		s = s * 6364136223846793005ULL + 1442695040888963407ULL;
		x[i] = (double)((s >> 33) % 97) / 4.0;
	}
	stats_sort(x, N);
	for (int i = 1; i < N; i++)
		if (x[i - 1] > x[i])
			ok = 0;
	CHECK(ok, "sort of 5000 values with ties is ascending");
	for (int i = 0; i < N; i++)
		x[i] = N - i;
	stats_sort(x, N);
	CHECK(x[0] == 1 && x[N - 1] == N, "sort of a descending vector");
}

static void test_ranks(void)
{
	/* values 0.5 0.9 0.5 0.1 0.9: two at 0.9 share rank 1; the 0.5s have
	 * two greater -> 3; 0.1 has four greater -> 5. */
	double v[] = { 0.5, 0.9, 0.5, 0.1, 0.9 }, r[5], tmp[5];
	double want[] = { 3, 1, 3, 5, 1 };
	int ok = 1;
	stats_ranks(v, 5, r, tmp);
	for (int i = 0; i < 5; i++)
		if (r[i] != want[i])
			ok = 0;
	CHECK(ok, "competition ranks with ties: 3 1 3 5 1 (got %g %g %g %g %g)",
	      r[0], r[1], r[2], r[3], r[4]);
	{
		double e[3] = { 0, 0, 0 }, re[3], t3[3];
		stats_ranks(e, 3, re, t3);
		CHECK(re[0] == 1 && re[1] == 1 && re[2] == 1, "all tied: all rank 1");
	}
}

/* The summaries' fast paths against the plain ones, on 600 random
 * vectors of 0 to 5000 values with many ties, few and none, negative
 * and positive: stats_sort_radix gives stats_sort's array bit for bit
 * (no zero of both signs here; with both, the same values, -0 first);
 * stats_sort_whole gives it for whole numbers and refuses, leaving x as
 * it was, a fraction, a negative number and one above max; stats_ranks
 * equals its definition, 1 + the count of greater values, on both sides
 * of its direct path (n <= 256). */
static void test_fast_sorts(void)
{
	static double x[5000], y[5000], r[5000], s[5000];
	static uint64_t keys[10000];
	static size_t count[101];
	uint64_t z = 31337;
	int bad_radix = 0, bad_whole = 0, bad_ranks = 0;
	for (int t = 0; t < 600; t++) {
		size_t n = t < 100 ? (size_t)t : (size_t)(t * 97 % 5000);
		unsigned m = t % 3 == 0 ? 5 : t % 3 == 1 ? 100 : 1000000000;
		for (size_t i = 0; i < n; i++) {
			z = z * 6364136223846793005ULL + 1442695040888963407ULL;
			x[i] = y[i] = ((double)((z >> 33) % m) - (t % 2 ? m / 3 : 0)) * 0.37;
		}
		stats_sort(y, n);
		stats_sort_radix(x, n, keys);
		bad_radix += n && memcmp(x, y, n * sizeof *x) != 0;
		for (size_t i = 0; i < n; i++) {     /* whole numbers 0..100 */
			z = z * 6364136223846793005ULL + 1442695040888963407ULL;
			x[i] = y[i] = (double)((z >> 33) % (m < 100 ? m : 101));
		}
		stats_sort(y, n);
		bad_whole += stats_sort_whole(x, n, 100, count) != 0 ||
			     (n && memcmp(x, y, n * sizeof *x) != 0);
		if (n > 300)
			continue;
		for (size_t i = 0; i < n; i++)      /* out of order, ties kept */
			s[i] = x[(i * 31) % n] + (t % 2 ? 0.5 : 0);
		stats_ranks(s, n, r, y);
		for (size_t i = 0; i < n; i++) {
			size_t c = 0;
			for (size_t j = 0; j < n; j++)
				c += s[j] > s[i];
			bad_ranks += r[i] != (double)(1 + c);
		}
	}
	{       /* refusals leave x as it was */
		double f[4] = { 3, 2.5, 1, 0 }, g[4] = { 3, -1, 1, 0 };
		double h[4] = { 3, 101, 1, 0 }, f0[4], g0[4], h0[4];
		memcpy(f0, f, sizeof f);
		memcpy(g0, g, sizeof g);
		memcpy(h0, h, sizeof h);
		bad_whole += stats_sort_whole(f, 4, 100, count) != -1 ||
			     memcmp(f, f0, sizeof f) != 0;
		bad_whole += stats_sort_whole(g, 4, 100, count) != -1 ||
			     memcmp(g, g0, sizeof g) != 0;
		bad_whole += stats_sort_whole(h, 4, 100, count) != -1 ||
			     memcmp(h, h0, sizeof h) != 0;
	}
	{       /* both zeros: the same values, -0 before +0 */
		int sgn = 1;
		for (size_t i = 0; i < 200; i++)
			x[i] = i % 3 == 0 ? -0.0 : i % 3 == 1 ? 0.0 : (double)i;
		stats_sort_radix(x, 200, keys);
		for (size_t i = 0; i < 200; i++) {
			bad_radix += i > 0 && x[i] < x[i - 1];
			if (x[i] == 0 && !signbit(x[i]))
				sgn = 0;
			else if (x[i] == 0 && !sgn)
				bad_radix++;      /* a -0 after a +0 */
		}
	}
	CHECK(bad_radix == 0, "radix sort gives the comparison sort's array bit for bit on 600 random vectors of 0 to 5000 values, and puts -0 before +0 (%d differ)",
	      bad_radix);
	CHECK(bad_whole == 0, "counting sort of whole numbers gives the comparison sort's array on 600 random vectors, and refuses 2.5, -1 and max + 1 leaving x as it was (%d differ)",
	      bad_whole);
	CHECK(bad_ranks == 0, "competition ranks equal 1 + the count of greater values on random vectors of 0 to 300 values with ties, both sides of the direct path (%d differ)",
	      bad_ranks);
}

/* Two-sided p of Student's t against closed forms derived independently
 * of the continued fraction:
 *   df = 1 (Cauchy): p = 1 - (2/pi) atan|t|
 *   df = 2:          p = 1 - |t| / sqrt(2 + t^2)
 *   df = 4:          p = 1 - |t| (6 + t^2) / (4 + t^2)^1.5 / ... (below)
 * The df = 4 form: P(|T| <= t) = x (3 - x^2) / 2 with x = t / sqrt(4 + t^2)
 * scaled, i.e. p = 1 - (t / sqrt(4+t^2)) * (1 + 2 / (4 + t^2)). */
static void test_t_dist(void)
{
	const double pi = 3.14159265358979323846;
	const double ts[] = { 0.1, 0.5, 1, 1.96, 2.5, 4, 10, 31.8, 1e3 };
	double worst1 = 0, worst2 = 0, worst4 = 0;
	for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) {
		double t = ts[i];
		double p1 = 1 - 2 / pi * atan(t);
		double p2 = 1 - t / sqrt(2 + t * t);
		double p4 = 1 - t / sqrt(4 + t * t) * (1 + 2 / (4 + t * t));
		worst1 = fmax(worst1, fabs(stats_t_p(t, 1) - p1));
		worst1 = fmax(worst1, fabs(stats_t_p(-t, 1) - p1));
		worst2 = fmax(worst2, fabs(stats_t_p(t, 2) - p2));
		worst4 = fmax(worst4, fabs(stats_t_p(t, 4) - p4));
	}
	CHECK(worst1 < 1e-10, "t p-values, df 1 (n = 2), against 1 - 2 atan|t|/pi: worst %.3g", worst1);
	CHECK(worst2 < 1e-10, "t p-values, df 2, against 1 - |t|/sqrt(2+t^2): worst %.3g", worst2);
	CHECK(worst4 < 1e-10, "t p-values, df 4, against the closed form: worst %.3g", worst4);
	/* Large |t|: df 1, t = 1e8: p = 1 - 2 atan(1e8)/pi = 2/(pi 1e8) to
	 * 1e-24; relative agreement matters here. */
	check_near(stats_t_p(1e8, 1) / (2 / (pi * 1e8)), 1, 1e-10,
		   "t p-value at t = 1e8, df 1, relative to 2/(pi t)");
	/* df 2, t = 1e4: p = 1 - 1/sqrt(1 + 2e-8) = 1e-8 - 1.5e-16 + ... */
	check_near(stats_t_p(1e4, 2), 1e-8 - 1.5e-16, 1e-20, "t p-value at t = 1e4, df 2");
	check_near(stats_t_p(INFINITY, 5), 0, 0, "p of infinite t is 0");
	check_near(stats_t_p(0, 5), 1, 0, "p of t = 0 is 1");
	/* df 30, t = 2.042272456: the 0.975 quantile of t(30), so p = 0.05
	 * (table value to 9 digits). */
	check_near(stats_t_p(2.042272456, 30), 0.05, 1e-9, "t(30) critical value 2.042272456 gives p = 0.05");
}

static void test_paired_t(void)
{
	/* n = 2: z = 1, 3: mean 2, sd sqrt(2), t = 2 / (sqrt2/sqrt2) = 2,
	 * df 1: p = 1 - 2 atan(2)/pi = 0.2951672353008665 */
	double z2[] = { 1, 3 };
	double t = stats_t_stat(z2, 2);
	check_near(t, 2, 1e-15, "paired t of (1, 3) is 2");
	check_near(stats_t_p(t, 1), 0.2951672353008665, 1e-10, "its p-value (df 1)");
	{
		/* zero variance */
		double zc[] = { 0.25, 0.25, 0.25 }, z0[] = { 0, 0, 0, 0 };
		CHECK(isinf(stats_t_stat(zc, 3)) && stats_t_p(stats_t_stat(zc, 3), 2) == 0,
		      "zero variance, mean 0.25: p = 0");
		CHECK(stats_t_stat(z0, 4) == 0 && stats_t_p(stats_t_stat(z0, 4), 3) == 1,
		      "zero variance, mean 0: p = 1");
		CHECK(isnan(stats_t_stat(z0, 1)), "one difference: t undefined");
	}
	{
		/* z = 1, 2, 3, 4, 5: mean 3, sd sqrt(2.5), t = 3/(sqrt(2.5)/sqrt5)
		 * = 3 sqrt2 = 4.242640687; df 4 closed form */
		double z5[] = { 1, 2, 3, 4, 5 }, tt = 3 * sqrt(2.0);
		double p4 = 1 - tt / sqrt(4 + tt * tt) * (1 + 2 / (4 + tt * tt));
		check_near(stats_t_stat(z5, 5), tt, 1e-14, "paired t of 1..5 is 3 sqrt 2");
		check_near(stats_t_p(stats_t_stat(z5, 5), 4), p4, 1e-10, "its p-value (df 4)");
	}
}

/* Kendall tau-b by hand.
 * x = 1 2 3 4, y = 1 2 3 4: tau 1; y reversed: -1.
 * x = 1 2 2 3, y = 1 3 2 4: pairs (i<j): (1,2) c (1,3) c (1,4) c
 *   (2,3) x tied (2,4) c (3,4) c -> nc 5, nd 0, n1 = 1, n2 = 0:
 *   5 / sqrt(5 * 6) = 0.9128709291752769.
 * x = 1 1 2 2, y = 1 2 1 2: (1,2) x-tie (1,3) c? x 1<2, y 1=1 -> y-tie
 *   (1,4) c (2,3) x 1<2, y 2>1 d (2,4) y-tie (3,4) x-tie -> nc 1, nd 1,
 *   n1 = 2, n2 = 2: 0 / 4 = 0. */
static void test_kendall(void)
{
	double a[] = { 1, 2, 3, 4 }, b[] = { 4, 3, 2, 1 };
	double x[] = { 1, 2, 2, 3 }, y[] = { 1, 3, 2, 4 };
	double u[] = { 1, 1, 2, 2 }, v[] = { 1, 2, 1, 2 };
	double c[] = { 5, 5, 5, 5 };
	check_near(stats_kendall_tau_b(a, a, 4), 1, 0, "tau-b of identical rankings");
	check_near(stats_kendall_tau_b(a, b, 4), -1, 0, "tau-b of reversed rankings");
	check_near(stats_kendall_tau_b(x, y, 4), 5 / sqrt(30.0), 1e-15, "tau-b with a tie in x: 5/sqrt(30)");
	check_near(stats_kendall_tau_b(u, v, 4), 0, 0, "tau-b with ties in both: 0");
	CHECK(isnan(stats_kendall_tau_b(a, c, 4)), "tau-b against an all-tied ranking is undefined");
}

/* Knight's O(n log n) tau-b equals the O(n^2) definition bit for bit: the
 * hand cases above, and 2000 random pairs of vectors of 2..300 values
 * drawn from few distinct values (many ties in x, in y and in both). */
static void test_kendall_fast(void)
{
	double a[] = { 1, 2, 3, 4 }, b[] = { 4, 3, 2, 1 };
	double x[] = { 1, 2, 2, 3 }, y[] = { 1, 3, 2, 4 };
	double u[] = { 1, 1, 2, 2 }, v[] = { 1, 2, 1, 2 };
	double c[] = { 5, 5, 5, 5 };
	static double p[300], q[300], scratch[1200];
	uint64_t z = 12345;
	int same = 1, nan_same = 1, defined = 0;
	check_near(stats_tau_b_fast(x, y, 4, scratch), 5 / sqrt(30.0), 1e-15,
		   "fast tau-b with a tie in x: 5/sqrt(30)");
	CHECK(stats_tau_b_fast(a, b, 4, scratch) == -1 &&
	      stats_tau_b_fast(u, v, 4, scratch) == 0 &&
	      isnan(stats_tau_b_fast(a, c, 4, scratch)) &&
	      isnan(stats_tau_b_fast(a, a, 1, scratch)),
	      "fast tau-b: reversed -1, ties in both 0, all tied and n = 1 undefined");
	for (int k = 0; k < 2000; k++) {
		size_t n = 2 + (size_t)(k % 299);
		unsigned m = 1 + (unsigned)(k % 7) * 5;   /* distinct values */
		double t1, t2;
		for (size_t i = 0; i < n; i++) {
			z = z * 6364136223846793005ULL + 1442695040888963407ULL;
			p[i] = (double)((z >> 33) % m);
			z = z * 6364136223846793005ULL + 1442695040888963407ULL;
			q[i] = k % 3 == 0 ? p[i] : (double)((z >> 33) % m) / 3;
		}
		t1 = stats_kendall_tau_b(p, q, n);
		t2 = stats_tau_b_fast(p, q, n, scratch);
		if (isnan(t1) != isnan(t2))
			nan_same = 0;
		else if (!isnan(t1) && t1 != t2)
			same = 0;
		defined += !isnan(t1);
	}
	CHECK(same && nan_same && defined > 1500,
	      "fast tau-b equals the O(n^2) tau-b exactly on 2000 random cases with ties (%d defined)",
	      defined);
}

/* Selection gives the order statistics and type-7 quantiles of a sort,
 * bit for bit: 500 random vectors of 1 to 2000 values with many ties,
 * few ties and none; quantiles 0.025 then 0.975 from the same array
 * (the second starting after the first's floor), and stats_select's
 * next value. */
static void test_select(void)
{
	static double x[2000], y[2000];
	uint64_t z = 4242;
	int bad = 0;
	for (int r = 0; r < 500; r++) {
		size_t n = 1 + (size_t)(r * 37 % 2000);
		unsigned m = r % 3 == 0 ? 3 : r % 3 == 1 ? 100 : 1000000000;
		size_t lo1, lo2, k;
		double q1, q2, nx, v;
		for (size_t i = 0; i < n; i++) {
			z = z * 6364136223846793005ULL + 1442695040888963407ULL;
			x[i] = y[i] = (double)((z >> 33) % m) * 0.37 - 5;
		}
		stats_sort(y, n);
		lo1 = (size_t)floor((double)(n - 1) * 0.025);
		lo2 = (size_t)floor((double)(n - 1) * 0.975);
		q1 = stats_quantile_select(x, n, 0, 0.025);
		q2 = stats_quantile_select(x, n, lo2 > lo1 ? lo1 + 1 : 0, 0.975);
		if (q1 != stats_quantile(y, n, 0.025) || q2 != stats_quantile(y, n, 0.975))
			bad++;
		k = (size_t)(z % n);
		v = stats_select(x, n, 0, k, &nx);
		if (v != y[k] || nx != y[k + 1 < n ? k + 1 : k])
			bad++;
		/* and x is split at k: nothing larger before, nothing smaller
		 * after (what a later call's from relies on) */
		for (size_t i = 0; i < n; i++)
			if ((i < k && x[i] > v) || (i > k && x[i] < v))
				bad++;
	}
	/* all equal, and two values, at lengths where selection partitions */
	for (size_t n = 17; n < 600; n += 37)
		for (int two = 0; two < 2; two++) {
			for (size_t i = 0; i < n; i++)
				x[i] = two && i % 5 == 0 ? 2.5 : 1.5;
			for (size_t k = 0; k < n; k += 7) {
				double nx, want = two && k >= n - (n + 4) / 5 ? 2.5 : 1.5;
				double v = stats_select(x, n, 0, k, &nx);
				if (v != want)
					bad++;
			}
		}
	CHECK(bad == 0, "selection gives the quantiles and order statistics of a sort on 500 random vectors, leaves them split at k, and handles all-equal and two-valued vectors (%d differ)",
	      bad);
}

/* stats_quantile_tail leaves x as it is and gives the quantiles of a
 * sort, bit for bit, whichever way it takes (smallest, largest, select):
 * 600 random vectors of 1 to 3000 values with many ties, few ties and
 * none, at p = 0, 0.001, 0.025, 0.5, 0.975, 0.999 and 1. */
static void test_tail(void)
{
	static double x[3000], y[3000], keep[3000], scratch[3000];
	static const double ps[] = { 0, 0.001, 0.025, 0.5, 0.975, 0.999, 1 };
	uint64_t z = 777;
	int bad = 0, moved = 0;
	for (int r = 0; r < 600; r++) {
		size_t n = 1 + (size_t)(r * 53 % 3000);
		unsigned m = r % 3 == 0 ? 3 : r % 3 == 1 ? 100 : 1000000000;
		for (size_t i = 0; i < n; i++) {
			z = z * 6364136223846793005ULL + 1442695040888963407ULL;
			x[i] = y[i] = keep[i] = (double)((z >> 33) % m) * 0.37 - 5;
		}
		stats_sort(y, n);
		for (size_t q = 0; q < sizeof ps / sizeof *ps; q++)
			if (stats_quantile_tail(x, n, ps[q], scratch) !=
			    stats_quantile(y, n, ps[q]))
				bad++;
		moved += memcmp(x, keep, n * sizeof *x) != 0;
	}
	CHECK(bad == 0 && moved == 0,
	      "stats_quantile_tail gives the quantiles of a sort on 600 random vectors at 7 p (%d differ) and leaves them as they are (%d moved)",
	      bad, moved);
}

/* stats_order_stats against a sort, bit for bit: 400 random vectors of
 * 1 to 200,000 values (few distinct values, many, both signs, a narrow
 * range packed into one bucket of the first digit, values spread over
 * the exponents, zeros of both signs) at random sets of ranks (the
 * first, the last, neighbours); a zero's sign may differ where x has
 * both, so those compare as numbers. */
static void test_order_stats(void)
{
	enum { NMAX = 200000 };
	double *x = calloc(NMAX, sizeof *x), *y = calloc(NMAX, sizeof *y);
	double *keep = calloc(NMAX, sizeof *keep), v[40];
	size_t r[40];
	uint64_t z = 99;
	int bad = 0, moved = 0;
	for (int c = 0; c < 400; c++) {
		size_t n = c % 40 == 0 ? NMAX - (size_t)c : 1 + (size_t)(c * 7919 % 5000);
		size_t nr = 0;
		for (size_t i = 0; i < n; i++) {
			double u;
			z = z * 6364136223846793005ULL + 1442695040888963407ULL;
			u = (double)(z >> 11) * 0x1p-53;
			switch (c % 5) {
			case 0: x[i] = (double)((z >> 33) % 4) - 1.5; break;
			case 1: x[i] = u * 2 - 1; break;
			case 2: x[i] = 1 + u * 1e-9; break;
			case 3: x[i] = (u - 0.5) * pow(2, (double)((z >> 40) % 120) - 60); break;
			default: x[i] = (z >> 40) % 3 == 0 ? 0.0 : (z >> 40) % 3 == 1 ? -0.0 : u - 0.5;
			}
			y[i] = keep[i] = x[i];
		}
		stats_sort(y, n);
		for (size_t q = 0; q < n && nr < 40; q += 1 + (size_t)(z >> 50) % (n / 8 + 1)) {
			r[nr++] = q;
			if (q + 1 < n && nr < 40 && (q & 1))
				r[nr++] = ++q;
		}
		if (r[nr - 1] != n - 1 && nr < 40)
			r[nr++] = n - 1;
		stats_order_stats(x, n, r, nr, v);
		for (size_t q = 0; q < nr; q++)
			bad += y[r[q]] == 0 ? v[q] != 0
					    : memcmp(&v[q], &y[r[q]], sizeof v[q]) != 0;
		moved += memcmp(x, keep, n * sizeof *x) != 0;
	}
	CHECK(bad == 0 && moved == 0,
	      "stats_order_stats gives a sort's values at the ranks asked, bit for bit, on 400 random vectors of up to 200,000 values (%d differ) and leaves them as they are (%d moved)",
	      bad, moved);
	free(x);
	free(y);
	free(keep);
}

int main(void)
{
	test_order_stats();
	test_tail();
	test_t_dist();
	test_paired_t();
	test_kendall();
	test_kendall_fast();
	test_select();
	test_mean_sd();
	test_quantiles();
	test_sort_big();
	test_ranks();
	test_fast_sorts();
	return check_exit();
}
