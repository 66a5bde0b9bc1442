/*
 * tests/parts/ref_partitions/stats.c - the arithmetic of the reference of
 * --partitions, written the obvious way: its own use of the draws of
 * draws.md (stream 4: the part of a docno; 5: a residual index; 6: a sign
 * flip), the two-way ANOVA by explicit means, the bootstrap effects of a
 * resample, type-7 quantiles, Benjamini-Hochberg, the paired t-test and
 * the randomization test's count.  Sums run in the orders of choice 1 of
 * tests/ref_partitions.c; alt_order (--alt-order) takes other orders.
 * Sizes: N = n J X cells, a few thousand; P pairs, a few hundred.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "ref_partitions.h"

/* Part of a docno in split s (stream 4). */
unsigned part_of(uint64_t seed, const char *docno, size_t len, uint64_t s, unsigned x)
{
	return (unsigned)windex(docword(seed, 4, docno, len, &s, 1), x);
}

/* Residual index of cell c in resample m of split s (stream 5). */
size_t resid_index(uint64_t seed, uint64_t s, uint64_t m, uint64_t c, size_t N)
{
	uint64_t idx[3] = { s, m, c };
	return (size_t)windex(word(seed, 5, idx, 3), (uint64_t)N);
}

/* Sign flip of topic position t in permutation r (stream 6). */
unsigned flip(uint64_t seed, uint64_t r, uint64_t t)
{
	uint64_t idx[2] = { r, t };
	return wbit(word(seed, 6, idx, 2));
}

/* Type-7 quantile of sorted v[0..n-1] (n >= 1). */
double quantile7(const double *v, size_t n, double p)
{
	double h = (double)(n - 1) * p + 1;
	double jf = floor(h);
	size_t j = (size_t)jf;	/* 1-based */
	if (j >= n)
		return v[n - 1];
	return v[j - 1] + (h - jf) * (v[j] - v[j - 1]);
}

/*
 * The two-way ANOVA of y[(i*J + j)*X + k] (n topics, J runs, X parts):
 * effects eff[j], residuals eint[c] (with interactions) and enoint[c]
 * (without), by explicit means (choice 1); another order of the
 * operations with alt_order.
 */
void anova(const double *y, size_t n, size_t J, size_t X, double *eff,
	   double *eint, double *enoint, int alt_order)
{
	size_t N = n * J * X;
	double *yij = xmalloc(n * J * sizeof *yij), *yi = xmalloc(n * sizeof *yi);
	double *yj = xmalloc(J * sizeof *yj), yb = 0;
	for (size_t c = 0; c < N; c++)
		yb += y[c];
	yb /= (double)N;
	for (size_t i = 0; i < n; i++) {
		double s = 0;
		for (size_t j = 0; j < J; j++)
			for (size_t k = 0; k < X; k++)
				s += y[(i * J + j) * X + k];
		yi[i] = s / (double)(J * X);
		for (size_t j = 0; j < J; j++) {
			s = 0;
			for (size_t k = 0; k < X; k++)
				s += y[(i * J + j) * X + k];
			yij[i * J + j] = s / (double)X;
		}
	}
	for (size_t j = 0; j < J; j++) {
		double s = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < X; k++)
				s += y[(i * J + j) * X + k];
		yj[j] = s / (double)(n * X);
		eff[j] = yj[j] - yb;
	}
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < J; j++)
			for (size_t k = 0; k < X; k++) {
				size_t c = (i * J + j) * X + k;
				eint[c] = y[c] - yij[i * J + j];
				enoint[c] = ((y[c] - yi[i]) - yj[j]) + yb;
			}
	if (alt_order) {	/* another order of the operations (--alt-order) */
		yb = 0;
		for (size_t c = N; c-- > 0;)
			yb += y[c];
		yb /= (double)N;
		for (size_t j = J; j-- > 0;) {
			double s = 0;
			for (size_t i = n; i-- > 0;)
				for (size_t k = X; k-- > 0;)
					s += y[(i * J + j) * X + k];
			yj[j] = s / (double)(n * X);
			eff[j] = yj[j] - yb;
		}
		for (size_t i = 0; i < n; i++) {
			double s = 0;
			for (size_t c = (i + 1) * J * X; c-- > i * J * X;)
				s += y[c];
			yi[i] = s / (double)(J * X);
		}
		for (size_t c = 0; c < N; c++) {
			size_t i = c / (J * X), j = (c / X) % J;
			enoint[c] = y[c] - (yi[i] + yj[j] - yb);
			eint[c] = -(yij[i * J + j] - y[c]);
		}
	}
	free(yij); free(yi); free(yj);
}

