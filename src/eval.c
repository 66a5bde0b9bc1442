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

int eval_main(const struct options *o, struct diag *d)
{
	struct collection c;
	struct warnings qw;
	struct qrels_opts qo;
	struct measure *m = NULL;
	struct run *runs;
	struct scorer s;
	size_t nm = 0;
	char err[300];
	struct pool *pool;
	int status = EXIT_DATA;
	double *vals, *means;

	if (measure_parse_list((const char *const *)o->mspec, o->nmspec, &m,
			       &nm, err, sizeof err) != 0) {
		diag_set(d, "option -m: %s", err);
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

	scorer_init(&s, &c, runs, o->nruns, m, nm, o->seed);
	if (o->images == 0) {
		vals = score_root(&s, pool);
		means = means_of(&s, vals);
		if (output_eval(stdout, &s, vals, means, o) != 0)
			diag_write_failed(d, "output");
		else
			status = EXIT_OK;
		free(vals);
		free(means);
	} else {
		status = bootstrap(&s, o, pool, d);
	}
	scorer_release(&s);
out:
	for (size_t i = 0; i < o->nruns; i++)
		run_release(&runs[i]);
	free(runs);
	for (size_t i = 0; i < nm; i++)
		measure_release(&m[i]);
	free(m);
	warnings_release(&qw);
	collection_release(&c);
	pool_release(pool);
	return status;
}
