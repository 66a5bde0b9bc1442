/*
 * load.c - the "load runs" step of the pipeline (see load.h): the run
 * files in groups of consecutive files, largest first, each group read
 * by one thread in topic lockstep (run_load_group), then run_load, in
 * parallel, for every file a group gave back.
 */
#include "load.h"
#include "pool.h"
#include "run.h"
#include "xalloc.h"

#include <stdlib.h>

#define GROUP_MAX 32       /* files one thread reads at once */
#define GROUP_FILES 256    /* files all threads read at once */

struct load_job {
	struct run *runs;
	size_t nruns;
	size_t *start;                 /* [ngroups + 1]: group_starts */
	struct collection *c;
	const struct run_opts *ro;
	struct run_scratch *scratch;   /* one per worker */
	struct diag *diags;            /* one per run */
	int *failed;
	int *redo;                     /* [nruns]: for run_load */
	size_t *which;                 /* the runs to redo */
};

static void group_task(void *ctx, size_t i, unsigned w)
{
	struct load_job *j = ctx;
	size_t lo = j->start[i];
	run_load_group(j->runs + lo, j->start[i + 1] - lo, j->c, j->ro,
		       &j->scratch[w], j->redo + lo);
}

static void load_task(void *ctx, size_t i, unsigned w)
{
	struct load_job *j = ctx;
	size_t r = j->which[i];
	if (run_load(&j->runs[r], j->c, j->ro, &j->scratch[w], &j->diags[r]) != 0)
		j->failed[r] = 1;
}

/* Where the groups of a load of n runs on nthreads threads start, into
 * start[0..ng] (start[ng] = n); returns ng, 0 for no groups.  Largest
 * first, each about the runs left / (2 nthreads), at most GROUP_MAX and
 * GROUP_FILES / nthreads, down to pairs of files: the threads take them
 * in order, so that the last ones, which decide when the slowest thread
 * ends, are short.  (129 runs on 2 threads: with groups of one size
 * the threads ended 1 to 98 ms apart in loads of about 370 ms; with
 * these, 1 to 11 ms apart in loads of 270 to 315 ms.)  start holds n + 1. */
static size_t group_starts(size_t n, unsigned nthreads, size_t *start)
{
	size_t gmax = GROUP_FILES / nthreads, ng = 0, at = 0;
	if (gmax > GROUP_MAX)
		gmax = GROUP_MAX;
	if (gmax < 2 || n < 2)
		return 0;
	while (at < n) {
		size_t g = (n - at + 2 * (size_t)nthreads - 1) / (2 * (size_t)nthreads);
		start[ng++] = at;
		g = g < 2 ? 2 : g;
		at += g < gmax ? g : gmax;
	}
	start[ng] = n;
	return ng;
}

int load_runs(struct run *runs, size_t n, struct collection *c,
	      const struct options *o, struct pool *pool, struct diag *d)
{
	unsigned nthreads = pool_size(pool);
	struct load_job j;
	size_t nredo = 0, ngroups;
	int rc = 0;
	j.runs = runs;
	j.nruns = n;
	j.c = c;
	j.ro = &o->ro;
	j.scratch = xcalloc(nthreads, sizeof *j.scratch);
	j.diags = xcalloc(n ? n : 1, sizeof *j.diags);
	j.failed = xcalloc(n ? n : 1, sizeof *j.failed);
	j.redo = xcalloc(n ? n : 1, sizeof *j.redo);
	j.which = xcalloc(n ? n : 1, sizeof *j.which);
	for (unsigned w = 0; w < nthreads; w++)
		run_scratch_init(&j.scratch[w]);
	j.start = xcalloc(n + 1, sizeof *j.start);
	ngroups = group_starts(n, nthreads, j.start);
	pool_run(pool, ngroups, group_task, &j);
	for (size_t i = 0; i < n; i++)
		if (!ngroups || j.redo[i])
			j.which[nredo++] = i;
	pool_run(pool, nredo, load_task, &j);
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
	free(j.redo);
	free(j.which);
	free(j.start);
	return rc;
}
