/*
 * tests/test_interval.c - the bootstrap intervals (interval.h): the test
 * vectors of the shared spec intervals.md, the inverse normal against a
 * bisection of libm's erfc and at known values, the tie rule at its
 * boundary, and the bias column and the three methods through
 * boot_summarise (B = 1 and a root that every image lies below).
 */
#include "boot.h"
#include "check.h"
#include "interval.h"
#include "pool.h"

#include <float.h>
#include <math.h>

/* The interval of x[0..B) (sorted ascending) with root theta, the slow
 * way: levels, then the type-7 quantiles written out. */
static int interval_of(enum ci_method m, const double *x, size_t B,
		       double theta, double *lo, double *hi)
{
	double alo, ahi, q[2], a[2];
	if (ci_levels(m, x, B, theta, &alo, &ahi) != 0)
		return -1;
	a[0] = alo;
	a[1] = ahi;
	for (int i = 0; i < 2; i++) {
		double h = (double)(B - 1) * a[i];
		size_t k = (size_t)floor(h);
		q[i] = k + 1 < B ? x[k] + (h - (double)k) * (x[k + 1] - x[k])
				 : x[B - 1];
	}
	ci_finish(m, theta, q[0], q[1], lo, hi);
	return 0;
}

static void spec_vectors(void)
{
	const double x[4] = { 0.2, 0.4, 0.5, 0.9 };
	double lo, hi, alo, ahi;

	check_near(ci_phi_inv(0.025), -1.959963984540054, 1e-15,
		   "PhiInv(0.025) = -1.959963984540054");
	check_near(ci_phi_inv(0.625), 0.31863936396437514, 1e-15,
		   "PhiInv(0.625) = 0.31863936396437514");
	interval_of(CI_PERCENTILE, x, 4, 0.5, &lo, &hi);
	check_near(lo, 0.215, 1e-15, "spec vector: percentile ci_lo 0.215");
	check_near(hi, 0.87, 1e-15, "spec vector: percentile ci_hi 0.87");
	interval_of(CI_BASIC, x, 4, 0.5, &lo, &hi);
	check_near(lo, 0.13, 1e-15, "spec vector: basic ci_lo 0.13");
	check_near(hi, 0.785, 1e-15, "spec vector: basic ci_hi 0.785");
	ci_levels(CI_BC, x, 4, 0.5, &alo, &ahi);
	check_near(alo, 0.09297003425097411, 1e-15,
		   "spec vector: bc a_lo 0.09297003425097411");
	check_near(ahi, 0.9953012253046548, 1e-15,
		   "spec vector: bc a_hi 0.9953012253046548");
	interval_of(CI_BC, x, 4, 0.5, &lo, &hi);
	check_near(lo, 0.25578202055058447, 1e-15,
		   "spec vector: bc ci_lo 0.25578202055058447");
	check_near(hi, 0.8943614703655858, 1e-15,
		   "spec vector: bc ci_hi 0.8943614703655858");
}

/* PhiInv by bisection on Phi = 0.5 erfc(-z / sqrt 2), to the last bit;
 * above 0.5 as -PhiInv(1 - p) (exact there), where erfc is accurate. */
static double phi_inv_slow(double p)
{
	double a = -40, b = 40;
	if (p > 0.5)
		return -phi_inv_slow(1 - p);
	for (int i = 0; i < 200; i++) {
		double m = 0.5 * (a + b);
		if (m == a || m == b)
			break;
		if (0.5 * erfc(-m / sqrt(2.0)) < p)
			a = m;
		else
			b = m;
	}
	return 0.5 * (a + b);
}

static void phi_inverse(void)
{
	double worst = 0, wp = 0;
	/* every region of AS 241: central, r <= 5, r > 5 (p < 1.4e-11) */
	for (int i = 1; i < 4000; i++) {
		double p = i / 4000.0, ps[3] = { p, p * 1e-6, p * 1e-14 };
		for (int k = 0; k < 3; k++) {
			double z = ci_phi_inv(ps[k]), s = phi_inv_slow(ps[k]);
			double e = fabs(z - s) / fmax(1, fabs(s));
			if (e > worst) {
				worst = e;
				wp = ps[k];
			}
		}
	}
	CHECK(worst < 1e-14,
	      "PhiInv = bisection of erfc over (0, 1), 1e-6 and 1e-14 times it: worst error %.3g (relative beyond 1) at p = %.17g",
	      worst, wp);
	CHECK(ci_phi_inv(0) == -INFINITY && ci_phi_inv(1) == INFINITY &&
	      isnan(ci_phi_inv(-0.1)) && isnan(ci_phi_inv(1.5)) &&
	      isnan(ci_phi_inv(NAN)),
	      "PhiInv: -inf at 0, +inf at 1, NaN outside [0, 1]");
	check_near(ci_phi(ci_phi_inv(0.975)), 0.975, 1e-16,
		   "Phi(PhiInv(0.975)) = 0.975");
	check_near(ci_phi(0), 0.5, 0, "Phi(0) = 0.5");
}

