/*
 * cli.c - command-line parsing and --help (see cli.h).  Accepts "-b 100",
 * "-b100", "--seed=7", "--seed 7", "--" to end options, and "-" as a file
 * name (standard input).
 */
#include "cli.h"
#include "lex.h"
#include "measure.h"
#include "xalloc.h"

#include <inttypes.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void options_init(struct options *o)
{
	memset(o, 0, sizeof *o);
	o->level = 1;
	o->decimals = 4;
	o->seed = 1;
	o->ro.order = ORDER_SCORE;
}

void options_release(struct options *o)
{
	free(o->runs);
	free(o->mspec);
	free(o->against);
	free(o->mf_buf);
	free(o->mf_text);
	free(o->mf);
	options_init(o);
}

void cli_usage(FILE *f)
{
	fputs("usage: cbeval [-c] [-q] [-b B] [-F tsv|trec] [-j N] [-l N] [-M N] [-m SPEC]...\n"
	      "              [-p N] [-t T] [--dedup] [--images FILE] [--order score|rank|file]\n"
	      "              [--pairs | --reliability | --sensitivity | --partitions X\n"
	      "               | --meld LABELS|rank | --bias] [--mf LIST] [--splits K]\n"
	      "              [--resamples M] [--randomizations R] [--against SPEC]...\n"
	      "              [--topics N] [--engineered] [--quiet] [--pool K]\n"
	      "              [--pair-images FILE] [--seed S] [--top N] [--top-by MEASURE]\n"
	      "              QRELS RUN...\n", f);
}

void cli_help(FILE *f)
{
	cli_usage(f);
	fputs("\n"
	      "Score every RUN against QRELS with IR effectiveness measures and, with -b,\n"
	      "measure how precisely each score is known by bootstrapping the corpus\n"
	      "(Zobel & Rashidi, CIKM 2020).  A RUN of '-' is standard input; a file\n"
	      "ending in .gz is read through gzip -dc.  See cbeval(1).\n"
	      "\n"
	      "options:\n"
	      "  -m SPEC         measures, repeatable, comma lists allowed:\n", f);
	measure_help(f);
	fputs("                  (default AP,nDCG@1000,P@10,RBP(p=0.95),INSQ(T=5),RR)\n"
	      "  -l N            relevance level: grade >= N is relevant (default 1)\n"
	      "  -M N            keep the first N documents of each ranking\n"
	      "  --order=KEY     ranking order: score (default; ties by docno\n"
	      "                  descending, as trec_eval), rank, or file\n"
	      "  --dedup         keep the first of duplicate documents and judgements\n"
	      "  -q              also print one row per topic\n"
	      "  -c              accepted for trec_eval's sake: the mean is always over\n"
	      "                  every qrels topic, as trec_eval -c computes it\n"
	      "  --quiet         print no warnings\n"
	      "  -p N            decimal places (default 4)\n"
	      "  -F FORMAT       tsv (default) or trec (trec_eval's layout and names)\n"
	      "  -b B            bootstrap images (default 0: plain evaluation)\n"
	      "  --seed S        seed of the images (default 1)\n"
	      "  -j N            threads, at most the online CPUs (default: all of them)\n"
	      "  --images FILE   write every per-image value to FILE ('-' = stdout)\n"
	      "  --pairs         with -b: compare every pair of runs (differences,\n"
	      "                  paired t-tests); -q adds per-topic rows\n"
	      "  --reliability   with -b >= 2: precision of each measure (per-topic sd,\n"
	      "                  interval coverage, Kendall tau, rank spread)\n"
	      "  --sensitivity   without -b: topic-bootstrap tests of every pair of runs\n"
	      "                  and the sensitivity of each measure (Sakai, SIGIR 2006):\n"
	      "                  discriminative power, required difference, MR-PT,\n"
	      "                  swap rates, Kendall tau between measures\n"
	      "  -t T            with --sensitivity or --bias: topic samples (default 1000)\n"
	      "  --partitions X  without -b: split the documents into X random parts,\n"
	      "                  each a replicate; bootstrap ANOVA of the system effects\n"
	      "                  (Voorhees), against the t-test and randomization test\n"
	      "  --meld LABELS   with -b: predictivity (Rashidi, Zobel & Moffat): documents\n"
	      "                  labelled L or R (LABELS: lines 'docno L|R'; or 'rank':\n"
	      "                  by the runs' shallowest rank against its median), labels\n"
	      "                  melded, each sub-collection bootstrapped; self-comparison\n"
	      "                  p-values and non-support of pairs significant on L\n"
	      "  --mf LIST       with --meld: meld factors (default 1.0,0.8,0.6,0.4,0.2,0.0)\n"
	      "  --splits K      with --partitions: random splits (default 1); with\n"
	      "                  --meld: random meld splits per factor (default 10)\n"
	      "  --resamples M   with --partitions: residual resamples (default 1000)\n"
	      "  --randomizations R  with --partitions: randomization test (default 10000)\n"
	      "  --pool K        in every image judge only the documents at positions\n"
	      "                  1..K of the runs (of each pair with --pairs); the\n"
	      "                  other judgements count as unjudged (1 to 100000)\n"
	      "  --pair-images FILE  with --pairs: write each pair's difference and\n"
	      "                  t-test p in every image to FILE\n"
	      , f);
	fputs("  --bias          the bias, variance and error of the ranking of the runs\n"
	      "                  (Cormack & Grossman) on each --against collection\n"
	      "                  against the others, by topic bootstrap samples\n"
	      "  --against SPEC  with --bias, repeatable: a qrels file, a comma list of\n"
	      "                  qrels files (replicates), or pool:K (the judgements of\n"
	      "                  the runs' top K); with -b the images are the replicates\n"
	      "  --topics N      with --bias: topics per sample (default: every topic)\n"
	      "  --engineered    with --bias: add per run one with its relevant documents\n"
	      "                  permuted among its relevant ranks (NAME~perm)\n"
	      "  --top N         keep only the N runs with the highest score on the\n"
	      "                  first measure (ties: command-line order)\n"
	      "  --top-by M      with --top: rank the runs by measure M instead\n"
	      "  -h, --help      this text\n"
	      "  --version       the version\n"
	      "\n"
	      "output: TSV with a header line; run qid measure value (-b 0), or\n"
	      "run qid measure root mean sd ci_lo q25 median q75 ci_hi rank rank_min\n"
	      "rank_q25 rank_median rank_q75 rank_max (-b B); --pairs: runA runB measure\n"
	      "qid root_diff mean sd ci_lo ci_hi p_gt p_eq root_p p_median p_lt05;\n"
	      "--pair-images: runA runB measure qid image diff p;\n"
	      "--reliability: measure run qid statistic value;\n"
	      "--sensitivity: measure runA runB statistic value;\n"
	      "--partitions: measure split runA runB statistic value;\n"
	      "--meld: measure mf statistic value;\n"
	      "--bias: measure collection truth statistic value.\n"
	      "exit status: 0 success, 1 usage error, 2 bad input or I/O error.\n", f);
}

