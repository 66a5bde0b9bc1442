/*
 * tests/ref_pools.c - a slow, independent reference for `cbeval --pool K`
 * (shared spec pools.md) in the bootstrap summary, `--pairs` and
 * `--pair-images`, used by tests/t_pools.sh.
 *
 * It includes no project header and shares no code with cbeval but what
 * ref_common.h holds for every reference.  It does everything the obvious
 * way: for each image b = 0..B it MATERIALISES the image as files - every
 * document of every ranking and of the qrels repeated k times in place, as
 * copies "docno~1" .. "docno~k", k from its own floating-point image
 * function (u < F(k) summed in doubles, as the manual page defines it) -
 * computes the pool from those files (the base docnos of the first K lines
 * of each pooling run's ranking of each topic: every run for the summary,
 * the two runs of the pair for --pairs), drops the qrels lines of the
 * documents outside it, and scores the files with plain cbeval (`cbeval
 * -b 1 --images F --order file`, image 0, which is the plain evaluation
 * printed with %.17g).  The summary, the pairs and the pair images are
 * then computed here from those values.
 *
 * Choices (to reconcile with cbeval):
 *  1. A document is in the pool when one of its copies is among the first
 *     K lines of a pooling run's topic; then every copy of its judgement
 *     is kept (a pool holds documents; the manual page, POOLS).
 *  2. A topic keeps a qrels line in every image, so that it stays a topic
 *     when all its judgements leave the pool (cbeval scores every qrels
 *     topic): "QID 0 ref-pools-placeholder G" with G = min(-1, level - 1),
 *     a document no run retrieves, not relevant, of no gain, and skipped
 *     by bpref as a negative grade: no measure counts it.
 *  3. Every materialised run starts with a line for a qid that is not a
 *     topic, so that a run emptied by an image is still a run.
 *  4. Statistics: means are left-to-right sums divided by the count, sd
 *     two-pass with n - 1, quantiles type 7, ranks 1 + the number of runs
 *     with a strictly greater value (the residual: NA), t = mean / (sd /
 *     sqrt(n)) over the topics with p from ref_common.h (sd = 0: p = 1 if
 *     the mean is 0, else 0).  The per-system value of a run in an image
 *     is cbeval's "all" row of the materialised image (the mean, sum or
 *     geometric mean over its topics, as in plain evaluation).
 *  5. Runs are ordered by score descending, ties by docno descending in
 *     byte order (cbeval's default --order score), then cut at -M; run
 *     tags must be distinct; duplicates are not supported.
 *
 * Usage:
 *   ref_pools -b B --pool K [--seed S] [-l N] [-M N] [-m SPEC]...
 *             [--cbeval PATH] [--keep DIR] OUTDIR QRELS RUN...
 * writes OUTDIR/summary.tsv (as `cbeval -q -b B --pool K`),
 * OUTDIR/pairs.tsv (`--pairs -q`) and OUTDIR/pair_images.tsv
 * (`--pair-images` with -q), every value with %.17g.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define REF_PROG "ref_pools"
#include "ref_common.h"

/* ---- input --------------------------------------------------------------- */

struct judged { char *docno; long grade; };
struct topic {
	char *qid;
	struct judged *j;
	size_t nj;
};
struct run {
	char *tag;
	char ***docs;           /* [topic][i]: docnos in evaluation order */
	size_t *n;              /* [topic] */
};

static struct topic *T;
static size_t NT;
static struct run *RUN;
static size_t NR;

/* settings */
static unsigned long B, K;
static uint64_t SEED = 1;
static long LEVEL = 1;
static unsigned long long CUT;   /* -M, 0 = none */
static char **MSPEC;
static int NMSPEC;
static const char *CBEVAL;
static char *WORK;               

