/*
 * tests/parts/ref_bias/materialise.c - how the reference of `cbeval
 * --bias` (tests/ref_bias.c) gets every per-topic value from plain
 * cbeval: the root evaluation of the runs as given (measures, names,
 * --top: choice 3), then for every replicate of every collection the
 * qrels (a file's, or a pool: choice 5) and every run written as files -
 * in an image each document repeated in place as its copies docno~1..
 * docno~k - scored with `cbeval -b 1 --images`, image 0 read back into the
 * value array, with the signatures of choice 9.  Sizes: the files of a
 * test; one cbeval process per replicate.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "ref_bias.h"

/* ---- running cbeval ------------------------------------------------------ */

/* Score QRELS and the run files with cbeval into the --images file img
 * (-q): as given (with -M and --order) or, materialised, with --order
 * file. */
static void score(const struct rb *ctx, const char *qrels, char **runfiles, size_t nrun, const char *img,
		  const char *errpath, int materialised)
{
	struct ref_opts o = { ctx->cbeval_path, ctx->mspecs, ctx->nmspecs, ctx->opt_l, ctx->opt_M,
			      ctx->opt_order, 0 };
	ref_score(&o, qrels, runfiles, nrun, img, errpath, 1, materialised);
}

/* The image-0 rows of an --images file: (run, qid, measure, value). */
struct irow {
	char *run, *qid, *m;
	double x;
};

/* The image-0 rows of the --images file path (the caller frees them with
 * free_rows), *nrows their number; exit 2 on a bad file. */
static struct irow *read_images(const char *path, size_t *nrows)
{
	struct lines l;
	char *fld[6];
	size_t n = 0, capr = 0;
	struct irow *rows = NULL;
	lines_open(&l, path);
	while (images_next(&l, path, fld, "a bad line in an --images file")) {
		if (n == capr) {
			capr = capr ? 2 * capr : 4096;
			rows = xrealloc(rows, capr * sizeof *rows);
		}
		rows[n].run = xstrdup(fld[0]);
		rows[n].qid = xstrdup(fld[1]);
		rows[n].m = xstrdup(fld[2]);
		rows[n].x = parse_double(fld[4], "a bad value in an --images file");
		n++;
	}
	lines_close(&l);
	*nrows = n;
	return rows;
}

/* Frees rows[0..n-1] and their strings. */
static void free_rows(struct irow *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(rows[i].run);
		free(rows[i].qid);
		free(rows[i].m);
	}
	free(rows);
}

/* ---- collections ------------------------------------------------------------ */

/* Does SPEC name a pool?  Sets *K. */
int pool_spec(const char *spec, unsigned long long *K)
{
	if (strncmp(spec, "pool:", 5) != 0)
		return 0;
	const char *p = spec + 5;
	if (!*p)
		udie("bad pool:K", spec);
	for (const char *s = p; *s; s++)
		if (*s < '0' || *s > '9')
			udie("bad pool:K", spec);
	errno = 0;
	*K = strtoull(p, NULL, 10);
	if (errno || *K == 0)
		udie("bad pool:K", spec);
	return 1;
}

/* ---- materialising and scoring ------------------------------------------- */

/* The multiplicities of image b (0: the root) in ctx->kcur, per docno. */
static void set_image(struct rb *ctx, uint64_t b)
{
	if (b == ctx->kcur_b)
		return;
	ctx->kcur = xrealloc(ctx->kcur, (ctx->docs.n ? ctx->docs.n : 1) * sizeof *ctx->kcur);
	for (size_t d = 0; d < ctx->docs.n; d++)
		ctx->kcur[d] = image_k(ctx->docs.s[d], ctx->S, b);
	ctx->kcur_b = b;
}

/* Writes docno d between prefix and suffix: itself at the root (b = 0),
 * else each of its copies in image b. */
static void write_doc(const struct rb *ctx, FILE *f, const char *prefix, size_t d, uint64_t b,
		      const char *suffix)
{
	if (b == 0) {
		fprintf(f, "%s%s%s", prefix, ctx->docs.s[d], suffix);
		return;
	}
	for (unsigned j = 1; j <= ctx->kcur[d]; j++)
		fprintf(f, "%s%s~%u%s", prefix, ctx->docs.s[d], j, suffix);
}

/* The pool of depth K in image b for topic t: in[d] = 1 for pooled docnos. */
static void make_pool(const struct rb *ctx, unsigned char *in, size_t t, unsigned long long K, uint64_t b)
{
	memset(in, 0, ctx->docs.n ? ctx->docs.n : 1);
	for (size_t j = 0; j < ctx->nkept; j++) {
		unsigned long long pos = 0;
		for (size_t i = 0; i < ctx->runs[j].n[t] && pos < K; i++) {
			size_t d = ctx->runs[j].d[t][i];
			unsigned k = b ? ctx->kcur[d] : 1;
			if (k == 0)
				continue;
			in[d] = 1;	/* its first copy is at pos + 1 <= K */
			pos += k;
		}
	}
}

/* One replicate being materialised: replicate r of collection c, image b
 * (0: the root), its judgements q (of the pool's docnos in[d] when in). */
