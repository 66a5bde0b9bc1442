/*
 * cli.c - command-line parsing and --help (see cli.h).  Accepts "-b 100",
 * "-b100", "--seed=7", "--seed 7", "--" to end options, and "-" as a file
 * name (standard input).
 */
#include "analysis.h"
#include "cli.h"
#include "cli_int.h"
#include "lex.h"
#include "measure.h"
#include "suggest.h"
#include "xalloc.h"

#include <inttypes.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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

/* Long options: name, and whether it takes a value.  The analyses'
 * options are in their rows (analysis.h). */
static const struct {
	const char *name;
	int value;
} long_opts[] = {
	{ "order", 1 }, { "seed", 1 }, { "images", 1 }, { "help", 0 },
	{ "version", 0 }, { "dedup", 0 }, { "quiet", 0 }, { "top", 1 },
	{ "top-by", 1 }, { "pool", 1 }, { "image-range", 1 },
	{ "from-images", 1 }, { "svg", 1 }, { "save-collection", 1 },
	{ "collection", 1 }, { "ci", 1 }, { "mean", 1 }, { "names", 1 },
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

/* The options that change the scores (kept in the image files), and
 * among them those that change how the inputs are loaded (kept in the
 * collection files). */
static const char *const scoring_opts[] = {
	"-m", "-l", "-M", "--order", "--dedup", "--pool", "--seed", "-b",
	"--top", "--top-by",
};
static const char *const loading_opts[] = { "-l", "-M", "--order", "--dedup" };

/* Keep the first option given that changes the scores, and the first
 * that changes how the inputs are loaded. */
static void note_scoring(struct options *o, const char *opt)
{
	for (size_t i = 0; !o->scoring && i < sizeof scoring_opts / sizeof *scoring_opts; i++)
		if (strcmp(opt, scoring_opts[i]) == 0)
			o->scoring = scoring_opts[i];
	for (size_t i = 0; !o->loading && i < sizeof loading_opts / sizeof *loading_opts; i++)
		if (strcmp(opt, loading_opts[i]) == 0)
			o->loading = loading_opts[i];
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
		{ "quiet", offsetof(struct options, quiet) },
	};
	if (strcmp(name, "dedup") == 0)
		note_scoring(o, "--dedup");
	for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
		if (strcmp(flags[i].name, name) == 0)
			*(int *)(void *)((char *)o + flags[i].off) = 1;
}

/* The options whose value is a whole number kept as an unsigned long:
 * name, range, field. */
static const struct {
	const char *name;
	long lo, hi;
	size_t off;
} count_opts[] = {
	{ "-b", 0, 10000000, offsetof(struct options, images) },
	{ "--top", 1, LONG_MAX, offsetof(struct options, top) },
	{ "--pool", 1, 100000, offsetof(struct options, pool) },
};

/* The options naming a file or measure (--top-by, --images, --svg,
 * --save-collection, --collection): 0 when opt is one and v is good, -1
 * with d set when v is not, 1 when opt is another option. */
static int apply_name(struct options *o, const char *opt, const char *v,
		      struct diag *d)
{
	if (strcmp(opt, "--top-by") == 0) {
		if (!*v) {
			diag_set(d, "option --top-by: empty measure name");
			return -1;
		}
		o->top_by = v;
	} else if (strcmp(opt, "--images") == 0) {
		if (!*v) {
			diag_set(d, "option --images: empty file name");
			return -1;
		}
		o->images_file = v;
	} else if (strcmp(opt, "--save-collection") == 0 ||
		   strcmp(opt, "--collection") == 0) {
		int save = opt[2] == 's';
		if (!*v || (save && strcmp(v, "-") == 0)) {
			diag_set(d, "option %s: %s", opt, *v
				 ? "standard output carries the table: name a file"
				 : "empty file name");
			return -1;
		}
		*(save ? &o->save_coll : &o->collection) = v;
	} else if (strcmp(opt, "--svg") == 0) {
		if (!*v || strcmp(v, "-") == 0) {
			diag_set(d, "option --svg: %s", *v
				 ? "standard output carries the table: name a file"
				 : "empty file name");
			return -1;
		}
		o->svg = v;
	} else {
		return 1;
	}
	return 0;
}

