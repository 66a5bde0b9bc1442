/*
 * eval.c - the pipeline (see eval.h): parse qrels -> load runs in parallel
 * -> name runs -> freeze the collection -> parse measures -> score ->
 * summarise -> print.
 */
#include "eval.h"
#include "collfile.h"
#include "analysis.h"
#include "figure.h"
#include "boot.h"
#include "collection.h"
#include "imgfile.h"
#include "load.h"
#include "measure.h"
#include "pool.h"
#include "run.h"
#include "score.h"
#include "top.h"
#include "trec_out.h"
#include "xalloc.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Open path for writing (the --images and --pair-images files): the
 * stream, or NULL with d set. */
static FILE *open_out(const char *path, struct diag *d)
{
	FILE *f = fopen(path, "w");
	if (!f)
		diag_set(d, "%s: cannot open for writing: %s", path,
			 strerror(errno));
	return f;
}

/* Close a file opened by open_out; on a write error, when *status is
 * still EXIT_OK, set d and *status. */
static void close_out(FILE *f, const char *path, int *status, struct diag *d)
{
	int bad = ferror(f);
	errno = 0;
	if ((fclose(f) != 0 || bad) && *status == EXIT_OK) {
		diag_set(d, "%s: cannot write: %s", path,
			 errno ? strerror(errno) : "write error");
		*status = EXIT_DATA;
	}
}

/* What the selected analysis needs beyond the scores of the kept runs:
 * its own inputs (analysis.h: --meld's labels, --bias's collections and
 * engineered runs), and -F trec's extras. */
struct extras {
	const struct analysis *a;
	void *own;                    /* a->extra_new's, or NULL */
	const struct trec_ctx *trec;  /* -F trec's extras, or NULL */
};

static void extras_init(struct extras *x, const struct options *o)
{
	x->a = analysis_select(o);
	x->own = x->a->extra_new ? x->a->extra_new(o) : NULL;
	x->trec = NULL;
}

static void extras_release(struct extras *x, size_t nkept)
{
	if (x->own)
		x->a->extra_free(x->own, nkept);
}

/* Read the analysis's own inputs, before the collection is frozen.
 * Returns 0, or -1 with their errors in d. */
static int extras_load(struct extras *x, const struct collection *c,
		       const struct options *o, const struct qrels_opts *qo,
		       struct warnings *w, struct diag *d)
{
	struct diag one = { .set = 0 };
	int bad;
	if (!x->a->extra_load)
		return 0;
	bad = x->a->extra_load(x->own, c, o, qo, w, &one) != 0;
	diag_keep(d, &one);
	return bad ? -1 : 0;
}

/* After --top: the runs to score (the kept runs, or the analysis's), with
 * their number in *n. */
static const struct run *extras_runs(struct extras *x,
				     const struct collection *c,
				     const struct options *o,
				     const struct run *kept, size_t *n)
{
	if (!x->a->extra_runs)
		return kept;
	return x->a->extra_runs(x->own, c, o, kept, n);
}

/* The images of the analysis: scored, or read from the image files of
 * set (--from-images); with --image-range the file header first.
 * Returns 0, or -1 with d set. */
static int images_of(const struct scorer *s, const struct options *o,
		     struct imgset *set, struct analysis_in *in,
		     struct boot_result *br, struct diag *d)
{
	const struct analysis *a = analysis_select(o);
	struct boot_opts bo;
	memset(&bo, 0, sizeof bo);
	bo.B = o->images;
	bo.pool = in->pool;
	bo.per_topic = o->per_topic;
	bo.images = in->images;
	bo.progress = in->progress;
	bo.keep = a->keep;
	bo.ci = o->ci;
	bo.first = o->range_first;
	bo.last = o->range_last;
	if (set) {
		bo.source = imgset_topic;
		bo.source_ctx = set;
	}
	if (o->range_first && imgfile_write_head(in->images, s, o,
						     imgfile_root_digest(s, in->pool)) != 0) {
		diag_write_failed(d, "the images");
		return -1;
	}
	if (boot_run(s, &bo, br, d) != 0)
		return -1;
	in->br = br;
	return 0;
}

