/*
 * tests/ref_partitions.c - a slow, independent reference for
 * `cbeval --partitions` (shared spec partitions.md; random draws from
 * draws.md, streams 4, 5 and 6), used by tests/t_partitions.sh.
 *
 * It includes no project header and shares no code with cbeval: its own
 * copy of the draw functions, its own ANOVA, bootstrap, Benjamini-Hochberg,
 * t-test and randomization test.  It does everything the obvious way: for
 * each split s = 1..K it MATERIALISES the qrels and every run of each part
 * k as files (each line whose docno d has index(docword(S,4,d,s), X) = k,
 * in file order), scores them with plain cbeval (`cbeval -b 1 --images F`,
 * image 0, which is the plain evaluation printed with %.17g so that the
 * values read back as cbeval's own doubles), reads the per-topic values
 * y(i,j,k), and fits the two-way ANOVA by explicit means.  The full
 * collection is scored the same way for p_ttest and p_rand.
 *
 * Usage:
 *   ref_partitions [OPTIONS] QRELS RUN...
 *       the table of the spec on stdout.  OPTIONS, as cbeval's:
 *       --partitions X (required), --splits K (1), --resamples M (1000),
 *       --randomizations R (10000), --seed S (1), -p P (4), -m SPEC
 *       (repeatable; cbeval's default measures without it), -l N, -M N,
 *       --order KEY, --dedup; and the reference's own:
 *       --cbeval PATH   the cbeval that scores the parts ($CBEVAL, else
 *                       ./cbeval)
 *       --keep DIR      materialise into DIR (created) and keep the files
 *       --fragile FILE  write the cells whose value hangs on a near-tie
 *                       (below) to FILE
 *       --trace FILE    write effects, residuals, stream-5 indices and
 *                       bootstrap effects to FILE (for the hand cases)
 *       --alt-order     sum in other orders and group the operations
 *                       otherwise: a stand-in for an implementation that
 *                       rounds differently, to check that the comparison
 *                       of t_partitions.sh tolerates what it should (not
 *                       used by the test itself)
 *   ref_partitions --values FILE [OPTIONS]
 *       the same analysis on given per-topic values instead of cbeval's:
 *       FILE is TSV with the header "split part run qid measure value";
 *       split 0 (part 0) is the full collection, which fixes the runs,
 *       topics and measures in the order of first appearance; split
 *       s = 1..K, part k = 0..X-1 the replicates.  A topic takes part in
 *       split s when it has values in every part of s.
 *   ref_partitions --selftest
 *       the test vectors of draws.md (streams 4, 5, 6) through this file's
 *       draw functions; ANOVA identities on random data; Benjamini-Hochberg
 *       on hand-computed lists; type-7 quantiles; the randomization test on
 *       a case enumerated by hand; Student t p-values against closed forms.
 *
 * Choices where the spec leaves room (to reconcile with cbeval):
 *  1. Sums are taken left to right in cell order c = (i*J + j)*X + k
 *     (topic, then run, then part), in double, and then divided by the
 *     count: ybar_ij over k; ybar_i over j, k; ybar_j over i, k; ybar over
 *     all N cells.  effect_j = ybar_j - ybar; e_int = y - ybar_ij;
 *     e_noint = ((y - ybar_i) - ybar_j) + ybar.  A bootstrap effect is
 *     (effect_j + mean_j) - mean_all, mean_j the sum of run j's assigned
 *     residuals in cell order / (n X), mean_all the sum of all N in cell
 *     order / N.  The spec compares doubles (effect*_H <= effect_L,
 *     d* <= 0, d* >= 0) without a tolerance; cbeval adds the tie rule of
 *     --sensitivity (manual page, PARTITIONS), and so does the reference:
 *     two sides within tol = 1e-10 x the split's largest |y| of the
 *     measure are equal (H = A unless effect_B > effect_A + tol;
 *     effect*_H - effect_L <= tol counts; |d*| <= tol counts as both
 *     d* <= 0 and d* >= 0).  Since the rule makes both agree, the ranges
 *     below only widen the test's acceptance where it no longer needs to.
 *     Where the two sides are within 1e-10 of the split's largest |y|
 *     (a tie in exact arithmetic that rounding decides, common for P@10),
 *     the result depends on the order of the operations, so --fragile
 *     lists those cells with the range of values that either decision
 *     gives (p and pd: counting the near-ties or not, on a near-tie of
 *     effect_A and effect_B either run as H; q: BH of the low and of the
 *     high p vector, which is monotone; sig_*, splits_sig,
 *     sig_unanimous: the counts from the high and the low q; agree_*:
 *     "*", any value).  The table prints the decision of the tie rule.
 *  2. pd = min(1, (double)(2 * min(#{d* <= 0}, #{d* >= 0})) / M), with
 *     d*_m = effect*_A,m - effect*_B,m computed as a double difference.
 *  3. q: P * p_(r') and then / r', both doubles; min over r' >= r taken
 *     from r' = P down; then min(1, .).  Significant: q < 0.05 (double).
 *  4. ci_len_* are over the J runs of ci_hi - ci_lo (a double difference):
 *     the mean (left-to-right sum / J), the min and the max.
 *  5. Topics: the qrels topics (every topic cbeval prints, in its order).
 *     topics_used = the topics kept in the split, topics_dropped = the
 *     qrels topics not kept (including topics with no relevant document
 *     at all); they sum to the number of qrels topics.
 *     Relevance is counted from the materialised part qrels at level -l,
 *     the first line of a (qid, docno) only (as --dedup keeps it).
 *  6. A split with n < 2 topics kept: every row but topics_used and
 *     topics_dropped NA (the per-run and per-pair rows too, and the
 *     sig_* counts of the split); in `all` it counts as not significant.
 *  7. p_ttest: as --pairs root_p, exact double tests: sd == 0 gives p = 1
 *     if the mean == 0, else 0; mean = left-to-right sum / n; sd two-pass
 *     with n-1.  NA with fewer than 2 qrels topics; an NA p_ttest counts
 *     as not significant in sig_ttest_* (which stay whole numbers).
 *  8. p_rand: sums left to right over topic positions t = 0..n-1; the
 *     threshold |sum z| - 1e-9 * sum |z| is computed as written; count/R.
 *     Defined with one topic too (then it is 1).
 *  9. Numbers: whole numbers %lu; p_*, q_*, pd_*, p_ttest, p_rand with
 *     %.*g, P significant digits (1 when P = 0); the rest %.*f.
 * 10. Warnings: one line per split that drops topics, on stderr:
 *     "ref_partitions: warning: split S: N of T topics dropped (a part
 *     without a relevant document): QID QID ...".
 * 11. With -M the reference orders each ranking itself (--order, then
 *     --dedup, as the manual page says: score descending with ties by
 *     docno descending in byte order, rank ascending stably, or file
 *     order), cuts it at M on the full collection, writes the parts in
 *     that order and scores them with --order file; without -M the part
 *     files keep the lines of the input in file order and cbeval orders
 *     them.  Every part run file starts with one line for a topic that is
 *     not in the qrels, tagged with the run's first tag, so that a part in
 *     which a run has no document is still a valid run with the same name.
 */
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

#define REF_PROG "ref_partitions"
#include "ref_common.h"






static char *xprintf2(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 1;
	char *p = xmalloc(n);
	snprintf(p, n, "%s%s", a, b);
	return p;
}






/* Part of a docno in split s (stream 4). */
static unsigned part_of(uint64_t seed, const char *docno, size_t len, uint64_t s, unsigned x)
{
	return (unsigned)windex(docword(seed, 4, docno, len, &s, 1), x);
}

/* Residual index of cell c in resample m of split s (stream 5). */
static size_t resid_index(uint64_t seed, uint64_t s, uint64_t m, uint64_t c, size_t N)
{
	uint64_t idx[3] = { s, m, c };
	return (size_t)windex(word(seed, 5, idx, 3), (uint64_t)N);
}

/* Sign flip of topic position t in permutation r (stream 6). */
static unsigned flip(uint64_t seed, uint64_t r, uint64_t t)
{
	uint64_t idx[2] = { r, t };
	return wbit(word(seed, 6, idx, 2));
}

/* ---- statistics -------------------------------------------------------- */

#define TIE 1e-10

static int alt_order;	/* --alt-order */
#define PI 3.14159265358979323846


/* Type-7 quantile of sorted v[0..n-1] (n >= 1). */
static double quantile7(const double *v, size_t n, double p)
{
	double h = (double)(n - 1) * p + 1;
	double jf = floor(h);
	size_t j = (size_t)jf;	/* 1-based */
	if (j >= n)
		return v[n - 1];
	return v[j - 1] + (h - jf) * (v[j] - v[j - 1]);
}

/*
 * The two-way ANOVA of y[(i*J + j)*X + k] (n topics, J runs, X parts):
 * effects eff[j], residuals eint[c] (with interactions) and enoint[c]
 * (without), by explicit means (choice 1).
 */
