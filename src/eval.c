/*
 * eval.c - the pipeline (see eval.h): parse qrels -> load runs in parallel
 * -> name runs -> freeze the collection -> parse measures -> score ->
 * summarise -> print.
 */
#include "eval.h"
#include "boot.h"
#include "compare.h"
#include "collection.h"
#include "measure.h"
#include "output.h"
#include "pool.h"
#include "run.h"
#include "sensitivity.h"
#include "score.h"
#include "xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct load_job {
	struct run *runs;
	struct collection *c;
	const struct run_opts *ro;
	struct run_scratch *scratch;   /* one per worker */
	struct diag *diags;            /* one per run */
	int *failed;
};

static void load_task(void *ctx, size_t i, unsigned w)
{
	struct load_job *j = ctx;
	if (run_load(&j->runs[i], j->c, j->ro, &j->scratch[w], &j->diags[i]) != 0)
		j->failed[i] = 1;
}

/* Load every run; on failure d holds the errors of every failing run,
 * in command-line order. */
static int load_runs(struct run *runs, size_t n, struct collection *c,
		     const struct options *o, struct pool *pool, struct diag *d)
{
	unsigned nthreads = pool_size(pool);
	struct load_job j;
	int rc = 0;
	j.runs = runs;
	j.c = c;
	j.ro = &o->ro;
	j.scratch = xcalloc(nthreads, sizeof *j.scratch);
	j.diags = xcalloc(n, sizeof *j.diags);
	j.failed = xcalloc(n, sizeof *j.failed);
	for (unsigned w = 0; w < nthreads; w++)
		run_scratch_init(&j.scratch[w]);
	pool_run(pool, n, load_task, &j);
	for (size_t i = 0; i < n; i++) {
		if (j.failed[i])
			rc = -1;
		diag_keep(d, &j.diags[i]);
	}
	for (unsigned w = 0; w < nthreads; w++)
		run_scratch_release(&j.scratch[w]);
	free(j.scratch);
	free(j.diags);
	free(j.failed);
	return rc;
}

/* Per-run aggregates over topics (means; sums for the counts; geometric
 * means for GM), accumulated in topic order. */
static double *means_of(const struct scorer *s, const double *vals)
{
	size_t nt = s->c->n, ns = s->nslots;
	double *m = xcalloc(size_mul(s->nruns, ns), sizeof *m);
	for (size_t r = 0; r < s->nruns; r++)
		for (size_t k = 0; k < ns; k++) {
			enum measure_agg a = scorer_slot_agg(s, k);
			double sum = 0;
			for (size_t t = 0; t < nt; t++)
				sum += measure_agg_term(a, vals[(r * nt + t) * ns + k]);
			m[r * ns + k] = measure_agg_finish(a, sum, nt);
		}
	return m;
}

/* -b B: images, summaries, --images.  With "--images -" stdout carries
 * the images table only. */
static int bootstrap(const struct scorer *s, const struct options *o,
		     struct pool *pool, struct diag *d)
{
	struct boot_opts bo;
	struct boot_result br;
	FILE *img = NULL;
	int status = EXIT_DATA, to_stdout = 0;

	if (o->images_file) {
		to_stdout = strcmp(o->images_file, "-") == 0;
		img = to_stdout ? stdout : fopen(o->images_file, "w");
		if (!img) {
			diag_set(d, "%s: cannot open for writing: %s",
				 o->images_file, strerror(errno));
			return EXIT_DATA;
		}
	}
	bo.B = o->images;
	bo.pool = pool;
	bo.nthreads = pool_size(pool);
	bo.per_topic = o->per_topic;
	bo.images = img;
	bo.progress = isatty(2);
	bo.keep = o->pairs || o->reliability;
	if (boot_run(s, &bo, &br, d) == 0) {
		struct compare_opts co;
		int rc = 0;
		co.B = o->images;
		co.pool = pool;
		co.nthreads = pool_size(pool);
		co.per_topic = o->per_topic;
		co.decimals = o->decimals;
		co.progress = bo.progress;
		if (o->pairs)
			rc = compare_pairs(stdout, s, &br, &co);
		else if (o->reliability)
			rc = compare_reliability(stdout, s, &br, &co);
		else if (!to_stdout)
			rc = output_boot(stdout, s, &br, o);
		if (rc != 0)
			diag_write_failed(d, "output");
		else
			status = EXIT_OK;
	}
	if (img && !to_stdout && fclose(img) != 0 && status == EXIT_OK) {
		diag_set(d, "%s: cannot write: %s", o->images_file,
			 strerror(errno));
		status = EXIT_DATA;
	}
	boot_result_release(&br);
	return status;
}

