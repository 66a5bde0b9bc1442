/*
 * tests/ref_meld.c - a slow, independent reference for `cbeval --meld`
 * (shared spec meld.md; the meld flip is stream 7 of draws.md, the
 * multiplicities the bootstrap image of the manual page), used by
 * tests/t_meld.sh.
 *
 * It includes no project header and shares no code with cbeval: its own
 * copy of the draw functions and of the floating-point image function
 * (ref_common.h: u < F(k) in doubles, F summed left to right from exp(-1), as
 * the manual page writes it, not cbeval's integer thresholds), its own
 * paired t-test (Student t by the power series of ref_common.h), its own
 * quantiles, labels and Rank labelling.  It does everything the obvious
 * way: for every mf, split s = 1..K, image b = 1..B and part L, R it
 * MATERIALISES the sub-collection as files - every document written k
 * times in place, as copies "docno~1" .. "docno~k", in the qrels (file
 * order) and in every run (evaluation order), k = k_b(d) when d's melded
 * label is the part and 0 otherwise - and scores them with plain cbeval
 * (`cbeval -b 1 --images F --order file`, image 0, which is the plain
 * evaluation printed with %.17g, so that the values read back are
 * cbeval's own doubles).  Then it computes the table of the spec by
 * explicit loops over measures, mf, runs, pairs, splits, images, topics.
 *
 * Usage:
 *   ref_meld --meld LABELS|rank -b B [OPTIONS] QRELS RUN...
 *       the table of the spec on stdout.  OPTIONS, as cbeval's:
 *       --mf LIST (1.0,0.8,0.6,0.4,0.2,0.0), --splits K (10), --seed S
 *       (1), -p P (4), -m SPEC (repeatable; cbeval's default measures
 *       without it), -l N, -M N, --order KEY, --images FILE (-j N is
 *       accepted and ignored); and the reference's own:
 *       --cbeval PATH   the cbeval that scores ($CBEVAL, else ./cbeval)
 *       --keep DIR      materialise into DIR (created) and keep the files:
 *                       I.S.B.P.qrels and I.S.B.P.runJ (I the position
 *                       of mf in --mf from 0, S split, B image, P part L
 *                       or R, J run position from 0), root.qrels and
 *                       root.runJ (the root check, below)
 *       --fragile FILE  write the cells whose value hangs on a threshold
 *                       comparison that rounding decides (below) to FILE
 *       --labels-out FILE  write the labelling (docno, r or -, base
 *                       label, then the melded label of split 1 for each
 *                       mf) to FILE
 *   ref_meld --values FILE --mf LIST --splits K -b B [-p P] [--fragile F]
 *       the same statistics on given per-topic values instead of
 *       cbeval's: FILE is TSV with the header "mf split image part run
 *       qid measure value" (mf a string of LIST; part L or R); runs,
 *       topics and measures in the order of first appearance; every
 *       combination must be given.  Without labels or qrels there is no
 *       `all` block.
 *   ref_meld --draws S K B DOCNO...
 *       per docno: docno, uniform(docword(S,7,docno,s)) for s = 1..K
 *       (%.17g) and k_b(docno) of seed S for b = 1..B (tab-separated).
 *   ref_meld --selftest
 *       the stream-7 vector of draws.md and the image example of the
 *       manual page through this file's functions, the image function's
 *       Poisson(1) frequencies; the one-sided paired t-test against
 *       closed forms (df 1: Cauchy; df 2), its zero rule and sd = 0
 *       cases; type-7 quantiles; natural topic order; the number format;
 *       the median of the Rank labelling.
 *
 * Choices (those of the brief of cbeval's --meld; the spec leaves room):
 *  1. Topics are the qrels topics in natural order (numeric when every
 *     qid is digits - compared by value, leading zeros ignored, then
 *     bytes - else byte order).  Every topic is scored in every
 *     sub-collection: each materialised qrels has one extra line per
 *     topic, "QID 0 ref-meld-none -2147483647", a document no run
 *     retrieves with a grade that is never relevant (for -l above
 *     -2147483647, which the reference requires), so that a topic whose
 *     documents are all absent stays a topic and scores what cbeval
 *     scores for it (0, except num_ret and judged@k).  To check that this
 *     and the writing of the runs change nothing, every invocation first
 *     scores the materialised ROOT (every docno once, labelled or not,
 *     the same extra lines and run files) and dies unless it equals the
 *     plain evaluation of the given files value for value (exactly).
 *  2. Runs: ordered by the reference itself (--order: score descending,
 *     ties by docno descending in byte order; rank ascending, ties in
 *     file order; or file order), lines of topics not in the qrels
 *     dropped, cut at -M; written in that order and scored with --order
 *     file (no -M).  Each materialised run file ends with one line for a
 *     qid that is not a topic, so that a run with no document left is
 *     still a run; its tag is "ref-meld-J" and the run keeps the name
 *     cbeval gives the original file (read from the plain evaluation).
 *     Names, measures (and their order) come from the plain evaluation;
 *     residuals (names ending in ".residual") are left out of the table.
 *  3. Labels file: lines "docno label", label L or R; blank lines and
 *     lines starting with '#' skipped; anything else an error.  Rank
 *     labelling: r = the smallest 1-based position of a docno over every
 *     run and qrels topic (evaluation order, after -M), docnos with
 *     r <= 100 only; m = the type-7 median of these r (one per docno);
 *     L when r < m, R otherwise.
 *  4. Melded label of labelled d in split s at mf: the base label,
 *     swapped when uniform(docword(S,7,d,s)) < mf / 2 (mf parsed with
 *     strtod, mf / 2 in double).  Multiplicity in part P of image b: k_b(d)
 *     when the melded label is P, else 0; unlabelled: 0.
 *  5. The paired test of z_0..z_{n-1}: mean = left-to-right sum / n;
 *     |mean| <= 1e-12: mean 0, t 0, p 0.5; else sd = sqrt(sum (z_t -
 *     mean)^2 / (n - 1)) (raw mean, two passes); sd == 0: p = 0 (mean > 0)
 *     or 1; else t = mean / (sd / sqrt n), p = P(T_{n-1} >= t): tpval(t) / 2
 *     for t > 0, 1 - tpval(-t) / 2 for t < 0.  With n < 2 there is no p.
 *  6. Self: z_t = A_L(t) - A_R(t) for every run, split, image; counts
 *     p < X, p > X as doubles, fractions count / self_n.
 *  7. Pairs (i < j, command-line order), split, image: d_L = mean of
 *     x_i,L - x_j,L with the zero rule; d_L < 0 swaps the pair; then z_t
 *     = x_A - x_B on L and on R, d_L, d_R, p_L, p_R as in 5.  window:
 *     0.009 <= p_L <= 0.011; nonsupport: d_R <= 0 (the zeroed d_R);
 *     notsig: p_R >= 0.05; nonsupport_all over p_L < 0.05.  dLR = |d_L| -
 *     |d_R|, dR = d_R (zeroed values); type-7 quantiles (R's default) of
 *     the pairs_n values at 0.01 0.05 0.25 0.5 0.75 0.95 0.99.
 *  8. `all`: docs_L, docs_R over the labelling (labels file: every docno
 *     of the file; rank: every docno with r <= 100), melded labels of
 *     split 1; judged_*_pct over every qrels line, rel_*_pct over lines
 *     with grade >= -l (default 1); NA when the denominator is 0.
 *  9. NA: with n < 2 topics self_p_*, window_n, nonsupport_pct,
 *     notsig_pct and nonsupport_all_pct; nonsupport_pct and notsig_pct
 *     when window_n = 0; nonsupport_all_pct when no case has p_L < 0.05.
 * 10. Numbers: counts (self_n, pairs_n, window_n, docs_L, docs_R) with
 *     %.0f, the others with %.*f (P decimals), "-0.00" printed "0.00".
 *     The warning of the spec (R of the unmelded labels holds below 5% of
 *     the judgements or of the relevant ones) is one line on stderr.
 *     --images: rows by mf, run, split, image, part (L, R), qid (natural
 *     order, then all), measure; values %.17g; `all` the mean over topics
 *     (left to right / n), the sum for num_ret, num_rel, num_rel_ret, and
 *     exp(sum ln(x + 0.00001) / n) - 0.00001 for GM(...).
 * 11. Fragile cells (--fragile, "measure mf statistic lo hi", "*" for
 *     any): a threshold comparison that rounding may decide: p within
 *     1e-9 x X of a threshold X; a mean whose |value| is within 1e-13 of
 *     the 1e-12 of the zero rule (then p may be 0.5 or the computed one,
 *     d_R <= 0 either way, and a d_L near -1e-12 may orient the pair
 *     either way: then every pair statistic of the block is "*").  Counts
 *     get the range of what either decision gives; the percentages the
 *     range lo = 100 a_lo / w_hi, hi = 100 a_hi / w_lo ("*" when w_lo =
 *     0 and w_hi > 0); quantiles +-2e-12 when a d is near the zero rule.
 *     The table prints the decision of the exact rules.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define REF_PROG "ref_meld"
#include "ref_common.h"

#define PI 3.14159265358979323846
#define ZERO 1e-12	/* the zero rule of the spec */
#define ZTOL 1e-13	/* a mean this close to +-ZERO is fragile */
#define PTOL 1e-9	/* a p this close (relative) to a threshold is fragile */
#define DUMMY_GRADE "-2147483647"

