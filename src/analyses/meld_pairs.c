/*
 * meld_pairs.c - the t-tests of --meld on one image's values (see
 * meld_pairs.h): each run against itself across L and R, each pair of
 * runs on L and on R.  The sums over topics are those of one paired test
 * in topic order (paired), computed for eight pairs at a time in
 * independent chains (SSE2 registers, each lane the scalar operations in
 * their order), so every value is the one the plain loop gives.
 *
 * p-values only matter against thresholds: t is compared with the
 * critical values of T(n-1), and p is computed (stats_t_p) only when t is
 * within 1e-6 of one, so the answer is always that of the computed p.
 */
#include "meld_pairs.h"
#include "stats.h"

#include <math.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define MELD_ZERO 1e-12   /* a mean difference this small is 0 */

static const double thr[T_N] = { 0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 0.95,
				 0.99, 0.009, 0.011 };
#define T_SIG T_LT2       /* p < 0.05 */

/* Run r's values in part p (0 L, 1 R): topic t's at VAL(p, r)[t * M->J]. */
#define VAL(p, r) (v + (size_t)(p) * M->n * M->J + (r))

/* P(T(df) >= t). */
static double upper_p(double t, double df)
{
	if (isinf(t))
		return t > 0 ? 0 : 1;
	return t >= 0 ? stats_t_p(t, df) / 2 : 1 - stats_t_p(-t, df) / 2;
}

/* The t with P(T(df) >= t) = X, by bisection. */
static double critical_t(double X, double df)
{
	double lo = 0, hi = 1;
	if (X == 0.5)
		return 0;
	if (X > 0.5)
		return -critical_t(1 - X, df);
	while (upper_p(hi, df) > X && hi < 1e300)
		hi *= 2;
	for (int i = 0; i < 200 && lo < hi; i++) {
		double mid = lo + (hi - lo) / 2;
		if (mid <= lo || mid >= hi)
			break;
		if (upper_p(mid, df) > X)
			lo = mid;
		else
			hi = mid;
	}
	return lo + (hi - lo) / 2;
}

/* The sign of p - X for threshold k, p = P(T(n-1) >= t). */
static int pcmp(const struct meld_pairs *M, double t, int k)
{
	double p;
	if (!isinf(t)) {
		if (t > M->thi[k])
			return -1;
		if (t < M->tlo[k])
			return 1;
	}
	p = upper_p(t, M->df);
	return p < thr[k] ? -1 : p > thr[k];
}

/* The paired test of n differences from their sum and, for a mean
 * beyond MELD_ZERO, the sum of their squared deviations from it: the mean
 * difference (0 when within MELD_ZERO) in *mean; returns t (0 for a zero
 * mean, +-infinity for a zero sd), or NaN when !need_t or n < 2. */
static double paired_t(double sum, double ss, size_t n, double *mean,
		       int need_t)
{
	double m = sum / (double)n, sd;
	if (fabs(m) <= MELD_ZERO) {
		*mean = 0;
		return n < 2 ? NAN : 0;
	}
	*mean = m;
	if (!need_t || n < 2)
		return NAN;
	sd = sqrt(ss / (double)(n - 1));
	if (sd == 0)
		return m > 0 ? INFINITY : -INFINITY;
	return m / (sd / sqrt((double)n));
}

/* The paired test of a - b over n topics, topic t's values at a[t * st]
 * and b[t * st] (see paired_t). */
static double paired(const double *a, const double *b, size_t st, size_t n,
		     double *mean, int need_t)
{
	double sum = 0, ss = 0, m;
	for (size_t t = 0; t < n; t++)
		sum += a[t * st] - b[t * st];
	m = sum / (double)n;
	if (need_t && n >= 2 && fabs(m) > MELD_ZERO)
		for (size_t t = 0; t < n; t++) {
			double e = (a[t * st] - b[t * st]) - m;
			ss += e * e;
		}
	return paired_t(sum, ss, n, mean, need_t);
}

/* Pairs in a block of the tests: run a against up to PB runs at once. */
#define PB 8

#if defined(__SSE2__)
/* Two more runs in a register of the sums of pair_sums_sse2: the L and R
 * differences of topic row i, then the squared deviation of the L one. */
#define SUMS(s, u, o) \
	(s = _mm_add_pd(s, _mm_sub_pd(x, _mm_loadu_pd(lb + i + (o)))), \
	 u = _mm_add_pd(u, _mm_sub_pd(y, _mm_loadu_pd(rb + i + (o)))))
#define DEVS(s, m, o) do { \
	__m128d e = _mm_sub_pd(_mm_sub_pd(x, _mm_loadu_pd(lb + i + (o))), m); \
	s = _mm_add_pd(s, _mm_mul_pd(e, e)); \
} while (0)

