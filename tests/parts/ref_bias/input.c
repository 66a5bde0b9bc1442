/*
 * tests/parts/ref_bias/input.c - the inputs of the reference of `cbeval
 * --bias` (tests/ref_bias.c), read with its own parser: qrels files (the
 * reference's defines the topics, in natural order: choice 1), runs
 * (ordered and cut as choice 2 says), the names of the runs (choice 3),
 * the engineered runs (choice 4) and the per-topic values of --values.
 * Sizes: the files of a test (thousands of lines); each ranking is sorted
 * with qsort.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "ref_bias.h"

/* ---- qrels and runs ------------------------------------------------------- */

static void qrels_index(const struct rb *ctx, struct qrels *q);

/* A judgement as read. */
struct qrow {
	char *qid;
	size_t d;
	long g;
};

/* The judgements of the qrels file path in file order (the caller frees
 * them and their qids), *nl their number; exit 2 on a bad line or none. */
static struct qrow *qrels_rows(struct rb *ctx, const char *path, size_t *nlp)
{
	struct lines l;
	char *line, *fld[6];
	size_t nl = 0, capl = 0;
	struct qrow *rows = NULL;
	lines_open(&l, path);
	while ((line = lines_next(&l))) {
		if (skipped(line))
			continue;
		if (fields(line, fld, 5) != 4)
			die("a qrels line without four fields in", path);
		char *end;
		errno = 0;
		long g = strtol(fld[3], &end, 10);
		if (end == fld[3] || *end || errno || g < -2147483647L || g > 2147483647L)
			die("a bad grade in", path);
		if (nl == capl) {
			capl = capl ? 2 * capl : 1024;
			rows = xrealloc(rows, capl * sizeof *rows);
		}
		rows[nl].qid = xstrdup(fld[0]);
		rows[nl].d = st_intern(&ctx->docs, fld[2]);
		rows[nl].g = g;
		nl++;
	}
	lines_close(&l);
	if (nl == 0)
		die("no judgement in", path);
	*nlp = nl;
	return rows;
}

/* The topics: the distinct qids of the rows in natural order (choice 1). */
static void define_topics(struct rb *ctx, const struct qrow *rows, size_t nl)
{
	struct strtab tmp = { 0 };
	for (size_t i = 0; i < nl; i++)
		st_intern(&tmp, rows[i].qid);
	int numeric = 1;
	for (size_t i = 0; i < tmp.n; i++)
		numeric &= all_digits(tmp.s[i]);
	const char **v = xmalloc(tmp.n * sizeof *v);
	for (size_t i = 0; i < tmp.n; i++)
		v[i] = tmp.s[i];
	sort_qids(v, tmp.n, numeric);
	for (size_t i = 0; i < tmp.n; i++)
		st_intern(&ctx->topics, v[i]);
	free(v);
	st_free(&tmp);
}

/* Reads the qrels file path into q (which owns its arrays; free_qrels);
 * ref: it defines the topics.  Exit 2 on a bad file, a topic the
 * reference lacks or lacking one of its topics. */
void read_qrels(struct rb *ctx, struct qrels *q, const char *path, int ref)
{
	size_t nl;
	struct qrow *rows = qrels_rows(ctx, path, &nl);
	if (ref)
		define_topics(ctx, rows, nl);
	q->path = path;
	q->v = xcalloc(NT, sizeof *q->v);
	q->n = xcalloc(NT, sizeof *q->n);
	size_t *capt = xcalloc(NT, sizeof *capt);
	for (size_t i = 0; i < nl; i++) {
		long t = st_find(&ctx->topics, rows[i].qid);
		if (t < 0) {
			fprintf(stderr, "%s: %s: topic %s is not a topic of the reference\n", REF_PROG, path, rows[i].qid);
			exit(2);
		}
		if (q->n[t] == capt[t]) {
			capt[t] = capt[t] ? 2 * capt[t] : 64;
			q->v[t] = xrealloc(q->v[t], capt[t] * sizeof **q->v);
		}
		q->v[t][q->n[t]].d = rows[i].d;
		q->v[t][q->n[t]].g = rows[i].g;
		q->n[t]++;
		free(rows[i].qid);
	}
	free(rows);
	free(capt);
	for (size_t t = 0; t < NT; t++)
		if (q->n[t] == 0) {
			fprintf(stderr, "%s: %s: lacks topic %s of the reference\n", REF_PROG, path, ctx->topics.s[t]);
			exit(2);
		}
	qrels_index(ctx, q);
}

