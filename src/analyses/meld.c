/*
 * meld.c - --meld (see meld.h and cbeval-analyses(7), MELD): score every
 * melded sub-collection of every split and image with the one scorer's
 * measures, test every run against itself and every pair of runs across
 * L and R, and print the table.
 *
 * Work goes mf by mf and split by split.  A split is scored in parallel
 * tasks of one topic and a block of MELD_LANES images by meld_scan.h,
 * which compacts every ranking to its labelled entries once and draws the
 * image multiplicities once for all splits; the scores are those of the
 * scorer's score_topic_mult on the image with the other side's documents
 * set to 0.  The residuals are not in the table, so the measures are
 * scored without them (a private scorer whose RBP keeps its first output
 * and needs no judged spans).  The tests of a split then run in parallel
 * over images (meld_pairs.h).  Every count is a sum of whole numbers and
 * every difference lands in its own slot, so the table is the same for
 * every thread count.  At mf = 0 no label flips, so every split is split
 * 1, copied.  The quantiles of a mf are selected (their order statistics
 * alone), not sorted.
 */
#include "meld.h"
#include "meld_pairs.h"
#include "meld_scan.h"
#include "output.h"
#include "progress.h"
#include "stats.h"
#include "xalloc.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The statistics of a measure and mf, in output order. */
enum { S_SELF_N, S_SELF_P, S_PAIRS_N = S_SELF_P + 8, S_WINDOW_N,
       S_NONSUP, S_NOTSIG, S_NONSUP_ALL, S_DLR, S_DR = S_DLR + 7,
       S_N = S_DR + 7 };
static const double quant[7] = { 0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99 };

struct meld {
	const struct scorer *s;   /* &own: the scorer without residuals */
	struct scorer own;
	struct measure *mc;       /* [nm] its measures */
	struct meld_scan ms;
	const struct meld_labels *ml;
	const struct meld_opts *o;
	size_t n, J, P, m, nblk, nw;
	size_t *slot;             /* [m] the scorer slot of table measure j */
	struct meld_pairs mp;     /* the tests */
	size_t nsv;               /* splits kept: K with --images, else 1 */
	double *v;                /* [nsv][B][m][2][n][J] */
	/* the current mf and split */
	size_t mi;
	double mf;
	uint64_t split;           /* 1..K */
	size_t sv;                /* where the split's values go */
	unsigned long *cnt;       /* [nw + 1][m][MELD_C_N] (meld_pairs.h) */
	double *dlr, *dr;         /* [m][K B P] over the splits of one mf */
	double *res;              /* [m][nmf][S_N] */
	/* per worker */
	struct meld_scratch *x;
	double *tmp;              /* [nw][MELD_LANES][2][J nslots] */
	struct progress prog;
};

/* Run r's values of part part, measure j in image b of split slot sv:
 * topic t's at val(...)[t * M->J] (a topic's runs side by side, as a
 * scoring task writes them and the pairs read them). */
static double *val(const struct meld *M, size_t sv, size_t b, size_t j,
		   int part, size_t r)
{
	size_t B = M->o->B;
	return M->v + (((sv * B + b) * M->m + j) * 2 + (size_t)part) * M->J * M->n + r;
}

/* ---- scoring --------------------------------------------------------------- */

/* The melded labels of topic t in the current split. */
static void label_task(void *ctx, size_t t, unsigned w)
{
	struct meld *M = ctx;
	(void)w;
	meld_scan_meld(&M->ms, t, meld_key(M->o->seed, M->split), M->mf);
}

static void score_task(void *ctx, size_t task, unsigned w)
{
	struct meld *M = ctx;
	const struct scorer *s = M->s;
	size_t t = task / M->nblk, blk = task % M->nblk, b0 = blk * MELD_LANES;
	size_t b1 = b0 + MELD_LANES < M->o->B ? b0 + MELD_LANES : M->o->B;
	size_t block = M->J * s->nslots;
	double *tmp = M->tmp + w * 2 * MELD_LANES * block;

	meld_scan_score(&M->ms, t, blk, &M->x[w], tmp);
	for (size_t b = b0; b < b1; b++)
		for (int part = 0; part < 2; part++) {
			const double *o = tmp + ((b - b0) * 2 + (size_t)part) * block;
			for (size_t j = 0; j < M->m; j++) {
				double *v = val(M, M->sv, b, j, part, 0) + t * M->J;
				for (size_t r = 0; r < M->J; r++)
					v[r] = o[r * s->nslots + M->slot[j]];
			}
		}
	progress_add(&M->prog, b1 - b0, w == 0);
}

/* ---- tests ----------------------------------------------------------------- */

