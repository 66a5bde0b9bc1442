/*
 * analysis.h - the analyses of cbeval, registered in one table like the
 * measures: each is a room that reads a table of scores - per run, topic
 * and measure, at the root and, for the analyses of the corpus
 * bootstrap, in every image - and prints one tidy table on its stream.
 *
 *   evaluation   (default, -b 0)  the scores: run qid measure value
 *   summary      (default, -b B)  the bootstrap summaries
 *   pairs        --pairs          every pair of runs over the images
 *   reliability  --reliability    the precision of each measure
 *   sensitivity  --sensitivity    topic-bootstrap tests (Sakai)
 *   partitions   --partitions     partition replicates, bootstrap ANOVA
 *   meld         --meld           predictivity across melded halves
 *   bias         --bias           bias and variance of rankings
 *   compare      --compare        significance against a baseline or
 *                                 between all runs, corrected
 *
 * Adding one: write its print function and its figure (a src/fig_*.c,
 * see figure.h), add a row here (analysis.c) and the option that selects
 * it (cli.c).
 */
#ifndef CBEVAL_ANALYSIS_H
#define CBEVAL_ANALYSIS_H

#include <stdio.h>

#include "boot.h"
#include "bias.h"
#include "options.h"
#include "diag.h"
#include "figure.h"
#include "meld.h"
#include "pool.h"
#include "score.h"
#include "trec_out.h"

/* What an analysis reads (see struct analysis, input): root for those of
 * the scores as given; br for those of corpus images (keep set, so
 * br->full holds every per-topic value), unless own_pools and --pool;
 * neither for those that make replicates of their own (--meld, --bias). */
struct analysis_in {
	const struct scorer *s;
	const double *root;            /* [(run * ntopics + topic) * nslots + slot] */
	const struct boot_result *br;  /* images 0..B, or NULL */
	const struct options *o;
	struct pool *pool;
	int progress;                  /* progress line on standard error */
	struct warnings *warn;         /* warnings for the caller to print */
	FILE *images;                  /* --images, or NULL */
	const struct meld_labels *labels;  /* --meld's labels */
	FILE *pair_images;             /* --pair-images stream, or NULL */
	FILE *pair_fig;                /* --svg --pairs: the figure's rows */
	const struct bias_set *bias;   /* --bias's collections */
	size_t npool;                  /* the runs given (the rest engineered) */
	const struct trec_ctx *trec;   /* -F trec: its measures' extras */
	struct diag *err;              /* an error in the data (print: -2) */
};

struct analysis {
	const char *name;
	const char *option;            /* the option that selects it, or NULL */
	enum { IN_ROOT, IN_IMAGES, IN_OWN, IN_ROOT_IMAGES } input;
				       /* reads the root scores, corpus images
					  (-b >= 1), or neither: it scores
					  replicates of its own; or the root
					  scores and, with -b, the images'
					  summaries too */
	int keep;                      /* needs every per-topic image value */
	int own_pools;                 /* with --pool, scores its own images
					  under pools of its own (each pair's):
					  reads no kept images */
	/* Print the table; returns 0, -1 when writing failed, or -2 with
	 * in->err set when the data cannot be printed (nothing written). */
	int (*print)(FILE *f, const struct analysis_in *in);
	/* Draw the figure of --svg from the printed table (figure.h). */
	fig_fn *figure;
};

extern const struct analysis analysis_table[];
extern const size_t analysis_table_len;

/* The analysis the options select (the evaluation or the bootstrap
 * summary when no option names one). */
const struct analysis *analysis_select(const struct options *o);

#endif