/* Judgements by docno id. */
static int cmp_judg(const void *pa, const void *pb)
{
	const struct judg *a = pa, *b = pb;
	return (a->d > b->d) - (a->d < b->d);
}

/* q->sorted: each topic's judgements by docno id; exit 2 on a docno
 * judged twice in a topic. */
static void qrels_index(const struct rb *ctx, struct qrels *q)
{
	q->sorted = xcalloc(NT, sizeof *q->sorted);
	for (size_t t = 0; t < NT; t++) {
		q->sorted[t] = xmalloc((q->n[t] ? q->n[t] : 1) * sizeof **q->sorted);
		memcpy(q->sorted[t], q->v[t], q->n[t] * sizeof **q->sorted);
		qsort(q->sorted[t], q->n[t], sizeof **q->sorted, cmp_judg);
		for (size_t i = 1; i < q->n[t]; i++)
			if (q->sorted[t][i].d == q->sorted[t][i - 1].d) {
				fprintf(stderr, "%s: %s: docno %s twice in topic %s\n", REF_PROG, q->path,
					ctx->docs.s[q->sorted[t][i].d], ctx->topics.s[t]);
				exit(2);
			}
	}
}

/* The grade of d in topic t, or 0 with *judged = 0. */
long grade_of(const struct qrels *q, size_t t, size_t d, int *judged)
{
	struct judg key = { d, 0 };
	struct judg *p = bsearch(&key, q->sorted[t], q->n[t], sizeof key, cmp_judg);
	*judged = p != NULL;
	return p ? p->g : 0;
}

/* A line of a run as read, with what its order needs (choice 2). */
struct rline {
	size_t d;
	const char *doc;	/* the docno (the string table's) */
	const char *key;	/* --order: score, rank or file */
	double score;
	long long rank;
	size_t pos;
};

/* Docnos by bytes. */
static int cmp_str(const char *a, const char *b)
{
	return strcmp(a, b);
}

/* The order of choice 2: by score descending, ties by docno descending;
 * by rank ascending, ties in file order; or in file order. */
static int cmp_rline(const void *pa, const void *pb)
{
	const struct rline *a = pa, *b = pb;
	if (strcmp(a->key, "score") == 0) {
		if (a->score != b->score)
			return a->score > b->score ? -1 : 1;
		int c = cmp_str(a->doc, b->doc);
		if (c)
			return -c;
	} else if (strcmp(a->key, "rank") == 0) {
		if (a->rank != b->rank)
			return a->rank < b->rank ? -1 : 1;
	}
	return (a->pos > b->pos) - (a->pos < b->pos);
}

/* Docno ids ascending. */
static int cmp_size(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	return (a > b) - (a < b);
}

/* Topic t of run r from its lines v[0..r->n[t]-1] of the file path: exit
 * 2 on a docno twice, else ordered (choice 2) and cut at cut (0: none). */
static void finish_ranking(const struct rb *ctx, struct run *r, size_t t, struct rline *v,
			   const char *path, unsigned long long cut)
{
	size_t n = r->n[t];
	/* the same docno twice in a topic is an error without --dedup */
	size_t *c = xmalloc((n ? n : 1) * sizeof *c);
	for (size_t i = 0; i < n; i++)
		c[i] = v[i].d;
	qsort(c, n, sizeof *c, cmp_size);
	for (size_t i = 1; i < n; i++)
		if (c[i] == c[i - 1]) {
			fprintf(stderr, "%s: %s: docno %s twice in topic %s\n", REF_PROG, path,
				ctx->docs.s[c[i]], ctx->topics.s[t]);
			exit(2);
		}
	free(c);
	if (n)
		qsort(v, n, sizeof *v, cmp_rline);
	if (cut && n > cut)
		n = (size_t)cut;
	r->d[t] = xmalloc((n ? n : 1) * sizeof **r->d);
	for (size_t i = 0; i < n; i++)
		r->d[t][i] = v[i].d;
	r->n[t] = n;
}

