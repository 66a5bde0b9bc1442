/*
 * tests/parts/ref_partitions/analyse.c - the table of the reference of
 * --partitions for one measure, the obvious way: in each split the values
 * of the kept topics, the two-way ANOVA, M bootstrap resamples of the
 * residuals of both models (stream 5), per run the effect and its type-7
 * interval, per pair p, q (Benjamini-Hochberg) and pd with the tie rule
 * and the near-tie ranges of --fragile; then over the splits and the full
 * collection the t-test, the randomization test (stream 6), and the
 * significance and agreement counts.  Rows go to stdout in the spec's
 * order, near-tie ranges to --fragile, internals to --trace.  Sizes: per
 * split J x M bootstrap effects and n J X cells; P = J (J - 1) / 2 pairs.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_partitions.h"

enum { INT, NOINT };
static const char *const model_name[2] = { "int", "noint" };

/* Per measure, over splits: significance of each pair in each split. */
struct sigs {
	unsigned char *sig;	/* [(s-1) * P + p] q_int < 0.05 */
	unsigned char *sure;	/* significant whatever the near-ties decide */
	unsigned char *maybe;	/* significant for some decision of them */
	int fragile;		/* any int family of the measure fragile */
};

/* One split of one measure being analysed. */
struct split {
	unsigned long s;
	size_t n, J, N, npairs;	/* topics kept, runs, cells, pairs */
	double *y, tol;		/* the cells; the tie tolerance */
	double *eff, *e[2];	/* effects; residuals of each model */
	double *es[2];		/* bootstrap effects [md][j * M + (m-1)] */
	double *lo[2], *hi[2];	/* intervals [md][j] */
	/* per pair [md][pi], with near-tie ranges */
	double *p[2], *plo[2], *phi[2], *pd[2], *pdlo[2], *pdhi[2], *q[2], *qlo[2], *qhi[2];
	int ffam[2];		/* a p of the family is fragile */
	unsigned char *pdfr[2];	/* pd fragile */
};

/* One row of the table. */
static void out(const struct ctx *c, const char *a, const char *b, const char *stat,
		const char *val)
{
	printf("%s\t%s\t%s\t%s\t%s\t%s\n", c->cur_m, c->cur_s, a, b, stat, val);
}

/* x with P decimals, in buf (64 bytes). */
static const char *fmt_f(const struct ctx *c, double x, char *buf)
{
	snprintf(buf, 64, "%.*f", c->P, x);
	return buf;
}

/* x with P significant digits (1 when P = 0), in buf (64 bytes). */
static const char *fmt_g(const struct ctx *c, double x, char *buf)
{
	snprintf(buf, 64, "%.*g", c->P > 0 ? c->P : 1, x);
	return buf;
}

/* A whole number, in buf (64 bytes). */
static const char *fmt_u(unsigned long x, char *buf)
{
	snprintf(buf, 64, "%lu", x);
	return buf;
}

/* A cell whose value hangs on near-ties: its range [lo, hi]. */
static void fragile(const struct ctx *c, const char *a, const char *b, const char *stat,
		    double lo, double hi)
{
	if (c->ffrag)
		fprintf(c->ffrag, "%s\t%s\t%s\t%s\t%s\t%.17g\t%.17g\n", c->cur_m, c->cur_s, a, b,
			stat, lo, hi);
}

/* A cell that may take any value on near-ties. */
static void fragile_any(const struct ctx *c, const char *a, const char *b, const char *stat)
{
	if (c->ffrag)
		fprintf(c->ffrag, "%s\t%s\t%s\t%s\t%s\t*\t*\n", c->cur_m, c->cur_s, a, b, stat);
}

