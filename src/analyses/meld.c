/*
 * meld.c - --meld (see meld.h and cbeval-analyses(7), MELD): score every
 * melded sub-collection of every split and image with the one scorer,
 * test every run against itself and every pair of runs across L and R,
 * and print the table.
 *
 * Work goes mf by mf and split by split.  A split is scored in parallel
 * tasks of one topic and a block of images: the topic's melded labels are
 * drawn once per task, each image's multiplicities once per image, and
 * the two sub-collections are the image with the other side's documents
 * set to 0.  The tests of a split then run in parallel over images.  Every
 * count is a sum of whole numbers and every difference lands in its own
 * slot, so the table is the same for every thread count.
 *
 * p-values only matter against thresholds: t is compared with the
 * critical values of T(n-1), and p is computed (stats_t_p) only when t is
 * within 1e-6 of one, so the answer is always that of the computed p.
 */
#include "meld.h"
#include "output.h"
#include "progress.h"
#include "stats.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MELD_ZERO 1e-12   /* a mean difference this small is 0 */
#define IBLOCK 8          /* images per scoring task */

/* The thresholds of the p-values: self_p_lt_*, self_p_gt_*, the window. */
enum { T_LT0, T_LT1, T_LT2, T_LT3, T_LT4, T_LT5, T_GT0, T_GT1, T_W_LO,
       T_W_HI, T_N };
static const double thr[T_N] = { 0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 0.95,
				 0.99, 0.009, 0.011 };
#define T_SIG T_LT2       /* p < 0.05 */

/* Counts per measure (and worker). */
enum { C_LT0, C_GT0 = C_LT0 + 6, C_WIN = C_GT0 + 2, C_WIN_NONSUP,
       C_WIN_NOTSIG, C_SIG, C_SIG_NONSUP, C_N };

/* The statistics of a measure and mf, in output order. */
enum { S_SELF_N, S_SELF_P, S_PAIRS_N = S_SELF_P + 8, S_WINDOW_N,
       S_NONSUP, S_NOTSIG, S_NONSUP_ALL, S_DLR, S_DR = S_DLR + 7,
       S_N = S_DR + 7 };
static const double quant[7] = { 0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99 };

struct meld {
	const struct scorer *s;
	const struct meld_labels *ml;
	const struct meld_opts *o;
	size_t n, J, P, m, nblk, nw;
	size_t *slot;             /* [m] the scorer slot of table measure j */
	size_t *pa, *pb;          /* [P] the runs of each pair */
	double df, tc[T_N];       /* n - 1 and the critical t of each threshold */
	size_t nsv;               /* splits kept: K with --images, else 1 */
	double *v;                /* [nsv][B][m][2][J][n] */
	/* the current mf and split */
	double mf;
	uint64_t split;           /* 1..K */
	size_t sv;                /* where the split's values go */
	unsigned long *cnt;       /* [nw][m][C_N] */
	double *dlr, *dr;         /* [m][K B P] over the splits of one mf */
	double *res;              /* [m][nmf][S_N] */
	/* per worker */
	struct score_scratch *x;
	uint8_t *kb, *lab;        /* [nw][max_docs] */
	double *tmp;              /* [nw][J nslots] */
	struct progress prog;
};

static double *val(const struct meld *M, size_t sv, size_t b, size_t j,
		   int part, size_t r)
{
	size_t B = M->o->B;
	return M->v + ((((sv * B + b) * M->m + j) * 2 + (size_t)part) * M->J + r) * M->n;
}

/* ---- scoring --------------------------------------------------------------- */