static int numeric_qids;
static int cmp_qid(const void *pa, const void *pb)
{
	const struct topic *a = pa, *b = pb;
	if (numeric_qids) {
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

static long topic_of(const char *qid)
{
	for (size_t t = 0; t < NT; t++)
		if (strcmp(T[t].qid, qid) == 0)
			return (long)t;
	return -1;
}

static void read_qrels(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *fl[6];
	size_t cap = 0;
	if (!f)
		die("cannot open", path);
	while (getline(&line, &cap, f) != -1) {
		if (line[0] == '#')
			continue;
		int nf = fields(line, fl, 5);
		if (nf == 0)
			continue;
		if (nf != 4)
			die("bad qrels line", path);
		long t = topic_of(fl[0]);
		if (t < 0) {
			T = xrealloc(T, (NT + 1) * sizeof *T);
			memset(&T[NT], 0, sizeof *T);
			T[NT].qid = xstrdup(fl[0]);
			t = (long)NT++;
		}
		struct topic *tp = &T[t];
		tp->j = xrealloc(tp->j, (tp->nj + 1) * sizeof *tp->j);
		tp->j[tp->nj].docno = xstrdup(fl[2]);
		tp->j[tp->nj++].grade = strtol(fl[3], NULL, 10);
	}
	free(line);
	fclose(f);
	numeric_qids = 1;
	for (size_t t = 0; t < NT; t++)
		numeric_qids &= all_digits(T[t].qid);
	qsort(T, NT, sizeof *T, cmp_qid);
}

struct rl { char *qid, *docno; double score; };

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

static void read_run(const char *path, struct run *r)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *fl[8];
	size_t cap = 0, n = 0;
	struct rl *v = NULL;
	if (!f)
		die("cannot open", path);
	while (getline(&line, &cap, f) != -1) {
		if (line[0] == '#')
			continue;
		int nf = fields(line, fl, 7);
		if (nf == 0)
			continue;
		if (nf < 6)
			die("bad run line", path);
		if (!r->tag)
			r->tag = xstrdup(fl[5]);
		if (topic_of(fl[0]) < 0)
			continue;
		v = xrealloc(v, (n + 1) * sizeof *v);
		v[n].qid = xstrdup(fl[0]);
		v[n].docno = xstrdup(fl[2]);
		v[n++].score = strtod(fl[4], NULL);
	}
	free(line);
	fclose(f);
	if (!r->tag)
		die("no run line in", path);
	qsort(v, n, sizeof *v, cmp_rl);
	r->docs = xcalloc(NT, sizeof *r->docs);
	r->n = xcalloc(NT, sizeof *r->n);
	for (size_t i = 0; i < n; i++) {
		size_t t = (size_t)topic_of(v[i].qid);
		if (!CUT || r->n[t] < CUT) {
			r->docs[t] = xrealloc(r->docs[t], (r->n[t] + 1) * sizeof *r->docs[t]);
			r->docs[t][r->n[t]++] = v[i].docno;
		} else {
			free(v[i].docno);
		}
		free(v[i].qid);
	}
	free(v);
}

/* ---- the image, written out ---------------------------------------------- */

/* k of a docno in image b: the documented function, in doubles. */
static unsigned ref_k(const char *docno, uint64_t b)
{
	return ref_image_k(docno, strlen(docno), SEED, b);
}

/* The lines of run r's topic t in image b: copies "docno~j". */
static char **image_lines(const struct run *r, size_t t, uint64_t b, size_t *n)
{
	char **v = NULL;
	*n = 0;
	for (size_t i = 0; i < r->n[t]; i++) {
		unsigned k = ref_k(r->docs[t][i], b);
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


static char *pathf(const char *name, size_t i)
{
	size_t n = strlen(WORK) + strlen(name) + 32;
	char *p = xmalloc(n);
	snprintf(p, n, "%s/%s%zu", WORK, name, i);
	return p;
}

/*
 * Write image b of the runs runs[0..nrun) as files run0.. and the qrels as
 * "qrels", keeping the judgements of the pool of those runs' first K lines.
 */
static void materialise(const size_t *runs, size_t nrun, uint64_t b)
{
	char *qpath = pathf("qrels", 0);
	FILE *q = xfopen(qpath, "w");
	char **pooled = NULL;   /* base docnos of the current topic's pool */
	size_t npooled = 0;
	for (size_t i = 0; i < nrun; i++) {
		char *p = pathf("run", i);
		FILE *f = xfopen(p, "w");
		fprintf(f, "ref-pools-none Q0 ref-pools-none 1 0 r%zu\n", i);
		for (size_t t = 0; t < NT; t++) {
			size_t n;
			char **v = image_lines(&RUN[runs[i]], t, b, &n);
			for (size_t l = 0; l < n; l++)
				fprintf(f, "%s Q0 %s %zu %zu r%zu\n", T[t].qid, v[l], l + 1,
					n - l, i);
			free_lines(v, n);
		}
		if (ferror(f) || fclose(f))
			die("write error", p);
		free(p);
	}
	for (size_t t = 0; t < NT; t++) {
		/* the pool: from the files' lines, first K of every run */
		npooled = 0;
		for (size_t i = 0; i < nrun; i++) {
			size_t n;
			char **v = image_lines(&RUN[runs[i]], t, b, &n);
			for (size_t l = 0; l < n && l < K; l++) {
				pooled = xrealloc(pooled, (npooled + 1) * sizeof *pooled);
				pooled[npooled++] = xstrdup(base_of(v[l]));
			}
			free_lines(v, n);
		}
		for (size_t d = 0; d < T[t].nj; d++) {
			const struct judged *jd = &T[t].j[d];
			unsigned k = ref_k(jd->docno, b);
			int in = 0;
			for (size_t p = 0; p < npooled && !in; p++)
				in = strcmp(pooled[p], jd->docno) == 0;
			for (unsigned c = 1; in && c <= k; c++)
				fprintf(q, "%s 0 %s~%u %ld\n", T[t].qid, jd->docno, c, jd->grade);
		}
		fprintf(q, "%s 0 ref-pools-placeholder %ld\n", T[t].qid,
			LEVEL - 1 < -1 ? LEVEL - 1 : -1);
		for (size_t p = 0; p < npooled; p++)
			free(pooled[p]);
	}
	free(pooled);
	if (ferror(q) || fclose(q))
		die("write error", qpath);
	free(qpath);
}


static char **MNAME;    /* measure names, in cbeval's output order */
static size_t NM;

static size_t measure_index(const char *name)
{
	for (size_t m = 0; m < NM; m++)
		if (strcmp(MNAME[m], name) == 0)
			return m;
	MNAME = xrealloc(MNAME, (NM + 1) * sizeof *MNAME);
	MNAME[NM] = xstrdup(name);
	return NM++;
}

/* At most this many measure outputs. */
#define MMAX 96   /* measure outputs (t_pools.sh has about 75) */
/* The value of the i-th run scored, topic t (NT: "all"), measure m. */
#define VAL(v, i, t, m) ((v)[((i) * (NT + 1) + (t)) * MMAX + (m)])

/*
 * Score the files of materialise(runs, nrun) with cbeval: the values, as
 * VAL reads them (the caller frees).
 */
static double *score(size_t nrun)
{
	char *img = pathf("images", 0), *err = pathf("err", 0), *qpath = pathf("qrels", 0);
	char **argv = xcalloc(20 + 2 * (size_t)NMSPEC + nrun, sizeof *argv);
	char lv[32], *line = NULL, *fl[8];
	size_t n = 0, cap = 0;
	double *v = NULL;
	FILE *f;
	argv[n++] = (char *)CBEVAL;
	argv[n++] = "-b";
	argv[n++] = "1";
	argv[n++] = "--images";
	argv[n++] = img;
	argv[n++] = "-j";
	argv[n++] = "1";
	argv[n++] = "--quiet";
	argv[n++] = "--order";
	argv[n++] = "file";
	snprintf(lv, sizeof lv, "%ld", LEVEL);
	argv[n++] = "-l";
	argv[n++] = lv;
	for (int i = 0; i < NMSPEC; i++) {
		argv[n++] = "-m";
		argv[n++] = MSPEC[i];
	}
	argv[n++] = "--";
	argv[n++] = qpath;
	for (size_t i = 0; i < nrun; i++)
		argv[n++] = pathf("run", i);
	if (run_cmd(argv, err) != 0)
		die("cbeval failed on a materialised image; see", err);
	for (size_t i = 0; i < nrun; i++)
		free(argv[n - nrun + i]);
	free(argv);
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
		size_t m = measure_index(fl[2]);
		long t = strcmp(fl[1], "all") == 0 ? (long)NT : topic_of(fl[1]);
		size_t i = (size_t)strtoul(fl[0] + 1, NULL, 10);   /* "r<i>" */
		if (!v)
			v = xcalloc(nrun * (NT + 1) * MMAX, sizeof *v);
		if (m >= MMAX)
			die("too many measure outputs", NULL);
		if (t < 0 || i >= nrun)
			die("unknown run or qid in cbeval's output", fl[1]);
		VAL(v, i, (size_t)t, m) = strtod(fl[4], NULL);
	}
	free(line);
	fclose(f);
	free(img);
	free(err);
	free(qpath);
	if (!v)
		die("cbeval wrote no values", NULL);
	return v;
}



static double mean_of(const double *x, size_t n)
{
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += x[i];
	return s / (double)n;
}

static double sd_of(const double *x, size_t n)
{
	double m = mean_of(x, n), s = 0;
	if (n < 2)
		return NAN;
	for (size_t i = 0; i < n; i++)
		s += (x[i] - m) * (x[i] - m);
	return sqrt(s / (double)(n - 1));
}

/* p of the paired t-test over z[0..n) (NaN with n < 2). */
static double ttest_p(const double *z, size_t n)
{
	double m, sd;
	if (n < 2)
		return NAN;
	m = mean_of(z, n);
	sd = sd_of(z, n);
	if (sd == 0)
		return m == 0 ? 1 : 0;
	return tpval(m / (sd / sqrt((double)n)), (double)n - 1);
}


static void num(FILE *f, double x)
{
	if (isnan(x))
		fputs("\tNA", f);
	else
		fprintf(f, "\t%.17g", x);
}

/* ---- the three tables ---------------------------------------------------- */

/* x[b] = the value of run r, topic t (NT: all), measure m in image b. */
static double *SUMV;   /* [((r * (NT + 1) + t) * MMAX + m) * (B + 1) + b] */
#define SV(r, t, m, b) SUMV[(((r) * (NT + 1) + (t)) * MMAX + (m)) * (B + 1) + (b)]

static void summary(const char *path)
{
	size_t nimg = B + 1, *all = xcalloc(NR, sizeof *all);
	double *x = xcalloc(nimg, sizeof *x), *rk = xcalloc(nimg, sizeof *rk);
	FILE *f = xfopen(path, "w");
	for (size_t i = 0; i < NR; i++)
		all[i] = i;
	for (uint64_t b = 0; b <= B; b++) {
		materialise(all, NR, b);
		double *v = score(NR);
		for (size_t r = 0; r < NR; r++)
			for (size_t t = 0; t <= NT; t++)
				for (size_t m = 0; m < NM; m++)
					SV(r, t, m, b) = VAL(v, r, t, m);
		free(v);
	}
	fputs("run\tqid\tmeasure\troot\tmean\tbias\tsd\tci_lo\tq25\tmedian\tq75\tci_hi\t"
	      "rank\trank_min\trank_q25\trank_median\trank_q75\trank_max\n", f);
	for (size_t r = 0; r < NR; r++)
		for (size_t t = 0; t <= NT; t++)
			for (size_t m = 0; m < NM; m++) {
				for (size_t b = 0; b <= B; b++) {
					size_t above = 0;
					x[b] = SV(r, t, m, b);
					for (size_t o = 0; o < NR; o++)
						above += SV(o, t, m, b) > x[b];
					rk[b] = (double)(above + 1);
				}
				fprintf(f, "%s\t%s\t%s", RUN[r].tag, t < NT ? T[t].qid : "all", MNAME[m]);
				num(f, x[0]);
				num(f, mean_of(x + 1, B));
				num(f, mean_of(x + 1, B) - x[0]);
				num(f, sd_of(x + 1, B));
				qsort(x + 1, B, sizeof *x, cmp_double);
				num(f, ref_q7(x + 1, B, 0.025));
				num(f, ref_q7(x + 1, B, 0.25));
				num(f, ref_q7(x + 1, B, 0.5));
				num(f, ref_q7(x + 1, B, 0.75));
				num(f, ref_q7(x + 1, B, 0.975));
				if (is_residual(MNAME[m])) {
					fputs("\tNA\tNA\tNA\tNA\tNA\tNA\n", f);
					continue;
				}
				num(f, rk[0]);
				qsort(rk + 1, B, sizeof *rk, cmp_double);
				num(f, rk[1]);
				num(f, ref_q7(rk + 1, B, 0.25));
				num(f, ref_q7(rk + 1, B, 0.5));
				num(f, ref_q7(rk + 1, B, 0.75));
				num(f, rk[B]);
				fputc('\n', f);
			}
	if (ferror(f) || fclose(f))
		die("write error", path);
	free(all);
	free(x);
	free(rk);
}

/* One row of the pairs table from d[0..B] (p_root, p[1..B]: NaN in the
 * per-topic rows). */
static void pair_row(FILE *f, const char *a, const char *c, const char *m,
		     const char *qid, const double *d, const double *p)
{
	double *x = xcalloc(B, sizeof *x);
	size_t gt = 0, eq = 0, lt = 0;
	fprintf(f, "%s\t%s\t%s\t%s", a, c, m, qid);
	num(f, d[0]);
	memcpy(x, d + 1, B * sizeof *x);
	num(f, mean_of(x, B));
	num(f, mean_of(x, B) - d[0]);
	num(f, sd_of(x, B));
	qsort(x, B, sizeof *x, cmp_double);
	num(f, ref_q7(x, B, 0.025));
	num(f, ref_q7(x, B, 0.975));
	for (size_t b = 1; b <= B; b++) {
		gt += d[b] > 0;
		eq += d[b] == 0;
	}
	num(f, (double)gt / (double)B);
	num(f, (double)eq / (double)B);
	if (!p || isnan(p[0])) {
		fputs("\tNA\tNA\tNA\n", f);
	} else {
		num(f, p[0]);
		memcpy(x, p + 1, B * sizeof *x);
		for (size_t b = 0; b < B; b++)
			lt += x[b] < 0.05;
		qsort(x, B, sizeof *x, cmp_double);
		num(f, ref_q7(x, B, 0.5));
		num(f, (double)lt / (double)B);
		fputc('\n', f);
	}
	free(x);
}

static void pairs(const char *ppath, const char *ipath)
{
	size_t nimg = B + 1;
	FILE *f = xfopen(ppath, "w"), *g = xfopen(ipath, "w");
	/* [side][t][m][b] */
	double *pv = xcalloc(2 * (NT + 1) * MMAX * nimg, sizeof *pv);
	double *d = xcalloc(nimg, sizeof *d), *p = xcalloc(nimg, sizeof *p);
	double *z = xcalloc(NT + 1, sizeof *z);
#define PV(s, t, m, b) pv[(((s) * (NT + 1) + (t)) * MMAX + (m)) * nimg + (b)]
	fputs("runA\trunB\tmeasure\tqid\troot_diff\tmean\tbias\tsd\tci_lo\tci_hi\t"
	      "p_gt\tp_eq\troot_p\tp_median\tp_lt05\n", f);
	fputs("runA\trunB\tmeasure\tqid\timage\tdiff\tp\n", g);
	for (size_t a = 0; a < NR; a++)
		for (size_t c = a + 1; c < NR; c++) {
			size_t two[2] = { a, c };
			for (uint64_t b = 0; b <= B; b++) {
				materialise(two, 2, b);
				double *v = score(2);
				for (size_t s = 0; s < 2; s++)
					for (size_t t = 0; t <= NT; t++)
						for (size_t m = 0; m < NM; m++)
							PV(s, t, m, b) = VAL(v, s, t, m);
				free(v);
			}
			for (size_t m = 0; m < NM; m++) {
				for (size_t t = 0; t < NT; t++) {
					for (size_t b = 0; b <= B; b++) {
						d[b] = PV(0, t, m, b) - PV(1, t, m, b);
						fprintf(g, "%s\t%s\t%s\t%s\t%" PRIu64, RUN[a].tag,
							RUN[c].tag, MNAME[m], T[t].qid, (uint64_t)b);
						num(g, d[b]);
						fputs("\tNA\n", g);
					}
					pair_row(f, RUN[a].tag, RUN[c].tag, MNAME[m], T[t].qid, d, NULL);
				}
				for (size_t b = 0; b <= B; b++) {
					d[b] = PV(0, NT, m, b) - PV(1, NT, m, b);
					for (size_t t = 0; t < NT; t++)
						z[t] = PV(0, t, m, b) - PV(1, t, m, b);
					p[b] = ttest_p(z, NT);
					fprintf(g, "%s\t%s\t%s\tall\t%" PRIu64, RUN[a].tag,
						RUN[c].tag, MNAME[m], (uint64_t)b);
					num(g, d[b]);
					num(g, p[b]);
					fputc('\n', g);
				}
				pair_row(f, RUN[a].tag, RUN[c].tag, MNAME[m], "all", d, p);
			}
		}
#undef PV
	if (ferror(f) || fclose(f))
		die("write error", ppath);
	if (ferror(g) || fclose(g))
		die("write error", ipath);
	free(pv);
	free(d);
	free(p);
	free(z);
}

/* ---- main ---------------------------------------------------------------- */

static char *join(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 2;
	char *p = xmalloc(n);
	snprintf(p, n, "%s/%s", a, b);
	return p;
}

int main(int argc, char **argv)
{
	const char *keep = NULL, *out = NULL, *qrels = NULL;
	char **files = xcalloc((size_t)argc + 1, sizeof *files);
	size_t nfiles = 0;
	char tmpl[] = "/tmp/ref-pools-XXXXXX";
	CBEVAL = getenv("CBEVAL") ? getenv("CBEVAL") : "./cbeval";
	MSPEC = xcalloc((size_t)argc + 1, sizeof *MSPEC);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (i + 1 < argc && strcmp(a, "-b") == 0)
			B = strtoul(argv[++i], NULL, 10);
		else if (i + 1 < argc && strcmp(a, "--pool") == 0)
			K = strtoul(argv[++i], NULL, 10);
		else if (i + 1 < argc && strcmp(a, "--seed") == 0)
			SEED = strtoull(argv[++i], NULL, 10);
		else if (i + 1 < argc && strcmp(a, "-l") == 0)
			LEVEL = strtol(argv[++i], NULL, 10);
		else if (i + 1 < argc && strcmp(a, "-M") == 0)
			CUT = strtoull(argv[++i], NULL, 10);
		else if (i + 1 < argc && strcmp(a, "-m") == 0)
			MSPEC[NMSPEC++] = argv[++i];
		else if (i + 1 < argc && strcmp(a, "--cbeval") == 0)
			CBEVAL = argv[++i];
		else if (i + 1 < argc && strcmp(a, "--keep") == 0)
			keep = argv[++i];
		else if (a[0] == '-' && a[1])
			die("unknown option", a);
		else
			files[nfiles++] = argv[i];
	}
	if (B < 2 || K < 1 || nfiles < 4)
		die("usage: ref_pools -b B (>= 2) --pool K [--seed S] [-l N] [-M N] [-m SPEC]... "
		    "[--cbeval PATH] [--keep DIR] OUTDIR QRELS RUN RUN...", NULL);
	if (access(CBEVAL, X_OK) != 0)
		die("cannot run cbeval", CBEVAL);
	out = files[0];
	qrels = files[1];
	if (keep) {
		mkdir(keep, 0755);
		WORK = xstrdup(keep);
	} else {
		if (!mkdtemp(tmpl))
			die("mkdtemp failed", NULL);
		WORK = xstrdup(tmpl);
	}
	read_qrels(qrels);
	NR = nfiles - 2;
	RUN = xcalloc(NR, sizeof *RUN);
	for (size_t r = 0; r < NR; r++) {
		read_run(files[2 + r], &RUN[r]);
		for (size_t o = 0; o < r; o++)
			if (strcmp(RUN[o].tag, RUN[r].tag) == 0)
				die("run tags must differ", RUN[r].tag);
	}
	SUMV = xcalloc(NR * (NT + 1) * MMAX * (B + 1), sizeof *SUMV);
	{
		char *s = join(out, "summary.tsv"), *p = join(out, "pairs.tsv"),
		     *g = join(out, "pair_images.tsv");
		summary(s);
		pairs(p, g);
		free(s);
		free(p);
		free(g);
	}
	if (!keep) {
		char cmd[256];
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", WORK);
		if (system(cmd) != 0)
			die("cannot remove", WORK);
	}
	return 0;
}
