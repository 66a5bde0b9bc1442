/*
 * tests/ref_bias.c - a slow, independent reference for `cbeval --bias`
 * (shared spec bias.md, after Cormack & Grossman, SIGIR 2019; random draws
 * from draws.md, streams 8, 9 and 10), used by tests/t_bias.sh.
 *
 * It includes no project header and shares no code with cbeval: its own
 * parser of qrels and runs, its own ordering of rankings, its own copy of
 * the draw functions and of the image function (ref_common.h: the
 * floating-point definition of the manual page, THE BOOTSTRAP IMAGE), its
 * own pools, engineered runs, Kendall tau-b and estimates.  Every
 * per-topic value comes from plain cbeval: for each replicate of each
 * collection the reference MATERIALISES the qrels and every run as files
 * (in an image b, each document of multiplicity k repeated in place as the
 * copies "docno~1".."docno~k" in run and qrels, as tests/test_images.c
 * does; at the root the docnos unchanged), scores them with
 * `cbeval -b 1 --images F -q --order file` and reads image 0 (the plain
 * evaluation printed with %.17g, so the values read back as cbeval's own
 * doubles).  Then it computes the table of the spec the obvious way: for
 * every collection, set and sample the draws recomputed from word(), every
 * run's sample score summed slot by slot, tau-b by the O(s^2) pair count.
 *
 * Usage:
 *   ref_bias [OPTIONS] QRELS RUN...
 *       the table of the spec on stdout.  OPTIONS, as cbeval's:
 *       --bias (accepted and ignored), --against SPEC (repeatable),
 *       -t T (1000), --topics N (the number of reference topics),
 *       --engineered, -b B, --top N, -m SPEC (repeatable; cbeval's
 *       default measures without it), --seed S (1), -p P (4), -l N, -M N,
 *       --order KEY; and the reference's own:
 *       --cbeval PATH   the cbeval that scores the files ($CBEVAL, else
 *                       ./cbeval)
 *       --keep DIR      materialise into DIR (created) and keep the files:
 *                       cC.rR.qrels and cC.rR.runJ for replicate R
 *                       (0-based) of collection C (0 = the reference) and
 *                       run position J (the kept runs, then the engineered
 *                       ones), cC.rR.images, and root.images (the runs as
 *                       given, scored for --top and the names)
 *       --fragile FILE  write the cells that hang on a near-tie (choice 9)
 *                       to FILE: "measure collection truth statistic LO HI"
 *                       (the range every decision of the near-ties gives),
 *                       or "... * *" (any value: NA or not hangs on them)
 *       --trace FILE    write every sample's tau-b to FILE:
 *                       "tau MEASURE sigma C - B VALUE" (sets 1 and 2 of
 *                       collection C) and "tau MEASURE Delta C D B VALUE"
 *                       (set 1 of C, set 2 of D); VALUE NA when undefined
 *       --alt-order     sum the sample scores right to left, the replicates
 *                       in reverse and tau-b's denominator as two roots: a
 *                       stand-in for an implementation that rounds
 *                       otherwise, to check that t_bias.sh tolerates what
 *                       it should (near-ties); not used by the test itself
 *   ref_bias --values FILE [-t T] [--topics N] [--seed S] [-p P]
 *                       [--fragile FILE] [--trace FILE]
 *       the same analysis on given per-topic values: FILE is TSV with the
 *       header "collection replicate run qid measure value"; collections,
 *       runs, topics (in topic order) and measures in the order of first
 *       appearance, the first collection being c = 0; a collection has
 *       1 + its largest replicate number; every cell must be given.
 *       Measures named GM(...) aggregate geometrically.
 *   ref_bias --selftest
 *       draws.md's vectors through this file's draw functions, vectors of
 *       streams 8, 9 and 10 computed with draws.md's Python, the image
 *       function against the manual page's example, tau-b on hand cases
 *       with ties, the aggregate's order of additions, the engineered
 *       permutation by hand, the number format.
 *   ref_bias --draws S STREAM N COUNT [I1 ...]
 *       prints index(word(S, STREAM, I1, ..., i), N) for i = 0..COUNT-1.
 *
 * Choices where the spec leaves room (to reconcile with cbeval):
 *  1. Topics are the reference qrels' qids in natural order (numeric when
 *     every qid is a string of digits: leading zeros ignored, then by
 *     length and bytes, equal numbers by bytes; byte order otherwise);
 *     topic position t is 0-based in that order.  The reference checks
 *     that cbeval prints its topics in the same order.
 *  2. Rankings: lines of qids that are not reference topics are dropped;
 *     --order score sorts by score descending and ties by docno
 *     descending (strcmp), rank by rank ascending and ties in file order,
 *     file keeps the file order; then the ranking is cut at -M.  The same
 *     docno twice in a topic is an error (cbeval without --dedup).  The
 *     materialised runs are written in this order and scored with
 *     --order file (copies adjacent, in place).
 *  3. Run names are cbeval's: the tag of the first run line; a name taken
 *     by an earlier file (or "all") becomes TAG#2, TAG#3, ...  The
 *     reference checks them against cbeval's root evaluation and writes
 *     each materialised run with its name as tag.  --top N keeps the N
 *     runs with the highest `all` value of the first output measure in
 *     cbeval's root evaluation of the files as given (with -l, -M,
 *     --order), ties by command-line position, in command-line order.
 *  4. Engineered runs (--engineered): for kept run j and topic t, the m
 *     documents of the ranking judged in the reference with grade >= -l,
 *     in rank order, fill slots 0..m-1; for i = m-1 down to 1 slot i is
 *     swapped with slot index(word(S,10,j,t,i), i+1); the permuted
 *     documents go back to the ranks that held relevant documents, in
 *     rank order.  Named NAME~perm, after the kept runs, in their order.
 *     The permutation is made once, at the root; an image repeats each
 *     document of the engineered ranking by its own k.
 *  5. Collections: c = 0 the reference (QRELS), then each --against in
 *     order, named by SPEC as given.  "pool:K" (K >= 1 digits): per topic,
 *     the documents at positions 1..K of at least one kept command-line
 *     run (never an engineered run) - with -b, positions in the image,
 *     where a document of multiplicity k occupies k positions and is in
 *     the pool when its first copy is at a position <= K (all its copies
 *     are then judged: the pool is a set of documents, as pools.md's
 *     multiplicities say) - and the reference judgements of those
 *     documents.  A SPEC with a comma is a list of qrels files, one
 *     replicate each (with -b a usage error); otherwise a qrels file.
 *     Every file must judge exactly the reference topics (exit 2 naming
 *     the file and the topic).  Without -b r_c = 1 (the root); with -b B
 *     the replicates of a single-file collection and of a pool are images
 *     1..B (replicate r = image r+1).
 *  6. A topic of the reference without a line in a materialised qrels
 *     (every judged document of multiplicity 0, or nothing judged in the
 *     pool) gets the line "QID 0 NEVER -2147483647" for a docno NEVER
 *     that no run retrieves, so that plain cbeval keeps the topic (R = 0:
 *     every measure 0 except num_ret and judged@k, which the line does not
 *     change).  Only such topics get it (bpref counts judged nonrelevant
 *     documents).  With -l -2147483647 the line would be relevant: the
 *     reference refuses that level.  Every materialised run starts with a
 *     line for a qid that is no reference topic, tagged with the run's
 *     name, so that a run emptied by an image is still a run.
 *  7. score(c, t, r, j) is run j's image-0 value on topic t in replicate r
 *     of collection c (for GM(M), M's per-topic value, which cbeval -q
 *     prints as GM(M)'s).  agg of values v_0..v_{k-1}: s = 0, s += v_i
 *     (GM: s += log(v_i + 0.00001)) for i = 0..k-1 in double, then s / k
 *     (GM: exp(s / k) - 0.00001), for every measure (num_ret too: a mean).
 *     Sample b of set h of collection c, slot i: t = index(word(S,9,c,h,
 *     b,i), n), r = index(word(S,8,c,h,b,i), r_c).  The root score of a
 *     run in c is agg over t = 0..n-1 of (sum over r = 0..r_c-1 in order
 *     of score(c,t,r,j)) / r_c.
 *  8. tau-b compares the doubles exactly: n0 = s(s-1)/2, n1 (n2) the pairs
 *     tied in x (y), S = concordant - discordant as integers;
 *     tau = S / sqrt((double)(n0-n1) * (double)(n0-n2)); undefined when
 *     n0 = n1 or n0 = n2.  delta^2 = (1 - tau) * (1 - tau).  A mean is the
 *     sum over the defined samples in b order / their count, NA when there
 *     is none.  sigma2 = mean / 2; b2 = (Delta - sigma2(c)) - sigma2(d);
 *     rmse^2 = Delta - sigma2(d); root = sqrt(x) for x >= 0, else
 *     -sqrt(-x).
 *  9. Near-ties (--fragile): the spec compares the sample scores exactly,
 *     but per-topic values that are equal in real arithmetic may differ in
 *     the last bits between two correct implementations (an image's value
 *     computed from multiplicities or from copies), and sums of the same
 *     values in other slot orders differ by rounding.  Two runs of a sample
 *     (or of the root scores) whose scores are within 1e-10 x the larger
 *     magnitude (equal included) and whose values are not identical slot
 *     by slot (topic by topic at the root) are a near-tie: their order may
 *     be <, = or >.  Identical values slot by slot tie exactly in any
 *     implementation that sums in slot order, so they are never near-ties
 *     - at the root, where the values are cbeval's own; in images (-b)
 *     only when the two runs also have the same signature on each slot's
 *     topic and replicate (the judgement, grade and multiplicity of each
 *     document of the image in rank order, all that a value is a function
 *     of; for a
 *     measure without graded gains - all but nDCG, nCG, Q and their GM -
 *     the grade only as its class: relevant at -l or not, negative or
 *     not, as the manual page's MEASURES define them) or the
 *     values are 0 (nothing relevant found: 0 in any implementation), as
 *     other values equal by coincidence may differ in the last bit when
 *     computed from multiplicities.
 *     For every tau-b the reference bounds the value over every decision
 *     of the near-ties of both rankings, each pair decided independently
 *     (a superset of what an implementation can reach): S = C - D within
 *     [Smin, Smax], n1 and n2 within their ranges, tau-b within
 *     [Smin / denominator, Smax / denominator] at the extreme denominators,
 *     clamped to [-1, 1]; delta^2 within the squares.  The ranges carry
 *     through the means (sum of lows and of highs / the count), sigma2,
 *     Delta, b2 = Delta - sigma2(c) - sigma2(d) (interval arithmetic:
 *     low Delta - high sigma2s, ...), rmse^2 and the roots, which are
 *     monotone.  A cell whose range is not one value is listed with it; a
 *     cell that uses a sample whose definedness (all tied or not) hangs on
 *     near-ties is listed with "*".  The table prints the reference's own
 *     decision, the exact comparison of its doubles.
 * 10. Numbers: `replicates` with %.0f; the rest %.*f with P decimals, a
 *     result that reads as zero printed without its minus sign; NA.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define REF_PROG "ref_bias"
#define REF_USAGE_STATUS 1   /* as cbeval's usage errors */
#include "ref_common.h"

