/*
 * tests/parts/ref_sensitivity/stats.c - the draws and the statistics of
 * the reference ref_sensitivity: slot i of sample b of a stream (draws.md,
 * through ref_common.h's word and windex), the tie rule (choice 13 of
 * ref_sensitivity.c), aggregates summed left to right (choice 1), mean,
 * two-pass sd and the studentised statistic (choice 2), and tau-b (10).
 * Small vectors: n topics or s runs, tens at most.
 */
#include "ref_sensitivity.h"

/* The word of a stream at the two indices (a, b). */
uint64_t word2(uint64_t seed, uint64_t stream, uint64_t a, uint64_t b)
{
	uint64_t idx[2] = { a, b };
	return word(seed, stream, idx, 2);
}

/* Slot i of sample b of a stream over m positions. */
size_t draw(uint64_t seed, uint64_t stream, uint64_t b, uint64_t i, size_t m)
{
	return (size_t)windex(word2(seed, stream, b, i), (uint64_t)m);
}

/* a >= b, ties included (13): within TIE of the largest of scale, |a|
 * and |b|; scale is the size of the means whose difference b is. */
int ge_scaled(double a, double b, double scale)
{
	double m = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
	if (a >= b)
		return 1;
	if (isinf(a) || isinf(b))
		return 0;
	if (scale > m)
		m = scale;
	return b - a <= TIE * m;
}

/* a >= b, ties included (13). */
int ge(double a, double b)
{
	return ge_scaled(a, b, 0);
}

/* d, the difference of a and b, is 0 up to ties (13). */
int is_zero(double d, double a, double b)
{
	return fabs(d) <= TIE * fmax(fabs(a), fabs(b));
}

/* The sign of x - y, ties 0 (13). */
static int tsign(double x, double y)
{
	if (is_zero(x - y, x, y) && !isinf(x) && !isinf(y))
		return 0;
	return (x > y) - (x < y);
}

/* agg of v[pos[0..n-1]] (pos NULL: v[0..n-1]), summed left to right. */
double agg(const double *v, const size_t *pos, size_t n, int kind)
{
	double s = 0;
	for (size_t i = 0; i < n; i++) {
		double x = v[pos ? pos[i] : i];
		s += kind == K_GM ? log(x + GM_EPS) : x;
	}
	if (kind == K_SUM)
		return s;
	if (kind == K_GM)
		return exp(s / (double)n) - GM_EPS;
	return s / (double)n;
}

/* 1 when every v[i] is the same double. */
static int all_same(const double *v, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (v[i] != v[0])
			return 0;
	return 1;
}

/* The mean of v[0..n), summed left to right (v[0] when all equal). */
double vmean(const double *v, size_t n)
{
	double s = 0;
	if (n && all_same(v, n))
		return v[0];    /* (13) */
	for (size_t i = 0; i < n; i++)
		s += v[i];
	return s / (double)n;
}

/* The two-pass sd of v[0..n) with n - 1. */
double vsd(const double *v, size_t n)
{
	double m = vmean(v, n), s = 0;
	for (size_t i = 0; i < n; i++)
		s += (v[i] - m) * (v[i] - m);
	return sqrt(s / (double)(n - 1));
}

/* The studentised statistic, signed (n >= 2); scale is the largest |z|
 * of the pair: an sd or a mean within TIE of it is 0 (13). */
double tstat(const double *v, size_t n, double scale)
{
	double m = vmean(v, n), s = all_same(v, n) ? 0 : vsd(v, n);
	if (fabs(m) <= TIE * scale)
		return 0.0;
	if (s <= TIE * scale)
		return m > 0 ? INFINITY : -INFINITY;
	return m / (s / sqrt((double)n));
}

/* tau-b of x and y over s runs; 0 when undefined (all tied in x or y). */
int taub(const double *x, const double *y, size_t s, double *tau)
{
	long n0 = (long)(s * (s - 1) / 2), n1 = 0, n2 = 0, c = 0;
	for (size_t i = 0; i < s; i++)
		for (size_t j = i + 1; j < s; j++) {
			int sx = tsign(x[i], x[j]);
			int sy = tsign(y[i], y[j]);
			n1 += sx == 0;
			n2 += sy == 0;
			c += sx * sy;
		}
	if (n0 == n1 || n0 == n2)
		return 0;
	*tau = (double)c / sqrt((double)(n0 - n1) * (double)(n0 - n2));
	return 1;
}
