/*
 * tests/parts/ref_bias/analysis.c - the table of the reference of `cbeval
 * --bias` (tests/ref_bias.c) from the per-topic values, computed the
 * obvious way: the draws of streams 8 and 9 for every collection, set and
 * sample, every run's sample score summed slot by slot, tau-b by counting
 * pairs, with the range every decision of the near-ties gives (choice 9),
 * and the statistics sigma, bias, rmse, delta and tau_root printed with
 * the number format of choice 10.  Sizes: collections x 2 x T samples of
 * n' slots per measure, tens of runs.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_bias.h"

/* ---- the analysis ------------------------------------------------------------ */

/* x in buf (64 bytes) as choice 10 says, with ctx->P decimals, or NA. */
void fmt(const struct rb *ctx, char *buf, double x)
{
	if (isnan(x)) {
		strcpy(buf, "NA");
		return;
	}
	fmt_fixed(x, ctx->P, buf);	/* choice 10: no sign on a zero */
}

/* Prints a row of the table. */
static void out(const char *m, const char *c, const char *d, const char *stat, const char *v)
{
	printf("%s\t%s\t%s\t%s\t%s\n", m, c, d, stat, v);
}

/* The offset of the draws of sample b of set h of c in dt and dr. */
static size_t didx(const struct rb *ctx, size_t c, unsigned h, unsigned long b)
{
	return ((c * 2 + (h - 1)) * ctx->T + (b - 1)) * ctx->nprime;
}

/* The draws of every collection, set, sample and slot (streams 9, 8). */
static void make_draws(struct rb *ctx)
{
	size_t n = ctx->NC * 2 * ctx->T * ctx->nprime;
	ctx->dt = xmalloc(n * sizeof *ctx->dt);
	ctx->dr = xmalloc(n * sizeof *ctx->dr);
	for (size_t c = 0; c < ctx->NC; c++)
		for (unsigned h = 1; h <= 2; h++)
			for (unsigned long b = 1; b <= ctx->T; b++) {
				size_t o = didx(ctx, c, h, b);
				for (size_t i = 0; i < ctx->nprime; i++) {
					ctx->dt[o + i] = draw_topic(ctx, c, h, b, i, NT);
					ctx->dr[o + i] = draw_rep(ctx, c, h, b, i, ctx->nrep[c]);
				}
			}
}

/* Near-tie pairs (choice 9) of a sample: a growing list of (j, k). */
struct nearlist {
	size_t *v;	/* pairs j * NJ + k */
	size_t n, cap;
};

/* Scores of the runs with their near-ties (pairs j * NJ + k). */
struct ranking {
	const double *s;	/* [j] */
	const size_t *near;
	size_t nn;
};

/* Appends the pair p to l. */
static void nl_add(struct nearlist *l, size_t p)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->v = xrealloc(l->v, l->cap * sizeof *l->v);
	}
	l->v[l->n++] = p;
}

/* Sample scores of every run in (c, h, b) for measure m into s[0..NJ-1];
 * the near-ties to l from first = l->n on; returns their number. */
static size_t sample_scores(const struct rb *ctx, size_t m, size_t c, unsigned h, unsigned long b, double *s,
			    double *tmp, struct nearlist *l)
{
	int gm = is_gm(ctx->meas.s[m]);
	size_t o = didx(ctx, c, h, b), first = l->n;
	for (size_t j = 0; j < NJ; j++) {
		for (size_t i = 0; i < ctx->nprime; i++)
			tmp[i] = V(ctx, c, ctx->dr[o + i], m, j)[ctx->dt[o + i]];
		s[j] = agg(ctx, tmp, ctx->nprime, gm);
	}
	for (size_t j = 0; j < NJ; j++)
		for (size_t k = j + 1; k < NJ; k++) {
			if (!near(s[j], s[k]))
				continue;
			int same = 1;
			for (size_t i = 0; i < ctx->nprime && same; i++) {
				size_t r = ctx->dr[o + i], t = ctx->dt[o + i];
				double vj = V(ctx, c, r, m, j)[t];
				same = vj == V(ctx, c, r, m, k)[t] &&
				       (!ctx->B || vj == 0 || SIG(ctx, m, c, r, j, t) == SIG(ctx, m, c, r, k, t));
			}
			if (!same)
				nl_add(l, j * NJ + k);
		}
	return l->n - first;
}

