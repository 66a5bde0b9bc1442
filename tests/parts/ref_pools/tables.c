/*
 * tests/parts/ref_pools/tables.c - the three tables of the reference
 * ref_pools, computed from the values of the scored images: the summary
 * (every run, over the images of all runs' pool), the pairs and the pair
 * images (every pair of runs, over the images of the pair's own pool).
 * Statistics the obvious way: left-to-right means, two-pass sd with
 * n - 1, type 7 quantiles, ranks 1 + the number of runs strictly above;
 * every value printed with %.17g (NA for NaN).
 */
#include <inttypes.h>

#include "ref_pools.h"

/* x[b] = the value of run r, topic t (NT: all), measure m in image b. */
#define SV(c, r, t, m, b) (c)->SUMV[(((r) * ((c)->NT + 1) + (t)) * MMAX + (m)) * ((c)->B + 1) + (b)]

/* The mean of x[0..n), summed left to right. */
static double mean_of(const double *x, size_t n)
{
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += x[i];
	return s / (double)n;
}

/* The two-pass sd of x[0..n) with n - 1 (NaN with n < 2). */
static double sd_of(const double *x, size_t n)
{
	double m = mean_of(x, n), s = 0;
	if (n < 2)
		return NAN;
	for (size_t i = 0; i < n; i++)
		s += (x[i] - m) * (x[i] - m);
	return sqrt(s / (double)(n - 1));
}

/* p of the paired t-test over z[0..n) (NaN with n < 2). */
static double ttest_p(const double *z, size_t n)
{
	double m, sd;
	if (n < 2)
		return NAN;
	m = mean_of(z, n);
	sd = sd_of(z, n);
	if (sd == 0)
		return m == 0 ? 1 : 0;
	return tpval(m / (sd / sqrt((double)n)), (double)n - 1);
}

/* Writes a tab and x with %.17g (NA for NaN). */
static void num(FILE *f, double x)
{
	if (isnan(x))
		fputs("\tNA", f);
	else
		fprintf(f, "\t%.17g", x);
}

/* Scores image b = 0..B of every run into ctx->SUMV. */
static void summary_values(struct pools *ctx)
{
	size_t *all = xcalloc(ctx->NR, sizeof *all);
	for (size_t i = 0; i < ctx->NR; i++)
		all[i] = i;
	for (uint64_t b = 0; b <= ctx->B; b++) {
		materialise(ctx, all, ctx->NR, b);
		double *v = score(ctx, ctx->NR);
		for (size_t r = 0; r < ctx->NR; r++)
			for (size_t t = 0; t <= ctx->NT; t++)
				for (size_t m = 0; m < ctx->NM; m++)
					SV(ctx, r, t, m, b) = VAL(v, ctx->NT, r, t, m);
		free(v);
	}
	free(all);
}

/* Writes the summary table to path (as `cbeval -q -b B --pool K`). */
void summary(struct pools *ctx, const char *path)
{
	size_t nimg = ctx->B + 1, B = ctx->B, NT = ctx->NT;
	double *x = xcalloc(nimg, sizeof *x), *rk = xcalloc(nimg, sizeof *rk);
	FILE *f = xfopen(path, "w");
	summary_values(ctx);
	fputs("run\tqid\tmeasure\troot\tmean\tbias\tsd\tci_lo\tq25\tmedian\tq75\tci_hi\t"
	      "rank\trank_min\trank_q25\trank_median\trank_q75\trank_max\n", f);
	for (size_t r = 0; r < ctx->NR; r++)
		for (size_t t = 0; t <= NT; t++)
			for (size_t m = 0; m < ctx->NM; m++) {
				for (size_t b = 0; b <= B; b++) {
					size_t above = 0;
					x[b] = SV(ctx, r, t, m, b);
					for (size_t o = 0; o < ctx->NR; o++)
						above += SV(ctx, o, t, m, b) > x[b];
					rk[b] = (double)(above + 1);
				}
				fprintf(f, "%s\t%s\t%s", ctx->RUN[r].tag, t < NT ? ctx->T[t].qid : "all",
					ctx->MNAME[m]);
				num(f, x[0]);
				num(f, mean_of(x + 1, B));
				num(f, mean_of(x + 1, B) - x[0]);
				num(f, sd_of(x + 1, B));
				qsort(x + 1, B, sizeof *x, cmp_double);
				num(f, ref_q7(x + 1, B, 0.025));
				num(f, ref_q7(x + 1, B, 0.25));
				num(f, ref_q7(x + 1, B, 0.5));
				num(f, ref_q7(x + 1, B, 0.75));
				num(f, ref_q7(x + 1, B, 0.975));
				if (is_residual(ctx->MNAME[m])) {
					fputs("\tNA\tNA\tNA\tNA\tNA\tNA\n", f);
					continue;
				}
				num(f, rk[0]);
				qsort(rk + 1, B, sizeof *rk, cmp_double);
				num(f, rk[1]);
				num(f, ref_q7(rk + 1, B, 0.25));
				num(f, ref_q7(rk + 1, B, 0.5));
				num(f, ref_q7(rk + 1, B, 0.75));
				num(f, rk[B]);
				fputc('\n', f);
			}
	if (ferror(f) || fclose(f))
		die("write error", path);
	free(x);
	free(rk);
}

/* One row of the pairs table from d[0..B] (p_root, p[1..B]: NaN in the
 * per-topic rows). */