/* ---- the meld draw ------------------------------------------------------ */

/* The meld draw of a docno in split s (stream 7). */
static double meld_u(uint64_t seed, const char *docno, size_t len, uint64_t s)
{
	return uniform(docword(seed, 7, docno, len, &s, 1));
}

/* ---- small helpers ------------------------------------------------------ */

static char *xprintf2(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 1;
	char *p = xmalloc(n);
	snprintf(p, n, "%s%s", a, b);
	return p;
}



struct names {
	char **v;
	size_t n, cap;
};

static long find(const struct names *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i], name) == 0)
			return (long)i;
	return -1;
}

static size_t intern(struct names *s, const char *name)
{
	long i = find(s, name);
	if (i >= 0)
		return (size_t)i;
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->v = xrealloc(s->v, s->cap * sizeof *s->v);
	}
	s->v[s->n] = xstrdup(name);
	return s->n++;
}

static void free_names(struct names *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = s->cap = 0;
}



static int numeric_order;	/* every qid is digits */

/* Natural order of qids (choice 1). */
static int cmp_qid(const char *a, const char *b)
{
	if (numeric_order) {
		const char *x = a, *y = b;
		while (*x == '0' && x[1])
			x++;
		while (*y == '0' && y[1])
			y++;
		size_t lx = strlen(x), ly = strlen(y);
		if (lx != ly)
			return lx < ly ? -1 : 1;
		int c = strcmp(x, y);
		if (c)
			return c;
	}
	return strcmp(a, b);
}

static int cmp_qid_p(const void *pa, const void *pb)
{
	return cmp_qid(*(char *const *)pa, *(char *const *)pb);
}

static void sort_topics(struct names *t)
{
	numeric_order = 1;
	for (size_t i = 0; i < t->n; i++)
		numeric_order &= all_digits(t->v[i]);
	qsort(t->v, t->n, sizeof *t->v, cmp_qid_p);
}




/* 1 when a line is skipped: empty, blanks only, or '#' first. */
static int skipped(const char *line)
{
	if (line[0] == '#')
		return 1;
	for (const char *p = line; *p; p++)
		if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
			return 0;
	return 1;
}

static double parse_value(const char *s)
{
	char *end;
	errno = 0;
	double x = strtod(s, &end);
	if (end == s || *end || errno || !isfinite(x))
		die("bad value", s);
	return x;
}



/* ---- the paired test (choice 5) --------------------------------------- */

struct ttest {
	double raw;	/* the left-to-right mean */
	double mean;	/* after the zero rule */
	double p;	/* NAN with n < 2 */
	double palt;	/* the other p when the zero rule is fragile, else p */
	int pex, paltex;	/* p, palt set by a rule (0.5, 0, 1), not from t */
	int zfrag;	/* |raw| within ZTOL of ZERO */
};

static double upper_p(double t, double df)
{
	if (t > 0)
		return tpval(t, df) / 2;
	if (t < 0)
		return 1 - tpval(-t, df) / 2;
	return 0.5;
}

/* p of a non-zeroed mean m (n >= 2); *exact when sd = 0 decides it. */
static double p_of(const double *z, size_t n, double m, int *exact)
{
	double ss = 0;
	for (size_t t = 0; t < n; t++)
		ss += (z[t] - m) * (z[t] - m);
	double sd = sqrt(ss / (double)(n - 1));
	*exact = sd == 0;
	if (sd == 0)
		return m > 0 ? 0 : 1;
	return upper_p(m / (sd / sqrt((double)n)), (double)(n - 1));
}

static struct ttest paired(const double *z, size_t n)
{
	struct ttest r;
	double s = 0;
	for (size_t t = 0; t < n; t++)
		s += z[t];
	r.raw = s / (double)n;
	r.zfrag = fabs(fabs(r.raw) - ZERO) <= ZTOL;
	r.p = r.palt = NAN;
	r.pex = r.paltex = 1;
	if (fabs(r.raw) <= ZERO) {
		r.mean = 0;
		if (n >= 2) {
			r.p = 0.5;
			r.palt = r.zfrag ? p_of(z, n, r.raw, &r.paltex) : r.p;
		}
	} else {
		r.mean = r.raw;
		if (n >= 2) {
			r.p = p_of(z, n, r.raw, &r.pex);
			r.paltex = r.pex;
			r.palt = r.p;
			if (r.zfrag) {
				r.palt = 0.5;
				r.paltex = 1;
			}
		}
	}
	return r;
}

/*
 * Threshold comparisons with their fragility (choice 11): the decision
 * of the exact rules, and *maybe set when rounding could decide either
 * way: a p computed from t within PTOL x X of X, or the other p of a
 * fragile zero rule on the other side.  A p set by a rule is exact.
 */
static int p_lt(const struct ttest *r, double X, int *maybe)
{
	double t1 = r->pex ? 0 : PTOL * X, t2 = r->paltex ? 0 : PTOL * X;
	int v = r->p < X;
	int lo = r->p < X - t1 && r->palt < X - t2;
	int hi = r->p < X + t1 || (r->p == X && t1 > 0) || r->palt < X + t2 || (r->palt == X && t2 > 0);
	*maybe = lo != hi;
	return v;
}

static int p_gt(const struct ttest *r, double X, int *maybe)
{
	double t1 = r->pex ? 0 : PTOL * X, t2 = r->paltex ? 0 : PTOL * X;
	int v = r->p > X;
	int lo = r->p > X + t1 && r->palt > X + t2;
	int hi = r->p > X - t1 || (r->p == X && t1 > 0) || r->palt > X - t2 || (r->palt == X && t2 > 0);
	*maybe = lo != hi;
	return v;
}

static int p_in(const struct ttest *r, double a, double b, int *maybe)
{
	double a1 = r->pex ? 0 : PTOL * a, b1 = r->pex ? 0 : PTOL * b;
	double a2 = r->paltex ? 0 : PTOL * a, b2 = r->paltex ? 0 : PTOL * b;
	int v = r->p >= a && r->p <= b;
	int lo = r->p >= a + a1 && r->p <= b - b1 && r->palt >= a + a2 && r->palt <= b - b2;
	int hi = (r->p >= a - a1 && r->p <= b + b1) || (r->palt >= a - a2 && r->palt <= b + b2);
	*maybe = lo != hi;
	return v;
}

/* ---- configuration and data -------------------------------------------- */

static uint64_t S = 1;
static unsigned long K = 10, B;
static int P = 4;
static char **mfs;		/* the --mf strings */
static double *mfv;		/* their values */
static size_t nmf;
static const char *cbeval_path, *opt_l, *opt_M, *opt_order;
static char **mspecs;
static int nmspecs, keep_files;
static long level = 1;
static FILE *ffrag;

static struct names runs, topics, meas;	/* meas: every measure of the plain evaluation */
static size_t *outm, noutm;		/* table measures (residuals left out) */
static double *V;			/* the per-topic values, see VAL */
#define NR (runs.n)
#define NT (topics.n)
#define NM (meas.n)

static size_t vidx(size_t i, unsigned long s, unsigned long b, int part, size_t j, size_t m, size_t t)
{
	return ((((((i * K + (s - 1)) * B + (b - 1)) * 2 + (size_t)part) * NR + j) * NM + m) * NT) + t;
}
#define VAL(i, s, b, part, j, m, t) V[vidx(i, s, b, part, j, m, t)]

static void alloc_values(void)
{
	size_t n = nmf * K * B * 2 * NR * NM * NT;
	V = xmalloc(n * sizeof *V);
	for (size_t i = 0; i < n; i++)
		V[i] = NAN;
}

/* qrels lines */
struct qline {
	char *qid, *docno, *text;
	long grade;
	long lab;	/* index into lbl, -1 unlabelled */
};
static struct qline *ql;
static size_t nql;

/* labels, sorted by docno */
struct label {
	char *docno;
	int lab;	/* 0 L, 1 R */
	long r;		/* Rank labelling: the shallowest position; else -1 */
};
static struct label *lbl;
static size_t nlabs;
static double *ulab;		/* [d * K + s - 1] meld draws */
static unsigned char *klab;	/* [d * B + b - 1] multiplicities */

/* evaluation-ordered runs: rk[j * NT + t] */
struct rent {
	char *docno;
	long lab;
};
struct rtop {
	struct rent *e;
	size_t n;
};
static struct rtop *rk;
static size_t nruns;

static int cmp_label(const void *pa, const void *pb)
{
	return strcmp(((const struct label *)pa)->docno, ((const struct label *)pb)->docno);
}

