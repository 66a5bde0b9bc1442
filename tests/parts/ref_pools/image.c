/*
 * tests/parts/ref_pools/image.c - the images of the reference ref_pools,
 * written out and scored: image b of some runs as files in the work
 * directory (every document repeated k times as copies "docno~1" ..
 * "docno~k", k from the image function of ref_common.h; the qrels kept
 * to the pool of the runs' first K lines, plus a placeholder line per
 * topic), then plain cbeval on those files (`-b 1 --images`, image 0)
 * read back into a table of values (VAL).  Slow on purpose: every image
 * is recomputed from the docnos each time it is needed.
 */
#include "ref_pools.h"

/* k of a docno in image b: the documented function, in doubles. */
static unsigned ref_k(const struct pools *ctx, const char *docno, uint64_t b)
{
	return ref_image_k(docno, strlen(docno), ctx->SEED, b);
}

/* The lines of run r's topic t in image b: copies "docno~j" (*n of them,
 * the caller frees with free_lines). */
static char **image_lines(const struct pools *ctx, const struct run *r, size_t t,
			  uint64_t b, size_t *n)
{
	char **v = NULL;
	*n = 0;
	for (size_t i = 0; i < r->n[t]; i++) {
		unsigned k = ref_k(ctx, r->docs[t][i], b);
		for (unsigned j = 1; j <= k; j++) {
			size_t len = strlen(r->docs[t][i]) + 16;
			v = xrealloc(v, (*n + 1) * sizeof *v);
			v[*n] = xmalloc(len);
			snprintf(v[*n], len, "%s~%u", r->docs[t][i], j);
			(*n)++;
		}
	}
	return v;
}