static void methods(void)
{
	enum ci_method m;
	CHECK(ci_method_parse("percentile", &m) == 0 && m == CI_PERCENTILE &&
	      ci_method_parse("basic", &m) == 0 && m == CI_BASIC &&
	      ci_method_parse("bc", &m) == 0 && m == CI_BC &&
	      ci_method_parse("BC", &m) != 0 && ci_method_parse("", &m) != 0 &&
	      ci_method_parse("percentil", &m) != 0,
	      "method names: percentile, basic, bc, and nothing else");
	CHECK(strcmp(ci_method_name(CI_BC), "bc") == 0 &&
	      strcmp(ci_method_name(CI_BASIC), "basic") == 0 &&
	      strcmp(ci_method_name(CI_PERCENTILE), "percentile") == 0,
	      "method names read back");
	/* the tie rule: within 1e-10 max(1, |x|, |theta|) */
	CHECK(ci_tie(0.5 + 0.9e-10, 0.5) && !ci_tie(0.5 + 1.1e-10, 0.5) &&
	      ci_tie(1000 + 0.9e-7, 1000) && !ci_tie(1000 + 1.1e-7, 1000) &&
	      ci_tie(0.24374999999999999, 0.24375000000000002),
	      "tie rule: 1e-10 of max(1, |x|, |theta|)");
}

/* bc counts a tie as half: p0 = (below + ties / 2) / B, clamped. */
static void bc_counts(void)
{
	double x[5] = { 0.1, 0.2, 0.3 + 1e-12, 0.4, 0.5 }, lo, hi, z0;
	ci_levels(CI_BC, x, 5, 0.3, &lo, &hi);
	/* below 2, tie 1: p0 = 2.5 / 5 = 0.5, z0 = 0: the percentile levels */
	check_near(lo, 0.025, 1e-15, "bc: a tie within the rule counts half (a_lo = 0.025)");
	check_near(hi, 0.975, 1e-15, "bc: a tie within the rule counts half (a_hi = 0.975)");
	/* every image below the root: p0 clamped to 1 - 1/(2B) */
	ci_levels(CI_BC, x, 5, 0.9, &lo, &hi);
	z0 = phi_inv_slow(0.9);
	check_near(lo, ci_phi(2 * z0 - 1.959963984540054), 1e-14,
		   "bc: every image below the root clamps p0 to 1 - 1/(2B)");
	ci_levels(CI_BC, x, 5, -1, &lo, &hi);
	check_near(hi, ci_phi(-2 * z0 + 1.959963984540054), 1e-14,
		   "bc: every image above the root clamps p0 to 1/(2B)");
	CHECK(ci_levels(CI_BC, x, 1, 0.3, &lo, &hi) != 0 &&
	      ci_levels(CI_BASIC, x, 1, 0.3, &lo, &hi) != 0 &&
	      ci_levels(CI_PERCENTILE, x, 1, 0.3, &lo, &hi) == 0 &&
	      ci_levels(CI_BC, x, 5, NAN, &lo, &hi) != 0,
	      "B = 1: basic and bc are NA, percentile is not; a NaN root: NA");
}

/* boot_summarise: bias = mean - root; the interval by method; B = 1. */
static void summarise(void)
{
	/* one run, one slot: root 0.5, images 0.2 0.4 0.5 0.9 */
	const double v[5] = { 0.5, 0.9, 0.2, 0.5, 0.4 };
	const double v1[2] = { 0.3, 0.25 };
	double row[ST_N];
	struct pool *pool = pool_create(2);
	boot_summarise(v, 1, 1, 4, CI_BC, pool, row);
	check_near(row[ST_BIAS], 0, 1e-15, "summary: bias 0 of the spec vector");
	check_near(row[ST_CI_LO], 0.25578202055058447, 1e-15, "summary --ci bc: ci_lo");
	check_near(row[ST_CI_HI], 0.8943614703655858, 1e-15, "summary --ci bc: ci_hi");
	check_near(row[ST_Q25], 0.35, 1e-15, "summary --ci bc: q25 stays a plain quantile");
	boot_summarise(v, 1, 1, 4, CI_BASIC, pool, row);
	check_near(row[ST_CI_LO], 0.13, 1e-15, "summary --ci basic: ci_lo");
	check_near(row[ST_CI_HI], 0.785, 1e-15, "summary --ci basic: ci_hi");
	boot_summarise(v1, 1, 1, 1, CI_PERCENTILE, pool, row);
	CHECK(row[ST_CI_LO] == 0.25 && row[ST_CI_HI] == 0.25 &&
	      fabs(row[ST_BIAS] - (0.25 - 0.3)) < 1e-17 && isnan(row[ST_SD]),
	      "summary B = 1: percentile ends = the image, bias = image - root, sd NA");
	boot_summarise(v1, 1, 1, 1, CI_BC, pool, row);
	CHECK(isnan(row[ST_CI_LO]) && isnan(row[ST_CI_HI]) && row[ST_MEDIAN] == 0.25,
	      "summary B = 1 --ci bc: ci_lo and ci_hi NA, median kept");
	pool_release(pool);
}

int main(void)
{
	spec_vectors();
	phi_inverse();
	methods();
	bc_counts();
	summarise();
	return check_exit();
}