/* Reads the run file path into r (which owns its arrays; free_run): its
 * tag, and its rankings of the reference topics, cut at cut (0: none).
 * Exit 2 on a bad file. */
void read_run(struct rb *ctx, struct run *r, const char *path, unsigned long long cut)
{
	struct lines l;
	char *line, *fld[8];
	struct rline **v = xcalloc(NT, sizeof *v);
	size_t *capt = xcalloc(NT, sizeof *capt);
	r->path = path;
	r->tag = NULL;
	r->name = NULL;
	r->n = xcalloc(NT, sizeof *r->n);
	r->d = xcalloc(NT, sizeof *r->d);
	lines_open(&l, path);
	while ((line = lines_next(&l))) {
		if (skipped(line))
			continue;
		if (fields(line, fld, 7) < 6)
			die("a run line with fewer than six fields in", path);
		if (!r->tag)
			r->tag = xstrdup(fld[5]);
		long t = st_find(&ctx->topics, fld[0]);
		if (t < 0)
			continue;
		if (r->n[t] == capt[t]) {
			capt[t] = capt[t] ? 2 * capt[t] : 256;
			v[t] = xrealloc(v[t], capt[t] * sizeof **v);
		}
		struct rline *e = &v[t][r->n[t]++];
		e->d = st_intern(&ctx->docs, fld[2]);
		e->doc = ctx->docs.s[e->d];
		e->key = ctx->order_key;
		e->score = parse_double(fld[4], "a bad score");
		e->rank = 0;
		if (strcmp(ctx->order_key, "rank") == 0) {
			char *end;
			errno = 0;
			e->rank = strtoll(fld[3], &end, 10);
			if (end == fld[3] || *end || errno)
				die("a bad rank in", path);
		}
		e->pos = l.lineno;
	}
	lines_close(&l);
	if (!r->tag)
		die("no run line in", path);
	for (size_t t = 0; t < NT; t++) {
		finish_ranking(ctx, r, t, v[t], path, cut);
		free(v[t]);
	}
	free(v);
	free(capt);
}

/* ---- freeing; the runs' names; engineered runs ----------------------------- */

/* Frees what r owns. */
void free_run(const struct rb *ctx, struct run *r)
{
	for (size_t t = 0; t < NT; t++)
		free(r->d[t]);
	free(r->d);
	free(r->n);
	free(r->tag);
	free(r->name);
}

/* Frees what q owns (not its path). */
void free_qrels(const struct rb *ctx, struct qrels *q)
{
	for (size_t t = 0; t < NT; t++) {
		free(q->v[t]);
		free(q->sorted[t]);
	}
	free(q->v);
	free(q->n);
	free(q->sorted);
}

/* Names the runs r[0..n-1] as cbeval does (choice 3); each owns its name. */
void name_runs(struct run *r, size_t n)
{
	struct strtab taken = { 0 };
	st_intern(&taken, "all");
	for (size_t i = 0; i < n; i++) {
		if (st_find(&taken, r[i].tag) < 0) {
			r[i].name = xstrdup(r[i].tag);
		} else {
			for (unsigned long k = 2;; k++) {
				char *s = xprintf("%s#%lu", r[i].tag, k);
				if (st_find(&taken, s) < 0) {
					r[i].name = s;
					break;
				}
				free(s);
			}
		}
		st_intern(&taken, r[i].name);
	}
	st_free(&taken);
}

