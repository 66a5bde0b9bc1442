/*
 * tests/parts/gen/output.c - the collection generator's files: each
 * system's run (its DOCS best candidates per topic, scores printed with
 * integer arithmetic in the system's style) and the qrels (the pool of
 * every run's top POOLDEPTH, judged).  Memory: one key per candidate and
 * one buffer of a topic's lines, reused; the judgements of one topic.
 */
#include "gen.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Write v in decimal at p; returns the end. */
static char *put_u(char *p, unsigned long long v)
{
	char tmp[24];
	int n = 0;
	do
		tmp[n++] = (char)('0' + v % 10);
	while (v /= 10);
	while (n)
		*p++ = tmp[--n];
	return p;
}

/* Print v millionths with the given number of decimals (v truncated
 * towards zero; applied to monotone scores this keeps them monotone). */
static char *put_score(char *p, int64_t v, int decimals)
{
	unsigned long long a, pw = 1;
	int i;

	if (v < 0) {
		*p++ = '-';
		a = (unsigned long long)(-v);
	} else
		a = (unsigned long long)v;
	for (i = decimals; i < 6; i++)
		a /= 10;
	for (i = 0; i < decimals; i++)
		pw *= 10;
	p = put_u(p, a / pw);
	if (decimals > 0) {
		unsigned long long f = a % pw;
		*p++ = '.';
		for (i = decimals - 1; i >= 0; i--) {
			p[i] = (char)('0' + f % 10);
			f /= 10;
		}
		p += decimals;
	}
	return p;
}

/* Transform a system's internal score (millionths, |v| < 40 units) into
 * the score it prints, in millionths. */
static int64_t out_score(const struct sys *y, int64_t v)
{
	int64_t w;
	switch (y->style) {
	case COARSE:     /* a grid of 0.25: many ties */
		w = v * y->mult + (int64_t)1000 * UNIT;
		w -= w % (UNIT / 4);
		return w - (int64_t)1000 * UNIT + (int64_t)50 * UNIT * y->mult;
	case NEGATIVE:   /* log-probability-like, always < 0 */
		return v - (int64_t)60 * UNIT;
	default:
		return v * y->mult + (int64_t)50 * UNIT * y->mult;
	}
}

/* qsort order of uint64_t keys: descending. */
static int cmp_desc(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? 1 : x > y ? -1 : 0;
}

/* Rearrange k[0..n) so that its m largest values come first. */
static void select_top(uint64_t *k, size_t n, size_t m, struct rng *r)
{
	size_t lo = 0, hi = n;     /* the boundary m lies in [lo, hi) */
	if (m >= n)
		return;
	while (hi - lo > 1) {
		uint64_t pivot = k[lo + rng_below(r, hi - lo)], t;
		size_t i = lo, j = lo, g = hi;
		/* three-way partition: > pivot | == pivot | < pivot */
		while (j < g) {
			if (k[j] > pivot) {
				t = k[i]; k[i] = k[j]; k[j] = t;
				i++; j++;
			} else if (k[j] < pivot) {
				g--;
				t = k[g]; k[g] = k[j]; k[j] = t;
			} else
				j++;
		}
		if (m < i)
			hi = i;
		else if (m <= g)
			return;
		else
			lo = g;
	}
}

/* Write buf[0..n) to f (path); returns 0, or -1 after a message. */
static int write_all(FILE *f, const char *path, const char *buf, size_t n)
{
	if (fwrite(buf, 1, n, f) != n) {
		fprintf(stderr, "%s: %s: %s\n", PROG, path, strerror(errno));
		return -1;
	}
	return 0;
}

/* Close f (path); returns 0, or -1 after a message when a write failed. */
static int close_file(FILE *f, const char *path)
{
	if (ferror(f) | fclose(f)) {
		fprintf(stderr, "%s: %s: write error\n", PROG, path);
		return -1;
	}
	return 0;
}

/* One judgement of the qrels. */
struct judged { const char *docno; int grade; };

/* qsort order of judgements: by docno. */
static int cmp_judged(const void *a, const void *b)
{
	return strcmp(((const struct judged *)a)->docno,
		      ((const struct judged *)b)->docno);
}

/* The DOCS lines of system s on topic t into obuf (K * (DOCNO_MAX + 80)
 * bytes): its scores of every candidate as keys (score, then candidate
 * index) in keys[0..ncand), the K best selected and sorted; the top depth
 * are marked pooled.  Returns the end of the lines written. */
