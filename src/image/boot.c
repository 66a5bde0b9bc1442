/*
 * boot.c - bootstrap driver and summaries (see boot.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "boot.h"
#include "imgfile.h"
#include "pool.h"
#include "progress.h"
#include "stats.h"
#include "xalloc.h"

#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* ---- summaries ---------------------------------------------------------- */

struct sum_job {
	const double *v;        /* [cell][B+1] */
	double *rank;           /* [cell][B+1] */
	double *rows;           /* [cell][ST_N] */
	size_t nruns, nslots;
	unsigned long B;
	enum ci_method ci;
	size_t chunk;           /* images per rank task */
	double *scratch;        /* per worker: max(B, 2 * nruns) doubles */
	size_t scratch_n;
	size_t *count;          /* per worker: nruns + 1 (stats_sort_whole) */
	uint64_t *keys;         /* per worker: 2B (stats_sort_radix) */
};

/* Ranks of the runs in images [b0, b1) of slot k. */
static void rank_task(void *ctx, size_t task, unsigned w)
{
	struct sum_job *j = ctx;
	size_t nimg = j->B + 1, per = (nimg + j->chunk - 1) / j->chunk;
	size_t k = task / per, b0 = (task % per) * j->chunk;
	size_t b1 = b0 + j->chunk < nimg ? b0 + j->chunk : nimg;
	double *val = j->scratch + (size_t)w * j->scratch_n;
	double *rk = val + j->nruns, *tmp = rk + j->nruns;
	for (size_t b = b0; b < b1; b++) {
		for (size_t r = 0; r < j->nruns; r++)
			val[r] = j->v[(r * j->nslots + k) * nimg + b];
		stats_ranks(val, j->nruns, rk, tmp);
		for (size_t r = 0; r < j->nruns; r++)
			j->rank[(r * j->nslots + k) * nimg + b] = rk[r];
	}
}

/* Statistics of one cell over images 1..B. */
static void cell_task(void *ctx, size_t cell, unsigned w)
{
	struct sum_job *j = ctx;
	size_t nimg = j->B + 1, B = j->B;
	const double *v = j->v + cell * nimg, *rk = j->rank + cell * nimg;
	double *x = j->scratch + (size_t)w * j->scratch_n;
	double *row = j->rows + cell * ST_N;

	double alo, ahi;

	row[ST_ROOT] = v[0];
	memcpy(x, v + 1, B * sizeof *x);
	row[ST_MEAN] = stats_mean(x, B);
	row[ST_BIAS] = row[ST_MEAN] - v[0];
	row[ST_SD] = stats_sd(x, B, row[ST_MEAN]);
	if (ci_levels(j->ci, x, B, v[0], &alo, &ahi) != 0)
		alo = ahi = NAN;
	stats_sort_radix(x, B, j->keys + (size_t)w * 2 * B);
	row[ST_Q25] = stats_quantile(x, B, 0.25);
	row[ST_MEDIAN] = stats_quantile(x, B, 0.5);
	row[ST_Q75] = stats_quantile(x, B, 0.75);
	if (isnan(alo))
		row[ST_CI_LO] = row[ST_CI_HI] = NAN;
	else
		ci_finish(j->ci, v[0], stats_quantile(x, B, alo),
			  stats_quantile(x, B, ahi), &row[ST_CI_LO],
			  &row[ST_CI_HI]);

	row[ST_RANK] = rk[0];
	memcpy(x, rk + 1, B * sizeof *x);
	if (stats_sort_whole(x, B, j->nruns, j->count + (size_t)w * (j->nruns + 1)) != 0)
		stats_sort(x, B);
	row[ST_RANK_MIN] = x[0];
	row[ST_RANK_Q25] = stats_quantile(x, B, 0.25);
	row[ST_RANK_MEDIAN] = stats_quantile(x, B, 0.5);
	row[ST_RANK_Q75] = stats_quantile(x, B, 0.75);
	row[ST_RANK_MAX] = x[B - 1];
}

