/*
 * tests/parts/ref_bias/base.c - the small pieces of the reference of
 * `cbeval --bias` (tests/ref_bias.c): usage errors and string helpers, a
 * string table with a hash (docnos, names), the image function, the draws
 * of streams 8, 9 and 10 and the engineered permutation, the statistics
 * (the aggregate, Kendall tau-b, signed roots, near-ties), the array of
 * per-topic values and the natural order of topics.  Sizes: strings of a
 * test (docnos, names); tau-b by the O(s^2) pair count over tens of runs.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_bias.h"

/* ---- small helpers ----------------------------------------------------- */

/* A usage error: exit status 1, as cbeval's. */
void udie(const char *msg, const char *arg)
{
	fprintf(stderr, "%s: %s%s%s\n", REF_PROG, msg, arg ? ": " : "", arg ? arg : "");
	exit(1);
}

/* A string printed with fmt, allocated (the caller frees it). */
char *xprintf(const char *fmt, ...)
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

/* Is a line of an input file a comment or blank? */
int skipped(const char *line)
{
	if (line[0] == '#')
		return 1;
	for (const char *p = line; *p; p++)
		if (*p != ' ' && *p != '\t')
			return 0;
	return 1;
}

/* A finite number, or exit 2 with what. */
double parse_double(const char *s, const char *what)
{
	char *end;
	errno = 0;
	double x = strtod(s, &end);
	if (end == s || *end || errno == EINVAL || !isfinite(x))
		die(what, s);
	return x;
}

/* ---- a string table (docnos, names) with a hash --------------------------- */

/* The hash of a string. */
static uint64_t hstr(const char *s) { return fnv(s, strlen(s)); }

/* Doubles the hash slots of t (1024 at first) and rehashes. */
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

/* The index of s in t, or -1. */
long st_find(const struct strtab *t, const char *s)
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

/* The index of s in t, added (copied) when new. */
size_t st_intern(struct strtab *t, const char *s)
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

/* Frees the strings and the table; t is then empty. */
void st_free(struct strtab *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->s[i]);
	free(t->s);
	free(t->slot);
	memset(t, 0, sizeof *t);
}

/* ---- the image function (manual page, THE BOOTSTRAP IMAGE) ------------ */

/* k of a docno in image b (b = 0: the root, 1), in doubles as documented. */
unsigned image_k(const char *docno, uint64_t seed, uint64_t b)
{
	return ref_image_k(docno, strlen(docno), seed, b);
}

/* ---- the draws of streams 8, 9, 10 ---------------------------------------- */

/* The topic position of slot i of sample b of set h of c (stream 9). */
size_t draw_topic(const struct rb *ctx, uint64_t c, uint64_t h, uint64_t b, uint64_t i, size_t n)
{
	uint64_t idx[4] = { c, h, b, i };
	return (size_t)windex(word(ctx->S, 9, idx, 4), n);
}

/* The replicate of slot i of sample b of set h of c (stream 8). */
size_t draw_rep(const struct rb *ctx, uint64_t c, uint64_t h, uint64_t b, uint64_t i, size_t r)
{
	uint64_t idx[4] = { c, h, b, i };
	return (size_t)windex(word(ctx->S, 8, idx, 4), r);
}

/* The engineered permutation (choice 4): slot[0..m-1] permuted in place. */
void permute(const struct rb *ctx, size_t *slot, size_t m, uint64_t j, uint64_t t)
{
	for (size_t i = m; i-- > 1;) {
		uint64_t idx[3] = { j, t, i };
		size_t o = (size_t)windex(word(ctx->S, 10, idx, 3), (uint64_t)i + 1);
		size_t x = slot[i];
		slot[i] = slot[o];
		slot[o] = x;
	}
}

/* ---- statistics ------------------------------------------------------------ */

/* agg of v[0..k-1] (choice 7): the mean, or GM's by logs. */
double agg(const struct rb *ctx, const double *v, size_t k, int gm)
{
	double s = 0;
	if (ctx->alt_order) {	/* another order of the additions (see --alt-order) */
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

/* The sign of a - b: -1, 0 or 1. */
int sgn(double a, double b) { return (a > b) - (a < b); }

/* tau-b of x and y over s runs (choice 8); 0 when undefined. */
int taub(const struct rb *ctx, const double *x, const double *y, size_t s, double *tau)
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
	if (ctx->alt_order)
		*tau = (double)cd / sqrt((double)(n0 - n1)) / sqrt((double)(n0 - n2));
	else
		*tau = (double)cd / sqrt((double)(n0 - n1) * (double)(n0 - n2));
	return 1;
}

/* The signed root of x (choice 8). */
double sroot(double x) { return x >= 0 ? sqrt(x) : -sqrt(-x); }

/* Are a and b within NEAR of the larger magnitude (choice 9)? */
int near(double a, double b)
{
	return fabs(a - b) <= NEAR * fmax(fabs(a), fabs(b));
}

/* ---- the per-topic values and their signatures ---------------------------- */

/* The values of run j for measure m in replicate r of c, [t]. */
double *V(const struct rb *ctx, size_t c, size_t r, size_t m, size_t j)
{
	return ctx->val + ((((ctx->roff[c] + r) * NM + m) * NJ + j) * NT);
}

/* Allocates the values (all NaN) and the signatures (0). */
void alloc_values(struct rb *ctx)
{
	size_t n = ctx->NREP * NM * NJ * NT;
	ctx->val = xmalloc(n * sizeof *ctx->val);
	for (size_t i = 0; i < n; i++)
		ctx->val[i] = NAN;
	ctx->sig = xcalloc(ctx->NREP * NJ * NT, sizeof *ctx->sig);
	ctx->sigb = xcalloc(ctx->NREP * NJ * NT, sizeof *ctx->sigb);
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
uint64_t SIG(const struct rb *ctx, size_t m, size_t c, size_t r, size_t j, size_t t)
{
	size_t i = ((ctx->roff[c] + r) * NJ + j) * NT + t;
	return graded(ctx->meas.s[m]) ? ctx->sig[i] : ctx->sigb[i];
}

/* Does the measure aggregate geometrically? */
int is_gm(const char *name) { return strncmp(name, "GM(", 3) == 0; }

/* ---- the natural order of topics ------------------------------------------ */

/* A qid to sort, with the kind of order. */
struct qkey {
	const char *s;
	int numeric;
};

/* qsort's comparison of two qkeys: qid_cmp (ref_shared's natural order
 * of choice 1). */
static int qkey_cmp(const void *pa, const void *pb)
{
	const struct qkey *a = pa, *b = pb;
	return qid_cmp(a->s, b->s, a->numeric);
}

/* Sorts the distinct qids v[0..n-1] in natural order (qid_cmp). */
void sort_qids(const char **v, size_t n, int numeric)
{
	struct qkey *k = xmalloc(n * sizeof *k);
	for (size_t i = 0; i < n; i++) {
		k[i].s = v[i];
		k[i].numeric = numeric;
	}
	qsort(k, n, sizeof *k, qkey_cmp);
	for (size_t i = 0; i < n; i++)
		v[i] = k[i].s;
	free(k);
}
