/*
 * pairs.c - --pairs and --pair-images (see compare.h): every pair of runs
 * compared over the images, from the kept images of the bootstrap or,
 * with --pool, from each pair's own pool (pairpool.h).
 *
 * Cost notes.  Per-image paired t-tests (moments.h): only |t| is computed
 * per image (8 images to a vector where the processor has AVX-512); the
 * median p over images is p at the median |t| (p falls as |t| grows), and
 * "p < 0.05" is decided against the critical |t|, with the p-value itself
 * computed near that boundary (every p is computed only for
 * --pair-images).  Differences are computed as needed from the kept
 * images and never stored; under pair pools a batch keeps what the
 * statistics read (pairpool.h), the per-topic differences only with -q.
 */
#include "compare.h"
#include "moments.h"
#include "outline.h"
#include "output.h"
#include "pairpool.h"
#include "pool.h"
#include "progress.h"
#include "stats.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the values of a pair ----------------------------------------------- */

enum { PC_ROOT, PC_MEAN, PC_BIAS, PC_SD, PC_LO, PC_HI, PC_GT, PC_EQ, PC_ROOTP,
       PC_PMED, PC_PLT05, PC_N };

struct pair_job {
	const struct scorer *s;
	const struct boot_result *br;   /* the kept images, or NULL */
	const struct pairpool *pp;      /* each pair's pool (--pool), or NULL */
	const struct compare_opts *o;
	size_t *pa, *pb;        /* the pairs of this batch */
	size_t rows_per_pair;   /* nslots * (1 + ntopics with -q) */
	double *rows;           /* [pair in batch][row][PC_N] */
	double *pimg;           /* [pair in batch][slot][B+1]: the t-test's p
				   in every image (--pair-images), or NULL */
	double *scratch;        /* per worker: 6 * (B + 1) doubles */
	double tc;              /* critical |t| for df = topics - 1 */
	/* Without pair pools, the t-tests' inputs of slot k for the whole
	 * batch, computed run by run (moments_task) before the pairs: */
	size_t k;               /* the slot */
	double *mz, *mss;       /* [pair in batch][B+1] mean, sum of squares */
	size_t *byc, *cbase;    /* the batch's pairs by second run: those with
				   run C are byc[cbase[C] .. cbase[C+1]) */
	int wide;               /* moments_wide() */
	struct progress prog;   /* pairs done (and pair-topics scored) */
};

/* The difference A - B of pair i of the batch on topic t in slot k,
 * images 0..B, into buf: from the pair's pool (with -q), or from the kept
 * images (their two rows read into tmp, 2 (B + 1) doubles). */
static const double *topic_diff(const struct pair_job *j, size_t i, size_t k,
				size_t t, double *buf, double *tmp)
{
	size_t nimg = j->o->B + 1, nt = j->s->c->n, S = j->s->nruns;
	if (j->pp) {
		pairpool_z(j->pp, i, k, t, buf);
		return buf;
	}
	boot_full_row(j->br->full, nt, S, nimg, k, t, j->pa[i], tmp);
	boot_full_row(j->br->full, nt, S, nimg, k, t, j->pb[i], tmp + nimg);
	for (size_t b = 0; b < nimg; b++)
		buf[b] = tmp[b] - tmp[nimg + b];
	return buf;
}

/* The difference of the per-system scores of pair i in slot k, images
 * 0..B, into d (which holds 2 (B + 1) doubles). */
static void sys_diff(const struct pair_job *j, size_t i, size_t k, double *d)
{
	size_t nimg = j->o->B + 1, ns = j->s->nslots;
	if (j->pp) {
		/* d holds A's scores, d[nimg..] B's, then the difference */
		pairpool_acc(j->pp, i, PP_SYS_A, k, d);
		pairpool_acc(j->pp, i, PP_SYS_B, k, d + nimg);
		for (size_t b = 0; b < nimg; b++)
			d[b] -= d[nimg + b];
	} else {
		const double *a = j->br->sys + (j->pa[i] * ns + k) * nimg;
		const double *c = j->br->sys + (j->pb[i] * ns + k) * nimg;
		for (size_t b = 0; b < nimg; b++)
			d[b] = a[b] - c[b];
	}
}

/* The paired t-test's inputs of pair i in slot k, images 0..B: the mean
 * sz and the sum of squared deviations ss of the per-topic differences,
 * as moments_task computed them, or as the pair's pool accumulated them
 * topic by topic. */