static char *run_topic(const struct gen *g, long s, long t, const char *tag,
		       uint64_t *keys, char *obuf)
{
	const struct sys *y = &g->S[s];
	uint64_t seed = g->seed;
	size_t K = (size_t)g->docs;
	size_t depth = (size_t)g->pool < K ? (size_t)g->pool : K;
	const uint64_t idx_mask = ((uint64_t)1 << IDX_BITS) - 1;
	size_t taglen = strlen(tag);
	struct topic *tp = &g->T[t];
	struct rng r, pr;
	rng_seed(&r, stream_key(seed, 3, (uint64_t)s, (uint64_t)t));
	rng_seed(&pr, stream_key(seed, 4, (uint64_t)s, (uint64_t)t));
	uint64_t sitekey = stream_key(seed, 5, y->site, (uint64_t)t);
	/* this system's quality on this topic: 0.5x .. 1.5x */
	int64_t q = y->quality * (500 + (int64_t)rng_below(&r, 1001)) / 1000;
	for (size_t c = 0; c < tp->n; c++) {
		const struct cand *cd = &tp->c[c];
		int64_t v = q * cd->grade * (UNIT / 1000) + cd->shared
			+ normal_u(mix64(sitekey + c * GOLDEN)) / 2
			+ normal_u(rng_next(&r)) * 7 / 10;
		keys[c] = ((uint64_t)(v + KEY_BIAS) << IDX_BITS) |
			  (idx_mask - c);
	}
	select_top(keys, tp->n, K, &pr);
	qsort(keys, K, sizeof *keys, cmp_desc);

	char *p = obuf;
	for (size_t k = 0; k < K; k++) {
		size_t c = idx_mask - (keys[k] & idx_mask);
		int64_t v = (int64_t)(keys[k] >> IDX_BITS) - KEY_BIAS;
		const char *dn = tp->docnos + tp->off[c];
		size_t dl = strlen(dn);
		if (k < depth)
			tp->c[c].pooled = 1;
		p = put_u(p, (unsigned long long)(401 + t));
		memcpy(p, " Q0 ", 4);
		p += 4;
		memcpy(p, dn, dl);
		p += dl;
		*p++ = ' ';
		p = put_u(p, k + 1);
		*p++ = ' ';
		p = put_score(p, out_score(y, v), y->decimals);
		*p++ = ' ';
		memcpy(p, tag, taglen);
		p += taglen;
		*p++ = '\n';
	}
	return p;
}

/* Write OUTDIR/runs/genNNN.run of every system, marking the candidates
 * of the pool (a run's top POOLDEPTH) on the way.  Returns 0, or -1 after
 * a message when a file cannot be written. */
int write_runs(struct gen *g)
{
	size_t K = (size_t)g->docs;
	uint64_t *keys = xmalloc(g->ncand * sizeof *keys);
	char *obuf = xmalloc(K * (DOCNO_MAX + 80));
	char *path = g->path;

	for (long s = 0; s < g->runs; s++) {
		char tag[32];
		snprintf(tag, sizeof tag, "gen%03ld", s);
		snprintf(path, g->plen, "%s/runs/%s.run", g->outdir, tag);
		FILE *f = fopen(path, "wb");
		if (!f) {
			fprintf(stderr, "%s: %s: %s\n", PROG, path, strerror(errno));
			return -1;
		}
		for (long t = 0; t < g->topics; t++) {
			char *p = run_topic(g, s, t, tag, keys, obuf);
			if (write_all(f, path, obuf, (size_t)(p - obuf)) != 0)
				return -1;
		}
		if (close_file(f, path) != 0)
			return -1;
	}
	free(obuf);
	free(keys);
	return 0;
}

/* Judge the pool of topic t (tp, of the seed) into J (ncand entries): the latent grade with a
 * little assessor noise, and at least one relevant document.  Returns the
 * number of judgements, in candidate order. */
static size_t judge_topic(const struct topic *tp, uint64_t seed, long t,
			  struct judged *J)
{
	uint64_t akey = stream_key(seed, 6, (uint64_t)t, 0);
	size_t nj = 0, best = 0;
	int nrel = 0, bestg = -1;
	for (size_t c = 0; c < tp->n; c++) {
		if (!tp->c[c].pooled)
			continue;
		int g = tp->c[c].grade;
		uint64_t h = mix64(akey + c * GOLDEN), u = h % 10000;
		if (g == 0) {
			if (u < 30)            /* 0.3% false positives */
				g = 1;
		} else if (u < 600) {          /* 6% off by one grade */
			g += (h >> 32) & 1 ? 1 : -1;
			g = g > 3 ? 3 : g;
		}
		if (tp->c[c].grade > bestg) {
			bestg = tp->c[c].grade;
			best = nj;
		}
		nrel += g > 0;
		J[nj].docno = tp->docnos + tp->off[c];
		J[nj].grade = g;
		nj++;
	}
	if (nrel == 0)      /* every topic has a relevant document */
		J[best].grade = bestg > 0 ? bestg : 1;
	return nj;
}

/* Write OUTDIR/qrels: the pool (after write_runs), judged, sorted by
 * docno within each topic; with -J, of every judge_every-th topic only.
 * Returns 0, or -1 after a message when the file cannot be written. */
int write_qrels(struct gen *g)
{
	char *path = g->path;
	snprintf(path, g->plen, "%s/qrels", g->outdir);
	FILE *f = fopen(path, "wb");
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", PROG, path, strerror(errno));
		return -1;
	}
	struct judged *J = xmalloc(g->ncand * sizeof *J);
	for (long t = 0; t < g->topics; t++) {
		if (t % g->judge_every != 0)
			continue;
		size_t nj = judge_topic(&g->T[t], g->seed, t, J);
		qsort(J, nj, sizeof *J, cmp_judged);
		char line[DOCNO_MAX + 64];
		for (size_t j = 0; j < nj; j++) {
			int n = snprintf(line, sizeof line, "%ld 0 %s %d\n",
					 401 + t, J[j].docno, J[j].grade);
			if (write_all(f, path, line, (size_t)n) != 0)
				return -1;
		}
	}
	if (close_file(f, path) != 0)
		return -1;
	free(J);
	return 0;
}
