/*
 * tests/parts/ref_partitions/materialise.c - how the reference of
 * --partitions gets its values: it scores the full collection with plain
 * cbeval (`cbeval -b 1 --images F`, image 0), then for each split s =
 * 1..K writes the qrels and every run of each part k as files (each line
 * whose docno d has index(docword(S,4,d,s), X) = k, in file order; with
 * -M the runs ordered and cut once on the full collection), counts the
 * relevant documents of each topic in each part, scores every part with
 * plain cbeval and reads the values back.  Part files are removed as they
 * are used unless --keep.  Sizes: K x X cbeval runs; each run file is
 * read once per split (or held in memory with -M).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "ref_partitions.h"

/* What the splits share while they are materialised. */
struct mat {
	struct ctx *c;
	const char *qrels, *dir;
	char **runfiles;
	size_t nrun;
	char dummy[64];		/* a qid that is no topic */
	char **tags;		/* the first tag of each run */
	struct rline **ord;	/* with -M: each run ordered and cut, nord[j] lines */
	size_t *nord;
	size_t *relcnt;		/* [t * X + k] relevant documents */
	size_t *nq;		/* [k] qrels lines of part k */
	long level;		/* -l */
	FILE **pf;		/* [k] the part files being written */
	char **pname;		/* [k * (nrun + 1)]: qrels, then the runs */
};

/* Score QRELS and RUNS (nrun files) with cbeval into the --images file img. */
static void score(const struct ctx *c, const char *qrels, char **runfiles, size_t nrun,
		  const char *img, const char *errpath, int order_file)
{
	struct ref_opts o = { c->cbeval_path, c->mspecs, c->nmspecs, c->opt_l, c->opt_M,
			      c->opt_order, c->opt_dedup };
	ref_score(&o, qrels, runfiles, nrun, img, errpath, 0, order_file);
}

/* 1. The full collection: names, topics, measures, p_ttest/p_rand values;
 * then the part values allocated. */
static void score_full(struct ctx *c, const char *qrels, char **runfiles, size_t nrun,
		       const char *dir)
{
	char *img = xprintf2(dir, "/full.images"), *err = xprintf2(dir, "/full.err");
	score(c, qrels, runfiles, nrun, img, err, 0);
	size_t nrows;
	struct vrow *rows = images_read(img, &c->runs, &c->topics, &c->meas, &nrows);
	size_t NM = c->meas.n, NR = c->runs.n, NT = c->topics.n;
	if (NR != nrun)
		die("cbeval named a different number of runs than given", NULL);
	if (NR < 2)
		die("fewer than 2 runs", NULL);
	alloc_full(c);
	for (size_t i = 0; i < nrows; i++)
		c->full[(rows[i].m * NR + rows[i].r) * NT + rows[i].t] = rows[i].x;
	for (size_t i = 0; i < NM * NR * NT; i++)
		if (isnan(c->full[i]))
			die("the full evaluation lacks a value", NULL);
	free(rows);
	free(img);
	free(err);
	alloc_values(c);
}

/* The dummy qid, the tags, the -M orderings and the buffers of mt. */
static void mat_setup(struct mat *mt)
{
	const struct ctx *c = mt->c;
	for (unsigned long i = 0;; i++) {
		snprintf(mt->dummy, sizeof mt->dummy, "ref-partitions-none-%lu", i);
		if (names_find(&c->topics, mt->dummy) < 0)
			break;
	}
	mt->tags = xmalloc(mt->nrun * sizeof *mt->tags);
	for (size_t j = 0; j < mt->nrun; j++)
		mt->tags[j] = first_tag(mt->runfiles[j]);

	/* with -M: every run ordered and cut once, on the full collection */
	mt->ord = NULL;
	mt->nord = NULL;
	if (c->opt_M) {
		unsigned long long cut = strtoull(c->opt_M, NULL, 10);
		mt->ord = xmalloc(mt->nrun * sizeof *mt->ord);
		mt->nord = xmalloc(mt->nrun * sizeof *mt->nord);
		for (size_t j = 0; j < mt->nrun; j++)
			mt->ord[j] = ordered_run(c, mt->runfiles[j], cut, &mt->nord[j]);
	}

	mt->relcnt = xmalloc(c->topics.n * c->X * sizeof *mt->relcnt);
	mt->level = c->opt_l ? strtol(c->opt_l, NULL, 10) : 1;
	mt->pf = xmalloc(c->X * sizeof *mt->pf);
	mt->pname = xmalloc((size_t)c->X * (mt->nrun + 1) * sizeof *mt->pname);
}

