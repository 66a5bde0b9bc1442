/*
 * test_moments.c - the sums of --pairs' t-tests (moments.h): the AVX2
 * variant (where the processor has it) and the plain one give, bit for
 * bit, what the obvious two-pass loop gives, over rows of 0 to 1001
 * images (every remainder of 16 and of 8) and 50 topics of random scores
 * with ties and zeros, the topics' rows a stride apart; rows start at odd
 * offsets, so the loads are unaligned, and nothing outside is written.
 */
#include "check.h"
#include "moments.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NT = 50, NMAX = 1001, ROW = NMAX + 3 };  /* ROW: room for the offset */

static uint64_t z = 31337;

static double draw(void)
{
	z = z * 6364136223846793005ULL + 1442695040888963407ULL;
	switch ((z >> 60) % 4) {
	case 0: return 0;
	case 1: return 0.25 * (double)((z >> 20) % 5);
	default: return (double)(z >> 11) * 0x1p-53;
	}
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
	free(a);
	free(c);
	return check_exit();
}