static int apply(struct options *o, const char *opt, const char *v,
		 struct diag *d)
{
	long n;
	int rc;
	note_scoring(o, opt);
	for (size_t i = 0; i < sizeof count_opts / sizeof *count_opts; i++)
		if (strcmp(opt, count_opts[i].name) == 0) {
			if (options_num(opt, v, count_opts[i].lo, count_opts[i].hi, &n, d))
				return -1;
			*(unsigned long *)(void *)((char *)o + count_opts[i].off) =
				(unsigned long)n;
			return 0;
		}
	if ((rc = apply_name(o, opt, v, d)) <= 0)
		return rc;
	if (strcmp(opt, "-m") == 0) {
		o->mspec = xreallocarray(o->mspec, o->nmspec + 1, sizeof *o->mspec);
		o->mspec[o->nmspec++] = (char *)v;
	} else if (strcmp(opt, "-l") == 0) {
		if (options_num(opt, v, -INT32_MAX, INT32_MAX, &n, d))
			return -1;
		o->level = (int)n;
	} else if (strcmp(opt, "-M") == 0) {
		return u64_arg(opt, v, 1, UINT64_MAX, &o->ro.max_docs, d);
	} else if (strcmp(opt, "-p") == 0) {
		if (options_num(opt, v, 0, 17, &n, d))
			return -1;
		o->decimals = (int)n;
	} else if (strcmp(opt, "-F") == 0) {
		if (strcmp(v, "tsv") == 0)
			o->format = FORMAT_TSV;
		else if (strcmp(v, "trec") == 0)
			o->format = FORMAT_TREC;
		else if (strcmp(v, "markdown") == 0)
			o->format = FORMAT_MARKDOWN;
		else if (strcmp(v, "latex") == 0)
			o->format = FORMAT_LATEX;
		else {
			diag_set(d, "option -F: '%s' is not tsv, trec, markdown or latex", v);
			return -1;
		}
	} else if (strcmp(opt, "-j") == 0) {
		if (options_num(opt, v, 1, 1024, &n, d))
			return -1;
		o->threads = (unsigned)n;
	} else if (strcmp(opt, "--seed") == 0) {
		return u64_arg(opt, v, 0, INT64_MAX, &o->seed, d);
	} else if (strcmp(opt, "--order") == 0) {
		return cli_parse_order(v, o, d);
	} else if (strcmp(opt, "--mean") == 0) {
		return cli_parse_mean(o, v, d);
	} else if (strcmp(opt, "--names") == 0) {
		if (strcmp(v, "file") != 0 && strcmp(v, "tag") != 0) {
			diag_set(d, "option --names: '%s' is not file or tag", v);
			return -1;
		}
		o->names_by_file = strcmp(v, "file") == 0;
	} else if (strcmp(opt, "--ci") == 0) {
		if (ci_method_parse(v, &o->ci) != 0) {
			diag_set(d, "option --ci: '%s' is not percentile, basic or bc", v);
			return -1;
		}
		o->ci_given = 1;
	}
	return 0;
}

/* The value of option opt of argv[*i] when it takes one: the text after
 * '=' (eq), or the next argument (advancing *i); NULL with d set. */
static const char *opt_value(const char *opt, const char *eq, int argc,
			     char **argv, int *i, struct diag *d)
{
	if (eq)
		return eq + 1;
	if (*i + 1 < argc)
		return argv[++*i];
	diag_set(d, "option %s needs a value", opt);
	return NULL;
}

static int apply_short(struct options *o, char c, const char *v,
		       struct diag *d);

