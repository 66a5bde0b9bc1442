/*
 * tests/ref_sensitivity.c - a slow, independent reference for
 * `cbeval --sensitivity` (shared spec sensitivity.md; random draws from
 * draws.md, streams 1, 2 and 3), used by tests/t_sensitivity.sh.
 *
 * It includes no project header and shares no code with cbeval: its own
 * copy of the draw functions, its own statistics, and its own Student t
 * p-value (the regularized incomplete beta by its hypergeometric power
 * series, DLMF 8.17.8, not the continued fraction of src/base/stats.c).  It is
 * written the obvious way: loops over pairs, samples and topics, every
 * per-pair quantity recomputed for each pair, the draws recomputed where
 * they are used, O(T x pairs x n) per measure.
 *
 * Usage:
 *   ref_sensitivity S T P [KIND:NAME]... < VALUES
 *       VALUES: the per-topic values of `cbeval -q -p 17 -m SPEC QRELS RUN...`
 *       (TSV "run qid measure value" with its header; the rows of qid "all"
 *       are ignored), or an --images dump ("run qid measure image value",
 *       image 0 is used).  Runs, topics and measures are taken in the order
 *       of their first appearance.  S = seed, T = number of samples,
 *       P = the -p of the table.  KIND:NAME, in output order: KIND is mean,
 *       sum or gm; without them every measure of the input is used, with
 *       KIND gm for GM(...), sum for num_ret, num_rel and num_rel_ret, mean
 *       otherwise.  Residual measures (NAME ending in ".residual") are
 *       skipped either way.  Prints the table of the spec on stdout.
 *   ref_sensitivity --selftest
 *       the test vectors of draws.md and of the hand-computed case of
 *       t_sensitivity.sh through this file's draw functions, and the
 *       p-values against closed forms; "ok - ..." / "not ok - ..." lines,
 *       exit status 1 on a failure.
 *   ref_sensitivity --draws S STREAM B N COUNT
 *       prints index(word(S,STREAM,B,i), N) for i = 0..COUNT-1.
 *
 * Choices where the spec leaves room (see also t_sensitivity.sh):
 *  1. Every aggregate (root or sample) sums its values left to right in
 *     slot order i = 0..n-1 (topic order at the root) in double and then
 *     divides by n (mean) or not (sum); GM sums ln(x + 0.00001) the same
 *     way, divides by n, takes exp and subtracts 0.00001 (as bias.md pins
 *     down for --bias).  Differences D are agg(A) - agg(B) of these doubles.
 *  2. mean(v) is the same left-to-right sum / n; sd(v) is the two-pass
 *     sqrt(sum (v_i - mean)^2 / (n-1)); "sd(v) = 0" is the exact double
 *     test on that result.  t(v) = mean / (sd / sqrt(n)), and when sd = 0:
 *     0 if mean = 0, else +inf (-inf for a negative mean in t_paired).
 *  3. w_t = z_t - mean(z) once per pair; w*b takes w at p_(b,i).
 *  4. t_paired and p_ttest of a GM measure use the log form of the paired
 *     test (z_t = ln(x_t + 0.00001) - ln(y_t + 0.00001)); p_ttest is the
 *     p-value of t_paired (df = n - 1; 1 when t = 0, 0 when t = +-inf).
 *  5. reqdiff_paired reports |mean(w*b)| (a mean even for sum measures,
 *     and in log space for GM), as the spec says.
 *  6. asl = count / T as a double, compared with 0.05 and 0.01 (doubles)
 *     for discpower; k = floor(T * A) with T * A in double (equal to the
 *     exact floor because the doubles 0.05 and 0.01 exceed 1/20 and 1/100).
 *  7. f = i / 100.0 (i = 1..20); EQ when mx == my or |mx - my| <
 *     f * fmax(mx, my); bins: the largest i in 0..20 with |D| >= i / 100.0.
 *     (0.01 * i == i / 100.0 for every i here, so that choice is moot.)
 *  8. A swap needs D != 0, D' != 0 and opposite signs.
 *  9. swap_abs_0.05: i = 0..20 is accepted when every bin j >= i with
 *     count > 0 has swaps / count <= 0.05; vacuously true when the bins
 *     >= i are empty (so NA only when bin 20 has a count and a rate above
 *     0.05); swap_abs = 0.01 * i; swap_sensitivity counts |D| >= swap_abs.
 * 10. tau-b compares doubles exactly (sign of x_i - x_j); ties in both
 *     rankings count in both n_x and n_y (R's cor(method = "kendall")).
 *     tau_se uses the two-pass sd over the T' samples with a defined tau-b.
 * 11. Fewer than 2 topics: t_paired, p_ttest, asl_*, discpower_* and
 *     reqdiff_* are NA; the rest is computed (every sample is the one
 *     topic).  reqdiff_*_A is NA when k = 0.
 * 13. Ties (cbeval's rule, manual page SENSITIVITY): every comparison that
 *     decides a count treats two numbers within 1e-10 of the larger
 *     magnitude as equal (never a finite number and an infinity):
 *     |t*| >= |t|, |d*| >= |d|, the bins |D| >= i/100, mx = my and the
 *     MR-PT rule, D and D' non-zero, |D| >= swap_abs, and the order of two
 *     runs in the rankings of tau-b.  In the paired test a mean of at
 *     most 1e-10 times the pair's largest |z_t| makes t = 0, and such an
 *     sd is 0 (values equal
 *     in real arithmetic but apart by rounding, 0.3 - 0.2 and 0.1, give
 *     sd 0).
 *     With these rules the order of the sums no longer matters, so the
 *     reference keeps its left-to-right sums.
 * 12. Numbers: whole numbers with %lu; asl_*, p_ttest and tau_p with
 *     %.*g, P significant digits (1 when P = 0); the others with %.*f;
 *     t_paired +-inf as inf / -inf.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

enum { K_MEAN, K_SUM, K_GM };

#define REF_PROG "ref_sensitivity"
#include "ref_common.h"








static uint64_t word2(uint64_t seed, uint64_t stream, uint64_t a, uint64_t b)
{
	uint64_t idx[2] = { a, b };
	return word(seed, stream, idx, 2);
}



/* Slot i of sample b of a stream over m positions. */
static size_t draw(uint64_t seed, uint64_t stream, uint64_t b, uint64_t i, size_t m)
{
	return (size_t)windex(word2(seed, stream, b, i), (uint64_t)m);
}