static void diff_moments(const struct pair_job *j, size_t i, size_t k,
			 const double **sz, const double **ss, double *buf)
{
	size_t nimg = j->o->B + 1;
	if (j->pp) {
		pairpool_acc(j->pp, i, PP_MEAN, k, buf);
		pairpool_acc(j->pp, i, PP_SS, k, buf + nimg);
		*sz = buf;
		*ss = buf + nimg;
		return;
	}
	*sz = j->mz + i * nimg;
	*ss = j->mss + i * nimg;
}

/* The mean and the sum of squared deviations of the per-topic
 * differences of every pair of the batch over the kept images' block
 * task (BOOT_FULL_BLOCK images).  Each pair's sums run over the topics
 * in topic order, as for the pair by itself (moments_pair), the pairs
 * four at a time where they share the second run (moments_pairs, byc
 * holding them together).  A run's values of the block in every topic
 * are together in the kept images, and aligned (boot.h): when a run's
 * row of one topic was a megabyte from its row of the next, on a page
 * of its own, and split across cache lines, the misses of the address
 * translation and the split loads, not the arithmetic, were the cost
 * (--pairs -b 1000 on the bench collection, 2 threads, this step's wall
 * time: 1.33-1.54 s; with the rows copied into such blocks first,
 * 0.82-0.96 s; read where they are, 0.69-0.73 s). */
static void moments_task(void *ctx, size_t task, unsigned w)
{
	struct pair_job *j = ctx;
	size_t nimg = j->o->B + 1, nt = j->s->c->n, S = j->s->nruns;
	size_t b0 = task * BOOT_FULL_BLOCK;
	size_t m = nimg - b0 < BOOT_FULL_BLOCK ? nimg - b0 : BOOT_FULL_BLOCK;
	const double *v = j->br->full +
			  boot_full_at(nt, S, nimg, j->k, 0, 0, b0);
	const size_t run_len = nt * BOOT_FULL_BLOCK;   /* a run's doubles */
	(void)w;
	for (size_t q = 0; q < j->cbase[S];) {
		size_t C = j->pb[j->byc[q]], g = 0;
		double *z[4], *ss[4];
		const double *a[4];
		for (; g < 4 && q < j->cbase[S] && j->pb[j->byc[q]] == C;
		     g++, q++) {
			size_t i = j->byc[q];
			z[g] = j->mz + i * nimg + b0;
			ss[g] = j->mss + i * nimg + b0;
			a[g] = v + j->pa[i] * run_len;
		}
		moments_pairs(j->wide, g, z, ss, a, v + C * run_len,
			      BOOT_FULL_BLOCK, nt, m);
	}
}

/* Index the n pairs of the batch by their second run (byc, cbase), in
 * batch order within a run: a counting sort. */
static void index_by_c(struct pair_job *j, size_t n)
{
	size_t S = j->s->nruns;
	memset(j->cbase, 0, (S + 1) * sizeof *j->cbase);
	for (size_t i = 0; i < n; i++)
		j->cbase[j->pb[i] + 1]++;
	for (size_t C = 0; C < S; C++)        /* cbase[C]: start of C's */
		j->cbase[C + 1] += j->cbase[C];
	for (size_t i = 0; i < n; i++)        /* cbase[C]: end of C's */
		j->byc[j->cbase[j->pb[i]]++] = i;
	for (size_t C = S; C > 0; C--)        /* back to the starts */
		j->cbase[C] = j->cbase[C - 1];
	j->cbase[0] = 0;
}

/* ---- the statistics ----------------------------------------------------- */

/* Statistics of d[0..B] (d[0] = root) into row: root, mean, bias, sd,
 * 95% interval by method ci, fractions of images above and at 0; x is
 * scratch. */
