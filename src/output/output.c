/*
 * output.c - TSV and trec_eval-style printing of plain evaluation results
 * (see output.h).
 */
#include "output.h"
#include "boot.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A row of the evaluation; a count (measure_integer) as a whole number. */
static void row_tsv(FILE *f, const char *run, const char *qid,
		    const char *measure, double v, int decimals, int integer)
{
	fprintf(f, "%s\t%s\t%s", run, qid, measure);
	output_num(f, v, integer ? 0 : decimals);
	fputc('\n', f);
}

int output_eval(FILE *f, const struct scorer *s, const double *vals,
		const double *means, const struct options *o)
{
	size_t nt = s->c->n, ns = s->nslots;
	int left_out = options_mean(o) == MEAN_RUN;
	fputs("run\tqid\tmeasure\tvalue\n", f);
	for (size_t r = 0; r < s->nruns; r++) {
		const char *run = s->runs[r].name;
		for (size_t t = 0; o->per_topic && t < nt; t++) {
			const double *v = vals + (r * nt + t) * ns;
			const char *qid = s->c->topic[t].qid;
			if (left_out && !s->runs[r].present[t])
				continue;
			for (size_t k = 0; k < ns; k++)
				row_tsv(f, run, qid, s->slots[k].name, v[k],
					o->decimals,
					measure_integer(scorer_slot_measure(s, k)));
		}
		for (size_t k = 0; !o->no_summary && k < ns; k++)
			row_tsv(f, run, "all", s->slots[k].name,
				means[r * ns + k], o->decimals,
				measure_integer(scorer_slot_measure(s, k)));
	}
	if (fflush(f) != 0 || ferror(f))
		return -1;
	return 0;
}

void output_num(FILE *f, double v, int decimals)
{
	char buf[64];
	if (isnan(v)) {
		fputs("\tNA", f);
		return;
	}
	snprintf(buf, sizeof buf, "%.*f", decimals, v);
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		fprintf(f, "\t%s", buf + 1);
	else
		fprintf(f, "\t%s", buf);
}

void output_p(FILE *f, double v, int decimals)
{
	if (isnan(v))
		fputs("\tNA", f);
	else
		fprintf(f, "\t%.*g", decimals > 0 ? decimals : 1, v);
}

/* A summary row; a residual (not an effectiveness score) has no ranks. */
static void row_boot(FILE *f, const char *run, const char *qid,
		     const char *measure, const double *st, int score,
		     int decimals)
{
	fprintf(f, "%s\t%s\t%s", run, qid, measure);
	for (int c = ST_ROOT; c <= ST_CI_HI; c++)
		output_num(f, st[c], decimals);
	if (!score) {
		fputs("\tNA\tNA\tNA\tNA\tNA\tNA\n", f);
		return;
	}
	fprintf(f, "\t%.0f\t%.0f", st[ST_RANK], st[ST_RANK_MIN]);
	output_num(f, st[ST_RANK_Q25], decimals);
	output_num(f, st[ST_RANK_MEDIAN], decimals);
	output_num(f, st[ST_RANK_Q75], decimals);
	fprintf(f, "\t%.0f\n", st[ST_RANK_MAX]);
}

int output_boot(FILE *f, const struct scorer *s, const struct boot_result *b,
		const struct options *o)
{
	size_t nt = s->c->n, ns = s->nslots;
	fputs("run\tqid\tmeasure\troot\tmean\tbias\tsd\tci_lo\tq25\tmedian\tq75\t"
	      "ci_hi\trank\trank_min\trank_q25\trank_median\trank_q75\t"
	      "rank_max\n", f);
	for (size_t r = 0; r < s->nruns; r++) {
		const char *run = s->runs[r].name;
		for (size_t t = 0; b->topic && t < nt; t++)
			for (size_t k = 0; k < ns; k++)
				row_boot(f, run, s->c->topic[t].qid,
					 s->slots[k].name,
					 b->topic + ((r * nt + t) * ns + k) * ST_N,
					 scorer_slot_is_score(s, k), o->decimals);
		for (size_t k = 0; k < ns; k++)
			row_boot(f, run, "all", s->slots[k].name,
				 b->all + (r * ns + k) * ST_N,
				 scorer_slot_is_score(s, k), o->decimals);
	}
	if (fflush(f) != 0 || ferror(f))
		return -1;
	return 0;
}
