/*
 * pairs_room.c - the rows of --pairs and --reliability (see analysis.h),
 * the two analyses of corpus images that compare.c computes: their
 * options, usage rules and --help lines.
 */
#include "compare.h"
#include "room.h"

#include <stddef.h>
#include <string.h>

static void compare_opts_of(const struct analysis_in *in, struct compare_opts *co)
{
	co->B = in->o->images;
	co->pool = in->pool;
	co->per_topic = in->o->per_topic;
	co->decimals = in->o->decimals;
	co->ci = in->o->ci;
	co->progress = in->progress;
	co->pair_images = in->pair_images;
	co->pair_fig = in->pair_fig;
}

static int print_pairs(FILE *f, const struct analysis_in *in)
{
	struct compare_opts co;
	compare_opts_of(in, &co);
	return compare_pairs(f, in->s, in->br, &co);
}

static int print_reliability(FILE *f, const struct analysis_in *in)
{
	struct compare_opts co;
	compare_opts_of(in, &co);
	return compare_reliability(f, in->s, in->br, &co);
}

static int set_pair_images(struct options *o, const char *v, struct diag *d)
{
	if (!*v) {
		diag_set(d, "option --pair-images: empty file name");
		return -1;
	}
	o->pair_images = v;
	return 0;
}

static int sel_pairs(const struct options *o)
{
	return o->pairs;
}

static int sel_reliability(const struct options *o)
{
	return o->reliability;
}

static int check_pairs(const struct options *o, int sel, struct diag *d)
{
	if (!sel)
		return 0;
	if (o->images == 0 && !o->nfrom)
		diag_set(d, "option --pairs needs -b with at least 1 image");
	else if (analysis_images_stdout(o, "--pairs", d) != 0)
		return -1;
	else if (o->pair_images && strcmp(o->pair_images, "-") == 0)
		diag_set(d, "option --pair-images -: standard output already carries the --pairs table");
	else if (o->pool && o->images_file)
		diag_set(d, "option --images: with --pairs and --pool each pair has its own pool (see --pair-images)");
	else
		return 0;
	return -1;
}

static int check_reliability(const struct options *o, int sel, struct diag *d)
{
	if (!sel)
		return 0;
	if (o->images < 2 && !o->nfrom)
		diag_set(d, "option --reliability needs -b with at least 2 images");
	else if (o->per_topic)
		diag_set(d, "option -q: --reliability has no per-topic rows (its qid column names the topic of per-topic statistics)");
	else
		return analysis_images_stdout(o, "--reliability", d);
	return -1;
}

static const struct analysis_opt pairs_opts[] = {
	{ .name = "--pairs", .flag = offsetof(struct options, pairs) },
	{ .name = "--pair-images", .arg = "FILE", .set = set_pair_images },
};

const struct analysis room_pairs = {
	.name = "pairs",
	.option = "--pairs",
	.input = IN_IMAGES,
	.keep = 1,
	.own_pools = 1,
	.flags = AN_TWO_RUNS | AN_CAPTURE,
	.min_images = 1,
	.opts = pairs_opts,
	.nopts = sizeof pairs_opts / sizeof *pairs_opts,
	.help = "  --pairs         with -b: compare every pair of runs (differences,\n"
		"                  paired t-tests); -q adds per-topic rows\n"
		"  --pair-images FILE  with --pairs: write each pair's difference and\n"
		"                  t-test p in every image to FILE\n",
	.columns = "--pairs: runA runB measure qid root_diff mean bias sd ci_lo ci_hi p_gt p_eq\n"
		   "root_p p_median p_lt05;\n"
		   "--pair-images: runA runB measure qid image diff p",
	.selected = sel_pairs,
	.check = check_pairs,
	.print = print_pairs,
	.figure = fig_pairs,
};

static const struct analysis_opt reliability_opts[] = {
	{ .name = "--reliability", .flag = offsetof(struct options, reliability) },
};

const struct analysis room_reliability = {
	.name = "reliability",
	.option = "--reliability",
	.input = IN_IMAGES,
	.keep = 1,
	.min_images = 2,
	.ci_refusal = "--reliability (its held-out and leave-one-out intervals are percentile intervals)",
	.opts = reliability_opts,
	.nopts = 1,
	.help = "  --reliability   with -b >= 2: precision of each measure (per-topic sd,\n"
		"                  interval coverage, Kendall tau, rank spread)\n",
	.columns = "--reliability: measure run qid statistic value",
	.selected = sel_reliability,
	.check = check_reliability,
	.print = print_reliability,
	.figure = fig_reliability,
};
