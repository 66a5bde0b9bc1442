/*
 * sens_room.c - the row of --sensitivity (see analysis.h; computed by
 * sensitivity.c): its options, usage rules, defaults and --help lines.
 */
#include "room.h"
#include "sensitivity.h"

#include <stddef.h>

static int print_sensitivity(FILE *f, const struct analysis_in *in)
{
	struct sens_opts so;
	size_t n = in->s->c->n;
	so.T = in->o->samples;
	so.seed = in->o->seed;
	so.decimals = in->o->decimals;
	so.progress = in->progress;
	so.pool = in->pool;
	if (n < 2)
		warnings_add(in->warn, "--sensitivity",
			     "%zu topic%s: t_paired, p_ttest, asl_*, discpower_* and reqdiff_* are NA",
			     n, n == 1 ? "" : "s");
	return sensitivity_print(f, in->s, in->root, &so);
}

static int sel_sensitivity(const struct options *o)
{
	return o->sensitivity;
}

static int check_sensitivity(const struct options *o, int sel, struct diag *d)
{
	if (!sel)
		return 0;
	if (o->images > 0)
		diag_set(d, "option --sensitivity resamples topics: not with -b (images of the corpus)");
	else if (o->per_topic)
		diag_set(d, "option -q: --sensitivity has no per-topic rows");
	else
		return 0;
	return -1;
}

static const struct analysis_opt sensitivity_opts[] = {
	{ .name = "--sensitivity", .flag = offsetof(struct options, sensitivity) },
	{ .name = "-t", .arg = "T", .set = room_set_samples },
};

const struct analysis room_sensitivity = {
	.name = "sensitivity",
	.option = "--sensitivity",
	.input = IN_ROOT,
	.flags = AN_TWO_RUNS | AN_NO_IMAGES,
	.pool_refusal = "--sensitivity",
	.ci_refusal = "--sensitivity",
	.trec_refusal = "option -F trec: the --sensitivity table is TSV only",
	.opts = sensitivity_opts,
	.nopts = sizeof sensitivity_opts / sizeof *sensitivity_opts,
	.help = "  --sensitivity   without -b: topic-bootstrap tests of every pair of runs\n"
		"                  and the sensitivity of each measure (Sakai, SIGIR 2006):\n"
		"                  discriminative power, required difference, MR-PT,\n"
		"                  swap rates, Kendall tau between measures\n"
		"  -t T            with --sensitivity, --bias or --compare: topic samples\n"
		"                  (default 1000)\n",
	.columns = "--sensitivity: measure runA runB statistic value",
	.selected = sel_sensitivity,
	.check = check_sensitivity,
	.defaults = room_defaults_samples,
	.print = print_sensitivity,
	.figure = fig_sensitivity,
};