/* The sums of pair_sums for 8 runs side by side in memory (lb[0..8) and
 * rb[0..8) at each topic, rows st apart), two per SSE2 register: each
 * lane does the scalar operations of paired() in their order, so the
 * sums are the same doubles; the registers are independent chains, so
 * that their additions overlap. */
static void pair_sums_sse2(const double *la, const double *ra,
			   const double *lb, const double *rb, size_t st,
			   size_t n, double *sL, double *sR, double *ss)
{
	__m128d s0 = _mm_setzero_pd(), s1 = s0, s2 = s0, s3 = s0;
	__m128d u0 = s0, u1 = s0, u2 = s0, u3 = s0;
	__m128d m0, m1, m2, m3, dn = _mm_set1_pd((double)n);
	for (size_t t = 0, i = 0; t < n; t++, i += st) {
		__m128d x = _mm_set1_pd(la[i]), y = _mm_set1_pd(ra[i]);
		SUMS(s0, u0, 0), SUMS(s1, u1, 2), SUMS(s2, u2, 4), SUMS(s3, u3, 6);
	}
	_mm_storeu_pd(sL, s0), _mm_storeu_pd(sL + 2, s1);
	_mm_storeu_pd(sL + 4, s2), _mm_storeu_pd(sL + 6, s3);
	_mm_storeu_pd(sR, u0), _mm_storeu_pd(sR + 2, u1);
	_mm_storeu_pd(sR + 4, u2), _mm_storeu_pd(sR + 6, u3);
	if (!ss)
		return;
	m0 = _mm_div_pd(s0, dn), m1 = _mm_div_pd(s1, dn);
	m2 = _mm_div_pd(s2, dn), m3 = _mm_div_pd(s3, dn);
	s0 = s1 = s2 = s3 = _mm_setzero_pd();
	for (size_t t = 0, i = 0; t < n; t++, i += st) {
		__m128d x = _mm_set1_pd(la[i]);
		DEVS(s0, m0, 0);
		DEVS(s1, m1, 2);
		DEVS(s2, m2, 4);
		DEVS(s3, m3, 6);
	}
	_mm_storeu_pd(ss, s0), _mm_storeu_pd(ss + 2, s1);
	_mm_storeu_pd(ss + 4, s2), _mm_storeu_pd(ss + 6, s3);
}
#undef SUMS
#undef DEVS
#endif

/* pair_sums for runs b0 .. b0+nb-1, nb <= 4, in four scalar chains. */
static void pair_sums_plain(const struct meld_pairs *M, const double *v,
			    size_t a, size_t b0, size_t nb, double *sL,
			    double *sR, double *ss)
{
	const double *la = VAL(0, a), *ra = VAL(1, a);
	const double *l0, *l1, *l2, *l3, *r0, *r1, *r2, *r3;
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0, u0 = 0, u1 = 0, u2 = 0, u3 = 0;
	double m0, m1, m2, m3, x4[4], y4[4], q4[4];
	size_t n = M->n, st = M->J;
#define RUN(k) (b0 + ((k) < nb ? (k) : 0))
	l0 = VAL(0, RUN(0)), r0 = VAL(1, RUN(0));
	l1 = VAL(0, RUN(1)), r1 = VAL(1, RUN(1));
	l2 = VAL(0, RUN(2)), r2 = VAL(1, RUN(2));
	l3 = VAL(0, RUN(3)), r3 = VAL(1, RUN(3));
#undef RUN
	for (size_t t = 0; t < n; t++) {
		size_t i = t * st;
		double x = la[i], y = ra[i];
		s0 += x - l0[i], s1 += x - l1[i], s2 += x - l2[i], s3 += x - l3[i];
		u0 += y - r0[i], u1 += y - r1[i], u2 += y - r2[i], u3 += y - r3[i];
	}
	x4[0] = s0, x4[1] = s1, x4[2] = s2, x4[3] = s3;
	y4[0] = u0, y4[1] = u1, y4[2] = u2, y4[3] = u3;
	m0 = s0 / (double)n, m1 = s1 / (double)n, m2 = s2 / (double)n,
	m3 = s3 / (double)n;
	s0 = s1 = s2 = s3 = 0;
	for (size_t t = 0; ss && t < n; t++) {
		size_t i = t * st;
		double x = la[i], e0 = (x - l0[i]) - m0, e1 = (x - l1[i]) - m1;
		double e2 = (x - l2[i]) - m2, e3 = (x - l3[i]) - m3;
		s0 += e0 * e0, s1 += e1 * e1, s2 += e2 * e2, s3 += e3 * e3;
	}
	q4[0] = s0, q4[1] = s1, q4[2] = s2, q4[3] = s3;
	for (size_t k = 0; k < nb; k++) {
		sL[k] = x4[k];
		sR[k] = y4[k];
		if (ss)
			ss[k] = q4[k];
	}
}