void boot_summarise(const double *v, size_t nruns, size_t nslots,
		    unsigned long B, enum ci_method ci, struct pool *pool,
		    double *rows)
{
	unsigned nthreads = pool_size(pool);
	struct sum_job j;
	size_t nimg = B + 1, cells = nruns * nslots, per;
	j.v = v;
	j.rows = rows;
	j.nruns = nruns;
	j.nslots = nslots;
	j.B = B;
	j.ci = ci;
	j.rank = xcalloc(size_mul(cells, nimg), sizeof *j.rank);
	j.chunk = 64;
	j.scratch_n = B > 3 * nruns ? B : 3 * nruns;
	j.scratch = xcalloc(size_mul(nthreads, j.scratch_n), sizeof *j.scratch);
	j.count = xcalloc(size_mul(nthreads, nruns + 1), sizeof *j.count);
	j.keys = xcalloc(size_mul(size_mul(nthreads, B), 2), sizeof *j.keys);
	per = (nimg + j.chunk - 1) / j.chunk;
	pool_run(pool, nslots * per, rank_task, &j);
	pool_run(pool, cells, cell_task, &j);
	free(j.rank);
	free(j.scratch);
	free(j.count);
	free(j.keys);
}

/* ---- the image loop ----------------------------------------------------- */

struct img_job {
	const struct scorer *s;
	size_t topic;
	unsigned long B;
	unsigned long first;        /* the image of block index 1 (a range) */
	size_t chunk;
	struct score_scratch *x;    /* per worker */
	double *tmp;                /* per worker: nruns * nslots */
	double *v;                  /* [run][slot][B+1], or NULL when no
				       one reads a topic's values */
	double *full;               /* the kept values (boot_result.full),
				       written here too, or NULL */
	double *sumT;               /* [image][run][slot]: the terms of the
				       aggregates over topics (measure_agg_term),
				       added topic after topic, or NULL */
	enum measure_agg *agg;      /* [slot] */
	int terms_plain;            /* no slot's agg is geometric: every
				       measure_agg_term is the value */
	struct progress *progress;  /* counts topic-images of images 1..B */
	size_t nchunks;             /* chunks of images per topic */
	atomic_size_t *topics_done; /* [chunk]: topics done (img_all_task) */
};

/* Chunk number task (of j->chunk images) of topic t: its images scored, and
 * their values passed on (v, the sums over topics, the kept values). */
static void img_chunk(struct img_job *j, size_t t, size_t task, unsigned w);

static void img_task(void *ctx, size_t task, unsigned w)
{
	struct img_job *j = ctx;
	img_chunk(j, j->topic, task, w);
}

/* Task i of all topics at once, topic i / nchunks, chunk i % nchunks:
 * where no topic's values are read, only their sums over topics.  A
 * chunk's sums must take the topics in order, one worker at a time, so
 * the task waits until its chunk's previous topic is done; the pool hands
 * the tasks out in order, so that one was handed out before and needs
 * nothing from this one, and the wait is short and rare (a worker
 * ahead of the other by a whole topic).  No barrier between topics. */
static void img_all_task(void *ctx, size_t i, unsigned w)
{
	struct img_job *j = ctx;
	size_t t = i / j->nchunks, c = i % j->nchunks;
	while (atomic_load_explicit(&j->topics_done[c], memory_order_acquire) < t)
		sched_yield();
	img_chunk(j, t, c, w);
	atomic_store_explicit(&j->topics_done[c], t + 1, memory_order_release);
}

/* The nt topics' images, all in one pool call (img_all_task). */
static void img_all_topics(struct img_job *j, size_t nt, size_t nimg,
			   struct pool *pool)
{
	j->nchunks = (nimg + j->chunk - 1) / j->chunk;
	j->topics_done = xcalloc(j->nchunks, sizeof *j->topics_done);
	for (size_t c = 0; c < j->nchunks; c++)
		atomic_init(&j->topics_done[c], 0);
	pool_run(pool, size_mul(nt, j->nchunks), img_all_task, j);
	free(j->topics_done);
	j->topics_done = NULL;
}