/* Bootstrap effects of one resample: residual e[idx[c]] in cell c. */
void boot_effects(const double *e, const size_t *idx, size_t n, size_t J, size_t X,
		  const double *eff, double *out, int alt_order)
{
	size_t N = n * J * X;
	double all = 0;
	if (alt_order) {	/* another order of the operations (--alt-order) */
		for (size_t c = N; c-- > 0;)
			all += e[idx[c]];
		all /= (double)N;
		for (size_t j = 0; j < J; j++) {
			double s = 0;
			for (size_t k = X; k-- > 0;)
				for (size_t i = n; i-- > 0;)
					s += e[idx[(i * J + j) * X + k]];
			out[j] = eff[j] + (s / (double)(n * X) - all);
		}
		return;
	}
	for (size_t c = 0; c < N; c++)
		all += e[idx[c]];
	all /= (double)N;
	for (size_t j = 0; j < J; j++) {
		double s = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < X; k++)
				s += e[idx[(i * J + j) * X + k]];
		out[j] = (eff[j] + s / (double)(n * X)) - all;
	}
}

/* Benjamini-Hochberg adjustment of p[0..P-1] into q (choice 3). */
void bh(const double *p, size_t P, double *q)
{
	size_t *ord = xmalloc(P * sizeof *ord);
	for (size_t i = 0; i < P; i++)
		ord[i] = i;
	/* insertion sort: p ascending, ties in pair order (stable) */
	for (size_t i = 1; i < P; i++) {
		size_t v = ord[i], j = i;
		while (j > 0 && p[ord[j - 1]] > p[v]) {
			ord[j] = ord[j - 1];
			j--;
		}
		ord[j] = v;
	}
	double cur = INFINITY;
	for (size_t r = P; r >= 1; r--) {
		double v = (double)P * p[ord[r - 1]];
		v = v / (double)r;
		if (v < cur)
			cur = v;
		q[ord[r - 1]] = cur < 1 ? cur : 1;
	}
	free(ord);
}

/* The paired t-test of --pairs root_p on z[0..n-1], n >= 2 (choice 7). */
double ttest_p(const double *z, size_t n)
{
	double m = 0, ss = 0;
	for (size_t t = 0; t < n; t++)
		m += z[t];
	m /= (double)n;
	for (size_t t = 0; t < n; t++)
		ss += (z[t] - m) * (z[t] - m);
	double sd = sqrt(ss / (double)(n - 1));
	if (sd == 0)
		return m == 0 ? 1 : 0;
	return tpval(m / (sd / sqrt((double)n)), (double)(n - 1));
}

/* The randomization test's count over r = 1..R (choice 8). */
unsigned long rand_count(uint64_t seed, const double *z, size_t n, unsigned long R)
{
	double s = 0, a = 0;
	for (size_t t = 0; t < n; t++) {
		s += z[t];
		a += fabs(z[t]);
	}
	double thr = fabs(s) - 1e-9 * a;
	unsigned long c = 0;
	for (unsigned long r = 1; r <= R; r++) {
		double u = 0;
		for (size_t t = 0; t < n; t++)
			u += flip(seed, r, t) ? -z[t] : z[t];
		c += fabs(u) >= thr;
	}
	return c;
}