/* ---- statistics -------------------------------------------------------- */

#define TIE 1e-10

/* a >= b, ties included (13): within TIE of the largest of scale, |a|
 * and |b|; scale is the size of the means whose difference b is. */
static int ge_scaled(double a, double b, double scale)
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

static int ge(double a, double b)
{
	return ge_scaled(a, b, 0);
}

/* d, the difference of a and b, is 0 up to ties (13). */
static int is_zero(double d, double a, double b)
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

#define GM_EPS 0.00001
#define PI 3.14159265358979323846

/* agg of v[pos[0..n-1]] (pos NULL: v[0..n-1]), summed left to right. */
static double agg(const double *v, const size_t *pos, size_t n, int kind)
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

static double vmean(const double *v, size_t n)
{
	double s = 0;
	if (n && all_same(v, n))
		return v[0];    /* (13) */
	for (size_t i = 0; i < n; i++)
		s += v[i];
	return s / (double)n;
}

static double vsd(const double *v, size_t n)
{
	double m = vmean(v, n), s = 0;
	for (size_t i = 0; i < n; i++)
		s += (v[i] - m) * (v[i] - m);
	return sqrt(s / (double)(n - 1));
}

/* The studentised statistic, signed (n >= 2); scale is the largest |z|
 * of the pair: an sd or a mean within TIE of it is 0 (13). */
static double tstat(const double *v, size_t n, double scale)
{
	double m = vmean(v, n), s = all_same(v, n) ? 0 : vsd(v, n);
	if (fabs(m) <= TIE * scale)
		return 0.0;
	if (s <= TIE * scale)
		return m > 0 ? INFINITY : -INFINITY;
	return m / (s / sqrt((double)n));
}



/* tau-b of x and y over s runs; 0 when undefined (all tied in x or y). */
static int taub(const double *x, const double *y, size_t s, double *tau)
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

/* ---- input --------------------------------------------------------------- */

struct names {
	char **v;
	size_t n, cap;
};

static long find(const struct names *s, const char *name)
{
	for (size_t i = s->n; i-- > 0;)
		if (strcmp(s->v[i], name) == 0)
			return (long)i;
	return -1;
}

static size_t intern(struct names *s, const char *name)
{
	long i = find(s, name);
	if (i >= 0)
		return (size_t)i;
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->v = xrealloc(s->v, s->cap * sizeof *s->v);
	}
	s->v[s->n] = xstrdup(name);
	return s->n++;
}

struct row {
	size_t r, q, m;
	double x;
};

static struct names runs, qids, mnames;
static struct row *rows;
static size_t nrows, caprows;