/* The files an analysis writes besides standard output: --images (or
 * standard output itself; with --image-range the image file, and then
 * nothing is printed), --pair-images and --svg.  With --svg and
 * --pairs the rows of the figure (a thinned part of the --pair-images
 * table, compare.h) are captured in memory (pi). */
struct outputs {
	FILE *img, *pairs, *svg;
	int to_stdout;              /* no table: --images -, --image-range */
	struct fig_capture pi;      /* pi.f NULL unless captured */
};

/* Open the outputs of o (nothing but the capture when none is named).
 * Returns 0, or -1 with d set and nothing left open. */
static int open_outputs(const struct options *o, struct outputs *w,
			struct diag *d)
{
	memset(w, 0, sizeof *w);
	if (o->images_file) {
		/* with --image-range the images are all there is to write */
		w->to_stdout = strcmp(o->images_file, "-") == 0 || o->range_first;
		w->img = strcmp(o->images_file, "-") == 0 ? stdout
			: open_out(o->images_file, d);
		if (!w->img)
			return -1;
	}
	if ((o->pair_images && !(w->pairs = open_out(o->pair_images, d))) ||
	    (o->svg && !(w->svg = open_out(o->svg, d)))) {
		if (w->img && w->img != stdout)
			fclose(w->img);
		if (w->pairs)
			fclose(w->pairs);
		return -1;
	}
	if (o->svg && (analysis_select(o)->flags & AN_CAPTURE))
		fig_capture_open(&w->pi);
	return 0;
}

/* Close the outputs; a write error sets d and *status as close_out
 * does. */
static void close_outputs(const struct options *o, struct outputs *w,
			  int *status, struct diag *d)
{
	fig_capture_close(&w->pi);
	if (w->img && w->img != stdout)
		close_out(w->img, o->images_file, status, d);
	if (w->pairs)
		close_out(w->pairs, o->pair_images, status, d);
	if (w->svg)
		close_out(w->svg, o->svg, status, d);
	free(w->pi.buf);
}

/* Print the table of a to standard output; with --svg, draw the figure
 * first and write the table only once the figure file is written and
 * closed.  Returns EXIT_OK, or EXIT_DATA with d set. */
static int print_table(const struct analysis *a, const struct analysis_in *in,
		       const struct options *o, struct outputs *w,
		       struct diag *d)
{
	struct fig_capture tab = { NULL, NULL, 0 };
	int status = EXIT_OK, rc;
	if (!w->svg)
		rc = a->print(stdout, in);
	else if ((rc = figure_print(a, in, w->pi.f ? &w->pi : NULL, w->svg,
				    &tab)) == 0) {
		close_out(w->svg, o->svg, &status, d);
		w->svg = NULL;
		if (status == EXIT_OK)
			rc = fwrite(tab.buf, 1, tab.len, stdout) == tab.len &&
			     fflush(stdout) == 0 ? 0 : -1;
	}
	free(tab.buf);
	if (status == EXIT_OK && rc == -2)
		status = EXIT_DATA;    /* in->err is d */
	else if (status == EXIT_OK && rc != 0) {
		diag_write_failed(d, "output");
		status = EXIT_DATA;
	}
	return status;
}

/* Run the selected analysis: score what it reads - the root, or with -b
 * the images (writing --images; with "--images -" stdout carries the
 * images table only) - then print its table (and draw its figure).  An
 * analysis with pools of its own (--pairs under --pool), or with
 * replicates of its own (--meld, --bias), scores them itself.  With set
 * (--from-images) the images are read from its files; with --image-range
 * they are only written (x is NULL with set: no analysis reads extras). */
static int run_analysis(const struct scorer *s, const struct options *o,
			const struct extras *x, size_t nkept, struct imgset *set,
			struct pool *pool, struct diag *d)
{
	const struct analysis *a = analysis_select(o);
	struct analysis_in in;
	struct boot_result br;
	struct warnings warn;
	struct outputs w;
	double *root = NULL;
	int status = EXIT_DATA;

