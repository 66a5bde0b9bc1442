/*
 * tests/parts/ref_partitions/selftest.c - `ref_partitions --selftest`:
 * the test vectors of draws.md (streams 4, 5, 6) through the reference's
 * draw functions; ANOVA identities on random data (and the bootstrap
 * effect as a least-squares refit); Benjamini-Hochberg on hand-computed
 * lists; type-7 quantiles; the randomization test on a case enumerated by
 * hand; Student t p-values against closed forms.  One TAP line per check
 * on stdout.  Sizes: small fixed cases, under a second.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_partitions.h"

/* The state of the self-test: failures so far, the random data's LCG. */
struct st {
	int nfail;
	uint64_t lcg_state;
};

/* Print one check's TAP line and count a failure. */
static void check(struct st *st, int ok, const char *what)
{
	printf("%s - ref_partitions self-test: %s\n", ok ? "ok" : "not ok", what);
	st->nfail += !ok;
}

/* 1 when a and b agree within tol relative (or 1e-300 absolute). */
static int close_rel(double a, double b, double tol)
{
	return fabs(a - b) <= tol * fmax(fabs(a), fabs(b)) || fabs(a - b) <= 1e-300;
}

/* The next uniform double in [0, 1) of the self-test's LCG. */
static double lcg01(struct st *st)
{
	st->lcg_state = st->lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(st->lcg_state >> 11) * ldexp(1.0, -53);
}

/* Effects of y by plain means (the refit). */
static void effects_of(const double *y, size_t n, size_t J, size_t X_, double *eff)
{
	double *ei = xmalloc(n * J * X_ * sizeof *ei), *en = xmalloc(n * J * X_ * sizeof *en);
	anova(y, n, J, X_, eff, ei, en, 0);
	free(ei);
	free(en);
}

/* The outcome of the ANOVA checks over all random cases. */
struct anova_oks {
	int sum, fit, cell, margin, refit;
	double worst;
};

/* One ANOVA fit of n topics x J runs x x parts to check. */
struct fit {
	size_t n, J, x, N;
	const double *y, *eff, *ei, *en;
};

/* Effects, fits and residual sums against means recomputed otherwise. */
static void check_identities(const struct fit *f, struct anova_oks *ok)
{
	size_t n = f->n, J = f->J, x = f->x, N = f->N;
	const double *y = f->y, *eff = f->eff, *ei = f->ei, *en = f->en;
	/* recompute the means independently (column sums, not the same loops) */
	double gm = 0, *ri = xcalloc(n, sizeof *ri), *cj = xcalloc(J, sizeof *cj);
	double *cell = xcalloc(n * J, sizeof *cell);
	for (size_t c = 0; c < N; c++) {
		size_t i = c / (J * x), j = (c / x) % J;
		gm += y[c] / (double)N;
		ri[i] += y[c] / (double)(J * x);
		cj[j] += y[c] / (double)(n * x);
		cell[i * J + j] += y[c] / (double)x;
	}
	double se = 0;
	for (size_t j = 0; j < J; j++) {
		se += eff[j];
		ok->sum &= fabs(eff[j] - (cj[j] - gm)) <= 1e-12;
	}
	ok->sum &= fabs(se) <= 1e-12;
	for (size_t c = 0; c < N; c++) {
		size_t i = c / (J * x), j = (c / x) % J;
		double fi = cell[i * J + j], fn = ri[i] + cj[j] - gm;
		ok->fit &= fabs(fi + ei[c] - y[c]) <= 1e-12 && fabs(fn + en[c] - y[c]) <= 1e-12;
	}
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < J; j++) {
			double s1 = 0;
			for (size_t k = 0; k < x; k++)
				s1 += ei[(i * J + j) * x + k];
			ok->cell &= fabs(s1) <= 1e-12;
		}
	for (size_t i = 0; i < n; i++) {
		double s1 = 0, s2 = 0;
		for (size_t j = 0; j < J; j++)
			for (size_t k = 0; k < x; k++) {
				s1 += en[(i * J + j) * x + k];
				s2 += ei[(i * J + j) * x + k];
			}
		ok->margin &= fabs(s1) <= 1e-12 && fabs(s2) <= 1e-12;
	}
	for (size_t j = 0; j < J; j++) {
		double s1 = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < x; k++)
				s1 += en[(i * J + j) * x + k];
		ok->margin &= fabs(s1) <= 1e-12;
	}
	free(ri); free(cj); free(cell);
}