static void test_task(void *ctx, size_t b, unsigned w)
{
	struct meld *M = ctx;
	size_t KB = M->o->K * M->o->B;
	size_t cs = ((M->split - 1) * M->o->B + b) * M->P;
	for (size_t j = 0; j < M->m; j++)
		meld_pairs_image(&M->mp, val(M, M->sv, b, j, 0, 0),
				 M->cnt + (w * M->m + j) * MELD_C_N,
				 M->dlr + j * KB * M->P + cs,
				 M->dr + j * KB * M->P + cs);
}

/* ---- one mf ---------------------------------------------------------------- */

/* The quantiles of one array of differences (i = 2 j for dLR of measure
 * j, 2 j + 1 for dR) of mf number M->mi: the two order statistics each
 * needs (stats_order_stats), then stats_quantile's type 7 on them, bit
 * for bit the values of the sorted array. */
static void quant_task(void *ctx, size_t i, unsigned w)
{
	struct meld *M = ctx;
	size_t N = M->o->K * M->o->B * M->P, r[14], nr = 0;
	const double *x = (i % 2 ? M->dr : M->dlr) + (i / 2) * N;
	double *res = M->res + ((i / 2) * M->o->nmf + M->mi) * S_N +
		      (i % 2 ? S_DR : S_DLR);
	double v[14];
	(void)w;
	for (int k = 0; k < 7; k++) {
		size_t lo = (size_t)floor((double)(N - 1) * quant[k]);
		for (size_t u = lo; u <= lo + 1 && u < N; u++)
			if (nr == 0 || r[nr - 1] < u)
				r[nr++] = u;
	}
	stats_order_stats(x, N, r, nr, v);
	for (int k = 0, q = 0; k < 7; k++) {
		double h = (double)(N - 1) * quant[k];
		size_t lo = (size_t)floor(h);
		while (r[q] < lo)
			q++;
		res[k] = lo >= N - 1 ? v[q]
				     : v[q] + (h - (double)lo) * (v[q + 1] - v[q]);
	}
}

/* The statistics of mf number mi from the counts and differences. */
static void finish_mf(struct meld *M, size_t mi)
{
	size_t N = M->o->K * M->o->B * M->P;
	double selfn = (double)(M->o->K * M->o->B * M->J);
	int tests = M->n >= 2;

	M->mi = mi;
	pool_run(M->o->pool, 2 * M->m, quant_task, M);
	for (size_t j = 0; j < M->m; j++) {
		double *res = M->res + (j * M->o->nmf + mi) * S_N;
		unsigned long c[MELD_C_N];
		memset(c, 0, sizeof c);
		for (size_t w = 0; w < M->nw; w++)
			for (int k = 0; k < MELD_C_N; k++)
				c[k] += M->cnt[(w * M->m + j) * MELD_C_N + k];
		res[S_SELF_N] = selfn;
		for (int k = 0; k < 8; k++)
			res[S_SELF_P + k] = tests ? (double)c[MELD_C_LT0 + k] / selfn : NAN;
		res[S_PAIRS_N] = (double)N;
		res[S_WINDOW_N] = tests ? (double)c[MELD_C_WIN] : NAN;
		res[S_NONSUP] = tests && c[MELD_C_WIN]
			? 100.0 * (double)c[MELD_C_WIN_NONSUP] / (double)c[MELD_C_WIN] : NAN;
		res[S_NOTSIG] = tests && c[MELD_C_WIN]
			? 100.0 * (double)c[MELD_C_WIN_NOTSIG] / (double)c[MELD_C_WIN] : NAN;
		res[S_NONSUP_ALL] = tests && c[MELD_C_SIG]
			? 100.0 * (double)c[MELD_C_SIG_NONSUP] / (double)c[MELD_C_SIG] : NAN;
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
								x = v[t * M->J];
							} else {
								enum measure_agg a = scorer_slot_agg(s, M->slot[j]);
								double acc = 0;
								for (size_t u = 0; u < M->n; u++)
									acc += measure_agg_term(a, v[u * M->J]);
								x = measure_agg_finish(a, acc, M->n);
							}
							fprintf(f, "%s\t%s\t%s\t%s\t%.17g\n",
								s->runs[r].name, pre,
								t < M->n ? s->c->topic[t].qid : "all",
								s->slots[M->slot[j]].name, x);
						}
				}
}

/* Split sp of a mf at which no label flips (mf = 0): split 1 again, whose
 * values, differences and counts (the counts of worker 0 on entry) are
 * copied, not computed again. */
