/*
 * cli_trec.c - trec_eval's options on cbeval's command line (see
 * cli_int.h): the short flags -c -n -J -v -o, the options with a value
 * -N -R -T -Z -D, the long names of trec_eval's getopt_long table
 * (--query_eval_wanted, --measure, --level_for_rel, ...; a unique prefix
 * of one is taken, as getopt_long takes it) and --mean.  A handful of
 * options; no sizes to speak of.
 */
#include "cli.h"
#include "analysis.h"
#include "cli_int.h"
#include "lex.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

/* trec_eval's long options and the short option each stands for (its
 * getopt_long table); value: whether it takes one. */
static const struct {
	const char *name;
	char opt;
	int value;
} trec_long[] = {
	{ "query_eval_wanted", 'q', 0 }, { "measure", 'm', 1 },
	{ "complete_rel_info_wanted", 'c', 0 }, { "level_for_rel", 'l', 1 },
	{ "nosummary", 'n', 0 }, { "Debug_level", 'D', 1 },
	{ "Judged_docs_only", 'J', 0 }, { "Number_docs_in_coll", 'N', 1 },
	{ "Max_retrieved_per_topic", 'M', 1 }, { "Rel_info_format", 'R', 1 },
	{ "Results_format", 'T', 1 }, { "Output_old_results_format", 'o', 1 },
	{ "Zscore", 'Z', 1 },
};

int cli_trec_long(const char *name, size_t n, char *opt, int *value)
{
	int found = -1;
	for (size_t k = 0; k < sizeof trec_long / sizeof *trec_long; k++) {
		const char *full = trec_long[k].name;
		if (strlen(full) == n && strncmp(full, name, n) == 0) {
			found = (int)k;
			break;
		}
		if (n > 0 && strncmp(full, name, n) == 0)
			found = found == -1 ? (int)k : -2;
	}
	if (found < 0)
		return found == -2 ? -2 : -1;
	*opt = trec_long[found].opt;
	*value = trec_long[found].value;
	return 0;
}

size_t cli_trec_long_names(const char **out, size_t max)
{
	size_t n = 0;
	for (size_t k = 0; k < sizeof trec_long / sizeof *trec_long && n < max; k++)
		out[n++] = trec_long[k].name;
	return n;
}

int cli_trec_flag(struct options *o, char c)
{
	switch (c) {
	case 'c':
		o->complete = 1;
		return 0;
	case 'n':
		o->no_summary = 1;
		return 0;
	case 'J':
		o->judged_only = 1;
		return 0;
	case 'v':
		o->version = 1;
		return 0;
	default:
		return -1;
	}
}

/* -D LEVEL[.QID]: trec_eval's debugging; only level 0 (no debugging
 * output), whose .QID evaluates one topic. */
static int parse_debug(struct options *o, const char *v, struct diag *d)
{
	const char *dot = strchr(v, '.'), *why;
	size_t n = dot ? (size_t)(dot - v) : strlen(v);
	long level;
	if (lex_long(v, n, LONG_MIN, LONG_MAX, &level, &why) != 0) {
		diag_set(d, "option -D: '%.*s' is %s (expected a whole number)",
			 (int)n, v, why);
		return -1;
	}
	if (level != 0) {
		diag_set(d, "option -D: debugging output (level %ld) is not printed by cbeval; -D 0.QID evaluates topic QID alone",
			 level);
		return -1;
	}
	if (dot && !dot[1]) {
		diag_set(d, "option -D: '%s' has an empty topic after the '.'", v);
		return -1;
	}
	o->debug_qid = dot ? dot + 1 : NULL;
	return 0;
}

int cli_trec_value(struct options *o, char c, const char *v, struct diag *d)
{
	const char *why;
	switch (c) {
	case 'N':
		if (lex_u64(v, strlen(v), 0, INT64_MAX, &o->ndocs, &why) != 0) {
			diag_set(d, "option -N: '%s' is %s (expected the number of documents in the collection)",
				 v, why);
			return -1;
		}
		return 0;
	case 'R':
	case 'T':
		if (strcmp(v, c == 'R' ? "qrels" : "trec_results") == 0)
			return 0;
		diag_set(d, "option -%c: format '%s' is not read by cbeval: it reads %s", c, v,
			 c == 'R' ? "qrels only (trec_eval's prefs, qrels_prefs and qrels_jg formats are not supported)"
				  : "trec_results only");
		return -1;
	case 'Z':
		if (!*v) {
			diag_set(d, "option -Z: empty file name");
			return -1;
		}
		o->zscores = v;
		return 0;
	case 'D':
		return parse_debug(o, v, d);
	case 'o':
		return 0;   /* trec_eval's obsolete -o: it ignores it too */
	default:
		diag_set(d, "unknown option -%c", c);
		return -1;
	}
}

int cli_parse_mean(struct options *o, const char *v, struct diag *d)
{
	if (strcmp(v, "qrels") == 0)
		o->mean = MEAN_QRELS;
	else if (strcmp(v, "run") == 0)
		o->mean = MEAN_RUN;
	else {
		diag_set(d, "option --mean: '%s' is not qrels or run", v);
		return -1;
	}
	o->mean_given = 1;
	return 0;
}

int cli_trec_check(const struct options *o, struct diag *d)
{
	const char *only = o->zscores ? "-Z" : o->debug_qid ? "-D" : NULL;
	if (only && o->format != FORMAT_TREC) {
		diag_set(d, "option %s: only with -F trec", only);
		return -1;
	}
	if (o->mean_given && o->complete && o->mean == MEAN_RUN) {
		diag_set(d, "option --mean run: not with -c (which averages over every topic of the qrels)");
		return -1;
	}
	if ((o->judged_only || o->ndocs || o->mean == MEAN_RUN ||
	     o->no_summary) && (o->images || o->nfrom || analysis_named(o))) {
		diag_set(d, "option %s: only for the plain evaluation (no -b, no analysis)",
			 o->judged_only ? "-J" : o->ndocs ? "-N" :
			 o->no_summary ? "-n" : "--mean run");
		return -1;
	}
	return 0;
}