static int num_arg(const char *opt, const char *v, long lo, long hi, long *out,
		   struct diag *d)
{
	const char *why;
	if (lex_long(v, strlen(v), lo, hi, out, &why) != 0) {
		diag_set(d, "option %s: '%s' is %s (expected a whole number from %ld to %ld)",
			 opt, v, why, lo, hi);
		return -1;
	}
	return 0;
}

static int u64_arg(const char *opt, const char *v, uint64_t lo, uint64_t hi,
		   uint64_t *out, struct diag *d)
{
	const char *why;
	if (lex_u64(v, strlen(v), lo, hi, out, &why) != 0) {
		diag_set(d, "option %s: '%s' is %s (expected a whole number from %" PRIu64
			 " to %" PRIu64 ")", opt, v, why, lo, hi);
		return -1;
	}
	return 0;
}

static int parse_order(const char *v, struct options *o, struct diag *d)
{
	if (strcmp(v, "score") == 0)
		o->ro.order = ORDER_SCORE;
	else if (strcmp(v, "rank") == 0)
		o->ro.order = ORDER_RANK;
	else if (strcmp(v, "file") == 0)
		o->ro.order = ORDER_FILE;
	else {
		diag_set(d, "option --order: '%s' is not score, rank or file", v);
		return -1;
	}
	return 0;
}

/* --mf LIST: comma-separated decimals in [0, 1], no empty element and no
 * value twice; each kept as written, for the output. */