static void read_input(FILE *in)
{
	char *line = NULL, *f[6];
	size_t cap = 0, lineno = 0;
	ssize_t len;
	int images = 0;
	while ((len = getline(&line, &cap, in)) != -1) {
		lineno++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = 0;
		int nf = split_tabs(line, f, 5);
		if (lineno == 1) {
			if (nf == 4 && strcmp(f[0], "run") == 0 && strcmp(f[3], "value") == 0)
				continue;
			if (nf == 5 && strcmp(f[0], "run") == 0 && strcmp(f[3], "image") == 0) {
				images = 1;
				continue;
			}
			die("input: line 1 is not the header 'run qid measure value' (or 'run qid measure image value')", NULL);
		}
		if (nf != 4 + images)
			die("input: wrong number of fields on a line", NULL);
		if (images && strcmp(f[3], "0") != 0)
			continue;
		if (strcmp(f[1], "all") == 0)
			continue;
		char *end;
		errno = 0;
		double x = strtod(f[3 + images], &end);
		if (end == f[3 + images] || *end || errno || !isfinite(x))
			die("input: bad value", f[3 + images]);
		if (nrows == caprows) {
			caprows = caprows ? 2 * caprows : 1024;
			rows = xrealloc(rows, caprows * sizeof *rows);
		}
		rows[nrows].r = intern(&runs, f[0]);
		rows[nrows].q = intern(&qids, f[1]);
		rows[nrows].m = intern(&mnames, f[2]);
		rows[nrows].x = x;
		nrows++;
	}
	free(line);
	if (ferror(in))
		die("input: read error", NULL);
}

/* ---- output -------------------------------------------------------------- */

static int P = 4;	/* -p */

static void out(const char *m, const char *a, const char *b, const char *stat, const char *val)
{
	printf("%s\t%s\t%s\t%s\t%s\n", m, a, b, stat, val);
}

static const char *fmt_f(double x, char *buf)
{
	if (isinf(x))
		return x > 0 ? "inf" : "-inf";
	snprintf(buf, 64, "%.*f", P, x);
	return buf;
}

static const char *fmt_g(double x, char *buf)
{
	snprintf(buf, 64, "%.*g", P > 0 ? P : 1, x);
	return buf;
}

static const char *fmt_u(unsigned long x, char *buf)
{
	snprintf(buf, 64, "%lu", x);
	return buf;
}

/* ---- the analysis -------------------------------------------------------- */

struct measure {
	const char *name;
	int kind;
	size_t col;	/* index in mnames */
};

static uint64_t S;
static unsigned long T;
static size_t nr, nq;	/* runs, topics */
static double *val;	/* val[(col * nr + r) * nq + t] */

static const double *X(size_t col, size_t r) { return val + (col * nr + r) * nq; }

struct ts {
	double at, am;	/* |t(w*b)|, |mean(w*b)| */
	unsigned long b;
};

static int cmp_ts(const void *pa, const void *pb)
{
	const struct ts *a = pa, *b = pb;
	if (a->at != b->at)
		return a->at > b->at ? -1 : 1;	/* |t| descending */
	return a->b < b->b ? -1 : a->b > b->b;	/* then smaller b first */
}

static int cmp_desc(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return a > b ? -1 : a < b;
}

/* Sample b of stream st: n slots over m positions. */
static void sample(uint64_t st, unsigned long b, size_t n, size_t m, size_t *pos)
{
	for (size_t i = 0; i < n; i++)
		pos[i] = draw(S, st, b, i, m);
}