/* The root scores of collection c (choice 7); near-ties to l. */
static void root_scores(const struct rb *ctx, size_t m, size_t c, double *s, double *tmp, struct nearlist *l)
{
	int gm = is_gm(ctx->meas.s[m]);
	for (size_t j = 0; j < NJ; j++) {
		for (size_t t = 0; t < NT; t++) {
			double x = 0;
			for (size_t r = 0; r < ctx->nrep[c]; r++)
				x += V(ctx, c, ctx->alt_order ? ctx->nrep[c] - 1 - r : r, m, j)[t];
			tmp[t] = x / (double)ctx->nrep[c];
		}
		s[j] = agg(ctx, tmp, NT, gm);
	}
	for (size_t j = 0; j < NJ; j++)
		for (size_t k = j + 1; k < NJ; k++) {
			if (!near(s[j], s[k]))
				continue;
			int same = 1;
			for (size_t t = 0; t < NT && same; t++) {
				double x = 0, y = 0;
				for (size_t r = 0; r < ctx->nrep[c]; r++) {
					x += V(ctx, c, r, m, j)[t];
					y += V(ctx, c, r, m, k)[t];
					if (ctx->B && V(ctx, c, r, m, j)[t] != 0 && SIG(ctx, m, c, r, j, t) != SIG(ctx, m, c, r, k, t))
						same = 0;
				}
				same = same && x == y;
			}
			if (!same)
				nl_add(l, j * NJ + k);
		}
}

/*
 * tau-b of x and y with its range over every decision of the near-ties
 * (choice 9): each near pair of x (ux, from nx[0..nnx-1]) may be <, = or >,
 * independently of the others (a superset of the orders an implementation
 * can reach), and so for y.  Returns 0 when undefined for the exact
 * comparison; *sure = 0 when the definedness itself hangs on near-ties.
 */
static int taub_range(const struct rb *ctx, const struct ranking *rx, const struct ranking *ry, double *tau,
		      double *lo, double *hi, int *sure)
{
	const double *x = rx->s, *y = ry->s;
	const size_t *nx = rx->near, *ny = ry->near;
	size_t nnx = rx->nn, nny = ry->nn;
	long long n0 = (long long)NJ * ((long long)NJ - 1) / 2;
	long long n1 = 0, n2 = 0, cd = 0, n1lo = 0, n1hi = 0, n2lo = 0, n2hi = 0, slo = 0, shi = 0;
	int def = taub(ctx, x, y, NJ, tau);
	*sure = 1;
	if (nnx == 0 && nny == 0) {
		*lo = *hi = def ? *tau : NAN;
		return def;
	}
	for (size_t i = 0; i < nnx; i++)
		ctx->ux[nx[i]] = 1;
	for (size_t i = 0; i < nny; i++)
		ctx->uy[ny[i]] = 1;
	for (size_t i = 0; i < NJ; i++)
		for (size_t j = i + 1; j < NJ; j++) {
			int a = sgn(x[i], x[j]), b = sgn(y[i], y[j]);
			int fx = ctx->ux[i * NJ + j], fy = ctx->uy[i * NJ + j];
			n1 += a == 0;
			n2 += b == 0;
			cd += a * b;
			n1lo += fx ? 0 : a == 0;
			n1hi += fx ? 1 : a == 0;
			n2lo += fy ? 0 : b == 0;
			n2hi += fy ? 1 : b == 0;
			if (fx && fy) {
				slo -= 1;
				shi += 1;
			} else if (fx || fy) {
				int other = fx ? b : a;
				slo -= other != 0;
				shi += other != 0;
			} else {
				slo += a * b;
				shi += a * b;
			}
		}
	for (size_t i = 0; i < nnx; i++)
		ctx->ux[nx[i]] = 0;
	for (size_t i = 0; i < nny; i++)
		ctx->uy[ny[i]] = 0;
	if (n1 < n1lo || n1 > n1hi || n2 < n2lo || n2 > n2hi || cd < slo || cd > shi)
		die("internal error: the exact tau-b outside its near-tie range", NULL);
	int maybe_undef = n1hi == n0 || n2hi == n0, maybe_def = n1lo < n0 && n2lo < n0;
	if (maybe_undef && maybe_def) {
		*sure = 0;
		*lo = *hi = NAN;
		return def;
	}
	if (!def) {
		*lo = *hi = NAN;
		return 0;
	}
	double dmin = sqrt((double)(n0 - n1hi) * (double)(n0 - n2hi));
	double dmax = sqrt((double)(n0 - n1lo) * (double)(n0 - n2lo));
	double th = shi >= 0 ? (double)shi / dmin : (double)shi / dmax;
	double tl = slo >= 0 ? (double)slo / dmax : (double)slo / dmin;
	*hi = fmin(1, th);
	*lo = fmax(-1, tl);
	return 1;
}

/* A mean of delta^2 over samples with its range. */
struct acc {
	double sum, lo, hi;
	unsigned long used;
	int sure;
};

/* Adds a sample's tau-b (when defined) and its range to a. */
static void acc_add(struct acc *a, int def, double tau, double tlo, double thi, int sure)
{
	if (!sure)
		a->sure = 0;
	if (!def)
		return;
	a->sum += (1 - tau) * (1 - tau);
	a->lo += (1 - thi) * (1 - thi);
	a->hi += (1 - tlo) * (1 - tlo);
	a->used++;
}