static int parse_mf(struct options *o, const char *v, struct diag *d)
{
	size_t n = 1, k = 0;
	char *p;
	free(o->against);
	free(o->mf_buf);
	free(o->mf_text);
	free(o->mf);
	for (const char *q = v; *q; q++)
		n += *q == ',';
	o->mf_buf = xstrdup(v);
	o->mf_text = xcalloc(n, sizeof *o->mf_text);
	o->mf = xcalloc(n, sizeof *o->mf);
	o->nmf = n;
	p = o->mf_buf;
	for (k = 0; k < n; k++) {
		char *comma = strchr(p, ',');
		const char *why = "out of range";
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		double x;
		if (comma)
			*comma = '\0';
		if (len == 0) {
			diag_set(d, "option --mf: '%s' has an empty element", v);
			return -1;
		}
		if (lex_double(p, len, &x, &why) != 0 || !(x >= 0 && x <= 1)) {
			diag_set(d, "option --mf: '%s' is %s (expected a decimal from 0 to 1)",
				 p, why);
			return -1;
		}
		for (size_t i = 0; i < k; i++)
			if (o->mf[i] == x) {
				diag_set(d, "option --mf: '%s' and '%s' are the same meld factor",
					 o->mf_text[i], p);
				return -1;
			}
		o->mf_text[k] = p;
		o->mf[k] = x;
		p += len + 1;
	}
	return 0;
}