static void analyse_measure(const struct measure *M)
{
	static const double alpha[2] = { 0.05, 0.01 };
	char buf[64], stat[64];
	const char *mn = M->name;
	int kind = M->kind;
	size_t n = nq, npairs = nr * (nr - 1) / 2;
	size_t *pos = xmalloc(2 * n * sizeof *pos);
	double *z = xmalloc(n * sizeof *z), *w = xmalloc(n * sizeof *w);
	double *ws = xmalloc(n * sizeof *ws), *v = xmalloc(2 * n * sizeof *v);
	struct ts *tsv = xmalloc(T * sizeof *tsv);
	double *ud = xmalloc(T * sizeof *ud);
	unsigned long disc[2][2] = { { 0, 0 }, { 0, 0 } };	/* [alpha][paired, unpaired] */
	double reqd[2][2];
	int reqd_set[2][2] = { { 0, 0 }, { 0, 0 } };
	unsigned long mr[21] = { 0 }, pt[21] = { 0 };
	unsigned long cnt[21] = { 0 }, swp[21] = { 0 };

	for (size_t a = 0; a < nr; a++)
		for (size_t bb = a + 1; bb < nr; bb++) {
			const double *x = X(M->col, a), *y = X(M->col, bb);
			double ax = agg(x, NULL, n, kind), ay = agg(y, NULL, n, kind);
			double diff = ax - ay, dscale = fabs(ax) > fabs(ay) ? fabs(ax) : fabs(ay);
			double tz = 0, pz = 0, aslp = 0, aslu = 0;
			for (size_t t = 0; t < n; t++)
				z[t] = kind == K_GM ? log(x[t] + GM_EPS) - log(y[t] + GM_EPS)
						    : x[t] - y[t];
			double scale = 0;
			for (size_t t = 0; t < n; t++)
				scale = fmax(scale, fabs(z[t]));
			if (n >= 2) {
				tz = tstat(z, n, scale);
				pz = tpval(tz, (double)(n - 1));
				double mz = vmean(z, n);
				for (size_t t = 0; t < n; t++)
					w[t] = z[t] - mz;
				/* 1. paired test */
				unsigned long c = 0;
				for (unsigned long b = 1; b <= T; b++) {
					sample(1, b, n, n, pos);
					for (size_t i = 0; i < n; i++)
						ws[i] = w[pos[i]];
					double tb = fabs(tstat(ws, n, scale));
					c += ge(tb, fabs(tz));
					tsv[b - 1].at = tb;
					tsv[b - 1].am = fabs(vmean(ws, n));
					tsv[b - 1].b = b;
				}
				aslp = (double)c / (double)T;
				/* 2. unpaired test */
				for (size_t t = 0; t < n; t++) {
					v[t] = x[t];
					v[n + t] = y[t];
				}
				c = 0;
				for (unsigned long b = 1; b <= T; b++) {
					sample(3, b, 2 * n, 2 * n, pos);
					double d = agg(v, pos, n, kind) - agg(v, pos + n, n, kind);
					c += ge_scaled(fabs(d), fabs(diff), dscale);
					ud[b - 1] = fabs(d);
				}
				aslu = (double)c / (double)T;
				/* 3. discriminative power, 4. required difference */
				qsort(tsv, T, sizeof *tsv, cmp_ts);
				qsort(ud, T, sizeof *ud, cmp_desc);
				for (int k = 0; k < 2; k++) {
					disc[k][0] += aslp < alpha[k];
					disc[k][1] += aslu < alpha[k];
					unsigned long kk = (unsigned long)floor((double)T * alpha[k]);
					if (kk == 0)
						continue;
					double rp = tsv[kk - 1].am, ru = ud[kk - 1];
					if (!reqd_set[k][0] || rp > reqd[k][0])
						reqd[k][0] = rp;
					if (!reqd_set[k][1] || ru > reqd[k][1])
						reqd[k][1] = ru;
					reqd_set[k][0] = reqd_set[k][1] = 1;
				}
			}
			/* 5. MR-PT and 6. swaps (stream 1, and stream 2 for D') */
			unsigned long gta[21] = { 0 }, gtb[21] = { 0 };
			for (unsigned long b = 1; b <= T; b++) {
				sample(1, b, n, n, pos);
				double mx = agg(x, pos, n, kind), my = agg(y, pos, n, kind);
				for (int f = 1; f <= 20; f++) {
					double F = f / 100.0;
					if (is_zero(mx - my, mx, my) ||
					    !ge(fabs(mx - my), F * fmax(mx, my)))
						pt[f]++;
					else if (mx > my)
						gta[f]++;
					else
						gtb[f]++;
				}
				double D = mx - my;
				sample(2, b, n, n, pos);
				double mx2 = agg(x, pos, n, kind), my2 = agg(y, pos, n, kind);
				double D2 = mx2 - my2;
				int bin = 0;
				for (int i = 20; i >= 0; i--)
					if (ge(fabs(D), i / 100.0)) {
						bin = i;
						break;
					}
				cnt[bin]++;
				if (!is_zero(D, mx, my) && !is_zero(D2, mx2, my2) &&
				    (D > 0) != (D2 > 0))
					swp[bin]++;
			}
			for (int f = 1; f <= 20; f++)
				mr[f] += gta[f] < gtb[f] ? gta[f] : gtb[f];

			out(mn, runs.v[a], runs.v[bb], "diff", fmt_f(diff, buf));
			out(mn, runs.v[a], runs.v[bb], "t_paired", n >= 2 ? fmt_f(tz, buf) : "NA");
			out(mn, runs.v[a], runs.v[bb], "p_ttest", n >= 2 ? fmt_g(pz, buf) : "NA");
			out(mn, runs.v[a], runs.v[bb], "asl_paired", n >= 2 ? fmt_g(aslp, buf) : "NA");
			out(mn, runs.v[a], runs.v[bb], "asl_unpaired", n >= 2 ? fmt_g(aslu, buf) : "NA");
		}

	static const char *an[2] = { "0.05", "0.01" };
	for (int k = 0; k < 2; k++)
		for (int u = 0; u < 2; u++) {
			snprintf(stat, sizeof stat, "discpower_%s_%s", u ? "unpaired" : "paired", an[k]);
			out(mn, "all", "all", stat, n >= 2 ? fmt_u(disc[k][u], buf) : "NA");
		}
	for (int k = 0; k < 2; k++)
		for (int u = 0; u < 2; u++) {
			snprintf(stat, sizeof stat, "reqdiff_%s_%s", u ? "unpaired" : "paired", an[k]);
			out(mn, "all", "all", stat, n >= 2 && reqd_set[k][u] ? fmt_f(reqd[k][u], buf) : "NA");
		}
	double tp = (double)T * (double)npairs;
	for (int f = 1; f <= 20; f++) {
		snprintf(stat, sizeof stat, "mr_%.2f", f / 100.0);
		out(mn, "all", "all", stat, fmt_f((double)mr[f] / tp, buf));
		snprintf(stat, sizeof stat, "pt_%.2f", f / 100.0);
		out(mn, "all", "all", stat, fmt_f((double)pt[f] / tp, buf));
	}
	for (int i = 0; i <= 20; i++) {
		snprintf(stat, sizeof stat, "swap_count_%02d", i);
		out(mn, "all", "all", stat, fmt_u(cnt[i], buf));
		snprintf(stat, sizeof stat, "swap_swaps_%02d", i);
		out(mn, "all", "all", stat, fmt_u(swp[i], buf));
		snprintf(stat, sizeof stat, "swap_rate_%02d", i);
		out(mn, "all", "all", stat, cnt[i] ? fmt_f((double)swp[i] / (double)cnt[i], buf) : "NA");
	}
	/* swap_abs: the smallest i whose bins >= i (with a count) all have rate <= 0.05 */
	int iabs = -1;
	for (int i = 0; i <= 20 && iabs < 0; i++) {
		int good = 1;
		for (int j = i; j <= 20; j++)
			if (cnt[j] > 0 && !((double)swp[j] / (double)cnt[j] <= 0.05))
				good = 0;
		if (good)
			iabs = i;
	}
	double sabs = iabs >= 0 ? 0.01 * iabs : 0;
	/* swap_max over every run and sample (stream 1) */
	double smax = -INFINITY;
	for (size_t r = 0; r < nr; r++)
		for (unsigned long b = 1; b <= T; b++) {
			sample(1, b, n, n, pos);
			double m = agg(X(M->col, r), pos, n, kind);
			if (m > smax)
				smax = m;
		}
	/* swap_sensitivity: recount |D| >= swap_abs over every pair and sample */
	unsigned long sens = 0;
	if (iabs >= 0)
		for (size_t a = 0; a < nr; a++)
			for (size_t bb = a + 1; bb < nr; bb++)
				for (unsigned long b = 1; b <= T; b++) {
					sample(1, b, n, n, pos);
					double D = agg(X(M->col, a), pos, n, kind) - agg(X(M->col, bb), pos, n, kind);
					sens += ge(fabs(D), sabs);
				}
	out(mn, "all", "all", "swap_abs_0.05", iabs >= 0 ? fmt_f(sabs, buf) : "NA");
	out(mn, "all", "all", "swap_max", fmt_f(smax, buf));
	out(mn, "all", "all", "swap_rel_0.05", iabs >= 0 && smax > 0 ? fmt_f(sabs / smax, buf) : "NA");
	out(mn, "all", "all", "swap_sensitivity_0.05", iabs >= 0 ? fmt_f((double)sens / tp, buf) : "NA");

	free(pos); free(z); free(w); free(ws); free(v); free(tsv); free(ud);
}