static void anova(const double *y, size_t n, size_t J, size_t X, double *eff,
		  double *eint, double *enoint)
{
	size_t N = n * J * X;
	double *yij = xmalloc(n * J * sizeof *yij), *yi = xmalloc(n * sizeof *yi);
	double *yj = xmalloc(J * sizeof *yj), yb = 0;
	for (size_t c = 0; c < N; c++)
		yb += y[c];
	yb /= (double)N;
	for (size_t i = 0; i < n; i++) {
		double s = 0;
		for (size_t j = 0; j < J; j++)
			for (size_t k = 0; k < X; k++)
				s += y[(i * J + j) * X + k];
		yi[i] = s / (double)(J * X);
		for (size_t j = 0; j < J; j++) {
			s = 0;
			for (size_t k = 0; k < X; k++)
				s += y[(i * J + j) * X + k];
			yij[i * J + j] = s / (double)X;
		}
	}
	for (size_t j = 0; j < J; j++) {
		double s = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < X; k++)
				s += y[(i * J + j) * X + k];
		yj[j] = s / (double)(n * X);
		eff[j] = yj[j] - yb;
	}
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < J; j++)
			for (size_t k = 0; k < X; k++) {
				size_t c = (i * J + j) * X + k;
				eint[c] = y[c] - yij[i * J + j];
				enoint[c] = ((y[c] - yi[i]) - yj[j]) + yb;
			}
	if (alt_order) {	/* another order of the operations (see main) */
		yb = 0;
		for (size_t c = N; c-- > 0;)
			yb += y[c];
		yb /= (double)N;
		for (size_t j = J; j-- > 0;) {
			double s = 0;
			for (size_t i = n; i-- > 0;)
				for (size_t k = X; k-- > 0;)
					s += y[(i * J + j) * X + k];
			yj[j] = s / (double)(n * X);
			eff[j] = yj[j] - yb;
		}
		for (size_t i = 0; i < n; i++) {
			double s = 0;
			for (size_t c = (i + 1) * J * X; c-- > i * J * X;)
				s += y[c];
			yi[i] = s / (double)(J * X);
		}
		for (size_t c = 0; c < N; c++) {
			size_t i = c / (J * X), j = (c / X) % J;
			enoint[c] = y[c] - (yi[i] + yj[j] - yb);
			eint[c] = -(yij[i * J + j] - y[c]);
		}
	}
	free(yij); free(yi); free(yj);
}

/* Bootstrap effects of one resample: residual e[idx[c]] in cell c. */
static void boot_effects(const double *e, const size_t *idx, size_t n, size_t J, size_t X,
			 const double *eff, double *out)
{
	size_t N = n * J * X;
	double all = 0;
	if (alt_order) {	/* another order of the operations (see main) */
		for (size_t c = N; c-- > 0;)
			all += e[idx[c]];
		all /= (double)N;
		for (size_t j = 0; j < J; j++) {
			double s = 0;
			for (size_t k = X; k-- > 0;)
				for (size_t i = n; i-- > 0;)
					s += e[idx[(i * J + j) * X + k]];
			out[j] = eff[j] + (s / (double)(n * X) - all);
		}
		return;
	}
	for (size_t c = 0; c < N; c++)
		all += e[idx[c]];
	all /= (double)N;
	for (size_t j = 0; j < J; j++) {
		double s = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < X; k++)
				s += e[idx[(i * J + j) * X + k]];
		out[j] = (eff[j] + s / (double)(n * X)) - all;
	}
}

/* Benjamini-Hochberg adjustment of p[0..P-1] into q (choice 3). */
static void bh(const double *p, size_t P, double *q)
{
	size_t *ord = xmalloc(P * sizeof *ord);
	for (size_t i = 0; i < P; i++)
		ord[i] = i;
	/* insertion sort: p ascending, ties in pair order (stable) */
	for (size_t i = 1; i < P; i++) {
		size_t v = ord[i], j = i;
		while (j > 0 && p[ord[j - 1]] > p[v]) {
			ord[j] = ord[j - 1];
			j--;
		}
		ord[j] = v;
	}
	double cur = INFINITY;
	for (size_t r = P; r >= 1; r--) {
		double v = (double)P * p[ord[r - 1]];
		v = v / (double)r;
		if (v < cur)
			cur = v;
		q[ord[r - 1]] = cur < 1 ? cur : 1;
	}
	free(ord);
}



/* The paired t-test of --pairs root_p on z[0..n-1], n >= 2 (choice 7). */
static double ttest_p(const double *z, size_t n)
{
	double m = 0, ss = 0;
	for (size_t t = 0; t < n; t++)
		m += z[t];
	m /= (double)n;
	for (size_t t = 0; t < n; t++)
		ss += (z[t] - m) * (z[t] - m);
	double sd = sqrt(ss / (double)(n - 1));
	if (sd == 0)
		return m == 0 ? 1 : 0;
	return tpval(m / (sd / sqrt((double)n)), (double)(n - 1));
}

/* The randomization test's count over r = 1..R (choice 8). */
static unsigned long rand_count(uint64_t seed, const double *z, size_t n, unsigned long R)
{
	double s = 0, a = 0;
	for (size_t t = 0; t < n; t++) {
		s += z[t];
		a += fabs(z[t]);
	}
	double thr = fabs(s) - 1e-9 * a;
	unsigned long c = 0;
	for (unsigned long r = 1; r <= R; r++) {
		double u = 0;
		for (size_t t = 0; t < n; t++)
			u += flip(seed, r, t) ? -z[t] : z[t];
		c += fabs(u) >= thr;
	}
	return c;
}

/* ---- names ------------------------------------------------------------- */

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


/* ---- configuration and data ------------------------------------------- */

static uint64_t S = 1;
static unsigned X;
static unsigned long K = 1, M = 1000, R = 10000;
static int P = 4;
static FILE *ffrag, *ftrace;

static struct names runs, topics, meas;	/* meas: every measure read */
static size_t *outm, noutm;		/* output measures (residuals left out) */
static double *full;			/* [(m * nr + r) * nt + t] */
static double *yv;			/* [((((s-1) * nm + m) * nr + r) * nt + t) * X + k] */
static unsigned char *kept;		/* [(s-1) * nt + t] */

#define NR (runs.n)
#define NT (topics.n)
#define NM (meas.n)

static double *Y(size_t s, size_t m, size_t r, size_t t)
{
	return yv + (((((s - 1) * NM + m) * NR + r) * NT + t) * X);
}

