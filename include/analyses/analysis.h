/*
 * analysis.h - the analyses of cbeval, registered in one table like the
 * measures: each is a room that reads a table of scores - per run, topic
 * and measure, at the root and, for the analyses of the corpus
 * bootstrap, in every image - and prints one tidy table on its stream,
 * and one figure with --svg.
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
 * A room registers, in its row (struct analysis, defined in its own
 * *_room.c file), everything the rest of the program needs to know of
 * it: its options and how to read their values, its usage rules, its
 * --help lines and output columns, its defaults, the inputs of its own
 * (--meld's labels, --bias's collections) and its printer and figure.
 * The command line (src/cli/) and the pipeline (eval.c) read the rows
 * and never name an analysis.
 *
 * Adding one: write its computation and figure, one *_room.c with its
 * row, and add the row to analysis_table (analysis.c); then its manual
 * page section and README entry.
 */
#ifndef CBEVAL_ANALYSIS_H
#define CBEVAL_ANALYSIS_H

#include <stdio.h>

#include "boot.h"
#include "collection.h"
#include "options.h"
#include "diag.h"
#include "figure.h"
#include "pool.h"
#include "run.h"
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
	const void *extra;             /* the analysis's own inputs (its
					  extra_new), or NULL */
	FILE *pair_images;             /* --pair-images stream, or NULL */
	FILE *pair_fig;                /* captured rows for the figure
					  (AN_CAPTURE), or NULL */
	size_t npool;                  /* the runs given (the rest engineered) */
	const struct trec_ctx *trec;   /* -F trec: its measures' extras */
	struct diag *err;              /* an error in the data (print: -2) */
};

/* One option of an analysis: its name ("--meld", "-t"), its value's name
 * in the usage lines (NULL for a flag), and set, which reads the value v
 * into o: returns 0, or -1 with d set; a flag has no set, and giving it
 * sets the int at offset flag of struct options to 1.  An option may be
 * registered by several analyses (the same row, repeated): it belongs to
 * each, and the first registration is the one used. */
struct analysis_opt {
	const char *name;
	const char *arg;
	int (*set)(struct options *o, const char *v, struct diag *d);
	size_t flag;
	int many;                      /* repeatable ("[--against SPEC]...") */
};

/* The row's flags. */
enum {
	AN_TWO_RUNS = 1,     /* needs at least two runs */
	AN_CAPTURE = 2,      /* its figure reads rows captured while it
				prints (analysis_in.pair_fig) */
	AN_DOCNOS = 4,       /* reads documents' names: --collection keeps
				them */
	AN_REPORT = 8,       /* prints -F markdown and -F latex reports */
	AN_NO_IMAGES = 16,   /* draws no image of the collection: the
				documents' hashes are not computed */
};

