/*
 * trec_out.c - -F trec and the trec_eval link's output (see
 * trec_out.h): trec_eval's order of topics and measures, its relstring,
 * its averaging over the topics evaluated, -n, -D 0.QID and -Z.
 */
#include "trec_out.h"
#include "outline.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void trec_ctx_init(struct trec_ctx *tc)
{
	trec_marks_init(&tc->marks);
	zscores_init(&tc->z);
}

void trec_ctx_release(struct trec_ctx *tc)
{
	trec_marks_release(&tc->marks);
	zscores_release(&tc->z);
}

/* Sorting indices with a context (no globals): a merge sort of x[0..n)
 * by cmp(ctx, a, b), stable; tmp has n places. */
typedef int (*idx_cmp)(const void *ctx, size_t a, size_t b);
static void idx_sort(size_t *x, size_t *tmp, size_t n, idx_cmp cmp,
		     const void *ctx)
{
	size_t h = n / 2, i = 0, j = h, k = 0;
	if (n < 2)
		return;
	idx_sort(x, tmp, h, cmp, ctx);
	idx_sort(x + h, tmp, n - h, cmp, ctx);
	while (i < h && j < n)
		tmp[k++] = cmp(ctx, x[j], x[i]) < 0 ? x[j++] : x[i++];
	while (i < h)
		tmp[k++] = x[i++];
	while (j < n)
		tmp[k++] = x[j++];
	memcpy(x, tmp, n * sizeof *x);
}

static int cmp_slot(const void *ctx, size_t a, size_t b)
{
	const struct scorer *s = ctx;
	return measure_trec_cmp(scorer_slot_measure(s, a),
				scorer_slot_measure(s, b));
}

static int cmp_topic(const void *ctx, size_t a, size_t b)
{
	const struct collection *c = ctx;
	return strcmp(c->topic[a].qid, c->topic[b].qid);
}

/* The orders of one printing: slots and topics as trec_eval prints them,
 * and where relstring goes among the slots. */
struct trec_plan {
	size_t *so, *to;
	size_t rel_at;          /* relstring before slot so[rel_at] */
	const char **names;     /* [nz + 1] names -Z looks up: the slots
				   of zk, then relstring's */
	size_t *zk;             /* [nz] the slots -Z converts */
	size_t nz;
	double *v;              /* [nt * ns] one run's values */
	double *z;              /* [ns + 1] one topic's, for -Z */
	uint8_t *sel;           /* [nt] the topics evaluated */
};

static void plan_init(struct trec_plan *p, const struct scorer *s)
{
	size_t nt = s->c->n, ns = s->nslots;
	size_t *tmp = xcalloc((nt > ns ? nt : ns) + 1, sizeof *tmp);
	p->so = xcalloc(ns + 1, sizeof *p->so);
	p->to = xcalloc(nt + 1, sizeof *p->to);
	for (size_t k = 0; k < ns; k++)
		p->so[k] = k;
	for (size_t t = 0; t < nt; t++)
		p->to[t] = t;
	idx_sort(p->so, tmp, ns, cmp_slot, s);
	idx_sort(p->to, tmp, nt, cmp_topic, s->c);
	free(tmp);
	p->rel_at = ns;
	for (size_t j = 0; j < ns && p->rel_at == ns; j++) {
		int ord = measure_trec_order(scorer_slot_measure(s, p->so[j]));
		if (ord == TREC_ORDER_NONE || ord > TREC_ORDER_RELSTRING)
			p->rel_at = j;
	}
	p->names = xcalloc(ns + 2, sizeof *p->names);
	p->zk = xcalloc(ns + 1, sizeof *p->zk);
	p->nz = 0;
	/* num_q, a count of topics, is not converted (trec_eval has no
	 * value for it) */
	for (size_t k = 0; k < ns; k++)
		if (!scorer_slot_measure(s, k)->def->trec_all_only) {
			p->zk[p->nz] = k;
			p->names[p->nz++] = s->slots[k].trec;
		}
	p->v = xcalloc(size_mul(nt, ns) + 1, sizeof *p->v);
	p->z = xcalloc(ns + 2, sizeof *p->z);
	p->sel = xcalloc(nt + 1, 1);
}

static void plan_release(struct trec_plan *p)
{
	free(p->so);
	free(p->to);
	free(p->names);
	free(p->zk);
	free(p->v);
	free(p->z);
	free(p->sel);
}