/* The bootstrap effect is the refit of fitted + resampled residuals
 * (stream 5 of seed 1, split sh + 1, resample rep + 1). */
static void check_refit(const struct fit *f, size_t sh, int rep, struct anova_oks *ok)
{
	size_t n = f->n, J = f->J, x = f->x, N = f->N;
	double *ys = xmalloc(N * sizeof *ys), *e1 = xmalloc(J * sizeof *e1), *e2 = xmalloc(J * sizeof *e2);
	size_t *idx = xmalloc(N * sizeof *idx);
	for (int md = 0; md < 2; md++) {
		const double *e = md ? f->en : f->ei;
		for (size_t c = 0; c < N; c++)
			idx[c] = resid_index(1, (uint64_t)sh + 1, (uint64_t)rep + 1, c, N);
		boot_effects(e, idx, n, J, x, f->eff, e1, 0);
		for (size_t c = 0; c < N; c++)
			ys[c] = (f->y[c] - e[c]) + e[idx[c]];
		effects_of(ys, n, J, x, e2);
		for (size_t j = 0; j < J; j++) {
			double d = fabs(e1[j] - e2[j]);
			if (d > ok->worst)
				ok->worst = d;
			ok->refit &= d <= 1e-12;
		}
	}
	free(ys); free(e1); free(e2); free(idx);
}

/* ANOVA identities on random data, 5 shapes x 20 cases. */
static void selftest_anova(struct st *st)
{
	static const size_t shapes[][3] = { { 2, 2, 2 }, { 3, 4, 2 }, { 5, 3, 3 }, { 7, 6, 4 }, { 2, 9, 5 } };
	struct anova_oks ok = { 1, 1, 1, 1, 1, 0 };
	for (size_t sh = 0; sh < sizeof shapes / sizeof *shapes; sh++)
		for (int rep = 0; rep < 20; rep++) {
			size_t n = shapes[sh][0], J = shapes[sh][1], x = shapes[sh][2], N = n * J * x;
			double *y = xmalloc(N * sizeof *y), *eff = xmalloc(J * sizeof *eff);
			double *ei = xmalloc(N * sizeof *ei), *en = xmalloc(N * sizeof *en);
			for (size_t c = 0; c < N; c++)
				y[c] = rep % 3 == 0 ? floor(lcg01(st) * 11) / 10 : lcg01(st);
			anova(y, n, J, x, eff, ei, en, 0);
			struct fit f = { n, J, x, N, y, eff, ei, en };
			check_identities(&f, &ok);
			check_refit(&f, sh, rep, &ok);
			free(y); free(eff); free(ei); free(en);
		}
	check(st, ok.sum, "ANOVA on random data (5 shapes x 20): effects = run mean - grand mean, summing to 0");
	check(st, ok.fit, "ANOVA: fitted + residuals = data, for both models");
	check(st, ok.cell, "ANOVA: interaction residuals sum to 0 within each (topic, run) cell");
	check(st, ok.margin, "ANOVA: residuals of both models sum to 0 over each topic; without interactions over each run");
	char msg[200];
	snprintf(msg, sizeof msg, "bootstrap effect = least-squares refit of fitted + resampled residuals, both models (worst %.2g)", ok.worst);
	check(st, ok.refit, msg);
}