static void score_task(void *ctx, size_t task, unsigned w)
{
	struct meld *M = ctx;
	const struct scorer *s = M->s;
	size_t t = task / M->nblk, b0 = (task % M->nblk) * IBLOCK;
	size_t b1 = b0 + IBLOCK < M->o->B ? b0 + IBLOCK : M->o->B;
	const struct topic *tp = &s->c->topic[t];
	const uint8_t *base = M->ml->lab[t];
	size_t md = s->max_docs ? s->max_docs : 1;
	uint8_t *kb = M->kb + w * md, *lab = M->lab + w * md;
	double *tmp = M->tmp + w * M->J * s->nslots;
	struct score_scratch *x = &M->x[w];
	uint64_t key = meld_key(M->o->seed, M->split);

	for (uint32_t d = 0; d < tp->n_docs; d++)
		lab[d] = base[d] && meld_flips(tp->hash[d], key, M->mf)
			 ? (uint8_t)(3 - base[d]) : base[d];
	for (size_t b = b0; b < b1; b++) {
		image_fill(&s->imf, M->o->seed, b + 1, tp->hash, tp->n_docs, kb);
		for (int part = 0; part < 2; part++) {
			uint8_t want = part ? MELD_R : MELD_L;
			for (uint32_t d = 0; d < tp->n_docs; d++)
				x->k[d] = lab[d] == want ? kb[d] : 0;
			score_topic_mult(s, t, x, tmp);
			for (size_t j = 0; j < M->m; j++)
				for (size_t r = 0; r < M->J; r++)
					val(M, M->sv, b, j, part, r)[t] =
						tmp[r * s->nslots + M->slot[j]];
		}
	}
	progress_add(&M->prog, b1 - b0, w == 0);
}

/* ---- tests ----------------------------------------------------------------- */

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
static int pcmp(const struct meld *M, double t, int k)
{
	double tc = M->tc[k], margin = 1e-6 * fmax(1, fabs(tc)), p;
	if (!isinf(t)) {
		if (t > tc + margin)
			return -1;
		if (t < tc - margin)
			return 1;
	}
	p = upper_p(t, M->df);
	return p < thr[k] ? -1 : p > thr[k];
}

/* The paired test of a - b over n topics: the mean difference (0 when
 * within MELD_ZERO) in *mean; returns t (0 for a zero mean, +-infinity for
 * a zero sd), or NaN when !need_t or n < 2. */
static double paired(const double *a, const double *b, size_t n, double *mean,
		     int need_t)
{
	double sum = 0, ss = 0, m, sd;
	for (size_t t = 0; t < n; t++)
		sum += a[t] - b[t];
	m = sum / (double)n;
	if (fabs(m) <= MELD_ZERO) {
		*mean = 0;
		return n < 2 ? NAN : 0;
	}
	*mean = m;
	if (!need_t || n < 2)
		return NAN;
	for (size_t t = 0; t < n; t++) {
		double e = (a[t] - b[t]) - m;
		ss += e * e;
	}
	sd = sqrt(ss / (double)(n - 1));
	if (sd == 0)
		return m > 0 ? INFINITY : -INFINITY;
	return m / (sd / sqrt((double)n));
}

static void test_task(void *ctx, size_t b, unsigned w)
{
	struct meld *M = ctx;
	size_t n = M->n, KB = M->o->K * M->o->B;
	size_t cs = ((M->split - 1) * M->o->B + b) * M->P;
	int tests = n >= 2;

	for (size_t j = 0; j < M->m; j++) {
		unsigned long *c = M->cnt + (w * M->m + j) * C_N;
		double *dlr = M->dlr + j * KB * M->P + cs;
		double *dr = M->dr + j * KB * M->P + cs;
		for (size_t r = 0; tests && r < M->J; r++) {
			double mean;
			double t = paired(val(M, M->sv, b, j, 0, r),
					  val(M, M->sv, b, j, 1, r), n, &mean, 1);
			for (int k = 0; k < 6; k++)
				c[C_LT0 + k] += pcmp(M, t, T_LT0 + k) < 0;
			for (int k = 0; k < 2; k++)
				c[C_GT0 + k] += pcmp(M, t, T_GT0 + k) > 0;
		}
		for (size_t q = 0; q < M->P; q++) {
			const double *la = val(M, M->sv, b, j, 0, M->pa[q]);
			const double *lb = val(M, M->sv, b, j, 0, M->pb[q]);
			const double *ra = val(M, M->sv, b, j, 1, M->pa[q]);
			const double *rb = val(M, M->sv, b, j, 1, M->pb[q]);
			double dL, dR, tL, tR;
			tL = paired(la, lb, n, &dL, tests);
			if (dL < 0) {   /* orient: A is the run better on L */
				const double *u = la;
				la = lb, lb = u;
				u = ra, ra = rb, rb = u;
				dL = -dL;
				tL = -tL;
			}
			paired(ra, rb, n, &dR, 0);
			dlr[q] = dL - fabs(dR);
			dr[q] = dR;
			if (!tests)
				continue;
			if (pcmp(M, tL, T_W_LO) >= 0 && pcmp(M, tL, T_W_HI) <= 0) {
				c[C_WIN]++;
				c[C_WIN_NONSUP] += dR <= 0;
				tR = paired(ra, rb, n, &dR, 1);
				c[C_WIN_NOTSIG] += pcmp(M, tR, T_SIG) >= 0;
			}
			if (pcmp(M, tL, T_SIG) < 0) {
				c[C_SIG]++;
				c[C_SIG_NONSUP] += dR <= 0;
			}
		}
	}
}

