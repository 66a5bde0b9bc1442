/*
 * tests/parts/ref_pools/input.c - the input of the reference ref_pools:
 * the qrels (topics in cbeval's qid order, numeric when every qid is
 * digits, with their judgements in file order) and the runs (per topic,
 * the docnos ordered by score descending, ties by docno descending in
 * byte order, cut at -M).  Read the obvious way, with a linear search of
 * the topics: a few topics of tens of documents.
 */
#include "ref_pools.h"

/* The qsort order of topics: numerically when every qid is digits
 * (leading zeros ignored), then by bytes. */
static int cmp_qid(const void *pa, const void *pb)
{
	const struct topic *a = pa, *b = pb;
	if (a->numeric) {
		size_t la = strlen(a->qid), lb = strlen(b->qid);
		const char *x = a->qid, *y = b->qid;
		while (la > 1 && *x == '0') { x++; la--; }
		while (lb > 1 && *y == '0') { y++; lb--; }
		if (la != lb)
			return la < lb ? -1 : 1;
		int c = strcmp(x, y);
		if (c)
			return c;
	}
	return strcmp(a->qid, b->qid);
}

/* Returns the index of topic qid, -1 when the qrels lack it. */
long topic_of(const struct pools *ctx, const char *qid)
{
	for (size_t t = 0; t < ctx->NT; t++)
		if (strcmp(ctx->T[t].qid, qid) == 0)
			return (long)t;
	return -1;
}

/* Reads the qrels at path into ctx->T (sorted); dies on a bad line. */
void read_qrels(struct pools *ctx, const char *path)
{
	struct lines l;
	char *line, *fl[6];
	int numeric_qids;
	lines_open(&l, path);
	while ((line = lines_data(&l))) {
		if (fields(line, fl, 5) != 4)
			die("bad qrels line", path);
		long t = topic_of(ctx, fl[0]);
		if (t < 0) {
			ctx->T = xrealloc(ctx->T, (ctx->NT + 1) * sizeof *ctx->T);
			memset(&ctx->T[ctx->NT], 0, sizeof *ctx->T);
			ctx->T[ctx->NT].qid = xstrdup(fl[0]);
			t = (long)ctx->NT++;
		}
		struct topic *tp = &ctx->T[t];
		tp->j = xrealloc(tp->j, (tp->nj + 1) * sizeof *tp->j);
		tp->j[tp->nj].docno = xstrdup(fl[2]);
		tp->j[tp->nj++].grade = strtol(fl[3], NULL, 10);
	}
	lines_close(&l);
	numeric_qids = 1;
	for (size_t t = 0; t < ctx->NT; t++)
		numeric_qids &= all_digits(ctx->T[t].qid);
	for (size_t t = 0; t < ctx->NT; t++)
		ctx->T[t].numeric = numeric_qids;
	qsort(ctx->T, ctx->NT, sizeof *ctx->T, cmp_qid);
}

struct rl { char *qid, *docno; double score; };

/* The order of run lines: by qid, score descending, docno descending. */
static int cmp_rl(const void *pa, const void *pb)
{
	const struct rl *a = pa, *b = pb;
	int c = strcmp(a->qid, b->qid);
	if (c)
		return c;
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return -strcmp(a->docno, b->docno);
}

/* Reads the run at path into r (its lines of qrels topics, ordered and
 * cut at -M); dies on a bad line or an empty file. */
void read_run(const struct pools *ctx, const char *path, struct run *r)
{
	struct lines l;
	char *line, *fl[8];
	size_t n = 0;
	struct rl *v = NULL;
	lines_open(&l, path);
	while ((line = lines_data(&l))) {
		if (fields(line, fl, 7) < 6)
			die("bad run line", path);
		if (!r->tag)
			r->tag = xstrdup(fl[5]);
		if (topic_of(ctx, fl[0]) < 0)
			continue;
		v = xrealloc(v, (n + 1) * sizeof *v);
		v[n].qid = xstrdup(fl[0]);
		v[n].docno = xstrdup(fl[2]);
		v[n++].score = strtod(fl[4], NULL);
	}
	lines_close(&l);
	if (!r->tag)
		die("no run line in", path);
	qsort(v, n, sizeof *v, cmp_rl);
	r->docs = xcalloc(ctx->NT, sizeof *r->docs);
	r->n = xcalloc(ctx->NT, sizeof *r->n);
	for (size_t i = 0; i < n; i++) {
		size_t t = (size_t)topic_of(ctx, v[i].qid);
		if (!ctx->CUT || r->n[t] < ctx->CUT) {
			r->docs[t] = xrealloc(r->docs[t], (r->n[t] + 1) * sizeof *r->docs[t]);
			r->docs[t][r->n[t]++] = v[i].docno;
		} else {
			free(v[i].docno);
		}
		free(v[i].qid);
	}
	free(v);
}
