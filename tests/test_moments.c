/*
 * test_moments.c - the sums of --pairs' t-tests (moments.h): the AVX2
 * variant (where the processor has it) and the plain one give, bit for
 * bit, what the obvious two-pass loop gives, over rows of 0 to 1001
 * images (every remainder of 16 and of 8) and 50 topics of random scores
 * with ties and zeros, the topics' rows a stride apart; rows start at odd
 * offsets, so the loads are unaligned, and nothing outside is written.
 * moments_pairs, 1 to 4 pairs side by side, the same way.
 * And the per-image |t| of the t-tests (moments_t_abs), AVX-512 and
 * plain, against the obvious formula and p-values from stats_t_p, with
 * sds of 0 (mean 0, above and below it) and |t| at the critical value.
 */
#include "check.h"
#include "moments.h"
#include "stats.h"

#include <math.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NT = 50, NMAX = 1001, ROW = NMAX + 3 };  /* ROW: room for the offset */

static uint64_t z = 31337;

static double draw(void)
{
	return check_draw_score(&z);
}

/* 1 when the variant equals the obvious loop on rows of n images. */
static int agree(int wide, size_t n, double *a, double *c)
{
	static double mz[ROW], ss[ROW], rz[ROW], rs[ROW];
	size_t off = n % 3;    /* unaligned starts */
	for (size_t b = 0; b < ROW; b++)
		mz[b] = ss[b] = -1;
	moments_pair(wide, mz + off, ss + off, a + off, c + off, ROW, NT, n);
	for (size_t b = 0; b < n; b++) {
		rz[b] = rs[b] = 0;
		for (size_t t = 0; t < NT; t++)
			rz[b] += a[t * ROW + off + b] - c[t * ROW + off + b];
		rz[b] /= NT;
		for (size_t t = 0; t < NT; t++) {
			double e = (a[t * ROW + off + b] - c[t * ROW + off + b]) - rz[b];
			rs[b] += e * e;
		}
	}
	/* and nothing written outside [off, off + n) */
	for (size_t b = 0; b < ROW; b++)
		if ((b < off || b >= off + n) && (mz[b] != -1 || ss[b] != -1))
			return 0;
	return memcmp(mz + off, rz, n * sizeof *rz) == 0 &&
	       memcmp(ss + off, rs, n * sizeof *rs) == 0;
}

/* 1 when moments_pairs(wide) on np pairs that share c (pair i's first
 * run a + 7 i) equals the obvious loop for each pair, on rows of n
 * images, and writes nothing outside. */
static int agree_pairs(int wide, size_t np, size_t n, double *a, double *c)
{
	static double mz[4][ROW], ss[4][ROW], rz[ROW], rs[ROW];
	double *pz[4], *ps[4];
	const double *pa[4];
	size_t off = n % 3;
	int ok = 1;
	for (size_t i = 0; i < np; i++) {
		for (size_t b = 0; b < ROW; b++)
			mz[i][b] = ss[i][b] = -1;
		pz[i] = mz[i] + off;
		ps[i] = ss[i] + off;
		pa[i] = a + 7 * i + off;
	}
	moments_pairs(wide, np, pz, ps, pa, c + off, ROW, NT, n);
	for (size_t i = 0; i < np; i++) {
		const double *x = pa[i], *y = c + off;
		for (size_t b = 0; b < n; b++) {
			rz[b] = rs[b] = 0;
			for (size_t t = 0; t < NT; t++)
				rz[b] += x[t * ROW + b] - y[t * ROW + b];
			rz[b] /= NT;
			for (size_t t = 0; t < NT; t++) {
				double e = (x[t * ROW + b] - y[t * ROW + b]) - rz[b];
				rs[b] += e * e;
			}
		}
		for (size_t b = 0; b < ROW; b++)
			if ((b < off || b >= off + n) &&
			    (mz[i][b] != -1 || ss[i][b] != -1))
				ok = 0;
		ok &= memcmp(pz[i], rz, n * sizeof *rz) == 0 &&
		      memcmp(ps[i], rs, n * sizeof *rs) == 0;
	}
	return ok;
}

