/*
 * output.h - printing results (the "print" step of the pipeline).
 *
 * Plain evaluation (-b 0), TSV: header "run qid measure value", then for
 * each run in command-line order, for each topic in natural order (with -q)
 * and then "all" (not with -n), one row per measure output in -m order;
 * with --mean run, a run's topics only, and "all" over them.  -F trec is
 * printed by trec_out.c.
 *
 * The printers write to a FILE and report write errors through the return
 * value: 0, or -1 when the stream failed (for instance a full disk).
 */
#ifndef CBEVAL_OUTPUT_H
#define CBEVAL_OUTPUT_H

#include <stdio.h>

#include "options.h"
#include "score.h"

/* Print a tab and v with the given decimals: "NA" when v is NaN, and no
 * minus sign on a value that rounds to zero (a difference of -1e-17 left
 * by rounding prints as 0.0000, not -0.0000). */
void output_num(FILE *f, double v, int decimals);

/* Print a tab and a p-value v with decimals significant digits ("%.*g",
 * at least 1), so that small p-values show; "NA" when v is NaN. */
void output_p(FILE *f, double v, int decimals);

/* Bootstrap summaries (-b B): header "run qid measure root mean bias sd
 * ci_lo q25 median q75 ci_hi rank rank_min rank_q25 rank_median rank_q75
 * rank_max", rows in the same order as output_eval.  sd is "NA" when it is
 * undefined (B = 1), and so are ci_lo and ci_hi of --ci basic and bc; rank, rank_min and rank_max print as integers; the
 * six rank columns are "NA" for a residual (not an effectiveness score). */
struct boot_result;
int output_boot(FILE *f, const struct scorer *s, const struct boot_result *b,
		const struct options *o);

/* The TSV of the plain evaluation: vals as score_root lays them out;
 * means[run * nslots + slot] (score_aggregates). */
int output_eval(FILE *f, const struct scorer *s, const double *vals,
		const double *means, const struct options *o);

#endif
