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

/* Split the -m arguments on top-level commas and parse each measure;
 * duplicates are dropped.  Returns the count or -1 with d set. */
static long parse_measures(const struct options *o, struct measure **out,
			   struct diag *d)
{
	struct measure *m = NULL;
	size_t n = 0, cap = 0;
	const char *const def[] = { measure_default_spec };
	const char *const *specs = o->nmspec ? (const char *const *)o->mspec : def;
	size_t nspecs = o->nmspec ? o->nmspec : 1;

	for (size_t i = 0; i < nspecs; i++) {
		const char *p = specs[i];
		while (1) {
			char one[MEASURE_NAME_MAX * 2], err[200];
			size_t len = 0;
			int depth = 0;
			while (p[len] && (p[len] != ',' || depth > 0)) {
				depth += p[len] == '(';
				depth -= p[len] == ')';
				len++;
			}
			if (len == 0 || len >= sizeof one) {
				diag_set(d, "option -m: %s measure name in '%s'",
					 len ? "overlong" : "empty", specs[i]);
				goto fail;
			}
			memcpy(one, p, len);
			one[len] = '\0';
			xgrow(&m, &cap, n + 1, sizeof *m);
			if (measure_parse(&m[n], one, err, sizeof err) != 0) {
				diag_set(d, "option -m: %s: %s", one, err);
				goto fail;
			}
			{
				int dup = 0;
				for (size_t k = 0; k < n; k++)
					if (strcmp(m[k].name[0], m[n].name[0]) == 0)
						dup = 1;
				if (dup)
					measure_release(&m[n]);
				else
					n++;
			}
			if (!p[len])
				break;
			p += len + 1;
		}
	}
	*out = m;
	return (long)n;
fail:
	for (size_t k = 0; k < n; k++)
		measure_release(&m[k]);
	free(m);
	return -1;
}

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

/* Load every run; on failure d holds the first failing run's message in
 * command-line order. */
static int load_runs(struct run *runs, size_t n, struct collection *c,
		     const struct options *o, unsigned nthreads, struct diag *d)
{
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
	pool_run(nthreads, n, load_task, &j);
	for (size_t i = 0; i < n; i++)
		if (j.failed[i]) {
			diag_set(d, "%s", j.diags[i].msg);
			rc = -1;
			break;
		}
	for (unsigned w = 0; w < nthreads; w++)
		run_scratch_release(&j.scratch[w]);
	free(j.scratch);
	free(j.diags);
	free(j.failed);
	return rc;
}

static void print_warnings(const struct warnings *w)
{
	for (size_t i = 0; i < w->n; i++)
		fprintf(stderr, "cbeval: %s\n", w->v[i]);
}

/* Per-run means over topics, summed in topic order (the sums themselves
 * for measures with sum_over_topics, such as num_ret). */
static double *means_of(const struct scorer *s, const double *vals)
{
	size_t nt = s->c->n, ns = s->nslots;
	double *m = xcalloc(size_mul(s->nruns, ns), sizeof *m);
	for (size_t r = 0; r < s->nruns; r++)
		for (size_t k = 0; k < ns; k++) {
			double sum = 0;
			for (size_t t = 0; t < nt; t++)
				sum += vals[(r * nt + t) * ns + k];
			m[r * ns + k] = scorer_slot_def(s, k)->sum_over_topics
					? sum : sum / (double)nt;
		}
	return m;
}

/* -b B: images, summaries, --images.  With "--images -" stdout carries
 * the images table only. */
static int bootstrap(const struct scorer *s, const struct options *o,
		     unsigned nthreads, struct diag *d)
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
	bo.nthreads = nthreads;
	bo.per_topic = o->per_topic;
	bo.images = img;
	bo.progress = isatty(2);
	bo.keep = o->pairs || o->reliability;
	if (boot_run(s, &bo, &br, d) == 0) {
		struct compare_opts co;
		int rc = 0;
		co.B = o->images;
		co.nthreads = nthreads;
		co.per_topic = o->per_topic;
		co.decimals = o->decimals;
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
	long nm;
	unsigned nthreads = o->threads ? o->threads : pool_cpus();
	int status = EXIT_DATA;
	double *vals, *means;

	nm = parse_measures(o, &m, d);
	if (nm < 0)
		return EXIT_USAGE;
	collection_init(&c);
	warnings_init(&qw);
	qo.level = o->level;
	qo.dedup = o->ro.dedup;
	runs = xcalloc(o->nruns, sizeof *runs);
	for (size_t i = 0; i < o->nruns; i++)
		run_init(&runs[i], o->runs[i]);
	if (qrels_load(&c, o->qrels, &qo, &qw, d) != 0)
		goto out;
	if (load_runs(runs, o->nruns, &c, o, nthreads, d) != 0)
		goto out;
	run_names(runs, o->nruns);
	print_warnings(&qw);
	for (size_t i = 0; i < o->nruns; i++)
		print_warnings(&runs[i].warn);
	collection_freeze(&c);

	scorer_init(&s, &c, runs, o->nruns, m, (size_t)nm, o->seed);
	if (o->images == 0) {
		vals = score_root(&s, nthreads);
		means = means_of(&s, vals);
		if (output_eval(stdout, &s, vals, means, o) != 0)
			diag_write_failed(d, "output");
		else
			status = EXIT_OK;
		free(vals);
		free(means);
	} else {
		status = bootstrap(&s, o, nthreads, d);
	}
	scorer_release(&s);
out:
	for (size_t i = 0; i < o->nruns; i++)
		run_release(&runs[i]);
	free(runs);
	for (long i = 0; i < nm; i++)
		measure_release(&m[i]);
	free(m);
	warnings_release(&qw);
	collection_release(&c);
	return status;
}