static void analyse_tau(const struct measure *m1, const struct measure *m2)
{
	char buf[64], name[1024];
	size_t s = nr, n = nq;
	double *a = xmalloc(s * sizeof *a), *b = xmalloc(s * sizeof *b);
	double *taus = xmalloc(T * sizeof *taus);
	size_t *pos = xmalloc(n * sizeof *pos);
	double tau = 0;
	for (size_t r = 0; r < s; r++) {
		a[r] = agg(X(m1->col, r), NULL, n, m1->kind);
		b[r] = agg(X(m2->col, r), NULL, n, m2->kind);
	}
	int def = taub(a, b, s, &tau);
	size_t nt = 0;
	for (unsigned long bs = 1; bs <= T; bs++) {
		sample(1, bs, n, n, pos);
		for (size_t r = 0; r < s; r++) {
			a[r] = agg(X(m1->col, r), pos, n, m1->kind);
			b[r] = agg(X(m2->col, r), pos, n, m2->kind);
		}
		if (taub(a, b, s, &taus[nt]))
			nt++;
	}
	snprintf(name, sizeof name, "%s~%s", m1->name, m2->name);
	double z0 = 3 * tau * sqrt((double)s * (double)(s - 1)) / sqrt(2.0 * (2.0 * (double)s + 5));
	out(name, "all", "all", "tau", def ? fmt_f(tau, buf) : "NA");
	out(name, "all", "all", "tau_se", nt >= 2 ? fmt_f(vsd(taus, nt), buf) : "NA");
	out(name, "all", "all", "tau_z0", def ? fmt_f(z0, buf) : "NA");
	out(name, "all", "all", "tau_p", def ? fmt_g(erfc(fabs(z0) / sqrt(2.0)), buf) : "NA");
	free(a); free(b); free(taus); free(pos);
}