/* The topics of run r that trec_eval evaluates into p->sel; returns
 * their number. */
static size_t select_topics(struct trec_plan *p, const struct scorer *s,
			    size_t r, const struct options *o)
{
	size_t n = 0;
	int all = options_mean(o) == MEAN_QRELS;
	for (size_t t = 0; t < s->c->n; t++) {
		const struct run *run = &s->runs[r];
		p->sel[t] = (all || (run->present && run->present[t])) &&
			    (!o->debug_qid ||
			     strcmp(o->debug_qid, s->c->topic[t].qid) == 0);
		n += p->sel[t];
	}
	return n;
}

/* Run r's values into p->v, converted to z-scores under -Z.  Returns 0,
 * or -1 with d set. */
static int run_values(struct trec_plan *p, const struct scorer *s,
		      const double *vals, size_t r, const struct trec_ctx *tc,
		      const struct options *o, struct diag *d)
{
	size_t nt = s->c->n, ns = s->nslots;
	size_t nn = p->nz + (tc->marks.relstring != 0);
	memcpy(p->v, vals + r * nt * ns, nt * ns * sizeof *p->v);
	if (!o->zscores)
		return 0;
	p->names[p->nz] = tc->marks.relstring_name;  /* looked up too */
	for (size_t t = 0; t < nt; t++) {
		if (!p->sel[t])
			continue;
		for (size_t i = 0; i < p->nz; i++)
			p->z[i] = p->v[t * ns + p->zk[i]];
		p->z[p->nz] = 0;
		if (zscore_convert(&tc->z, s->c->topic[t].qid, p->names, p->z,
				   nn, d) != 0)
			return -1;
		for (size_t i = 0; i < p->nz; i++)
			p->v[t * ns + p->zk[i]] = p->z[i];
	}
	return 0;
}

/* trec_eval prints doubles with %6.4f and counts (longs, cast) with
 * %ld; under -Z every value as a double, its name after a 'Z'. */
static void row(FILE *f, const char *measure, const char *qid, double v,
		const struct options *o, int integer)
{
	/* "[Z]%-22s\t%s\t%6.*f\n", or "%ld" for a count without -Z */
	struct outline l;
	outline_init(&l, f);
	if (o->zscores)
		outline_char(&l, 'Z');
	outline_pad(&l, measure, 22);
	outline_char(&l, '\t');
	outline_str(&l, qid);
	outline_char(&l, '\t');
	if (integer && !o->zscores)
		outline_long(&l, (long)v);
	else
		outline_fixed(&l, v, o->decimals, 6);
	outline_end(&l);
}

/* trec_eval's relstring of run r on topic t: one character per document
 * of the first len of the ranking. */
static void relstring(FILE *f, const struct trec_ctx *tc,
		      const struct run *r, const struct topic *tp, size_t t)
{
	size_t n = r->off[t + 1] - r->off[t];
	const uint32_t *ids = r->ids + r->off[t];
	if (n > (size_t)tc->marks.relstring_len)
		n = (size_t)tc->marks.relstring_len;
	fprintf(f, "%-22s\t%s\t'", tc->marks.relstring_name, tp->qid);
	/* a topic the run lacks (-c): trec_eval ranks one document of its
	 * own there, not judged, and then empties the string if it is named
	 * "relstring" exactly */
	if (!r->present[t] && tc->marks.relstring_len > 0 &&
	    strcmp(tc->marks.relstring_name, "relstring") != 0)
		fputc('-', f);
	for (size_t i = 0; i < n; i++) {
		int32_t g = ids[i] < tp->n_judged ? tp->grade[ids[i]] : -1;
		fputc(ids[i] >= tp->n_judged ? '-' : g < 0 ? '.' : g > 9 ? '>'
		      : '0' + g, f);
	}
	fputs("'\n", f);
}