/* The measure --top ranks by: --top-by, or the first -m measure (a copy
 * of m[0]).  Returns 0, or -1 with d set to a usage error. */
static int top_measure(const struct options *o, const struct measure *m,
		       struct measure *out, struct diag *d)
{
	struct measure *v = NULL;
	size_t n = 0, len;
	char err[300];
	if (!o->top_by) {
		char spec[MEASURE_NAME_MAX];
		snprintf(spec, sizeof spec, "%s", m[0].name[0]);
		return measure_parse(out, spec, err, sizeof err) == 0 ? 0 : -1;
	}
	len = strlen(o->top_by);
	if ((len > 9 && strcmp(o->top_by + len - 9, ".residual") == 0) ||
	    (len > 9 && strcmp(o->top_by + len - 9, "_residual") == 0)) {
		diag_set(d, "option --top-by: %s: a residual is not an effectiveness score",
			 o->top_by);
		return -1;
	}
	if (measure_parse_list(&o->top_by, 1, &v, &n, err, sizeof err) != 0) {
		diag_set(d, "option --top-by: %s", err);
		return -1;
	}
	if (n != 1) {
		diag_set(d, "option --top-by: %s names %zu measures, not one",
			 o->top_by, n);
		for (size_t i = 0; i < n; i++)
			measure_release(&v[i]);
		free(v);
		return -1;
	}
	*out = v[0];
	free(v);
	return 0;
}

struct ranked_run {
	double v;
	size_t i;
};