static void alloc_values(void)
{
	size_t n = K * NM * NR * NT * X;
	yv = xmalloc(n * sizeof *yv);
	for (size_t i = 0; i < n; i++)
		yv[i] = NAN;
	kept = xcalloc(K * NT, 1);
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

/*
 * Read an --images file of cbeval (image 0) into a callback-free form:
 * rows (run, qid, measure, value) with names interned in the given sets.
 */
struct vrow {
	size_t r, t, m;
	double x;
};

static struct vrow *read_images(const char *path, struct names *rn, struct names *tn,
				struct names *mn, size_t *nrows)
{
	FILE *f = fopen(path, "r");
	if (!f)
		die("cannot open", path);
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

static void set_outm(void)
{
	outm = xmalloc((NM + 1) * sizeof *outm);
	noutm = 0;
	for (size_t m = 0; m < NM; m++)
		if (!is_residual(meas.v[m]))
			outm[noutm++] = m;
	if (noutm == 0)
		die("no output measure", NULL);
}

/* ---- the --values input -------------------------------------------------- */

static void read_values(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		die("cannot open", path);
	char *line = NULL, *fld[7];
	size_t cap = 0, lineno = 0, n = 0, capr = 0;
	ssize_t len;
	struct row6 {
		unsigned long s, k;
		char *r, *t, *m;
		double x;
	} *rows = NULL;
	while ((len = getline(&line, &cap, f)) != -1) {
		lineno++;
		chomp(line, &len);
		int nf = split_tabs(line, fld, 6);
		if (lineno == 1) {
			if (nf != 6 || strcmp(fld[0], "split") != 0)
				die("--values: line 1 is not 'split part run qid measure value'", NULL);
			continue;
		}
		if (nf != 6)
			die("--values: wrong number of fields", NULL);
		if (n == capr) {
			capr = capr ? 2 * capr : 256;
			rows = xrealloc(rows, capr * sizeof *rows);
		}
		rows[n].s = strtoul(fld[0], NULL, 10);
		rows[n].k = strtoul(fld[1], NULL, 10);
		rows[n].r = xstrdup(fld[2]);
		rows[n].t = xstrdup(fld[3]);
		rows[n].m = xstrdup(fld[4]);
		rows[n].x = parse_value(fld[5]);
		if (rows[n].s > K || rows[n].k >= X || (rows[n].s == 0 && rows[n].k != 0))
			die("--values: split or part out of range", NULL);
		n++;
	}
	free(line);
	fclose(f);
	for (size_t i = 0; i < n; i++)
		if (rows[i].s == 0) {
			intern(&runs, rows[i].r);
			intern(&topics, rows[i].t);
			intern(&meas, rows[i].m);
		}
	if (NR < 2 || NT < 1)
		die("--values: fewer than 2 runs or no topic in split 0", NULL);
	full = xmalloc(NM * NR * NT * sizeof *full);
	for (size_t i = 0; i < NM * NR * NT; i++)
		full[i] = NAN;
	alloc_values();
	for (size_t i = 0; i < n; i++) {
		long r = find(&runs, rows[i].r), t = find(&topics, rows[i].t), m = find(&meas, rows[i].m);
		if (r < 0 || t < 0 || m < 0)
			die("--values: a run, topic or measure not in split 0", rows[i].t);
		if (rows[i].s == 0)
			full[((size_t)m * NR + (size_t)r) * NT + (size_t)t] = rows[i].x;
		else
			Y(rows[i].s, (size_t)m, (size_t)r, (size_t)t)[rows[i].k] = rows[i].x;
		free(rows[i].r); free(rows[i].t); free(rows[i].m);
	}
	free(rows);
	for (size_t i = 0; i < NM * NR * NT; i++)
		if (isnan(full[i]))
			die("--values: split 0 lacks a value", NULL);
	/* kept: values in every part (for every run and measure) */
	for (size_t s = 1; s <= K; s++)
		for (size_t t = 0; t < NT; t++) {
			size_t have = 0, want = NM * NR * X;
			for (size_t m = 0; m < NM; m++)
				for (size_t r = 0; r < NR; r++)
					for (size_t k = 0; k < X; k++)
						have += !isnan(Y(s, m, r, t)[k]);
			if (have != 0 && have != want)
				die("--values: a topic has values in some parts of a split only", topics.v[t]);
			kept[(s - 1) * NT + t] = have == want;
		}
}

/* ---- materialising the parts and running cbeval --------------------------- */

static const char *cbeval_path;
static char **mspecs;
static int nmspecs;
static const char *opt_l, *opt_M, *opt_order;
static int opt_dedup, keep_files;


/* 1 when a line is skipped by cbeval: empty, blanks only, or '#' first. */
static int skipped(const char *line)
{
	if (line[0] == '#')
		return 1;
	for (const char *p = line; *p; p++)
		if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
			return 0;
	return 1;
}





/* Score QRELS and RUNS (nrun files) with cbeval into the --images file img. */
static void score(const char *qrels, char **runfiles, size_t nrun, const char *img,
		  const char *errpath, int order_file)
{
	struct ref_opts o = { cbeval_path, mspecs, nmspecs, opt_l, opt_M,
			      opt_order, opt_dedup };
	ref_score(&o, qrels, runfiles, nrun, img, errpath, 0, order_file);
}

/* One run line kept for the -M path. */
struct rline {
	char *text;	/* the line as read, without the newline */
	char *qid, *docno;
	double score;
	long long rank;
	size_t pos;	/* line number */
};

static const char *order_key = "score";

static int cmp_rline(const void *pa, const void *pb)
{
	const struct rline *a = pa, *b = pb;
	int c = strcmp(a->qid, b->qid);
	if (c)
		return c;
	if (strcmp(order_key, "score") == 0) {
		if (a->score != b->score)
			return a->score > b->score ? -1 : 1;
		c = strcmp(a->docno, b->docno);
		if (c)
			return -c;
	} else if (strcmp(order_key, "rank") == 0) {
		if (a->rank != b->rank)
			return a->rank < b->rank ? -1 : 1;
	}
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/*
 * The -M path: the lines of a run for qrels topics in evaluation order,
 * duplicates removed with --dedup, each topic cut at M (choice 11).
 */
static struct rline *ordered_run(const char *path, unsigned long long cut, size_t *nout)
{
	FILE *f = xfopen(path, "r");
	char *line = NULL, *fld[8];
	size_t cap = 0, n = 0, capl = 0, lineno = 0;
	ssize_t len;
	struct rline *v = NULL;
	while ((len = getline(&line, &cap, f)) != -1) {
		lineno++;
		chomp(line, &len);
		if (skipped(line))
			continue;
		char *copy = xstrdup(line);
		int nf = fields(line, fld, 7);
		if (nf < 6)
			die("short run line", path);
		if (find(&topics, fld[0]) < 0) {
			free(copy);
			continue;
		}
		if (n == capl) {
			capl = capl ? 2 * capl : 4096;
			v = xrealloc(v, capl * sizeof *v);
		}
		v[n].text = copy;
		v[n].qid = xstrdup(fld[0]);
		v[n].docno = xstrdup(fld[2]);
		v[n].score = strtod(fld[4], NULL);
		v[n].rank = strtoll(fld[3], NULL, 10);
		v[n].pos = lineno;
		n++;
	}
	free(line);
	fclose(f);
	qsort(v, n, sizeof *v, cmp_rline);
	size_t w = 0, start = 0;
	while (start < n) {
		size_t end = start;
		while (end < n && strcmp(v[end].qid, v[start].qid) == 0)
			end++;
		unsigned long long kept_here = 0;
		size_t first_kept = w;
		for (size_t i = start; i < end; i++) {
			int dup = 0;
			if (opt_dedup)
				for (size_t j = first_kept; j < w; j++)
					if (strcmp(v[j].docno, v[i].docno) == 0) {
						dup = 1;
						break;
					}
			if (dup || kept_here >= cut) {
				free(v[i].text); free(v[i].qid); free(v[i].docno);
				continue;
			}
			v[w++] = v[i];
			kept_here++;
		}
		start = end;
	}
	*nout = w;
	return v;
}

/* The tag of the first run line of a file (cbeval's name before renaming). */
static char *first_tag(const char *path)
{
	FILE *f = xfopen(path, "r");
	char *line = NULL, *fld[8], *tag = NULL;
	size_t cap = 0;
	ssize_t len;
	while ((len = getline(&line, &cap, f)) != -1) {
		chomp(line, &len);
		if (skipped(line))
			continue;
		if (fields(line, fld, 7) >= 6)
			tag = xstrdup(fld[5]);
		break;
	}
	free(line);
	fclose(f);
	if (!tag)
		die("no run line in", path);
	return tag;
}

static void materialise_and_score(const char *qrels, char **runfiles, size_t nrun,
				  const char *dir)
{
	char buf[4096];
	char *img = xprintf2(dir, "/full.images"), *err = xprintf2(dir, "/full.err");

	/* 1. the full collection: names, topics, measures, p_ttest/p_rand values */
	score(qrels, runfiles, nrun, img, err, 0);
	size_t nrows;
	struct vrow *rows = read_images(img, &runs, &topics, &meas, &nrows);
	if (NR != nrun)
		die("cbeval named a different number of runs than given", NULL);
	if (NR < 2)
		die("fewer than 2 runs", NULL);
	full = xmalloc(NM * NR * NT * sizeof *full);
	for (size_t i = 0; i < NM * NR * NT; i++)
		full[i] = NAN;
	for (size_t i = 0; i < nrows; i++)
		full[(rows[i].m * NR + rows[i].r) * NT + rows[i].t] = rows[i].x;
	for (size_t i = 0; i < NM * NR * NT; i++)
		if (isnan(full[i]))
			die("the full evaluation lacks a value", NULL);
	free(rows);
	free(img);
	free(err);
	alloc_values();

	/* a qid that is no topic, for the first line of every part run */
	char dummy[64];
	for (unsigned long i = 0;; i++) {
		snprintf(dummy, sizeof dummy, "ref-partitions-none-%lu", i);
		if (find(&topics, dummy) < 0)
			break;
	}
	char **tags = xmalloc(nrun * sizeof *tags);
	for (size_t j = 0; j < nrun; j++)
		tags[j] = first_tag(runfiles[j]);

	/* with -M: every run ordered and cut once, on the full collection */
	struct rline **ord = NULL;
	size_t *nord = NULL;
	if (opt_M) {
		unsigned long long cut = strtoull(opt_M, NULL, 10);
		order_key = opt_order ? opt_order : "score";
		ord = xmalloc(nrun * sizeof *ord);
		nord = xmalloc(nrun * sizeof *nord);
		for (size_t j = 0; j < nrun; j++)
			ord[j] = ordered_run(runfiles[j], cut, &nord[j]);
	}

	size_t *relcnt = xmalloc(NT * X * sizeof *relcnt);
	long level = opt_l ? strtol(opt_l, NULL, 10) : 1;
	FILE **pf = xmalloc(X * sizeof *pf);
	char **pname = xmalloc((size_t)X * (nrun + 1) * sizeof *pname);

	for (unsigned long s = 1; s <= K; s++) {
		/* 2. the part qrels, and relevance counted from them */
		memset(relcnt, 0, NT * X * sizeof *relcnt);
		size_t *nq = xcalloc(X, sizeof *nq);
		for (unsigned k = 0; k < X; k++) {
			snprintf(buf, sizeof buf, "%s/s%lu.p%u.qrels", dir, s, k);
			pname[k * (nrun + 1)] = xstrdup(buf);
			pf[k] = xfopen(buf, "w");
		}
		struct names seen = { 0 };
		FILE *f = xfopen(qrels, "r");
		char *line = NULL, *fld[6];
		size_t cap = 0;
		ssize_t len;
		while ((len = getline(&line, &cap, f)) != -1) {
			chomp(line, &len);
			if (skipped(line))
				continue;
			char *copy = xstrdup(line);
			if (fields(line, fld, 5) != 4)
				die("bad qrels line", qrels);
			unsigned k = part_of(S, fld[2], strlen(fld[2]), s, X);
			fprintf(pf[k], "%s\n", copy);
			nq[k]++;
			if (opt_dedup) {	/* a duplicate: the first line counts */
				snprintf(buf, sizeof buf, "%s\t%s", fld[0], fld[2]);
				if (find(&seen, buf) >= 0) {
					free(copy);
					continue;
				}
				intern(&seen, buf);
			}
			long t = find(&topics, fld[0]);
			if (t >= 0 && strtol(fld[3], NULL, 10) >= level)
				relcnt[(size_t)t * X + k]++;
			free(copy);
		}
		free(line);
		fclose(f);
		free_names(&seen);
		for (unsigned k = 0; k < X; k++)
			xfclose(pf[k], pname[k * (nrun + 1)]);

		/* 3. the part runs */
		for (size_t j = 0; j < nrun; j++) {
			for (unsigned k = 0; k < X; k++) {
				snprintf(buf, sizeof buf, "%s/s%lu.p%u.run%zu", dir, s, k, j);
				pname[k * (nrun + 1) + 1 + j] = xstrdup(buf);
				pf[k] = xfopen(buf, "w");
				fprintf(pf[k], "%s Q0 ref-partitions-none 1 0 %s\n", dummy, tags[j]);
			}
			if (ord) {
				for (size_t i = 0; i < nord[j]; i++) {
					const char *d = ord[j][i].docno;
					fprintf(pf[part_of(S, d, strlen(d), s, X)], "%s\n", ord[j][i].text);
				}
			} else {
				f = xfopen(runfiles[j], "r");
				line = NULL;
				cap = 0;
				while ((len = getline(&line, &cap, f)) != -1) {
					chomp(line, &len);
					if (skipped(line))
						continue;
					char *copy = xstrdup(line);
					if (fields(line, fld, 5) < 3)
						die("bad run line", runfiles[j]);
					fprintf(pf[part_of(S, fld[2], strlen(fld[2]), s, X)], "%s\n", copy);
					free(copy);
				}
				free(line);
				fclose(f);
			}
			for (unsigned k = 0; k < X; k++)
				xfclose(pf[k], pname[k * (nrun + 1) + 1 + j]);
		}

		/* 4. kept topics; score the parts */
		for (size_t t = 0; t < NT; t++) {
			int all = 1;
			for (unsigned k = 0; k < X; k++)
				all &= relcnt[t * X + k] > 0;
			kept[(s - 1) * NT + t] = (unsigned char)all;
		}
		for (unsigned k = 0; k < X; k++) {
			if (nq[k] > 0) {
				snprintf(buf, sizeof buf, "%s/s%lu.p%u.images", dir, s, k);
				char *pimg = xstrdup(buf);
				snprintf(buf, sizeof buf, "%s/s%lu.p%u.err", dir, s, k);
				score(pname[k * (nrun + 1)], pname + k * (nrun + 1) + 1, nrun, pimg, buf, ord != NULL);
				struct names rn = { 0 }, tn = { 0 }, mn = { 0 };
				rows = read_images(pimg, &rn, &tn, &mn, &nrows);
				if (rn.n != NR || mn.n != NM)
					die("a part's evaluation has other runs or measures", pimg);
				for (size_t r = 0; r < NR; r++)
					if (strcmp(rn.v[r], runs.v[r]) != 0)
						die("a part's evaluation names a run differently", rn.v[r]);
				for (size_t m = 0; m < NM; m++)
					if (strcmp(mn.v[m], meas.v[m]) != 0)
						die("a part's evaluation has other measures", mn.v[m]);
				for (size_t i = 0; i < nrows; i++) {
					long t = find(&topics, tn.v[rows[i].t]);
					if (t < 0)
						die("a part's evaluation has a topic not in the qrels", tn.v[rows[i].t]);
					Y(s, rows[i].m, rows[i].r, (size_t)t)[k] = rows[i].x;
				}
				free(rows);
				free(pimg);
				free_names(&rn); free_names(&tn); free_names(&mn);
			}
			for (size_t i = 0; i <= nrun; i++) {
				if (!keep_files)
					remove(pname[k * (nrun + 1) + i]);
				free(pname[k * (nrun + 1) + i]);
			}
			if (!keep_files) {
				snprintf(buf, sizeof buf, "%s/s%lu.p%u.images", dir, s, k);
				remove(buf);
				snprintf(buf, sizeof buf, "%s/s%lu.p%u.err", dir, s, k);
				remove(buf);
			}
		}
		for (size_t t = 0; t < NT; t++)
			if (kept[(s - 1) * NT + t])
				for (size_t m = 0; m < NM; m++)
					for (size_t r = 0; r < NR; r++)
						for (unsigned k = 0; k < X; k++)
							if (isnan(Y(s, m, r, t)[k]))
								die("a kept topic has no value in a part", topics.v[t]);
		free(nq);
	}
	if (ord) {
		for (size_t j = 0; j < nrun; j++) {
			for (size_t i = 0; i < nord[j]; i++) {
				free(ord[j][i].text); free(ord[j][i].qid); free(ord[j][i].docno);
			}
			free(ord[j]);
		}
		free(ord);
		free(nord);
	}
	for (size_t j = 0; j < nrun; j++)
		free(tags[j]);
	free(tags);
	free(relcnt);
	free(pf);
	free(pname);
}

/* ---- output -------------------------------------------------------------- */

static const char *cur_m;	/* measure name of the rows being printed */
static char cur_s[32];		/* split of the rows being printed */

static void out(const char *a, const char *b, const char *stat, const char *val)
{
	printf("%s\t%s\t%s\t%s\t%s\t%s\n", cur_m, cur_s, a, b, stat, val);
}

static const char *fmt_f(double x, char *buf)
{
	snprintf(buf, 64, "%.*f", P, x);
	return buf;
}

static const char *fmt_g(double x, char *buf)
{
	snprintf(buf, 64, "%.*g", P > 0 ? P : 1, x);
	return buf;
}

static const char *fmt_u(unsigned long x, char *buf)
{
	snprintf(buf, 64, "%lu", x);
	return buf;
}

/* A cell whose value hangs on near-ties: its range [lo, hi]. */
static void fragile(const char *a, const char *b, const char *stat, double lo, double hi)
{
	if (ffrag)
		fprintf(ffrag, "%s\t%s\t%s\t%s\t%s\t%.17g\t%.17g\n", cur_m, cur_s, a, b, stat, lo, hi);
}

static void fragile_any(const char *a, const char *b, const char *stat)
{
	if (ffrag)
		fprintf(ffrag, "%s\t%s\t%s\t%s\t%s\t*\t*\n", cur_m, cur_s, a, b, stat);
}

/* ---- the analysis -------------------------------------------------------- */

enum { INT, NOINT };
static const char *model_name[2] = { "int", "noint" };

/* Per measure, over splits: significance of each pair in each split. */
struct sigs {
	unsigned char *sig;	/* [(s-1) * P + p] q_int < 0.05 */
	unsigned char *sure;	/* significant whatever the near-ties decide */
	unsigned char *maybe;	/* significant for some decision of them */
	int fragile;		/* any int family of the measure fragile */
};

static void analyse_split(size_t m, unsigned long s, struct sigs *sg)
{
	char buf[64], stat[64];
	size_t J = NR, npairs = J * (J - 1) / 2;
	size_t n = 0;
	size_t *ti = xmalloc(NT * sizeof *ti);
	for (size_t t = 0; t < NT; t++)
		if (kept[(s - 1) * NT + t])
			ti[n++] = t;
	snprintf(cur_s, sizeof cur_s, "%lu", s);

	if (n < 2) {
		for (size_t j = 0; j < J; j++) {
			out(runs.v[j], "all", "effect", "NA");
			for (int md = 0; md < 2; md++) {
				snprintf(stat, sizeof stat, "ci_lo_%s", model_name[md]);
				out(runs.v[j], "all", stat, "NA");
				snprintf(stat, sizeof stat, "ci_hi_%s", model_name[md]);
				out(runs.v[j], "all", stat, "NA");
			}
		}
		for (size_t a = 0; a < J; a++)
			for (size_t b = a + 1; b < J; b++) {
				out(runs.v[a], runs.v[b], "diff", "NA");
				for (int md = 0; md < 2; md++) {
					static const char *st[3] = { "p", "q", "pd" };
					for (int i = 0; i < 3; i++) {
						snprintf(stat, sizeof stat, "%s_%s", st[i], model_name[md]);
						out(runs.v[a], runs.v[b], stat, "NA");
					}
				}
			}
		out("all", "all", "topics_used", fmt_u(n, buf));
		out("all", "all", "topics_dropped", fmt_u(NT - n, buf));
		for (int md = 0; md < 2; md++) {
			static const char *st[3] = { "mean", "min", "max" };
			for (int i = 0; i < 3; i++) {
				snprintf(stat, sizeof stat, "ci_len_%s_%s", st[i], model_name[md]);
				out("all", "all", stat, "NA");
			}
		}
		out("all", "all", "sig_int_0.05", "NA");
		out("all", "all", "sig_int_0.01", "NA");
		out("all", "all", "sig_noint_0.05", "NA");
		out("all", "all", "sig_noint_0.01", "NA");
		free(ti);
		return;
	}

	size_t N = n * J * X;
	double *y = xmalloc(N * sizeof *y), scale = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < J; j++)
			for (size_t k = 0; k < X; k++) {
				double v = Y(s, m, j, ti[i])[k];
				y[(i * J + j) * X + k] = v;
				if (fabs(v) > scale)
					scale = fabs(v);
			}
	double tol = TIE * scale;
	double *eff = xmalloc(J * sizeof *eff), *e[2];
	e[INT] = xmalloc(N * sizeof(double));
	e[NOINT] = xmalloc(N * sizeof(double));
	anova(y, n, J, X, eff, e[INT], e[NOINT]);

	/* effstar[md][j * M + (m-1)] */
	double *es[2];
	es[INT] = xmalloc(J * M * sizeof(double));
	es[NOINT] = xmalloc(J * M * sizeof(double));
	size_t *idx = xmalloc(N * sizeof *idx);
	double *tmp = xmalloc((J > M ? J : M) * sizeof *tmp);
	for (unsigned long r = 1; r <= M; r++) {
		for (size_t c = 0; c < N; c++)
			idx[c] = resid_index(S, s, r, c, N);
		for (int md = 0; md < 2; md++) {
			boot_effects(e[md], idx, n, J, X, eff, tmp);
			for (size_t j = 0; j < J; j++)
				es[md][j * M + (r - 1)] = tmp[j];
		}
		if (ftrace)
			for (size_t c = 0; c < N; c++)
				fprintf(ftrace, "draw\t%lu\t%lu\t%zu\t%zu\n", s, r, c, idx[c]);
	}
	if (ftrace) {
		for (size_t j = 0; j < J; j++)
			fprintf(ftrace, "effect\t%s\t%lu\t%s\t%.17g\n", cur_m, s, runs.v[j], eff[j]);
		for (int md = 0; md < 2; md++) {
			for (size_t c = 0; c < N; c++)
				fprintf(ftrace, "resid\t%s\t%lu\t%s\t%zu\t%.17g\n", cur_m, s, model_name[md], c, e[md][c]);
			for (unsigned long r = 1; r <= M; r++)
				for (size_t j = 0; j < J; j++)
					fprintf(ftrace, "effstar\t%s\t%lu\t%s\t%lu\t%s\t%.17g\n", cur_m, s,
						model_name[md], r, runs.v[j], es[md][j * M + (r - 1)]);
		}
	}

	/* per run: intervals */
	double *lo[2], *hi[2];
	for (int md = 0; md < 2; md++) {
		lo[md] = xmalloc(J * sizeof(double));
		hi[md] = xmalloc(J * sizeof(double));
		for (size_t j = 0; j < J; j++) {
			double *v = xmalloc(M * sizeof *v);
			memcpy(v, es[md] + j * M, M * sizeof *v);
			qsort(v, M, sizeof *v, cmp_double);
			lo[md][j] = quantile7(v, M, 0.025);
			hi[md][j] = quantile7(v, M, 0.975);
			free(v);
		}
	}
	for (size_t j = 0; j < J; j++) {
		out(runs.v[j], "all", "effect", fmt_f(eff[j], buf));
		for (int md = 0; md < 2; md++) {
			snprintf(stat, sizeof stat, "ci_lo_%s", model_name[md]);
			out(runs.v[j], "all", stat, fmt_f(lo[md][j], buf));
			snprintf(stat, sizeof stat, "ci_hi_%s", model_name[md]);
			out(runs.v[j], "all", stat, fmt_f(hi[md][j], buf));
		}
	}

	/* per pair: p, pd with their near-tie ranges; q by BH */
	double *p[2], *plo[2], *phi[2], *pd[2], *pdlo[2], *pdhi[2], *q[2], *qlo[2], *qhi[2];
	int ffam[2] = { 0, 0 };
	unsigned char *pdfr[2];
	for (int md = 0; md < 2; md++) {
		p[md] = xmalloc(npairs * sizeof(double));
		plo[md] = xmalloc(npairs * sizeof(double));
		phi[md] = xmalloc(npairs * sizeof(double));
		pd[md] = xmalloc(npairs * sizeof(double));
		pdlo[md] = xmalloc(npairs * sizeof(double));
		pdhi[md] = xmalloc(npairs * sizeof(double));
		q[md] = xmalloc(npairs * sizeof(double));
		qlo[md] = xmalloc(npairs * sizeof(double));
		qhi[md] = xmalloc(npairs * sizeof(double));
		pdfr[md] = xcalloc(npairs, 1);
		size_t pi = 0;
		for (size_t a = 0; a < J; a++)
			for (size_t b = a + 1; b < J; b++, pi++) {
				/* the tie rule: H = A unless B is higher by more than tol;
				 * effect*_H <= effect_L when within tol */
				size_t H = eff[b] - eff[a] > tol ? b : a, L = H == a ? b : a;
				unsigned long c = 0, clo = ~0UL, chi = 0;
				for (unsigned long r = 0; r < M; r++)
					c += es[md][H * M + r] - eff[L] <= tol;
				/* ranges: near-ties either way; on a near-tie of the effects, either H */
				int hties = fabs(eff[a] - eff[b]) <= tol;
				for (int alt = 0; alt <= hties; alt++) {
					size_t h = alt ? L : H, l = alt ? H : L;
					unsigned long c1 = 0, c2 = 0;
					for (unsigned long r = 0; r < M; r++) {
						double d = es[md][h * M + r] - eff[l];
						c1 += d <= 0 && fabs(d) > tol;
						c2 += d <= 0 || fabs(d) <= tol;
					}
					if (c1 < clo)
						clo = c1;
					if (c2 > chi)
						chi = c2;
				}
				p[md][pi] = (double)c / (double)M;
				plo[md][pi] = (double)clo / (double)M;
				phi[md][pi] = (double)chi / (double)M;
				if (clo != chi)
					ffam[md] = 1;
				unsigned long le = 0, ge = 0, lelo = 0, gelo = 0, lehi = 0, gehi = 0;
				for (unsigned long r = 0; r < M; r++) {
					double d = es[md][a * M + r] - es[md][b * M + r];
					int near = fabs(d) <= tol;
					le += d <= 0;
					ge += d >= 0;
					lelo += d <= 0 && !near;
					gelo += d >= 0 && !near;
					lehi += d <= 0 || near;
					gehi += d >= 0 || near;
				}
				/* the tie rule: |d*| <= tol counts as both <= 0 and >= 0 */
				double v = (double)(2 * (lehi < gehi ? lehi : gehi)) / (double)M;
				(void)le;
				(void)ge;
				pd[md][pi] = v < 1 ? v : 1;
				v = (double)(2 * (lelo < gelo ? lelo : gelo)) / (double)M;
				pdlo[md][pi] = v < 1 ? v : 1;
				v = (double)(2 * (lehi < gehi ? lehi : gehi)) / (double)M;
				pdhi[md][pi] = v < 1 ? v : 1;
				pdfr[md][pi] = pdlo[md][pi] != pdhi[md][pi];
			}
		bh(p[md], npairs, q[md]);
		bh(plo[md], npairs, qlo[md]);
		bh(phi[md], npairs, qhi[md]);
	}
	{
		size_t pi = 0;
		for (size_t a = 0; a < J; a++)
			for (size_t b = a + 1; b < J; b++, pi++) {
				out(runs.v[a], runs.v[b], "diff", fmt_f(eff[a] - eff[b], buf));
				for (int md = 0; md < 2; md++) {
					snprintf(stat, sizeof stat, "p_%s", model_name[md]);
					out(runs.v[a], runs.v[b], stat, fmt_g(p[md][pi], buf));
					if (plo[md][pi] != phi[md][pi])
						fragile(runs.v[a], runs.v[b], stat, plo[md][pi], phi[md][pi]);
					snprintf(stat, sizeof stat, "q_%s", model_name[md]);
					out(runs.v[a], runs.v[b], stat, fmt_g(q[md][pi], buf));
					if (ffam[md])
						fragile(runs.v[a], runs.v[b], stat, fmin(qlo[md][pi], qhi[md][pi]),
							fmax(qlo[md][pi], qhi[md][pi]));
					snprintf(stat, sizeof stat, "pd_%s", model_name[md]);
					out(runs.v[a], runs.v[b], stat, fmt_g(pd[md][pi], buf));
					if (pdfr[md][pi])
						fragile(runs.v[a], runs.v[b], stat, pdlo[md][pi], pdhi[md][pi]);
				}
			}
	}

	out("all", "all", "topics_used", fmt_u(n, buf));
	out("all", "all", "topics_dropped", fmt_u(NT - n, buf));
	for (int md = 0; md < 2; md++) {
		double sum = 0, mn = INFINITY, mx = -INFINITY;
		for (size_t j = 0; j < J; j++) {
			double len = hi[md][j] - lo[md][j];
			sum += len;
			mn = fmin(mn, len);
			mx = fmax(mx, len);
		}
		snprintf(stat, sizeof stat, "ci_len_mean_%s", model_name[md]);
		out("all", "all", stat, fmt_f(sum / (double)J, buf));
		snprintf(stat, sizeof stat, "ci_len_min_%s", model_name[md]);
		out("all", "all", stat, fmt_f(mn, buf));
		snprintf(stat, sizeof stat, "ci_len_max_%s", model_name[md]);
		out("all", "all", stat, fmt_f(mx, buf));
	}
	static const double alpha[2] = { 0.05, 0.01 };
	static const char *aname[2] = { "0.05", "0.01" };
	for (int md = 0; md < 2; md++)
		for (int ai = 0; ai < 2; ai++) {
			unsigned long c = 0, clo = 0, chi = 0;
			for (size_t pi = 0; pi < npairs; pi++) {
				c += q[md][pi] < alpha[ai];
				clo += fmax(qlo[md][pi], qhi[md][pi]) < alpha[ai];
				chi += fmin(qlo[md][pi], qhi[md][pi]) < alpha[ai];
			}
			snprintf(stat, sizeof stat, "sig_%s_%s", model_name[md], aname[ai]);
			out("all", "all", stat, fmt_u(c, buf));
			if (ffam[md])
				fragile("all", "all", stat, (double)clo, (double)chi);
		}
	for (size_t pi = 0; pi < npairs; pi++) {
		sg->sig[(s - 1) * npairs + pi] = q[INT][pi] < 0.05;
		sg->sure[(s - 1) * npairs + pi] = fmax(qlo[INT][pi], qhi[INT][pi]) < 0.05;
		sg->maybe[(s - 1) * npairs + pi] = fmin(qlo[INT][pi], qhi[INT][pi]) < 0.05;
	}
	if (ffam[INT])
		sg->fragile = 1;

	for (int md = 0; md < 2; md++) {
		free(p[md]); free(plo[md]); free(phi[md]); free(pd[md]); free(pdlo[md]);
		free(pdhi[md]); free(q[md]); free(qlo[md]); free(qhi[md]); free(pdfr[md]);
		free(lo[md]); free(hi[md]); free(es[md]); free(e[md]);
	}
	free(idx); free(tmp); free(eff); free(y); free(ti);
}

static void analyse_measure(size_t m)
{
	char buf[64], stat[64];
	size_t J = NR, npairs = J * (J - 1) / 2, n = NT;
	struct sigs sg;
	sg.sig = xcalloc(K * npairs, 1);
	sg.sure = xcalloc(K * npairs, 1);
	sg.maybe = xcalloc(K * npairs, 1);
	sg.fragile = 0;
	cur_m = meas.v[m];
	for (unsigned long s = 1; s <= K; s++)
		analyse_split(m, s, &sg);

	snprintf(cur_s, sizeof cur_s, "all");
	double *z = xmalloc(n * sizeof *z);
	unsigned long sig_t[2] = { 0, 0 }, sig_r[2] = { 0, 0 }, unan = 0, unan_lo = 0, unan_hi = 0;
	unsigned long *agree = xcalloc(K + 1, sizeof *agree);
	size_t pi = 0;
	for (size_t a = 0; a < J; a++)
		for (size_t b = a + 1; b < J; b++, pi++) {
			for (size_t t = 0; t < n; t++)
				z[t] = full[(m * NR + a) * NT + t] - full[(m * NR + b) * NT + t];
			double pt = n >= 2 ? ttest_p(z, n) : NAN;
			double pr = (double)rand_count(S, z, n, R) / (double)R;
			unsigned long ss = 0, slo = 0, shi = 0;
			for (unsigned long s = 1; s <= K; s++) {
				ss += sg.sig[(s - 1) * npairs + pi];
				slo += sg.sure[(s - 1) * npairs + pi];
				shi += sg.maybe[(s - 1) * npairs + pi];
			}
			out(runs.v[a], runs.v[b], "p_ttest", n >= 2 ? fmt_g(pt, buf) : "NA");
			out(runs.v[a], runs.v[b], "p_rand", fmt_g(pr, buf));
			out(runs.v[a], runs.v[b], "splits_sig", fmt_u(ss, buf));
			if (slo != shi)
				fragile(runs.v[a], runs.v[b], "splits_sig", (double)slo, (double)shi);
			for (int ai = 0; ai < 2; ai++) {
				double A = ai ? 0.01 : 0.05;
				sig_t[ai] += n >= 2 && pt < A;
				sig_r[ai] += pr < A;
			}
			unan += ss == K;
			unan_lo += slo == K;
			unan_hi += shi == K;
			agree[ss > K - ss ? ss : K - ss]++;
		}
	out("all", "all", "pairs", fmt_u(npairs, buf));
	out("all", "all", "sig_ttest_0.05", fmt_u(sig_t[0], buf));
	out("all", "all", "sig_ttest_0.01", fmt_u(sig_t[1], buf));
	out("all", "all", "sig_rand_0.05", fmt_u(sig_r[0], buf));
	out("all", "all", "sig_rand_0.01", fmt_u(sig_r[1], buf));
	out("all", "all", "sig_unanimous_0.05", fmt_u(unan, buf));
	if (unan_lo != unan_hi)
		fragile("all", "all", "sig_unanimous_0.05", (double)unan_lo, (double)unan_hi);
	if (K >= 2)
		for (unsigned long H = K; H >= (K + 1) / 2; H--) {
			snprintf(stat, sizeof stat, "agree_%lu_%lu", H, K - H);
			out("all", "all", stat, fmt_u(agree[H], buf));
			if (sg.fragile)
				fragile_any("all", "all", stat);
		}
	free(agree);
	free(z);
	free(sg.sig); free(sg.sure); free(sg.maybe);
}

static void warn_dropped(void)
{
	for (unsigned long s = 1; s <= K; s++) {
		size_t d = 0;
		for (size_t t = 0; t < NT; t++)
			d += !kept[(s - 1) * NT + t];
		if (d == 0)
			continue;
		fprintf(stderr, "%s: warning: split %lu: %zu of %zu topics dropped (a part without a relevant document):",
			REF_PROG, s, d, NT);
		for (size_t t = 0; t < NT; t++)
			if (!kept[(s - 1) * NT + t])
				fprintf(stderr, " %s", topics.v[t]);
		fprintf(stderr, "\n");
	}
}

/* ---- self-test -------------------------------------------------------------- */

static int nfail;

static void check(int ok, const char *what)
{
	printf("%s - ref_partitions self-test: %s\n", ok ? "ok" : "not ok", what);
	nfail += !ok;
}

static int close_rel(double a, double b, double tol)
{
	return fabs(a - b) <= tol * fmax(fabs(a), fabs(b)) || fabs(a - b) <= 1e-300;
}

static uint64_t lcg_state = 88172645463325252ULL;
static double lcg01(void)
{
	lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(lcg_state >> 11) * ldexp(1.0, -53);
}

/* Effects of y by plain means (the refit). */
static void effects_of(const double *y, size_t n, size_t J, size_t X_, double *eff)
{
	double *ei = xmalloc(n * J * X_ * sizeof *ei), *en = xmalloc(n * J * X_ * sizeof *en);
	anova(y, n, J, X_, eff, ei, en);
	free(ei);
	free(en);
}

static void selftest_anova(void)
{
	static const size_t shapes[][3] = { { 2, 2, 2 }, { 3, 4, 2 }, { 5, 3, 3 }, { 7, 6, 4 }, { 2, 9, 5 } };
	int ok_sum = 1, ok_fit = 1, ok_cell = 1, ok_margin = 1, ok_refit = 1;
	double worst = 0;
	for (size_t sh = 0; sh < sizeof shapes / sizeof *shapes; sh++)
		for (int rep = 0; rep < 20; rep++) {
			size_t n = shapes[sh][0], J = shapes[sh][1], x = shapes[sh][2], N = n * J * x;
			double *y = xmalloc(N * sizeof *y), *eff = xmalloc(J * sizeof *eff);
			double *ei = xmalloc(N * sizeof *ei), *en = xmalloc(N * sizeof *en);
			double *ys = xmalloc(N * sizeof *ys), *e1 = xmalloc(J * sizeof *e1), *e2 = xmalloc(J * sizeof *e2);
			size_t *idx = xmalloc(N * sizeof *idx);
			for (size_t c = 0; c < N; c++)
				y[c] = rep % 3 == 0 ? floor(lcg01() * 11) / 10 : lcg01();
			anova(y, n, J, x, eff, ei, en);
			/* recompute the means independently (column sums, not the same loops) */
			double gm = 0, *ri = xcalloc(n, sizeof *ri), *cj = xcalloc(J, sizeof *cj);
			double *cell = xcalloc(n * J, sizeof *cell);
			for (size_t c = 0; c < N; c++) {
				size_t i = c / (J * x), j = (c / x) % J;
				gm += y[c] / (double)N;
				ri[i] += y[c] / (double)(J * x);
				cj[j] += y[c] / (double)(n * x);
				cell[i * J + j] += y[c] / (double)x;
			}
			double se = 0;
			for (size_t j = 0; j < J; j++) {
				se += eff[j];
				ok_sum &= fabs(eff[j] - (cj[j] - gm)) <= 1e-12;
			}
			ok_sum &= fabs(se) <= 1e-12;
			for (size_t c = 0; c < N; c++) {
				size_t i = c / (J * x), j = (c / x) % J;
				double fi = cell[i * J + j], fn = ri[i] + cj[j] - gm;
				ok_fit &= fabs(fi + ei[c] - y[c]) <= 1e-12 && fabs(fn + en[c] - y[c]) <= 1e-12;
			}
			for (size_t i = 0; i < n; i++)
				for (size_t j = 0; j < J; j++) {
					double s1 = 0;
					for (size_t k = 0; k < x; k++)
						s1 += ei[(i * J + j) * x + k];
					ok_cell &= fabs(s1) <= 1e-12;
				}
			for (size_t i = 0; i < n; i++) {
				double s1 = 0, s2 = 0;
				for (size_t j = 0; j < J; j++)
					for (size_t k = 0; k < x; k++) {
						s1 += en[(i * J + j) * x + k];
						s2 += ei[(i * J + j) * x + k];
					}
				ok_margin &= fabs(s1) <= 1e-12 && fabs(s2) <= 1e-12;
			}
			for (size_t j = 0; j < J; j++) {
				double s1 = 0;
				for (size_t i = 0; i < n; i++)
					for (size_t k = 0; k < x; k++)
						s1 += en[(i * J + j) * x + k];
				ok_margin &= fabs(s1) <= 1e-12;
			}
			/* the bootstrap effect is the refit of fitted + resampled residuals */
			for (int md = 0; md < 2; md++) {
				const double *e = md ? en : ei;
				for (size_t c = 0; c < N; c++)
					idx[c] = resid_index(S, (uint64_t)sh + 1, (uint64_t)rep + 1, c, N);
				boot_effects(e, idx, n, J, x, eff, e1);
				for (size_t c = 0; c < N; c++)
					ys[c] = (y[c] - e[c]) + e[idx[c]];
				effects_of(ys, n, J, x, e2);
				for (size_t j = 0; j < J; j++) {
					double d = fabs(e1[j] - e2[j]);
					if (d > worst)
						worst = d;
					ok_refit &= d <= 1e-12;
				}
			}
			free(y); free(eff); free(ei); free(en); free(ys); free(e1); free(e2); free(idx);
			free(ri); free(cj); free(cell);
		}
	check(ok_sum, "ANOVA on random data (5 shapes x 20): effects = run mean - grand mean, summing to 0");
	check(ok_fit, "ANOVA: fitted + residuals = data, for both models");
	check(ok_cell, "ANOVA: interaction residuals sum to 0 within each (topic, run) cell");
	check(ok_margin, "ANOVA: residuals of both models sum to 0 over each topic; without interactions over each run");
	char msg[200];
	snprintf(msg, sizeof msg, "bootstrap effect = least-squares refit of fitted + resampled residuals, both models (worst %.2g)", worst);
	check(ok_refit, msg);
}

static int selftest(void)
{
	static const unsigned s5[] = { 429, 43, 92, 998, 552 };
	static const unsigned part[] = { 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0 };
	static const unsigned bits[] = { 0, 0, 0, 0, 0, 0, 0, 1, 1, 1 };
	const char *doc = "FBIS3-162447";
	uint64_t one = 1;
	int ok = 1;

	uint64_t i10[2] = { 1, 0 };
	check(word(1, 1, i10, 2) == 0x2030470432df129cULL, "word(1,1,1,0) = 0x2030470432df129c");
	for (uint64_t c = 0; c < 5; c++)
		ok &= resid_index(1, 1, 1, c, 1000) == s5[c];
	check(ok, "stream 5, s = 1, m = 1, N = 1000, cells 0..4: 429 43 92 998 552");
	check(docword(1, 4, doc, strlen(doc), &one, 1) == 0x43d431adf96b7984ULL,
	      "docword(1,4,'FBIS3-162447',1) = 0x43d431adf96b7984");
	ok = 1;
	for (uint64_t s = 1; s <= 11; s++)
		ok &= part_of(1, doc, strlen(doc), s, 2) == part[s - 1];
	check(ok, "stream 4: FBIS3-162447, x = 2, splits 1..11: parts 0 0 0 0 1 1 0 0 1 1 0");
	check(uniform(docword(1, 7, doc, strlen(doc), &one, 1)) == 0.014584245866719803,
	      "uniform(docword(1,7,'FBIS3-162447',1)) = 0.014584245866719803");
	ok = 1;
	for (uint64_t t = 0; t < 10; t++)
		ok &= flip(1, 1, t) == bits[t];
	check(ok, "stream 6: bit(word(1,6,1,t)), t = 0..9: 0 0 0 0 0 0 0 1 1 1");
	/* The draws of the hand cases of t_partitions.sh (draws.md's Python):
	 * stream 5, S = 1, s = 1, N = 8, m = 1..3; stream 6, S = 1, r = 1..8,
	 * t = 0..2. */
	static const unsigned h5[3][8] = { { 5, 3, 4, 6, 0, 3, 6, 1 }, { 5, 0, 4, 5, 2, 5, 4, 6 },
					   { 7, 0, 6, 5, 7, 7, 7, 3 } };
	static const unsigned h6[8][3] = { { 0, 0, 0 }, { 0, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 },
					   { 0, 0, 0 }, { 1, 1, 0 }, { 1, 1, 0 }, { 1, 1, 1 } };
	ok = 1;
	for (unsigned m = 1; m <= 3; m++)
		for (unsigned c = 0; c < 8; c++)
			ok &= resid_index(1, 1, m, c, 8) == h5[m - 1][c];
	for (unsigned r = 1; r <= 8; r++)
		for (unsigned t = 0; t < 3; t++)
			ok &= flip(1, r, t) == h6[r - 1][t];
	check(ok, "the draws of the hand cases: stream 5 (S 1, s 1, N 8, m 1..3), stream 6 (S 1, r 1..8, t 0..2)");

	/* The randomization test by hand: z = (1/2, -1/4, 1/8), sum 3/8; the
	 * sign vectors of r = 1..8 flip topics {}, {}, {0,1}, {1}, {}, {0,1},
	 * {0,1}, {0,1,2}: sums 3/8, 3/8, -1/8, 7/8, 3/8, -1/8, -1/8, -3/8;
	 * |sum| >= 3/8 for r = 1, 2, 4, 5, 8 (r = 8 an exact tie): 5. */
	{
		double z[3] = { 0.5, -0.25, 0.125 };
		check(rand_count(1, z, 3, 8) == 5, "randomization test by hand (3 topics, R = 8): 5 of 8, the tie r = 8 counted");
		/* A sum that is 0 in exact arithmetic but not in doubles:
		 * 0.1 + 0.2 - 0.3 = 5.55e-17; the tolerance makes every r count. */
		double z2[3] = { 0.1, 0.2, -0.3 };
		check(rand_count(1, z2, 3, 8) == 8, "randomization test: the 1e-9 tolerance (0.1 + 0.2 - 0.3): 8 of 8");
		double z3[3] = { 0, 0, 0 };
		check(rand_count(1, z3, 3, 5) == 5, "randomization test: identical runs (z = 0) give p = 1");
		double z4[1] = { -0.5 };
		check(rand_count(1, z4, 1, 7) == 7, "randomization test: one topic gives p = 1");
	}

	/* Benjamini-Hochberg by hand. */
	{
		double q[6];
		int okb = 1;
		/* p = (0.01, 0.04, 0.03, 0.005): sorted 0.005 0.01 0.03 0.04 ->
		 * 4p/r = 0.02 0.02 0.04 0.04; min from the right: 0.02 0.02 0.04 0.04 */
		double p1[4] = { 0.01, 0.04, 0.03, 0.005 }, w1[4] = { 0.02, 0.04, 0.04, 0.02 };
		bh(p1, 4, q);
		for (int i = 0; i < 4; i++)
			okb &= close_rel(q[i], w1[i], 1e-15);
		check(okb, "BH: (0.01, 0.04, 0.03, 0.005) -> (0.02, 0.04, 0.04, 0.02)");
		/* the monotone step: p = (0.02, 0.03, 0.04): 3p/r = 0.06 0.045 0.04 -> all 0.04 */
		double p2[3] = { 0.02, 0.03, 0.04 };
		bh(p2, 3, q);
		okb = close_rel(q[0], 0.04, 1e-15) && close_rel(q[1], 0.04, 1e-15) && close_rel(q[2], 0.04, 1e-15);
		check(okb, "BH, the monotone step: (0.02, 0.03, 0.04) -> (0.04, 0.04, 0.04)");
		/* ties: p = (0.5, 0.1, 0.1, 0.9): sorted 0.1 (pair 2), 0.1 (pair 3),
		 * 0.5, 0.9 -> 4p/r = 0.4, 0.2, 2/3, 0.9 -> q = (2/3, 0.2, 0.2, 0.9) */
		double p3[4] = { 0.5, 0.1, 0.1, 0.9 };
		bh(p3, 4, q);
		okb = close_rel(q[0], 2.0 / 3, 1e-15) && close_rel(q[1], 0.2, 1e-15) &&
		      close_rel(q[2], 0.2, 1e-15) && close_rel(q[3], 0.9, 1e-15);
		check(okb, "BH with ties: (0.5, 0.1, 0.1, 0.9) -> (2/3, 0.2, 0.2, 0.9)");
		/* p = (0, 0, 1/3, 1, 2/3, 0) over 6 pairs: sorted 0 0 0 1/3 2/3 1 ->
		 * 6p/r = 0 0 0 1/2 4/5 1 -> q = (0, 0, 1/2, 1, 4/5, 0) */
		double p4[6] = { 0, 0, 1.0 / 3, 1, 2.0 / 3, 0 };
		bh(p4, 6, q);
		okb = q[0] == 0 && q[1] == 0 && close_rel(q[2], 0.5, 1e-15) && q[3] == 1 &&
		      close_rel(q[4], 0.8, 1e-15) && q[5] == 0;
		check(okb, "BH: (0, 0, 1/3, 1, 2/3, 0) -> (0, 0, 1/2, 1, 4/5, 0)");
		/* one pair: q = p */
		double p5[1] = { 0.37 };
		bh(p5, 1, q);
		check(q[0] == 0.37, "BH with one pair: q = p");
		/* p = (0.01, 0.025): 2p/r = 0.02, 0.025 (both exact as doubles) */
		double p6[2] = { 0.01, 0.025 };
		bh(p6, 2, q);
		check(q[0] == 0.02 && q[1] == 0.025, "BH: (0.01, 0.025) -> (0.02, 0.025)");
	}

	/* Type-7 quantiles by hand: v = 1 2 3 4 5 6 7 8 9 10, n = 10:
	 * p 0.025: h = 1.225 -> 1.225; p 0.975: h = 9.775 -> 9.775;
	 * n = 3 (0, 1, 4): 0.025 -> h = 1.05 -> 0.05; 0.975 -> h = 2.95 -> 1 + 0.95 * 3 = 3.85;
	 * n = 1: the value. */
	{
		double v[10] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }, w[3] = { 0, 1, 4 }, u[1] = { -2 };
		check(close_rel(quantile7(v, 10, 0.025), 1.225, 1e-15) &&
		      close_rel(quantile7(v, 10, 0.975), 9.775, 1e-15) &&
		      close_rel(quantile7(w, 3, 0.025), 0.05, 1e-15) &&
		      close_rel(quantile7(w, 3, 0.975), 3.85, 1e-15) &&
		      quantile7(u, 1, 0.025) == -2 && quantile7(u, 1, 0.975) == -2,
		      "type-7 quantiles at 0.025 and 0.975 (n = 10, 3, 1)");
	}

	/* Student t p-values against closed forms: df = 1: (2/pi) atan(1/|t|);
	 * df = 2: 1 - |t| / sqrt(2 + t^2). */
	{
		static const double tv[] = { 1e-6, 0.01, 0.3, 1, 1.7320508075688772, 2.5, 4, 12.5, 100, 1e4 };
		double worst = 0;
		for (size_t i = 0; i < sizeof tv / sizeof *tv; i++) {
			double t = tv[i], r = sqrt(2 + t * t);
			double p1 = 2 / PI * atan(1 / t), p2 = 2 / (r * (r + t));
			double e1 = fabs(tpval(t, 1) - p1) / p1, e2 = fabs(tpval(-t, 2) - p2) / p2;
			worst = fmax(worst, fmax(e1, e2));
		}
		char msg[200];
		snprintf(msg, sizeof msg, "Student t p-values, df 1 and 2, against closed forms (worst relative error %.2g)", worst);
		check(worst < 1e-12, msg);
		check(close_rel(tpval(2.0085591121007611, 50), 0.05, 1e-9) &&
		      close_rel(tpval(2.8609346064649792, 19), 0.01, 1e-9),
		      "Student t p-values: the 0.975 quantile of df 50 and the 0.995 quantile of df 19");
		/* the paired test: z = (1/4, 1/2): t = 3, df 1: p = (2/pi) atan(1/3);
		 * z constant 0: p = 1; z constant 0.25: p = 0 */
		double z1[2] = { 0.25, 0.5 }, z2[3] = { 0, 0, 0 }, z3[3] = { 0.25, 0.25, 0.25 };
		check(close_rel(ttest_p(z1, 2), 2 / PI * atan(1.0 / 3), 1e-13) && ttest_p(z2, 3) == 1 &&
		      ttest_p(z3, 3) == 0, "paired t-test: z = (1/4, 1/2) p = (2/pi) atan(1/3); sd = 0 gives 1 or 0");
	}

	selftest_anova();
	return nfail ? 1 : 0;
}

/* ---- main ------------------------------------------------------------------ */

int main(int argc, char **argv)
{
	const char *values = NULL, *keep = NULL, *fragfile = NULL, *tracefile = NULL;
	char **files;
	size_t nfiles = 0;
	int i;

	if (argc == 2 && strcmp(argv[1], "--selftest") == 0)
		return selftest();
	files = xmalloc((size_t)argc * sizeof *files);
	mspecs = xmalloc((size_t)argc * sizeof *mspecs);
	cbeval_path = getenv("CBEVAL") ? getenv("CBEVAL") : "./cbeval";
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED() do { if (!v) die("option needs a value", a); i++; } while (0)
		if (strcmp(a, "--") == 0) {
			for (i++; i < argc; i++)
				files[nfiles++] = argv[i];
			break;
		} else if (!strcmp(a, "--partitions")) {
			NEED(); X = (unsigned)num_arg(v, 2, 64, a);
		} else if (!strcmp(a, "--splits")) {
			NEED(); K = (unsigned long)num_arg(v, 1, 1000, a);
		} else if (!strcmp(a, "--resamples")) {
			NEED(); M = (unsigned long)num_arg(v, 1, 1000000, a);
		} else if (!strcmp(a, "--randomizations")) {
			NEED(); R = (unsigned long)num_arg(v, 1, 10000000, a);
		} else if (!strcmp(a, "--seed")) {
			NEED(); S = num_arg(v, 0, 9223372036854775807ULL, a);
		} else if (!strcmp(a, "-p")) {
			NEED(); P = (int)num_arg(v, 0, 17, a);
		} else if (!strcmp(a, "-m")) {
			NEED(); mspecs[nmspecs++] = (char *)v;
		} else if (!strcmp(a, "-l")) {
			NEED(); opt_l = v;
		} else if (!strcmp(a, "-M")) {
			NEED(); opt_M = v; num_arg(v, 1, ~0ULL, a);
		} else if (!strcmp(a, "--order")) {
			NEED(); opt_order = v;
			if (strcmp(v, "score") && strcmp(v, "rank") && strcmp(v, "file"))
				die("bad --order", v);
		} else if (!strcmp(a, "--dedup")) {
			opt_dedup = 1;
		} else if (!strcmp(a, "--cbeval")) {
			NEED(); cbeval_path = v;
		} else if (!strcmp(a, "--keep")) {
			NEED(); keep = v;
		} else if (!strcmp(a, "--fragile")) {
			NEED(); fragfile = v;
		} else if (!strcmp(a, "--trace")) {
			NEED(); tracefile = v;
		} else if (!strcmp(a, "--alt-order")) {
			alt_order = 1;
		} else if (!strcmp(a, "--values")) {
			NEED(); values = v;
		} else if (a[0] == '-' && a[1]) {
			die("unknown option", a);
		} else {
			files[nfiles++] = argv[i];
		}
#undef NEED
	}
	if (X == 0) {
		fprintf(stderr, "usage: %s --partitions X [--splits K] [--resamples M] [--randomizations R]\n"
				"         [--seed S] [-p P] [-m SPEC]... [-l N] [-M N] [--order KEY] [--dedup]\n"
				"         [--cbeval PATH] [--keep DIR] [--fragile FILE] [--trace FILE] QRELS RUN...\n"
				"       %s --values FILE --partitions X [...]\n"
				"       %s --selftest\n", REF_PROG, REF_PROG, REF_PROG);
		return 2;
	}
	if (fragfile && !(ffrag = fopen(fragfile, "w")))
		die("cannot write", fragfile);
	if (tracefile && !(ftrace = fopen(tracefile, "w")))
		die("cannot write", tracefile);

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
		if (keep) {
			if (mkdir(keep, 0755) != 0 && errno != EEXIST)
				die("cannot create", keep);
			tmpdir = xstrdup(keep);
			keep_files = 1;
		} else {
			const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
			tmpdir = xprintf2(base, "/ref_partitions.XXXXXX");
			if (!mkdtemp(tmpdir))
				die("cannot create a temporary directory", tmpdir);
		}
		materialise_and_score(files[0], files + 1, nfiles - 1, tmpdir);
	}
	set_outm();
	warn_dropped();

	printf("measure\tsplit\trunA\trunB\tstatistic\tvalue\n");
	for (size_t k = 0; k < noutm; k++)
		analyse_measure(outm[k]);
	if (fflush(stdout) || ferror(stdout))
		die("write error", NULL);
	if (ffrag && fclose(ffrag))
		die("write error", fragfile);
	if (ftrace && fclose(ftrace))
		die("write error", tracefile);

	if (tmpdir && !keep) {
		/* the part files are removed as they are used */
		char buf[4096];
		snprintf(buf, sizeof buf, "%s/full.images", tmpdir); remove(buf);
		snprintf(buf, sizeof buf, "%s/full.err", tmpdir); remove(buf);
		if (rmdir(tmpdir) != 0)
			fprintf(stderr, "%s: warning: could not remove %s\n", REF_PROG, tmpdir);
	}
	free(tmpdir);
	free(files);
	free(mspecs);
	free(outm);
	free(full);
	free(yv);
	free(kept);
	free_names(&runs); free_names(&topics); free_names(&meas);
	return 0;
}