/* One statistic: value and range; NA when undefined; sure = 0: any value. */
struct cell {
	double v, lo, hi;
	int sure;
};

/* Prints the cell s of a row; its range or "*" to --fragile. */
static void put(const struct rb *ctx, const char *mn, const char *c, const char *d, const char *name,
		struct cell s)
{
	char buf[64];
	fmt(ctx, buf, s.v);
	out(mn, c, d, name, buf);
	if (!ctx->ffrag)
		return;
	if (!s.sure)
		fprintf(ctx->ffrag, "%s\t%s\t%s\t%s\t*\t*\n", mn, c, d, name);
	else if (!isnan(s.v) && s.lo != s.hi)
		fprintf(ctx->ffrag, "%s\t%s\t%s\t%s\t%.17g\t%.17g\n", mn, c, d, name, s.lo, s.hi);
}

/* A sample's tau-b to --trace (d < 0: sigma). */
static void trace_tau(const struct rb *ctx, const char *mn, const char *kind, size_t c, long d, unsigned long b,
		      int def, double tau)
{
	if (!ctx->ftrace)
		return;
	char dn[32];
	if (d < 0)
		strcpy(dn, "-");
	else
		snprintf(dn, sizeof dn, "%ld", d);
	if (def)
		fprintf(ctx->ftrace, "tau\t%s\t%s\t%zu\t%s\t%lu\t%.17g\n", mn, kind, c, dn, b, tau);
	else
		fprintf(ctx->ftrace, "tau\t%s\t%s\t%zu\t%s\t%lu\tNA\n", mn, kind, c, dn, b);
}

/* The sample scores of one measure: sc[SI * NJ + j] for sample index SI
 * of (c, h, b), their near-ties nl.v[noff[SI]..noff[SI + 1]-1]. */
struct samples {
	double *sc;
	size_t *noff;
	struct nearlist nl;
};

/* The index of sample b of set h of collection c. */
static size_t sample_index(const struct rb *ctx, size_t c, unsigned h, unsigned long b)
{
	return ((c * 2 + h - 1) * ctx->T + b - 1);
}

/* The ranking of sample b of set h of collection c. */
static struct ranking sample_of(const struct rb *ctx, const struct samples *sm, size_t c, unsigned h,
				unsigned long b)
{
	size_t i = sample_index(ctx, c, h, b);
	struct ranking x = { sm->sc + i * NJ, sm->nl.v + sm->noff[i], sm->noff[i + 1] - sm->noff[i] };
	return x;
}

/* The sample scores of every collection, set and sample for measure m
 * (tmp: scratch of n' doubles); the caller frees sm's arrays. */
static void collect_samples(const struct rb *ctx, size_t m, struct samples *sm, double *tmp)
{
	size_t per = ctx->NC * 2 * ctx->T;
	sm->sc = xmalloc(per * NJ * sizeof *sm->sc);
	sm->noff = xmalloc((per + 1) * sizeof *sm->noff);
	for (size_t c = 0; c < ctx->NC; c++)
		for (unsigned h = 1; h <= 2; h++)
			for (unsigned long b = 1; b <= ctx->T; b++) {
				size_t i = sample_index(ctx, c, h, b);
				sm->noff[i] = sm->nl.n;
				sample_scores(ctx, m, c, h, b, sm->sc + i * NJ, tmp, &sm->nl);
			}
	sm->noff[per] = sm->nl.n;
}

/* The mean of delta^2 between set 1 of c and set 2 of d over the samples
 * (kind names it in the trace: sigma when d = c, else Delta). */
static struct acc mean_delta(const struct rb *ctx, const char *mn, const struct samples *sm, size_t c,
			     size_t d, const char *kind)
{
	struct acc a = { 0, 0, 0, 0, 1 };
	for (unsigned long b = 1; b <= ctx->T; b++) {
		double tau = 0, lo, hi;
		struct ranking x = sample_of(ctx, sm, c, 1, b), y = sample_of(ctx, sm, d, 2, b);
		int sure, def = taub_range(ctx, &x, &y, &tau, &lo, &hi, &sure);
		acc_add(&a, def, tau, lo, hi, sure);
		trace_tau(ctx, mn, kind, c, d == c ? -1 : (long)d, b, def, tau);
	}
	return a;
}

/* sigma2 of every collection into sig2[c]; prints the sigma and
 * replicates rows. */