static int kind_of(const char *name)
{
	if (strncmp(name, "GM(", 3) == 0)
		return K_GM;
	if (!strcmp(name, "num_ret") || !strcmp(name, "num_rel") || !strcmp(name, "num_rel_ret"))
		return K_SUM;
	return K_MEAN;
}


/* ---- self-test -------------------------------------------------------------- */

static int nfail;

static void check(int ok, const char *what)
{
	printf("%s - ref_sensitivity self-test: %s\n", ok ? "ok" : "not ok", what);
	nfail += !ok;
}

static int positions(uint64_t seed, uint64_t st, uint64_t b, size_t m, size_t cnt, const unsigned *want)
{
	for (size_t i = 0; i < cnt; i++)
		if (draw(seed, st, b, i, m) != want[i])
			return 0;
	return 1;
}

static int close_rel(double a, double b, double tol)
{
	return fabs(a - b) <= tol * fmax(fabs(a), fabs(b));
}

static int selftest(void)
{
	static const unsigned s1b1[] = { 12, 32, 33, 13, 2, 35, 12, 9, 48, 19 };
	static const unsigned s1b2[] = { 48, 8, 19, 45, 49, 25, 3, 32, 40, 13 };
	static const unsigned s2b1[] = { 49, 7, 15, 29, 27, 9, 41, 21, 2, 43 };
	static const unsigned s3b1[] = { 86, 76, 18, 78, 41, 84, 39, 23, 67, 37 };
	static const unsigned s5[] = { 429, 43, 92, 998, 552 };
	static const unsigned part[] = { 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0 };
	static const unsigned bits[] = { 0, 0, 0, 0, 0, 0, 0, 1, 1, 1 };
	/* The hand-computed case of t_sensitivity.sh (seed 1, n = 3, T = 4),
	 * computed with the Python of draws.md: */
	static const unsigned h1[4][3] = { { 2, 2, 2 }, { 0, 1, 0 }, { 2, 0, 2 }, { 1, 1, 2 } };
	static const unsigned h2[4][3] = { { 1, 2, 0 }, { 1, 1, 0 }, { 1, 0, 1 }, { 2, 2, 1 } };
	static const unsigned h3[4][6] = { { 2, 0, 4, 2, 1, 2 }, { 5, 1, 4, 3, 1, 5 },
					   { 5, 4, 0, 1, 1, 3 }, { 2, 1, 2, 0, 4, 0 } };
	int ok = 1;
	uint64_t one = 1, idx3[3];

	check(word2(1, 1, 1, 0) == 0x2030470432df129cULL, "word(1,1,1,0) = 0x2030470432df129c");
	check(positions(1, 1, 1, 50, 10, s1b1), "stream 1, b = 1, n = 50: 12 32 33 13 2 35 12 9 48 19");
	check(positions(1, 1, 2, 50, 10, s1b2), "stream 1, b = 2, n = 50: 48 8 19 45 49 25 3 32 40 13");
	check(positions(1, 2, 1, 50, 10, s2b1), "stream 2, b = 1, n = 50: 49 7 15 29 27 9 41 21 2 43");
	check(positions(1, 3, 1, 100, 10, s3b1), "stream 3, b = 1, n + m = 100: 86 76 18 78 41 84 39 23 67 37");
	for (uint64_t c = 0; c < 5; c++) {
		idx3[0] = 1; idx3[1] = 1; idx3[2] = c;
		ok &= windex(word(1, 5, idx3, 3), 1000) == s5[c];
	}
	check(ok, "stream 5, s = 1, m = 1, N = 1000, cells 0..4: 429 43 92 998 552");
	check(docword(1, 4, "FBIS3-162447", 12, &one, 1) == 0x43d431adf96b7984ULL,
	      "docword(1,4,'FBIS3-162447',1) = 0x43d431adf96b7984");
	ok = 1;
	for (uint64_t s = 1; s <= 11; s++)
		ok &= windex(docword(1, 4, "FBIS3-162447", 12, &s, 1), 2) == part[s - 1];
	check(ok, "FBIS3-162447, x = 2, splits 1..11: 0 0 0 0 1 1 0 0 1 1 0");
	check(uniform(docword(1, 7, "FBIS3-162447", 12, &one, 1)) == 0.014584245866719803,
	      "uniform(docword(1,7,'FBIS3-162447',1)) = 0.014584245866719803");
	ok = 1;
	for (uint64_t t = 0; t < 10; t++)
		ok &= wbit(word2(1, 6, 1, t)) == bits[t];
	check(ok, "bit(word(1,6,1,t)), t = 0..9: 0 0 0 0 0 0 0 1 1 1");
	ok = 1;
	for (unsigned b = 1; b <= 4; b++)
		ok &= positions(1, 1, b, 3, 3, h1[b - 1]) && positions(1, 2, b, 3, 3, h2[b - 1]) &&
		      positions(1, 3, b, 6, 6, h3[b - 1]);
	check(ok, "seed 1, b = 1..4: stream 1 and 2 over n = 3, stream 3 over 2n = 6 as in the hand-computed case");

	/* Student t p-values against closed forms (A&S 26.7.3-4) with no
	 * cancellation: df = 1: p = (2/pi) atan(1/|t|); df = 2: p = 1 - |t| /
	 * sqrt(2 + t^2) = 2 / (sqrt(2+t^2) (sqrt(2+t^2) + |t|)); df = 3, 4
	 * by the finite sums for moderate p. */
	static const double tv[] = { 1e-6, 0.01, 0.3, 0.6546536707079771, 1, 1.7320508075688772,
				     2.5, 4, 12.5, 100, 1e4, 1e8 };
	ok = 1;
	double worst = 0;
	for (size_t i = 0; i < sizeof tv / sizeof *tv; i++) {
		double t = tv[i], r = sqrt(2 + t * t), th = atan(t / sqrt(3.0)), c = cos(th);
		double p1 = 2 / PI * atan(1 / t), p2 = 2 / (r * (r + t));
		double p3 = 1 - 2 / PI * (th + sin(th) * c);
		double th4 = atan(t / 2), c4 = cos(th4);
		double p4 = 1 - sin(th4) * (1 + 0.5 * c4 * c4);
		double e[4] = { fabs(tpval(t, 1) - p1) / p1, fabs(tpval(-t, 2) - p2) / p2,
				t < 5 ? fabs(tpval(t, 3) - p3) / p3 : 0, t < 5 ? fabs(tpval(t, 4) - p4) / p4 : 0 };
		for (int k = 0; k < 4; k++)
			if (e[k] > worst)
				worst = e[k];
	}
	ok = worst < 1e-12;
	char msg[200];
	snprintf(msg, sizeof msg, "Student t p-values, df = 1..4, |t| from 1e-6 to 1e8, against closed forms (worst relative error %.2g)", worst);
	check(ok, msg);
	/* Large df: against the normal tail as df grows, and known quantiles:
	 * t = 2.0085591121007611 is the 0.975 quantile for df = 50, so p = 0.05;
	 * t = 2.8609346064649792 the 0.995 quantile for df = 19, p = 0.01. */
	check(close_rel(tpval(2.0085591121007611, 50), 0.05, 1e-9) &&
	      close_rel(tpval(2.8609346064649792, 19), 0.01, 1e-9) &&
	      close_rel(tpval(3, 1e5), erfc(3 / sqrt(2.0)), 1e-3) &&
	      tpval(0, 5) == 1 && tpval(INFINITY, 5) == 0 && tpval(-INFINITY, 1) == 0,
	      "Student t p-values: quantiles of df 50 and 19, df -> infinity, t = 0, t = +-inf");
	return nfail ? 1 : 0;
}

