/*
 * tests/parts/ref_sensitivity/analyse.c - the table of the reference
 * ref_sensitivity: for one measure, every pair of runs (diff, the paired
 * and unpaired tests, then MR-PT and swaps over the samples of streams 1
 * and 2) and the measure's rows over all pairs (discriminative power,
 * required difference, MR-PT, swap bins, swap_abs, swap_max, swap_rel,
 * swap_sensitivity); for two measures, Kendall's tau-b and its standard
 * error over the samples.  Written the obvious way, O(T x pairs x n) per
 * measure, every draw recomputed where it is used; the numbered choices
 * are those of ref_sensitivity.c.
 */
#include "ref_sensitivity.h"

/* ---- output -------------------------------------------------------------- */

/* Prints one row of the table. */
static void out(const char *m, const char *a, const char *b, const char *stat, const char *val)
{
	printf("%s\t%s\t%s\t%s\t%s\n", m, a, b, stat, val);
}

/* x with P decimals in buf (64 bytes), or inf / -inf. */
static const char *fmt_f(int P, double x, char *buf)
{
	if (isinf(x))
		return x > 0 ? "inf" : "-inf";
	snprintf(buf, 64, "%.*f", P, x);
	return buf;
}

/* x with P significant digits (1 when P = 0) in buf (64 bytes). */
static const char *fmt_g(int P, double x, char *buf)
{
	snprintf(buf, 64, "%.*g", P > 0 ? P : 1, x);
	return buf;
}

/* A whole number in buf (64 bytes). */
static const char *fmt_u(unsigned long x, char *buf)
{
	snprintf(buf, 64, "%lu", x);
	return buf;
}

/* ---- the analysis of one measure ----------------------------------------- */

/* The values of run r on the measure of column col. */
static const double *X(const struct sens *c, size_t col, size_t r)
{
	return c->val + (col * c->nr + r) * c->nq;
}

struct ts {
	double at, am;	/* |t(w*b)|, |mean(w*b)| */
	unsigned long b;
};

/* By |t| descending, then smaller b first. */
static int cmp_ts(const void *pa, const void *pb)
{
	const struct ts *a = pa, *b = pb;
	if (a->at != b->at)
		return a->at > b->at ? -1 : 1;	/* |t| descending */
	return a->b < b->b ? -1 : a->b > b->b;	/* then smaller b first */
}

/* Doubles descending. */
static int cmp_desc(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return a > b ? -1 : a < b;
}

/* Sample b of stream st: n slots over m positions. */
static void sample(const struct sens *c, uint64_t st, unsigned long b, size_t n, size_t m,
		   size_t *pos)
{
	for (size_t i = 0; i < n; i++)
		pos[i] = draw(c->S, st, b, i, m);
}

static const double alpha[2] = { 0.05, 0.01 };

/* One measure's analysis: scratch, and the counts over all pairs. */
struct macc {
	const struct sens *c;
	const struct measure *M;
	size_t n, npairs;
	size_t *pos;
	double *z, *w, *ws, *v, *ud;
	struct ts *tsv;
	unsigned long disc[2][2];	/* [alpha][paired, unpaired] */
	double reqd[2][2];
	int reqd_set[2][2];
	unsigned long mr[21], pt[21];
	unsigned long cnt[21], swp[21];
};

/* One pair's values x and y and its statistics. */
struct pairv {
	const double *x, *y;
	double diff, dscale, scale;	/* scale: the largest |z_t| */
	double tz, pz, aslp, aslu;
};

/* 1. The paired test: asl_paired, and |t| and |mean| of every sample in
 * A->tsv; A->w must hold the centred z. */
static double paired_asl(struct macc *A, const struct pairv *p)
{
	unsigned long c = 0, T = A->c->T;
	size_t n = A->n;
	for (unsigned long b = 1; b <= T; b++) {
		sample(A->c, 1, b, n, n, A->pos);
		for (size_t i = 0; i < n; i++)
			A->ws[i] = A->w[A->pos[i]];
		double tb = fabs(tstat(A->ws, n, p->scale));
		c += ge(tb, fabs(p->tz));
		A->tsv[b - 1].at = tb;
		A->tsv[b - 1].am = fabs(vmean(A->ws, n));
		A->tsv[b - 1].b = b;
	}
	return (double)c / (double)T;
}