/* argv[*i], a long option that is not cbeval's: one of trec_eval's
 * (cli_trec_long), applied as its short option. */
static int parse_trec_long(struct options *o, int argc, char **argv, int *i,
			   struct diag *d)
{
	const char *a = argv[*i], *eq = strchr(a + 2, '='), *v = NULL;
	size_t nl = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
	char c, opt[48];
	int value, rc = cli_trec_long(a + 2, nl, &c, &value);
	if (rc != 0) {
		const char *cand[64];
		char word[48];
		size_t nc = 0, best;
		for (size_t k = 0; k < sizeof long_opts / sizeof *long_opts; k++)
			cand[nc++] = long_opts[k].name;
		nc += analysis_opt_names(cand + nc, sizeof cand / sizeof *cand - nc);
		nc += cli_trec_long_names(cand + nc, sizeof cand / sizeof *cand - nc);
		snprintf(word, sizeof word, "%.*s", nl > 40 ? 40 : (int)nl, a + 2);
		best = rc == -2 ? nc : suggest_best(word, cand, nc);
		if (best < nc)
			diag_set(d, "unknown option --%s; did you mean --%s?", word,
				 cand[best]);
		else
			diag_set(d, "%s option --%s", rc == -2 ? "ambiguous" : "unknown",
				 word);
		return -1;
	}
	snprintf(opt, sizeof opt, "--%.*s", nl > 40 ? 40 : (int)nl, a + 2);
	if (!value && eq) {
		diag_set(d, "option %s takes no value", opt);
		return -1;
	}
	if (value && !(v = opt_value(opt, eq, argc, argv, i, d)))
		return -1;
	return apply_short(o, c, v, d);
}

/* --quiet=KIND,...: the kinds of warnings not to print. */
static int parse_quiet(struct options *o, const char *v, struct diag *d)
{
	if (!*v) {
		diag_set(d, "option --quiet=: no kind of warning (%s)", warnings_kinds());
		return -1;
	}
	while (*v) {
		size_t n = strcspn(v, ",");
		char kind[32];
		snprintf(kind, sizeof kind, "%.*s", (int)(n < 31 ? n : 31), v);
		if (n == 0 || n > 31 || warnings_kind(kind, &o->quiet_kinds) != 0) {
			diag_set(d, "option --quiet: '%.*s' is not a kind of warning (%s)",
				 (int)(n > 40 ? 40 : n), v, warnings_kinds());
			return -1;
		}
		v += n + (v[n] == ',');
	}
	return 0;
}

/* The long option argv[*i] ("--name", "--name=value" or "--name value",
 * which advances *i).  Returns 0, or -1 with d set. */
static int parse_long(struct options *o, int argc, char **argv, int *i,
		      struct diag *d)
{
	const char *a = argv[*i], *eq = strchr(a + 2, '='), *v = NULL;
	size_t nl = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
	int k = long_find(a + 2, nl);
	const struct analysis_opt *r = k < 0 ? analysis_opt_find(a, nl + 2) : NULL;
	char opt[40];
	if (r) {
		if (!r->arg && eq) {
			diag_set(d, "option %s takes no value", r->name);
			return -1;
		}
		if (r->arg && !(v = opt_value(r->name, eq, argc, argv, i, d)))
			return -1;
		return analysis_set(o, r->name, v, d);
	}
	if (k < 0)
		return parse_trec_long(o, argc, argv, i, d);
	snprintf(opt, sizeof opt, "--%s", long_opts[k].name);
	if (strcmp(opt, "--quiet") == 0 && eq)
		return parse_quiet(o, eq + 1, d);
	if (!long_opts[k].value) {
		if (eq) {
			diag_set(d, "option %s takes no value", opt);
			return -1;
		}
		flag(o, long_opts[k].name);
		return 0;
	}
	if (!(v = opt_value(opt, eq, argc, argv, i, d)))
		return -1;
	if (strcmp(opt, "--image-range") == 0)
		return cli_parse_range(o, v, d);
	if (strcmp(opt, "--from-images") == 0)
		return cli_add_from(o, v, d);
	return apply(o, opt, v, d);
}

