/*
 * tests/parts/test_images/coll.c - test_images' slow references: the
 * documented image function written again from the spec (ref_k), random
 * small collections (graded qrels with negative grades, score ties, a
 * topic with one relevant document, a deep ranking, a run lacking a
 * topic), and their files: the root, and an image written out explicitly
 * with every document repeated k times as docno~1..docno~k.  A collection
 * has at most MAXT topics, MAXR runs and 1200 documents a ranking.
 */
#include "test_images.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the documented image function, written again from the spec ------- */

/* splitmix64's finaliser, as the spec writes it. */
static uint64_t ref_mix(uint64_t z)
{
	z ^= z >> 30;
	z *= 0xbf58476d1ce4e5b9ULL;
	z ^= z >> 27;
	z *= 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return z;
}

/* k of docno in image b of seed (1 in the root, b = 0): the least k with
 * u < F(k), F the Poisson(1) distribution summed in doubles. */
unsigned ref_k(const char *docno, uint64_t seed, uint64_t b)
{
	uint64_t h = 0xcbf29ce484222325ULL, key;
	double u, t, F;
	unsigned k = 0;
	if (b == 0)
		return 1;
	for (const unsigned char *p = (const unsigned char *)docno; *p; p++) {
		h ^= *p;
		h *= 0x100000001b3ULL;
	}
	key = ref_mix(seed * 0x9e3779b97f4a7c15ULL + b);
	u = (double)(ref_mix(h ^ key) >> 11) * 0x1p-53;
	t = exp(-1.0);
	F = t;
	while (!(u < F)) {
		k++;
		t = t / (double)k;
		F = F + t;
	}
	return k;
}

/* ---- a random collection ----------------------------------------------- */
/* Grades -1 to 3, and 6 for a few documents. */

/* The next random number of the stream *rng (splitmix64). */
uint64_t draw_next(uint64_t *rng)
{
	*rng += 0x9e3779b97f4a7c15ULL;
	return ref_mix(*rng);
}

/* A random number of *rng below n, n > 0. */
unsigned draw_below(uint64_t *rng, unsigned n) { return (unsigned)(draw_next(rng) % n); }

/* The docno of document d of topic (some shared by every topic). */
static void docname(char *out, int topic, int d)
{
	/* Some documents recur across topics (same docno, same k). */
	static const char *const style[] = { "FBIS3-%d", "LA0101%02d-0001", "d%d", "WTX%03d-B01" };
	if (d % 7 == 0)
		snprintf(out, 32, "shared-%d", d);
	else
		snprintf(out, 32, style[d % 4], topic * 10000 + d);
}

/* Draw c from the stream *rng; deep: topic 0 has 1300 documents and run
 * 0 ranks 1100 of them. */
void make_coll(struct coll *c, int deep, uint64_t *rng)
{
	c->nt = 3 + (int)draw_below(rng, MAXT - 2);
	c->nr = 2 + (int)draw_below(rng, MAXR - 1);
	for (int t = 0; t < c->nt; t++) {
		int pool = (deep && t == 0) ? 1300 : 20 + (int)draw_below(rng, 30);
		int one_rel = t == 1, no_rel = t == 2 && c->nt > 3;
		struct qtop *q = &c->q[t];
		snprintf(c->qid[t], sizeof c->qid[t], "%d", 300 + t * 7);
		q->n = 0;
		for (int d = 0; d < pool; d++) {
			int g;
			if (draw_below(rng, 10) < 4 && !(deep && t == 0 && d > 200))
				continue; /* unjudged */
			g = (int)draw_below(rng, 5) - 1; /* -1..3 */
			if (g > 0 && draw_below(rng, 3) == 0)
				g = 0;
			if (g == 3 && d % 5 == 0)
				g = 6;  /* a grade past the gains nDCG tabulates */
			if (one_rel || no_rel)
				g = g > 0 ? 0 : g;
			docname(q->e[q->n].docno, t, d);
			q->e[q->n++].grade = g;
		}
		if (one_rel) {
			docname(q->e[q->n].docno, t, pool + 1);
			q->e[q->n++].grade = 2;
		}
		for (int r = 0; r < c->nr; r++) {
			struct rtopic *rt = &c->r[r].t[t];
			int want = (deep && t == 0 && r == 0) ? 1100
				   : 3 + (int)draw_below(rng, 25);
			rt->n = 0;
			if (r == 1 && t == c->nt - 1)
				continue; /* a run that lacks a topic */
			for (int d = 0; d < pool + 2 && rt->n < want; d++) {
				if (draw_below(rng, 3) == 0 && !(deep && t == 0 && r == 0))
					continue;
				docname(rt->e[rt->n].docno, t, d);
				/* scores on a 0.5 grid: many ties */
				rt->e[rt->n].score = (double)draw_below(rng, 12) * 0.5;
				rt->n++;
			}
		}
	}
}