#define GM_EPS 0.00001
#define NEAR 1e-10

/* ---- small helpers ----------------------------------------------------- */

/* A usage error: exit status 1, as cbeval's. */
static void udie(const char *msg, const char *arg)
{
	fprintf(stderr, "%s: %s%s%s\n", REF_PROG, msg, arg ? ": " : "", arg ? arg : "");
	exit(1);
}

static char *xprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char buf[256];
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("bad format", fmt);
	char *p = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}




static int skipped(const char *line)
{
	if (line[0] == '#')
		return 1;
	for (const char *p = line; *p; p++)
		if (*p != ' ' && *p != '\t')
			return 0;
	return 1;
}



static double parse_double(const char *s, const char *what)
{
	char *end;
	errno = 0;
	double x = strtod(s, &end);
	if (end == s || *end || errno == EINVAL || !isfinite(x))
		die(what, s);
	return x;
}

static int cmp_str(const char *a, const char *b)
{
	return strcmp(a, b);
}

/* ---- a string table (docnos, names) with a hash --------------------------- */

struct strtab {
	char **s;
	size_t n, cap;
	size_t *slot;	/* open addressing: index + 1, 0 empty */
	size_t nslot;
};

static uint64_t hstr(const char *s) { return fnv(s, strlen(s)); }

static void st_grow(struct strtab *t)
{
	size_t ns = t->nslot ? 2 * t->nslot : 1024;
	size_t *sl = xcalloc(ns, sizeof *sl);
	for (size_t i = 0; i < t->n; i++) {
		size_t h = (size_t)(hstr(t->s[i]) & (ns - 1));
		while (sl[h])
			h = (h + 1) & (ns - 1);
		sl[h] = i + 1;
	}
	free(t->slot);
	t->slot = sl;
	t->nslot = ns;
}

static long st_find(const struct strtab *t, const char *s)
{
	if (!t->nslot)
		return -1;
	size_t h = (size_t)(hstr(s) & (t->nslot - 1));
	while (t->slot[h]) {
		if (strcmp(t->s[t->slot[h] - 1], s) == 0)
			return (long)(t->slot[h] - 1);
		h = (h + 1) & (t->nslot - 1);
	}
	return -1;
}

static size_t st_intern(struct strtab *t, const char *s)
{
	long i = st_find(t, s);
	if (i >= 0)
		return (size_t)i;
	if (2 * (t->n + 1) > t->nslot)
		st_grow(t);
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 256;
		t->s = xrealloc(t->s, t->cap * sizeof *t->s);
	}
	t->s[t->n] = xstrdup(s);
	size_t h = (size_t)(hstr(s) & (t->nslot - 1));
	while (t->slot[h])
		h = (h + 1) & (t->nslot - 1);
	t->slot[h] = t->n + 1;
	return t->n++;
}

static void st_free(struct strtab *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->s[i]);
	free(t->s);
	free(t->slot);
	memset(t, 0, sizeof *t);
}

/* ---- the image function (manual page, THE BOOTSTRAP IMAGE) ------------ */

/* k of a docno in image b (b = 0: the root, 1), in doubles as documented. */
static unsigned image_k(const char *docno, uint64_t seed, uint64_t b)
{
	return ref_image_k(docno, strlen(docno), seed, b);
}

/* ---- the draws of streams 8, 9, 10 ---------------------------------------- */

static uint64_t S = 1;

static size_t draw_topic(uint64_t c, uint64_t h, uint64_t b, uint64_t i, size_t n)
{
	uint64_t idx[4] = { c, h, b, i };
	return (size_t)windex(word(S, 9, idx, 4), n);
}

static size_t draw_rep(uint64_t c, uint64_t h, uint64_t b, uint64_t i, size_t r)
{
	uint64_t idx[4] = { c, h, b, i };
	return (size_t)windex(word(S, 8, idx, 4), r);
}

/* The engineered permutation (choice 4): slot[0..m-1] permuted in place. */
static void permute(size_t *slot, size_t m, uint64_t j, uint64_t t)
{
	for (size_t i = m; i-- > 1;) {
		uint64_t idx[3] = { j, t, i };
		size_t o = (size_t)windex(word(S, 10, idx, 3), (uint64_t)i + 1);
		size_t x = slot[i];
		slot[i] = slot[o];
		slot[o] = x;
	}
}

/* ---- statistics ------------------------------------------------------------ */

static int alt_order;	/* --alt-order */

static double agg(const double *v, size_t k, int gm)
{
	double s = 0;
	if (alt_order) {	/* another order of the additions (see --alt-order) */
		for (size_t i = k; i-- > 0;)
			s += gm ? log(v[i] + GM_EPS) : v[i];
		if (gm)
			return exp(s / (double)k) - GM_EPS;
		return s / (double)k;
	}
	for (size_t i = 0; i < k; i++)
		s += gm ? log(v[i] + GM_EPS) : v[i];
	if (gm)
		return exp(s / (double)k) - GM_EPS;
	return s / (double)k;
}

static int sgn(double a, double b) { return (a > b) - (a < b); }

/* tau-b of x and y over s runs (choice 8); 0 when undefined. */
static int taub(const double *x, const double *y, size_t s, double *tau)
{
	long long n0 = (long long)s * ((long long)s - 1) / 2, n1 = 0, n2 = 0, cd = 0;
	for (size_t i = 0; i < s; i++)
		for (size_t j = i + 1; j < s; j++) {
			int a = sgn(x[i], x[j]), b = sgn(y[i], y[j]);
			n1 += a == 0;
			n2 += b == 0;
			cd += a * b;
		}
	if (n0 == n1 || n0 == n2)
		return 0;
	if (alt_order)
		*tau = (double)cd / sqrt((double)(n0 - n1)) / sqrt((double)(n0 - n2));
	else
		*tau = (double)cd / sqrt((double)(n0 - n1) * (double)(n0 - n2));
	return 1;
}

static double sroot(double x) { return x >= 0 ? sqrt(x) : -sqrt(-x); }

static int near(double a, double b)
{
	return fabs(a - b) <= NEAR * fmax(fabs(a), fabs(b));
}

/* ---- configuration ------------------------------------------------------------ */

static unsigned long T = 1000, NP;	/* samples, n' (0: n) */
static unsigned long B;			/* -b */
static unsigned long TOP;		/* --top (0: none) */
static int P = 4, engineered;
static long level = 1;
static const char *opt_l, *opt_M, *opt_order;
static const char *cbeval_path;
static char **mspecs;
static int nmspecs;
static FILE *ffrag, *ftrace;

/* ---- the data of the analysis -------------------------------------------- */

static struct strtab topics, runnames, meas;	/* topic order, run order, measure order */
static size_t NC;				/* collections */
static char **cname;				/* [c] */
static size_t *nrep, *roff;			/* [c] replicates, offset */
static size_t NREP;				/* sum of nrep */
static double *val;				/* [((roff[c] + r) * NM + m) * NJ + j) * NT + t] */
static uint64_t *sig, *sigb;			/* with -b: [((roff[c] + r) * NJ + j) * NT + t] */

#define NT (topics.n)
#define NJ (runnames.n)
#define NM (meas.n)

static double *V(size_t c, size_t r, size_t m, size_t j)
{
	return val + ((((roff[c] + r) * NM + m) * NJ + j) * NT);
}

static void alloc_values(void)
{
	size_t n = NREP * NM * NJ * NT;
	val = xmalloc(n * sizeof *val);
	for (size_t i = 0; i < n; i++)
		val[i] = NAN;
	sig = xcalloc(NREP * NJ * NT, sizeof *sig);
	sigb = xcalloc(NREP * NJ * NT, sizeof *sigb);
}

/* A measure of graded gains (nDCG, nCG, Q, their GM); the others see
 * only each document's class (choice 9). */
static int graded(const char *name)
{
	if (strncmp(name, "GM(", 3) == 0)
		name += 3;
	return strncmp(name, "nDCG@", 5) == 0 || strncmp(name, "nCG@", 4) == 0 ||
	       strcmp(name, "Q") == 0 || strcmp(name, "Q)") == 0;
}

/* The signature of run j on topic t in replicate r of c for measure m
 * (choice 9). */
static uint64_t SIG(size_t m, size_t c, size_t r, size_t j, size_t t)
{
	size_t i = ((roff[c] + r) * NJ + j) * NT + t;
	return graded(meas.s[m]) ? sig[i] : sigb[i];
}


static int is_gm(const char *name) { return strncmp(name, "GM(", 3) == 0; }


static int numeric_order;

static int qid_cmp(const void *pa, const void *pb)
{
	const char *a = *(const char *const *)pa, *b = *(const char *const *)pb;
	if (numeric_order) {
		const char *x = a, *y = b;
		while (*x == '0' && x[1])
			x++;
		while (*y == '0' && y[1])
			y++;
		size_t lx = strlen(x), ly = strlen(y);
		if (lx != ly)
			return lx < ly ? -1 : 1;
		int r = strcmp(x, y);
		if (r)
			return r;
	}
	return strcmp(a, b);
}