static void img_chunk(struct img_job *j, size_t t, size_t task, unsigned w)
{
	const struct scorer *s = j->s;
	size_t ns = s->nslots, nimg = j->B + 1;
	size_t b0 = task * j->chunk, b1 = b0 + j->chunk, cells = s->nruns * ns;
	double *tmp = j->tmp + (size_t)w * cells * SCORE_LANES;
	if (b1 > nimg)
		b1 = nimg;
	for (size_t b = b0, nb; b < b1; b += nb) {
		/* index b holds image first - 1 + b (0: the root); images in
		 * a batch must be consecutive */
		uint64_t img = b ? j->first - 1 + b : 0;
		nb = b1 - b < SCORE_LANES ? b1 - b : SCORE_LANES;
		if (b == 0 && j->first > 1)
			nb = 1;
		score_topic_images(s, t, img, nb, &j->x[w], tmp);
		/* cell by cell, so that the writes run along v's rows */
		for (size_t c = 0; j->v && c < cells; c++)
			for (size_t i = 0; i < nb; i++)
				j->v[c * nimg + b + i] = tmp[i * cells + c];
		/* each image's sums are this worker's alone, and the topics
		 * come one after the other: the same additions in the same
		 * order as topic_done's */
		for (size_t i = 0; j->sumT && i < nb; i++) {
			double *sum = j->sumT + (b + i) * cells;
			const double *x = tmp + i * cells;
			if (j->terms_plain) {   /* every term is the value */
				for (size_t c = 0; c < cells; c++)
					sum[c] += x[c];
				continue;
			}
			for (size_t c = 0; c < cells; c += ns)
				for (size_t k = 0; k < ns; k++)
					sum[c + k] += measure_agg_term(j->agg[k], x[c + k]);
		}
		/* the kept values (boot_full_at): written by the workers,
		 * who share their first-touch page faults */
		for (size_t r = 0; j->full && r < s->nruns; r++)
			for (size_t k = 0; k < ns; k++)
				boot_full_put(j->full, s->c->n, s->nruns, nimg, k,
					      t, r, b, nb,
					      tmp + r * ns + k, cells);
	}
	/* the root (b = 0) is not one of the B images the line counts */
	progress_add(j->progress, (unsigned long)(b1 - b0) - (b0 == 0), w == 0);
}

static int write_images(FILE *f, const struct scorer *s, const char *qid,
			const double *v, unsigned long B)
{
	size_t nimg = B + 1;
	for (size_t r = 0; r < s->nruns; r++)
		for (size_t k = 0; k < s->nslots; k++) {
			const double *x = v + (r * s->nslots + k) * nimg;
			for (size_t b = 0; b < nimg; b++)
				fprintf(f, "%s\t%s\t%s\t%zu\t%.17g\n",
					s->runs[r].name, qid, s->slots[k].name,
					b, x[b]);
		}
	return ferror(f) ? -1 : 0;
}

/* The workers' scratch for scoring nimg images (root first) of a topic. */
static void img_job_init(struct img_job *j, const struct scorer *s,
			 const struct boot_opts *o, size_t nimg, double *v,
			 struct progress *prog)
{
	memset(j, 0, sizeof *j);
	j->s = s;
	j->B = (unsigned long)nimg - 1;
	j->first = o->first ? o->first : 1;
	j->x = xcalloc(pool_size(o->pool), sizeof *j->x);
	j->tmp = xcalloc(size_mul(size_mul(pool_size(o->pool), s->nruns * s->nslots),
				  SCORE_LANES), sizeof *j->tmp);
	j->v = v;
	j->progress = prog;
	/* Chunks of whole batches of SCORE_LANES images (score_topic_images),
	 * small enough to balance the threads at the end of each topic:
	 * about 32 per worker per topic. */
	j->chunk = nimg / ((size_t)pool_size(o->pool) * 32);
	j->chunk = (j->chunk + SCORE_LANES - 1) / SCORE_LANES * SCORE_LANES;
	if (j->chunk < SCORE_LANES)
		j->chunk = SCORE_LANES;
	for (unsigned w = 0; w < pool_size(o->pool); w++)
		score_scratch_init(&j->x[w], s);
}

static void img_job_release(struct img_job *j, struct pool *pool)
{
	for (unsigned w = 0; w < pool_size(pool); w++)
		score_scratch_release(&j->x[w]);
	free(j->x);
	free(j->tmp);
}

/* What topic t's values v[run][slot][0..B] feed: the sums behind "all"
 * (in topic order; sum NULL: the workers added them), the kept values,
 * --images and the -q summaries.  Returns -1 when writing --images
 * failed, else 0. */