/* Topic t's lines of run r. */
static void topic_lines(FILE *f, const struct trec_plan *p,
			const struct scorer *s, size_t r, size_t t,
			const struct options *o, const struct trec_ctx *tc)
{
	size_t ns = s->nslots;
	const char *qid = s->c->topic[t].qid;
	for (size_t j = 0; j <= ns; j++) {
		const struct measure *m;
		if (j == p->rel_at && tc->marks.relstring)
			relstring(f, tc, &s->runs[r], &s->c->topic[t], t);
		if (j == ns)
			break;
		m = scorer_slot_measure(s, p->so[j]);
		/* trec_eval prints num_q, gm_map and gm_bpref in "all" only */
		if (m->def->trec_all_only ||
		    scorer_slot_agg(s, p->so[j]) == AGG_GEOM_TREC)
			continue;
		row(f, s->slots[p->so[j]].trec, qid, p->v[t * ns + p->so[j]],
		    o, measure_integer(m));
	}
}

/* The lines of "all" of run r over the nsel topics selected: trec_eval
 * sums in its order of topics and divides by their number, or with -c by
 * the qrels' (a topic not evaluated then counts as 0). */
static void all_lines(FILE *f, const struct trec_plan *p,
		      const struct scorer *s, const double *vals, size_t r,
		      size_t nsel, const struct options *o,
		      const struct trec_ctx *tc)
{
	size_t nt = s->c->n, ns = s->nslots;
	int complete = options_mean(o) == MEAN_QRELS;
	size_t n = complete ? nt : nsel;
	const struct run *run = &s->runs[r];
	if (tc->marks.runid)
		fprintf(f, "%-22s\tall\t%s\n", "runid",
			run->last_tag ? run->last_tag : run->tag);
	for (size_t j = 0; j < ns; j++) {
		size_t k = p->so[j];
		enum measure_agg a = scorer_slot_agg(s, k);
		double acc = 0;
		const char *name = scorer_slot_measure(s, k)->def->name;
		/* with -c, trec_eval's num_rel counts the relevant documents
		 * of every qrels topic, as given (not as z-scores) */
		int every = complete && strcmp(name, "num_rel") == 0;
		double v;
		/* a topic not evaluated counts as 0 with -c (trec_eval then
		 * divides by the qrels' topics), else not at all */
		for (size_t i = 0; i < nt; i++) {
			size_t t = p->to[i];
			if (every)
				acc += vals[(r * nt + t) * ns + k];
			else if (p->sel[t] || complete)
				acc += measure_agg_term(a, p->sel[t] ? p->v[t * ns + k] : 0);
		}
		v = measure_agg_finish(a, acc, n ? n : 1);
		if (strcmp(name, "num_q") == 0)
			v = (double)n;   /* trec_eval's num_q: the divisor */
		row(f, s->slots[k].trec, "all", v, o,
		    measure_integer(scorer_slot_measure(s, k)));
	}
}

int trec_print(FILE *f, const struct scorer *s, const double *vals,
	       const struct options *o, const struct trec_ctx *tc,
	       struct diag *d)
{
	struct trec_plan p;
	int rc = 0;
	plan_init(&p, s);
	/* every conversion before any line, so that a refusal prints none */
	for (size_t r = 0; o->zscores && r < s->nruns && rc == 0; r++) {
		select_topics(&p, s, r, o);
		if (run_values(&p, s, vals, r, tc, o, d) != 0)
			rc = -2;
	}
	for (size_t r = 0; r < s->nruns && rc == 0; r++) {
		size_t nsel = select_topics(&p, s, r, o);
		run_values(&p, s, vals, r, tc, o, d);
		for (size_t i = 0; o->per_topic && i < s->c->n; i++)
			if (p.sel[p.to[i]])
				topic_lines(f, &p, s, r, p.to[i], o, tc);
		if (!o->no_summary)
			all_lines(f, &p, s, vals, r, nsel, o, tc);
	}
	plan_release(&p);
	if (rc == 0 && ferror(f))
		rc = -1;
	return rc;
}

int trec_check_topics(const struct collection *c, const struct run *runs,
		      size_t nruns, const struct options *o, struct diag *d)
{
	if (!o->trec_name || options_mean(o) != MEAN_RUN)
		return 0;
	for (size_t r = 0; r < nruns; r++) {
		const char *first = NULL;
		for (size_t t = 0; t < c->n; t++) {
			const char *q = c->topic[t].qid;
			if (runs[r].present[t] ||
			    (o->debug_qid && strcmp(o->debug_qid, q) != 0))
				continue;
			if (!first || strcmp(q, first) < 0)
				first = q;
		}
		if (first) {
			diag_set(d, "result qid '%s' not found in qrels", first);
			return EXIT_TREC_TOPIC;
		}
	}
	return 0;
}