struct analysis {
	const char *name;
	const char *option;            /* the option that selects it, or NULL
					  (then opts[0] is that option) */
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
	unsigned flags;                /* AN_* */
	unsigned min_images;           /* images it needs (from image files) */
	const char *pool_refusal;      /* not with --pool: "--X (why)", or
					  NULL when it takes --pool */
	const char *ci_refusal;        /* not with --ci: "--X (why)", or NULL */
	const char *from_refusal;      /* not with --from-images: the message,
					  or NULL (the generic one when it
					  reads no corpus images) */
	const char *trec_refusal;      /* not with -F trec: the message, or
					  NULL (with -b, the bootstrap
					  summaries' message) */
	const char *alone;             /* with another analysis: why not, in
					  its own message; NULL: the common
					  message names it */
	const struct analysis_opt *opts;  /* its options, the selecting one
					     first */
	size_t nopts;
	const char *help;              /* its --help lines */
	const char *columns;           /* its output columns, for --help */
	/* 1 when o selects it (NULL for the two defaults). */
	int (*selected)(const struct options *o);
	/* Its usage rules (sel: o selects it): 0, or -1 with d set. */
	int (*check)(const struct options *o, int sel, struct diag *d);
	/* Its defaults, once o is parsed and checked: 0, or -1 with d set. */
	int (*defaults)(struct options *o, struct diag *d);
	/* Its own inputs: extra_new (before loading; NULL: none),
	 * extra_load (before the collection is frozen: 0, or -1 with the
	 * errors in d), extra_runs (after --top: the runs to score, setting
	 * *n), extra_free. */
	void *(*extra_new)(const struct options *o);
	int (*extra_load)(void *x, const struct collection *c,
			  const struct options *o, const struct qrels_opts *qo,
			  struct warnings *w, struct diag *d);
	const struct run *(*extra_runs)(void *x, const struct collection *c,
					const struct options *o,
					const struct run *kept, size_t *n);
	void (*extra_free)(void *x, size_t nkept);
	/* Before scoring: whether the scorer's runs suit the options (NULL:
	 * they do).  Returns 0, or -1 with d set to a usage error. */
	int (*ready)(const struct scorer *s, const struct options *o,
		     struct diag *d);
	/* Print the table; returns 0, -1 when writing failed, or -2 with
	 * in->err set when the data cannot be printed (nothing written). */
	int (*print)(FILE *f, const struct analysis_in *in);
	/* Draw the figure of --svg from the printed table (figure.h). */
	fig_fn *figure;
};

/* The rows, in the order of --help and of the usage rules. */
extern const struct analysis *const analysis_table[];
extern const size_t analysis_table_len;

/* The analysis the options select (the evaluation or the bootstrap
 * summary when no option names one). */
const struct analysis *analysis_select(const struct options *o);

/* 1 when an option names an analysis (not the two defaults). */
int analysis_named(const struct options *o);

/* The registered option called name (n bytes): its row, or NULL. */
const struct analysis_opt *analysis_opt_find(const char *name, size_t n);

/* The selecting option called name (n bytes), "--pairs" say: its row,
 * or NULL. */
const struct analysis *analysis_by_option(const char *name, size_t n);

/* The long options of the analyses, without their "--", each once, into
 * out[0..max) (for suggestions): returns how many. */
size_t analysis_opt_names(const char **out, size_t max);

/* Read the value v (NULL for a flag) of option name (as registered),
 * which selects an analysis or is one's: 0, or -1 with d set.  Notes
 * it among o's given options. */
int analysis_set(struct options *o, const char *name, const char *v,
		 struct diag *d);

/* The usage rules of the analyses (analysis_check.c): that an option of
 * an analysis comes with it, that one analysis is named, and each row's
 * rules.  Returns 0, or -1 with d set. */
int analysis_check_given(const struct options *o, struct diag *d);
int analysis_check_one(const struct options *o, struct diag *d);
int analysis_check_rows(const struct options *o, struct diag *d);
/* The rules read from the selected row's fields: --images needs -b, two
 * runs, --pool: 0, or -1 with d set. */
int analysis_check_common(const struct options *o, struct diag *d);
/* With --from-images: the selected analysis reads corpus images. */
int analysis_check_from(const struct options *o, struct diag *d);
/* Fill the defaults of the selected analysis: 0, or -1 with d set. */
int analysis_defaults(struct options *o, struct diag *d);
/* "option --X: standard output already carries the --X table" when
 * --images is "-"; the rows' checks use it.  0, or -1 with d set. */
int analysis_images_stdout(const struct options *o, const char *option,
			   struct diag *d);

/* One usage line form (analysis_help.c): first ("usage: cbeval"), the
 * words before, "[--pairs | ...]" and the options of the analyses (each
 * once), the words after; wrapped at 78 columns, continuation lines
 * indented under the first word.  With from_images, only the analyses
 * that read corpus images.  Then their --help lines; their output
 * columns. */
void analysis_usage(FILE *f, const char *first, const char *before,
		    const char *after, int from_images);
void analysis_help(FILE *f);
void analysis_columns(FILE *f);

#endif