static void diff_stats(const double *d, unsigned long B, enum ci_method ci,
		       double *x, double *row)
{
	unsigned long gt = 0, eq = 0;
	double alo, ahi;
	row[PC_ROOT] = d[0];
	row[PC_MEAN] = stats_mean(d + 1, B);
	row[PC_BIAS] = row[PC_MEAN] - d[0];
	row[PC_SD] = stats_sd(d + 1, B, row[PC_MEAN]);
	for (unsigned long b = 1; b <= B; b++) {
		gt += d[b] > 0;
		eq += d[b] == 0;
	}
	/* the interval from the tails, without copying or reordering */
	if (ci_levels(ci, d + 1, B, d[0], &alo, &ahi) != 0)
		row[PC_LO] = row[PC_HI] = NAN;
	else
		ci_finish(ci, d[0], stats_quantile_tail(d + 1, B, alo, x),
			  stats_quantile_tail(d + 1, B, ahi, x),
			  &row[PC_LO], &row[PC_HI]);
	row[PC_GT] = (double)gt / (double)B;
	row[PC_EQ] = (double)eq / (double)B;
	row[PC_ROOTP] = row[PC_PMED] = row[PC_PLT05] = NAN;
}

/* The paired t-tests of the system row: root_p, and over images 1..B the
 * median p and the fraction below 0.05, from each image's mean sz[b] and
 * sum of squared deviations ss[b] of the per-topic differences; u is
 * scratch for B doubles. */
static void t_tests(const struct pair_job *j, const double *sz,
		    const double *ss, double *u, double *sys_row)
{
	size_t nt = j->s->c->n;
	unsigned long B = j->o->B, lt = 0;
	double df = (double)nt - 1, h = (double)(B - 1) * 0.5, p0, p1;
	double rn = sqrt((double)nt);
	size_t lo;
	sys_row[PC_ROOTP] = stats_t_p(moments_t(sz[0], ss[0], nt, rn), df);
	lt = moments_t_abs(j->wide, sz, ss, nt, j->tc, B, u);
	sys_row[PC_PLT05] = (double)lt / (double)B;
	/* p ascending is |t| descending: the type-7 median of p, from the
	 * |t| of ranks B-1-lo and B-2-lo (ascending), found by selection */
	lo = (size_t)floor(h);
	if (lo + 1 < B) {
		double t1, t0 = 0;
		t1 = stats_select(u, B, 0, B - 2 - lo, &t0);
		p0 = stats_t_p(t0, df);
		p1 = stats_t_p(t1, df);
	} else {
		p0 = p1 = stats_t_p(stats_select(u, B, 0, B - 1 - lo, NULL), df);
	}
	sys_row[PC_PMED] = p0 + (h - (double)lo) * (p1 - p0);
}

/* Pair i of the batch in slot j->k: its rows (with -q one per topic,
 * then the system row), and with --pair-images its p in every image. */
static void pair_task(void *ctx, size_t i, unsigned w)
{
	struct pair_job *j = ctx;
	const struct scorer *s = j->s;
	unsigned long B = j->o->B;
	size_t nimg = B + 1, ns = s->nslots, nt = s->c->n, k = j->k;
	size_t nrow = j->o->per_topic ? nt + 1 : 1;
	double *x = j->scratch + (size_t)w * 6 * nimg;
	double *d = x + nimg, *buf = d + 2 * nimg, *u = buf + 2 * nimg;
	double *row = j->rows + (i * j->rows_per_pair + k * nrow) * PC_N;
	const double *sz, *ss;

	sys_diff(j, i, k, d);
	for (size_t t = 0; j->o->per_topic && t < nt; t++) {
		diff_stats(topic_diff(j, i, k, t, u, buf), B, j->o->ci, x, row);
		row += PC_N;
	}
	diff_stats(d, B, j->o->ci, x, row);
	diff_moments(j, i, k, &sz, &ss, buf);
	if (j->pimg) {
		double rn = sqrt((double)nt);
		for (size_t b = 0; b < nimg; b++)
			j->pimg[(i * ns + k) * nimg + b] =
				nt < 2 ? NAN : stats_t_p(moments_t(sz[b], ss[b], nt, rn),
							 (double)nt - 1);
	}
	if (nt >= 2)
		t_tests(j, sz, ss, u, row);
	if (k + 1 == ns)
		progress_add(&j->prog, 1, w == 0);
}

/* ---- printing ----------------------------------------------------------- */