static int topic_done(const struct scorer *s, const struct boot_opts *o,
		      size_t t, const double *v, double *sum,
		      struct boot_result *res)
{
	size_t nt = s->c->n, ns = s->nslots, nimg = o->B + 1;
	size_t cells = s->nruns * ns;
	for (size_t c = 0; sum && c < cells; c++) {
		enum measure_agg a = scorer_slot_agg(s, c % ns);
		if (!measure_agg_log(a)) {   /* the term is the value */
			for (size_t i = c * nimg; i < (c + 1) * nimg; i++)
				sum[i] += v[i];
			continue;
		}
		for (size_t i = c * nimg; i < (c + 1) * nimg; i++)
			sum[i] += measure_agg_term(a, v[i]);
	}
	if (res->full && o->source)   /* else img_task wrote them */
		for (size_t r = 0; r < s->nruns; r++)
			for (size_t k = 0; k < ns; k++)
				boot_full_put(res->full, nt, s->nruns, nimg, k, t,
					      r, 0, nimg, v + (r * ns + k) * nimg,
					      1);
	if (o->per_topic) {
		double *rows = xcalloc(size_mul(cells, ST_N), sizeof *rows);
		boot_summarise(v, s->nruns, ns, o->B, o->ci, o->pool, rows);
		for (size_t r = 0; r < s->nruns; r++)
			memcpy(res->topic + (r * nt + t) * ns * ST_N,
			       rows + r * ns * ST_N, ns * ST_N * sizeof *rows);
		free(rows);
	}
	if (o->images)
		return write_images(o->images, s, s->c->topic[t].qid, v, o->B);
	return 0;
}

/* After the last topic: the per-image system values (the aggregates over
 * topics, cell = run * nslots + slot), their --images rows and the
 * summaries of "all".  Returns -1 when writing --images failed. */
static int all_done(const struct scorer *s, const struct boot_opts *o,
		    double *sum, struct boot_result *res, int write)
{
	size_t ns = s->nslots, nimg = o->B + 1, cells = s->nruns * ns;
	int rc = 0;
	for (size_t c = 0; c < cells; c++) {
		enum measure_agg a = scorer_slot_agg(s, c % ns);
		for (size_t b = 0; b < nimg; b++)
			sum[c * nimg + b] = measure_agg_finish(a, sum[c * nimg + b],
							       s->c->n);
	}
	if (write && write_images(o->images, s, "all", sum, o->B) != 0)
		rc = -1;
	if (write && rc == 0 && fflush(o->images) != 0)
		rc = -1;
	boot_summarise(sum, s->nruns, ns, o->B, o->ci, o->pool, res->all);
	res->sys = sum;
	return rc;
}

/* The n x m table a ([i][j]) as m x n ([j][i]), in a new block the
 * caller frees; tiles of 8 rows, so that each line read or written is
 * used whole. */
static double *transpose(const double *a, size_t n, size_t m)
{
	double *t = xcalloc(size_mul(n, m) + 1, sizeof *t);
	for (size_t i0 = 0; i0 < n; i0 += 8) {
		size_t i1 = i0 + 8 < n ? i0 + 8 : n;
		for (size_t j = 0; j < m; j++)
			for (size_t i = i0; i < i1; i++)
				t[j * n + i] = a[i * m + j];
	}
	return t;
}

size_t boot_full_size(size_t ns, size_t nt, size_t nruns, size_t nimg)
{
	size_t nblk = (nimg + BOOT_FULL_BLOCK - 1) / BOOT_FULL_BLOCK;
	return size_mul(size_mul(size_mul(ns, nblk), size_mul(nruns, nt)),
			BOOT_FULL_BLOCK);
}

void boot_full_row(const double *full, size_t nt, size_t nruns, size_t nimg,
		   size_t k, size_t t, size_t r, double *dst)
{
	for (size_t b = 0; b < nimg; b += BOOT_FULL_BLOCK)
		memcpy(dst + b, full + boot_full_at(nt, nruns, nimg, k, t, r, b),
		       (nimg - b < BOOT_FULL_BLOCK ? nimg - b : BOOT_FULL_BLOCK) *
		       sizeof *dst);
}

