/*
 * eval_room.c - the rows of the two analyses no option names (see
 * analysis.h): the evaluation (the scores, -b 0; -F trec prints
 * trec_eval's layout) and the bootstrap summary (-b B).
 */
#include "output.h"
#include "room.h"

#include <stdlib.h>

static int print_evaluation(FILE *f, const struct analysis_in *in)
{
	double *agg;
	int rc;
	if (in->o->format == FORMAT_TREC)
		return trec_print(f, in->s, in->root, in->o, in->trec, in->err);
	agg = score_aggregates(in->s, in->root, options_mean(in->o) == MEAN_RUN);
	rc = output_eval(f, in->s, in->root, agg, in->o);
	free(agg);
	return rc;
}

static int print_summary(FILE *f, const struct analysis_in *in)
{
	return output_boot(f, in->s, in->br, in->o);
}

const struct analysis room_evaluation = {
	.name = "evaluation",
	.input = IN_ROOT,
	.flags = AN_NO_IMAGES,
	.print = print_evaluation,
	.figure = fig_evaluation,
};

const struct analysis room_summary = {
	.name = "summary",
	.input = IN_IMAGES,
	.min_images = 1,
	.columns = "run qid measure value (-b 0), or\n"
		   "run qid measure root mean bias sd ci_lo q25 median q75 ci_hi rank\n"
		   "rank_min rank_q25 rank_median rank_q75 rank_max (-b B; bias = mean - root)",
	.print = print_summary,
	.figure = fig_summary,
};
