/*
 * test_stats.c - mean, sd, type-7 quantiles and competition ranks against
 * values computed by hand (the arithmetic is in the comments; R's
 * quantile(x, type = 7) gives the same numbers).
 */
#include "check.h"
#include "stats.h"

#include <stdlib.h>

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

int main(void)
{
	test_mean_sd();
	test_quantiles();
	test_sort_big();
	test_ranks();
	return check_exit();
}