void boot_full_put(double *full, size_t nt, size_t nruns, size_t nimg,
		   size_t k, size_t t, size_t r, size_t b, size_t n,
		   const double *x, size_t stride)
{
	for (size_t i = 0; i < n;) {
		size_t e = i + BOOT_FULL_BLOCK - (b + i) % BOOT_FULL_BLOCK;
		double *f = full + boot_full_at(nt, nruns, nimg, k, t, r, b + i);
		e = e < n ? e : n;
		for (size_t q = 0; i < e; i++, q++)
			f[q] = x[i * stride];
	}
	/* with the row's last image, the padding after it, so that every
	 * byte of the table is written once, by its writers (xmalloc_line) */
	if (b + n == nimg && nimg % BOOT_FULL_BLOCK) {
		double *f = full + boot_full_at(nt, nruns, nimg, k, t, r, nimg);
		memset(f, 0, (BOOT_FULL_BLOCK - nimg % BOOT_FULL_BLOCK) * sizeof *f);
	}
}

int boot_run(const struct scorer *s, const struct boot_opts *o,
	     struct boot_result *res, struct diag *d)
{
	size_t nt = s->c->n, ns = s->nslots;
	size_t nimg = o->first ? o->last - o->first + 2 : o->B + 1;
	size_t cells = s->nruns * ns, block = size_mul(cells, nimg);
	/* scored images: the workers add the sums, image by image */
	int direct = !o->source && !o->first, all_at_once;
	double *v = !direct || o->per_topic || o->images ?
		    xcalloc(block, sizeof *v) : NULL;
	double *sum = direct ? NULL : xcalloc(block, sizeof *sum);
	double *sumT = direct ? xcalloc(block, sizeof *sumT) : NULL;
	enum measure_agg *agg = xcalloc(ns ? ns : 1, sizeof *agg);
	struct progress prog;
	struct img_job j;
	int rc = 0, failed = 0;   /* rc: writing --images failed */

	memset(res, 0, sizeof *res);
	res->all = xcalloc(size_mul(cells, ST_N), sizeof *res->all);
	if (o->per_topic && !o->first)
		res->topic = xcalloc(size_mul(size_mul(cells, nt), ST_N),
				     sizeof *res->topic);
	if (o->keep && !o->first)
		res->full = xmalloc_line(boot_full_size(ns, nt, s->nruns, nimg),
					 sizeof *res->full);
	progress_init(&prog, o->progress, "images",
		      (unsigned long)(nt * (nimg - 1)), (unsigned long)nt);
	if (!o->source) {
		img_job_init(&j, s, o, nimg, v, &prog);
		j.full = res->full;
		j.sumT = sumT;
		j.agg = agg;
		j.terms_plain = 1;
		for (size_t k = 0; k < ns; k++) {
			agg[k] = scorer_slot_agg(s, k);
			j.terms_plain &= !measure_agg_log(agg[k]);
		}
	}
	if (o->images && !o->first)
		fputs("run\tqid\tmeasure\timage\tvalue\n", o->images);

	/* only the sums over topics are read: all topics in one call */
	all_at_once = !o->source && !v && !res->full;
	if (all_at_once)
		img_all_topics(&j, nt, nimg, o->pool);
	for (size_t t = 0; t < nt && !failed && !all_at_once; t++) {
		if (o->source) {
			failed = o->source(o->source_ctx, t, v, d) != 0;
			progress_add(&prog, (unsigned long)(nimg - 1), 1);
		} else {
			j.topic = t;
			pool_run(o->pool, (nimg + j.chunk - 1) / j.chunk, img_task, &j);
		}
		if (failed || rc != 0)
			continue;
		if (o->first)
			rc = imgfile_write_topic(o->images, v, block);
		else
			rc = topic_done(s, o, t, v, sum, res);
	}
	progress_end(&prog);
	if (!o->source)
		img_job_release(&j, o->pool);
	free(v);
	free(agg);
	if (sumT) {
		sum = transpose(sumT, nimg, cells);
		free(sumT);
	}
	if (o->first || failed) {
		free(sum);
		if (!failed && rc == 0 && fflush(o->images) != 0)
			rc = -1;
	} else if (all_done(s, o, sum, res, o->images && rc == 0) != 0) {
		rc = -1;
	}
	if (rc != 0)
		diag_write_failed(d, "the images");
	return rc != 0 || failed ? -1 : 0;
}

void boot_result_release(struct boot_result *r)
{
	free(r->all);
	free(r->topic);
	free(r->sys);
	free(r->full);
	memset(r, 0, sizeof *r);
}
