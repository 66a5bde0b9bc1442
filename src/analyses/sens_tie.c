/*
 * sens_tie.c - the tie rule of --sensitivity (see sens_int.h and
 * cbeval-analyses(7), SENSITIVITY): numbers within TIE of their size are
 * equal; and Kendall's tau-b under it, which the sampling and the table
 * both use.  Sizes: a pass over pairs of runs.
 */
#include "sens_int.h"

#include <math.h>

/* a >= b, ties included: a within TIE of the larger of scale, |a| and
 * |b| below b counts as b.  For magnitudes of differences, scale is the
 * size of the values differenced, so that two means equal in real
 * arithmetic but apart in the last bits (a difference of 1e-17) tie with
 * a difference of 0. */
int sens_ge_at(double a, double b, double scale)
{
	if (a >= b)
		return 1;
	if (isinf(a) || isinf(b))
		return 0;
	return b - a <= TIE * fmax(scale, fmax(fabs(a), fabs(b)));
}

int sens_ge(double a, double b)
{
	return sens_ge_at(a, b, 0);
}

/* d, a difference of a and b, is 0 up to ties. */
int sens_is_zero(double d, double a, double b)
{
	return fabs(d) <= TIE * fmax(fabs(a), fabs(b));
}

/* The sign of x - y, ties 0. */
static int tie_sign(double x, double y)
{
	if (!isinf(x) && !isinf(y) && sens_is_zero(x - y, x, y))
		return 0;
	return (x > y) - (x < y);
}

double sens_tau_b(const double *x, const double *y, size_t n)
{
	double n0 = (double)n * (double)(n - (n > 0)) / 2, n1 = 0, n2 = 0, c = 0;
	if (n < 2)
		return NAN;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			int a = tie_sign(x[i], x[j]), b = tie_sign(y[i], y[j]);
			n1 += a == 0;
			n2 += b == 0;
			c += a * b;
		}
	if (n0 == n1 || n0 == n2)
		return NAN;
	return c / sqrt((n0 - n1) * (n0 - n2));
}