/* ---- qrels and runs ------------------------------------------------------- */

static struct strtab docs;	/* every docno read */

struct judg {
	size_t d;	/* docno id */
	long g;		/* grade */
};

struct qrels {
	const char *path;
	struct judg **v;	/* [t] in file order */
	size_t *n;		/* [t] */
	struct judg **sorted;	/* [t] by docno id */
};

static void qrels_index(struct qrels *q);

/* Read a qrels file; ref: it defines the topics. */
static void read_qrels(struct qrels *q, const char *path, int ref)
{
	FILE *f = xfopen(path, "r");
	char *line = NULL, *fld[6];
	size_t cap = 0, lineno = 0, nl = 0, capl = 0;
	ssize_t len;
	struct row { char *qid; size_t d; long g; } *rows = NULL;
	while ((len = getline(&line, &cap, f)) != -1) {
		lineno++;
		chomp(line, &len);
		if (skipped(line))
			continue;
		if (fields(line, fld, 5) != 4)
			die("a qrels line without four fields in", path);
		char *end;
		errno = 0;
		long g = strtol(fld[3], &end, 10);
		if (end == fld[3] || *end || errno || g < -2147483647L || g > 2147483647L)
			die("a bad grade in", path);
		if (nl == capl) {
			capl = capl ? 2 * capl : 1024;
			rows = xrealloc(rows, capl * sizeof *rows);
		}
		rows[nl].qid = xstrdup(fld[0]);
		rows[nl].d = st_intern(&docs, fld[2]);
		rows[nl].g = g;
		nl++;
	}
	free(line);
	fclose(f);
	if (nl == 0)
		die("no judgement in", path);
	if (ref) {
		struct strtab tmp = { 0 };
		for (size_t i = 0; i < nl; i++)
			st_intern(&tmp, rows[i].qid);
		numeric_order = 1;
		for (size_t i = 0; i < tmp.n; i++)
			numeric_order &= all_digits(tmp.s[i]);
		char **v = xmalloc(tmp.n * sizeof *v);
		memcpy(v, tmp.s, tmp.n * sizeof *v);
		qsort(v, tmp.n, sizeof *v, qid_cmp);
		for (size_t i = 0; i < tmp.n; i++)
			st_intern(&topics, v[i]);
		free(v);
		st_free(&tmp);
	}
	q->path = path;
	q->v = xcalloc(NT, sizeof *q->v);
	q->n = xcalloc(NT, sizeof *q->n);
	size_t *capt = xcalloc(NT, sizeof *capt);
	for (size_t i = 0; i < nl; i++) {
		long t = st_find(&topics, rows[i].qid);
		if (t < 0) {
			fprintf(stderr, "%s: %s: topic %s is not a topic of the reference\n", REF_PROG, path, rows[i].qid);
			exit(2);
		}
		if (q->n[t] == capt[t]) {
			capt[t] = capt[t] ? 2 * capt[t] : 64;
			q->v[t] = xrealloc(q->v[t], capt[t] * sizeof **q->v);
		}
		q->v[t][q->n[t]].d = rows[i].d;
		q->v[t][q->n[t]].g = rows[i].g;
		q->n[t]++;
		free(rows[i].qid);
	}
	free(rows);
	free(capt);
	for (size_t t = 0; t < NT; t++)
		if (q->n[t] == 0) {
			fprintf(stderr, "%s: %s: lacks topic %s of the reference\n", REF_PROG, path, topics.s[t]);
			exit(2);
		}
	qrels_index(q);
}

static int cmp_judg(const void *pa, const void *pb)
{
	const struct judg *a = pa, *b = pb;
	return (a->d > b->d) - (a->d < b->d);
}

static void qrels_index(struct qrels *q)
{
	q->sorted = xcalloc(NT, sizeof *q->sorted);
	for (size_t t = 0; t < NT; t++) {
		q->sorted[t] = xmalloc((q->n[t] ? q->n[t] : 1) * sizeof **q->sorted);
		memcpy(q->sorted[t], q->v[t], q->n[t] * sizeof **q->sorted);
		qsort(q->sorted[t], q->n[t], sizeof **q->sorted, cmp_judg);
		for (size_t i = 1; i < q->n[t]; i++)
			if (q->sorted[t][i].d == q->sorted[t][i - 1].d) {
				fprintf(stderr, "%s: %s: docno %s twice in topic %s\n", REF_PROG, q->path,
					docs.s[q->sorted[t][i].d], topics.s[t]);
				exit(2);
			}
	}
}

/* The grade of d in topic t, or 0 with *judged = 0. */
static long grade_of(const struct qrels *q, size_t t, size_t d, int *judged)
{
	struct judg key = { d, 0 };
	struct judg *p = bsearch(&key, q->sorted[t], q->n[t], sizeof key, cmp_judg);
	*judged = p != NULL;
	return p ? p->g : 0;
}

struct run {
	const char *path;	/* NULL for an engineered run */
	char *tag, *name;
	size_t **d;		/* [t] the ranking (docno ids) */
	size_t *n;		/* [t] */
};

struct rline {
	size_t d;
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
		int c = cmp_str(docs.s[a->d], docs.s[b->d]);
		if (c)
			return -c;
	} else if (strcmp(order_key, "rank") == 0) {
		if (a->rank != b->rank)
			return a->rank < b->rank ? -1 : 1;
	}
	return (a->pos > b->pos) - (a->pos < b->pos);
}

static int cmp_size(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	return (a > b) - (a < b);
}

static void read_run(struct run *r, const char *path, unsigned long long cut)
{
	FILE *f = xfopen(path, "r");
	char *line = NULL, *fld[8];
	size_t cap = 0, lineno = 0;
	ssize_t len;
	struct rline **v = xcalloc(NT, sizeof *v);
	size_t *capt = xcalloc(NT, sizeof *capt);
	r->path = path;
	r->tag = NULL;
	r->name = NULL;
	r->n = xcalloc(NT, sizeof *r->n);
	r->d = xcalloc(NT, sizeof *r->d);
	while ((len = getline(&line, &cap, f)) != -1) {
		lineno++;
		chomp(line, &len);
		if (skipped(line))
			continue;
		if (fields(line, fld, 7) < 6)
			die("a run line with fewer than six fields in", path);
		if (!r->tag)
			r->tag = xstrdup(fld[5]);
		long t = st_find(&topics, fld[0]);
		if (t < 0)
			continue;
		if (r->n[t] == capt[t]) {
			capt[t] = capt[t] ? 2 * capt[t] : 256;
			v[t] = xrealloc(v[t], capt[t] * sizeof **v);
		}
		struct rline *e = &v[t][r->n[t]++];
		e->d = st_intern(&docs, fld[2]);
		e->score = parse_double(fld[4], "a bad score");
		e->rank = 0;
		if (strcmp(order_key, "rank") == 0) {
			char *end;
			errno = 0;
			e->rank = strtoll(fld[3], &end, 10);
			if (end == fld[3] || *end || errno)
				die("a bad rank in", path);
		}
		e->pos = lineno;
	}
	free(line);
	fclose(f);
	if (!r->tag)
		die("no run line in", path);
	for (size_t t = 0; t < NT; t++) {
		size_t n = r->n[t];
		/* the same docno twice in a topic is an error without --dedup */
		size_t *c = xmalloc((n ? n : 1) * sizeof *c);
		for (size_t i = 0; i < n; i++)
			c[i] = v[t][i].d;
		qsort(c, n, sizeof *c, cmp_size);
		for (size_t i = 1; i < n; i++)
			if (c[i] == c[i - 1]) {
				fprintf(stderr, "%s: %s: docno %s twice in topic %s\n", REF_PROG, path,
					docs.s[c[i]], topics.s[t]);
				exit(2);
			}
		free(c);
		if (n)
			qsort(v[t], n, sizeof **v, cmp_rline);
		if (cut && n > cut)
			n = (size_t)cut;
		r->d[t] = xmalloc((n ? n : 1) * sizeof **r->d);
		for (size_t i = 0; i < n; i++)
			r->d[t][i] = v[t][i].d;
		r->n[t] = n;
		free(v[t]);
	}
	free(v);
	free(capt);
}

/* ---- running cbeval ------------------------------------------------------ */



/* Score QRELS and the run files with cbeval into the --images file img
 * (-q): as given (with -M and --order) or, materialised, with --order
 * file. */
static void score(const char *qrels, char **runfiles, size_t nrun, const char *img,
		  const char *errpath, int materialised)
{
	struct ref_opts o = { cbeval_path, mspecs, nmspecs, opt_l, opt_M,
			      opt_order, 0 };
	ref_score(&o, qrels, runfiles, nrun, img, errpath, 1, materialised);
}

/* The image-0 rows of an --images file: (run, qid, measure, value). */
struct irow {
	char *run, *qid, *m;
	double x;
};

static struct irow *read_images(const char *path, size_t *nrows)
{
	FILE *f = xfopen(path, "r");
	char *line = NULL, *fld[6];
	size_t cap = 0, n = 0, capr = 0, lineno = 0;
	ssize_t len;
	struct irow *rows = NULL;
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
			die("a bad line in an --images file", path);
		if (strcmp(fld[3], "0") != 0)
			continue;
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
	free(line);
	fclose(f);
	*nrows = n;
	return rows;
}

static void free_rows(struct irow *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(rows[i].run);
		free(rows[i].qid);
		free(rows[i].m);
	}
	free(rows);
}

/* ---- the runs: names, --top, engineered runs -------------------------------- */

static struct run *runs;	/* kept runs, then engineered ones */
static size_t nkept;

static void free_run(struct run *r)
{
	for (size_t t = 0; t < NT; t++)
		free(r->d[t]);
	free(r->d);
	free(r->n);
	free(r->tag);
	free(r->name);
}

static void free_qrels(struct qrels *q)
{
	for (size_t t = 0; t < NT; t++) {
		free(q->v[t]);
		free(q->sorted[t]);
	}
	free(q->v);
	free(q->n);
	free(q->sorted);
}