/* ---- one mf ---------------------------------------------------------------- */

static void sort_task(void *ctx, size_t i, unsigned w)
{
	struct meld *M = ctx;
	size_t N = M->o->K * M->o->B * M->P;
	double *x = (i % 2 ? M->dr : M->dlr) + (i / 2) * N;
	(void)w;
	stats_sort(x, N);
}

/* The statistics of mf number mi from the counts and differences. */
static void finish_mf(struct meld *M, size_t mi)
{
	size_t N = M->o->K * M->o->B * M->P;
	double selfn = (double)(M->o->K * M->o->B * M->J);
	int tests = M->n >= 2;

	pool_run(M->o->pool, 2 * M->m, sort_task, M);
	for (size_t j = 0; j < M->m; j++) {
		double *res = M->res + (j * M->o->nmf + mi) * S_N;
		unsigned long c[C_N];
		memset(c, 0, sizeof c);
		for (size_t w = 0; w < M->nw; w++)
			for (int k = 0; k < C_N; k++)
				c[k] += M->cnt[(w * M->m + j) * C_N + k];
		res[S_SELF_N] = selfn;
		for (int k = 0; k < 8; k++)
			res[S_SELF_P + k] = tests ? (double)c[C_LT0 + k] / selfn : NAN;
		res[S_PAIRS_N] = (double)N;
		res[S_WINDOW_N] = tests ? (double)c[C_WIN] : NAN;
		res[S_NONSUP] = tests && c[C_WIN]
			? 100.0 * (double)c[C_WIN_NONSUP] / (double)c[C_WIN] : NAN;
		res[S_NOTSIG] = tests && c[C_WIN]
			? 100.0 * (double)c[C_WIN_NOTSIG] / (double)c[C_WIN] : NAN;
		res[S_NONSUP_ALL] = tests && c[C_SIG]
			? 100.0 * (double)c[C_SIG_NONSUP] / (double)c[C_SIG] : NAN;
		for (int k = 0; k < 7; k++) {
			res[S_DLR + k] = stats_quantile(M->dlr + j * N, N, quant[k]);
			res[S_DR + k] = stats_quantile(M->dr + j * N, N, quant[k]);
		}
	}
}

/* --images: every value of mf number mi (all K splits kept). */
static void write_images(const struct meld *M, size_t mi)
{
	const struct scorer *s = M->s;
	FILE *f = M->o->images;
	const char *mft = M->o->mf_text[mi];
	for (size_t r = 0; r < M->J; r++)
		for (size_t sp = 0; sp < M->o->K; sp++)
			for (size_t b = 0; b < M->o->B; b++)
				for (int part = 0; part < 2; part++) {
					char pre[64];
					snprintf(pre, sizeof pre, "%s\t%zu\t%zu\t%c",
						 mft, sp + 1, b + 1, part ? 'R' : 'L');
					for (size_t t = 0; t <= M->n; t++)
						for (size_t j = 0; j < M->m; j++) {
							const double *v = val(M, sp, b, j, part, r);
							double x;
							if (t < M->n) {
								x = v[t];
							} else {
								enum measure_agg a = scorer_slot_agg(s, M->slot[j]);
								double acc = 0;
								for (size_t u = 0; u < M->n; u++)
									acc += measure_agg_term(a, v[u]);
								x = measure_agg_finish(a, acc, M->n);
							}
							fprintf(f, "%s\t%s\t%s\t%s\t%.17g\n",
								s->runs[r].name, pre,
								t < M->n ? s->c->topic[t].qid : "all",
								s->slots[M->slot[j]].name, x);
						}
				}
}

