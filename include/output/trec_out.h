/*
 * trec_out.h - the evaluation as trec_eval 10 prints it (-F trec and the
 * trec_eval link): per run, with -q every topic's lines in trec_eval's
 * order of topics (strcmp of the qids) and of measures (its table), then
 * unless -n the line runid (when marked) and the lines of "all".  The
 * topics are those of the qrels (-c, --mean qrels) or those the run has
 * (trec_eval 9's rule, and cbeval -F trec's without -c), or the one of
 * -D 0.QID; -Z prints z-scores.  Also trec_eval's rule on qrels topics a
 * run lacks.  Sizes: as the evaluation table, plus one copy of a run's
 * values (topics x measures doubles).
 */
#ifndef CBEVAL_TREC_OUT_H
#define CBEVAL_TREC_OUT_H

#include <stdio.h>

#include "options.h"
#include "diag.h"
#include "score.h"
#include "trec_marks.h"
#include "zscore.h"

/* What -F trec prints beyond the scores. */
struct trec_ctx {
	struct trec_marks marks;
	struct zscores z;       /* loaded when o->zscores */
};

void trec_ctx_init(struct trec_ctx *tc);
void trec_ctx_release(struct trec_ctx *tc);

/* Print s's runs as trec_eval prints them, from the root scores vals
 * (score_root's layout).  Returns 0, -1 when writing failed, or -2 with
 * d set when -Z cannot convert a value (zscore_convert); nothing is
 * written then. */
int trec_print(FILE *f, const struct scorer *s, const double *vals,
	       const struct options *o, const struct trec_ctx *tc,
	       struct diag *d);

/* trec_eval 10's rule without -c, under the trec_eval link only: a
 * qrels topic (only that of -D 0.QID, if given) that a run lacks stops
 * it with trec_eval's message, naming the first in trec_eval's order
 * (returns EXIT_TREC_TOPIC, 4, with d set).  Returns 0 otherwise, and
 * always under cbeval, which warns when loading and goes on. */
#define EXIT_TREC_TOPIC 4
int trec_check_topics(const struct collection *c, const struct run *runs,
		      size_t nruns, const struct options *o, struct diag *d);

#endif