static void name_runs(struct run *r, size_t n)
{
	struct strtab taken = { 0 };
	st_intern(&taken, "all");
	for (size_t i = 0; i < n; i++) {
		if (st_find(&taken, r[i].tag) < 0) {
			r[i].name = xstrdup(r[i].tag);
		} else {
			for (unsigned long k = 2;; k++) {
				char *s = xprintf("%s#%lu", r[i].tag, k);
				if (st_find(&taken, s) < 0) {
					r[i].name = s;
					break;
				}
				free(s);
			}
		}
		st_intern(&taken, r[i].name);
	}
	st_free(&taken);
}

/* The engineered run of kept run j (choice 4). */
static void engineer(struct run *e, const struct run *r, size_t j, const struct qrels *ref)
{
	e->path = NULL;
	e->tag = NULL;
	e->name = xprintf("%s~perm", r->name);
	e->n = xcalloc(NT, sizeof *e->n);
	e->d = xcalloc(NT, sizeof *e->d);
	for (size_t t = 0; t < NT; t++) {
		size_t n = r->n[t], m = 0;
		size_t *ranks = xmalloc((n ? n : 1) * sizeof *ranks);
		size_t *slot = xmalloc((n ? n : 1) * sizeof *slot);
		e->n[t] = n;
		e->d[t] = xmalloc((n ? n : 1) * sizeof **e->d);
		memcpy(e->d[t], r->d[t], n * sizeof **e->d);
		for (size_t i = 0; i < n; i++) {
			int judged;
			long g = grade_of(ref, t, r->d[t][i], &judged);
			if (judged && g >= level) {
				ranks[m] = i;
				slot[m] = r->d[t][i];
				m++;
			}
		}
		permute(slot, m, j, t);
		for (size_t i = 0; i < m; i++)
			e->d[t][ranks[i]] = slot[i];
		free(ranks);
		free(slot);
	}
}

/* ---- collections ------------------------------------------------------------ */

enum { C_FILE, C_POOL };

struct coll {
	int kind;
	size_t nq;		/* qrels files (C_FILE) */
	struct qrels *q;
	unsigned long long K;	/* C_POOL */
};

static struct coll *colls;
static struct qrels refq;

/* Does SPEC name a pool?  Sets *K. */
static int pool_spec(const char *spec, unsigned long long *K)
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

static char *never_doc, *none_qid;
static int keep_files;
static unsigned *kcur;		/* multiplicities of the current image, per docno id */
static uint64_t kcur_b = UINT64_MAX;

static void set_image(uint64_t b)
{
	if (b == kcur_b)
		return;
	kcur = xrealloc(kcur, (docs.n ? docs.n : 1) * sizeof *kcur);
	for (size_t d = 0; d < docs.n; d++)
		kcur[d] = image_k(docs.s[d], S, b);
	kcur_b = b;
}

static void write_doc(FILE *f, const char *prefix, size_t d, uint64_t b, const char *suffix)
{
	if (b == 0) {
		fprintf(f, "%s%s%s", prefix, docs.s[d], suffix);
		return;
	}
	for (unsigned j = 1; j <= kcur[d]; j++)
		fprintf(f, "%s%s~%u%s", prefix, docs.s[d], j, suffix);
}

/* The pool of depth K in image b for topic t: in[d] = 1 for pooled docnos. */
static void make_pool(unsigned char *in, size_t t, unsigned long long K, uint64_t b)
{
	memset(in, 0, docs.n ? docs.n : 1);
	for (size_t j = 0; j < nkept; j++) {
		unsigned long long pos = 0;
		for (size_t i = 0; i < runs[j].n[t] && pos < K; i++) {
			size_t d = runs[j].d[t][i];
			unsigned k = b ? kcur[d] : 1;
			if (k == 0)
				continue;
			in[d] = 1;	/* its first copy is at pos + 1 <= K */
			pos += k;
		}
	}
}

