/*
 * test_partitions.c - the pieces of --partitions that are not a table:
 *  - ANOVA identities on random data (part_anova): the effects sum to 0;
 *    fitted values + residuals = data for both models (with interactions
 *    the fitted value of a cell is its cell mean, without it is
 *    ybar_i + ybar_j - ybar); the residuals of the interaction model sum
 *    to 0 within each cell, those of the other model over each topic and
 *    over each run; and a 2 x 2 x 2 case worked out by hand;
 *  - Benjamini-Hochberg (stats_bh) on p-value lists adjusted by hand,
 *    with ties and the step-down minimum.
 */
#include "check.h"
#include "stats.h"
#include "part_int.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 88172645463325252ULL;
static double unif(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) * 0x1p-53;
}

/* A struct part with n topics (all kept), J runs, X parts, 1 measure. */
static void setup(struct part *p, struct part_opts *o, size_t n, size_t J,
		  unsigned X)
{
	memset(p, 0, sizeof *p);
	memset(o, 0, sizeof *o);
	o->X = X;
	o->K = 1;
	o->M = 1;
	p->o = o;
	p->n = p->nk = n;
	p->J = J;
	p->m = 1;
	p->Nmax = n * J * X;
	p->y = xcalloc(p->Nmax, sizeof *p->y);
	p->kept = xcalloc(n, sizeof *p->kept);
	for (size_t i = 0; i < n; i++)
		p->kept[i] = i;
	p->cells = xcalloc(p->Nmax, sizeof *p->cells);
	p->scratch = xcalloc(n * J + n + J, sizeof *p->scratch);
	p->eff = xcalloc(J, sizeof *p->eff);
	p->tol = xcalloc(1, sizeof *p->tol);
	p->e = xcalloc(2 * p->Nmax, sizeof *p->e);
}

static void teardown(struct part *p)
{
	free(p->y);
	free(p->kept);
	free(p->cells);
	free(p->scratch);
	free(p->eff);
	free(p->tol);
	free(p->e);
}

static double Y(const struct part *p, size_t i, size_t j, size_t k)
{
	return p->y[(i * p->J + j) * p->o->X + k];
}

static void identities(void)
{
	double worst = 0;
	for (int rep = 0; rep < 20; rep++) {
		size_t n = 2 + (size_t)(unif() * 6), J = 2 + (size_t)(unif() * 7);
		unsigned X = 2 + (unsigned)(unif() * 3);
		struct part p;
		struct part_opts o;
		double sum = 0, gm = 0;
		setup(&p, &o, n, J, X);
		for (size_t c = 0; c < p.Nmax; c++)
			p.y[c] = unif() < 0.2 ? 0 : unif();
		part_anova(&p, 0);
		for (size_t j = 0; j < J; j++)
			sum += p.eff[j];
		worst = fmax(worst, fabs(sum));
		for (size_t c = 0; c < p.Nmax; c++)
			gm += p.y[c];
		gm /= (double)p.Nmax;
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; j < J; j++) {
				double cm = 0, ti = 0, rj = 0, s0 = 0;
				for (size_t k = 0; k < X; k++)
					cm += Y(&p, i, j, k) / X;
				for (size_t jj = 0; jj < J; jj++)
					for (size_t k = 0; k < X; k++)
						ti += Y(&p, i, jj, k) / (double)(J * X);
				for (size_t ii = 0; ii < n; ii++)
					for (size_t k = 0; k < X; k++)
						rj += Y(&p, ii, j, k) / (double)(n * X);
				for (size_t k = 0; k < X; k++) {
					size_t c = (i * J + j) * X + k;
					double e0 = p.e[c], e1 = p.e[p.Nmax + c];
					worst = fmax(worst, fabs(cm + e0 - p.y[c]));
					worst = fmax(worst, fabs(ti + rj - gm + e1 - p.y[c]));
					s0 += e0;
				}
				worst = fmax(worst, fabs(s0));
				worst = fmax(worst, fabs(p.eff[j] - (rj - gm)));
			}
		for (size_t i = 0; i < n; i++) {   /* noint: over each topic */
			double s1 = 0;
			for (size_t c = i * J * X; c < (i + 1) * J * X; c++)
				s1 += p.e[p.Nmax + c];
			worst = fmax(worst, fabs(s1));
		}
		teardown(&p);
	}
	CHECK(worst < 1e-12, "ANOVA identities on 20 random designs: effects sum to 0, fitted + residuals = data, cell sums of interaction residuals 0 (worst %.3g)", worst);
}