/* The engineered run of kept run j (choice 4). */
void engineer(const struct rb *ctx, struct run *e, const struct run *r, size_t j, const struct qrels *ref)
{
	e->path = NULL;
	e->tag = NULL;
	e->name = xprintf("%s~perm", r->name);
	e->n = xcalloc(NT, sizeof *e->n);
	e->d = xcalloc(NT, sizeof *e->d);
	for (size_t t = 0; t < NT; t++) {
		size_t n = r->n[t], m = 0;
		size_t *ranks = xmalloc((n ? n : 1) * sizeof *ranks);
		size_t *slot = xmalloc((n ? n : 1) * sizeof *slot);
		e->n[t] = n;
		e->d[t] = xmalloc((n ? n : 1) * sizeof **e->d);
		memcpy(e->d[t], r->d[t], n * sizeof **e->d);
		for (size_t i = 0; i < n; i++) {
			int judged;
			long g = grade_of(ref, t, r->d[t][i], &judged);
			if (judged && g >= ctx->level) {
				ranks[m] = i;
				slot[m] = r->d[t][i];
				m++;
			}
		}
		permute(ctx, slot, m, j, t);
		for (size_t i = 0; i < m; i++)
			e->d[t][ranks[i]] = slot[i];
		free(ranks);
		free(slot);
	}
}

/* ---- the --values input ------------------------------------------------------ */

/* Reads the per-topic values of --values (see ref_bias.c's usage): the
 * collections, runs, topics, measures and values of ctx.  Exit 2 on a bad
 * file or a cell missing or twice. */
void read_values(struct rb *ctx, const char *path)
{
	static const char *const head[] = { "collection", "replicate", NULL };
	const struct tsv_form form = {
		6, head, "--values: line 1 is not 'collection replicate run qid measure value'", 0
	};
	struct lines l;
	char *fld[7];
	size_t n = 0, capr = 0;
	struct cell { size_t c, r, j, t, m; double x; } *rows = NULL;
	struct strtab cn = { 0 };
	lines_open(&l, path);
	while (values_next(&l, &form, fld)) {
		if (n == capr) {
			capr = capr ? 2 * capr : 256;
			rows = xrealloc(rows, capr * sizeof *rows);
		}
		char *end;
		errno = 0;
		unsigned long r = strtoul(fld[1], &end, 10);
		if (end == fld[1] || *end || errno || r > 100000)
			die("--values: bad replicate", fld[1]);
		rows[n].c = st_intern(&cn, fld[0]);
		rows[n].r = r;
		rows[n].j = st_intern(&ctx->runnames, fld[2]);
		rows[n].t = st_intern(&ctx->topics, fld[3]);
		rows[n].m = st_intern(&ctx->meas, fld[4]);
		rows[n].x = parse_double(fld[5], "--values: bad value");
		n++;
	}
	lines_close(&l);
	ctx->NC = cn.n;
	ctx->cname = xmalloc((ctx->NC ? ctx->NC : 1) * sizeof *ctx->cname);
	ctx->nrep = xcalloc(ctx->NC ? ctx->NC : 1, sizeof *ctx->nrep);
	ctx->roff = xcalloc(ctx->NC ? ctx->NC : 1, sizeof *ctx->roff);
	for (size_t c = 0; c < ctx->NC; c++)
		ctx->cname[c] = xstrdup(cn.s[c]);
	for (size_t i = 0; i < n; i++)
		if (rows[i].r + 1 > ctx->nrep[rows[i].c])
			ctx->nrep[rows[i].c] = rows[i].r + 1;
	ctx->NREP = 0;
	for (size_t c = 0; c < ctx->NC; c++) {
		ctx->roff[c] = ctx->NREP;
		ctx->NREP += ctx->nrep[c];
	}
	if (NT == 0 || NM == 0)
		die("--values: no value", NULL);
	alloc_values(ctx);
	for (size_t i = 0; i < n; i++) {
		double *p = &V(ctx, rows[i].c, rows[i].r, rows[i].m, rows[i].j)[rows[i].t];
		if (!isnan(*p))
			die("--values: a cell twice", ctx->topics.s[rows[i].t]);
		*p = rows[i].x;
	}
	for (size_t i = 0; i < ctx->NREP * NM * NJ * NT; i++)
		if (isnan(ctx->val[i]))
			die("--values: a cell is missing", NULL);
	free(rows);
	st_free(&cn);
}

