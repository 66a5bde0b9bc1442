/*
 * tests/parts/ref_meld/ttest.c - the one-sided paired t-test of
 * ref_meld (choice 5 of tests/ref_meld.c: the zero rule, sd = 0, p from
 * Student's t of ref_common.h) and the threshold comparisons of its p
 * with their fragility (choice 11): whether rounding could decide them
 * either way.  Sizes: one vector of per-topic differences at a time.
 */
#include "ref_meld.h"

/* P(T_df >= t): tpval(t) / 2 for t > 0, 1 - tpval(-t) / 2 for t < 0,
 * 0.5 at 0. */
double upper_p(double t, double df)
{
	if (t > 0)
		return tpval(t, df) / 2;
	if (t < 0)
		return 1 - tpval(-t, df) / 2;
	return 0.5;
}

/* p of a non-zeroed mean m (n >= 2); *exact when sd = 0 decides it. */
static double p_of(const double *z, size_t n, double m, int *exact)
{
	double ss = 0;
	for (size_t t = 0; t < n; t++)
		ss += (z[t] - m) * (z[t] - m);
	double sd = sqrt(ss / (double)(n - 1));
	*exact = sd == 0;
	if (sd == 0)
		return m > 0 ? 0 : 1;
	return upper_p(m / (sd / sqrt((double)n)), (double)(n - 1));
}

/* The paired test of z[0..n-1] (choice 5), with the fragility of its
 * zero rule. */
struct ttest paired(const double *z, size_t n)
{
	struct ttest r;
	double s = 0;
	for (size_t t = 0; t < n; t++)
		s += z[t];
	r.raw = s / (double)n;
	r.zfrag = fabs(fabs(r.raw) - ZERO) <= ZTOL;
	r.p = r.palt = NAN;
	r.pex = r.paltex = 1;
	if (fabs(r.raw) <= ZERO) {
		r.mean = 0;
		if (n >= 2) {
			r.p = 0.5;
			r.palt = r.zfrag ? p_of(z, n, r.raw, &r.paltex) : r.p;
		}
	} else {
		r.mean = r.raw;
		if (n >= 2) {
			r.p = p_of(z, n, r.raw, &r.pex);
			r.paltex = r.pex;
			r.palt = r.p;
			if (r.zfrag) {
				r.palt = 0.5;
				r.paltex = 1;
			}
		}
	}
	return r;
}

/*
 * Threshold comparisons with their fragility (choice 11): the decision
 * of the exact rules, and *maybe set when rounding could decide either
 * way: a p computed from t within PTOL x X of X, or the other p of a
 * fragile zero rule on the other side.  A p set by a rule is exact.
 */
int p_lt(const struct ttest *r, double X, int *maybe)
{
	double t1 = r->pex ? 0 : PTOL * X, t2 = r->paltex ? 0 : PTOL * X;
	int v = r->p < X;
	int lo = r->p < X - t1 && r->palt < X - t2;
	int hi = r->p < X + t1 || (r->p == X && t1 > 0) || r->palt < X + t2 || (r->palt == X && t2 > 0);
	*maybe = lo != hi;
	return v;
}

/* p > X, as p_lt. */
int p_gt(const struct ttest *r, double X, int *maybe)
{
	double t1 = r->pex ? 0 : PTOL * X, t2 = r->paltex ? 0 : PTOL * X;
	int v = r->p > X;
	int lo = r->p > X + t1 && r->palt > X + t2;
	int hi = r->p > X - t1 || (r->p == X && t1 > 0) || r->palt > X - t2 || (r->palt == X && t2 > 0);
	*maybe = lo != hi;
	return v;
}

/* a <= p <= b, as p_lt. */
int p_in(const struct ttest *r, double a, double b, int *maybe)
{
	double a1 = r->pex ? 0 : PTOL * a, b1 = r->pex ? 0 : PTOL * b;
	double a2 = r->paltex ? 0 : PTOL * a, b2 = r->paltex ? 0 : PTOL * b;
	int v = r->p >= a && r->p <= b;
	int lo = r->p >= a + a1 && r->p <= b - b1 && r->palt >= a + a2 && r->palt <= b - b2;
	int hi = (r->p >= a - a1 && r->p <= b + b1) || (r->palt >= a - a2 && r->palt <= b + b2);
	*maybe = lo != hi;
	return v;
}