/* For run a against runs b0 .. b0+nb-1 (nb <= PB) in image b, measure j:
 * the sums of the L and the R differences (a - b, topic by topic in
 * order) and, with ss, of the L differences' squared deviations from
 * their mean; each sum in the order of paired(), bit for bit, several of
 * them interleaved (independent chains, so that they overlap). */
static void pair_sums(const struct meld_pairs *M, const double *v, size_t a,
		      size_t b0, size_t nb, double *sL, double *sR, double *ss)
{
	size_t k = 0;
#if defined(__SSE2__)
	if (nb == 8) {
		pair_sums_sse2(VAL(0, a), VAL(1, a), VAL(0, b0), VAL(1, b0),
			       M->J, M->n, sL, sR, ss);
		k = 8;
	}
#endif
	for (; k < nb; k += 4)
		pair_sums_plain(M, v, a, b0 + k, nb - k < 4 ? nb - k : 4,
				sL + k, sR + k, ss ? ss + k : NULL);
}

/* The self-comparison of every run of v, into c. */
static void self_tests(const struct meld_pairs *M, const double *v,
		       unsigned long *c)
{
	for (size_t r = 0; r < M->J; r++) {
		double mean;
		double t = paired(VAL(0, r), VAL(1, r), M->J, M->n, &mean, 1);
		for (int k = 0; k < 6; k++)
			c[MELD_C_LT0 + k] += pcmp(M, t, T_LT0 + k) < 0;
		for (int k = 0; k < 2; k++)
			c[MELD_C_GT0 + k] += pcmp(M, t, T_GT0 + k) > 0;
	}
}

/* Pair q = (a, b1) of v, from its sums: orient it, store its
 * differences and count its tests into c. */
static void pair_case(const struct meld_pairs *M, const double *v, size_t q,
		      size_t a, size_t b1, double sL, double sR, double ss,
		      unsigned long *c, double *dlr, double *dr)
{
	int tests = M->n >= 2, sw;
	double dL, dR, tL, tR;
	tL = paired_t(sL, ss, M->n, &dL, tests);
	paired_t(sR, 0, M->n, &dR, 0);
	sw = dL < 0;
	if (sw) {       /* orient: A is the run better on L */
		dL = -dL;
		tL = -tL;
		dR = dR != 0 ? -dR : 0;   /* the mean of the swapped pair */
	}
	dlr[q] = dL - fabs(dR);
	dr[q] = dR;
	if (!tests)
		return;
	if (pcmp(M, tL, T_W_LO) >= 0 && pcmp(M, tL, T_W_HI) <= 0) {
		c[MELD_C_WIN]++;
		c[MELD_C_WIN_NONSUP] += dR <= 0;
		tR = paired(VAL(1, sw ? b1 : a), VAL(1, sw ? a : b1), M->J, M->n,
			    &dR, 1);
		c[MELD_C_WIN_NOTSIG] += pcmp(M, tR, T_SIG) >= 0;
	}
	if (pcmp(M, tL, T_SIG) < 0) {
		c[MELD_C_SIG]++;
		c[MELD_C_SIG_NONSUP] += dR <= 0;
	}
}

void meld_pairs_init(struct meld_pairs *M, size_t n, size_t J)
{
	memset(M, 0, sizeof *M);
	M->n = n;
	M->J = J;
	M->df = (double)n - 1;
	for (int k = 0; k < T_N && n >= 2; k++) {
		double tc = critical_t(thr[k], M->df);
		double margin = 1e-6 * fmax(1, fabs(tc));
		M->tc[k] = tc;
		M->tlo[k] = tc - margin;
		M->thi[k] = tc + margin;
	}
}

void meld_pairs_image(const struct meld_pairs *M, const double *v,
		      unsigned long *c, double *dlr, double *dr)
{
	int tests = M->n >= 2;
	size_t q = 0;
	if (tests)
		self_tests(M, v, c);
	for (size_t a = 0; a < M->J; a++)
		for (size_t b0 = a + 1; b0 < M->J; b0 += PB) {
			double sL[PB], sR[PB], ss[PB] = { 0 };
			size_t nb = M->J - b0 < PB ? M->J - b0 : PB;
			pair_sums(M, v, a, b0, nb, sL, sR, tests ? ss : NULL);
			for (size_t k = 0; k < nb; k++, q++)
				pair_case(M, v, q, a, b0 + k, sL[k], sR[k], ss[k],
					  c, dlr, dr);
		}
}