/* The --pairs rows of the n pairs of the batch. */
static void print_rows(FILE *f, const struct pair_job *j, size_t n)
{
	const struct scorer *s = j->s;
	size_t ns = s->nslots, nt = s->c->n;
	int dec = j->o->decimals;
	for (size_t i = 0; i < n; i++) {
		const double *row = j->rows + i * j->rows_per_pair * PC_N;
		for (size_t k = 0; k < ns; k++) {
			size_t nrow = j->o->per_topic ? nt + 1 : 1;
			for (size_t q = 0; q < nrow; q++, row += PC_N) {
				struct outline l;
				outline_init(&l, f);
				outline_str(&l, s->runs[j->pa[i]].name);
				outline_char(&l, '\t');
				outline_str(&l, s->runs[j->pb[i]].name);
				outline_char(&l, '\t');
				outline_str(&l, s->slots[k].name);
				outline_char(&l, '\t');
				outline_str(&l, q < nrow - 1 ? s->c->topic[q].qid : "all");
				for (int c = PC_ROOT; c <= PC_EQ; c++)
					outline_num(&l, row[c], dec);
				outline_p(&l, row[PC_ROOTP], dec);
				outline_p(&l, row[PC_PMED], dec);
				outline_num(&l, row[PC_PLT05], dec);
				outline_end(&l);
			}
		}
	}
}

/* One --pair-images row: value and p as %.17g, NaN as NA. */
static void image_row(FILE *f, const struct pair_job *j, size_t i, size_t k,
		      const char *qid, size_t b, double diff, double p)
{
	const struct scorer *s = j->s;
	fprintf(f, "%s\t%s\t%s\t%s\t%zu\t%.17g\t", s->runs[j->pa[i]].name,
		s->runs[j->pb[i]].name, s->slots[k].name, qid, b, diff);
	if (isnan(p))
		fputs("NA\n", f);
	else
		fprintf(f, "%.17g\n", p);
}

/* The --pair-images rows of the n pairs of the batch: per pair and slot,
 * (with -q) each topic's differences with p NA, then the per-system
 * differences with the t-test's p, images 0..B.  buf holds 3 (B + 1). */
static void print_images(FILE *f, const struct pair_job *j, size_t n,
			 double *buf)
{
	const struct scorer *s = j->s;
	size_t ns = s->nslots, nt = s->c->n, nimg = j->o->B + 1;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < ns; k++) {
			const double *p = j->pimg + (i * ns + k) * nimg;
			for (size_t t = 0; j->o->per_topic && t < nt; t++) {
				const double *z = topic_diff(j, i, k, t, buf,
							     buf + nimg);
				for (size_t b = 0; b < nimg; b++)
					image_row(f, j, i, k, s->c->topic[t].qid,
						  b, z[b], NAN);
			}
			sys_diff(j, i, k, buf);
			for (size_t b = 0; b < nimg; b++)
				image_row(f, j, i, k, "all", b, buf[b], p[b]);
		}
}

/* The rows of the --svg figure for the n pairs of the batch (of npairs in
 * all): the first slot's per-system differences and p, image 0 and, of
 * images 1..B, every k-th (compare.h).  buf holds B + 1. */
static void print_fig(FILE *f, const struct pair_job *j, size_t n,
		      size_t npairs, double *buf)
{
	size_t nimg = j->o->B + 1, ns = j->s->nslots;
	double dots = (double)npairs * (double)j->o->B;
	size_t every = dots > COMPARE_FIG_DOTS
		? (size_t)ceil(dots / COMPARE_FIG_DOTS) : 1;
	for (size_t i = 0; i < n; i++) {
		const double *p = j->pimg + i * ns * nimg;
		sys_diff(j, i, 0, buf);
		for (size_t b = 0; b < nimg; b++)
			if (b == 0 || (b - 1) % every == 0)
				image_row(f, j, i, 0, "all", b, buf[b], p[b]);
	}
}

/* ---- the table ---------------------------------------------------------- */

/* Set up j for the pairs of s in batches (pp is the pair pools' state
 * under --pool); returns the batch size.  pair_job_release frees. */
