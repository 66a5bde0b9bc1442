/*
 * load.c - the "load runs" step of the pipeline (see load.h): the run
 * files in groups of consecutive files, each group read by one thread in
 * topic lockstep (run_load_group), then run_load, in parallel, for every
 * file a group gave back.
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
	size_t nruns, per_group;
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
	size_t lo = i * j->per_group, n = j->nruns - lo;
	if (n > j->per_group)
		n = j->per_group;
	run_load_group(j->runs + lo, n, j->c, j->ro, &j->scratch[w],
		       j->redo + lo);
}

static void load_task(void *ctx, size_t i, unsigned w)
{
	struct load_job *j = ctx;
	size_t r = j->which[i];
	if (run_load(&j->runs[r], j->c, j->ro, &j->scratch[w], &j->diags[r]) != 0)
		j->failed[r] = 1;
}

/* How many runs each group of a load of n runs on nthreads threads gets:
 * as many groups as a multiple of the threads, of at most GROUP_MAX runs
 * and GROUP_FILES in all; 0 for no groups. */
static size_t group_size(size_t n, unsigned nthreads)
{
	size_t gmax = GROUP_FILES / nthreads, ng;
	if (gmax > GROUP_MAX)
		gmax = GROUP_MAX;
	if (gmax < 2 || n < 2)
		return 0;
	ng = (n + gmax - 1) / gmax;
	ng = (ng + nthreads - 1) / nthreads * nthreads;
	return (n + ng - 1) / ng;
}

int load_runs(struct run *runs, size_t n, struct collection *c,
	      const struct options *o, struct pool *pool, struct diag *d)
{
	unsigned nthreads = pool_size(pool);
	struct load_job j;
	size_t nredo = 0;
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
	j.per_group = group_size(n, nthreads);
	if (j.per_group)
		pool_run(pool, (n + j.per_group - 1) / j.per_group, group_task,
			 &j);
	for (size_t i = 0; i < n; i++)
		if (!j.per_group || j.redo[i])
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
	return rc;
}