/* The rows of a split with n < 2 topics kept: NA but the topic counts. */
static void split_na(const struct ctx *c, size_t n)
{
	char buf[64], stat[64];
	size_t J = c->runs.n;
	for (size_t j = 0; j < J; j++) {
		out(c, c->runs.v[j], "all", "effect", "NA");
		for (int md = 0; md < 2; md++) {
			snprintf(stat, sizeof stat, "ci_lo_%s", model_name[md]);
			out(c, c->runs.v[j], "all", stat, "NA");
			snprintf(stat, sizeof stat, "ci_hi_%s", model_name[md]);
			out(c, c->runs.v[j], "all", stat, "NA");
		}
	}
	for (size_t a = 0; a < J; a++)
		for (size_t b = a + 1; b < J; b++) {
			out(c, c->runs.v[a], c->runs.v[b], "diff", "NA");
			for (int md = 0; md < 2; md++) {
				static const char *st[3] = { "p", "q", "pd" };
				for (int i = 0; i < 3; i++) {
					snprintf(stat, sizeof stat, "%s_%s", st[i], model_name[md]);
					out(c, c->runs.v[a], c->runs.v[b], stat, "NA");
				}
			}
		}
	out(c, "all", "all", "topics_used", fmt_u(n, buf));
	out(c, "all", "all", "topics_dropped", fmt_u(c->topics.n - n, buf));
	for (int md = 0; md < 2; md++) {
		static const char *st[3] = { "mean", "min", "max" };
		for (int i = 0; i < 3; i++) {
			snprintf(stat, sizeof stat, "ci_len_%s_%s", st[i], model_name[md]);
			out(c, "all", "all", stat, "NA");
		}
	}
	out(c, "all", "all", "sig_int_0.05", "NA");
	out(c, "all", "all", "sig_int_0.01", "NA");
	out(c, "all", "all", "sig_noint_0.05", "NA");
	out(c, "all", "all", "sig_noint_0.01", "NA");
}

/* The cells y of measure m in split w->s (kept topics ti), the tie
 * tolerance, and the ANOVA of both models. */
static void split_fit(const struct ctx *c, size_t m, const size_t *ti, struct split *w)
{
	size_t n = w->n, J = w->J, X = c->X;
	double scale = 0;
	w->y = xmalloc(w->N * sizeof *w->y);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < J; j++)
			for (size_t k = 0; k < X; k++) {
				double v = ref_y(c, w->s, m, j, ti[i])[k];
				w->y[(i * J + j) * X + k] = v;
				if (fabs(v) > scale)
					scale = fabs(v);
			}
	w->tol = TIE * scale;
	w->eff = xmalloc(J * sizeof *w->eff);
	w->e[INT] = xmalloc(w->N * sizeof(double));
	w->e[NOINT] = xmalloc(w->N * sizeof(double));
	anova(w->y, n, J, c->X, w->eff, w->e[INT], w->e[NOINT], c->alt_order);
}

/* The effects, residuals and bootstrap effects of a split to --trace. */
static void split_trace(const struct ctx *c, const struct split *w)
{
	unsigned long M = c->M;
	for (size_t j = 0; j < w->J; j++)
		fprintf(c->ftrace, "effect\t%s\t%lu\t%s\t%.17g\n", c->cur_m, w->s, c->runs.v[j],
			w->eff[j]);
	for (int md = 0; md < 2; md++) {
		for (size_t cc = 0; cc < w->N; cc++)
			fprintf(c->ftrace, "resid\t%s\t%lu\t%s\t%zu\t%.17g\n", c->cur_m, w->s,
				model_name[md], cc, w->e[md][cc]);
		for (unsigned long r = 1; r <= M; r++)
			for (size_t j = 0; j < w->J; j++)
				fprintf(c->ftrace, "effstar\t%s\t%lu\t%s\t%lu\t%s\t%.17g\n", c->cur_m, w->s,
					model_name[md], r, c->runs.v[j], w->es[md][j * M + (r - 1)]);
	}
}

/* The M resamples of both models (stream 5): w->es. */
static void split_bootstrap(const struct ctx *c, struct split *w)
{
	size_t J = w->J, N = w->N;
	unsigned long M = c->M;
	w->es[INT] = xmalloc(J * M * sizeof(double));
	w->es[NOINT] = xmalloc(J * M * sizeof(double));
	size_t *idx = xmalloc(N * sizeof *idx);
	double *tmp = xmalloc((J > M ? J : M) * sizeof *tmp);
	for (unsigned long r = 1; r <= M; r++) {
		for (size_t cc = 0; cc < N; cc++)
			idx[cc] = resid_index(c->S, w->s, r, cc, N);
		for (int md = 0; md < 2; md++) {
			boot_effects(w->e[md], idx, w->n, J, c->X, w->eff, tmp, c->alt_order);
			for (size_t j = 0; j < J; j++)
				w->es[md][j * M + (r - 1)] = tmp[j];
		}
		if (c->ftrace)
			for (size_t cc = 0; cc < N; cc++)
				fprintf(c->ftrace, "draw\t%lu\t%lu\t%zu\t%zu\n", w->s, r, cc, idx[cc]);
	}
	if (c->ftrace)
		split_trace(c, w);
	free(idx);
	free(tmp);
}

