/*
 * output.c - TSV and trec_eval-style printing of plain evaluation results
 * (see output.h).
 */
#include "output.h"
#include "boot.h"
#include "outline.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Start a row in l: "RUN\tQID\tMEASURE". */
static void row_head(struct outline *l, FILE *f, const char *run,
		     const char *qid, const char *measure)
{
	outline_init(l, f);
	outline_str(l, run);
	outline_char(l, '\t');
	outline_str(l, qid);
	outline_char(l, '\t');
	outline_str(l, measure);
}

/* A row of the evaluation; a count (measure_integer) as a whole number. */
static void row_tsv(FILE *f, const char *run, const char *qid,
		    const char *measure, double v, int decimals, int integer)
{
	struct outline l;
	row_head(&l, f, run, qid, measure);
	outline_num(&l, v, integer ? 0 : decimals);
	outline_end(&l);
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
	struct outline l;
	outline_init(&l, f);
	outline_num(&l, v, decimals);
	fwrite(l.b, 1, l.n, f);
}

void output_p(FILE *f, double v, int decimals)
{
	struct outline l;
	outline_init(&l, f);
	outline_p(&l, v, decimals);
	fwrite(l.b, 1, l.n, f);
}

/* A summary row; a residual (not an effectiveness score) has no ranks. */
static void row_boot(FILE *f, const char *run, const char *qid,
		     const char *measure, const double *st, int score,
		     int decimals)
{
	struct outline l;
	row_head(&l, f, run, qid, measure);
	for (int c = ST_ROOT; c <= ST_CI_HI; c++)
		outline_num(&l, st[c], decimals);
	if (!score) {
		outline_str(&l, "\tNA\tNA\tNA\tNA\tNA\tNA");
		outline_end(&l);
		return;
	}
	/* the ranks as "%.0f" */
	outline_char(&l, '\t');
	outline_fixed(&l, st[ST_RANK], 0, 0);
	outline_char(&l, '\t');
	outline_fixed(&l, st[ST_RANK_MIN], 0, 0);
	outline_num(&l, st[ST_RANK_Q25], decimals);
	outline_num(&l, st[ST_RANK_MEDIAN], decimals);
	outline_num(&l, st[ST_RANK_Q75], decimals);
	outline_char(&l, '\t');
	outline_fixed(&l, st[ST_RANK_MAX], 0, 0);
	outline_end(&l);
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
