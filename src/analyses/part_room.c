/*
 * part_room.c - the row of --partitions (see analysis.h; computed by
 * partitions.c): its options, usage rules, defaults and --help lines.
 */
#include "partitions.h"
#include "room.h"

static int print_partitions(FILE *f, const struct analysis_in *in)
{
	struct part_opts po;
	po.X = in->o->partitions;
	po.K = in->o->splits;
	po.M = in->o->resamples;
	po.R = in->o->randomizations;
	po.seed = in->o->seed;
	po.decimals = in->o->decimals;
	po.progress = in->progress;
	po.pool = in->pool;
	po.warn = in->warn;
	return partitions_print(f, in->s, in->root, &po);
}

static int set_partitions(struct options *o, const char *v, struct diag *d)
{
	unsigned long x;
	if (room_count("--partitions", v, 2, 64, &x, d) != 0)
		return -1;
	o->partitions = (unsigned)x;
	return 0;
}

static int set_resamples(struct options *o, const char *v, struct diag *d)
{
	return room_count("--resamples", v, 1, 1000000, &o->resamples, d);
}

static int sel_partitions(const struct options *o)
{
	return o->partitions > 0;
}

static int check_partitions(const struct options *o, int sel, struct diag *d)
{
	if (!sel)
		return 0;
	if (o->images > 0)
		diag_set(d, "option --partitions makes its own replicates: not with -b (images of the corpus)");
	else if (o->images_file)
		diag_set(d, "option --images needs -b: not with --partitions");
	else
		return 0;
	return -1;
}

static int defaults_partitions(struct options *o, struct diag *d)
{
	(void)d;
	if (!o->splits)
		o->splits = 1;
	if (!o->resamples)
		o->resamples = 1000;
	if (!o->randomizations)
		o->randomizations = 10000;
	return 0;
}

static const struct analysis_opt partitions_opts[] = {
	{ .name = "--partitions", .arg = "X", .set = set_partitions },
	{ .name = "--splits", .arg = "K", .set = room_set_splits },
	{ .name = "--resamples", .arg = "M", .set = set_resamples },
	{ .name = "--randomizations", .arg = "R", .set = room_set_randomizations },
};

const struct analysis room_partitions = {
	.name = "partitions",
	.option = "--partitions",
	.input = IN_ROOT,
	.flags = AN_TWO_RUNS,
	.pool_refusal = "--partitions",
	.ci_refusal = "--partitions",
	.trec_refusal = "option -F trec: the --partitions table is TSV only",
	.opts = partitions_opts,
	.nopts = sizeof partitions_opts / sizeof *partitions_opts,
	.help = "  --partitions X  without -b: split the documents into X random parts,\n"
		"                  each a replicate; bootstrap ANOVA of the system effects\n"
		"                  (Voorhees), against the t-test and randomization test\n"
		"  --splits K      with --partitions: random splits (default 1); with\n"
		"                  --meld: random meld splits per factor (default 10)\n"
		"  --resamples M   with --partitions: residual resamples (default 1000)\n"
		"  --randomizations R  with --partitions or --compare: randomization test\n"
		"                  (default 10000)\n",
	.columns = "--partitions: measure split runA runB statistic value",
	.selected = sel_partitions,
	.check = check_partitions,
	.defaults = defaults_partitions,
	.print = print_partitions,
	.figure = fig_partitions,
};