/* --against SPEC: a qrels file, a comma list of them, or pool:K. */
static int parse_against(struct options *o, const char *v, struct diag *d)
{
	long k;
	if (!*v) {
		diag_set(d, "option --against: empty file name");
		return -1;
	}
	if (strncmp(v, "pool:", 5) == 0 &&
	    num_arg("--against pool:K", v + 5, 1, 100000, &k, d))
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

/* Long options: name, and whether it takes a value. */
static const struct {
	const char *name;
	int value;
} long_opts[] = {
	{ "order", 1 }, { "seed", 1 }, { "images", 1 }, { "help", 0 },
	{ "version", 0 }, { "dedup", 0 }, { "pairs", 0 }, { "reliability", 0 },
	{ "quiet", 0 }, { "sensitivity", 0 }, { "top", 1 }, { "top-by", 1 },
	{ "partitions", 1 }, { "splits", 1 }, { "resamples", 1 },
	{ "randomizations", 1 }, { "meld", 1 }, { "mf", 1 }, { "pool", 1 },
	{ "pair-images", 1 }, { "bias", 0 }, { "against", 1 }, { "topics", 1 },
	{ "engineered", 0 },
};

/* Index of the long option name (n bytes), or -1. */
static int long_find(const char *name, size_t n)
{
	for (size_t k = 0; k < sizeof long_opts / sizeof *long_opts; k++)
		if (strlen(long_opts[k].name) == n &&
		    strncmp(long_opts[k].name, name, n) == 0)
			return (int)k;
	return -1;
}

/* A long option without a value. */
static void flag(struct options *o, const char *name)
{
	static const struct {
		const char *name;
		size_t off;
	} flags[] = {
		{ "help", offsetof(struct options, help) },
		{ "version", offsetof(struct options, version) },
		{ "dedup", offsetof(struct options, ro.dedup) },
		{ "pairs", offsetof(struct options, pairs) },
		{ "reliability", offsetof(struct options, reliability) },
		{ "quiet", offsetof(struct options, quiet) },
		{ "sensitivity", offsetof(struct options, sensitivity) },
		{ "bias", offsetof(struct options, bias) },
		{ "engineered", offsetof(struct options, engineered) },
	};
	for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
		if (strcmp(flags[i].name, name) == 0)
			*(int *)(void *)((char *)o + flags[i].off) = 1;
}

static int apply(struct options *o, const char *opt, const char *v,
		 struct diag *d)
{
	long n;
	if (strcmp(opt, "-m") == 0) {
		o->mspec = xreallocarray(o->mspec, o->nmspec + 1, sizeof *o->mspec);
		o->mspec[o->nmspec++] = (char *)v;
	} else if (strcmp(opt, "-l") == 0) {
		if (num_arg(opt, v, -INT32_MAX, INT32_MAX, &n, d))
			return -1;
		o->level = (int)n;
	} else if (strcmp(opt, "-M") == 0) {
		return u64_arg(opt, v, 1, UINT64_MAX, &o->ro.max_docs, d);
	} else if (strcmp(opt, "-p") == 0) {
		if (num_arg(opt, v, 0, 17, &n, d))
			return -1;
		o->decimals = (int)n;
	} else if (strcmp(opt, "-F") == 0) {
		if (strcmp(v, "tsv") == 0)
			o->format = FORMAT_TSV;
		else if (strcmp(v, "trec") == 0)
			o->format = FORMAT_TREC;
		else {
			diag_set(d, "option -F: '%s' is not tsv or trec", v);
			return -1;
		}
	} else if (strcmp(opt, "-b") == 0) {
		if (num_arg(opt, v, 0, 10000000, &n, d))
			return -1;
		o->images = (unsigned long)n;
	} else if (strcmp(opt, "-j") == 0) {
		if (num_arg(opt, v, 1, 1024, &n, d))
			return -1;
		o->threads = (unsigned)n;
	} else if (strcmp(opt, "--seed") == 0) {
		return u64_arg(opt, v, 0, INT64_MAX, &o->seed, d);
	} else if (strcmp(opt, "--order") == 0) {
		return parse_order(v, o, d);
	} else if (strcmp(opt, "-t") == 0) {
		if (num_arg(opt, v, 1, 1000000, &n, d))
			return -1;
		o->samples = (unsigned long)n;
	} else if (strcmp(opt, "--partitions") == 0) {
		if (num_arg(opt, v, 2, 64, &n, d))
			return -1;
		o->partitions = (unsigned)n;
	} else if (strcmp(opt, "--splits") == 0) {
		if (num_arg(opt, v, 1, 1000, &n, d))
			return -1;
		o->splits = (unsigned long)n;
	} else if (strcmp(opt, "--resamples") == 0) {
		if (num_arg(opt, v, 1, 1000000, &n, d))
			return -1;
		o->resamples = (unsigned long)n;
	} else if (strcmp(opt, "--randomizations") == 0) {
		if (num_arg(opt, v, 1, 10000000, &n, d))
			return -1;
		o->randomizations = (unsigned long)n;
	} else if (strcmp(opt, "--top") == 0) {
		if (num_arg(opt, v, 1, LONG_MAX, &n, d))
			return -1;
		o->top = (unsigned long)n;
	} else if (strcmp(opt, "--top-by") == 0) {
		if (!*v) {
			diag_set(d, "option --top-by: empty measure name");
			return -1;
		}
		o->top_by = v;
	} else if (strcmp(opt, "--meld") == 0) {
		if (!*v || strcmp(v, "-") == 0) {
			diag_set(d, "option --meld: %s (a labels file or 'rank')",
				 *v ? "the labels cannot come from standard input"
				    : "empty file name");
			return -1;
		}
		o->meld = v;
	} else if (strcmp(opt, "--mf") == 0) {
		return parse_mf(o, v, d);
	} else if (strcmp(opt, "--against") == 0) {
		return parse_against(o, v, d);
	} else if (strcmp(opt, "--topics") == 0) {
		if (num_arg(opt, v, 1, 1000000, &n, d))
			return -1;
		o->topics = (unsigned long)n;
	} else if (strcmp(opt, "--images") == 0) {
		if (!*v) {
			diag_set(d, "option --images: empty file name");
			return -1;
		}
		o->images_file = v;
	} else if (strcmp(opt, "--pool") == 0) {
		if (num_arg(opt, v, 1, 100000, &n, d))
			return -1;
		o->pool = (unsigned long)n;
	} else if (strcmp(opt, "--pair-images") == 0) {
		if (!*v) {
			diag_set(d, "option --pair-images: empty file name");
			return -1;
		}
		o->pair_images = v;
	}
	return 0;
}

/* --pool and --pair-images against the other options (after those of the
 * analyses are checked): 0, or -1 with d set. */
static int check_pools(const struct options *o, struct diag *d)
{
	if (o->pool && (o->sensitivity || o->partitions || o->meld || o->bias)) {
		diag_set(d, "option --pool judges the top documents of bootstrap images: not with %s",
			 o->sensitivity ? "--sensitivity" : o->partitions
			 ? "--partitions" : o->meld ? "--meld"
			 : "--bias (use --against pool:K)");
		return -1;
	}
	if (o->pair_images && !o->pairs) {
		diag_set(d, "option --pair-images needs --pairs");
		return -1;
	}
	if (o->pair_images && strcmp(o->pair_images, "-") == 0) {
		diag_set(d, "option --pair-images -: standard output already carries the --pairs table");
		return -1;
	}
	if (o->pool && o->pairs && o->images_file) {
		diag_set(d, "option --images: with --pairs and --pool each pair has its own pool (see --pair-images)");
		return -1;
	}
	return 0;
}

/* The usage rules of --meld and --mf (shared spec meld.md). */
static int meld_check(const struct options *o, struct diag *d)
{
	if (!o->meld) {
		if (o->nmf)
			diag_set(d, "option --mf needs --meld");
		return o->nmf ? -1 : 0;
	}
	if (o->images == 0)
		diag_set(d, "option --meld needs -b with at least 1 image");
	else if (o->images_file && strcmp(o->images_file, "-") == 0)
		diag_set(d, "option --images -: standard output already carries the --meld table");
	else
		return 0;
	return -1;
}

/* The usage rules of --bias and its options (shared spec bias.md). */
static int bias_check(const struct options *o, struct diag *d)
{
	if (!o->bias) {
		const char *opt = o->nagainst ? "--against" : o->topics
			? "--topics" : o->engineered ? "--engineered" : NULL;
		if (opt)
			diag_set(d, "option %s needs --bias", opt);
		return opt ? -1 : 0;
	}
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
	if (o->images_file) {
		diag_set(d, "option --images: not with --bias");
		return -1;
	}
	if (o->format == FORMAT_TREC && !o->images) {
		diag_set(d, "option -F trec: the --bias table is TSV only");
		return -1;
	}
	return 0;
}

int cli_parse(struct options *o, int argc, char **argv, struct diag *d)
{
	size_t nfiles = 0;
	char **files = xcalloc((size_t)argc + 1, sizeof *files);
	int only_files = 0, i;

	for (i = 1; i < argc; i++) {
		char *a = argv[i];
		if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
			files[nfiles++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_files = 1;
		} else if (a[1] == '-') {
			const char *eq = strchr(a + 2, '='), *v = NULL;
			size_t nl = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
			int k = long_find(a + 2, nl);
			char opt[40];
			if (k < 0) {
				diag_set(d, "unknown option --%.*s",
					 nl > 40 ? 40 : (int)nl, a + 2);
				goto fail;
			}
			snprintf(opt, sizeof opt, "--%s", long_opts[k].name);
			if (long_opts[k].value) {
				if (eq)
					v = eq + 1;
				else if (i + 1 < argc)
					v = argv[++i];
				else {
					diag_set(d, "option %s needs a value", opt);
					goto fail;
				}
				if (apply(o, opt, v, d))
					goto fail;
			} else if (eq) {
				diag_set(d, "option %s takes no value", opt);
				goto fail;
			} else {
				flag(o, long_opts[k].name);
			}
		} else {
			/* Short options: flags may be grouped (-qh); a value
			 * option takes the rest of the word or the next one. */
			for (char *p = a + 1; *p; p++) {
				char opt[3] = { '-', *p, '\0' };
				if (*p == 'q') {
					o->per_topic = 1;
				} else if (*p == 'c') {
					/* trec_eval's -c: always so here */
				} else if (*p == 'h') {
					o->help = 1;
				} else if (strchr("mlMpFbjt", *p)) {
					const char *v;
					if (p[1])
						v = p + 1;
					else if (i + 1 < argc)
						v = argv[++i];
					else {
						diag_set(d, "option %s needs a value", opt);
						goto fail;
					}
					if (apply(o, opt, v, d))
						goto fail;
					break;
				} else {
					diag_set(d, "unknown option -%c", *p);
					goto fail;
				}
			}
		}
	}
	if (o->help || o->version) {
		free(files);
		return 0;
	}
	if (nfiles < 2) {
		diag_set(d, nfiles ? "no run file given" : "no qrels or run file given");
		goto fail;
	}
	o->qrels = files[0];
	o->runs = xcalloc(nfiles - 1, sizeof *o->runs);
	memcpy(o->runs, files + 1, (nfiles - 1) * sizeof *files);
	o->nruns = nfiles - 1;
	{
		size_t stdin_uses = 0;
		for (size_t k = 0; k < nfiles; k++)
			stdin_uses += strcmp(files[k], "-") == 0;
		if (stdin_uses > 1) {
			diag_set(d, "standard input ('-') can be read only once");
			goto fail;
		}
	}
	if (o->format == FORMAT_TREC && o->images > 0) {
		diag_set(d, "option -F trec: the bootstrap %s (-b) %s TSV only",
			 o->meld ? "table of --meld" : "summaries",
			 o->meld ? "is" : "are");
		goto fail;
	}
	if (o->pairs + o->reliability + o->sensitivity + (o->partitions > 0) +
	    (o->meld != NULL) + o->bias > 1) {
		diag_set(d, "options --pairs, --reliability, --sensitivity, --partitions, --meld and --bias each print a table of their own: give one");
		goto fail;
	}
	if (meld_check(o, d) != 0 || bias_check(o, d) != 0)
		goto fail;
	if (o->partitions && o->images > 0) {
		diag_set(d, "option --partitions makes its own replicates: not with -b (images of the corpus)");
		goto fail;
	}
	if (o->partitions && o->images_file) {
		diag_set(d, "option --images needs -b: not with --partitions");
		goto fail;
	}
	if (o->partitions && o->format == FORMAT_TREC) {
		diag_set(d, "option -F trec: the --partitions table is TSV only");
		goto fail;
	}
	if (!o->partitions && !o->meld && o->splits) {
		diag_set(d, "option --splits needs --partitions or --meld");
		goto fail;
	}
	if (!o->partitions && (o->resamples || o->randomizations)) {
		diag_set(d, "option %s needs --partitions",
			 o->resamples ? "--resamples" : "--randomizations");
		goto fail;
	}
	if (o->sensitivity && o->images > 0) {
		diag_set(d, "option --sensitivity resamples topics: not with -b (images of the corpus)");
		goto fail;
	}
	if (o->sensitivity && o->per_topic) {
		diag_set(d, "option -q: --sensitivity has no per-topic rows");
		goto fail;
	}
	if (o->sensitivity && o->format == FORMAT_TREC) {
		diag_set(d, "option -F trec: the --sensitivity table is TSV only");
		goto fail;
	}
	if (o->samples && !o->sensitivity && !o->bias) {
		diag_set(d, "option -t needs --sensitivity or --bias");
		goto fail;
	}
	if (o->top_by && !o->top) {
		diag_set(d, "option --top-by needs --top");
		goto fail;
	}
	if (o->pairs && o->images == 0) {
		diag_set(d, "option --pairs needs -b with at least 1 image");
		goto fail;
	}
	if (o->reliability && o->images < 2) {
		diag_set(d, "option --reliability needs -b with at least 2 images");
		goto fail;
	}
	if (o->reliability && o->per_topic) {
		diag_set(d, "option -q: --reliability has no per-topic rows (its qid column names the topic of per-topic statistics)");
		goto fail;
	}
	if ((o->pairs || o->reliability) && o->images_file &&
	    strcmp(o->images_file, "-") == 0) {
		diag_set(d, "option --images -: standard output already carries the %s table",
			 o->pairs ? "--pairs" : "--reliability");
		goto fail;
	}
	if (o->images_file && o->images == 0) {
		diag_set(d, "option --images needs -b with at least 1 image");
		goto fail;
	}
	if (o->pairs || o->sensitivity || o->partitions || o->meld || o->bias) {
		const char *what = o->pairs ? "--pairs" : o->sensitivity
			? "--sensitivity" : o->partitions ? "--partitions"
			: o->meld ? "--meld" : "--bias";
		if (o->nruns < 2) {
			diag_set(d, "option %s needs at least 2 runs", what);
			goto fail;
		}
		if (o->top == 1) {
			diag_set(d, "option --top 1: %s needs at least 2 runs", what);
			goto fail;
		}
	}
	if (check_pools(o, d) != 0)
		goto fail;
	if (o->partitions) {
		if (!o->splits)
			o->splits = 1;
		if (!o->resamples)
			o->resamples = 1000;
		if (!o->randomizations)
			o->randomizations = 10000;
	}
	if (o->meld) {
		if (!o->splits)
			o->splits = 10;
		if (!o->nmf && parse_mf(o, "1.0,0.8,0.6,0.4,0.2,0.0", d) != 0)
			goto fail;
	}
	if ((o->sensitivity || o->bias) && !o->samples)
		o->samples = 1000;
	free(files);
	return 0;
fail:
	free(files);
	return -1;
}