struct mat {
	size_t c, r;
	uint64_t b;
	const struct qrels *q;
	unsigned char *in;
};

/* The signatures (choice 9) of every run on topic t of the replicate x:
 * what the value of a run on this topic is a function of, in any
 * implementation: each document's judgement, grade and multiplicity, in
 * rank order. */
static void sign_topic(struct rb *ctx, const struct mat *x, size_t t)
{
	for (size_t j = 0; j < NJ; j++) {
		uint64_t h = 0x9e3779b97f4a7c15ULL, hb = h;
		for (size_t i = 0; i < ctx->runs[j].n[t]; i++) {
			size_t d = ctx->runs[j].d[t][i];
			int judged;
			long g = grade_of(x->q, t, d, &judged);
			if (x->in && !x->in[d])
				judged = 0;
			uint64_t v = judged ? (uint64_t)(g + 4294967296LL) : 1;
			/* the class: unjudged; judged and relevant or not, with
			 * a negative grade or not (bpref skips negative grades) */
			uint64_t cl = !judged ? 0 : 1 + (g >= ctx->level) * 2 + (g < 0);
			uint64_t k = x->b ? ctx->kcur[d] : 1;
			if (k == 0)	/* not in the image */
				continue;
			h = mix(h ^ (v * 0x100000001b3ULL + k));
			hb = mix(hb ^ (cl * 0x100000001b3ULL + k));
		}
		ctx->sig[((ctx->roff[x->c] + x->r) * NJ + j) * NT + t] = h;
		ctx->sigb[((ctx->roff[x->c] + x->r) * NJ + j) * NT + t] = hb;
	}
}

/* Writes the qrels of the replicate x to qpath (with the line of choice 6
 * for a topic left empty), and the signatures of every topic. */
static void write_qrels(struct rb *ctx, const struct mat *x, unsigned long long K, const char *qpath)
{
	const struct qrels *q = x->q;
	FILE *f = xfopen(qpath, "w");
	for (size_t t = 0; t < NT; t++) {
		size_t lines = 0;
		if (x->in)
			make_pool(ctx, x->in, t, K, x->b);
		sign_topic(ctx, x, t);
		for (size_t i = 0; i < q->n[t]; i++) {
			const struct judg *jd = &q->v[t][i];
			if (x->in && !x->in[jd->d])
				continue;
			char pre[4096 + 8], suf[32];
			snprintf(pre, sizeof pre, "%s 0 ", ctx->topics.s[t]);
			snprintf(suf, sizeof suf, " %ld\n", jd->g);
			write_doc(ctx, f, pre, jd->d, x->b, suf);
			lines += x->b ? ctx->kcur[jd->d] : 1;
		}
		if (lines == 0)	/* choice 6 */
			fprintf(f, "%s 0 %s -2147483647\n", ctx->topics.s[t], ctx->never_doc);
	}
	xfclose(f, qpath);
}

/* Writes run j in image b (0: the root) to path: the line of a qid that
 * is no topic first, then every topic's ranking, copies in place. */
static void write_run(const struct rb *ctx, size_t j, uint64_t b, const char *path)
{
	FILE *f = xfopen(path, "w");
	fprintf(f, "%s Q0 ref-bias-none 1 0 %s\n", ctx->none_qid, ctx->runs[j].name);
	for (size_t t = 0; t < NT; t++) {
		size_t len = 0, pos = 0;
		for (size_t i = 0; i < ctx->runs[j].n[t]; i++)
			len += b ? ctx->kcur[ctx->runs[j].d[t][i]] : 1;
		for (size_t i = 0; i < ctx->runs[j].n[t]; i++) {
			size_t d = ctx->runs[j].d[t][i];
			unsigned k = b ? ctx->kcur[d] : 1;
			for (unsigned x = 1; x <= k; x++, pos++) {
				if (b)
					fprintf(f, "%s Q0 %s~%u %zu %zu %s\n", ctx->topics.s[t], ctx->docs.s[d], x,
						pos + 1, len - pos, ctx->runs[j].name);
				else
					fprintf(f, "%s Q0 %s %zu %zu %s\n", ctx->topics.s[t], ctx->docs.s[d],
						pos + 1, len - pos, ctx->runs[j].name);
			}
		}
	}
	xfclose(f, path);
}

/* Reads the values of replicate r of c from the --images file img (of the
 * qrels qpath) into the value array; exit 2 unless cbeval printed every
 * run, topic and measure once, the topics in the reference's order. */