/* Per run: the type-7 intervals of both models, and the run rows. */
static void split_intervals(const struct ctx *c, struct split *w)
{
	char buf[64], stat[64];
	size_t J = w->J;
	unsigned long M = c->M;
	for (int md = 0; md < 2; md++) {
		w->lo[md] = xmalloc(J * sizeof(double));
		w->hi[md] = xmalloc(J * sizeof(double));
		for (size_t j = 0; j < J; j++) {
			double *v = xmalloc(M * sizeof *v);
			memcpy(v, w->es[md] + j * M, M * sizeof *v);
			qsort(v, M, sizeof *v, cmp_double);
			w->lo[md][j] = quantile7(v, M, 0.025);
			w->hi[md][j] = quantile7(v, M, 0.975);
			free(v);
		}
	}
	for (size_t j = 0; j < J; j++) {
		out(c, c->runs.v[j], "all", "effect", fmt_f(c, w->eff[j], buf));
		for (int md = 0; md < 2; md++) {
			snprintf(stat, sizeof stat, "ci_lo_%s", model_name[md]);
			out(c, c->runs.v[j], "all", stat, fmt_f(c, w->lo[md][j], buf));
			snprintf(stat, sizeof stat, "ci_hi_%s", model_name[md]);
			out(c, c->runs.v[j], "all", stat, fmt_f(c, w->hi[md][j], buf));
		}
	}
}

/* p of pair pi = (a, b) in model md, with its near-tie range. */
static void pair_p(const struct ctx *c, struct split *w, int md, size_t pi, size_t a, size_t b)
{
	unsigned long M = c->M;
	const double *eff = w->eff, *es = w->es[md];
	double tol = w->tol;
	/* the tie rule: H = A unless B is higher by more than tol;
	 * effect*_H <= effect_L when within tol */
	size_t H = eff[b] - eff[a] > tol ? b : a, L = H == a ? b : a;
	unsigned long cnt = 0, clo = ~0UL, chi = 0;
	for (unsigned long r = 0; r < M; r++)
		cnt += es[H * M + r] - eff[L] <= tol;
	/* ranges: near-ties either way; on a near-tie of the effects, either H */
	int hties = fabs(eff[a] - eff[b]) <= tol;
	for (int alt = 0; alt <= hties; alt++) {
		size_t h = alt ? L : H, l = alt ? H : L;
		unsigned long c1 = 0, c2 = 0;
		for (unsigned long r = 0; r < M; r++) {
			double d = es[h * M + r] - eff[l];
			c1 += d <= 0 && fabs(d) > tol;
			c2 += d <= 0 || fabs(d) <= tol;
		}
		if (c1 < clo)
			clo = c1;
		if (c2 > chi)
			chi = c2;
	}
	w->p[md][pi] = (double)cnt / (double)M;
	w->plo[md][pi] = (double)clo / (double)M;
	w->phi[md][pi] = (double)chi / (double)M;
	if (clo != chi)
		w->ffam[md] = 1;
}

/* pd of pair pi = (a, b) in model md (choice 2), with its near-tie range. */
static void pair_pd(const struct ctx *c, struct split *w, int md, size_t pi, size_t a, size_t b)
{
	unsigned long M = c->M;
	const double *es = w->es[md];
	double tol = w->tol;
	unsigned long le = 0, ge = 0, lelo = 0, gelo = 0, lehi = 0, gehi = 0;
	for (unsigned long r = 0; r < M; r++) {
		double d = es[a * M + r] - es[b * M + r];
		int near = fabs(d) <= tol;
		le += d <= 0;
		ge += d >= 0;
		lelo += d <= 0 && !near;
		gelo += d >= 0 && !near;
		lehi += d <= 0 || near;
		gehi += d >= 0 || near;
	}
	/* the tie rule: |d*| <= tol counts as both <= 0 and >= 0 */
	double v = (double)(2 * (lehi < gehi ? lehi : gehi)) / (double)M;
	(void)le;
	(void)ge;
	w->pd[md][pi] = v < 1 ? v : 1;
	v = (double)(2 * (lelo < gelo ? lelo : gelo)) / (double)M;
	w->pdlo[md][pi] = v < 1 ? v : 1;
	v = (double)(2 * (lehi < gehi ? lehi : gehi)) / (double)M;
	w->pdhi[md][pi] = v < 1 ? v : 1;
	w->pdfr[md][pi] = w->pdlo[md][pi] != w->pdhi[md][pi];
}