/* ---- main ------------------------------------------------------------------ */

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--selftest") == 0)
		return selftest();
	if (argc == 7 && strcmp(argv[1], "--draws") == 0) {
		uint64_t seed = num_arg(argv[2], 0, UINT64_MAX, "S");
		uint64_t st = num_arg(argv[3], 0, UINT64_MAX, "STREAM");
		uint64_t b = num_arg(argv[4], 0, UINT64_MAX, "B");
		uint64_t m = num_arg(argv[5], 0, UINT64_MAX, "N");
		uint64_t c = num_arg(argv[6], 0, 1000000, "COUNT");
		if (m == 0)
			die("N must be >= 1", NULL);
		for (uint64_t i = 0; i < c; i++)
			printf("%s%" PRIu64, i ? " " : "", windex(word2(seed, st, b, i), m));
		printf("\n");
		return 0;
	}
	if (argc < 4) {
		fprintf(stderr, "usage: %s S T P [KIND:NAME]... < VALUES\n"
				"       %s --selftest\n"
				"       %s --draws S STREAM B N COUNT\n", REF_PROG, REF_PROG, REF_PROG);
		return 2;
	}
	S = num_arg(argv[1], 0, UINT64_MAX, "S");
	T = (unsigned long)num_arg(argv[2], 0, 1000000, "T");
	P = (int)num_arg(argv[3], 0, 100, "P");
	if (T < 1)
		die("T must be >= 1", NULL);
	read_input(stdin);
	nr = runs.n;
	nq = qids.n;
	if (nr < 2)
		die("fewer than 2 runs in the input", NULL);
	if (nq < 1)
		die("no topics in the input", NULL);

	struct measure *ms = xmalloc((mnames.n + (size_t)argc) * sizeof *ms);
	size_t nm = 0;
	if (argc > 4) {
		for (int i = 4; i < argc; i++) {
			char *colon = strchr(argv[i], ':');
			if (!colon)
				die("measure argument is not KIND:NAME", argv[i]);
			*colon = 0;
			int kind = !strcmp(argv[i], "mean") ? K_MEAN : !strcmp(argv[i], "sum") ? K_SUM :
				   !strcmp(argv[i], "gm") ? K_GM : -1;
			if (kind < 0)
				die("unknown KIND (mean, sum or gm)", argv[i]);
			const char *name = colon + 1;
			if (is_residual(name))
				continue;
			long col = find(&mnames, name);
			if (col < 0)
				die("measure not in the input", name);
			ms[nm].name = name;
			ms[nm].kind = kind;
			ms[nm].col = (size_t)col;
			nm++;
		}
	} else {
		for (size_t i = 0; i < mnames.n; i++) {
			if (is_residual(mnames.v[i]))
				continue;
			ms[nm].name = mnames.v[i];
			ms[nm].kind = kind_of(mnames.v[i]);
			ms[nm].col = i;
			nm++;
		}
	}

	/* The dense table; every (run, topic, measure) exactly once. */
	size_t cells = mnames.n * nr * nq;
	val = xmalloc(cells * sizeof *val);
	unsigned char *seen = calloc(cells ? cells : 1, 1);
	if (!seen)
		die("out of memory", NULL);
	for (size_t i = 0; i < nrows; i++) {
		size_t k = (rows[i].m * nr + rows[i].r) * nq + rows[i].q;
		if (seen[k])
			die("input: a (run, qid, measure) appears twice", runs.v[rows[i].r]);
		seen[k] = 1;
		val[k] = rows[i].x;
	}
	for (size_t k = 0; k < nm; k++)
		for (size_t r = 0; r < nr; r++)
			for (size_t t = 0; t < nq; t++)
				if (!seen[(ms[k].col * nr + r) * nq + t])
					die("input: a value is missing for run", runs.v[r]);
	if (nq < 2)
		fprintf(stderr, "%s: warning: fewer than 2 topics: t_paired, p_ttest, asl_*, discpower_* and reqdiff_* are NA\n", REF_PROG);

	printf("measure\trunA\trunB\tstatistic\tvalue\n");
	for (size_t k = 0; k < nm; k++)
		analyse_measure(&ms[k]);
	for (size_t i = 0; i < nm; i++)
		for (size_t j = i + 1; j < nm; j++)
			analyse_tau(&ms[i], &ms[j]);
	if (fflush(stdout) || ferror(stdout))
		die("write error", NULL);
	free(seen);
	free(val);
	free(ms);
	free(rows);
	for (size_t i = 0; i < runs.n; i++) free(runs.v[i]);
	for (size_t i = 0; i < qids.n; i++) free(qids.v[i]);
	for (size_t i = 0; i < mnames.n; i++) free(mnames.v[i]);
	free(runs.v); free(qids.v); free(mnames.v);
	return 0;
}