static void read_back(struct rb *ctx, size_t c, size_t r, const char *img, const char *qpath)
{
	size_t nrows;
	struct irow *rows = read_images(img, &nrows);
	size_t seen = 0, tseq = 0;
	for (size_t i = 0; i < nrows; i++) {
		if (strcmp(rows[i].qid, "all") == 0)
			continue;
		long j = st_find(&ctx->runnames, rows[i].run), t = st_find(&ctx->topics, rows[i].qid);
		long m = st_find(&ctx->meas, rows[i].m);
		if (j < 0)
			die("cbeval named a run the reference did not write", rows[i].run);
		if (t < 0)
			die("cbeval printed a topic that is not in the reference", rows[i].qid);
		if (m < 0)
			die("cbeval printed another measure than at the root", rows[i].m);
		double *p = &V(ctx, c, r, (size_t)m, (size_t)j)[t];
		if (!isnan(*p))
			die("cbeval printed a value twice", rows[i].qid);
		*p = rows[i].x;
		seen++;
		/* choice 1: cbeval's topic order is the reference's */
		if (j == 0 && m == 0) {
			if ((size_t)t != tseq)
				die("cbeval's topic order is not the reference's natural order", rows[i].qid);
			tseq++;
		}
	}
	if (seen != NJ * NT * NM)
		die("cbeval did not print every run, topic and measure of", qpath);
	free_rows(rows, nrows);
}

/* Materialises replicate r of collection c as files in dir, scores them
 * with plain cbeval and reads the values back; removes the files unless
 * ctx->keep_files.  Exit 2 on any failure. */
void materialise(struct rb *ctx, size_t c, size_t r, const char *dir)
{
	const struct coll *co = &ctx->colls[c];
	struct mat x = { c, r, ctx->B ? r + 1 : 0, NULL, NULL };
	x.q = co->kind == C_POOL ? &ctx->refq : (ctx->B ? &co->q[0] : &co->q[r]);
	char *qpath = xprintf("%s/c%zu.r%zu.qrels", dir, c, r);
	char *img = xprintf("%s/c%zu.r%zu.images", dir, c, r);
	char *err = xprintf("%s/c%zu.r%zu.err", dir, c, r);
	char **rpath = xmalloc(NJ * sizeof *rpath);
	x.in = co->kind == C_POOL ? xmalloc(ctx->docs.n ? ctx->docs.n : 1) : NULL;

	set_image(ctx, x.b);
	write_qrels(ctx, &x, co->K, qpath);
	for (size_t j = 0; j < NJ; j++) {
		rpath[j] = xprintf("%s/c%zu.r%zu.run%zu", dir, c, r, j);
		write_run(ctx, j, x.b, rpath[j]);
	}
	free(x.in);

	score(ctx, qpath, rpath, NJ, img, err, 1);
	read_back(ctx, c, r, img, qpath);
	if (!ctx->keep_files) {
		remove(qpath);
		remove(img);
		remove(err);
		for (size_t j = 0; j < NJ; j++)
			remove(rpath[j]);
	}
	for (size_t j = 0; j < NJ; j++)
		free(rpath[j]);
	free(rpath);
	free(qpath);
	free(img);
	free(err);
}

/* Root evaluation of the runs as given: measures, names, --top (choice 3). */
/* The root evaluation of the runs as given, all[0..nfiles-1] (files):
 * the measures and a check of the names; keeps the runs of --top in
 * ctx->runs (frees the others).  Usage error with fewer than 2 kept. */
void root_eval(struct rb *ctx, const char *qrels, char **files, size_t nfiles, struct run *all,
	       const char *dir)
{
	char *img = xprintf("%s/root.images", dir), *err = xprintf("%s/root.err", dir);
	score(ctx, qrels, files, nfiles, img, err, 0);
	size_t nrows;
	struct irow *rows = read_images(img, &nrows);
	struct strtab rn = { 0 };
	for (size_t i = 0; i < nrows; i++) {
		st_intern(&rn, rows[i].run);
		st_intern(&ctx->meas, rows[i].m);
	}
	if (rn.n != nfiles)
		die("cbeval named a different number of runs than given", NULL);
	for (size_t i = 0; i < nfiles; i++)
		if (strcmp(rn.s[i], all[i].name) != 0)
			die("cbeval names a run otherwise than the reference", rn.s[i]);
	if (NM == 0)
		die("no measure", NULL);
	size_t keep = nfiles;
	unsigned char *kept = xmalloc(nfiles);
	memset(kept, 1, nfiles);
	if (ctx->TOP && ctx->TOP < nfiles) {
		double *v = xmalloc(nfiles * sizeof *v);
		for (size_t i = 0; i < nfiles; i++)
			v[i] = NAN;
		for (size_t i = 0; i < nrows; i++)
			if (strcmp(rows[i].qid, "all") == 0 && strcmp(rows[i].m, ctx->meas.s[0]) == 0)
				v[st_find(&rn, rows[i].run)] = rows[i].x;
		for (size_t i = 0; i < nfiles; i++) {
			size_t above = 0;
			for (size_t k = 0; k < nfiles; k++)
				above += v[k] > v[i] || (v[k] == v[i] && k < i);
			kept[i] = above < ctx->TOP;
		}
		keep = ctx->TOP;
		free(v);
	}
	if (keep < 2)
		udie("fewer than 2 runs", NULL);
	ctx->nkept = 0;
	for (size_t i = 0; i < nfiles; i++)
		if (kept[i])
			ctx->runs[ctx->nkept++] = all[i];
		else
			free_run(ctx, &all[i]);
	free(kept);
	free_rows(rows, nrows);
	st_free(&rn);
	if (!ctx->keep_files) {
		remove(img);
		remove(err);
	}
	free(img);
	free(err);
}