/* Per pair: p, pd with their near-tie ranges; q by BH. */
static void split_pairs(const struct ctx *c, struct split *w)
{
	size_t J = w->J, npairs = w->npairs;
	w->ffam[0] = w->ffam[1] = 0;
	for (int md = 0; md < 2; md++) {
		w->p[md] = xmalloc(npairs * sizeof(double));
		w->plo[md] = xmalloc(npairs * sizeof(double));
		w->phi[md] = xmalloc(npairs * sizeof(double));
		w->pd[md] = xmalloc(npairs * sizeof(double));
		w->pdlo[md] = xmalloc(npairs * sizeof(double));
		w->pdhi[md] = xmalloc(npairs * sizeof(double));
		w->q[md] = xmalloc(npairs * sizeof(double));
		w->qlo[md] = xmalloc(npairs * sizeof(double));
		w->qhi[md] = xmalloc(npairs * sizeof(double));
		w->pdfr[md] = xcalloc(npairs, 1);
		size_t pi = 0;
		for (size_t a = 0; a < J; a++)
			for (size_t b = a + 1; b < J; b++, pi++) {
				pair_p(c, w, md, pi, a, b);
				pair_pd(c, w, md, pi, a, b);
			}
		bh(w->p[md], npairs, w->q[md]);
		bh(w->plo[md], npairs, w->qlo[md]);
		bh(w->phi[md], npairs, w->qhi[md]);
	}
}

/* The pair rows of a split, with their near-tie ranges. */
static void split_pair_rows(const struct ctx *c, const struct split *w)
{
	char buf[64], stat[64];
	size_t pi = 0;
	for (size_t a = 0; a < w->J; a++)
		for (size_t b = a + 1; b < w->J; b++, pi++) {
			const char *ra = c->runs.v[a], *rb = c->runs.v[b];
			out(c, ra, rb, "diff", fmt_f(c, w->eff[a] - w->eff[b], buf));
			for (int md = 0; md < 2; md++) {
				snprintf(stat, sizeof stat, "p_%s", model_name[md]);
				out(c, ra, rb, stat, fmt_g(c, w->p[md][pi], buf));
				if (w->plo[md][pi] != w->phi[md][pi])
					fragile(c, ra, rb, stat, w->plo[md][pi], w->phi[md][pi]);
				snprintf(stat, sizeof stat, "q_%s", model_name[md]);
				out(c, ra, rb, stat, fmt_g(c, w->q[md][pi], buf));
				if (w->ffam[md])
					fragile(c, ra, rb, stat, fmin(w->qlo[md][pi], w->qhi[md][pi]),
						fmax(w->qlo[md][pi], w->qhi[md][pi]));
				snprintf(stat, sizeof stat, "pd_%s", model_name[md]);
				out(c, ra, rb, stat, fmt_g(c, w->pd[md][pi], buf));
				if (w->pdfr[md][pi])
					fragile(c, ra, rb, stat, w->pdlo[md][pi], w->pdhi[md][pi]);
			}
		}
}

/* The `all all` rows of a split (topics, interval lengths, significance
 * counts), and its significance in sg. */