/* y(i,j,k): topic 0: run 0 (0.4, 0.2), run 1 (0.0, 0.2); topic 1: run 0
 * (0.8, 0.6), run 1 (0.4, 0.6).  Grand mean 0.4; topic means 0.2, 0.6;
 * run means 0.5, 0.3: effects +0.1, -0.1.  Cell means 0.3, 0.1, 0.7,
 * 0.5: interaction residuals +-0.1 in every cell (0.1, -0.1, -0.1, 0.1,
 * 0.1, -0.1, -0.1, 0.1); without: fitted 0.3, 0.1, 0.7, 0.5 too
 * (0.2 + 0.5 - 0.4 = 0.3, ...), so the same residuals. */
static void by_hand(void)
{
	static const double y[8] = { 0.4, 0.2, 0.0, 0.2, 0.8, 0.6, 0.4, 0.6 };
	static const double e[8] = { 0.1, -0.1, -0.1, 0.1, 0.1, -0.1, -0.1, 0.1 };
	struct part p;
	struct part_opts o;
	int ok = 1;
	setup(&p, &o, 2, 2, 2);
	memcpy(p.y, y, sizeof y);
	part_anova(&p, 0);
	ok &= fabs(p.eff[0] - 0.1) < 1e-15 && fabs(p.eff[1] + 0.1) < 1e-15;
	for (int c = 0; c < 8; c++)
		ok &= fabs(p.e[c] - e[c]) < 1e-15 && fabs(p.e[8 + c] - e[c]) < 1e-15;
	CHECK(ok, "ANOVA of a 2 x 2 x 2 design worked out by hand: effects +-0.1, residuals +-0.1");
	teardown(&p);
}

static int near_all(const double *a, const double *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (fabs(a[i] - b[i]) > 1e-15)
			return 0;
	return 1;
}

static void bh(void)
{
	/* 4 p-values: sorted 0.01 0.02 0.03 0.5 -> 4p/r = 0.04, 0.04, 0.04, 0.5 */
	static const double p1[4] = { 0.03, 0.5, 0.01, 0.02 };
	static const double q1[4] = { 0.04, 0.5, 0.04, 0.04 };
	/* the step-down minimum: 0.01 0.04 0.045 -> 0.03 0.06 0.045 -> 0.03
	 * 0.045 0.045 */
	static const double p2[3] = { 0.04, 0.01, 0.045 };
	static const double q2[3] = { 0.045, 0.03, 0.045 };
	/* ties and the cap at 1: 0.6 0.6 0.9 -> 1.8/1 1.8/2 2.7/3 -> 0.9 0.9 0.9 */
	static const double p3[3] = { 0.6, 0.9, 0.6 };
	static const double q3[3] = { 0.9, 0.9, 0.9 };
	static const double p4[2] = { 0.8, 0.9 };   /* 1.6, 0.9 -> 0.9, 0.9 */
	static const double q4[2] = { 0.9, 0.9 };
	static const double p5[1] = { 0.7 };
	double q[4];
	stats_bh(p1, 4, q);
	CHECK(near_all(q, q1, 4), "BH: 0.03 0.5 0.01 0.02 -> 0.04 0.5 0.04 0.04");
	stats_bh(p2, 3, q);
	CHECK(near_all(q, q2, 3), "BH: the step-down minimum, 0.04 0.01 0.045 -> 0.045 0.03 0.045");
	stats_bh(p3, 3, q);
	CHECK(near_all(q, q3, 3), "BH: ties, 0.6 0.9 0.6 -> 0.9 0.9 0.9");
	stats_bh(p4, 2, q);
	CHECK(near_all(q, q4, 2), "BH: 0.8 0.9 -> 0.9 0.9 (the minimum from above)");
	stats_bh(p5, 1, q);
	CHECK(q[0] == 0.7, "BH: one p-value is its own q");
	{
		static const double p6[2] = { 1.0, 0.9 };
		stats_bh(p6, 2, q);
		CHECK(q[0] == 1 && q[1] == 1, "BH: capped at 1 (1.0 0.9 -> 1 1)");
	}
}

int main(void)
{
	identities();
	by_hand();
	bh();
	return check_exit();
}