/* 2. The unpaired test: asl_unpaired, and every sample's |d| in A->ud. */
static double unpaired_asl(struct macc *A, const struct pairv *p)
{
	unsigned long c = 0, T = A->c->T;
	size_t n = A->n;
	for (size_t t = 0; t < n; t++) {
		A->v[t] = p->x[t];
		A->v[n + t] = p->y[t];
	}
	for (unsigned long b = 1; b <= T; b++) {
		sample(A->c, 3, b, 2 * n, 2 * n, A->pos);
		double d = agg(A->v, A->pos, n, A->M->kind) - agg(A->v, A->pos + n, n, A->M->kind);
		c += ge_scaled(fabs(d), fabs(p->diff), p->dscale);
		A->ud[b - 1] = fabs(d);
	}
	return (double)c / (double)T;
}

/* 3. Discriminative power and 4. the required difference of one pair. */
static void disc_reqd(struct macc *A, const struct pairv *p)
{
	unsigned long T = A->c->T;
	qsort(A->tsv, T, sizeof *A->tsv, cmp_ts);
	qsort(A->ud, T, sizeof *A->ud, cmp_desc);
	for (int k = 0; k < 2; k++) {
		A->disc[k][0] += p->aslp < alpha[k];
		A->disc[k][1] += p->aslu < alpha[k];
		unsigned long kk = (unsigned long)floor((double)T * alpha[k]);
		if (kk == 0)
			continue;
		double rp = A->tsv[kk - 1].am, ru = A->ud[kk - 1];
		if (!A->reqd_set[k][0] || rp > A->reqd[k][0])
			A->reqd[k][0] = rp;
		if (!A->reqd_set[k][1] || ru > A->reqd[k][1])
			A->reqd[k][1] = ru;
		A->reqd_set[k][0] = A->reqd_set[k][1] = 1;
	}
}

/* The tests of a pair (n >= 2): t_paired, p_ttest, the ASLs, and their
 * part of the discriminative power and the required difference. */
static void pair_tests(struct macc *A, struct pairv *p)
{
	size_t n = A->n;
	p->tz = tstat(A->z, n, p->scale);
	p->pz = tpval(p->tz, (double)(n - 1));
	double mz = vmean(A->z, n);
	for (size_t t = 0; t < n; t++)
		A->w[t] = A->z[t] - mz;
	p->aslp = paired_asl(A, p);
	p->aslu = unpaired_asl(A, p);
	disc_reqd(A, p);
}

/* 5. MR-PT and 6. swaps of a pair (stream 1, and stream 2 for D'). */
static void mrpt_swaps(struct macc *A, const struct pairv *p)
{
	unsigned long gta[21] = { 0 }, gtb[21] = { 0 }, T = A->c->T;
	size_t n = A->n, *pos = A->pos;
	int kind = A->M->kind;
	for (unsigned long b = 1; b <= T; b++) {
		sample(A->c, 1, b, n, n, pos);
		double mx = agg(p->x, pos, n, kind), my = agg(p->y, pos, n, kind);
		for (int f = 1; f <= 20; f++) {
			double F = f / 100.0;
			if (is_zero(mx - my, mx, my) ||
			    !ge(fabs(mx - my), F * fmax(mx, my)))
				A->pt[f]++;
			else if (mx > my)
				gta[f]++;
			else
				gtb[f]++;
		}
		double D = mx - my;
		sample(A->c, 2, b, n, n, pos);
		double mx2 = agg(p->x, pos, n, kind), my2 = agg(p->y, pos, n, kind);
		double D2 = mx2 - my2;
		int bin = 0;
		for (int i = 20; i >= 0; i--)
			if (ge(fabs(D), i / 100.0)) {
				bin = i;
				break;
			}
		A->cnt[bin]++;
		if (!is_zero(D, mx, my) && !is_zero(D2, mx2, my2) &&
		    (D > 0) != (D2 > 0))
			A->swp[bin]++;
	}
	for (int f = 1; f <= 20; f++)
		A->mr[f] += gta[f] < gtb[f] ? gta[f] : gtb[f];
}