/* The draws.md vectors of streams 4, 5 and 6 and the draws of the hand
 * cases. */
static void selftest_draws(struct st *st)
{
	static const unsigned s5[] = { 429, 43, 92, 998, 552 };
	static const unsigned part[] = { 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0 };
	static const unsigned bits[] = { 0, 0, 0, 0, 0, 0, 0, 1, 1, 1 };
	const char *doc = "FBIS3-162447";
	uint64_t one = 1;
	int ok = 1;

	uint64_t i10[2] = { 1, 0 };
	check(st, word(1, 1, i10, 2) == 0x2030470432df129cULL, "word(1,1,1,0) = 0x2030470432df129c");
	for (uint64_t c = 0; c < 5; c++)
		ok &= resid_index(1, 1, 1, c, 1000) == s5[c];
	check(st, ok, "stream 5, s = 1, m = 1, N = 1000, cells 0..4: 429 43 92 998 552");
	check(st, docword(1, 4, doc, strlen(doc), &one, 1) == 0x43d431adf96b7984ULL,
	          "docword(1,4,'FBIS3-162447',1) = 0x43d431adf96b7984");
	ok = 1;
	for (uint64_t s = 1; s <= 11; s++)
		ok &= part_of(1, doc, strlen(doc), s, 2) == part[s - 1];
	check(st, ok, "stream 4: FBIS3-162447, x = 2, splits 1..11: parts 0 0 0 0 1 1 0 0 1 1 0");
	check(st, uniform(docword(1, 7, doc, strlen(doc), &one, 1)) == 0.014584245866719803,
	          "uniform(docword(1,7,'FBIS3-162447',1)) = 0.014584245866719803");
	ok = 1;
	for (uint64_t t = 0; t < 10; t++)
		ok &= flip(1, 1, t) == bits[t];
	check(st, ok, "stream 6: bit(word(1,6,1,t)), t = 0..9: 0 0 0 0 0 0 0 1 1 1");
	/* The draws of the hand cases of t_partitions.sh (draws.md's Python):
	 * stream 5, S = 1, s = 1, N = 8, m = 1..3; stream 6, S = 1, r = 1..8,
	 * t = 0..2. */
	static const unsigned h5[3][8] = { { 5, 3, 4, 6, 0, 3, 6, 1 }, { 5, 0, 4, 5, 2, 5, 4, 6 },
					   { 7, 0, 6, 5, 7, 7, 7, 3 } };
	static const unsigned h6[8][3] = { { 0, 0, 0 }, { 0, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 },
					   { 0, 0, 0 }, { 1, 1, 0 }, { 1, 1, 0 }, { 1, 1, 1 } };
	ok = 1;
	for (unsigned m = 1; m <= 3; m++)
		for (unsigned c = 0; c < 8; c++)
			ok &= resid_index(1, 1, m, c, 8) == h5[m - 1][c];
	for (unsigned r = 1; r <= 8; r++)
		for (unsigned t = 0; t < 3; t++)
			ok &= flip(1, r, t) == h6[r - 1][t];
	check(st, ok, "the draws of the hand cases: stream 5 (S 1, s 1, N 8, m 1..3), stream 6 (S 1, r 1..8, t 0..2)");
}

/* The randomization test by hand: z = (1/2, -1/4, 1/8), sum 3/8; the
 * sign vectors of r = 1..8 flip topics {}, {}, {0,1}, {1}, {}, {0,1},
 * {0,1}, {0,1,2}: sums 3/8, 3/8, -1/8, 7/8, 3/8, -1/8, -1/8, -3/8;
 * |sum| >= 3/8 for r = 1, 2, 4, 5, 8 (r = 8 an exact tie): 5. */