static void run_mf(struct meld *M, size_t mi)
{
	M->mf = M->o->mf[mi];
	memset(M->cnt, 0, M->nw * M->m * C_N * sizeof *M->cnt);
	for (uint64_t sp = 1; sp <= M->o->K; sp++) {
		M->split = sp;
		M->sv = M->nsv > 1 ? sp - 1 : 0;
		pool_run(M->o->pool, M->n * M->nblk, score_task, M);
		pool_run(M->o->pool, M->o->B, test_task, M);
	}
	if (M->o->images)
		write_images(M, mi);
	finish_mf(M, mi);
}

/* ---- set-up and the table ------------------------------------------------ */

static void meld_init(struct meld *M, const struct scorer *s,
		      const struct meld_labels *ml, const struct meld_opts *o)
{
	size_t md = s->max_docs ? s->max_docs : 1, q = 0, N;
	memset(M, 0, sizeof *M);
	M->s = s;
	M->ml = ml;
	M->o = o;
	M->n = s->c->n;
	M->J = s->nruns;
	M->P = M->J * (M->J - 1) / 2;
	M->nw = pool_size(o->pool);
	M->nblk = (o->B + IBLOCK - 1) / IBLOCK;
	M->slot = xcalloc(s->nslots, sizeof *M->slot);
	for (size_t k = 0; k < s->nslots; k++)
		if (s->slots[k].out == 0)   /* residuals are not scores */
			M->slot[M->m++] = k;
	M->pa = xcalloc(M->P ? M->P : 1, sizeof *M->pa);
	M->pb = xcalloc(M->P ? M->P : 1, sizeof *M->pb);
	for (size_t a = 0; a < M->J; a++)
		for (size_t b = a + 1; b < M->J; b++, q++) {
			M->pa[q] = a;
			M->pb[q] = b;
		}
	M->df = (double)M->n - 1;
	for (int k = 0; k < T_N && M->n >= 2; k++)
		M->tc[k] = critical_t(thr[k], M->df);
	M->nsv = o->images ? o->K : 1;
	M->v = xcalloc(size_mul(size_mul(size_mul(M->nsv, o->B), M->m * 2),
				size_mul(M->J, M->n)), sizeof *M->v);
	M->cnt = xcalloc(size_mul(M->nw, M->m * C_N), sizeof *M->cnt);
	N = size_mul(size_mul(o->K, o->B), M->P);
	M->dlr = xcalloc(size_mul(M->m, N ? N : 1), sizeof *M->dlr);
	M->dr = xcalloc(size_mul(M->m, N ? N : 1), sizeof *M->dr);
	M->res = xcalloc(size_mul(M->m, o->nmf * S_N), sizeof *M->res);
	M->x = xcalloc(M->nw, sizeof *M->x);
	for (size_t w = 0; w < M->nw; w++)
		score_scratch_init(&M->x[w], s);
	M->kb = xcalloc(M->nw, md);
	M->lab = xcalloc(M->nw, md);
	M->tmp = xcalloc(size_mul(M->nw, M->J * s->nslots), sizeof *M->tmp);
}

static void meld_release(struct meld *M)
{
	for (size_t w = 0; w < M->nw; w++)
		score_scratch_release(&M->x[w]);
	free(M->x);
	free(M->kb);
	free(M->lab);
	free(M->tmp);
	free(M->slot);
	free(M->pa);
	free(M->pb);
	free(M->v);
	free(M->cnt);
	free(M->dlr);
	free(M->dr);
	free(M->res);
}

static const char *const stat_name[S_N] = {
	"self_n", "self_p_lt_0.001", "self_p_lt_0.01", "self_p_lt_0.05",
	"self_p_lt_0.1", "self_p_lt_0.25", "self_p_lt_0.5", "self_p_gt_0.95",
	"self_p_gt_0.99", "pairs_n", "window_n", "nonsupport_pct", "notsig_pct",
	"nonsupport_all_pct", "dLR_q01", "dLR_q05", "dLR_q25", "dLR_q50",
	"dLR_q75", "dLR_q95", "dLR_q99", "dR_q01", "dR_q05", "dR_q25", "dR_q50",
	"dR_q75", "dR_q95", "dR_q99"
};

