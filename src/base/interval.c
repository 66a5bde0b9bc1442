/*
 * interval.c - bootstrap intervals: percentile, basic and bias-corrected
 * (see interval.h).  The inverse normal is Wichura's AS 241 (Applied
 * Statistics 37, 1988), PPND16: rational approximations in three regions
 * of p, about 1e-16 relative; the normal distribution function is libm's
 * erfc.
 */
#include "interval.h"

#include <math.h>
#include <string.h>

static const char *const names[] = { "percentile", "basic", "bc" };

int ci_method_parse(const char *s, enum ci_method *m)
{
	for (int i = 0; i < 3; i++)
		if (strcmp(s, names[i]) == 0) {
			*m = (enum ci_method)i;
			return 0;
		}
	return -1;
}

const char *ci_method_name(enum ci_method m)
{
	return names[m];
}

double ci_phi(double z)
{
	return 0.5 * erfc(-z / sqrt(2.0));
}

/* The polynomial c[0] + c[1] r + ... + c[7] r^7 (Horner). */
static double poly8(const double c[8], double r)
{
	double s = c[7];
	for (int i = 6; i >= 0; i--)
		s = s * r + c[i];
	return s;
}

/* AS 241's coefficients: the central region |p - 0.5| <= 0.425 (a, b),
 * the tails with r = sqrt(-log(min(p, 1 - p))) <= 5 (c, d), beyond (e, f). */
static const double as_a[8] = {
	3.3871328727963666080e0, 1.3314166789178437745e+2,
	1.9715909503065514427e+3, 1.3731693765509461125e+4,
	4.5921953931549871457e+4, 6.7265770927008700853e+4,
	3.3430575583588128105e+4, 2.5090809287301226727e+3 };
static const double as_b[8] = {
	1.0, 4.2313330701600911252e+1,
	6.8718700749205790830e+2, 5.3941960214247511077e+3,
	2.1213794301586595867e+4, 3.9307895800092710610e+4,
	2.8729085735721942674e+4, 5.2264952788528545610e+3 };
static const double as_c[8] = {
	1.42343711074968357734e0, 4.63033784615654529590e0,
	5.76949722146069140550e0, 3.64784832476320460504e0,
	1.27045825245236838258e0, 2.41780725177450611770e-1,
	2.27238449892691845833e-2, 7.74545014278341407640e-4 };
static const double as_d[8] = {
	1.0, 2.05319162663775882187e0,
	1.67638483018380384940e0, 6.89767334985100004550e-1,
	1.48103976427480074590e-1, 1.51986665636164571966e-2,
	5.47593808499534494600e-4, 1.05075007164441684324e-9 };
static const double as_e[8] = {
	6.65790464350110377720e0, 5.46378491116411436990e0,
	1.78482653991729133580e0, 2.96560571828504891230e-1,
	2.65321895265761230930e-2, 1.24266094738807843860e-3,
	2.71155556874348757815e-5, 2.01033439929228813265e-7 };
static const double as_f[8] = {
	1.0, 5.99832206555887937690e-1,
	1.36929880922735805310e-1, 1.48753612908506148525e-2,
	7.86869131145613259100e-4, 1.84631831751005468180e-5,
	1.42151175831644588870e-7, 2.04426310338993978564e-15 };

double ci_phi_inv(double p)
{
	double q = p - 0.5, r, x;
	if (!(p >= 0 && p <= 1))
		return NAN;
	if (p == 0)
		return -INFINITY;
	if (p == 1)
		return INFINITY;
	if (fabs(q) <= 0.425) {
		r = 0.180625 - q * q;
		return q * poly8(as_a, r) / poly8(as_b, r);
	}
	r = sqrt(-log(q < 0 ? p : 1 - p));
	if (r <= 5) {
		r -= 1.6;
		x = poly8(as_c, r) / poly8(as_d, r);
	} else {
		r -= 5;
		x = poly8(as_e, r) / poly8(as_f, r);
	}
	return q < 0 ? -x : x;
}

int ci_tie(double x, double theta)
{
	double s = fmax(1.0, fmax(fabs(x), fabs(theta)));
	return fabs(x - theta) <= 1e-10 * s;
}

int ci_levels(enum ci_method m, const double *x, size_t B, double theta,
	      double *lo, double *hi)
{
	double below = 0, p0, z0, cap;
	*lo = 0.025;
	*hi = 0.975;
	if (m == CI_PERCENTILE)
		return 0;
	if (B < 2 || isnan(theta))
		return -1;
	if (m == CI_BASIC)
		return 0;
	for (size_t b = 0; b < B; b++) {
		if (ci_tie(x[b], theta))
			below += 0.5;
		else if (x[b] < theta)
			below += 1;
	}
	cap = 1 / (2 * (double)B);
	p0 = below / (double)B;
	p0 = p0 < cap ? cap : p0 > 1 - cap ? 1 - cap : p0;
	z0 = ci_phi_inv(p0);
	*lo = ci_phi(2 * z0 + ci_phi_inv(0.025));
	*hi = ci_phi(2 * z0 + ci_phi_inv(0.975));
	return 0;
}

void ci_finish(enum ci_method m, double theta, double qlo, double qhi,
	       double *lo, double *hi)
{
	if (m == CI_BASIC) {
		*lo = 2 * theta - qhi;
		*hi = 2 * theta - qlo;
	} else {
		*lo = qlo;
		*hi = qhi;
	}
}