static void materialise(size_t c, size_t r, const char *dir)
{
	uint64_t b = B ? r + 1 : 0;
	const struct coll *co = &colls[c];
	const struct qrels *q = co->kind == C_POOL ? &refq : (B ? &co->q[0] : &co->q[r]);
	char *qpath = xprintf("%s/c%zu.r%zu.qrels", dir, c, r);
	char *img = xprintf("%s/c%zu.r%zu.images", dir, c, r);
	char *err = xprintf("%s/c%zu.r%zu.err", dir, c, r);
	char **rpath = xmalloc(NJ * sizeof *rpath);
	unsigned char *in = co->kind == C_POOL ? xmalloc(docs.n ? docs.n : 1) : NULL;

	set_image(b);
	FILE *f = xfopen(qpath, "w");
	for (size_t t = 0; t < NT; t++) {
		size_t lines = 0;
		if (in)
			make_pool(in, t, co->K, b);
		/* choice 9: what the value of a run on this topic is a function
		 * of, in any implementation: each document's judgement, grade and
		 * multiplicity, in rank order */
		for (size_t j = 0; j < NJ; j++) {
			uint64_t h = 0x9e3779b97f4a7c15ULL, hb = h;
			for (size_t i = 0; i < runs[j].n[t]; i++) {
				size_t d = runs[j].d[t][i];
				int judged;
				long g = grade_of(q, t, d, &judged);
				if (in && !in[d])
					judged = 0;
				uint64_t x = judged ? (uint64_t)(g + 4294967296LL) : 1;
				/* the class: unjudged; judged and relevant or not, with
				 * a negative grade or not (bpref skips negative grades) */
				uint64_t cl = !judged ? 0 : 1 + (g >= level) * 2 + (g < 0);
				uint64_t k = b ? kcur[d] : 1;
				if (k == 0)	/* not in the image */
					continue;
				h = mix(h ^ (x * 0x100000001b3ULL + k));
				hb = mix(hb ^ (cl * 0x100000001b3ULL + k));
			}
			sig[((roff[c] + r) * NJ + j) * NT + t] = h;
			sigb[((roff[c] + r) * NJ + j) * NT + t] = hb;
		}
		for (size_t i = 0; i < q->n[t]; i++) {
			const struct judg *jd = &q->v[t][i];
			if (in && !in[jd->d])
				continue;
			char pre[4096 + 8], suf[32];
			snprintf(pre, sizeof pre, "%s 0 ", topics.s[t]);
			snprintf(suf, sizeof suf, " %ld\n", jd->g);
			write_doc(f, pre, jd->d, b, suf);
			lines += b ? kcur[jd->d] : 1;
		}
		if (lines == 0)	/* choice 6 */
			fprintf(f, "%s 0 %s -2147483647\n", topics.s[t], never_doc);
	}
	xfclose(f, qpath);
	for (size_t j = 0; j < NJ; j++) {
		rpath[j] = xprintf("%s/c%zu.r%zu.run%zu", dir, c, r, j);
		f = xfopen(rpath[j], "w");
		fprintf(f, "%s Q0 ref-bias-none 1 0 %s\n", none_qid, runs[j].name);
		for (size_t t = 0; t < NT; t++) {
			size_t len = 0, pos = 0;
			for (size_t i = 0; i < runs[j].n[t]; i++)
				len += b ? kcur[runs[j].d[t][i]] : 1;
			for (size_t i = 0; i < runs[j].n[t]; i++) {
				size_t d = runs[j].d[t][i];
				unsigned k = b ? kcur[d] : 1;
				for (unsigned x = 1; x <= k; x++, pos++) {
					if (b)
						fprintf(f, "%s Q0 %s~%u %zu %zu %s\n", topics.s[t], docs.s[d], x,
							pos + 1, len - pos, runs[j].name);
					else
						fprintf(f, "%s Q0 %s %zu %zu %s\n", topics.s[t], docs.s[d],
							pos + 1, len - pos, runs[j].name);
				}
			}
		}
		xfclose(f, rpath[j]);
	}
	free(in);

	score(qpath, rpath, NJ, img, err, 1);
	size_t nrows;
	struct irow *rows = read_images(img, &nrows);
	size_t seen = 0, tseq = 0;
	for (size_t i = 0; i < nrows; i++) {
		if (strcmp(rows[i].qid, "all") == 0)
			continue;
		long j = st_find(&runnames, rows[i].run), t = st_find(&topics, rows[i].qid);
		long m = st_find(&meas, rows[i].m);
		if (j < 0)
			die("cbeval named a run the reference did not write", rows[i].run);
		if (t < 0)
			die("cbeval printed a topic that is not in the reference", rows[i].qid);
		if (m < 0)
			die("cbeval printed another measure than at the root", rows[i].m);
		double *p = &V(c, r, (size_t)m, (size_t)j)[t];
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
	if (!keep_files) {
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
static void root_eval(const char *qrels, char **files, size_t nfiles, struct run *all, const char *dir)
{
	char *img = xprintf("%s/root.images", dir), *err = xprintf("%s/root.err", dir);
	score(qrels, files, nfiles, img, err, 0);
	size_t nrows;
	struct irow *rows = read_images(img, &nrows);
	struct strtab rn = { 0 };
	for (size_t i = 0; i < nrows; i++) {
		st_intern(&rn, rows[i].run);
		st_intern(&meas, rows[i].m);
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
	if (TOP && TOP < nfiles) {
		double *v = xmalloc(nfiles * sizeof *v);
		for (size_t i = 0; i < nfiles; i++)
			v[i] = NAN;
		for (size_t i = 0; i < nrows; i++)
			if (strcmp(rows[i].qid, "all") == 0 && strcmp(rows[i].m, meas.s[0]) == 0)
				v[st_find(&rn, rows[i].run)] = rows[i].x;
		for (size_t i = 0; i < nfiles; i++) {
			size_t above = 0;
			for (size_t k = 0; k < nfiles; k++)
				above += v[k] > v[i] || (v[k] == v[i] && k < i);
			kept[i] = above < TOP;
		}
		keep = TOP;
		free(v);
	}
	if (keep < 2)
		udie("fewer than 2 runs", NULL);
	nkept = 0;
	for (size_t i = 0; i < nfiles; i++)
		if (kept[i])
			runs[nkept++] = all[i];
		else
			free_run(&all[i]);
	free(kept);
	free_rows(rows, nrows);
	st_free(&rn);
	if (!keep_files) {
		remove(img);
		remove(err);
	}
	free(img);
	free(err);
}

/* ---- the analysis ------------------------------------------------------------ */

static void fmt(char *buf, double x)
{
	if (isnan(x)) {
		strcpy(buf, "NA");
		return;
	}
	snprintf(buf, 64, "%.*f", P, x);
	if (buf[0] == '-') {	/* choice 10: no sign on a zero */
		int zero = 1;
		for (const char *p = buf + 1; *p; p++)
			if (*p != '0' && *p != '.')
				zero = 0;
		if (zero)
			memmove(buf, buf + 1, strlen(buf));
	}
}

static void out(const char *m, const char *c, const char *d, const char *stat, const char *v)
{
	printf("%s\t%s\t%s\t%s\t%s\n", m, c, d, stat, v);
}

static size_t nprime;
static size_t *dt, *dr;	/* draws: [((c * 2 + h - 1) * T + b - 1) * n' + i] */

static size_t didx(size_t c, unsigned h, unsigned long b)
{
	return ((c * 2 + (h - 1)) * T + (b - 1)) * nprime;
}

static void make_draws(void)
{
	size_t n = NC * 2 * T * nprime;
	dt = xmalloc(n * sizeof *dt);
	dr = xmalloc(n * sizeof *dr);
	for (size_t c = 0; c < NC; c++)
		for (unsigned h = 1; h <= 2; h++)
			for (unsigned long b = 1; b <= T; b++) {
				size_t o = didx(c, h, b);
				for (size_t i = 0; i < nprime; i++) {
					dt[o + i] = draw_topic(c, h, b, i, NT);
					dr[o + i] = draw_rep(c, h, b, i, nrep[c]);
				}
			}
}

/* Near-tie pairs (choice 9) of a sample: a growing list of (j, k). */
struct nearlist {
	size_t *v;	/* pairs j * NJ + k */
	size_t n, cap;
};

static void nl_add(struct nearlist *l, size_t p)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->v = xrealloc(l->v, l->cap * sizeof *l->v);
	}
	l->v[l->n++] = p;
}

/* Sample scores of every run in (c, h, b) for measure m into s[0..NJ-1];
 * the near-ties to l from first = l->n on; returns their number. */
static size_t sample_scores(size_t m, size_t c, unsigned h, unsigned long b, double *s, double *tmp,
			    struct nearlist *l)
{
	int gm = is_gm(meas.s[m]);
	size_t o = didx(c, h, b), first = l->n;
	for (size_t j = 0; j < NJ; j++) {
		for (size_t i = 0; i < nprime; i++)
			tmp[i] = V(c, dr[o + i], m, j)[dt[o + i]];
		s[j] = agg(tmp, nprime, gm);
	}
	for (size_t j = 0; j < NJ; j++)
		for (size_t k = j + 1; k < NJ; k++) {
			if (!near(s[j], s[k]))
				continue;
			int same = 1;
			for (size_t i = 0; i < nprime && same; i++)
				same = V(c, dr[o + i], m, j)[dt[o + i]] == V(c, dr[o + i], m, k)[dt[o + i]] &&
				       (!B || V(c, dr[o + i], m, j)[dt[o + i]] == 0 ||
					SIG(m, c, dr[o + i], j, dt[o + i]) == SIG(m, c, dr[o + i], k, dt[o + i]));
			if (!same)
				nl_add(l, j * NJ + k);
		}
	return l->n - first;
}

/* The root scores of collection c (choice 7); near-ties to l. */
static void root_scores(size_t m, size_t c, double *s, double *tmp, struct nearlist *l)
{
	int gm = is_gm(meas.s[m]);
	for (size_t j = 0; j < NJ; j++) {
		for (size_t t = 0; t < NT; t++) {
			double x = 0;
			for (size_t r = 0; r < nrep[c]; r++)
				x += V(c, alt_order ? nrep[c] - 1 - r : r, m, j)[t];
			tmp[t] = x / (double)nrep[c];
		}
		s[j] = agg(tmp, NT, gm);
	}
	for (size_t j = 0; j < NJ; j++)
		for (size_t k = j + 1; k < NJ; k++) {
			if (!near(s[j], s[k]))
				continue;
			int same = 1;
			for (size_t t = 0; t < NT && same; t++) {
				double x = 0, y = 0;
				for (size_t r = 0; r < nrep[c]; r++) {
					x += V(c, r, m, j)[t];
					y += V(c, r, m, k)[t];
					if (B && V(c, r, m, j)[t] != 0 && SIG(m, c, r, j, t) != SIG(m, c, r, k, t))
						same = 0;
				}
				same = same && x == y;
			}
			if (!same)
				nl_add(l, j * NJ + k);
		}
}

/*
 * tau-b of x and y with its range over every decision of the near-ties
 * (choice 9): each near pair of x (ux, from nx[0..nnx-1]) may be <, = or >,
 * independently of the others (a superset of the orders an implementation
 * can reach), and so for y.  Returns 0 when undefined for the exact
 * comparison; *sure = 0 when the definedness itself hangs on near-ties.
 */
static unsigned char *ux, *uy;	/* NJ x NJ scratch */

static int taub_range(const double *x, const size_t *nx, size_t nnx, const double *y, const size_t *ny,
		      size_t nny, double *tau, double *lo, double *hi, int *sure)
{
	long long n0 = (long long)NJ * ((long long)NJ - 1) / 2;
	long long n1 = 0, n2 = 0, cd = 0, n1lo = 0, n1hi = 0, n2lo = 0, n2hi = 0, slo = 0, shi = 0;
	int def = taub(x, y, NJ, tau);
	*sure = 1;
	if (nnx == 0 && nny == 0) {
		*lo = *hi = def ? *tau : NAN;
		return def;
	}
	for (size_t i = 0; i < nnx; i++)
		ux[nx[i]] = 1;
	for (size_t i = 0; i < nny; i++)
		uy[ny[i]] = 1;
	for (size_t i = 0; i < NJ; i++)
		for (size_t j = i + 1; j < NJ; j++) {
			int a = sgn(x[i], x[j]), b = sgn(y[i], y[j]);
			int fx = ux[i * NJ + j], fy = uy[i * NJ + j];
			n1 += a == 0;
			n2 += b == 0;
			cd += a * b;
			n1lo += fx ? 0 : a == 0;
			n1hi += fx ? 1 : a == 0;
			n2lo += fy ? 0 : b == 0;
			n2hi += fy ? 1 : b == 0;
			if (fx && fy) {
				slo -= 1;
				shi += 1;
			} else if (fx || fy) {
				int other = fx ? b : a;
				slo -= other != 0;
				shi += other != 0;
			} else {
				slo += a * b;
				shi += a * b;
			}
		}
	for (size_t i = 0; i < nnx; i++)
		ux[nx[i]] = 0;
	for (size_t i = 0; i < nny; i++)
		uy[ny[i]] = 0;
	if (n1 < n1lo || n1 > n1hi || n2 < n2lo || n2 > n2hi || cd < slo || cd > shi)
		die("internal error: the exact tau-b outside its near-tie range", NULL);
	int maybe_undef = n1hi == n0 || n2hi == n0, maybe_def = n1lo < n0 && n2lo < n0;
	if (maybe_undef && maybe_def) {
		*sure = 0;
		*lo = *hi = NAN;
		return def;
	}
	if (!def) {
		*lo = *hi = NAN;
		return 0;
	}
	double dmin = sqrt((double)(n0 - n1hi) * (double)(n0 - n2hi));
	double dmax = sqrt((double)(n0 - n1lo) * (double)(n0 - n2lo));
	double th = shi >= 0 ? (double)shi / dmin : (double)shi / dmax;
	double tl = slo >= 0 ? (double)slo / dmax : (double)slo / dmin;
	*hi = fmin(1, th);
	*lo = fmax(-1, tl);
	return 1;
}

/* A mean of delta^2 over samples with its range. */
struct acc {
	double sum, lo, hi;
	unsigned long used;
	int sure;
};

static void acc_add(struct acc *a, int def, double tau, double tlo, double thi, int sure)
{
	if (!sure)
		a->sure = 0;
	if (!def)
		return;
	a->sum += (1 - tau) * (1 - tau);
	a->lo += (1 - thi) * (1 - thi);
	a->hi += (1 - tlo) * (1 - tlo);
	a->used++;
}

/* One statistic: value and range; NA when undefined; sure = 0: any value. */
struct cell {
	double v, lo, hi;
	int sure;
};

static void put(const char *mn, const char *c, const char *d, const char *name, struct cell s)
{
	char buf[64];
	fmt(buf, s.v);
	out(mn, c, d, name, buf);
	if (!ffrag)
		return;
	if (!s.sure)
		fprintf(ffrag, "%s\t%s\t%s\t%s\t*\t*\n", mn, c, d, name);
	else if (!isnan(s.v) && s.lo != s.hi)
		fprintf(ffrag, "%s\t%s\t%s\t%s\t%.17g\t%.17g\n", mn, c, d, name, s.lo, s.hi);
}

static void trace_tau(const char *mn, const char *kind, size_t c, long d, unsigned long b, int def, double tau)
{
	if (!ftrace)
		return;
	char dn[32];
	if (d < 0)
		strcpy(dn, "-");
	else
		snprintf(dn, sizeof dn, "%ld", d);
	if (def)
		fprintf(ftrace, "tau\t%s\t%s\t%zu\t%s\t%lu\t%.17g\n", mn, kind, c, dn, b, tau);
	else
		fprintf(ftrace, "tau\t%s\t%s\t%zu\t%s\t%lu\tNA\n", mn, kind, c, dn, b);
}

static void analyse_measure(size_t m)
{
	const char *mn = meas.s[m];
	char buf[64];
	size_t per = NC * 2 * T;
	double *sc = xmalloc(per * NJ * sizeof *sc);
	size_t *noff = xmalloc((per + 1) * sizeof *noff);
	struct nearlist nl = { 0 }, rl = { 0 };
	double *tmp = xmalloc((nprime > NT ? nprime : NT) * sizeof *tmp);
#define SI(c, h, b) ((((c) * 2 + (h) - 1) * T + (b) - 1))
#define SC(c, h, b) (sc + SI(c, h, b) * NJ)
#define NL(c, h, b) (nl.v + noff[SI(c, h, b)])
#define NN(c, h, b) (noff[SI(c, h, b) + 1] - noff[SI(c, h, b)])
	for (size_t c = 0; c < NC; c++)
		for (unsigned h = 1; h <= 2; h++)
			for (unsigned long b = 1; b <= T; b++) {
				noff[SI(c, h, b)] = nl.n;
				sample_scores(m, c, h, b, SC(c, h, b), tmp, &nl);
			}
	noff[per] = nl.n;

	struct cell *sig2 = xmalloc(NC * sizeof *sig2);
	for (size_t c = 0; c < NC; c++) {
		struct acc a = { 0, 0, 0, 0, 1 };
		for (unsigned long b = 1; b <= T; b++) {
			double tau = 0, lo, hi;
			int sure, def = taub_range(SC(c, 1, b), NL(c, 1, b), NN(c, 1, b), SC(c, 2, b),
						   NL(c, 2, b), NN(c, 2, b), &tau, &lo, &hi, &sure);
			acc_add(&a, def, tau, lo, hi, sure);
			trace_tau(mn, "sigma", c, -1, b, def, tau);
		}
		double u = (double)a.used;
		sig2[c].v = a.used ? a.sum / u / 2 : NAN;
		sig2[c].lo = a.used ? a.lo / u / 2 : NAN;
		sig2[c].hi = a.used ? a.hi / u / 2 : NAN;
		sig2[c].sure = a.sure;
	}
	for (size_t c = 0; c < NC; c++) {
		struct cell s = { sqrt(sig2[c].v), sqrt(sig2[c].lo), sqrt(sig2[c].hi), sig2[c].sure };
		put(mn, cname[c], "NA", "sigma", s);
		snprintf(buf, sizeof buf, "%.0f", (double)nrep[c]);
		out(mn, cname[c], "NA", "replicates", buf);
	}

	double *root = xmalloc(NC * NJ * sizeof *root);
	size_t *roff2 = xmalloc((NC + 1) * sizeof *roff2);
	for (size_t c = 0; c < NC; c++) {
		roff2[c] = rl.n;
		root_scores(m, c, root + c * NJ, tmp, &rl);
	}
	roff2[NC] = rl.n;

	for (size_t c = 0; c < NC; c++)
		for (size_t d = 0; d < NC; d++) {
			if (d == c)
				continue;
			struct acc a = { 0, 0, 0, 0, 1 };
			for (unsigned long b = 1; b <= T; b++) {
				double tau = 0, lo, hi;
				int sure, def = taub_range(SC(c, 1, b), NL(c, 1, b), NN(c, 1, b), SC(d, 2, b),
							   NL(d, 2, b), NN(d, 2, b), &tau, &lo, &hi, &sure);
				acc_add(&a, def, tau, lo, hi, sure);
				trace_tau(mn, "Delta", c, (long)d, b, def, tau);
			}
			double u = (double)a.used;
			struct cell D = { a.used ? a.sum / u : NAN, a.used ? a.lo / u : NAN, a.used ? a.hi / u : NAN, a.sure };
			struct cell sc2 = sig2[c], sd2 = sig2[d];
			struct cell bias = { sroot((D.v - sc2.v) - sd2.v), sroot(D.lo - sc2.hi - sd2.hi),
					     sroot(D.hi - sc2.lo - sd2.lo), D.sure && sc2.sure && sd2.sure };
			struct cell rmse = { sroot(D.v - sd2.v), sroot(D.lo - sd2.hi), sroot(D.hi - sd2.lo),
					     D.sure && sd2.sure };
			put(mn, cname[c], cname[d], "bias", bias);
			put(mn, cname[c], cname[d], "rmse", rmse);
			put(mn, cname[c], cname[d], "delta", D);
			double tau = 0, lo, hi;
			int sure, def = taub_range(root + c * NJ, rl.v + roff2[c], roff2[c + 1] - roff2[c],
						   root + d * NJ, rl.v + roff2[d], roff2[d + 1] - roff2[d],
						   &tau, &lo, &hi, &sure);
			struct cell tr = { def ? tau : NAN, lo, hi, sure };
			put(mn, cname[c], cname[d], "tau_root", tr);
		}
#undef SI
#undef SC
#undef NL
#undef NN
	free(sc); free(noff); free(nl.v); free(rl.v); free(tmp); free(sig2); free(root); free(roff2);
}

static void analyse(void)
{
	if (NJ < 2)
		udie("fewer than 2 runs", NULL);
	if (NC < 2)
		udie("no --against: nothing to compare with the reference", NULL);
	nprime = NP ? NP : NT;
	make_draws();
	ux = xcalloc(NJ * NJ, 1);
	uy = xcalloc(NJ * NJ, 1);
	printf("measure\tcollection\ttruth\tstatistic\tvalue\n");
	for (size_t m = 0; m < NM; m++)
		if (!is_residual(meas.s[m]))
			analyse_measure(m);
	if (fflush(stdout) || ferror(stdout))
		die("write error", NULL);
}

/* ---- the --values input ------------------------------------------------------ */

static void read_values(const char *path)
{
	FILE *f = xfopen(path, "r");
	char *line = NULL, *fld[7];
	size_t cap = 0, lineno = 0, n = 0, capr = 0;
	ssize_t len;
	struct vrow { size_t c, r, j, t, m; double x; } *rows = NULL;
	struct strtab cn = { 0 };
	while ((len = getline(&line, &cap, f)) != -1) {
		lineno++;
		chomp(line, &len);
		int nf = split_tabs(line, fld, 6);
		if (lineno == 1) {
			if (nf != 6 || strcmp(fld[0], "collection") != 0 || strcmp(fld[1], "replicate") != 0)
				die("--values: line 1 is not 'collection replicate run qid measure value'", NULL);
			continue;
		}
		if (nf != 6)
			die("--values: wrong number of fields", NULL);
		if (n == capr) {
			capr = capr ? 2 * capr : 256;
			rows = xrealloc(rows, capr * sizeof *rows);
		}
		char *end;
		errno = 0;
		unsigned long r = strtoul(fld[1], &end, 10);
		if (end == fld[1] || *end || errno || r > 100000)
			die("--values: bad replicate", fld[1]);
		rows[n].c = st_intern(&cn, fld[0]);
		rows[n].r = r;
		rows[n].j = st_intern(&runnames, fld[2]);
		rows[n].t = st_intern(&topics, fld[3]);
		rows[n].m = st_intern(&meas, fld[4]);
		rows[n].x = parse_double(fld[5], "--values: bad value");
		n++;
	}
	free(line);
	fclose(f);
	NC = cn.n;
	cname = xmalloc((NC ? NC : 1) * sizeof *cname);
	nrep = xcalloc(NC ? NC : 1, sizeof *nrep);
	roff = xcalloc(NC ? NC : 1, sizeof *roff);
	for (size_t c = 0; c < NC; c++)
		cname[c] = xstrdup(cn.s[c]);
	for (size_t i = 0; i < n; i++)
		if (rows[i].r + 1 > nrep[rows[i].c])
			nrep[rows[i].c] = rows[i].r + 1;
	NREP = 0;
	for (size_t c = 0; c < NC; c++) {
		roff[c] = NREP;
		NREP += nrep[c];
	}
	if (NT == 0 || NM == 0)
		die("--values: no value", NULL);
	alloc_values();
	for (size_t i = 0; i < n; i++) {
		double *p = &V(rows[i].c, rows[i].r, rows[i].m, rows[i].j)[rows[i].t];
		if (!isnan(*p))
			die("--values: a cell twice", topics.s[rows[i].t]);
		*p = rows[i].x;
	}
	for (size_t i = 0; i < NREP * NM * NJ * NT; i++)
		if (isnan(val[i]))
			die("--values: a cell is missing", NULL);
	free(rows);
	st_free(&cn);
}

/* ---- self-test ------------------------------------------------------------------ */

static int nfail;

static void check(int ok, const char *what)
{
	printf("%s - ref_bias self-test: %s\n", ok ? "ok" : "not ok", what);
	nfail += !ok;
}

static int close_rel(double a, double b, double tol)
{
	return fabs(a - b) <= tol * fmax(fabs(a), fabs(b));
}

static int selftest(void)
{
	static const unsigned s1b1[] = { 12, 32, 33, 13, 2, 35, 12, 9, 48, 19 };
	static const unsigned s5[] = { 429, 43, 92, 998, 552 };
	/* Streams 8, 9 and 10 with draws.md's Python (S = 1): word(1,9,0,1,1,0)
	 * = 0x105fe2b26f7192af, word(1,8,0,1,1,0) = 0xfea7bf02238c3acb,
	 * word(1,10,0,0,1) = 0xfb96599a82fc5399; stream 9, b = 1, n = 50,
	 * slots 0..9 for (c, h) = (0, 1), (0, 2), (1, 1), (1, 2); stream 8 the
	 * same with r = 7; stream 10, index(word(1,10,j,t,i), i+1), i = 1..9. */
	static const unsigned s9[4][10] = { { 5, 34, 4, 38, 45, 42, 16, 37, 25, 43 },
					    { 26, 27, 9, 30, 36, 3, 36, 23, 37, 36 },
					    { 23, 33, 20, 42, 29, 25, 33, 12, 8, 19 },
					    { 3, 12, 39, 12, 16, 28, 18, 3, 17, 49 } };
	static const unsigned s8[4][10] = { { 6, 4, 0, 6, 0, 5, 1, 5, 5, 5 },
					    { 0, 2, 5, 4, 4, 1, 0, 5, 3, 0 },
					    { 3, 5, 3, 4, 1, 4, 0, 3, 0, 1 },
					    { 5, 5, 4, 1, 3, 6, 4, 6, 1, 6 } };
	static const unsigned s10a[9] = { 1, 1, 3, 1, 0, 5, 4, 0, 5 };	/* j 0, t 0 */
	static const unsigned s10b[9] = { 1, 1, 3, 2, 2, 5, 7, 1, 1 };	/* j 1, t 2 */
	int ok = 1;
	uint64_t idx[4];

	S = 1;
	idx[0] = 1; idx[1] = 0;
	check(word(1, 1, idx, 2) == 0x2030470432df129cULL, "draws.md: word(1,1,1,0) = 0x2030470432df129c");
	for (uint64_t i = 0; i < 10; i++) {
		idx[0] = 1; idx[1] = i;
		ok &= windex(word(1, 1, idx, 2), 50) == s1b1[i];
	}
	for (uint64_t c = 0; c < 5; c++) {
		idx[0] = 1; idx[1] = 1; idx[2] = c;
		ok &= windex(word(1, 5, idx, 3), 1000) == s5[c];
	}
	check(ok, "draws.md: stream 1 (b = 1, n = 50) and stream 5 (three indices) vectors");
	idx[0] = 0; idx[1] = 1; idx[2] = 1; idx[3] = 0;
	ok = word(1, 9, idx, 4) == 0x105fe2b26f7192afULL && word(1, 8, idx, 4) == 0xfea7bf02238c3acbULL;
	idx[0] = 0; idx[1] = 0; idx[2] = 1;
	ok &= word(1, 10, idx, 3) == 0xfb96599a82fc5399ULL;
	check(ok, "streams 8, 9, 10 (draws.md's Python): word(1,9,0,1,1,0), word(1,8,0,1,1,0), word(1,10,0,0,1)");
	ok = 1;
	for (unsigned c = 0; c < 2; c++)
		for (unsigned h = 1; h <= 2; h++)
			for (unsigned i = 0; i < 10; i++) {
				ok &= draw_topic(c, h, 1, i, 50) == s9[c * 2 + h - 1][i];
				ok &= draw_rep(c, h, 1, i, 7) == s8[c * 2 + h - 1][i];
			}
	check(ok, "stream 9 (topic, n = 50) and stream 8 (replicate, r = 7), c = 0, 1, h = 1, 2, b = 1, slots 0..9 (draws.md's Python)");
	ok = 1;
	for (unsigned i = 1; i <= 9; i++) {
		idx[0] = 0; idx[1] = 0; idx[2] = i;
		ok &= windex(word(1, 10, idx, 3), i + 1) == s10a[i - 1];
		idx[0] = 1; idx[1] = 2;
		ok &= windex(word(1, 10, idx, 3), i + 1) == s10b[i - 1];
	}
	check(ok, "stream 10, index(word(1,10,j,t,i), i+1), i = 1..9: (j, t) = (0, 0): 1 1 3 1 0 5 4 0 5; (1, 2): 1 1 3 2 2 5 7 1 1");

	/* The engineered permutation by hand (S = 1, j = 0, t = 0): m = 4:
	 * i = 3 swaps slots 3, 3; i = 2 slots 2, 1; i = 1 slots 1, 1:
	 * 0 1 2 3 -> 0 2 1 3.  m = 6: i = 5 swaps 5, 0 -> 5 1 2 3 4 0; i = 4
	 * swaps 4, 1 -> 5 4 2 3 1 0; i = 3 none; i = 2 swaps 2, 1 -> 5 2 4 3 1 0;
	 * i = 1 none.  m = 1 and 0: nothing. */
	{
		size_t a[4] = { 0, 1, 2, 3 }, b6[6] = { 0, 1, 2, 3, 4, 5 }, one[1] = { 7 };
		static const size_t wa[4] = { 0, 2, 1, 3 }, wb[6] = { 5, 2, 4, 3, 1, 0 };
		permute(a, 4, 0, 0);
		permute(b6, 6, 0, 0);
		permute(one, 1, 0, 0);
		permute(one, 0, 0, 0);
		check(!memcmp(a, wa, sizeof a) && !memcmp(b6, wb, sizeof b6) && one[0] == 7,
		      "engineered permutation by hand (j 0, t 0): m = 4 -> 0 2 1 3; m = 6 -> 5 2 4 3 1 0; m = 1 unchanged");
	}

	/* The image function against the manual page: S = 1, FBIS3-162447 has
	 * k = 3, 5, 1, 2, 0 in images 1..5 (and 1 at the root). */
	{
		static const unsigned want[6] = { 1, 3, 5, 1, 2, 0 };
		ok = fnv("FBIS3-162447", 12) == 0x29bf3df38046b14dULL &&
		     mix(1 * 0x9e3779b97f4a7c15ULL + 1) == 0x910a2dec89025cc1ULL;
		for (unsigned b = 0; b <= 5; b++)
			ok &= image_k("FBIS3-162447", 1, b) == want[b];
		check(ok, "image function (manual page): FBIS3-162447, seed 1: h, key_1, k = 3 5 1 2 0 in images 1..5");
		/* Poisson(1) on average: the mean k over 20000 docnos is near 1 */
		double sum = 0;
		for (unsigned i = 0; i < 20000; i++) {
			char d[32];
			snprintf(d, sizeof d, "doc%u", i);
			sum += image_k(d, 1, 1 + i % 7);
		}
		check(fabs(sum / 20000 - 1) < 0.03, "image function: mean multiplicity over 20000 docnos within 0.03 of 1");
	}

	/* tau-b by hand.  x = (1,1,2,3), y = (1,2,2,3): n0 = 6; pair (1,2)
	 * tied in x, (2,3) tied in y, the other 4 concordant: 4/sqrt(5*5) =
	 * 0.8.  x = (1,1,2,2), y = (2,1,1,2): n1 = n2 = 2, C = D = 1: 0.
	 * x = (1,1,2), y = (1,1,3): one pair tied in both, two concordant:
	 * 2/sqrt(2*2) = 1.  x = (1,2,3), y = (2,1,1): C 0, D 2, n2 1:
	 * -2/sqrt(3*2) = -0.816496580927726.  Reversed 4: -1.  All tied in x:
	 * undefined; all tied in y: undefined; one run: undefined. */
	{
		double t = 9;
		double x1[4] = { 1, 1, 2, 3 }, y1[4] = { 1, 2, 2, 3 };
		double x2[4] = { 1, 1, 2, 2 }, y2[4] = { 2, 1, 1, 2 };
		double x3[3] = { 1, 1, 2 }, y3[3] = { 1, 1, 3 };
		double x4[3] = { 1, 2, 3 }, y4[3] = { 2, 1, 1 };
		double x5[4] = { 1, 2, 3, 4 }, y5[4] = { 0.4, 0.3, 0.2, 0.1 };
		double z[4] = { 0.5, 0.5, 0.5, 0.5 };
		ok = taub(x1, y1, 4, &t) && close_rel(t, 0.8, 1e-15);
		ok &= taub(x2, y2, 4, &t) && t == 0;
		ok &= taub(x3, y3, 3, &t) && t == 1;
		ok &= taub(x4, y4, 3, &t) && close_rel(t, -2 / sqrt(6.0), 1e-15);
		ok &= taub(x5, y5, 4, &t) && t == -1;
		ok &= taub(x5, x5, 4, &t) && t == 1;
		ok &= !taub(z, x5, 4, &t) && !taub(x5, z, 4, &t) && !taub(x5, y5, 1, &t);
		check(ok, "tau-b by hand with ties: 0.8, 0, 1, -2/sqrt(6), -1, 1; undefined when a ranking is all tied");
		/* exact comparison: 0.1 + 0.2 and 0.3 are not tied */
		double a[3] = { 0.1 + 0.2, 0.3, 0.0 }, bb[3] = { 1, 2, 3 };
		ok = taub(a, bb, 3, &t) && close_rel(t, -1, 1e-15);
		check(ok, "tau-b compares doubles exactly: 0.1 + 0.2 > 0.3");
	}

	/* agg: left to right in slot order: (0.1, 0.2, 0.3) sums to
	 * 0.6000000000000001, (0.3, 0.2, 0.1) to 0.6; GM of (1, 0):
	 * exp((log(1.00001) + log(0.00001)) / 2) - 0.00001; near-ties. */
	{
		double u[3] = { 0.1, 0.2, 0.3 }, w[3] = { 0.3, 0.2, 0.1 }, g[2] = { 1, 0 };
		ok = agg(u, 3, 0) == 0.6000000000000001 / 3 && agg(w, 3, 0) == 0.6 / 3 &&
		     agg(u, 3, 0) != agg(w, 3, 0) && near(agg(u, 3, 0), agg(w, 3, 0));
		ok &= agg(g, 2, 1) == exp((log(1.00001) + log(0.00001)) / 2) - 0.00001;
		ok &= close_rel(agg(g, 2, 1), sqrt(1.00001 * 0.00001) - 0.00001, 1e-12);
		check(ok, "agg: sums left to right in slot order ((0.1, 0.2, 0.3) and (0.3, 0.2, 0.1) differ, a near-tie); GM by logs");
	}

	/* Numbers: sign rule, format, negative zero. */
	{
		char b1[64], b2[64], b3[64], b4[64];
		int sp = P;
		P = 4;
		fmt(b1, -0.00001);
		fmt(b2, -0.00005);
		fmt(b3, NAN);
		P = 0;
		fmt(b4, -0.4);
		P = sp;
		ok = !strcmp(b1, "0.0000") && !strcmp(b2, "-0.0001") && !strcmp(b3, "NA") && !strcmp(b4, "0");
		ok &= sroot(0.25) == 0.5 && sroot(-0.25) == -0.5 && sroot(0) == 0;
		check(ok, "numbers: -0.00001 -> 0.0000, -0.00005 -> -0.0001 (P 4), -0.4 -> 0 (P 0), NA; signed roots");
	}

	/* natural order */
	{
		const char *q[6] = { "10", "9", "010", "2", "0", "100" };
		numeric_order = 1;
		qsort(q, 6, sizeof *q, qid_cmp);
		ok = !strcmp(q[0], "0") && !strcmp(q[1], "2") && !strcmp(q[2], "9") && !strcmp(q[3], "010") &&
		     !strcmp(q[4], "10") && !strcmp(q[5], "100");
		const char *q2[4] = { "b", "10", "9", "a" };
		numeric_order = 0;
		qsort(q2, 4, sizeof *q2, qid_cmp);
		ok &= !strcmp(q2[0], "10") && !strcmp(q2[1], "9") && !strcmp(q2[2], "a") && !strcmp(q2[3], "b");
		check(ok, "natural topic order: numeric (0 2 9 010 10 100), else bytes (10 9 a b)");
	}
	return nfail ? 1 : 0;
}

/* ---- main -------------------------------------------------------------------- */

int main(int argc, char **argv)
{
	const char *values = NULL, *keep = NULL, *fragfile = NULL, *tracefile = NULL;
	char **files, **against;
	size_t nfiles = 0, nagainst = 0;
	int i;

	if (argc == 2 && strcmp(argv[1], "--selftest") == 0)
		return selftest();
	if (argc >= 6 && strcmp(argv[1], "--draws") == 0) {
		uint64_t seed = num_arg(argv[2], 0, UINT64_MAX, "S");
		uint64_t st = num_arg(argv[3], 0, UINT64_MAX, "STREAM");
		uint64_t n = num_arg(argv[4], 1, UINT64_MAX, "N");
		uint64_t cnt = num_arg(argv[5], 0, 1000000, "COUNT");
		int k = argc - 6;
		if (k > 15)
			die("too many indices", NULL);
		uint64_t idx[16];
		for (int a = 0; a < k; a++)
			idx[a] = num_arg(argv[6 + a], 0, UINT64_MAX, "index");
		for (uint64_t x = 0; x < cnt; x++) {
			idx[k] = x;
			printf("%s%" PRIu64, x ? " " : "", windex(word(seed, st, idx, k + 1), n));
		}
		printf("\n");
		return 0;
	}
	files = xmalloc((size_t)argc * sizeof *files);
	against = xmalloc((size_t)argc * sizeof *against);
	mspecs = xmalloc((size_t)argc * sizeof *mspecs);
	cbeval_path = getenv("CBEVAL") ? getenv("CBEVAL") : "./cbeval";
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED() do { if (!v) udie("option needs a value", a); i++; } while (0)
		if (strcmp(a, "--") == 0) {
			for (i++; i < argc; i++)
				files[nfiles++] = argv[i];
			break;
		} else if (!strcmp(a, "--bias")) {
			;
		} else if (!strcmp(a, "--against")) {
			NEED(); against[nagainst++] = (char *)v;
		} else if (!strcmp(a, "-t")) {
			NEED(); T = (unsigned long)num_arg(v, 1, 1000000, a);
		} else if (!strcmp(a, "--topics")) {
			NEED(); NP = (unsigned long)num_arg(v, 1, 100000000, a);
		} else if (!strcmp(a, "--engineered")) {
			engineered = 1;
		} else if (!strcmp(a, "-b")) {
			NEED(); B = (unsigned long)num_arg(v, 0, 10000000, a);
		} else if (!strcmp(a, "--top")) {
			NEED(); TOP = (unsigned long)num_arg(v, 1, ULONG_MAX, a);
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
			if (end == v || *end || errno || level < -2147483647L || level > 2147483647L)
				udie("bad -l", v);
			if (level == -2147483647L)
				die("-l -2147483647 is not supported (choice 6)", NULL);
		} else if (!strcmp(a, "-M")) {
			NEED(); opt_M = v; num_arg(v, 1, ~0ULL, a);
		} else if (!strcmp(a, "--order")) {
			NEED(); opt_order = v;
			if (strcmp(v, "score") && strcmp(v, "rank") && strcmp(v, "file"))
				udie("bad --order", v);
			order_key = v;
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
			udie("unknown option", a);
		} else {
			files[nfiles++] = argv[i];
		}
#undef NEED
	}
	if (fragfile && !(ffrag = fopen(fragfile, "w")))
		die("cannot write", fragfile);
	if (tracefile && !(ftrace = fopen(tracefile, "w")))
		die("cannot write", tracefile);

	char *tmpdir = NULL;
	struct run *all = NULL;
	size_t nr = 0;
	if (values) {
		if (nfiles || nagainst || B || engineered || TOP || nmspecs)
			die("--values takes no QRELS, RUN, --against, -b, --engineered, --top or -m", NULL);
		read_values(values);
	} else {
		if (nfiles < 3)
			udie("need QRELS and at least 2 RUN files", NULL);
		if (nagainst == 0)
			udie("no --against: nothing to compare with the reference", NULL);
		if (access(cbeval_path, X_OK) != 0)
			die("cannot run cbeval", cbeval_path);
		if (keep) {
			if (mkdir(keep, 0755) != 0 && errno != EEXIST)
				die("cannot create", keep);
			tmpdir = xstrdup(keep);
			keep_files = 1;
		} else {
			const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
			tmpdir = xprintf("%s/ref_bias.XXXXXX", base);
			if (!mkdtemp(tmpdir))
				die("cannot create a temporary directory", tmpdir);
		}
		/* the reference, the runs */
		read_qrels(&refq, files[0], 1);
		nr = nfiles - 1;
		all = xcalloc(nr, sizeof *all);
		unsigned long long cut = opt_M ? strtoull(opt_M, NULL, 10) : 0;
		for (size_t j = 0; j < nr; j++)
			read_run(&all[j], files[1 + j], cut);
		name_runs(all, nr);
		runs = xcalloc(2 * nr, sizeof *runs);
		root_eval(files[0], files + 1, nr, all, tmpdir);
		size_t nj = nkept;
		if (engineered)
			for (size_t j = 0; j < nkept; j++)
				engineer(&runs[nj++], &runs[j], j, &refq);
		for (size_t j = 0; j < nj; j++)
			if (st_find(&runnames, runs[j].name) >= 0 || !strcmp(runs[j].name, "all"))
				die("two runs would have the same name", runs[j].name);
			else
				st_intern(&runnames, runs[j].name);
		/* the collections (choice 5) */
		NC = 1 + nagainst;
		colls = xcalloc(NC, sizeof *colls);
		cname = xmalloc(NC * sizeof *cname);
		nrep = xcalloc(NC, sizeof *nrep);
		roff = xcalloc(NC, sizeof *roff);
		cname[0] = "reference";
		colls[0].kind = C_FILE;
		colls[0].nq = 1;
		colls[0].q = &refq;
		for (size_t c = 1; c < NC; c++) {
			const char *spec = against[c - 1];
			cname[c] = (char *)spec;
			if (pool_spec(spec, &colls[c].K)) {
				colls[c].kind = C_POOL;
				continue;
			}
			colls[c].kind = C_FILE;
			char *copy = xstrdup(spec);
			size_t nq = 1;
			for (const char *p = spec; *p; p++)
				nq += *p == ',';
			if (nq > 1 && B)
				udie("a comma list of qrels files with -b", spec);
			colls[c].nq = nq;
			colls[c].q = xcalloc(nq, sizeof *colls[c].q);
			char *p = copy;
			for (size_t k = 0; k < nq; k++) {
				char *e = strchr(p, ',');
				if (e)
					*e = 0;
				if (!*p)
					udie("an empty file name in", spec);
				read_qrels(&colls[c].q[k], xstrdup(p), 0);
				p = e ? e + 1 : p;
			}
			free(copy);
		}
		NREP = 0;
		for (size_t c = 0; c < NC; c++) {
			nrep[c] = B ? B : (colls[c].kind == C_POOL ? 1 : colls[c].nq);
			roff[c] = NREP;
			NREP += nrep[c];
		}
		/* the copies docno~k of an image must not meet a docno as given */
		if (B)
			for (size_t d = 0; d < docs.n; d++)
				if (strchr(docs.s[d], '~'))
					die("a docno with '~' (the copies of an image would be ambiguous)", docs.s[d]);
		/* a docno no run retrieves, a qid that is no topic (choice 6) */
		for (unsigned long k = 0;; k++) {
			never_doc = xprintf("ref-bias-never-retrieved-%lu", k);
			if (st_find(&docs, never_doc) < 0)
				break;
			free(never_doc);
		}
		for (unsigned long k = 0;; k++) {
			none_qid = xprintf("ref-bias-none-%lu", k);
			if (st_find(&topics, none_qid) < 0)
				break;
			free(none_qid);
		}
		alloc_values();
		for (size_t c = 0; c < NC; c++)
			for (size_t r = 0; r < nrep[c]; r++)
				materialise(c, r, tmpdir);
	}
	analyse();
	if (ffrag && fclose(ffrag))
		die("write error", fragfile);
	if (ftrace && fclose(ftrace))
		die("write error", tracefile);
	if (tmpdir && !keep && rmdir(tmpdir) != 0)
		fprintf(stderr, "%s: warning: could not remove %s\n", REF_PROG, tmpdir);
	free(tmpdir);

	/* everything freed, for the sanitizers */
	if (values) {
		for (size_t c = 0; c < NC; c++)
			free(cname[c]);
	} else {
		for (size_t j = 0; j < NJ; j++)
			free_run(&runs[j]);
		for (size_t c = 1; c < NC; c++) {
			for (size_t k = 0; colls[c].kind == C_FILE && k < colls[c].nq; k++) {
				free((char *)colls[c].q[k].path);
				free_qrels(&colls[c].q[k]);
			}
			free(colls[c].q);
		}
		free_qrels(&refq);
		free(colls);
		free(never_doc);
		free(none_qid);
	}
	free(all);
	free(runs);
	free(cname);
	free(nrep);
	free(roff);
	free(val);
	free(sig);
	free(sigb);
	free(dt);
	free(dr);
	free(ux);
	free(uy);
	free(kcur);
	free(files);
	free(against);
	free(mspecs);
	st_free(&docs);
	st_free(&topics);
	st_free(&runnames);
	st_free(&meas);
	return 0;
}