	if (open_outputs(o, &w, d) != 0)
		return EXIT_DATA;
	memset(&br, 0, sizeof br);
	memset(&in, 0, sizeof in);
	warnings_init(&warn);
	in.s = s;
	in.o = o;
	in.pool = pool;
	in.progress = isatty(2);
	in.warn = &warn;
	in.images = w.img;
	in.extra = x ? x->own : NULL;
	in.npool = nkept;
	in.pair_images = w.pairs;
	in.pair_fig = w.pi.f;
	in.trec = x ? x->trec : NULL;
	in.err = d;
	if (o->svg && (strlen(o->svg) < 4 ||
		       strcmp(o->svg + strlen(o->svg) - 4, ".svg") != 0))
		warnings_add(&warn, o->svg,
			     "the figure is written as SVG whatever the file's name (name it .svg)");
	if (a->input == IN_IMAGES && o->pool && a->own_pools) {
		/* scored by the analysis, pool by pool */
	} else if (a->input == IN_IMAGES) {
		if (images_of(s, o, set, &in, &br, d) != 0)
			goto out;
	} else if (a->input == IN_ROOT || a->input == IN_ROOT_IMAGES) {
		root = score_root(s, pool);
		in.root = root;
		if (a->input == IN_ROOT_IMAGES && o->images &&
		    images_of(s, o, set, &in, &br, d) != 0)
			goto out;
	}
	status = w.to_stdout ? EXIT_OK : print_table(a, &in, o, &w, d);
	if (!o->quiet) {
		const struct warnings *l = &warn;
		warnings_print(stderr, &l, 1, o->quiet_kinds);
	}
out:
	close_outputs(o, &w, &status, d);
	free(root);
	boot_result_release(&br);
	warnings_release(&warn);
	return status;
}

/* The threads of -j.  More threads than CPUs could not run at once: they
 * would only load more run files side by side (memory, lock contention). */
static struct pool *pool_of(const struct options *o)
{
	return pool_create(o->threads && o->threads < pool_cpus() ? o->threads
								   : pool_cpus());
}

/* --from-images: the analysis of the images in the files, as one run
 * with their -b and scoring options would print it. */
static int merge_main(const struct options *o, struct diag *d)
{
	const struct analysis *a = analysis_select(o);
	struct imgset set;
	struct scorer s;
	struct options mo = *o;
	struct pool *pool;
	int status = EXIT_DATA;

	if (imgset_open(&set, o->from, o->nfrom, d) != 0) {
		imgset_release(&set);
		return EXIT_DATA;
	}
	mo.images = (unsigned long)set.f[0].h.B;
	mo.seed = set.f[0].h.seed;
	if (a->own_pools && set.f[0].h.pool) {
		diag_set(d, "option %s: %s was written with --pool %" PRIu64
			 ": under --pool each pair has its own pool, scored inside the analysis",
			 a->option, set.f[0].path, set.f[0].h.pool);
		status = EXIT_USAGE;
	} else if ((a->flags & AN_TWO_RUNS) && set.f[0].h.nruns < 2) {
		diag_set(d, "option %s needs at least 2 runs (the files hold %" PRIu32 ")",
			 a->option, set.f[0].h.nruns);
		status = EXIT_USAGE;
	} else if (a->option && mo.images < a->min_images) {
		diag_set(d, "option %s needs at least %u images (the files hold %lu)",
			 a->option, a->min_images, mo.images);
		status = EXIT_USAGE;
	} else if (imgset_scorer(&set, &s, d) == 0) {
		pool = pool_of(o);
		status = run_analysis(&s, &mo, NULL, s.nruns, &set, pool, d);
		scorer_release(&s);
		pool_release(pool);
	}
	imgset_release(&set);
	return status;
}

/* The warnings of the qrels and of every run, in command-line order. */
static void print_input_warnings(const struct warnings *qw,
				 const struct run *runs, size_t n,
				 unsigned skip)
{
	const struct warnings **lists = xcalloc(n + 1, sizeof *lists);
	lists[0] = qw;
	for (size_t i = 0; i < n; i++)
		lists[i + 1] = &runs[i].warn;
	warnings_print(stderr, lists, n + 1, skip);
	free(lists);
}

/* 1 when run r has lines for a topic of the qrels. */
static int shares(const struct run *r, const struct collection *c)
{
	for (size_t t = 0; t < c->n; t++)
		if (r->present[t])
			return 1;
	return 0;
}