/* Free what mat_setup allocated. */
static void mat_free(struct mat *mt)
{
	if (mt->ord) {
		for (size_t j = 0; j < mt->nrun; j++) {
			for (size_t i = 0; i < mt->nord[j]; i++) {
				free(mt->ord[j][i].text); free(mt->ord[j][i].qid); free(mt->ord[j][i].docno);
			}
			free(mt->ord[j]);
		}
		free(mt->ord);
		free(mt->nord);
	}
	for (size_t j = 0; j < mt->nrun; j++)
		free(mt->tags[j]);
	free(mt->tags);
	free(mt->relcnt);
	free(mt->pf);
	free(mt->pname);
}

/* Count a qrels line (fields fld) of part k as relevant, the first line
 * of a (qid, docno) only with --dedup (seen: the pairs met so far). */
static void count_rel(struct mat *mt, char **fld, unsigned k, struct names *seen)
{
	const struct ctx *c = mt->c;
	char buf[4096];
	if (c->opt_dedup) {	/* a duplicate: the first line counts */
		snprintf(buf, sizeof buf, "%s\t%s", fld[0], fld[2]);
		if (names_find(seen, buf) >= 0)
			return;
		names_intern(seen, buf);
	}
	long t = names_find(&c->topics, fld[0]);
	if (t >= 0 && strtol(fld[3], NULL, 10) >= mt->level)
		mt->relcnt[(size_t)t * c->X + k]++;
}

/* 2. The part qrels of split s, and relevance counted from them. */
static void part_qrels(struct mat *mt, unsigned long s)
{
	const struct ctx *c = mt->c;
	char buf[4096];
	memset(mt->relcnt, 0, c->topics.n * c->X * sizeof *mt->relcnt);
	mt->nq = xcalloc(c->X, sizeof *mt->nq);
	for (unsigned k = 0; k < c->X; k++) {
		snprintf(buf, sizeof buf, "%s/s%lu.p%u.qrels", mt->dir, s, k);
		mt->pname[k * (mt->nrun + 1)] = xstrdup(buf);
		mt->pf[k] = xfopen(buf, "w");
	}
	struct names seen = { 0 };
	struct lines l;
	char *line, *fld[6];
	lines_open(&l, mt->qrels);
	while ((line = lines_data(&l))) {
		char *copy = xstrdup(line);
		if (fields(line, fld, 5) != 4)
			die("bad qrels line", mt->qrels);
		unsigned k = part_of(c->S, fld[2], strlen(fld[2]), s, c->X);
		fprintf(mt->pf[k], "%s\n", copy);
		mt->nq[k]++;
		count_rel(mt, fld, k, &seen);
		free(copy);
	}
	lines_close(&l);
	names_free(&seen);
	for (unsigned k = 0; k < c->X; k++)
		xfclose(mt->pf[k], mt->pname[k * (mt->nrun + 1)]);
}

/* 3. The parts of run j in split s. */
static void part_run(struct mat *mt, unsigned long s, size_t j)
{
	const struct ctx *c = mt->c;
	char buf[4096];
	for (unsigned k = 0; k < c->X; k++) {
		snprintf(buf, sizeof buf, "%s/s%lu.p%u.run%zu", mt->dir, s, k, j);
		mt->pname[k * (mt->nrun + 1) + 1 + j] = xstrdup(buf);
		mt->pf[k] = xfopen(buf, "w");
		fprintf(mt->pf[k], "%s Q0 ref-partitions-none 1 0 %s\n", mt->dummy, mt->tags[j]);
	}
	if (mt->ord) {
		for (size_t i = 0; i < mt->nord[j]; i++) {
			const char *d = mt->ord[j][i].docno;
			fprintf(mt->pf[part_of(c->S, d, strlen(d), s, c->X)], "%s\n", mt->ord[j][i].text);
		}
	} else {
		struct lines l;
		char *line, *fld[6];
		lines_open(&l, mt->runfiles[j]);
		while ((line = lines_data(&l))) {
			char *copy = xstrdup(line);
			if (fields(line, fld, 5) < 3)
				die("bad run line", mt->runfiles[j]);
			fprintf(mt->pf[part_of(c->S, fld[2], strlen(fld[2]), s, c->X)], "%s\n", copy);
			free(copy);
		}
		lines_close(&l);
	}
	for (unsigned k = 0; k < c->X; k++)
		xfclose(mt->pf[k], mt->pname[k * (mt->nrun + 1) + 1 + j]);
}

