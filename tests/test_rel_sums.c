/*
 * test_rel_sums.c - the sums of --reliability's triples
 * (compare_pair_sums, rel_sums.c): the AVX-512 variant (where the
 * processor has it) and the plain one give, bit for bit, what the obvious
 * loops of stats_mean and stats_sd give for the difference of every pair
 * of runs, in pair order, for 1 to 70 runs (one, two and three groups of
 * 32 lanes, and every kind of last group) and 2 to 1000 images of random
 * scores with ties and zeros, the runs' rows a stride apart from an odd
 * offset; nothing past the last pair is written.
 */
#include "check.h"
#include "compare.h"
#include "stats.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { SMAX = 70, BMAX = 1000, ROW = BMAX + 5 };

static uint64_t z = 4242;

static double draw(void)
{
	return check_draw_score(&z);
}

/* 1 when the variant equals the obvious loops for S runs of B images. */
static int agree(int wide, size_t S, size_t B, const double *rows)
{
	size_t npr = S * (S - 1) / 2, off = (S + B) % 3 + 1, p = 0;
	double *T = malloc(compare_sums_scratch(S, B) * sizeof *T);
	double *m = malloc((npr + 1) * sizeof *m), *q = malloc((npr + 1) * sizeof *q);
	double d[BMAX];
	int ok = 1;
	m[npr] = q[npr] = -1;
	compare_pair_sums(rows + off, ROW, S, B, wide, T, m, q);
	for (size_t A = 0; A < S; A++)
		for (size_t C = A + 1; C < S; C++, p++) {
			double mean, ss = 0;
			for (size_t b = 0; b < B; b++)
				d[b] = rows[A * ROW + off + b] - rows[C * ROW + off + b];
			mean = stats_mean(d, B);
			for (size_t b = 0; b < B; b++)
				ss += (d[b] - mean) * (d[b] - mean);
			ok &= memcmp(&mean, &m[p], sizeof mean) == 0 &&
			      memcmp(&ss, &q[p], sizeof ss) == 0;
		}
	ok &= m[npr] == -1 && q[npr] == -1;
	free(T);
	free(m);
	free(q);
	return ok;
}

int main(void)
{
	static const size_t ss[] = { 1, 2, 3, 8, 32, 33, 34, 40, 64, 65, 66, 70 };
	static const size_t bs[] = { 2, 3, 7, 8, 9, 63, 64, 65, 1000 };
	double *rows = malloc(SMAX * ROW * sizeof *rows);
	int wide = compare_wide() >= 2 ? 2 : 0, bad = 0;
	for (size_t i = 0; i < SMAX * ROW; i++)
		rows[i] = draw();
	for (int w = wide; w >= 0; w -= 2)
		for (size_t i = 0; i < sizeof ss / sizeof *ss; i++)
			for (size_t k = 0; k < sizeof bs / sizeof *bs; k++)
				if (!agree(w, ss[i], bs[k], rows)) {
					printf("# %s variant differs at %zu runs, %zu images\n",
					       w ? "AVX-512" : "plain", ss[i], bs[k]);
					bad++;
				}
	CHECK(bad == 0, "compare_pair_sums equals stats_mean and stats_sd's loops bit for bit for every pair of 1 to 70 runs over 2 to 1000 images (%s)",
	      wide ? "AVX-512 and plain variants" : "plain variant; this processor has no AVX-512");
	free(rows);
	return check_exit();
}