static long lookup_label(const char *docno)
{
	size_t lo = 0, hi = nlabs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(lbl[mid].docno, docno);
		if (c == 0)
			return (long)mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

static void read_qrels(const char *path)
{
	FILE *f = xfopen(path, "r");
	char *line = NULL, *fld[6];
	size_t cap = 0, capq = 0;
	ssize_t len;
	while ((len = getline(&line, &cap, f)) != -1) {
		chomp(line, &len);
		if (skipped(line))
			continue;
		char *copy = xstrdup(line);
		if (fields(line, fld, 5) != 4)
			die("bad qrels line", copy);
		if (nql == capq) {
			capq = capq ? 2 * capq : 1024;
			ql = xrealloc(ql, capq * sizeof *ql);
		}
		ql[nql].qid = xstrdup(fld[0]);
		ql[nql].docno = xstrdup(fld[2]);
		ql[nql].grade = strtol(fld[3], NULL, 10);
		ql[nql].text = copy;
		ql[nql].lab = -1;
		nql++;
		intern(&topics, fld[0]);
	}
	free(line);
	fclose(f);
	if (nql == 0)
		die("no judgement in", path);
	sort_topics(&topics);
}

/* One run line while ordering. */
struct rline {
	char *docno;
	double score;
	long long rank;
	size_t pos;
};

static const char *order_key = "score";

static int cmp_rline(const void *pa, const void *pb)
{
	const struct rline *a = pa, *b = pb;
	if (strcmp(order_key, "score") == 0) {
		if (a->score != b->score)
			return a->score > b->score ? -1 : 1;
		int c = strcmp(a->docno, b->docno);
		if (c)
			return -c;
	} else if (strcmp(order_key, "rank") == 0) {
		if (a->rank != b->rank)
			return a->rank < b->rank ? -1 : 1;
	}
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* Read run j: its qrels topics in evaluation order, cut at -M (choice 2). */
static void read_run(size_t j, const char *path)
{
	FILE *f = xfopen(path, "r");
	char *line = NULL, *fld[8];
	size_t cap = 0, lineno = 0;
	ssize_t len;
	struct rline **v = xcalloc(NT, sizeof *v);
	size_t *n = xcalloc(NT, sizeof *n), *capl = xcalloc(NT, sizeof *capl);
	unsigned long long cut = opt_M ? strtoull(opt_M, NULL, 10) : ~0ULL;
	while ((len = getline(&line, &cap, f)) != -1) {
		lineno++;
		chomp(line, &len);
		if (skipped(line))
			continue;
		if (fields(line, fld, 7) < 6)
			die("short run line", path);
		long t = find(&topics, fld[0]);
		if (t < 0)
			continue;
		if (n[t] == capl[t]) {
			capl[t] = capl[t] ? 2 * capl[t] : 256;
			v[t] = xrealloc(v[t], capl[t] * sizeof **v);
		}
		struct rline *r = &v[t][n[t]++];
		r->docno = xstrdup(fld[2]);
		r->score = parse_value(fld[4]);
		r->rank = strtoll(fld[3], NULL, 10);
		r->pos = lineno;
	}
	free(line);
	fclose(f);
	order_key = opt_order ? opt_order : "score";
	for (size_t t = 0; t < NT; t++) {
		struct rtop *rt = &rk[j * NT + t];
		if (n[t])
			qsort(v[t], n[t], sizeof **v, cmp_rline);
		rt->n = n[t] < cut ? n[t] : (size_t)cut;
		rt->e = xmalloc(rt->n * sizeof *rt->e);
		for (size_t i = 0; i < n[t]; i++) {
			if (i < rt->n) {
				rt->e[i].docno = v[t][i].docno;
				rt->e[i].lab = -1;
			} else {
				free(v[t][i].docno);
			}
		}
		free(v[t]);
	}
	free(v);
	free(n);
	free(capl);
}

static void read_labels(const char *path)
{
	FILE *f = xfopen(path, "r");
	char *line = NULL, *fld[4];
	size_t cap = 0, capl = 0, lineno = 0;
	ssize_t len;
	while ((len = getline(&line, &cap, f)) != -1) {
		lineno++;
		chomp(line, &len);
		if (skipped(line))
			continue;
		if (fields(line, fld, 3) != 2 || (strcmp(fld[1], "L") && strcmp(fld[1], "R")))
			die("bad labels line", path);
		if (nlabs == capl) {
			capl = capl ? 2 * capl : 1024;
			lbl = xrealloc(lbl, capl * sizeof *lbl);
		}
		lbl[nlabs].docno = xstrdup(fld[0]);
		lbl[nlabs].lab = fld[1][0] == 'R';
		lbl[nlabs].r = -1;
		nlabs++;
	}
	free(line);
	fclose(f);
	if (nlabs == 0)
		die("no label in", path);
	qsort(lbl, nlabs, sizeof *lbl, cmp_label);
	for (size_t i = 1; i < nlabs; i++)
		if (strcmp(lbl[i - 1].docno, lbl[i].docno) == 0)
			die("a docno labelled twice", lbl[i].docno);
}

/* The Rank labelling (choice 3) from rk. */
static double rank_median;

static void rank_labels(void)
{
	size_t cap = 0, n = 0;
	struct label *all = NULL;
	for (size_t j = 0; j < nruns; j++)
		for (size_t t = 0; t < NT; t++) {
			const struct rtop *rt = &rk[j * NT + t];
			for (size_t i = 0; i < rt->n && i < 100; i++) {
				if (n == cap) {
					cap = cap ? 2 * cap : 4096;
					all = xrealloc(all, cap * sizeof *all);
				}
				all[n].docno = rt->e[i].docno;
				all[n].r = (long)i + 1;
				n++;
			}
		}
	if (n == 0)
		die("the Rank labelling has no document", NULL);
	qsort(all, n, sizeof *all, cmp_label);
	lbl = xmalloc(n * sizeof *lbl);
	nlabs = 0;
	for (size_t i = 0; i < n; i++) {
		if (nlabs && strcmp(lbl[nlabs - 1].docno, all[i].docno) == 0) {
			if (all[i].r < lbl[nlabs - 1].r)
				lbl[nlabs - 1].r = all[i].r;
			continue;
		}
		lbl[nlabs].docno = xstrdup(all[i].docno);
		lbl[nlabs].r = all[i].r;
		nlabs++;
	}
	free(all);
	double *r = xmalloc(nlabs * sizeof *r);
	for (size_t i = 0; i < nlabs; i++)
		r[i] = (double)lbl[i].r;
	qsort(r, nlabs, sizeof *r, cmp_double);
	rank_median = ref_q7(r, nlabs, 0.5);
	free(r);
	for (size_t i = 0; i < nlabs; i++)
		lbl[i].lab = !((double)lbl[i].r < rank_median);
}

/* Draws of every labelled docno (choice 4) and label indices of every
 * qrels line and run entry. */
static void prepare_draws(void)
{
	ulab = xmalloc(nlabs * K * sizeof *ulab);
	klab = xmalloc(nlabs * B * sizeof *klab);
	for (size_t d = 0; d < nlabs; d++) {
		size_t len = strlen(lbl[d].docno);
		for (unsigned long s = 1; s <= K; s++)
			ulab[d * K + s - 1] = meld_u(S, lbl[d].docno, len, s);
		for (unsigned long b = 1; b <= B; b++) {
			unsigned k = ref_image_k(lbl[d].docno, len, S, b);
			if (k > 255)
				die("a multiplicity above 255", lbl[d].docno);
			klab[d * B + b - 1] = (unsigned char)k;
		}
	}
	for (size_t i = 0; i < nql; i++)
		ql[i].lab = lookup_label(ql[i].docno);
	for (size_t j = 0; j < nruns; j++)
		for (size_t t = 0; t < NT; t++) {
			struct rtop *rt = &rk[j * NT + t];
			for (size_t i = 0; i < rt->n; i++)
				rt->e[i].lab = lookup_label(rt->e[i].docno);
		}
}

/* The melded label of labelled docno d in split s at mf index i. */
static int melded(size_t d, size_t i, unsigned long s)
{
	int flip = ulab[d * K + s - 1] < mfv[i] / 2;
	return lbl[d].lab ^ flip;
}

/* ---- running cbeval ------------------------------------------------------ */



/* Score QRELS and the run files with plain cbeval into --images img:
 * materialised files with --order file, the given ones with the user's
 * -M and --order. */
static void score(const char *qrels, char **runfiles, size_t nrun, const char *img,
		  const char *errpath, int materialised)
{
	struct ref_opts o = { cbeval_path, mspecs, nmspecs, opt_l, opt_M,
			      opt_order, 0 };
	ref_score(&o, qrels, runfiles, nrun, img, errpath, 0, materialised);
}

/* Rows (run, qid, measure, value) of image 0 of an --images file, names
 * interned in the given sets; the rows of qid "all" are skipped. */
struct vrow {
	size_t r, t, m;
	double x;
};

static struct vrow *read_images(const char *path, struct names *rn, struct names *tn,
				struct names *mn, size_t *nrows)
{
	FILE *f = xfopen(path, "r");
	char *line = NULL, *fld[6];
	size_t cap = 0, n = 0, capr = 0, lineno = 0;
	ssize_t len;
	struct vrow *rows = NULL;
	while ((len = getline(&line, &cap, f)) != -1) {
		lineno++;
		chomp(line, &len);
		int nf = split_tabs(line, fld, 5);
		if (lineno == 1) {
			if (nf != 5 || strcmp(fld[3], "image") != 0)
				die("not an --images file", path);
			continue;
		}
		if (nf != 5)
			die("bad line in an --images file", path);
		if (strcmp(fld[3], "0") != 0 || strcmp(fld[1], "all") == 0)
			continue;
		if (n == capr) {
			capr = capr ? 2 * capr : 1024;
			rows = xrealloc(rows, capr * sizeof *rows);
		}
		rows[n].r = intern(rn, fld[0]);
		rows[n].t = intern(tn, fld[1]);
		rows[n].m = intern(mn, fld[2]);
		rows[n].x = parse_value(fld[4]);
		n++;
	}
	free(line);
	fclose(f);
	*nrows = n;
	return rows;
}

/* ---- materialising ------------------------------------------------------- */

static char dummy_buf[64];
static const char *dir;

/* Multiplicity of a docno with label index lab in sub-collection (i, s,
 * b, part); root (i = SIZE_MAX): 1 for every docno. */
static unsigned mult(long lab, size_t i, unsigned long s, unsigned long b, int part)
{
	if (i == SIZE_MAX)
		return 1;
	if (lab < 0)
		return 0;
	if (melded((size_t)lab, i, s) != part)
		return 0;
	return klab[(size_t)lab * B + b - 1];
}

static const char *dummy_qid;

/*
 * Write one sub-collection (or the root) as files and score it; the
 * values go to out[(j * NM + m) * NT + t] (every one must be filled).
 */
static void materialise(size_t i, unsigned long s, unsigned long b, int part, double *out)
{
	char stem[4200], path[4300];
	if (i == SIZE_MAX)
		snprintf(stem, sizeof stem, "%s/root", dir);
	else
		snprintf(stem, sizeof stem, "%s/%zu.%lu.%lu.%c", dir, i, s, b, part ? 'R' : 'L');

	snprintf(path, sizeof path, "%s.qrels", stem);
	char *qpath = xstrdup(path);
	FILE *f = xfopen(qpath, "w");
	for (size_t q = 0; q < nql; q++) {
		unsigned k = mult(ql[q].lab, i, s, b, part);
		for (unsigned c = 1; c <= k; c++)
			fprintf(f, "%s 0 %s~%u %ld\n", ql[q].qid, ql[q].docno, c, ql[q].grade);
	}
	for (size_t t = 0; t < NT; t++)
		fprintf(f, "%s 0 ref-meld-none %s\n", topics.v[t], DUMMY_GRADE);
	xfclose(f, qpath);

	char **rpath = xmalloc(nruns * sizeof *rpath);
	for (size_t j = 0; j < nruns; j++) {
		snprintf(path, sizeof path, "%s.run%zu", stem, j);
		rpath[j] = xstrdup(path);
		f = xfopen(rpath[j], "w");
		for (size_t t = 0; t < NT; t++) {
			const struct rtop *rt = &rk[j * NT + t];
			unsigned long pos = 0;
			for (size_t e = 0; e < rt->n; e++) {
				unsigned k = mult(rt->e[e].lab, i, s, b, part);
				for (unsigned c = 1; c <= k; c++)
					fprintf(f, "%s Q0 %s~%u %lu 0 ref-meld-%zu\n", topics.v[t],
						rt->e[e].docno, c, ++pos, j);
			}
		}
		fprintf(f, "%s Q0 ref-meld-none 1 0 ref-meld-%zu\n", dummy_qid, j);
		xfclose(f, rpath[j]);
	}

	/* One more run, whose values are not read, that retrieves a judged
	 * document of a topic: cbeval refuses qrels that share no topic with
	 * any run, as a half whose runs kept no document would be. */
	rpath = xrealloc(rpath, (nruns + 1) * sizeof *rpath);
	snprintf(path, sizeof path, "%s.runx", stem);
	rpath[nruns] = xstrdup(path);
	f = xfopen(rpath[nruns], "w");
	fprintf(f, "%s Q0 ref-meld-none 1 0 ref-meld-extra\n", topics.v[0]);
	xfclose(f, rpath[nruns]);

	snprintf(path, sizeof path, "%s.images", stem);
	char *img = xstrdup(path);
	snprintf(path, sizeof path, "%s.err", stem);
	char *err = xstrdup(path);
	score(qpath, rpath, nruns + 1, img, err, 1);
	struct names rn = { 0 }, tn = { 0 }, mn = { 0 };
	size_t nrows;
	struct vrow *rows = read_images(img, &rn, &tn, &mn, &nrows);
	size_t total = NR * NM * NT;
	for (size_t x = 0; x < total; x++)
		out[x] = NAN;
	size_t *rmap = xmalloc((rn.n + 1) * sizeof *rmap), *tmap = xmalloc((tn.n + 1) * sizeof *tmap);
	size_t *mmap = xmalloc((mn.n + 1) * sizeof *mmap);
	for (size_t x = 0; x < rn.n; x++) {
		unsigned long jj;
		char tail;
		if (strcmp(rn.v[x], "ref-meld-extra") == 0) {
			rmap[x] = SIZE_MAX;   /* not read */
			continue;
		}
		if (sscanf(rn.v[x], "ref-meld-%lu%c", &jj, &tail) != 1 || jj >= nruns)
			die("a materialised run has an unexpected name", rn.v[x]);
		rmap[x] = jj;
	}
	for (size_t x = 0; x < tn.n; x++) {
		long t = find(&topics, tn.v[x]);
		if (t < 0)
			die("a materialised evaluation has a topic not in the qrels", tn.v[x]);
		tmap[x] = (size_t)t;
	}
	for (size_t x = 0; x < mn.n; x++) {
		long m = find(&meas, mn.v[x]);
		if (m < 0)
			die("a materialised evaluation has another measure", mn.v[x]);
		mmap[x] = (size_t)m;
	}
	for (size_t x = 0; x < nrows; x++)
		if (rmap[rows[x].r] != SIZE_MAX)
			out[(rmap[rows[x].r] * NM + mmap[rows[x].m]) * NT + tmap[rows[x].t]] = rows[x].x;
	for (size_t x = 0; x < total; x++)
		if (isnan(out[x]))
			die("a materialised evaluation lacks a value", stem);
	free(rows); free(rmap); free(tmap); free(mmap);
	free_names(&rn); free_names(&tn); free_names(&mn);
	if (!keep_files) {
		remove(qpath);
		for (size_t j = 0; j <= nruns; j++)
			remove(rpath[j]);
		remove(img);
		remove(err);
	}
	for (size_t j = 0; j <= nruns; j++)
		free(rpath[j]);
	free(rpath); free(qpath); free(img); free(err);
}

/* The plain evaluation (names, measures, topics), the root check, and
 * every sub-collection. */
static void evaluate(const char *qrels, char **runfiles, size_t nrun)
{
	char path[4300];
	snprintf(path, sizeof path, "%s/plain.images", dir);
	char *img = xstrdup(path);
	snprintf(path, sizeof path, "%s/plain.err", dir);
	char *err = xstrdup(path);
	score(qrels, runfiles, nrun, img, err, 0);
	struct names tn = { 0 };
	size_t nrows;
	struct vrow *rows = read_images(img, &runs, &tn, &meas, &nrows);
	if (NR != nrun)
		die("cbeval named a different number of runs than given", NULL);
	if (tn.n != NT)
		die("cbeval's plain evaluation has other topics than the qrels", NULL);
	for (size_t t = 0; t < NT; t++)
		if (strcmp(tn.v[t], topics.v[t]) != 0)
			die("cbeval's topic order is not the natural order of the reference", tn.v[t]);
	double *root = xmalloc(NR * NM * NT * sizeof *root), *mat = xmalloc(NR * NM * NT * sizeof *mat);
	for (size_t x = 0; x < NR * NM * NT; x++)
		root[x] = NAN;
	for (size_t x = 0; x < nrows; x++)
		root[(rows[x].r * NM + rows[x].m) * NT + rows[x].t] = rows[x].x;
	free(rows);
	free_names(&tn);
	if (!keep_files) {
		remove(img);
		remove(err);
	}
	free(img);
	free(err);

	/* choice 1: the materialised root equals the plain evaluation */
	materialise(SIZE_MAX, 0, 0, 0, mat);
	for (size_t j = 0; j < NR; j++)
		for (size_t m = 0; m < NM; m++)
			for (size_t t = 0; t < NT; t++) {
				double a = root[(j * NM + m) * NT + t], b = mat[(j * NM + m) * NT + t];
				if (!(a == b)) {
					fprintf(stderr, "%s: the materialised root differs from the plain evaluation: "
						"run %s topic %s %s: %.17g, not %.17g\n", REF_PROG, runs.v[j],
						topics.v[t], meas.v[m], b, a);
					exit(2);
				}
			}
	free(root);
	free(mat);

	alloc_values();
	double *out = xmalloc(NR * NM * NT * sizeof *out);
	for (size_t i = 0; i < nmf; i++)
		for (unsigned long s = 1; s <= K; s++)
			for (unsigned long b = 1; b <= B; b++)
				for (int part = 0; part < 2; part++) {
					materialise(i, s, b, part, out);
					for (size_t j = 0; j < NR; j++)
						for (size_t m = 0; m < NM; m++)
							for (size_t t = 0; t < NT; t++)
								VAL(i, s, b, part, j, m, t) = out[(j * NM + m) * NT + t];
				}
	free(out);
}

/* ---- the --values input -------------------------------------------------- */

static void read_values(const char *path)
{
	FILE *f = xfopen(path, "r");
	char *line = NULL, *fld[9];
	size_t cap = 0, lineno = 0, n = 0, capr = 0;
	ssize_t len;
	struct row {
		size_t i;
		unsigned long s, b;
		int part;
		char *r, *t, *m;
		double x;
	} *rows = NULL;
	while ((len = getline(&line, &cap, f)) != -1) {
		lineno++;
		chomp(line, &len);
		if (!*line)
			continue;
		int nf = split_tabs(line, fld, 8);
		if (lineno == 1) {
			if (nf != 8 || strcmp(fld[0], "mf") != 0)
				die("--values: line 1 is not 'mf split image part run qid measure value'", NULL);
			continue;
		}
		if (nf != 8)
			die("--values: wrong number of fields", NULL);
		if (n == capr) {
			capr = capr ? 2 * capr : 256;
			rows = xrealloc(rows, capr * sizeof *rows);
		}
		size_t i;
		for (i = 0; i < nmf; i++)
			if (strcmp(mfs[i], fld[0]) == 0)
				break;
		if (i == nmf)
			die("--values: an mf not in --mf", fld[0]);
		rows[n].i = i;
		rows[n].s = strtoul(fld[1], NULL, 10);
		rows[n].b = strtoul(fld[2], NULL, 10);
		if (rows[n].s < 1 || rows[n].s > K || rows[n].b < 1 || rows[n].b > B)
			die("--values: split or image out of range", NULL);
		if (strcmp(fld[3], "L") && strcmp(fld[3], "R"))
			die("--values: part not L or R", fld[3]);
		rows[n].part = fld[3][0] == 'R';
		rows[n].r = xstrdup(fld[4]);
		rows[n].t = xstrdup(fld[5]);
		rows[n].m = xstrdup(fld[6]);
		rows[n].x = parse_value(fld[7]);
		intern(&runs, fld[4]);
		intern(&topics, fld[5]);
		intern(&meas, fld[6]);
		n++;
	}
	free(line);
	fclose(f);
	if (NR < 2 || NT < 1)
		die("--values: fewer than 2 runs or no topic", NULL);
	alloc_values();
	for (size_t x = 0; x < n; x++) {
		size_t j = (size_t)find(&runs, rows[x].r), t = (size_t)find(&topics, rows[x].t);
		size_t m = (size_t)find(&meas, rows[x].m);
		VAL(rows[x].i, rows[x].s, rows[x].b, rows[x].part, j, m, t) = rows[x].x;
		free(rows[x].r); free(rows[x].t); free(rows[x].m);
	}
	free(rows);
	for (size_t x = 0; x < nmf * K * B * 2 * NR * NM * NT; x++)
		if (isnan(V[x]))
			die("--values: a value is missing", NULL);
}

/* ---- output -------------------------------------------------------------- */

static const char *cur_m, *cur_mf;

static void out_row(const char *stat, const char *val)
{
	printf("%s\t%s\t%s\t%s\n", cur_m, cur_mf, stat, val);
}

static const char *fmt_f(double x, char *buf)
{
	snprintf(buf, 64, "%.*f", P, x);
	if (buf[0] == '-') {	/* "-0.000" prints without the sign */
		int zero = 1;
		for (const char *p = buf + 1; *p; p++)
			if (*p != '0' && *p != '.')
				zero = 0;
		if (zero)
			memmove(buf, buf + 1, strlen(buf));
	}
	return buf;
}

static void out_count(const char *stat, double x)
{
	char buf[64];
	snprintf(buf, sizeof buf, "%.0f", x);
	out_row(stat, buf);
}

static void out_num(const char *stat, double x)
{
	char buf[64];
	out_row(stat, isnan(x) ? "NA" : fmt_f(x, buf));
}

static void fragile(const char *stat, double lo, double hi)
{
	if (ffrag)
		fprintf(ffrag, "%s\t%s\t%s\t%.17g\t%.17g\n", cur_m, cur_mf, stat, lo, hi);
}

static void fragile_any(const char *stat)
{
	if (ffrag)
		fprintf(ffrag, "%s\t%s\t%s\t*\t*\n", cur_m, cur_mf, stat);
}

/* A count with its range: value v, sure lo, possible hi. */
struct cnt {
	unsigned long v, lo, hi;
};

static void cnt_add(struct cnt *c, int v, int maybe)
{
	c->v += (unsigned long)v;
	c->lo += (unsigned long)(v && !maybe);
	c->hi += (unsigned long)(v || maybe);
}

/* 100 a / w with ranges (NA when w = 0); wild: any value. */
static void out_pct(const char *stat, struct cnt a, struct cnt w, int wild)
{
	if (w.v == 0)
		out_row(stat, "NA");
	else
		out_num(stat, 100.0 * (double)a.v / (double)w.v);
	if (wild) {
		fragile_any(stat);
		return;
	}
	if (a.lo == a.hi && w.lo == w.hi)
		return;
	if (w.lo == 0)
		fragile_any(stat);
	else
		fragile(stat, w.hi ? 100.0 * (double)a.lo / (double)w.hi : 0,
			fmin(100.0, 100.0 * (double)a.hi / (double)w.lo));
}

static const double self_lt[6] = { 0.001, 0.01, 0.05, 0.1, 0.25, 0.5 };
static const char *self_lt_name[6] = { "0.001", "0.01", "0.05", "0.1", "0.25", "0.5" };
static const double self_gt[2] = { 0.95, 0.99 };
static const char *self_gt_name[2] = { "0.95", "0.99" };
static const double qp[7] = { 0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99 };
static const char *qname[7] = { "01", "05", "25", "50", "75", "95", "99" };

static void analyse(size_t m, size_t i)
{
	char stat[64];
	size_t n = NT, J = NR;
	double *z = xmalloc(n * sizeof *z), *z2 = xmalloc(n * sizeof *z2);
	int na = n < 2, maybe;
	cur_m = meas.v[m];
	cur_mf = mfs[i];

	/* self-comparison (choice 6) */
	struct cnt lt[6], gt[2];
	memset(lt, 0, sizeof lt);
	memset(gt, 0, sizeof gt);
	unsigned long self_n = 0;
	for (size_t j = 0; j < J; j++)
		for (unsigned long s = 1; s <= K; s++)
			for (unsigned long b = 1; b <= B; b++) {
				for (size_t t = 0; t < n; t++)
					z[t] = VAL(i, s, b, 0, j, m, t) - VAL(i, s, b, 1, j, m, t);
				struct ttest r = paired(z, n);
				self_n++;
				if (na)
					continue;
				for (int x = 0; x < 6; x++) {
					int v = p_lt(&r, self_lt[x], &maybe);
					cnt_add(&lt[x], v, maybe);
				}
				for (int x = 0; x < 2; x++) {
					int v = p_gt(&r, self_gt[x], &maybe);
					cnt_add(&gt[x], v, maybe);
				}
			}
	out_count("self_n", (double)self_n);
	for (int x = 0; x < 6; x++) {
		snprintf(stat, sizeof stat, "self_p_lt_%s", self_lt_name[x]);
		out_num(stat, na ? NAN : (double)lt[x].v / (double)self_n);
		if (!na && lt[x].lo != lt[x].hi)
			fragile(stat, (double)lt[x].lo / (double)self_n, (double)lt[x].hi / (double)self_n);
	}
	for (int x = 0; x < 2; x++) {
		snprintf(stat, sizeof stat, "self_p_gt_%s", self_gt_name[x]);
		out_num(stat, na ? NAN : (double)gt[x].v / (double)self_n);
		if (!na && gt[x].lo != gt[x].hi)
			fragile(stat, (double)gt[x].lo / (double)self_n, (double)gt[x].hi / (double)self_n);
	}

	/* pairs (choice 7) */
	size_t npairs = J * (J - 1) / 2 * K * B, c = 0;
	double *dlr = xmalloc((npairs + 1) * sizeof *dlr), *dr = xmalloc((npairs + 1) * sizeof *dr);
	struct cnt win = { 0, 0, 0 }, nons = { 0, 0, 0 }, nots = { 0, 0, 0 }, sig = { 0, 0, 0 },
		   nonsall = { 0, 0, 0 };
	int wild = 0, near0 = 0;
	for (size_t a = 0; a < J; a++)
		for (size_t bb = a + 1; bb < J; bb++)
			for (unsigned long s = 1; s <= K; s++)
				for (unsigned long b = 1; b <= B; b++) {
					for (size_t t = 0; t < n; t++)
						z[t] = VAL(i, s, b, 0, a, m, t) - VAL(i, s, b, 0, bb, m, t);
					struct ttest o = paired(z, n);
					size_t A = a, Bq = bb;
					if (o.mean < 0) {
						A = bb;
						Bq = a;
					}
					if (fabs(o.raw + ZERO) <= ZTOL)
						wild = 1;	/* the orientation hangs on rounding */
					for (size_t t = 0; t < n; t++) {
						z[t] = VAL(i, s, b, 0, A, m, t) - VAL(i, s, b, 0, Bq, m, t);
						z2[t] = VAL(i, s, b, 1, A, m, t) - VAL(i, s, b, 1, Bq, m, t);
					}
					struct ttest L = paired(z, n), R = paired(z2, n);
					near0 |= L.zfrag || R.zfrag;
					dlr[c] = fabs(L.mean) - fabs(R.mean);
					dr[c] = R.mean;
					c++;
					if (na)
						continue;
					int mw, ms, mn, mt;
					int w = p_in(&L, 0.009, 0.011, &mw);
					int sg = p_lt(&L, 0.05, &ms);
					int ns = R.mean <= 0;
					mn = fabs(R.raw - ZERO) <= ZTOL;
					int nt = !p_lt(&R, 0.05, &mt);
					cnt_add(&win, w, mw);
					cnt_add(&sig, sg, ms);
					/* a conjunction: sure when both sure, possible when both possible */
					nons.v += (unsigned long)(w && ns);
					nons.lo += (unsigned long)(w && !mw && ns && !mn);
					nons.hi += (unsigned long)((w || mw) && (ns || mn));
					nots.v += (unsigned long)(w && nt);
					nots.lo += (unsigned long)(w && !mw && nt && !mt);
					nots.hi += (unsigned long)((w || mw) && (nt || mt));
					nonsall.v += (unsigned long)(sg && ns);
					nonsall.lo += (unsigned long)(sg && !ms && ns && !mn);
					nonsall.hi += (unsigned long)((sg || ms) && (ns || mn));
				}
	out_count("pairs_n", (double)npairs);
	if (na) {
		out_row("window_n", "NA");
		out_row("nonsupport_pct", "NA");
		out_row("notsig_pct", "NA");
		out_row("nonsupport_all_pct", "NA");
	} else {
		out_count("window_n", (double)win.v);
		if (wild)
			fragile_any("window_n");
		else if (win.lo != win.hi)
			fragile("window_n", (double)win.lo, (double)win.hi);
		out_pct("nonsupport_pct", nons, win, wild);
		out_pct("notsig_pct", nots, win, wild);
		out_pct("nonsupport_all_pct", nonsall, sig, wild);
	}
	qsort(dlr, npairs, sizeof *dlr, cmp_double);
	qsort(dr, npairs, sizeof *dr, cmp_double);
	for (int v = 0; v < 2; v++)
		for (int x = 0; x < 7; x++) {
			double q = ref_q7(v ? dr : dlr, npairs, qp[x]);
			snprintf(stat, sizeof stat, "%s_q%s", v ? "dR" : "dLR", qname[x]);
			out_num(stat, q);
			if (wild)
				fragile_any(stat);
			else if (near0)
				fragile(stat, q - 2e-12, q + 2e-12);
		}
	free(dlr); free(dr); free(z); free(z2);
}

/* The `all` block of mf i (choice 8). */
static void analyse_all(size_t i)
{
	cur_m = "all";
	cur_mf = mfs[i];
	unsigned long dl = 0, drr = 0, jl = 0, jr = 0, jn = 0, rl = 0, rr = 0, rn = 0;
	for (size_t d = 0; d < nlabs; d++) {
		if (melded(d, i, 1))
			drr++;
		else
			dl++;
	}
	for (size_t q = 0; q < nql; q++) {
		int rel = ql[q].grade >= level;
		jn++;
		rn += (unsigned long)rel;
		if (ql[q].lab < 0)
			continue;
		if (melded((size_t)ql[q].lab, i, 1)) {
			jr++;
			rr += (unsigned long)rel;
		} else {
			jl++;
			rl += (unsigned long)rel;
		}
	}
	out_count("docs_L", (double)dl);
	out_count("docs_R", (double)drr);
	out_num("judged_L_pct", jn ? 100.0 * (double)jl / (double)jn : NAN);
	out_num("judged_R_pct", jn ? 100.0 * (double)jr / (double)jn : NAN);
	out_num("rel_L_pct", rn ? 100.0 * (double)rl / (double)rn : NAN);
	out_num("rel_R_pct", rn ? 100.0 * (double)rr / (double)rn : NAN);
}

/* The warning of the spec: judged_R_pct or rel_R_pct of the unmelded
 * labels below 5 (none when the denominator is 0). */
static void warn_shallow(void)
{
	unsigned long jn = 0, rn = 0, jr = 0, rr = 0;
	for (size_t q = 0; q < nql; q++) {
		int rel = ql[q].grade >= level;
		jn++;
		rn += (unsigned long)rel;
		if (ql[q].lab >= 0 && lbl[ql[q].lab].lab) {
			jr++;
			rr += (unsigned long)rel;
		}
	}
	double pj = 100.0 * (double)jr / (double)jn, pr = rn ? 100.0 * (double)rr / (double)rn : NAN;
	if (pj < 5 || (rn && pr < 5))
		fprintf(stderr, "%s: warning: part R of the unmelded labels holds %.2f%% of the judgements and %.2f%% of the relevant ones\n",
			REF_PROG, pj, pr);
}

static int agg_kind(const char *name)	/* 0 mean, 1 sum, 2 GM */
{
	if (strncmp(name, "GM(", 3) == 0)
		return 2;
	if (!strcmp(name, "num_ret") || !strcmp(name, "num_rel") || !strcmp(name, "num_rel_ret"))
		return 1;
	return 0;
}

static void write_images(const char *path)
{
	FILE *f = xfopen(path, "w");
	fprintf(f, "run\tmf\tsplit\timage\tpart\tqid\tmeasure\tvalue\n");
	for (size_t i = 0; i < nmf; i++)
		for (size_t j = 0; j < NR; j++)
			for (unsigned long s = 1; s <= K; s++)
				for (unsigned long b = 1; b <= B; b++)
					for (int part = 0; part < 2; part++) {
						for (size_t t = 0; t <= NT; t++)
							for (size_t k = 0; k < noutm; k++) {
								size_t m = outm[k];
								double x;
								if (t < NT) {
									x = VAL(i, s, b, part, j, m, t);
								} else {
									int kind = agg_kind(meas.v[m]);
									double acc = 0;
									for (size_t u = 0; u < NT; u++) {
										double y = VAL(i, s, b, part, j, m, u);
										acc += kind == 2 ? log(y + 0.00001) : y;
									}
									x = kind == 1 ? acc : kind == 2 ?
										exp(acc / (double)NT) - 0.00001 : acc / (double)NT;
								}
								fprintf(f, "%s\t%s\t%lu\t%lu\t%c\t%s\t%s\t%.17g\n",
									runs.v[j], mfs[i], s, b, part ? 'R' : 'L',
									t < NT ? topics.v[t] : "all", meas.v[m], x);
							}
					}
	xfclose(f, path);
}

static void write_labels(const char *path)
{
	FILE *f = xfopen(path, "w");
	for (size_t d = 0; d < nlabs; d++) {
		if (lbl[d].r >= 0)
			fprintf(f, "%s\t%ld\t%c", lbl[d].docno, lbl[d].r, lbl[d].lab ? 'R' : 'L');
		else
			fprintf(f, "%s\t-\t%c", lbl[d].docno, lbl[d].lab ? 'R' : 'L');
		for (size_t i = 0; i < nmf; i++)
			fprintf(f, "\t%c", melded(d, i, 1) ? 'R' : 'L');
		fprintf(f, "\n");
	}
	xfclose(f, path);
}

/* ---- self-test ------------------------------------------------------------ */

static int nfail;

static void check(int ok, const char *what)
{
	printf("%s - ref_meld self-test: %s\n", ok ? "ok" : "not ok", what);
	nfail += !ok;
}

static int close_rel(double a, double b, double tol)
{
	return fabs(a - b) <= tol * fmax(fabs(a), fabs(b)) || fabs(a - b) <= 1e-300;
}

static int selftest(void)
{
	const char *doc = "FBIS3-162447";
	size_t dl = strlen(doc);
	char msg[256];

	/* draws.md, stream 7 */
	check(meld_u(1, doc, dl, 1) == 0.014584245866719803,
	      "uniform(docword(1,7,'FBIS3-162447',1)) = 0.014584245866719803 (draws.md)");
	{
		uint64_t one = 1, i10[2] = { 1, 0 };
		check(docword(1, 4, doc, dl, &one, 1) == 0x43d431adf96b7984ULL &&
		      word(1, 1, i10, 2) == 0x2030470432df129cULL,
		      "docword(1,4,'FBIS3-162447',1) = 0x43d431adf96b7984, word(1,1,1,0) = 0x2030470432df129c");
	}
	/* the manual page's image example */
	{
		static const unsigned want[5] = { 3, 5, 1, 2, 0 };
		int ok = fnv(doc, dl) == 0x29bf3df38046b14dULL && mix(0x9e3779b97f4a7c15ULL + 1) == 0x910a2dec89025cc1ULL;
		uint64_t key = mix(0x9e3779b97f4a7c15ULL + 1);
		ok &= (double)(mix(fnv(doc, dl) ^ key) >> 11) * ldexp(1.0, -53) == 0.9385191325267348;
		for (unsigned b = 1; b <= 5; b++)
			ok &= ref_image_k(doc, dl, 1, b) == want[b - 1];
		ok &= ref_image_k(doc, dl, 1, 0) == 1;
		double t = exp(-1.0), F = t;
		t /= 1; F += t; t /= 2; F += t;
		ok &= F == 0.9196986029286058;
		t /= 3; F += t;
		ok &= F == 0.9810118431238463;
		check(ok, "image function: FBIS3-162447, seed 1: h, key_1, u, F(2), F(3) and k = 3 5 1 2 0 in images 1..5 (manual page)");
	}
	/* Poisson(1) frequencies of the image function over many docnos */
	{
		unsigned long cnt[6] = { 0 }, N = 200000;
		char d[32];
		for (unsigned long x = 0; x < N; x++) {
			snprintf(d, sizeof d, "doc%lu", x);
			unsigned k = ref_image_k(d, strlen(d), 7, 1 + x % 5);
			cnt[k < 5 ? k : 5]++;
		}
		double e = exp(-1.0), pk[6] = { e, e, e / 2, e / 6, e / 24, 0 }, x2 = 0;
		pk[5] = 1 - (pk[0] + pk[1] + pk[2] + pk[3] + pk[4]);
		for (int k = 0; k < 6; k++) {
			double ex = pk[k] * (double)N;
			x2 += ((double)cnt[k] - ex) * ((double)cnt[k] - ex) / ex;
		}
		snprintf(msg, sizeof msg, "image function is Poisson(1) over 200000 docnos (chi-square %.2f < 20.515, 5 df)", x2);
		check(x2 < 20.515, msg);
	}
	/* one-sided p against closed forms: df 1: 1/2 - atan(t)/pi; df 2:
	 * 1/2 - t / (2 sqrt(2 + t^2)) */
	{
		static const double tv[] = { 1e-6, 0.01, 0.3, 1, 1.7320508075688772, 2.5, 4, 12.5, 31, 100, 1e4 };
		double worst = 0;
		for (size_t x = 0; x < sizeof tv / sizeof *tv; x++)
			for (int sgn = -1; sgn <= 1; sgn += 2) {
				double t = sgn * tv[x];
				double p1 = 0.5 - atan(t) / PI, p2 = 0.5 - t / (2 * sqrt(2 + t * t));
				if (t > 0) {	/* the small tails without cancellation */
					p1 = atan(1 / t) / PI;
					p2 = 1 / (sqrt(2 + t * t) * (sqrt(2 + t * t) + t));
				}
				double e1 = fabs(upper_p(t, 1) - p1) / p1, e2 = fabs(upper_p(t, 2) - p2) / p2;
				worst = fmax(worst, fmax(e1, e2));
			}
		snprintf(msg, sizeof msg, "one-sided Student t p, df 1 (Cauchy) and 2, t = +-1e-6..1e4, against closed forms (worst relative error %.2g)", worst);
		check(worst < 1e-12, msg);
		check(close_rel(upper_p(2.0085591121007611, 50), 0.025, 1e-9) &&
		      close_rel(upper_p(-2.8609346064649792, 19), 0.995, 1e-9) && upper_p(0, 7) == 0.5,
		      "one-sided p: the 0.975 quantile of df 50, the 0.005 quantile of df 19, t = 0");
	}
	/* the paired test */
	{
		double z1[2] = { 0.5, 0.25 }, z2[2] = { -0.25, -0.25 }, z3[2] = { 0.25, -0.25 }, z4[3] = { 0.5, 0.5, 0.5 };
		double z5[2] = { 0.1 + 0.2, -0.3 }, z6[3] = { 1e-12, 1e-12, 1e-12 }, z7[3] = { 2e-12, 0, 1.1e-12 };
		struct ttest r1 = paired(z1, 2), r2 = paired(z2, 2), r3 = paired(z3, 2), r4 = paired(z4, 3);
		struct ttest r5 = paired(z5, 2), r6 = paired(z6, 3), r7 = paired(z7, 3), r8 = paired(z1, 1);
		check(close_rel(r1.p, atan(1.0 / 3) / PI, 1e-13) && r1.mean == 0.375 && !r1.zfrag,
		      "paired test: z = (1/2, 1/4): t = 3, df 1, p = atan(1/3)/pi");
		check(r2.p == 1 && r4.p == 0, "paired test: sd = 0 gives p = 1 (mean < 0) and p = 0 (mean > 0)");
		check(r3.p == 0.5 && r3.mean == 0, "paired test: mean 0 gives p = 0.5");
		check(r5.raw != 0 && r5.mean == 0 && r5.p == 0.5 && !r5.zfrag,
		      "paired test: the zero rule: (0.1 + 0.2, -0.3) has mean 2.8e-17, taken as 0, p = 0.5");
		check(r6.mean == 0 && r6.p == 0.5 && r6.zfrag && r6.palt == 0,
		      "paired test: mean 1e-12 is 0 (<= 1e-12), fragile: the other p is 0 (sd 0)");
		check(r7.mean == r7.raw && r7.zfrag && r7.palt == 0.5 && r7.p < 0.5,
		      "paired test: mean 1.03e-12 is not 0, fragile: the other p is 0.5");
		check(isnan(r8.p) && r8.mean == 0.5, "paired test: one topic: the mean, no p");
	}
	/* type-7 quantiles */
	{
		double v[10] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }, w[3] = { 0, 1, 4 }, u[1] = { -2 };
		double x[2] = { -0.28125, 0.109375 };
		check(close_rel(ref_q7(v, 10, 0.01), 1.09, 1e-15) &&
		      close_rel(ref_q7(v, 10, 0.25), 3.25, 1e-15) &&
		      ref_q7(v, 10, 0.5) == 5.5 && close_rel(ref_q7(v, 10, 0.99), 9.91, 1e-15) &&
		      close_rel(ref_q7(w, 3, 0.05), 0.1, 1e-15) && ref_q7(w, 3, 0.5) == 1 &&
		      close_rel(ref_q7(w, 3, 0.75), 2.5, 1e-15) &&
		      close_rel(ref_q7(w, 3, 0.95), 3.7, 1e-15) && ref_q7(u, 1, 0.01) == -2 &&
		      ref_q7(u, 1, 0.99) == -2 && ref_q7(x, 2, 0.5) == -0.0859375,
		      "type-7 quantiles (n = 10, 3, 2, 1)");
	}
	/* natural topic order */
	{
		struct names t = { 0 };
		const char *in[] = { "10", "9", "0100", "101", "2" };
		for (int x = 0; x < 5; x++)
			intern(&t, in[x]);
		sort_topics(&t);
		int ok = !strcmp(t.v[0], "2") && !strcmp(t.v[1], "9") && !strcmp(t.v[2], "10") &&
			 !strcmp(t.v[3], "0100") && !strcmp(t.v[4], "101");
		free_names(&t);
		const char *in2[] = { "10", "9", "a1", "101" };
		for (int x = 0; x < 4; x++)
			intern(&t, in2[x]);
		sort_topics(&t);
		ok &= !strcmp(t.v[0], "10") && !strcmp(t.v[1], "101") && !strcmp(t.v[2], "9") &&
		      !strcmp(t.v[3], "a1");
		free_names(&t);
		check(ok, "natural topic order: numeric (2 9 10 0100 101) when all digits, else bytes (10 101 9 a1)");
	}
	/* numbers: "-0.0000" without the sign */
	{
		char b1[64], b2[64], b3[64], b4[64];
		int p0 = P;
		P = 4;
		fmt_f(-0.00001, b1);
		fmt_f(-0.00005, b2);
		fmt_f(0.12345678, b3);
		P = 0;
		fmt_f(-0.4, b4);
		P = p0;
		check(!strcmp(b1, "0.0000") && !strcmp(b2, "-0.0001") && !strcmp(b3, "0.1235") && !strcmp(b4, "0"),
		      "numbers: -0.00001 prints 0.0000, -0.00005 -0.0001 (-p 4); -0.4 prints 0 (-p 0)");
	}
	/* the median of the Rank labelling: r = 1 2 3 4 -> m = 2.5: L = {1, 2};
	 * r = 1 1 5 -> m = 1: L = {} */
	{
		double r1[4] = { 1, 2, 3, 4 }, r2[3] = { 1, 1, 5 };
		check(ref_q7(r1, 4, 0.5) == 2.5 && ref_q7(r2, 3, 0.5) == 1,
		      "Rank labelling median: r = 1 2 3 4 gives 2.5, r = 1 1 5 gives 1");
	}
	return nfail ? 1 : 0;
}

/* ---- main ------------------------------------------------------------------ */

static char *cleanup_dir;	/* a temporary directory to remove at exit */

static void cleanup(void)
{
	if (!cleanup_dir)
		return;
	DIR *d = opendir(cleanup_dir);
	if (d) {
		struct dirent *e;
		char path[8192];
		while ((e = readdir(d)) != NULL) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			snprintf(path, sizeof path, "%s/%s", cleanup_dir, e->d_name);
			remove(path);
		}
		closedir(d);
	}
	if (rmdir(cleanup_dir) != 0)
		fprintf(stderr, "%s: warning: could not remove %s\n", REF_PROG, cleanup_dir);
	free(cleanup_dir);
	cleanup_dir = NULL;
}