/* Short option c, with its value v when it takes one (NULL for a
 * flag).  Returns 0, or -1 with d set. */
static int apply_short(struct options *o, char c, const char *v,
		       struct diag *d)
{
	char opt[3] = { '-', c, '\0' };
	if (c == 'q')
		o->per_topic = 1;
	else if (c == 'h')
		o->help = 1;
	else if (strchr("mlMpFbj", c))
		return apply(o, opt, v, d);
	else if (analysis_opt_find(opt, 2))
		return analysis_set(o, opt, v, d);
	else if (strchr("NRTZDo", c))
		return cli_trec_value(o, c, v, d);
	else if (cli_trec_flag(o, c) != 0) {
		diag_set(d, "unknown option -%c", c);
		return -1;
	}
	return 0;
}

/* The short options of argv[*i]: flags may be grouped (-qh); a value
 * option takes the rest of the word or the next one (advancing *i).
 * Returns 0, or -1 with d set. */
static int parse_short(struct options *o, int argc, char **argv, int *i,
		       struct diag *d)
{
	for (char *p = argv[*i] + 1; *p; p++) {
		char opt[3] = { '-', *p, '\0' };
		const struct analysis_opt *r = analysis_opt_find(opt, 2);
		const char *v;
		if (!strchr("mlMpFbjNRTZD", *p) && !(r && r->arg)) {
			if (apply_short(o, *p, NULL, d) != 0)
				return -1;
			continue;
		}
		if (p[1])
			v = p + 1;
		else if (*i + 1 < argc)
			v = argv[++*i];
		else {
			diag_set(d, "option %s needs a value", opt);
			return -1;
		}
		return apply_short(o, *p, v, d);
	}
	return 0;
}

int cli_parse(struct options *o, int argc, char **argv, struct diag *d)
{
	size_t nfiles = 0, stdin_uses = 0;
	char **files = xcalloc((size_t)argc + 1, sizeof *files);
	int only_files = 0, i;

	for (i = 1; i < argc; i++) {
		char *a = argv[i];
		if (only_files || a[0] != '-' || strcmp(a, "-") == 0)
			files[nfiles++] = a;
		else if (strcmp(a, "--") == 0)
			only_files = 1;
		else if ((a[1] == '-' ? parse_long(o, argc, argv, &i, d)
				      : parse_short(o, argc, argv, &i, d)) != 0)
			goto fail;
	}
	if (o->help || o->version) {
		free(files);
		return 0;
	}
	if ((o->nfrom || o->collection) && nfiles) {
		diag_set(d, o->nfrom
			 ? "option --from-images: no QRELS or RUN files (the image files hold the scores)"
			 : "option --collection: no QRELS or RUN files (the collection file holds them)");
		goto fail;
	}
	if (o->nfrom) {
		free(files);
		return cli_check(o, d);
	}
	if (!o->collection && nfiles < 2) {
		diag_set(d, nfiles ? "no run file given" : "no qrels or run file given");
		goto fail;
	}
	if (nfiles) {
		o->qrels = files[0];
		o->runs = xcalloc(nfiles - 1, sizeof *o->runs);
		memcpy(o->runs, files + 1, (nfiles - 1) * sizeof *files);
		o->nruns = nfiles - 1;
	}
	for (size_t k = 0; k < nfiles; k++)
		stdin_uses += strcmp(files[k], "-") == 0;
	if (stdin_uses > 1) {
		diag_set(d, "standard input ('-') can be read only once");
		goto fail;
	}
	if (cli_check(o, d) != 0 || cli_trec_check(o, d) != 0 ||
	    analysis_defaults(o, d) != 0)
		goto fail;
	free(files);
	return 0;
fail:
	free(files);
	return -1;
}