static void sigma_rows(const struct rb *ctx, const char *mn, const struct samples *sm, struct cell *sig2)
{
	char buf[64];
	for (size_t c = 0; c < ctx->NC; c++) {
		struct acc a = mean_delta(ctx, mn, sm, c, c, "sigma");
		double u = (double)a.used;
		sig2[c].v = a.used ? a.sum / u / 2 : NAN;
		sig2[c].lo = a.used ? a.lo / u / 2 : NAN;
		sig2[c].hi = a.used ? a.hi / u / 2 : NAN;
		sig2[c].sure = a.sure;
	}
	for (size_t c = 0; c < ctx->NC; c++) {
		struct cell s = { sqrt(sig2[c].v), sqrt(sig2[c].lo), sqrt(sig2[c].hi), sig2[c].sure };
		put(ctx, mn, ctx->cname[c], "NA", "sigma", s);
		snprintf(buf, sizeof buf, "%.0f", (double)ctx->nrep[c]);
		out(mn, ctx->cname[c], "NA", "replicates", buf);
	}
}

/* The rows of collection c against truth d: bias, rmse, delta from the
 * samples and sig2; tau_root from the root rankings rc and rd. */
static void pair_rows(const struct rb *ctx, const char *mn, const struct samples *sm, const struct cell *sig2,
		      size_t c, size_t d, const struct ranking *rc, const struct ranking *rd)
{
	struct acc a = mean_delta(ctx, mn, sm, c, d, "Delta");
	double u = (double)a.used;
	struct cell D = { a.used ? a.sum / u : NAN, a.used ? a.lo / u : NAN, a.used ? a.hi / u : NAN, a.sure };
	struct cell sc2 = sig2[c], sd2 = sig2[d];
	struct cell bias = { sroot((D.v - sc2.v) - sd2.v), sroot(D.lo - sc2.hi - sd2.hi),
			     sroot(D.hi - sc2.lo - sd2.lo), D.sure && sc2.sure && sd2.sure };
	struct cell rmse = { sroot(D.v - sd2.v), sroot(D.lo - sd2.hi), sroot(D.hi - sd2.lo),
			     D.sure && sd2.sure };
	put(ctx, mn, ctx->cname[c], ctx->cname[d], "bias", bias);
	put(ctx, mn, ctx->cname[c], ctx->cname[d], "rmse", rmse);
	put(ctx, mn, ctx->cname[c], ctx->cname[d], "delta", D);
	double tau = 0, lo, hi;
	int sure, def = taub_range(ctx, rc, rd, &tau, &lo, &hi, &sure);
	struct cell tr = { def ? tau : NAN, lo, hi, sure };
	put(ctx, mn, ctx->cname[c], ctx->cname[d], "tau_root", tr);
}

/* The rows of measure m. */
static void analyse_measure(struct rb *ctx, size_t m)
{
	const char *mn = ctx->meas.s[m];
	struct samples sm = { NULL, NULL, { 0 } };
	struct nearlist rl = { 0 };
	double *tmp = xmalloc((ctx->nprime > NT ? ctx->nprime : NT) * sizeof *tmp);
	collect_samples(ctx, m, &sm, tmp);

	struct cell *sig2 = xmalloc(ctx->NC * sizeof *sig2);
	sigma_rows(ctx, mn, &sm, sig2);

	double *root = xmalloc(ctx->NC * NJ * sizeof *root);
	size_t *roff2 = xmalloc((ctx->NC + 1) * sizeof *roff2);
	for (size_t c = 0; c < ctx->NC; c++) {
		roff2[c] = rl.n;
		root_scores(ctx, m, c, root + c * NJ, tmp, &rl);
	}
	roff2[ctx->NC] = rl.n;

	for (size_t c = 0; c < ctx->NC; c++)
		for (size_t d = 0; d < ctx->NC; d++) {
			if (d == c)
				continue;
			struct ranking rc = { root + c * NJ, rl.v + roff2[c], roff2[c + 1] - roff2[c] };
			struct ranking rd = { root + d * NJ, rl.v + roff2[d], roff2[d + 1] - roff2[d] };
			pair_rows(ctx, mn, &sm, sig2, c, d, &rc, &rd);
		}
	free(sm.sc); free(sm.noff); free(sm.nl.v); free(rl.v); free(tmp); free(sig2); free(root); free(roff2);
}

/* Prints the table on stdout (usage error with fewer than 2 runs or
 * collections; exit 2 on a write error). */
void analyse(struct rb *ctx)
{
	if (NJ < 2)
		udie("fewer than 2 runs", NULL);
	if (ctx->NC < 2)
		udie("no --against: nothing to compare with the reference", NULL);
	ctx->nprime = ctx->NP ? ctx->NP : NT;
	make_draws(ctx);
	ctx->ux = xcalloc(NJ * NJ, 1);
	ctx->uy = xcalloc(NJ * NJ, 1);
	printf("measure\tcollection\ttruth\tstatistic\tvalue\n");
	for (size_t m = 0; m < NM; m++)
		if (!is_residual(ctx->meas.s[m]))
			analyse_measure(ctx, m);
	if (fflush(stdout) || ferror(stdout))
		die("write error", NULL);
}