static void parse_mf(const char *list)
{
	char *copy = xstrdup(list), *save = NULL;
	size_t cap = 8;
	mfs = xmalloc(cap * sizeof *mfs);
	mfv = xmalloc(cap * sizeof *mfv);
	nmf = 0;
	if (!*copy || copy[strlen(copy) - 1] == ',' || copy[0] == ',')
		die("bad --mf", list);
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (nmf == cap) {
			cap *= 2;
			mfs = xrealloc(mfs, cap * sizeof *mfs);
			mfv = xrealloc(mfv, cap * sizeof *mfv);
		}
		double v = parse_value(tok);
		if (v < 0 || v > 1)
			die("an mf outside [0, 1]", tok);
		mfs[nmf] = xstrdup(tok);
		mfv[nmf] = v;
		nmf++;
	}
	free(copy);
}

int main(int argc, char **argv)
{
	const char *values = NULL, *keep = NULL, *fragfile = NULL, *labels = NULL, *images = NULL;
	const char *labels_out = NULL;
	char **files;
	size_t nfiles = 0;
	int i;

	if (argc == 2 && strcmp(argv[1], "--selftest") == 0)
		return selftest();
	if (argc >= 5 && strcmp(argv[1], "--draws") == 0) {
		uint64_t seed = num_arg(argv[2], 0, 9223372036854775807ULL, "--draws S");
		unsigned long k = (unsigned long)num_arg(argv[3], 0, 1000, "--draws K");
		unsigned long b = (unsigned long)num_arg(argv[4], 0, 100000, "--draws B");
		for (int a = 5; a < argc; a++) {
			size_t len = strlen(argv[a]);
			printf("%s", argv[a]);
			for (unsigned long s = 1; s <= k; s++)
				printf("\t%.17g", meld_u(seed, argv[a], len, s));
			for (unsigned long x = 1; x <= b; x++)
				printf("\t%u", ref_image_k(argv[a], len, seed, x));
			printf("\n");
		}
		return 0;
	}
	files = xmalloc((size_t)argc * sizeof *files);
	mspecs = xmalloc((size_t)argc * sizeof *mspecs);
	cbeval_path = getenv("CBEVAL") ? getenv("CBEVAL") : "./cbeval";
	parse_mf("1.0,0.8,0.6,0.4,0.2,0.0");
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED() do { if (!v) die("option needs a value", a); i++; } while (0)
		if (strcmp(a, "--") == 0) {
			for (i++; i < argc; i++)
				files[nfiles++] = argv[i];
			break;
		} else if (!strcmp(a, "--meld")) {
			NEED(); labels = v;
		} else if (!strcmp(a, "-b")) {
			NEED(); B = (unsigned long)num_arg(v, 1, 100000, a);
		} else if (!strcmp(a, "--mf")) {
			NEED(); parse_mf(v);
		} else if (!strcmp(a, "--splits")) {
			NEED(); K = (unsigned long)num_arg(v, 1, 1000, a);
		} else if (!strcmp(a, "--seed")) {
			NEED(); S = num_arg(v, 0, 9223372036854775807ULL, a);
		} else if (!strcmp(a, "-p")) {
			NEED(); P = (int)num_arg(v, 0, 17, a);
		} else if (!strcmp(a, "-m")) {
			NEED(); mspecs[nmspecs++] = (char *)v;
		} else if (!strcmp(a, "-l")) {
			NEED(); opt_l = v;
			char *end;
			errno = 0;
			level = strtol(v, &end, 10);
			if (end == v || *end || errno || level <= -2147483647L || level > 2147483647L)
				die("bad -l (the reference needs -l > -2147483647)", v);
		} else if (!strcmp(a, "-M")) {
			NEED(); opt_M = v; num_arg(v, 1, ~0ULL, a);
		} else if (!strcmp(a, "--order")) {
			NEED(); opt_order = v;
			if (strcmp(v, "score") && strcmp(v, "rank") && strcmp(v, "file"))
				die("bad --order", v);
		} else if (!strcmp(a, "--images")) {
			NEED(); images = v;
		} else if (!strcmp(a, "--cbeval")) {
			NEED(); cbeval_path = v;
		} else if (!strcmp(a, "--keep")) {
			NEED(); keep = v;
		} else if (!strcmp(a, "--fragile")) {
			NEED(); fragfile = v;
		} else if (!strcmp(a, "--labels-out")) {
			NEED(); labels_out = v;
		} else if (!strcmp(a, "--values")) {
			NEED(); values = v;
		} else if (!strcmp(a, "-j")) {
			NEED();	/* accepted and ignored: the reference is serial */
		} else if (a[0] == '-' && a[1]) {
			die("unknown option", a);
		} else {
			files[nfiles++] = argv[i];
		}
#undef NEED
	}
	if ((!labels && !values) || B == 0) {
		fprintf(stderr, "usage: %s --meld LABELS|rank -b B [--mf LIST] [--splits K] [--seed S] [-p P]\n"
				"         [-m SPEC]... [-l N] [-M N] [--order KEY] [--images FILE]\n"
				"         [--cbeval PATH] [--keep DIR] [--fragile FILE] [--labels-out FILE] QRELS RUN...\n"
				"       %s --values FILE --mf LIST --splits K -b B [-p P] [--fragile FILE]\n"
				"       %s --draws S K B DOCNO...\n"
				"       %s --selftest\n", REF_PROG, REF_PROG, REF_PROG, REF_PROG);
		return 2;
	}
	if (fragfile && !(ffrag = fopen(fragfile, "w")))
		die("cannot write", fragfile);

	char *tmpdir = NULL;
	if (values) {
		if (nfiles)
			die("--values takes no QRELS or RUN", NULL);
		read_values(values);
	} else {
		if (nfiles < 3)
			die("need QRELS and at least 2 RUN files", NULL);
		if (access(cbeval_path, X_OK) != 0)
			die("cannot run cbeval", cbeval_path);
		read_qrels(files[0]);
		/* a qid that is no topic, for the last line of every run */
		for (unsigned long x = 0;; x++) {
			snprintf(dummy_buf, sizeof dummy_buf, "ref-meld-none-%lu", x);
			if (find(&topics, dummy_buf) < 0)
				break;
		}
		dummy_qid = dummy_buf;
		nruns = nfiles - 1;
		rk = xcalloc(nruns * NT, sizeof *rk);
		for (size_t j = 0; j < nruns; j++)
			read_run(j, files[1 + j]);
		if (strcmp(labels, "rank") == 0)
			rank_labels();
		else
			read_labels(labels);
		prepare_draws();
		if (keep) {
			if (mkdir(keep, 0755) != 0 && errno != EEXIST)
				die("cannot create", keep);
			tmpdir = xstrdup(keep);
			keep_files = 1;
		} else {
			const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
			tmpdir = xprintf2(base, "/ref_meld.XXXXXX");
			if (!mkdtemp(tmpdir))
				die("cannot create a temporary directory", tmpdir);
			cleanup_dir = xstrdup(tmpdir);
			atexit(cleanup);
		}
		dir = tmpdir;
		evaluate(files[0], files + 1, nruns);
	}
	outm = xmalloc((NM + 1) * sizeof *outm);
	for (size_t m = 0; m < NM; m++)
		if (!is_residual(meas.v[m]))
			outm[noutm++] = m;
	if (noutm == 0)
		die("no output measure", NULL);

	printf("measure\tmf\tstatistic\tvalue\n");
	for (size_t k = 0; k < noutm; k++)
		for (size_t x = 0; x < nmf; x++)
			analyse(outm[k], x);
	if (!values)
		for (size_t x = 0; x < nmf; x++)
			analyse_all(x);
	if (!values)
		warn_shallow();
	if (fflush(stdout) || ferror(stdout))
		die("write error", NULL);
	if (images)
		write_images(images);
	if (labels_out && !values)
		write_labels(labels_out);
	if (ffrag && fclose(ffrag))
		die("write error", fragfile);

	free(tmpdir);
	free(files);
	free(mspecs);
	free(outm);
	free(V);
	return 0;
}