/* The runs that share no topic with the qrels: when none does, an error
 * (the qrels of another task?); else a warning for each such run. */
static int check_shared(const struct options *o, const struct collection *c,
			struct run *runs, size_t n, struct diag *d)
{
	size_t none = 0, first = n;
	for (size_t i = 0; i < n; i++)
		if (!shares(&runs[i], c)) {
			none++;
			first = first < n ? first : i;
			warnings_add(&runs[i].warn, runs[i].label,
				     "no topic in common with %s: every topic scores 0",
				     o->qrels);
		}
	if (none == 0 || none < n)
		return 0;
	if (n == 1)
		diag_set(d, "%s and %s have no topic in common: is it the qrels of this run?",
			 o->qrels, runs[first].label);
	else
		diag_set(d, "%s and the runs (%s and %zu more) have no topic in common: is it the qrels of these runs?",
			 o->qrels, runs[first].label, n - 1);
	return -1;
}

/* The inputs into c and in: the QRELS and RUN files of the command line
 * (saved to the --save-collection file), or the --collection file, whose
 * -l, -M, --order and --dedup then replace o's.  Then the extra inputs of
 * the analyses.  Returns 0, or -1 with d set. */
static int load_inputs(struct options *o, struct collection *c,
		       struct warnings *qw, struct extras *x,
		       struct collfile_runs *in, struct pool *pool,
		       struct diag *d)
{
	struct qrels_opts qo;
	int bad = 0;
	if (o->collection &&
	    collfile_read(o->collection, c, in, &o->level, &o->ro,
			  (analysis_select(o)->flags & AN_DOCNOS) != 0, d) != 0)
		return -1;
	qo.level = o->level;
	qo.dedup = o->ro.dedup;
	if (!o->collection) {
		in->n = o->nruns;
		in->run = xcalloc(o->nruns, sizeof *in->run);
		for (size_t i = 0; i < o->nruns; i++)
			run_init(&in->run[i], o->runs[i]);
		/* Bad qrels do not stop the runs from being read (against no
		 * topics: their lines are still checked), so that one pass
		 * reports what is wrong with every input. */
		bad = qrels_load(c, o->qrels, &qo, qw, d) != 0;
		bad |= load_runs(in->run, in->n, c, o, pool, d) != 0;
		/* as trec_eval, the link says so only without -c (exit 4) */
		if (!bad && !o->trec_name)
			bad = check_shared(o, c, in->run, in->n, d) != 0;
		if (!bad)
			run_names(in->run, in->n, o->names_by_file);
	}
	/* saved before --bias adds the documents of other qrels */
	if (!bad && o->save_coll &&
	    collfile_write(o->save_coll, c, in->run, in->n, o->level, &o->ro,
			   d) != 0)
		return -1;
	bad |= extras_load(x, c, o, &qo, qw, d) != 0;
	if (bad && diag_find(d, "qrels line has 6 fields") &&
	    diag_find(d, "run line has 4 fields")) {
		struct diag hint = { .set = 0 };
		diag_set(&hint, "did you swap QRELS and RUN? the first file looks like a run, the second like qrels (QRELS comes first)");
		diag_keep(d, &hint);
	}
	if (bad)
		return -1;
	if (!o->collection && !o->quiet)
		print_input_warnings(qw, in->run, in->n, o->quiet_kinds);
	return 0;
}

/* The measures of -m: as trec_eval reads them with -F trec (tc's marks,
 * and -Z's file), else cbeval's list.  Returns 0, or an exit status
 * with d set. */