static void selftest_rand(struct st *st)
{
	double z[3] = { 0.5, -0.25, 0.125 };
	check(st, rand_count(1, z, 3, 8) == 5, "randomization test by hand (3 topics, R = 8): 5 of 8, the tie r = 8 counted");
	/* A sum that is 0 in exact arithmetic but not in doubles:
	 * 0.1 + 0.2 - 0.3 = 5.55e-17; the tolerance makes every r count. */
	double z2[3] = { 0.1, 0.2, -0.3 };
	check(st, rand_count(1, z2, 3, 8) == 8, "randomization test: the 1e-9 tolerance (0.1 + 0.2 - 0.3): 8 of 8");
	double z3[3] = { 0, 0, 0 };
	check(st, rand_count(1, z3, 3, 5) == 5, "randomization test: identical runs (z = 0) give p = 1");
	double z4[1] = { -0.5 };
	check(st, rand_count(1, z4, 1, 7) == 7, "randomization test: one topic gives p = 1");
}

/* Benjamini-Hochberg by hand. */
static void selftest_bh(struct st *st)
{
	double q[6];
	int okb = 1;
	/* p = (0.01, 0.04, 0.03, 0.005): sorted 0.005 0.01 0.03 0.04 ->
	 * 4p/r = 0.02 0.02 0.04 0.04; min from the right: 0.02 0.02 0.04 0.04 */
	double p1[4] = { 0.01, 0.04, 0.03, 0.005 }, w1[4] = { 0.02, 0.04, 0.04, 0.02 };
	bh(p1, 4, q);
	for (int i = 0; i < 4; i++)
		okb &= close_rel(q[i], w1[i], 1e-15);
	check(st, okb, "BH: (0.01, 0.04, 0.03, 0.005) -> (0.02, 0.04, 0.04, 0.02)");
	/* the monotone step: p = (0.02, 0.03, 0.04): 3p/r = 0.06 0.045 0.04 -> all 0.04 */
	double p2[3] = { 0.02, 0.03, 0.04 };
	bh(p2, 3, q);
	okb = close_rel(q[0], 0.04, 1e-15) && close_rel(q[1], 0.04, 1e-15) && close_rel(q[2], 0.04, 1e-15);
	check(st, okb, "BH, the monotone step: (0.02, 0.03, 0.04) -> (0.04, 0.04, 0.04)");
	/* ties: p = (0.5, 0.1, 0.1, 0.9): sorted 0.1 (pair 2), 0.1 (pair 3),
	 * 0.5, 0.9 -> 4p/r = 0.4, 0.2, 2/3, 0.9 -> q = (2/3, 0.2, 0.2, 0.9) */
	double p3[4] = { 0.5, 0.1, 0.1, 0.9 };
	bh(p3, 4, q);
	okb = close_rel(q[0], 2.0 / 3, 1e-15) && close_rel(q[1], 0.2, 1e-15) &&
	      close_rel(q[2], 0.2, 1e-15) && close_rel(q[3], 0.9, 1e-15);
	check(st, okb, "BH with ties: (0.5, 0.1, 0.1, 0.9) -> (2/3, 0.2, 0.2, 0.9)");
	/* p = (0, 0, 1/3, 1, 2/3, 0) over 6 pairs: sorted 0 0 0 1/3 2/3 1 ->
	 * 6p/r = 0 0 0 1/2 4/5 1 -> q = (0, 0, 1/2, 1, 4/5, 0) */
	double p4[6] = { 0, 0, 1.0 / 3, 1, 2.0 / 3, 0 };
	bh(p4, 6, q);
	okb = q[0] == 0 && q[1] == 0 && close_rel(q[2], 0.5, 1e-15) && q[3] == 1 &&
	      close_rel(q[4], 0.8, 1e-15) && q[5] == 0;
	check(st, okb, "BH: (0, 0, 1/3, 1, 2/3, 0) -> (0, 0, 1/2, 1, 4/5, 0)");
	/* one pair: q = p */
	double p5[1] = { 0.37 };
	bh(p5, 1, q);
	check(st, q[0] == 0.37, "BH with one pair: q = p");
	/* p = (0.01, 0.025): 2p/r = 0.02, 0.025 (both exact as doubles) */
	double p6[2] = { 0.01, 0.025 };
	bh(p6, 2, q);
	check(st, q[0] == 0.02 && q[1] == 0.025, "BH: (0.01, 0.025) -> (0.02, 0.025)");
}