/* Score part k of split s with cbeval and store its values. */
static void score_part(struct mat *mt, unsigned long s, unsigned k)
{
	struct ctx *c = mt->c;
	char buf[4096];
	size_t nrows, NR = c->runs.n, NM = c->meas.n;
	snprintf(buf, sizeof buf, "%s/s%lu.p%u.images", mt->dir, s, k);
	char *pimg = xstrdup(buf);
	snprintf(buf, sizeof buf, "%s/s%lu.p%u.err", mt->dir, s, k);
	score(c, mt->pname[k * (mt->nrun + 1)], mt->pname + k * (mt->nrun + 1) + 1, mt->nrun,
	      pimg, buf, mt->ord != NULL);
	struct names rn = { 0 }, tn = { 0 }, mn = { 0 };
	struct vrow *rows = images_read(pimg, &rn, &tn, &mn, &nrows);
	if (rn.n != NR || mn.n != NM)
		die("a part's evaluation has other runs or measures", pimg);
	for (size_t r = 0; r < NR; r++)
		if (strcmp(rn.v[r], c->runs.v[r]) != 0)
			die("a part's evaluation names a run differently", rn.v[r]);
	for (size_t m = 0; m < NM; m++)
		if (strcmp(mn.v[m], c->meas.v[m]) != 0)
			die("a part's evaluation has other measures", mn.v[m]);
	for (size_t i = 0; i < nrows; i++) {
		long t = names_find(&c->topics, tn.v[rows[i].t]);
		if (t < 0)
			die("a part's evaluation has a topic not in the qrels", tn.v[rows[i].t]);
		ref_y(c, s, rows[i].m, rows[i].r, (size_t)t)[k] = rows[i].x;
	}
	free(rows);
	free(pimg);
	names_free(&rn); names_free(&tn); names_free(&mn);
}

/* Remove (unless --keep) and forget the files of part k of split s. */
static void remove_part(struct mat *mt, unsigned long s, unsigned k)
{
	char buf[4096];
	for (size_t i = 0; i <= mt->nrun; i++) {
		if (!mt->c->keep_files)
			remove(mt->pname[k * (mt->nrun + 1) + i]);
		free(mt->pname[k * (mt->nrun + 1) + i]);
	}
	if (!mt->c->keep_files) {
		snprintf(buf, sizeof buf, "%s/s%lu.p%u.images", mt->dir, s, k);
		remove(buf);
		snprintf(buf, sizeof buf, "%s/s%lu.p%u.err", mt->dir, s, k);
		remove(buf);
	}
}

/* 4. The kept topics of split s (a relevant document in every part);
 * score the parts; every kept topic must have all its values. */
static void score_split(struct mat *mt, unsigned long s)
{
	struct ctx *c = mt->c;
	size_t NT = c->topics.n, NM = c->meas.n, NR = c->runs.n;
	for (size_t t = 0; t < NT; t++) {
		int all = 1;
		for (unsigned k = 0; k < c->X; k++)
			all &= mt->relcnt[t * c->X + k] > 0;
		c->kept[(s - 1) * NT + t] = (unsigned char)all;
	}
	for (unsigned k = 0; k < c->X; k++) {
		if (mt->nq[k] > 0)
			score_part(mt, s, k);
		remove_part(mt, s, k);
	}
	for (size_t t = 0; t < NT; t++)
		if (c->kept[(s - 1) * NT + t])
			for (size_t m = 0; m < NM; m++)
				for (size_t r = 0; r < NR; r++)
					for (unsigned k = 0; k < c->X; k++)
						if (isnan(ref_y(c, s, m, r, t)[k]))
							die("a kept topic has no value in a part", c->topics.v[t]);
}

/* Score the full collection and every part of every split into c,
 * writing the part files in dir. */
void materialise_and_score(struct ctx *c, const char *qrels, char **runfiles, size_t nrun,
			   const char *dir)
{
	struct mat mt = { 0 };
	mt.c = c;
	mt.qrels = qrels;
	mt.dir = dir;
	mt.runfiles = runfiles;
	mt.nrun = nrun;
	score_full(c, qrels, runfiles, nrun, dir);
	mat_setup(&mt);
	for (unsigned long s = 1; s <= c->K; s++) {
		part_qrels(&mt, s);
		for (size_t j = 0; j < nrun; j++)
			part_run(&mt, s, j);
		score_split(&mt, s);
		free(mt.nq);
	}
	mat_free(&mt);
}