static void row(FILE *f, const char *meas, const char *mf, const char *stat,
		double v, int count, int decimals)
{
	fprintf(f, "%s\t%s\t%s", meas, mf, stat);
	if (count && !isnan(v))
		fprintf(f, "\t%.0f\n", v);
	else {
		output_num(f, v, decimals);
		fputc('\n', f);
	}
}

static double pct(unsigned long a, unsigned long b)
{
	return b ? 100.0 * (double)a / (double)b : NAN;
}

/* The rows of measure "all" for every mf, and the warning about R. */
static void print_shares(FILE *f, const struct meld *M)
{
	const struct meld_opts *o = M->o;
	unsigned long sh[MS_N];
	meld_shares(M->ml, M->s->c, o->seed, 1, 0, sh);
	if ((sh[MS_JUDGED] && pct(sh[MS_JUDGED_R], sh[MS_JUDGED]) < 5) ||
	    (sh[MS_REL] && pct(sh[MS_REL_R], sh[MS_REL]) < 5))
		warnings_add(o->warn, M->ml->where,
			     "the documents labelled R hold %.1f%% of the judgements and %.1f%% of the relevant ones: results on R rest on few judgements",
			     sh[MS_JUDGED] ? pct(sh[MS_JUDGED_R], sh[MS_JUDGED]) : 0.0,
			     sh[MS_REL] ? pct(sh[MS_REL_R], sh[MS_REL]) : 0.0);
	for (size_t mi = 0; mi < o->nmf; mi++) {
		const char *mf = o->mf_text[mi];
		meld_shares(M->ml, M->s->c, o->seed, 1, o->mf[mi], sh);
		row(f, "all", mf, "docs_L", (double)sh[MS_DOCS_L], 1, o->decimals);
		row(f, "all", mf, "docs_R", (double)sh[MS_DOCS_R], 1, o->decimals);
		row(f, "all", mf, "judged_L_pct", pct(sh[MS_JUDGED_L], sh[MS_JUDGED]), 0, o->decimals);
		row(f, "all", mf, "judged_R_pct", pct(sh[MS_JUDGED_R], sh[MS_JUDGED]), 0, o->decimals);
		row(f, "all", mf, "rel_L_pct", pct(sh[MS_REL_L], sh[MS_REL]), 0, o->decimals);
		row(f, "all", mf, "rel_R_pct", pct(sh[MS_REL_R], sh[MS_REL]), 0, o->decimals);
	}
}

int meld_print(FILE *f, const struct scorer *s, const struct meld_labels *ml,
	       const struct meld_opts *o)
{
	struct meld M;
	meld_init(&M, s, ml, o);
	if (M.n < 2)
		warnings_add(o->warn, "--meld",
			     "%zu topic: self_p_*, window_n, nonsupport_pct, notsig_pct and nonsupport_all_pct are NA",
			     M.n);
	progress_init(&M.prog, o->progress, "images",
		      (unsigned long)(o->nmf * o->K * o->B * M.n),
		      (unsigned long)M.n);
	if (o->images)
		fputs("run\tmf\tsplit\timage\tpart\tqid\tmeasure\tvalue\n",
		      o->images);
	for (size_t mi = 0; mi < o->nmf; mi++)
		run_mf(&M, mi);
	progress_end(&M.prog);
	fputs("measure\tmf\tstatistic\tvalue\n", f);
	for (size_t j = 0; j < M.m; j++)
		for (size_t mi = 0; mi < o->nmf; mi++) {
			const double *res = M.res + (j * o->nmf + mi) * S_N;
			for (int k = 0; k < S_N; k++)
				row(f, s->slots[M.slot[j]].name, o->mf_text[mi],
				    stat_name[k], res[k],
				    k == S_SELF_N || k == S_PAIRS_N || k == S_WINDOW_N,
				    o->decimals);
		}
	print_shares(f, &M);
	meld_release(&M);
	return ferror(f) || fflush(f) != 0 ? -1 : 0;
}