/* Type-7 quantiles by hand: v = 1 2 3 4 5 6 7 8 9 10, n = 10:
 * p 0.025: h = 1.225 -> 1.225; p 0.975: h = 9.775 -> 9.775;
 * n = 3 (0, 1, 4): 0.025 -> h = 1.05 -> 0.05; 0.975 -> h = 2.95 -> 1 + 0.95 * 3 = 3.85;
 * n = 1: the value. */
static void selftest_quantiles(struct st *st)
{
	double v[10] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }, w[3] = { 0, 1, 4 }, u[1] = { -2 };
	check(st, close_rel(quantile7(v, 10, 0.025), 1.225, 1e-15) &&
	          close_rel(quantile7(v, 10, 0.975), 9.775, 1e-15) &&
	          close_rel(quantile7(w, 3, 0.025), 0.05, 1e-15) &&
	          close_rel(quantile7(w, 3, 0.975), 3.85, 1e-15) &&
	          quantile7(u, 1, 0.025) == -2 && quantile7(u, 1, 0.975) == -2,
	          "type-7 quantiles at 0.025 and 0.975 (n = 10, 3, 1)");
}

/* Student t p-values against closed forms: df = 1: (2/pi) atan(1/|t|);
 * df = 2: 1 - |t| / sqrt(2 + t^2). */
static void selftest_t(struct st *st)
{
	static const double tv[] = { 1e-6, 0.01, 0.3, 1, 1.7320508075688772, 2.5, 4, 12.5, 100, 1e4 };
	double worst = 0;
	for (size_t i = 0; i < sizeof tv / sizeof *tv; i++) {
		double t = tv[i], r = sqrt(2 + t * t);
		double p1 = 2 / PI * atan(1 / t), p2 = 2 / (r * (r + t));
		double e1 = fabs(tpval(t, 1) - p1) / p1, e2 = fabs(tpval(-t, 2) - p2) / p2;
		worst = fmax(worst, fmax(e1, e2));
	}
	char msg[200];
	snprintf(msg, sizeof msg, "Student t p-values, df 1 and 2, against closed forms (worst relative error %.2g)", worst);
	check(st, worst < 1e-12, msg);
	check(st, close_rel(tpval(2.0085591121007611, 50), 0.05, 1e-9) &&
	          close_rel(tpval(2.8609346064649792, 19), 0.01, 1e-9),
	          "Student t p-values: the 0.975 quantile of df 50 and the 0.995 quantile of df 19");
	/* the paired test: z = (1/4, 1/2): t = 3, df 1: p = (2/pi) atan(1/3);
	 * z constant 0: p = 1; z constant 0.25: p = 0 */
	double z1[2] = { 0.25, 0.5 }, z2[3] = { 0, 0, 0 }, z3[3] = { 0.25, 0.25, 0.25 };
	check(st, close_rel(ttest_p(z1, 2), 2 / PI * atan(1.0 / 3), 1e-13) && ttest_p(z2, 3) == 1 &&
	          ttest_p(z3, 3) == 0, "paired t-test: z = (1/4, 1/2) p = (2/pi) atan(1/3); sd = 0 gives 1 or 0");
}

/* Run every check of --selftest: 0 when all pass, else 1. */
int selftest(void)
{
	struct st st = { 0, 88172645463325252ULL };
	selftest_draws(&st);
	selftest_rand(&st);
	selftest_bh(&st);
	selftest_quantiles(&st);
	selftest_t(&st);
	selftest_anova(&st);
	return st.nfail ? 1 : 0;
}