static int cmp_ranked_run(const void *pa, const void *pb)
{
	const struct ranked_run *a = pa, *b = pb;
	if (a->v != b->v)
		return a->v > b->v ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

/* --top N: the N runs with the highest root aggregate of tm (ties by
 * command-line order), kept in command-line order, as shallow copies in
 * *kept (the caller frees the array, not the runs).  Returns the count. */
static size_t select_top(const struct run *runs, size_t nruns,
			 const struct collection *c, const struct measure *tm,
			 unsigned long N, uint64_t seed, struct pool *pool,
			 struct run **kept)
{
	struct scorer s;
	struct ranked_run *r = xcalloc(nruns, sizeof *r);
	size_t n = N < nruns ? (size_t)N : nruns;
	double *vals, *means;
	unsigned char *keep = xcalloc(nruns, 1);

	scorer_init(&s, c, runs, nruns, tm, 1, seed);
	vals = score_root(&s, pool);
	means = means_of(&s, vals);
	for (size_t i = 0; i < nruns; i++) {
		r[i].v = means[i * s.nslots];
		r[i].i = i;
	}
	qsort(r, nruns, sizeof *r, cmp_ranked_run);
	for (size_t i = 0; i < n; i++)
		keep[r[i].i] = 1;
	*kept = xcalloc(n ? n : 1, sizeof **kept);
	for (size_t i = 0, k = 0; i < nruns; i++)
		if (keep[i])
			(*kept)[k++] = runs[i];
	scorer_release(&s);
	free(vals);
	free(means);
	free(keep);
	free(r);
	return n;
}

/* Plain evaluation or --sensitivity: both from the root values. */
static int from_root(const struct scorer *s, const struct options *o,
		     struct pool *pool, struct diag *d)
{
	double *vals = score_root(s, pool);
	int rc;
	if (o->sensitivity) {
		struct sens_opts so;
		so.T = o->samples;
		so.seed = o->seed;
		so.decimals = o->decimals;
		so.progress = isatty(2);
		so.pool = pool;
		if (s->c->n < 2 && !o->quiet)
			fprintf(stderr, "cbeval: warning: --sensitivity with %zu topic%s: "
				"t_paired, p_ttest, asl_*, discpower_* and reqdiff_* are NA\n",
				s->c->n, s->c->n == 1 ? "" : "s");
		rc = sensitivity_print(stdout, s, vals, &so);
	} else {
		double *means = means_of(s, vals);
		rc = output_eval(stdout, s, vals, means, o);
		free(means);
	}
	free(vals);
	if (rc != 0) {
		diag_write_failed(d, "output");
		return EXIT_DATA;
	}
	return EXIT_OK;
}

int eval_main(const struct options *o, struct diag *d)
{
	struct collection c;
	struct warnings qw;
	struct qrels_opts qo;
	struct measure *m = NULL;
	struct run *runs;
	struct run *kept = NULL;
	struct scorer s;
	struct measure tm;
	size_t nm = 0, nkept;
	char err[300];
	struct pool *pool;
	int status = EXIT_DATA;

	if (measure_parse_list((const char *const *)o->mspec, o->nmspec, &m,
			       &nm, err, sizeof err) != 0) {
		diag_set(d, "option -m: %s", err);
		return EXIT_USAGE;
	}
	memset(&tm, 0, sizeof tm);
	if (o->top && top_measure(o, m, &tm, d) != 0) {
		for (size_t i = 0; i < nm; i++)
			measure_release(&m[i]);
		free(m);
		return EXIT_USAGE;
	}
	/* More threads than CPUs could not run at once: they would only
	 * load more run files side by side (memory, lock contention). */
	pool = pool_create(o->threads && o->threads < pool_cpus() ? o->threads
								   : pool_cpus());
	collection_init(&c);
	warnings_init(&qw);
	qo.level = o->level;
	qo.dedup = o->ro.dedup;
	runs = xcalloc(o->nruns, sizeof *runs);
	for (size_t i = 0; i < o->nruns; i++)
		run_init(&runs[i], o->runs[i]);
	/* Bad qrels do not stop the runs from being read (against no
	 * topics: their lines are still checked), so that one pass reports
	 * what is wrong with every input. */
	{
		int bad = qrels_load(&c, o->qrels, &qo, &qw, d) != 0;
		bad |= load_runs(runs, o->nruns, &c, o, pool, d) != 0;
		if (bad)
			goto out;
	}
	run_names(runs, o->nruns);
	if (!o->quiet) {
		const struct warnings **lists = xcalloc(o->nruns + 1, sizeof *lists);
		lists[0] = &qw;
		for (size_t i = 0; i < o->nruns; i++)
			lists[i + 1] = &runs[i].warn;
		warnings_print(stderr, lists, o->nruns + 1);
		free(lists);
	}
	collection_freeze(&c);

	nkept = o->nruns;
	if (o->top)
		nkept = select_top(runs, o->nruns, &c, &tm, o->top, o->seed, pool,
				   &kept);
	scorer_init(&s, &c, kept ? kept : runs, nkept, m, nm, o->seed);
	if (o->images == 0)
		status = from_root(&s, o, pool, d);
	else
		status = bootstrap(&s, o, pool, d);
	scorer_release(&s);
out:
	for (size_t i = 0; i < o->nruns; i++)
		run_release(&runs[i]);
	free(runs);
	free(kept);
	measure_release(&tm);
	for (size_t i = 0; i < nm; i++)
		measure_release(&m[i]);
	free(m);
	warnings_release(&qw);
	collection_release(&c);
	pool_release(pool);
	return status;
}
