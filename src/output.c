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

static void row_tsv(FILE *f, const char *run, const char *qid,
		    const char *measure, double v, int decimals)
{
	fprintf(f, "%s\t%s\t%s", run, qid, measure);
	output_num(f, v, decimals);
	fputc('\n', f);
}

/* trec_eval prints doubles with %6.4f and counts (longs) with %ld. */
static void row_trec(FILE *f, const char *measure, const char *qid, double v,
		     int decimals, int integer)
{
	if (integer)
		fprintf(f, "%-22s\t%s\t%ld\n", measure, qid, lround(v));
	else
		fprintf(f, "%-22s\t%s\t%6.*f\n", measure, qid, decimals, v);
}

/* The order of -F trec: slots by measure_trec_cmp, ties (cbeval's own
 * measures, the outputs of one measure) in slot order; topics by strcmp
 * of their qids, as trec_eval sorts them. */
static const struct scorer *sort_s;
static int cmp_slot(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	int c = measure_trec_cmp(scorer_slot_measure(sort_s, a),
				 scorer_slot_measure(sort_s, b));
	return c ? c : a < b ? -1 : a > b;
}

static const struct collection *sort_c;
static int cmp_topic(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	int c = strcmp(sort_c->topic[a].qid, sort_c->topic[b].qid);
	return c ? c : a < b ? -1 : a > b;
}

/* -F trec, as trec_eval prints one run after another: with -q every
 * topic's lines, then the line runid, then the lines of "all"; without
 * -q the line runid, then the lines of "all". */
static void output_trec(FILE *f, const struct scorer *s, const double *vals,
			const double *means, const struct options *o)
{
	size_t nt = s->c->n, ns = s->nslots;
	size_t *so = xmalloc((ns ? ns : 1) * sizeof *so);
	size_t *to = xmalloc((nt ? nt : 1) * sizeof *to);
	for (size_t k = 0; k < ns; k++)
		so[k] = k;
	for (size_t t = 0; t < nt; t++)
		to[t] = t;
	sort_s = s;
	qsort(so, ns, sizeof *so, cmp_slot);
	sort_c = s->c;
	qsort(to, nt, sizeof *to, cmp_topic);
	for (size_t r = 0; r < s->nruns; r++) {
		for (size_t i = 0; o->per_topic && i < nt; i++) {
			size_t t = to[i];
			const double *v = vals + (r * nt + t) * ns;
			const char *qid = s->c->topic[t].qid;
			for (size_t j = 0; j < ns; j++) {
				size_t k = so[j];
				const struct measure *m = scorer_slot_measure(s, k);
				/* trec_eval prints num_q, gm_map and gm_bpref
				 * in the block "all" only */
				if (m->def->trec_all_only ||
				    scorer_slot_agg(s, k) == AGG_GEOM_TREC)
					continue;
				row_trec(f, s->slots[k].trec, qid, v[k],
					 o->decimals, measure_integer(m));
			}
		}
		fprintf(f, "%-22s\tall\t%s\n", "runid", s->runs[r].name);
		for (size_t j = 0; j < ns; j++) {
			size_t k = so[j];
			row_trec(f, s->slots[k].trec, "all", means[r * ns + k],
				 o->decimals,
				 measure_integer(scorer_slot_measure(s, k)));
		}
	}
	free(so);
	free(to);
}

int output_eval(FILE *f, const struct scorer *s, const double *vals,
		const double *means, const struct options *o)
{
	size_t nt = s->c->n, ns = s->nslots;
	if (o->format == FORMAT_TREC) {
		output_trec(f, s, vals, means, o);
	} else {
		fputs("run\tqid\tmeasure\tvalue\n", f);
		for (size_t r = 0; r < s->nruns; r++) {
			const char *run = s->runs[r].name;
			for (size_t t = 0; o->per_topic && t < nt; t++) {
				const double *v = vals + (r * nt + t) * ns;
				const char *qid = s->c->topic[t].qid;
				for (size_t k = 0; k < ns; k++)
					row_tsv(f, run, qid, s->slots[k].name,
						v[k], o->decimals);
			}
			for (size_t k = 0; k < ns; k++)
				row_tsv(f, run, "all", s->slots[k].name,
					means[r * ns + k], o->decimals);
		}
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
