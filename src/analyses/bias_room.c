/*
 * bias_room.c - the row of --bias (see analysis.h; computed by bias.c):
 * its options (--bias, -t, --against, --topics, --engineered), usage
 * rules, defaults, --help lines, and its own inputs: the collections of
 * --against (bias.h) and the engineered runs of --engineered (run.h).
 */
#include "bias.h"
#include "room.h"
#include "xalloc.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The inputs of --bias: its collections, and the runs it scores (the
 * kept runs, then with --engineered an engineered run of each). */
struct bias_extra {
	struct bias_set bs;
	struct run *all;        /* the kept runs, then their engineered runs */
	size_t neng;
};

static int print_bias(FILE *f, const struct analysis_in *in)
{
	const struct bias_extra *x = in->extra;
	struct bias_opts bo;
	bo.T = in->o->samples;
	bo.topics = in->o->topics;
	bo.B = in->o->images;
	bo.npool = in->npool;
	bo.seed = in->o->seed;
	bo.decimals = in->o->decimals;
	bo.progress = in->progress;
	bo.pool = in->pool;
	return bias_print(f, in->s, &x->bs, &bo);
}

/* --against SPEC: a qrels file, a comma list of them, or pool:K. */
static int set_against(struct options *o, const char *v, struct diag *d)
{
	unsigned long k;
	if (!*v) {
		diag_set(d, "option --against: empty file name");
		return -1;
	}
	if (strncmp(v, "pool:", 5) == 0 &&
	    room_count("--against pool:K", v + 5, 1, 100000, &k, d))
		return -1;
	if (strncmp(v, "pool:", 5) != 0 && strchr(v, ',')) {
		size_t n = strlen(v);
		if (v[0] == ',' || v[n - 1] == ',' || strstr(v, ",,")) {
			diag_set(d, "option --against: '%s' has an empty file name", v);
			return -1;
		}
	}
	o->against = xreallocarray(o->against, o->nagainst + 1, sizeof *o->against);
	o->against[o->nagainst++] = (char *)v;
	return 0;
}

static int set_topics(struct options *o, const char *v, struct diag *d)
{
	return room_count("--topics", v, 1, 1000000, &o->topics, d);
}

static int sel_bias(const struct options *o)
{
	return o->bias;
}

static int check_bias(const struct options *o, int sel, struct diag *d)
{
	if (!sel)
		return 0;
	if (!o->nagainst) {
		diag_set(d, "option --bias needs at least one --against (a qrels file, a comma list of them, or pool:K)");
		return -1;
	}
	for (size_t i = 0; o->images && i < o->nagainst; i++)
		if (strncmp(o->against[i], "pool:", 5) != 0 &&
		    strchr(o->against[i], ',')) {
			diag_set(d, "option --against %s: replicate qrels files are not with -b (the images are the replicates)",
				 o->against[i]);
			return -1;
		}
	if (o->images_file)
		diag_set(d, "option --images: not with --bias");
	else if (o->format == FORMAT_TREC && !o->images)
		diag_set(d, "option -F trec: the --bias table is TSV only");
	else
		return 0;
	return -1;
}

static void *bias_new(const struct options *o)
{
	struct bias_extra *x = xcalloc(1, sizeof *x);
	bias_set_init(&x->bs, o);
	return x;
}

static int bias_load(void *x, const struct collection *c,
		     const struct options *o, const struct qrels_opts *qo,
		     struct warnings *w, struct diag *d)
{
	struct bias_extra *b = x;
	(void)o;
	return bias_set_load(&b->bs, c, qo, w, d);
}

/* The engineered runs, then every run carried over to the collections. */
static const struct run *bias_runs(void *x, const struct collection *c,
				   const struct options *o,
				   const struct run *kept, size_t *n)
{
	struct bias_extra *b = x;
	size_t nkept = *n;
	const struct run *runs = kept;
	if (o->engineered) {
		b->all = xcalloc(2 * nkept, sizeof *b->all);
		memcpy(b->all, kept, nkept * sizeof *kept);
		for (size_t j = 0; j < nkept; j++) {
			run_engineer(&b->all[nkept + j], &kept[j], c, j, o->seed);
			run_name_unique(&b->all[nkept + j], b->all, nkept + j);
		}
		b->neng = nkept;
		runs = b->all;
		*n = 2 * nkept;
	}
	bias_set_runs(&b->bs, runs, *n);
	return runs;
}

static void bias_free(void *x, size_t nkept)
{
	struct bias_extra *b = x;
	for (size_t j = 0; j < b->neng; j++)
		run_release(&b->all[nkept + j]);
	free(b->all);
	bias_set_release(&b->bs);
	free(b);
}

static const struct analysis_opt bias_opts[] = {
	{ .name = "--bias", .flag = offsetof(struct options, bias) },
	{ .name = "-t", .arg = "T", .set = room_set_samples },
	{ .name = "--against", .arg = "SPEC", .set = set_against, .many = 1 },
	{ .name = "--topics", .arg = "N", .set = set_topics },
	{ .name = "--engineered", .flag = offsetof(struct options, engineered) },
};

const struct analysis room_bias = {
	.name = "bias",
	.option = "--bias",
	.input = IN_OWN,
	.flags = AN_TWO_RUNS | AN_DOCNOS,
	.pool_refusal = "--bias (use --against pool:K)",
	.ci_refusal = "--bias",
	.opts = bias_opts,
	.nopts = sizeof bias_opts / sizeof *bias_opts,
	.help = "  --bias          the bias, variance and error of the ranking of the runs\n"
		"                  (Cormack & Grossman) on each --against collection\n"
		"                  against the others, by topic bootstrap samples\n"
		"  --against SPEC  with --bias, repeatable: a qrels file, a comma list of\n"
		"                  qrels files (replicates), or pool:K (the judgements of\n"
		"                  the runs' top K); with -b the images are the replicates\n"
		"  --topics N      with --bias: topics per sample (default: every topic)\n"
		"  --engineered    with --bias: add per run one with its relevant documents\n"
		"                  permuted among its relevant ranks (NAME~perm)\n",
	.columns = "--bias: measure collection truth statistic value",
	.selected = sel_bias,
	.check = check_bias,
	.defaults = room_defaults_samples,
	.extra_new = bias_new,
	.extra_load = bias_load,
	.extra_runs = bias_runs,
	.extra_free = bias_free,
	.print = print_bias,
	.figure = fig_bias,
};