static void split_all_rows(const struct ctx *c, const struct split *w, struct sigs *sg)
{
	static const double alpha[2] = { 0.05, 0.01 };
	static const char *const aname[2] = { "0.05", "0.01" };
	char buf[64], stat[64];
	size_t J = w->J, npairs = w->npairs;
	out(c, "all", "all", "topics_used", fmt_u(w->n, buf));
	out(c, "all", "all", "topics_dropped", fmt_u(c->topics.n - w->n, buf));
	for (int md = 0; md < 2; md++) {
		double sum = 0, mn = INFINITY, mx = -INFINITY;
		for (size_t j = 0; j < J; j++) {
			double len = w->hi[md][j] - w->lo[md][j];
			sum += len;
			mn = fmin(mn, len);
			mx = fmax(mx, len);
		}
		snprintf(stat, sizeof stat, "ci_len_mean_%s", model_name[md]);
		out(c, "all", "all", stat, fmt_f(c, sum / (double)J, buf));
		snprintf(stat, sizeof stat, "ci_len_min_%s", model_name[md]);
		out(c, "all", "all", stat, fmt_f(c, mn, buf));
		snprintf(stat, sizeof stat, "ci_len_max_%s", model_name[md]);
		out(c, "all", "all", stat, fmt_f(c, mx, buf));
	}
	for (int md = 0; md < 2; md++)
		for (int ai = 0; ai < 2; ai++) {
			unsigned long cnt = 0, clo = 0, chi = 0;
			for (size_t pi = 0; pi < npairs; pi++) {
				cnt += w->q[md][pi] < alpha[ai];
				clo += fmax(w->qlo[md][pi], w->qhi[md][pi]) < alpha[ai];
				chi += fmin(w->qlo[md][pi], w->qhi[md][pi]) < alpha[ai];
			}
			snprintf(stat, sizeof stat, "sig_%s_%s", model_name[md], aname[ai]);
			out(c, "all", "all", stat, fmt_u(cnt, buf));
			if (w->ffam[md])
				fragile(c, "all", "all", stat, (double)clo, (double)chi);
		}
	for (size_t pi = 0; pi < npairs; pi++) {
		size_t at = (w->s - 1) * npairs + pi;
		sg->sig[at] = w->q[INT][pi] < 0.05;
		sg->sure[at] = fmax(w->qlo[INT][pi], w->qhi[INT][pi]) < 0.05;
		sg->maybe[at] = fmin(w->qlo[INT][pi], w->qhi[INT][pi]) < 0.05;
	}
	if (w->ffam[INT])
		sg->fragile = 1;
}

/* Free what the analysis of a split allocated. */
static void split_free(struct split *w)
{
	for (int md = 0; md < 2; md++) {
		free(w->p[md]); free(w->plo[md]); free(w->phi[md]); free(w->pd[md]);
		free(w->pdlo[md]); free(w->pdhi[md]); free(w->q[md]); free(w->qlo[md]);
		free(w->qhi[md]); free(w->pdfr[md]); free(w->lo[md]); free(w->hi[md]);
		free(w->es[md]); free(w->e[md]);
	}
	free(w->eff); free(w->y);
}

/* The rows of measure m in split s; its significance into sg. */
static void analyse_split(struct ctx *c, size_t m, unsigned long s, struct sigs *sg)
{
	size_t NT = c->topics.n, J = c->runs.n, n = 0;
	size_t *ti = xmalloc(NT * sizeof *ti);
	for (size_t t = 0; t < NT; t++)
		if (c->kept[(s - 1) * NT + t])
			ti[n++] = t;
	snprintf(c->cur_s, sizeof c->cur_s, "%lu", s);
	if (n < 2) {
		split_na(c, n);
		free(ti);
		return;
	}
	struct split w = { 0 };
	w.s = s;
	w.n = n;
	w.J = J;
	w.N = n * J * c->X;
	w.npairs = J * (J - 1) / 2;
	split_fit(c, m, ti, &w);
	split_bootstrap(c, &w);
	split_intervals(c, &w);
	split_pairs(c, &w);
	split_pair_rows(c, &w);
	split_all_rows(c, &w, sg);
	split_free(&w);
	free(ti);
}

/* The counts of the `all all` rows of a measure, over its pairs. */
struct allcounts {
	unsigned long sig_t[2], sig_r[2];	/* t-test, randomization test at 0.05, 0.01 */
	unsigned long unan, unan_lo, unan_hi;	/* significant in every split */
	unsigned long *agree;			/* [H]: pairs with H splits agreeing */
};

/* The `all` rows of pair pi = (a, b) of measure m: the t-test and the
 * randomization test on the full collection (z: n topics of room), and
 * the splits in which it is significant; counted into ac. */
