/*
 * test_meld_pairs.c - the t-tests of --meld on one image (meld_pairs.h)
 * against the obvious loops of the spec (shared spec meld.md,
 * cbeval-analyses(7) MELD), written again here: for each run the paired
 * test of L against R, for each pair (a, b), a < b, the paired tests of a
 * against b on L and on R, every sum over topics in topic order, the
 * pair oriented so that d_L >= 0, and every p computed (P(T(n-1) >= t)
 * from stats_t_p) and compared with the thresholds.
 *
 * The differences (dLR, dR) must be the same doubles and the counts the
 * same numbers, for 1 to 60 topics and 2 to 21 runs (so that the sums of
 * eight pairs at a time, their tails of one to seven, and runs with no
 * pair of eight are all met), on values with ties, runs equal to others
 * (zero means), runs that differ by a constant (zero spread, infinite t)
 * and mean differences just around the 1e-12 that counts as 0.  That
 * the fast decisions (t against critical values) give the decisions of
 * the computed p is checked on the way, and that the window and the
 * thresholds are met is counted: each count must be non-zero somewhere.
 */
#include "check.h"
#include "meld_pairs.h"
#include "stats.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 12345;
static double unif(void)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rng >> 11) * 0x1p-53;
}

/* P(T(df) >= t) and the paired test of the spec, plainly. */
static double ref_p(double t, double df)
{
	if (isinf(t))
		return t > 0 ? 0 : 1;
	return t >= 0 ? stats_t_p(t, df) / 2 : 1 - stats_t_p(-t, df) / 2;
}

/* The mean of a - b (0 within 1e-12) and, with need_t, t: 0 for a zero
 * mean, +-inf for a zero sd; a[t * st], b[t * st]. */
static double ref_test(const double *a, const double *b, size_t st, size_t n,
		       double *mean, int need_t)
{
	double sum = 0, m, ss = 0, sd;
	for (size_t t = 0; t < n; t++)
		sum += a[t * st] - b[t * st];
	m = sum / (double)n;
	if (fabs(m) <= 1e-12) {
		*mean = 0;
		return 0;
	}
	*mean = m;
	if (!need_t)
		return NAN;
	for (size_t t = 0; t < n; t++) {
		double e = (a[t * st] - b[t * st]) - m;
		ss += e * e;
	}
	sd = sqrt(ss / (double)(n - 1));
	if (sd == 0)
		return m > 0 ? INFINITY : -INFINITY;
	return m / (sd / sqrt((double)n));
}

/* The tests of the spec on v (L at v[t * J + r], R at v[(n + t) * J + r]). */
static void ref_image(const double *v, size_t n, size_t J, unsigned long *c,
		      double *dlr, double *dr)
{
	static const double lo[6] = { 0.001, 0.01, 0.05, 0.1, 0.25, 0.5 };
	const double *R = v + n * J, df = (double)n - 1;
	size_t q = 0;
	for (size_t r = 0; r < J && n >= 2; r++) {
		double m, p = ref_p(ref_test(v + r, R + r, J, n, &m, 1), df);
		for (int k = 0; k < 6; k++)
			c[MELD_C_LT0 + k] += p < lo[k];
		c[MELD_C_GT0] += p > 0.95;
		c[MELD_C_GT0 + 1] += p > 0.99;
	}
	for (size_t a = 0; a < J; a++)
		for (size_t b = a + 1; b < J; b++, q++) {
			size_t A = a, B = b;
			double dL, dR, pL, pR, tL;
			tL = ref_test(v + A, v + B, J, n, &dL, n >= 2);
			if (dL < 0) {
				A = b, B = a;
				tL = ref_test(v + A, v + B, J, n, &dL, n >= 2);
			}
			pR = ref_p(ref_test(R + A, R + B, J, n, &dR, n >= 2), df);
			dlr[q] = dL - fabs(dR);
			dr[q] = dR;
			if (n < 2)
				continue;
			pL = ref_p(tL, df);
			if (pL >= 0.009 && pL <= 0.011) {
				c[MELD_C_WIN]++;
				c[MELD_C_WIN_NONSUP] += dR <= 0;
				c[MELD_C_WIN_NOTSIG] += pR >= 0.05;
			}
			if (pL < 0.05) {
				c[MELD_C_SIG]++;
				c[MELD_C_SIG_NONSUP] += dR <= 0;
			}
		}
}

