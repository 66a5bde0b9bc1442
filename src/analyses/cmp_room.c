/*
 * cmp_room.c - the row of --compare (see analysis.h; computed by cmp_*.c):
 * its options (--compare BASE|all, --test LIST, --correct METHOD,
 * --alpha A, -t, --randomizations), usage rules, defaults, --help lines,
 * and the check of BASE against the runs.  Lists are a few words long.
 */
#include "cmp.h"
#include "lex.h"
#include "room.h"

#include <string.h>

static int print_compare(FILE *f, const struct analysis_in *in)
{
	struct cmp_opts co;
	const struct options *o = in->o;
	co.base = o->compare;
	co.tests = o->tests;
	co.ntests = o->ntests;
	co.correct = o->correct;
	co.alpha = o->alpha;
	co.R = o->randomizations;
	co.T = o->samples;
	co.seed = o->seed;
	co.decimals = o->decimals;
	co.format = o->format;
	co.ci = o->ci;
	co.br = o->images ? in->br : NULL;
	co.fig = in->pair_fig;
	co.progress = in->progress;
	co.pool = in->pool;
	if (in->s->c->n < 2)
		warnings_add(in->warn, "--compare",
			     "%zu topic: the t, wilcoxon and boot tests are NA",
			     in->s->c->n);
	return cmp_print(f, in->s, in->root, &co);
}

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

static int set_compare(struct options *o, const char *v, struct diag *d)
{
	if (!*v) {
		diag_set(d, "option --compare: empty run name (a run's name or file, or 'all')");
		return -1;
	}
	o->compare = v;
	return 0;
}

static int set_alpha(struct options *o, const char *v, struct diag *d)
{
	const char *why = "out of range";
	double a;
	if (lex_double(v, strlen(v), &a, &why) != 0 || !(a > 0 && a < 1)) {
		diag_set(d, "option --alpha: '%s' is %s (expected a decimal above 0 and below 1)",
			 v, why);
		return -1;
	}
	o->alpha = a;
	return 0;
}

static int sel_compare(const struct options *o)
{
	return o->compare != NULL;
}

static int check_compare(const struct options *o, int sel, struct diag *d)
{
	int report = o->format == FORMAT_MARKDOWN || o->format == FORMAT_LATEX;
	if (!sel)
		return 0;
	if (o->svg && report)
		diag_set(d, "option --svg: the figure is of the TSV table: not with -F %s",
			 o->format == FORMAT_MARKDOWN ? "markdown" : "latex");
	else
		return analysis_images_stdout(o, "--compare", d);
	return -1;
}

static int defaults_compare(struct options *o, struct diag *d)
{
	if (!o->randomizations)
		o->randomizations = 10000;
	if (!o->ntests)
		o->tests[o->ntests++] = CMP_T;
	if (!o->alpha)
		o->alpha = 0.05;
	return room_defaults_samples(o, d);
}

static int ready_compare(const struct scorer *s, const struct options *o,
			 struct diag *d)
{
	size_t base_at;
	return cmp_base(s, o->compare, &base_at, d);
}

static const struct analysis_opt compare_opts[] = {
	{ .name = "--compare", .arg = "BASE|all", .set = set_compare },
	{ .name = "--test", .arg = "LIST", .set = parse_tests },
	{ .name = "--correct", .arg = "none|bonferroni|holm|bh", .set = parse_correct },
	{ .name = "--alpha", .arg = "A", .set = set_alpha },
	{ .name = "-t", .arg = "T", .set = room_set_samples },
	{ .name = "--randomizations", .arg = "R", .set = room_set_randomizations },
};

const struct analysis room_compare = {
	.name = "compare",
	.option = "--compare",
	.input = IN_ROOT_IMAGES,
	.flags = AN_TWO_RUNS | AN_CAPTURE | AN_REPORT,
	.pool_refusal = "--compare",
	.from_refusal = "option --compare: not with --from-images (it tests the root's per-topic scores: give QRELS and RUN files)",
	.trec_refusal = "option -F trec: the --compare table is TSV (or -F markdown or latex)",
	.alone = "each prints a table of its own",
	.opts = compare_opts,
	.nopts = sizeof compare_opts / sizeof *compare_opts,
	.help = "  --compare BASE  without -b or with it (the report's intervals): test\n"
		"                  every run against run BASE (name or file), or every\n"
		"                  pair with 'all', topic by topic, corrected for the number\n"
		"                  of comparisons; -F markdown|latex prints a report table\n"
		"  --test LIST     with --compare: t, wilcoxon, rand, boot (default t)\n"
		"  --correct C     with --compare: none, bonferroni, holm (default) or bh\n"
		"  --alpha A       with --compare: significance level (default 0.05)\n",
	.columns = "--compare: runA runB measure test n diff effect p p_adj sig",
	.selected = sel_compare,
	.check = check_compare,
	.defaults = defaults_compare,
	.ready = ready_compare,
	.print = print_compare,
	.figure = fig_compare,
};