static void repeat_split(struct meld *M, uint64_t sp, const unsigned long *c1)
{
	size_t BP = M->o->B * M->P, KBP = M->o->K * BP;
	size_t vs = M->o->B * M->m * 2 * M->J * M->n;
	for (size_t j = 0; j < M->m; j++) {
		memcpy(M->dlr + j * KBP + (sp - 1) * BP, M->dlr + j * KBP,
		       BP * sizeof *M->dlr);
		memcpy(M->dr + j * KBP + (sp - 1) * BP, M->dr + j * KBP,
		       BP * sizeof *M->dr);
	}
	if (M->nsv > 1)
		memcpy(M->v + (sp - 1) * vs, M->v, vs * sizeof *M->v);
	for (size_t k = 0; k < M->m * MELD_C_N; k++)
		M->cnt[k] += c1[k];
	progress_add(&M->prog, M->o->B * M->n, 1);
}

static void run_mf(struct meld *M, size_t mi)
{
	unsigned long *c1 = M->cnt + M->nw * M->m * MELD_C_N;
	M->mf = M->o->mf[mi];
	memset(M->cnt, 0, M->nw * M->m * MELD_C_N * sizeof *M->cnt);
	for (uint64_t sp = 1; sp <= M->o->K; sp++) {
		M->split = sp;
		M->sv = M->nsv > 1 ? sp - 1 : 0;
		if (sp > 1 && M->mf == 0) {
			repeat_split(M, sp, c1);
			continue;
		}
		pool_run(M->o->pool, M->n, label_task, M);
		pool_run(M->o->pool, M->n * M->nblk, score_task, M);
		pool_run(M->o->pool, M->o->B, test_task, M);
		if (sp == 1) {  /* split 1's counts, summed over the workers */
			memset(c1, 0, M->m * MELD_C_N * sizeof *c1);
			for (size_t w = 0; w < M->nw; w++)
				for (size_t k = 0; k < M->m * MELD_C_N; k++)
					c1[k] += M->cnt[w * M->m * MELD_C_N + k];
		}
	}
	if (M->o->images)
		write_images(M, mi);
	finish_mf(M, mi);
}

/* ---- set-up and the table ------------------------------------------------ */

static void meld_init(struct meld *M, const struct scorer *s0,
		      const struct meld_labels *ml, const struct meld_opts *o)
{
	const struct scorer *s;
	size_t N;
	memset(M, 0, sizeof *M);
	assert(s0->pool == 0);    /* --meld takes no --pool */
	meld_scorer_init(&M->own, &M->mc, s0);
	M->s = s = &M->own;
	M->ml = ml;
	M->o = o;
	M->n = s->c->n;
	M->J = s->nruns;
	M->P = M->J * (M->J - 1) / 2;
	M->nw = pool_size(o->pool);
	M->nblk = (o->B + MELD_LANES - 1) / MELD_LANES;
	M->slot = xcalloc(s->nslots, sizeof *M->slot);
	for (size_t k = 0; k < s->nslots; k++)
		if (s->slots[k].out == 0)   /* residuals are not scores */
			M->slot[M->m++] = k;
	meld_pairs_init(&M->mp, M->n, M->J);
	M->nsv = o->images ? o->K : 1;
	M->v = xcalloc(size_mul(size_mul(size_mul(M->nsv, o->B), M->m * 2),
				size_mul(M->J, M->n)), sizeof *M->v);
	/* the workers' counts, then split 1's (run_mf) */
	M->cnt = xcalloc(size_mul(M->nw + 1, M->m * MELD_C_N), sizeof *M->cnt);
	N = size_mul(size_mul(o->K, o->B), M->P);
	M->dlr = xcalloc(size_mul(M->m, N ? N : 1), sizeof *M->dlr);
	M->dr = xcalloc(size_mul(M->m, N ? N : 1), sizeof *M->dr);
	M->res = xcalloc(size_mul(M->m, o->nmf * S_N), sizeof *M->res);
	meld_scan_init(&M->ms, s, (const uint8_t *const *)ml->lab, o->seed,
		       o->B, o->pool);
	M->x = xcalloc(M->nw, sizeof *M->x);
	for (size_t w = 0; w < M->nw; w++)
		meld_scratch_init(&M->x[w], &M->ms);
	M->tmp = xcalloc(size_mul(M->nw, 2 * MELD_LANES * M->J * s->nslots),
			 sizeof *M->tmp);
}

static void meld_release(struct meld *M)
{
	for (size_t w = 0; w < M->nw; w++)
		meld_scratch_release(&M->x[w]);
	free(M->x);
	meld_scan_release(&M->ms);
	free(M->tmp);
	free(M->slot);
	free(M->v);
	free(M->cnt);
	free(M->dlr);
	free(M->dr);
	free(M->res);
	meld_scorer_release(&M->own, M->mc);
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
				row(f, M.s->slots[M.slot[j]].name, o->mf_text[mi],
				    stat_name[k], res[k],
				    k == S_SELF_N || k == S_PAIRS_N || k == S_WINDOW_N,
				    o->decimals);
		}
	print_shares(f, &M);
	meld_release(&M);
	return ferror(f) || fflush(f) != 0 ? -1 : 0;
}