/* Values for J runs on n topics: runs around a level of their own with
 * noise on a coarse grid (ties), run 1 a copy of run 0, run 2 run 0 plus
 * a constant, run 3 run 0 plus 1e-12 or so (means about the zero rule);
 * L and R alike but for their noise.  The spread of the noise is the
 * case's, so that some pairs are significant and some not. */
static void make_values(double *v, size_t n, size_t J, double spread)
{
	for (int part = 0; part < 2; part++)
		for (size_t t = 0; t < n; t++) {
			double *row = v + ((size_t)part * n + t) * J;
			for (size_t r = 0; r < J; r++)
				row[r] = 0.3 + 0.01 * (double)(r % 7) +
					 spread * floor(unif() * 16) / 16;
			if (J > 1)
				row[1] = row[0];
			if (J > 2)
				row[2] = row[0] + 0.125;
			if (J > 3)
				row[3] = row[0] + (unif() < 0.5 ? 0.9e-12 : 1.1e-12) *
					 (double)n / (double)(t + 1) * (t % 2 ? -1 : 1);
		}
}

int main(void)
{
	enum { NMAX = 60, JMAX = 21, PMAX = JMAX * (JMAX - 1) / 2 };
	static double v[2 * NMAX * JMAX], dlr[PMAX], dr[PMAX], rl[PMAX], rr[PMAX];
	unsigned long seen[MELD_C_N] = { 0 };
	long cases = 0, bad_d = 0, bad_c = 0;
	for (size_t n = 1; n <= NMAX; n += n < 6 ? 1 : 9)
		for (size_t J = 2; J <= JMAX; J++)
			for (int rep = 0; rep < 6; rep++) {
				struct meld_pairs mp;
				unsigned long c[MELD_C_N] = { 0 }, rc[MELD_C_N] = { 0 };
				size_t P = J * (J - 1) / 2;
				make_values(v, n, J, rep < 3 ? 0.02 : 0.4);
				meld_pairs_init(&mp, n, J);
				meld_pairs_image(&mp, v, c, dlr, dr);
				ref_image(v, n, J, rc, rl, rr);
				bad_d += memcmp(dlr, rl, P * sizeof *dlr) != 0 ||
					 memcmp(dr, rr, P * sizeof *dr) != 0;
				bad_c += memcmp(c, rc, sizeof c) != 0;
				for (int k = 0; k < MELD_C_N; k++)
					seen[k] += c[k];
				cases++;
			}
	CHECK(bad_d == 0,
	      "the oriented differences of every pair (dLR, dR) equal the plain loops', bit for bit: %ld of %ld images differ",
	      bad_d, cases);
	CHECK(bad_c == 0,
	      "the counts of the self-comparison, the window and the significant pairs equal those of the computed p: %ld of %ld images differ",
	      bad_c, cases);
	{
		int none = 0;
		for (int k = 0; k < MELD_C_N; k++)
			none += seen[k] == 0;
		CHECK(none == 0,
		      "every count is met: self p below 0.001 %lu, above 0.99 %lu, window %lu (not supported %lu, not significant %lu), p_L < 0.05 %lu (not supported %lu)",
		      seen[MELD_C_LT0], seen[MELD_C_GT0 + 1], seen[MELD_C_WIN],
		      seen[MELD_C_WIN_NONSUP], seen[MELD_C_WIN_NOTSIG],
		      seen[MELD_C_SIG], seen[MELD_C_SIG_NONSUP]);
	}
	return check_exit();
}
