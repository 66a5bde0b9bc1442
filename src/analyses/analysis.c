/*
 * analysis.c - the table of analyses and their adapters to the modules
 * that compute them (see analysis.h).
 */
#include "analysis.h"
#include "cmp.h"
#include "compare.h"
#include "output.h"
#include "partitions.h"
#include "sensitivity.h"

#include <stdlib.h>

static int room_evaluation(FILE *f, const struct analysis_in *in)
{
	double *agg;
	if (in->o->format == FORMAT_TREC)
		return trec_print(f, in->s, in->root, in->o, in->trec, in->err);
	agg = score_aggregates(in->s, in->root, options_mean(in->o) == MEAN_RUN);
	int rc = output_eval(f, in->s, in->root, agg, in->o);
	free(agg);
	return rc;
}

static int room_summary(FILE *f, const struct analysis_in *in)
{
	return output_boot(f, in->s, in->br, in->o);
}

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

static int room_pairs(FILE *f, const struct analysis_in *in)
{
	struct compare_opts co;
	compare_opts_of(in, &co);
	return compare_pairs(f, in->s, in->br, &co);
}

static int room_reliability(FILE *f, const struct analysis_in *in)
{
	struct compare_opts co;
	compare_opts_of(in, &co);
	return compare_reliability(f, in->s, in->br, &co);
}

static int room_sensitivity(FILE *f, const struct analysis_in *in)
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

static int room_partitions(FILE *f, const struct analysis_in *in)
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

static int room_meld(FILE *f, const struct analysis_in *in)
{
	struct meld_opts mo;
	mo.mf = in->o->mf;
	mo.mf_text = in->o->mf_text;
	mo.nmf = in->o->nmf;
	mo.K = in->o->splits;
	mo.B = in->o->images;
	mo.seed = in->o->seed;
	mo.decimals = in->o->decimals;
	mo.progress = in->progress;
	mo.pool = in->pool;
	mo.images = in->images;
	mo.warn = in->warn;
	return meld_print(f, in->s, in->labels, &mo);
}

static int room_bias(FILE *f, const struct analysis_in *in)
{
	struct bias_opts bo;
	bo.T = in->o->samples;
	bo.topics = in->o->topics;
	bo.B = in->o->images;
	bo.npool = in->npool;
	bo.seed = in->o->seed;
	bo.decimals = in->o->decimals;
	bo.progress = in->progress;
	bo.pool = in->pool;
	return bias_print(f, in->s, in->bias, &bo);
}

static int room_compare(FILE *f, const struct analysis_in *in)
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

const struct analysis analysis_table[] = {
	{ "evaluation", NULL, IN_ROOT, 0, 0, room_evaluation,
	  fig_evaluation },
	{ "summary", NULL, IN_IMAGES, 0, 0, room_summary,
	  fig_summary },
	{ "pairs", "--pairs", IN_IMAGES, 1, 1, room_pairs,
	  fig_pairs },
	{ "reliability", "--reliability", IN_IMAGES, 1, 0, room_reliability,
	  fig_reliability },
	{ "sensitivity", "--sensitivity", IN_ROOT, 0, 0, room_sensitivity,
	  fig_sensitivity },
	{ "partitions", "--partitions", IN_ROOT, 0, 0, room_partitions,
	  fig_partitions },
	{ "meld", "--meld", IN_OWN, 0, 0, room_meld,
	  fig_meld },
	{ "bias", "--bias", IN_OWN, 0, 0, room_bias,
	  fig_bias },
	{ "compare", "--compare", IN_ROOT_IMAGES, 0, 0, room_compare,
	  fig_compare },
};
const size_t analysis_table_len = sizeof analysis_table / sizeof *analysis_table;

const struct analysis *analysis_select(const struct options *o)
{
	if (o->pairs)
		return &analysis_table[2];
	if (o->reliability)
		return &analysis_table[3];
	if (o->sensitivity)
		return &analysis_table[4];
	if (o->partitions)
		return &analysis_table[5];
	if (o->meld)
		return &analysis_table[6];
	if (o->bias)
		return &analysis_table[7];
	if (o->compare)
		return &analysis_table[8];
	return &analysis_table[o->images ? 1 : 0];
}