static void pair_all(const struct ctx *c, size_t m, size_t pi, size_t a, size_t b,
		     const struct sigs *sg, double *z, struct allcounts *ac)
{
	char buf[64];
	size_t n = c->topics.n, NR = c->runs.n, NT = c->topics.n;
	size_t npairs = NR * (NR - 1) / 2;
	unsigned long K = c->K;
	for (size_t t = 0; t < n; t++)
		z[t] = c->full[(m * NR + a) * NT + t] - c->full[(m * NR + b) * NT + t];
	double pt = n >= 2 ? ttest_p(z, n) : NAN;
	double pr = (double)rand_count(c->S, z, n, c->R) / (double)c->R;
	unsigned long ss = 0, slo = 0, shi = 0;
	for (unsigned long s = 1; s <= K; s++) {
		ss += sg->sig[(s - 1) * npairs + pi];
		slo += sg->sure[(s - 1) * npairs + pi];
		shi += sg->maybe[(s - 1) * npairs + pi];
	}
	out(c, c->runs.v[a], c->runs.v[b], "p_ttest", n >= 2 ? fmt_g(c, pt, buf) : "NA");
	out(c, c->runs.v[a], c->runs.v[b], "p_rand", fmt_g(c, pr, buf));
	out(c, c->runs.v[a], c->runs.v[b], "splits_sig", fmt_u(ss, buf));
	if (slo != shi)
		fragile(c, c->runs.v[a], c->runs.v[b], "splits_sig", (double)slo, (double)shi);
	for (int ai = 0; ai < 2; ai++) {
		double A = ai ? 0.01 : 0.05;
		ac->sig_t[ai] += n >= 2 && pt < A;
		ac->sig_r[ai] += pr < A;
	}
	ac->unan += ss == K;
	ac->unan_lo += slo == K;
	ac->unan_hi += shi == K;
	ac->agree[ss > K - ss ? ss : K - ss]++;
}

/* The rows of measure m: every split, then `all`. */
void analyse_measure(struct ctx *c, size_t m)
{
	char buf[64], stat[64];
	size_t J = c->runs.n, npairs = J * (J - 1) / 2, n = c->topics.n;
	unsigned long K = c->K;
	struct sigs sg;
	sg.sig = xcalloc(K * npairs, 1);
	sg.sure = xcalloc(K * npairs, 1);
	sg.maybe = xcalloc(K * npairs, 1);
	sg.fragile = 0;
	c->cur_m = c->meas.v[m];
	for (unsigned long s = 1; s <= K; s++)
		analyse_split(c, m, s, &sg);

	snprintf(c->cur_s, sizeof c->cur_s, "all");
	double *z = xmalloc(n * sizeof *z);
	struct allcounts ac = { { 0, 0 }, { 0, 0 }, 0, 0, 0, NULL };
	ac.agree = xcalloc(K + 1, sizeof *ac.agree);
	size_t pi = 0;
	for (size_t a = 0; a < J; a++)
		for (size_t b = a + 1; b < J; b++, pi++)
			pair_all(c, m, pi, a, b, &sg, z, &ac);
	out(c, "all", "all", "pairs", fmt_u(npairs, buf));
	out(c, "all", "all", "sig_ttest_0.05", fmt_u(ac.sig_t[0], buf));
	out(c, "all", "all", "sig_ttest_0.01", fmt_u(ac.sig_t[1], buf));
	out(c, "all", "all", "sig_rand_0.05", fmt_u(ac.sig_r[0], buf));
	out(c, "all", "all", "sig_rand_0.01", fmt_u(ac.sig_r[1], buf));
	out(c, "all", "all", "sig_unanimous_0.05", fmt_u(ac.unan, buf));
	if (ac.unan_lo != ac.unan_hi)
		fragile(c, "all", "all", "sig_unanimous_0.05", (double)ac.unan_lo, (double)ac.unan_hi);
	if (K >= 2)
		for (unsigned long H = K; H >= (K + 1) / 2; H--) {
			snprintf(stat, sizeof stat, "agree_%lu_%lu", H, K - H);
			out(c, "all", "all", stat, fmt_u(ac.agree[H], buf));
			if (sg.fragile)
				fragile_any(c, "all", "all", stat);
		}
	free(ac.agree);
	free(z);
	free(sg.sig); free(sg.sure); free(sg.maybe);
}