static int measures_of(const struct options *o, struct trec_ctx *tc,
		       struct measure **m, size_t *nm, struct diag *d)
{
	const char *const *specs = (const char *const *)o->mspec;
	size_t n = o->nmspec;
	char err[300];
	if (o->format == FORMAT_TREC) {
		if (trec_marks_make(&tc->marks, specs, n, err, sizeof err) != 0) {
			diag_set(d, "option -m: %s", err);
			return EXIT_USAGE;
		}
		specs = (const char *const *)tc->marks.specs;
		n = tc->marks.nspecs;
		if (n == 0 && !tc->marks.runid && !tc->marks.relstring) {
			diag_set(d, "option -m: no measure");
			return EXIT_USAGE;
		}
	}
	if ((n || o->format != FORMAT_TREC) &&
	    measure_parse_list(specs, n, m, nm, err, sizeof err) != 0) {
		diag_set(d, "option -m: %s", err);
		return EXIT_USAGE;
	}
	if (o->format == FORMAT_TREC)
		trec_marks_rename(&tc->marks, *m, *nm);
	for (size_t i = 0; o->ndocs && i < *nm; i++)
		if (strcmp((*m)[i].def->name, "utility") == 0)
			(*m)[i].p = (double)o->ndocs;   /* trec_eval's -N */
	if (o->zscores && zscores_load(&tc->z, o->zscores, d) != 0)
		return EXIT_DATA;
	return 0;
}

/* trec_eval's -J and its rule on missing topics, after loading. */
static int trec_after_load(const struct options *o, const struct collection *c,
			   struct collfile_runs *in, struct diag *d)
{
	for (size_t i = 0; o->judged_only && i < in->n; i++)
		run_keep_judged(&in->run[i], c);
	return trec_check_topics(c, in->run, in->n, o, d);
}

int eval_main(const struct options *given, struct diag *d)
{
	struct options opts = *given;   /* --collection sets the loading ones */
	const struct options *o = &opts;
	struct collection c;
	struct warnings qw;
	struct measure *m = NULL;
	struct collfile_runs in;
	struct run *kept = NULL;
	struct scorer s;
	struct measure tm;
	struct trec_ctx tc;
	size_t nm = 0, nkept = 0, nscored;
	struct pool *pool;
	struct extras x;
	const struct run *scored;
	int status;

	if (o->nfrom)
		return merge_main(o, d);
	trec_ctx_init(&tc);
	memset(&tm, 0, sizeof tm);
	if ((status = measures_of(o, &tc, &m, &nm, d)) != 0 ||
	    (o->top && top_measure(o, m, &tm, d) != 0)) {
		for (size_t i = 0; i < nm; i++)
			measure_release(&m[i]);
		free(m);
		trec_ctx_release(&tc);
		return status ? status : EXIT_USAGE;
	}
	status = EXIT_DATA;
	opts.ro.left_out = options_mean(o) == MEAN_RUN;
	pool = pool_of(o);
	collection_init(&c);
	warnings_init(&qw);
	extras_init(&x, o);
	x.trec = &tc;
	memset(&in, 0, sizeof in);
	if (load_inputs(&opts, &c, &qw, &x, &in, pool, d) != 0)
		goto out;
	if ((status = trec_after_load(o, &c, &in, d)) != 0)
		goto out;
	if (o->collection && in.n < 2 && (x.a->flags & AN_TWO_RUNS)) {
		diag_set(d, "option %s needs at least 2 runs, and %s holds %zu",
			 x.a->option, o->collection, in.n);
		status = EXIT_USAGE;
		goto out;
	}
	status = EXIT_DATA;
	collection_freeze_on(&c, pool, !(x.a->flags & AN_NO_IMAGES));

	nkept = in.n;
	if (o->top)
		nkept = select_top(in.run, in.n, &c, &tm, o->top, o->seed, pool,
				   &kept);
	nscored = nkept;
	scored = extras_runs(&x, &c, o, kept ? kept : in.run, &nscored);
	scorer_init(&s, &c, scored, nscored, m, nm, o->seed);
	s.pool = o->pool;   /* --top ranked the runs with every judgement */
	if (x.a->ready && x.a->ready(&s, o, d) != 0)
		status = EXIT_USAGE;    /* --compare BASE: not a run */
	else
		status = run_analysis(&s, o, &x, nkept, NULL, pool, d);
	scorer_release(&s);
out:
	collfile_runs_release(&in);
	free(kept);
	measure_release(&tm);
	for (size_t i = 0; i < nm; i++)
		measure_release(&m[i]);
	free(m);
	warnings_release(&qw);
	extras_release(&x, nkept);
	collection_release(&c);
	pool_release(pool);
	trec_ctx_release(&tc);
	return status;
}