/* Frees the n lines v of image_lines. */
static void free_lines(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* The base docno of a copy "docno~j" (in place). */
static char *base_of(char *copy)
{
	char *tilde = strrchr(copy, '~');
	if (tilde)
		*tilde = 0;
	return copy;
}

/* The path WORK/<name><i> (the caller frees). */
static char *pathf(const struct pools *ctx, const char *name, size_t i)
{
	size_t n = strlen(ctx->WORK) + strlen(name) + 32;
	char *p = xmalloc(n);
	snprintf(p, n, "%s/%s%zu", ctx->WORK, name, i);
	return p;
}

/*
 * Write image b of the runs runs[0..nrun) as files run0.. and the qrels as
 * "qrels", keeping the judgements of the pool of those runs' first K lines.
 */
void materialise(const struct pools *ctx, const size_t *runs, size_t nrun, uint64_t b)
{
	char *qpath = pathf(ctx, "qrels", 0);
	FILE *q = xfopen(qpath, "w");
	char **pooled = NULL;   /* base docnos of the current topic's pool */
	size_t npooled = 0;
	const struct topic *T = ctx->T;
	for (size_t i = 0; i < nrun; i++) {
		char *p = pathf(ctx, "run", i);
		FILE *f = xfopen(p, "w");
		fprintf(f, "ref-pools-none Q0 ref-pools-none 1 0 r%zu\n", i);
		for (size_t t = 0; t < ctx->NT; t++) {
			size_t n;
			char **v = image_lines(ctx, &ctx->RUN[runs[i]], t, b, &n);
			for (size_t l = 0; l < n; l++)
				fprintf(f, "%s Q0 %s %zu %zu r%zu\n", T[t].qid, v[l], l + 1,
					n - l, i);
			free_lines(v, n);
		}
		if (ferror(f) || fclose(f))
			die("write error", p);
		free(p);
	}
	for (size_t t = 0; t < ctx->NT; t++) {
		/* the pool: from the files' lines, first K of every run */
		npooled = 0;
		for (size_t i = 0; i < nrun; i++) {
			size_t n;
			char **v = image_lines(ctx, &ctx->RUN[runs[i]], t, b, &n);
			for (size_t l = 0; l < n && l < ctx->K; l++) {
				pooled = xrealloc(pooled, (npooled + 1) * sizeof *pooled);
				pooled[npooled++] = xstrdup(base_of(v[l]));
			}
			free_lines(v, n);
		}
		for (size_t d = 0; d < T[t].nj; d++) {
			const struct judged *jd = &T[t].j[d];
			unsigned k = ref_k(ctx, jd->docno, b);
			int in = 0;
			for (size_t p = 0; p < npooled && !in; p++)
				in = strcmp(pooled[p], jd->docno) == 0;
			for (unsigned c = 1; in && c <= k; c++)
				fprintf(q, "%s 0 %s~%u %ld\n", T[t].qid, jd->docno, c, jd->grade);
		}
		fprintf(q, "%s 0 ref-pools-placeholder %ld\n", T[t].qid,
			ctx->LEVEL - 1 < -1 ? ctx->LEVEL - 1 : -1);
		for (size_t p = 0; p < npooled; p++)
			free(pooled[p]);
	}
	free(pooled);
	if (ferror(q) || fclose(q))
		die("write error", qpath);
	free(qpath);
}

/* The index of a measure output name in ctx->MNAME, added when new. */
static size_t measure_index(struct pools *ctx, const char *name)
{
	for (size_t m = 0; m < ctx->NM; m++)
		if (strcmp(ctx->MNAME[m], name) == 0)
			return m;
	ctx->MNAME = xrealloc(ctx->MNAME, (ctx->NM + 1) * sizeof *ctx->MNAME);
	ctx->MNAME[ctx->NM] = xstrdup(name);
	return ctx->NM++;
}

/* Runs plain cbeval on the files of materialise (nrun runs), its image
 * dump to img and its stderr to err; dies when it fails. */
static void run_cbeval(const struct pools *ctx, size_t nrun, char *img, const char *err)
{
	char *qpath = pathf(ctx, "qrels", 0);
	char **argv = xcalloc(20 + 2 * (size_t)ctx->NMSPEC + nrun, sizeof *argv);
	char lv[32];
	size_t n = 0;
	argv[n++] = (char *)ctx->CBEVAL;
	argv[n++] = "-b";
	argv[n++] = "1";
	argv[n++] = "--images";
	argv[n++] = img;
	argv[n++] = "-j";
	argv[n++] = "1";
	argv[n++] = "--quiet";
	argv[n++] = "--order";
	argv[n++] = "file";
	snprintf(lv, sizeof lv, "%ld", ctx->LEVEL);
	argv[n++] = "-l";
	argv[n++] = lv;
	for (int i = 0; i < ctx->NMSPEC; i++) {
		argv[n++] = "-m";
		argv[n++] = ctx->MSPEC[i];
	}
	argv[n++] = "--";
	argv[n++] = qpath;
	for (size_t i = 0; i < nrun; i++)
		argv[n++] = pathf(ctx, "run", i);
	if (run_cmd(argv, err) != 0)
		die("cbeval failed on a materialised image; see", err);
	for (size_t i = 0; i < nrun; i++)
		free(argv[n - nrun + i]);
	free(argv);
	free(qpath);
}

/*
 * Score the files of materialise(runs, nrun) with cbeval: the values, as
 * VAL reads them (the caller frees).
 */
double *score(struct pools *ctx, size_t nrun)
{
	char *img = pathf(ctx, "images", 0), *err = pathf(ctx, "err", 0);
	char *line = NULL, *fl[8];
	size_t cap = 0, NT = ctx->NT;
	double *v = NULL;
	FILE *f;
	run_cbeval(ctx, nrun, img, err);
	f = xfopen(img, "r");
	while (getline(&line, &cap, f) != -1) {
		char *p = strchr(line, '\n');
		if (p)
			*p = 0;
		/* split at tabs */
		int nf = 0;
		fl[nf++] = line;
		for (p = line; *p && nf < 6; p++)
			if (*p == '\t') {
				*p = 0;
				fl[nf++] = p + 1;
			}
		if (nf != 5 || strcmp(fl[0], "run") == 0 || strcmp(fl[3], "0") != 0)
			continue;
		size_t m = measure_index(ctx, fl[2]);
		long t = strcmp(fl[1], "all") == 0 ? (long)NT : topic_of(ctx, fl[1]);
		size_t i = (size_t)strtoul(fl[0] + 1, NULL, 10);   /* "r<i>" */
		if (!v)
			v = xcalloc(nrun * (NT + 1) * MMAX, sizeof *v);
		if (m >= MMAX)
			die("too many measure outputs", NULL);
		if (t < 0 || i >= nrun)
			die("unknown run or qid in cbeval's output", fl[1]);
		VAL(v, NT, i, (size_t)t, m) = strtod(fl[4], NULL);
	}
	free(line);
	fclose(f);
	free(img);
	free(err);
	if (!v)
		die("cbeval wrote no values", NULL);
	return v;
}