/* qsort order of a ranking as trec_eval evaluates it: score descending,
 * then docno descending. */
int cmp_eval(const void *pa, const void *pb)
{
	const struct rentry *a = pa, *b = pb;
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return strcmp(b->docno, a->docno);
}

/* dir/name opened for writing, or exit with status 2 after a message. */
static FILE *xopen(const char *dir, const char *name)
{
	char path[1024];
	FILE *f;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	return f;
}

/* Write image b of c: every document repeated k times as docno~j; the runs
 * already in evaluation order.  Returns the number of lines per file in
 * nlines[0] (qrels) and nlines[1 + r]. */
void write_image(const struct coll *c, const char *dir, uint64_t seed,
			uint64_t b, long *nlines)
{
	FILE *f = xopen(dir, "qrels");
	nlines[0] = 0;
	for (int t = 0; t < c->nt; t++)
		for (int i = 0; i < c->q[t].n; i++) {
			unsigned k = ref_k(c->q[t].e[i].docno, seed, b);
			for (unsigned j = 1; j <= k; j++, nlines[0]++)
				fprintf(f, "%s 0 %s~%u %d\n", c->qid[t],
					c->q[t].e[i].docno, j, c->q[t].e[i].grade);
		}
	/* A topic stays a topic of the image when all its judged documents
	 * have k = 0 (num_ret and judged@k are computed when R = 0): keep
	 * it in the qrels with a grade -1 document no run retrieves, which
	 * no measure counts. */
	for (int t = 0; t < c->nt; t++, nlines[0]++)
		fprintf(f, "%s 0 never-retrieved -1\n", c->qid[t]);
	fclose(f);
	for (int r = 0; r < c->nr; r++) {
		char name[16];
		snprintf(name, sizeof name, "run%d", r);
		f = xopen(dir, name);
		nlines[1 + r] = 0;
		for (int t = 0; t < c->nt; t++) {
			struct rtopic rt = c->r[r].t[t];
			long rank = 1;
			qsort(rt.e, (size_t)rt.n, sizeof rt.e[0], cmp_eval);
			for (int i = 0; i < rt.n; i++) {
				unsigned k = ref_k(rt.e[i].docno, seed, b);
				for (unsigned j = 1; j <= k; j++, nlines[1 + r]++)
					fprintf(f, "%s Q0 %s~%u %ld %g sys%d\n",
						c->qid[t], rt.e[i].docno, j,
						rank++, rt.e[i].score, r);
			}
		}
		/* A run stays a run when the image empties it (num_rel is
		 * R there): one line for a topic not in the qrels. */
		fprintf(f, "99999 Q0 elsewhere 1 0 sys%d\n", r);
		nlines[1 + r]++;
		fclose(f);
	}
}

/* The root collection as files, runs in a scrambled line order. */
void write_root(const struct coll *c, const char *dir)
{
	FILE *f = xopen(dir, "qrels");
	for (int t = 0; t < c->nt; t++)
		for (int i = 0; i < c->q[t].n; i++)
			fprintf(f, "%s 0 %s %d\n", c->qid[t], c->q[t].e[i].docno,
				c->q[t].e[i].grade);
	fclose(f);
	for (int r = 0; r < c->nr; r++) {
		char name[16];
		snprintf(name, sizeof name, "run%d", r);
		f = xopen(dir, name);
		for (int t = c->nt - 1; t >= 0; t--)
			for (int i = c->r[r].t[t].n - 1; i >= 0; i--)
				fprintf(f, "%s Q0 %s %d %g sys%d\n", c->qid[t],
					c->r[r].t[t].e[i].docno, i + 1,
					c->r[r].t[t].e[i].score, r);
		fclose(f);
	}
}
