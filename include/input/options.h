/*
 * options.h - what the command line asks for: struct options, filled by
 * cli_parse (cli.h) and read by every stage after it.  A plain record:
 * its strings are borrowed from argv unless marked owned.
 */
#ifndef CBEVAL_OPTIONS_H
#define CBEVAL_OPTIONS_H

#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "interval.h"
#include "run.h"

#define CBEVAL_VERSION "0.1.0"

enum out_format { FORMAT_TSV, FORMAT_TREC, FORMAT_MARKDOWN, FORMAT_LATEX };

/* --compare's tests (--test) and corrections (--correct; holm the
 * default). */
enum cmp_test { CMP_T, CMP_WILCOXON, CMP_RAND, CMP_BOOT, CMP_NTESTS };
enum cmp_correct { CORRECT_HOLM, CORRECT_NONE, CORRECT_BONFERRONI, CORRECT_BH };

/* Over which topics "all" averages (--mean; see eval.h). */
enum mean_over { MEAN_QRELS, MEAN_RUN };

struct options {
	const char *qrels;
	char **runs;              /* borrowed from argv */
	size_t nruns;
	char **mspec;             /* -m arguments, borrowed from argv */
	size_t nmspec;
	int level;                /* -l */
	struct run_opts ro;       /* --order, -M, --dedup */
	int per_topic;            /* -q */
	int decimals;             /* -p */
	enum out_format format;   /* -F */
	unsigned long images;     /* -b */
	enum ci_method ci;        /* --ci (default percentile) */
	int ci_given;             /* --ci was given */
	uint64_t seed;            /* --seed */
	unsigned threads;         /* -j, 0 = all online CPUs */
	const char *images_file;  /* --images */
	int pairs;                /* --pairs */
	int reliability;          /* --reliability */
	int sensitivity;          /* --sensitivity */
	unsigned long samples;    /* -t: topic samples (0 = not given) */
	unsigned long top;        /* --top: keep this many runs, 0 = all */
	unsigned partitions;      /* --partitions X, 0 = not given */
	unsigned long splits;     /* --splits K (0 = not given: 1) */
	unsigned long resamples;  /* --resamples M (0 = not given: 1000) */
	unsigned long randomizations; /* --randomizations R (0: 10000) */
	const char *top_by;       /* --top-by: measure spec, or NULL */
	const char *meld;         /* --meld: a labels file or "rank", or NULL */
	char *mf_buf;             /* --mf (or its default), owned: the
				     elements, NUL-separated */
	const char **mf_text;     /* [nmf] each meld factor as given (owned) */
	double *mf;               /* [nmf] its value (owned) */
	size_t nmf;
	unsigned long pool;       /* --pool K: judgement pool depth, 0 = none */
	const char *pair_images;  /* --pair-images FILE, or NULL */
	const char *svg;          /* --svg FILE: the figure, or NULL */
	int bias;                 /* --bias */
	char **against;           /* --against SPECs, borrowed from argv */
	size_t nagainst;
	unsigned long topics;     /* --topics: topics per sample (0 = n) */
	int engineered;           /* --engineered */
	int quiet;                /* --quiet: no warnings */
	unsigned quiet_kinds;     /* --quiet=KIND,...: none of those kinds
				     (warnings_kind) */
	unsigned long range_first, range_last; /* --image-range, 0 = none */
	char **from;              /* --from-images FILEs, borrowed from argv */
	size_t nfrom;
	const char *save_coll;    /* --save-collection FILE, or NULL */
	const char *collection;   /* --collection FILE: read instead of
				     QRELS and RUN, or NULL */
	const char *loading;      /* the first of -l, -M, --order, --dedup
				     given, or NULL: --collection takes
				     them from the file */
	const char *scoring;      /* the first option given that changes the
				     scores (-m, -l, -M, --order, --dedup,
				     --pool, --seed, -b, --top, --top-by),
				     or NULL: --from-images takes them from
				     the files */
	const char *compare;      /* --compare BASE or "all", or NULL */
	enum cmp_test tests[CMP_NTESTS]; /* --test, in the order given */
	size_t ntests;            /* 0: not given (t) */
	enum cmp_correct correct; /* --correct */
	double alpha;             /* --alpha, 0: not given (0.05) */
	const char *given[24];    /* the analyses' options given (not those
				     selecting one), each once, in order */
	size_t ngiven;
	int help, version;
	int names_by_file;        /* --names file (default tag) */
	/* trec_eval's options (cli_trec.c) */
	int trec_name;            /* invoked as trec_eval: its messages */
	int complete;             /* -c */
	enum mean_over mean;      /* --mean (default: see options_mean) */
	int mean_given;
	int no_summary;           /* -n: no lines for "all" */
	int judged_only;          /* -J */
	uint64_t ndocs;           /* -N, 0 = not given */
	const char *zscores;      /* -Z FILE, or NULL */
	const char *debug_qid;    /* -D 0.QID: only this topic, or NULL */
};

/* The topics "all" averages over: --mean as given; else with -F trec
 * those of the run unless -c (trec_eval 9's rule), and otherwise every
 * topic of the qrels. */
enum mean_over options_mean(const struct options *o);

/* The whole number v of option opt in [lo, hi] into *out: 0, or -1 with
 * d set ("option -b: 'x' is not a number (expected ...)"). */
int options_num(const char *opt, const char *v, long lo, long hi, long *out,
		struct diag *d);

/* The defaults (options_init); free what parsing allocated and reset
 * to the defaults (options_release). */
void options_init(struct options *o);
void options_release(struct options *o);


#endif
