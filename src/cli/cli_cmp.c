/*
 * cli_cmp.c - the options of --compare (see cli_int.h): --compare BASE|all,
 * --test LIST, --correct METHOD, --alpha A, and the usage rules between
 * them and the other options.  Lists are a few words long.
 */
#include "cli_int.h"
#include "lex.h"

#include <string.h>

static const char *const test_names[CMP_NTESTS] = { "t", "wilcoxon", "rand", "boot" };

/* --test LIST: a comma list of t, wilcoxon, rand, boot, each once. */
static int parse_tests(struct options *o, const char *v, struct diag *d)
{
	const char *p = v;
	o->ntests = 0;
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p), k;
		for (k = 0; k < CMP_NTESTS; k++)
			if (strlen(test_names[k]) == len &&
			    strncmp(test_names[k], p, len) == 0)
				break;
		if (k == CMP_NTESTS) {
			diag_set(d, "option --test: '%.*s' is not t, wilcoxon, rand or boot",
				 len > 40 ? 40 : (int)len, p);
			return -1;
		}
		for (size_t i = 0; i < o->ntests; i++)
			if (o->tests[i] == (enum cmp_test)k) {
				diag_set(d, "option --test: '%s' names %s twice", v,
					 test_names[k]);
				return -1;
			}
		o->tests[o->ntests++] = (enum cmp_test)k;
		if (!comma)
			return 0;
		p = comma + 1;
	}
}

static int parse_correct(struct options *o, const char *v, struct diag *d)
{
	static const char *const names[] = { "holm", "none", "bonferroni", "bh" };
	for (size_t k = 0; k < sizeof names / sizeof *names; k++)
		if (strcmp(v, names[k]) == 0) {
			o->correct = (enum cmp_correct)k;
			return 0;
		}
	diag_set(d, "option --correct: '%s' is not none, bonferroni, holm or bh", v);
	return -1;
}

int cli_compare_opt(struct options *o, const char *opt, const char *v,
		    struct diag *d)
{
	const char *why = "out of range";
	double a;
	if (strcmp(opt, "--compare") == 0) {
		if (!*v) {
			diag_set(d, "option --compare: empty run name (a run's name or file, or 'all')");
			return -1;
		}
		o->compare = v;
		return 0;
	}
	if (strcmp(opt, "--test") != 0 && strcmp(opt, "--correct") != 0 &&
	    strcmp(opt, "--alpha") != 0)
		return 1;
	if (!o->cmp_opt)
		o->cmp_opt = opt[2] == 't' ? "--test" : opt[2] == 'c'
			? "--correct" : "--alpha";
	if (opt[2] == 't')
		return parse_tests(o, v, d);
	if (opt[2] == 'c')
		return parse_correct(o, v, d);
	if (lex_double(v, strlen(v), &a, &why) != 0 || !(a > 0 && a < 1)) {
		diag_set(d, "option --alpha: '%s' is %s (expected a decimal above 0 and below 1)",
			 v, why);
		return -1;
	}
	o->alpha = a;
	return 0;
}

/* The analyses --compare is not with, or NULL. */
static const char *other_table(const struct options *o)
{
	return o->pairs ? "--pairs" : o->reliability ? "--reliability"
		: o->sensitivity ? "--sensitivity" : o->partitions
		? "--partitions" : o->meld ? "--meld" : o->bias ? "--bias" : NULL;
}

int cli_compare_check(const struct options *o, struct diag *d)
{
	const char *other = other_table(o);
	int report = o->format == FORMAT_MARKDOWN || o->format == FORMAT_LATEX;
	if (!o->compare) {
		if (o->cmp_opt)
			diag_set(d, "option %s needs --compare", o->cmp_opt);
		else if (report)
			diag_set(d, "option -F %s: the report is of --compare",
				 o->format == FORMAT_MARKDOWN ? "markdown" : "latex");
		return o->cmp_opt || report ? -1 : 0;
	}
	if (other)
		diag_set(d, "option --compare: not with %s (each prints a table of its own)",
			 other);
	else if (o->nfrom)
		diag_set(d, "option --compare: not with --from-images (it tests the root's per-topic scores: give QRELS and RUN files)");
	else if (o->pool)
		diag_set(d, "option --pool judges the top documents of bootstrap images: not with --compare");
	else if (o->format == FORMAT_TREC)
		diag_set(d, "option -F trec: the --compare table is TSV (or -F markdown or latex)");
	else if (o->svg && report)
		diag_set(d, "option --svg: the figure is of the TSV table: not with -F %s",
			 o->format == FORMAT_MARKDOWN ? "markdown" : "latex");
	else if (o->images_file && strcmp(o->images_file, "-") == 0)
		diag_set(d, "option --images -: standard output already carries the --compare table");
	else if (o->nruns < 2 && !o->collection)
		diag_set(d, "option --compare needs at least 2 runs");
	else if (o->top == 1)
		diag_set(d, "option --top 1: --compare needs at least 2 runs");
	else
		return 0;
	return -1;
}