/* The pair of runs a and bb: its statistics, its rows, its counts. */
static void analyse_pair(struct macc *A, size_t a, size_t bb)
{
	const struct sens *c = A->c;
	const char *mn = A->M->name, *ra = c->runs.v[a], *rb = c->runs.v[bb];
	size_t n = A->n;
	int kind = A->M->kind, P = c->P;
	char buf[64];
	struct pairv p = { .x = X(c, A->M->col, a), .y = X(c, A->M->col, bb) };
	double ax = agg(p.x, NULL, n, kind), ay = agg(p.y, NULL, n, kind);
	p.diff = ax - ay;
	p.dscale = fabs(ax) > fabs(ay) ? fabs(ax) : fabs(ay);
	for (size_t t = 0; t < n; t++)
		A->z[t] = kind == K_GM ? log(p.x[t] + GM_EPS) - log(p.y[t] + GM_EPS)
				       : p.x[t] - p.y[t];
	p.scale = 0;
	for (size_t t = 0; t < n; t++)
		p.scale = fmax(p.scale, fabs(A->z[t]));
	if (n >= 2)
		pair_tests(A, &p);
	mrpt_swaps(A, &p);

	out(mn, ra, rb, "diff", fmt_f(P, p.diff, buf));
	out(mn, ra, rb, "t_paired", n >= 2 ? fmt_f(P, p.tz, buf) : "NA");
	out(mn, ra, rb, "p_ttest", n >= 2 ? fmt_g(P, p.pz, buf) : "NA");
	out(mn, ra, rb, "asl_paired", n >= 2 ? fmt_g(P, p.aslp, buf) : "NA");
	out(mn, ra, rb, "asl_unpaired", n >= 2 ? fmt_g(P, p.aslu, buf) : "NA");
}

/* The rows of discpower, reqdiff, mr/pt and the swap bins. */
static void print_counts(const struct macc *A)
{
	static const char *const an[2] = { "0.05", "0.01" };
	const char *mn = A->M->name;
	char buf[64], stat[64];
	size_t n = A->n;
	int P = A->c->P;
	for (int k = 0; k < 2; k++)
		for (int u = 0; u < 2; u++) {
			snprintf(stat, sizeof stat, "discpower_%s_%s", u ? "unpaired" : "paired", an[k]);
			out(mn, "all", "all", stat, n >= 2 ? fmt_u(A->disc[k][u], buf) : "NA");
		}
	for (int k = 0; k < 2; k++)
		for (int u = 0; u < 2; u++) {
			snprintf(stat, sizeof stat, "reqdiff_%s_%s", u ? "unpaired" : "paired", an[k]);
			out(mn, "all", "all", stat,
			    n >= 2 && A->reqd_set[k][u] ? fmt_f(P, A->reqd[k][u], buf) : "NA");
		}
	double tp = (double)A->c->T * (double)A->npairs;
	for (int f = 1; f <= 20; f++) {
		snprintf(stat, sizeof stat, "mr_%.2f", f / 100.0);
		out(mn, "all", "all", stat, fmt_f(P, (double)A->mr[f] / tp, buf));
		snprintf(stat, sizeof stat, "pt_%.2f", f / 100.0);
		out(mn, "all", "all", stat, fmt_f(P, (double)A->pt[f] / tp, buf));
	}
	for (int i = 0; i <= 20; i++) {
		snprintf(stat, sizeof stat, "swap_count_%02d", i);
		out(mn, "all", "all", stat, fmt_u(A->cnt[i], buf));
		snprintf(stat, sizeof stat, "swap_swaps_%02d", i);
		out(mn, "all", "all", stat, fmt_u(A->swp[i], buf));
		snprintf(stat, sizeof stat, "swap_rate_%02d", i);
		out(mn, "all", "all", stat,
		    A->cnt[i] ? fmt_f(P, (double)A->swp[i] / (double)A->cnt[i], buf) : "NA");
	}
}

/* swap_abs: the smallest i whose bins >= i (with a count) all have rate
 * <= 0.05; -1 when there is none. */
static int swap_abs_bin(const struct macc *A)
{
	int iabs = -1;
	for (int i = 0; i <= 20 && iabs < 0; i++) {
		int good = 1;
		for (int j = i; j <= 20; j++)
			if (A->cnt[j] > 0 && !((double)A->swp[j] / (double)A->cnt[j] <= 0.05))
				good = 0;
		if (good)
			iabs = i;
	}
	return iabs;
}