/* 1 when moments_t_abs(wide) gives the obvious |t| and count for nt
 * topics on B images of means sz and sums of squares ss. */
static int t_agree(int wide, const double *sz, const double *ss, size_t nt,
		   size_t B)
{
	static double u[ROW];
	double df = (double)nt - 1, tc = moments_t_critical(df);
	unsigned long want = 0, got;
	int ok = 1;
	u[B] = -1;
	got = moments_t_abs(wide, sz, ss, nt, tc, B, u);
	for (size_t b = 1; b <= B; b++) {
		double sd = sqrt(ss[b] / df), t;
		t = sd == 0 ? (sz[b] == 0 ? 0 : INFINITY)
			    : fabs(sz[b] / (sd / sqrt((double)nt)));
		want += stats_t_p(t, df) < 0.05;
		ok &= memcmp(&t, &u[b - 1], sizeof t) == 0;
	}
	return ok && got == want && u[B] == -1;
}

/* moments_t_abs on B = 1 to 200 images of random means and sums of
 * squares over 2 to 60 topics, a quarter with sd 0, some |t| at the
 * critical value: the number of cases that differ. */
static int t_cases(int wide)
{
	static double sz[ROW], ss[ROW];
	int bad = 0;
	for (size_t B = 1; B <= 200; B += 7)
		for (size_t nt = 2; nt <= 60; nt += 29) {
			double tc = moments_t_critical((double)nt - 1);
			for (size_t b = 0; b <= B; b++) {
				double r = draw(), q = draw();
				sz[b] = (r - 0.5) * 0.2;
				ss[b] = b % 4 == 1 ? 0 : q * 0.05;
				if (b % 9 == 2)   /* |t| = tc */
					sz[b] = tc * sqrt(ss[b] / ((double)nt - 1)) /
						sqrt((double)nt);
			}
			bad += !t_agree(wide, sz, ss, nt, B);
		}
	return bad;
}

int main(void)
{
	double *a = malloc(NT * ROW * sizeof *a), *c = malloc(NT * ROW * sizeof *c);
	static const size_t ns[] = { 0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 23, 24, 31,
				     32, 33, 63, 100, 1001 - 2, 1001 };
	int wide = moments_wide(), bad = 0;
	for (size_t i = 0; i < NT * ROW; i++) {
		a[i] = draw();
		c[i] = draw();
	}
	for (int w = wide; w >= 0; w--)
		for (size_t i = 0; i < sizeof ns / sizeof *ns; i++)
			if (!agree(w, ns[i], a, c)) {
				printf("# %s variant differs at n = %zu\n",
				       w ? "AVX2" : "plain", ns[i]);
				bad++;
			}
	CHECK(bad == 0, "moments_pair equals the obvious two-pass loop bit for bit on rows of 0 to 1001 images at a stride (%s)",
	      wide ? "AVX2 and plain variants" : "plain variant; this processor has no AVX2");
	bad = 0;
	for (int w = wide; w >= 0; w--)
		for (size_t np = 1; np <= 4; np++)
			for (size_t i = 0; i < sizeof ns / sizeof *ns; i++)
				if (ns[i] + 7 * np < ROW &&
				    !agree_pairs(w, np, ns[i], a, c)) {
					printf("# wide %d, %zu pairs differ at n = %zu\n",
					       w, np, ns[i]);
					bad++;
				}
	CHECK(bad == 0, "moments_pairs on 1 to 4 pairs that share the second run equals the obvious two-pass loop for each, bit for bit, on rows of 0 to 1001 images (%s)",
	      wide >= 2 ? "AVX-512, AVX2 and plain variants"
			: "without AVX-512 on this processor: moments_pair's variants");
	bad = 0;
	for (int w = wide >= 2 ? 2 : 0; w >= 0; w -= 2)
		bad += t_cases(w);
	CHECK(bad == 0, "moments_t_abs: |t| bit for bit and the count of p < 0.05 as the formula and stats_t_p give, sd 0 and |t| at the critical value included (%s)",
	      wide >= 2 ? "AVX-512 and plain variants" : "plain variant; this processor has no AVX-512");
	free(a);
	free(c);
	return check_exit();
}