static size_t pair_job_init(struct pair_job *j, const struct scorer *s,
			    const struct boot_result *br,
			    const struct compare_opts *o, struct pairpool *pp)
{
	size_t S = s->nruns, nt = s->c->n, ns = s->nslots, nimg = o->B + 1;
	size_t npairs = S * (S - (S > 0)) / 2, batch;
	memset(j, 0, sizeof *j);
	j->s = s;
	j->o = o;
	j->wide = moments_wide();
	if (s->pool) {
		batch = pairpool_batch(s, o->B, npairs, o->per_topic);
		pairpool_init(pp, s, o->B, batch, o->per_topic);
		j->pp = pp;
		progress_init(&j->prog, o->progress, "pairs",
			      (unsigned long)(npairs * (nt + 1)),
			      (unsigned long)(nt + 1));
	} else {
		/* pairs of about 8 first runs: moments_task reads each second
		 * run's values once for 8 pairs */
		batch = 8 * S > 256 ? 8 * S : 256;
		j->br = br;
		j->mz = xcalloc(size_mul(batch, nimg), sizeof *j->mz);
		j->mss = xcalloc(size_mul(batch, nimg), sizeof *j->mss);
		j->byc = xcalloc(batch, sizeof *j->byc);
		j->cbase = xcalloc(S + 1, sizeof *j->cbase);
		progress_init(&j->prog, o->progress, "pairs", (unsigned long)npairs, 1);
	}
	j->rows_per_pair = ns * (1 + (o->per_topic ? nt : 0));
	j->pa = xcalloc(batch, sizeof *j->pa);
	j->pb = xcalloc(batch, sizeof *j->pb);
	j->rows = xcalloc(size_mul(batch, j->rows_per_pair * PC_N), sizeof *j->rows);
	if (o->pair_images || o->pair_fig)
		j->pimg = xcalloc(size_mul(size_mul(batch, ns), nimg), sizeof *j->pimg);
	j->scratch = xcalloc(size_mul(pool_size(o->pool), 6 * nimg), sizeof *j->scratch);
	j->tc = nt >= 2 ? moments_t_critical((double)nt - 1) : 0;
	return batch;
}

static void pair_job_release(struct pair_job *j, struct pairpool *pp)
{
	progress_end(&j->prog);
	if (j->pp)
		pairpool_release(pp);
	free(j->pa);
	free(j->pb);
	free(j->rows);
	free(j->pimg);
	free(j->scratch);
	free(j->mz);
	free(j->mss);
	free(j->byc);
	free(j->cbase);
}

/* The n pairs of j's batch, slot by slot: their moments (without pair
 * pools; with them, pp scores the pairs first), then each pair's
 * statistics. */
static void pair_batch(struct pair_job *j, struct pairpool *pp, size_t n)
{
	size_t nimg = j->o->B + 1;
	if (j->pp)
		pairpool_score(pp, j->pa, j->pb, n, j->o->pool, &j->prog);
	else
		index_by_c(j, n);
	for (j->k = 0; j->k < j->s->nslots; j->k++) {
		if (!j->pp)
			pool_run(j->o->pool,
				 (nimg + BOOT_FULL_BLOCK - 1) / BOOT_FULL_BLOCK,
				 moments_task, j);
		pool_run(j->o->pool, n, pair_task, j);
	}
}

int compare_pairs(FILE *f, const struct scorer *s, const struct boot_result *br,
		  const struct compare_opts *o)
{
	size_t S = s->nruns, npairs = S * (S - (S > 0)) / 2, done = 0, A = 0, C = 1;
	struct pairpool pp;
	struct pair_job j;
	size_t batch = pair_job_init(&j, s, br, o, &pp);
	int rc = 0;

	/* The qid column is there with and without -q, so that the columns
	 * keep their numbers; without -q it holds "all". */
	fputs("runA\trunB\tmeasure\tqid\troot_diff\tmean\tbias\tsd\tci_lo\tci_hi\t"
	      "p_gt\tp_eq\troot_p\tp_median\tp_lt05\n", f);
	if (o->pair_images)
		fputs("runA\trunB\tmeasure\tqid\timage\tdiff\tp\n", o->pair_images);
	if (o->pair_fig)
		fputs("runA\trunB\tmeasure\tqid\timage\tdiff\tp\n", o->pair_fig);
	while (done < npairs) {
		size_t n = 0;
		for (; n < batch && done + n < npairs; n++) {
			j.pa[n] = A;
			j.pb[n] = C;
			if (++C == S) {
				A++;
				C = A + 1;
			}
		}
		pair_batch(&j, &pp, n);
		print_rows(f, &j, n);
		if (o->pair_images)
			print_images(o->pair_images, &j, n, j.scratch);
		if (o->pair_fig)
			print_fig(o->pair_fig, &j, n, npairs, j.scratch);
		done += n;
	}
	if (fflush(f) != 0 || ferror(f))
		rc = -1;
	pair_job_release(&j, &pp);
	return rc;
}