/* The rows of swap_abs, swap_max, swap_rel and swap_sensitivity. */
static void swap_summary(struct macc *A)
{
	const struct sens *c = A->c;
	const char *mn = A->M->name;
	size_t n = A->n, col = A->M->col;
	int kind = A->M->kind, P = c->P;
	char buf[64];
	int iabs = swap_abs_bin(A);
	double sabs = iabs >= 0 ? 0.01 * iabs : 0;
	double tp = (double)c->T * (double)A->npairs;
	/* swap_max over every run and sample (stream 1) */
	double smax = -INFINITY;
	for (size_t r = 0; r < c->nr; r++)
		for (unsigned long b = 1; b <= c->T; b++) {
			sample(c, 1, b, n, n, A->pos);
			double m = agg(X(c, col, r), A->pos, n, kind);
			if (m > smax)
				smax = m;
		}
	/* swap_sensitivity: recount |D| >= swap_abs over every pair and sample */
	unsigned long sens = 0;
	if (iabs >= 0)
		for (size_t a = 0; a < c->nr; a++)
			for (size_t bb = a + 1; bb < c->nr; bb++)
				for (unsigned long b = 1; b <= c->T; b++) {
					sample(c, 1, b, n, n, A->pos);
					double D = agg(X(c, col, a), A->pos, n, kind) -
						   agg(X(c, col, bb), A->pos, n, kind);
					sens += ge(fabs(D), sabs);
				}
	out(mn, "all", "all", "swap_abs_0.05", iabs >= 0 ? fmt_f(P, sabs, buf) : "NA");
	out(mn, "all", "all", "swap_max", fmt_f(P, smax, buf));
	out(mn, "all", "all", "swap_rel_0.05", iabs >= 0 && smax > 0 ? fmt_f(P, sabs / smax, buf) : "NA");
	out(mn, "all", "all", "swap_sensitivity_0.05",
	    iabs >= 0 ? fmt_f(P, (double)sens / tp, buf) : "NA");
}

/* Prints the rows of measure M: every pair, then the rows over all. */
void analyse_measure(const struct sens *c, const struct measure *M)
{
	size_t n = c->nq;
	struct macc A = { .c = c, .M = M, .n = n, .npairs = c->nr * (c->nr - 1) / 2 };
	A.pos = xmalloc(2 * n * sizeof *A.pos);
	A.z = xmalloc(n * sizeof *A.z);
	A.w = xmalloc(n * sizeof *A.w);
	A.ws = xmalloc(n * sizeof *A.ws);
	A.v = xmalloc(2 * n * sizeof *A.v);
	A.tsv = xmalloc(c->T * sizeof *A.tsv);
	A.ud = xmalloc(c->T * sizeof *A.ud);
	for (size_t a = 0; a < c->nr; a++)
		for (size_t bb = a + 1; bb < c->nr; bb++)
			analyse_pair(&A, a, bb);
	print_counts(&A);
	swap_summary(&A);
	free(A.pos); free(A.z); free(A.w); free(A.ws); free(A.v); free(A.tsv); free(A.ud);
}

/* ---- tau ----------------------------------------------------------------- */

/* Prints the tau rows of the measures m1 and m2. */
void analyse_tau(const struct sens *c, const struct measure *m1, const struct measure *m2)
{
	char buf[64], name[1024];
	size_t s = c->nr, n = c->nq;
	int P = c->P;
	double *a = xcalloc(s, sizeof *a), *b = xcalloc(s, sizeof *b);
	double *taus = xmalloc(c->T * sizeof *taus);
	size_t *pos = xmalloc(n * sizeof *pos);
	double tau = 0;
	for (size_t r = 0; r < s; r++) {
		a[r] = agg(X(c, m1->col, r), NULL, n, m1->kind);
		b[r] = agg(X(c, m2->col, r), NULL, n, m2->kind);
	}
	int def = taub(a, b, s, &tau);
	size_t nt = 0;
	for (unsigned long bs = 1; bs <= c->T; bs++) {
		sample(c, 1, bs, n, n, pos);
		for (size_t r = 0; r < s; r++) {
			a[r] = agg(X(c, m1->col, r), pos, n, m1->kind);
			b[r] = agg(X(c, m2->col, r), pos, n, m2->kind);
		}
		if (taub(a, b, s, &taus[nt]))
			nt++;
	}
	snprintf(name, sizeof name, "%s~%s", m1->name, m2->name);
	double z0 = 3 * tau * sqrt((double)s * (double)(s - 1)) / sqrt(2.0 * (2.0 * (double)s + 5));
	out(name, "all", "all", "tau", def ? fmt_f(P, tau, buf) : "NA");
	out(name, "all", "all", "tau_se", nt >= 2 ? fmt_f(P, vsd(taus, nt), buf) : "NA");
	out(name, "all", "all", "tau_z0", def ? fmt_f(P, z0, buf) : "NA");
	out(name, "all", "all", "tau_p", def ? fmt_g(P, erfc(fabs(z0) / sqrt(2.0)), buf) : "NA");
	free(a); free(b); free(taus); free(pos);
}
