/*
 * zscore.c - trec_eval's -Z (see zscore.h): reading the Zmean file and
 * trec_eval's lookup, emulated step by step so that its one undefined
 * case is detected.
 */
#include "zscore.h"
#include "lex.h"
#include "reader.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

void zscores_init(struct zscores *z)
{
	memset(z, 0, sizeof *z);
}

void zscores_release(struct zscores *z)
{
	free(z->buf);
	free(z->e);
	free(z->qstart);
	zscores_init(z);
}

/* Offsets of the names in buf while reading (buf moves as it grows). */
struct zline {
	size_t qid, meas;
	double mean, sd;
};

static int zline_parse(struct reader *rd, const char *line, size_t len,
		       struct zline *zl, char **buf, size_t *used,
		       size_t *cap, struct diag *d)
{
	struct fields fs;
	const char *why;
	int k = lex_record(rd->name, rd->line, line, len, &fs, 4, 4,
			   "Zmean", "4 (qid measure mean stddev)", d);
	if (k <= 0)
		return k;
	for (int f = 2; f <= 3; f++)
		if (lex_double(fs.f[f], fs.len[f], f == 2 ? &zl->mean : &zl->sd,
			       &why) != 0) {
			diag_at(d, rd->name, rd->line, "%s '%.*s' is %s",
				f == 2 ? "mean" : "stddev", (int)fs.len[f],
				fs.f[f], why);
			return -1;
		}
	xgrow(buf, cap, *used + fs.len[0] + fs.len[1] + 2, 1);
	zl->qid = *used;
	memcpy(*buf + *used, fs.f[0], fs.len[0]);
	*used += fs.len[0];
	(*buf)[(*used)++] = '\0';
	zl->meas = *used;
	memcpy(*buf + *used, fs.f[1], fs.len[1]);
	*used += fs.len[1];
	(*buf)[(*used)++] = '\0';
	return 1;
}

static int cmp_ent(const void *pa, const void *pb)
{
	const struct zscore_ent *a = pa, *b = pb;
	int c = strcmp(a->qid, b->qid);
	return c ? c : strcmp(a->meas, b->meas);
}

/* Sort the entries and index the topics. */
static void zscores_index(struct zscores *z)
{
	qsort(z->e, z->n, sizeof *z->e, cmp_ent);
	z->qstart = xcalloc(z->n + 1, sizeof *z->qstart);
	for (size_t i = 0; i < z->n; i++)
		if (i == 0 || strcmp(z->e[i - 1].qid, z->e[i].qid) != 0)
			z->qstart[z->nq++] = i;
	z->qstart[z->nq] = z->n;
}

int zscores_load(struct zscores *z, const char *path, struct diag *d)
{
	struct reader rd;
	struct zline *zl = NULL;
	size_t nl = 0, lcap = 0, used = 0, cap = 0;
	char *line;
	size_t len;
	int rc;
	z->path = path;
	if (reader_open(&rd, path, d) != 0)
		return -1;
	while ((rc = reader_next(&rd, &line, &len, d)) != READER_EOF) {
		if (rc == READER_ERROR)
			goto fail;
		if (rc == READER_FLUSH) {
			reader_release(&rd);
			continue;
		}
		xgrow(&zl, &lcap, nl + 1, sizeof *zl);
		rc = zline_parse(&rd, line, len, &zl[nl], &z->buf, &used, &cap, d);
		if (rc < 0)
			goto fail;
		nl += (size_t)rc;
	}
	reader_close(&rd);
	if (nl == 0) {
		diag_set(d, "%s: no lines (an empty Zmean file)", path);
		free(zl);
		return -1;
	}
	z->e = xcalloc(nl, sizeof *z->e);
	for (size_t i = 0; i < nl; i++) {
		z->e[i].qid = z->buf + zl[i].qid;
		z->e[i].meas = z->buf + zl[i].meas;
		z->e[i].mean = zl[i].mean;
		z->e[i].sd = zl[i].sd;
	}
	z->n = nl;
	free(zl);
	zscores_index(z);
	return 0;
fail:
	reader_close(&rd);
	free(zl);
	return -1;
}

/* trec_eval's binary search over [0, num] of the names name(i): the
 * index found, -1 when absent, -2 when it would read entry num. */
static long te_search(const void *ctx, const char *(*name)(const void *, size_t),
		      size_t num, const char *key)
{
	long start = 0, end = (long)num;
	while (start <= end) {
		long cur = (start + end) / 2;
		int c;
		if ((size_t)cur == num)
			return -2;
		c = strcmp(key, name(ctx, (size_t)cur));
		if (c < 0)
			end = cur - 1;
		else if (c > 0)
			start = cur + 1;
		else
			return cur;
	}
	return -1;
}

static const char *qid_at(const void *ctx, size_t i)
{
	const struct zscores *z = ctx;
	return z->e[z->qstart[i]].qid;
}

static const char *meas_at(const void *ctx, size_t i)
{
	return ((const struct zscore_ent *)ctx)[i].meas;
}

int zscore_convert(const struct zscores *z, const char *qid,
		   const char *const *names, double *v, size_t n,
		   struct diag *d)
{
	long q = te_search(z, qid_at, z->nq, qid);
	const struct zscore_ent *e;
	size_t ne;
	if (q == -2) {
		diag_set(d, "option -Z: %s: topic '%s' sorts after every topic of the file, where trec_eval's lookup reads past its table: add the topic to the file",
			 z->path, qid);
		return -1;
	}
	for (size_t i = 0; q == -1 && i < n; i++)
		v[i] = ZSCORE_MISSING;
	if (q == -1)
		return 0;
	e = z->e + z->qstart[q];
	ne = z->qstart[q + 1] - z->qstart[q];
	for (size_t i = 0; i < n; i++) {
		long m = te_search(e, meas_at, ne, names[i]);
		if (m == -2) {
			diag_set(d, "option -Z: %s: measure '%s' sorts after every measure of topic '%s' in the file, where trec_eval's lookup reads past its table: add it to the file",
				 z->path, names[i], qid);
			return -1;
		}
		if (m == -1)
			v[i] = ZSCORE_MISSING;
		else if (e[m].sd != 0)
			v[i] = (v[i] - e[m].mean) / e[m].sd;
		else
			v[i] = v[i] == e[m].mean ? 0 : ZSCORE_MISSING;
	}
	return 0;
}