static void pair_row(FILE *f, size_t B, const char *a, const char *c, const char *m,
		     const char *qid, const double *d, const double *p)
{
	double *x = xcalloc(B, sizeof *x);
	size_t gt = 0, eq = 0, lt = 0;
	fprintf(f, "%s\t%s\t%s\t%s", a, c, m, qid);
	num(f, d[0]);
	memcpy(x, d + 1, B * sizeof *x);
	num(f, mean_of(x, B));
	num(f, mean_of(x, B) - d[0]);
	num(f, sd_of(x, B));
	qsort(x, B, sizeof *x, cmp_double);
	num(f, ref_q7(x, B, 0.025));
	num(f, ref_q7(x, B, 0.975));
	for (size_t b = 1; b <= B; b++) {
		gt += d[b] > 0;
		eq += d[b] == 0;
	}
	num(f, (double)gt / (double)B);
	num(f, (double)eq / (double)B);
	if (!p || isnan(p[0])) {
		fputs("\tNA\tNA\tNA\n", f);
	} else {
		num(f, p[0]);
		memcpy(x, p + 1, B * sizeof *x);
		for (size_t b = 0; b < B; b++)
			lt += x[b] < 0.05;
		qsort(x, B, sizeof *x, cmp_double);
		num(f, ref_q7(x, B, 0.5));
		num(f, (double)lt / (double)B);
		fputc('\n', f);
	}
	free(x);
}

/* The scratch of one pair of runs: pv[side][t][m][b] as PV reads it, and
 * per image the difference d, the p of the t-test and the topics' z. */
struct pair {
	size_t a, c, nimg;
	double *pv, *d, *p, *z;
};

#define PV(pr, nt, s, t, m, b) (pr)->pv[(((s) * ((nt) + 1) + (t)) * MMAX + (m)) * (pr)->nimg + (b)]

/* Scores image b = 0..B of the pair's runs into pr->pv. */
static void pair_values(struct pools *ctx, struct pair *pr)
{
	size_t two[2] = { pr->a, pr->c }, NT = ctx->NT;
	for (uint64_t b = 0; b <= ctx->B; b++) {
		materialise(ctx, two, 2, b);
		double *v = score(ctx, 2);
		for (size_t s = 0; s < 2; s++)
			for (size_t t = 0; t <= NT; t++)
				for (size_t m = 0; m < ctx->NM; m++)
					PV(pr, NT, s, t, m, b) = VAL(v, NT, s, t, m);
		free(v);
	}
}

/* The rows of the pair pr on measure m: per topic and "all", to the pairs
 * table f and the pair images table g. */
static void pair_measure(const struct pools *ctx, struct pair *pr, size_t m, FILE *f, FILE *g)
{
	size_t NT = ctx->NT, B = ctx->B;
	const char *ta = ctx->RUN[pr->a].tag, *tc = ctx->RUN[pr->c].tag, *mn = ctx->MNAME[m];
	double *d = pr->d, *p = pr->p, *z = pr->z;
	for (size_t t = 0; t < NT; t++) {
		for (size_t b = 0; b <= B; b++) {
			d[b] = PV(pr, NT, 0, t, m, b) - PV(pr, NT, 1, t, m, b);
			fprintf(g, "%s\t%s\t%s\t%s\t%" PRIu64, ta, tc, mn, ctx->T[t].qid,
				(uint64_t)b);
			num(g, d[b]);
			fputs("\tNA\n", g);
		}
		pair_row(f, B, ta, tc, mn, ctx->T[t].qid, d, NULL);
	}
	for (size_t b = 0; b <= B; b++) {
		d[b] = PV(pr, NT, 0, NT, m, b) - PV(pr, NT, 1, NT, m, b);
		for (size_t t = 0; t < NT; t++)
			z[t] = PV(pr, NT, 0, t, m, b) - PV(pr, NT, 1, t, m, b);
		p[b] = ttest_p(z, NT);
		fprintf(g, "%s\t%s\t%s\tall\t%" PRIu64, ta, tc, mn, (uint64_t)b);
		num(g, d[b]);
		num(g, p[b]);
		fputc('\n', g);
	}
	pair_row(f, B, ta, tc, mn, "all", d, p);
}

/* Writes the pairs table to ppath and the pair images to ipath (as
 * `--pairs -q` and `--pair-images`). */
void pairs(struct pools *ctx, const char *ppath, const char *ipath)
{
	struct pair pr = { .nimg = ctx->B + 1 };
	FILE *f = xfopen(ppath, "w"), *g = xfopen(ipath, "w");
	pr.pv = xcalloc(2 * (ctx->NT + 1) * MMAX * pr.nimg, sizeof *pr.pv);
	pr.d = xcalloc(pr.nimg, sizeof *pr.d);
	pr.p = xcalloc(pr.nimg, sizeof *pr.p);
	pr.z = xcalloc(ctx->NT + 1, sizeof *pr.z);
	fputs("runA\trunB\tmeasure\tqid\troot_diff\tmean\tbias\tsd\tci_lo\tci_hi\t"
	      "p_gt\tp_eq\troot_p\tp_median\tp_lt05\n", f);
	fputs("runA\trunB\tmeasure\tqid\timage\tdiff\tp\n", g);
	for (pr.a = 0; pr.a < ctx->NR; pr.a++)
		for (pr.c = pr.a + 1; pr.c < ctx->NR; pr.c++) {
			pair_values(ctx, &pr);
			for (size_t m = 0; m < ctx->NM; m++)
				pair_measure(ctx, &pr, m, f, g);
		}
	if (ferror(f) || fclose(f))
		die("write error", ppath);
	if (ferror(g) || fclose(g))
		die("write error", ipath);
	free(pr.pv);
	free(pr.d);
	free(pr.p);
	free(pr.z);
}
