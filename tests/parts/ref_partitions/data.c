/*
 * tests/parts/ref_partitions/data.c - the data of the reference of
 * --partitions: interned names (runs, topics, measures in order of first
 * appearance), the values of the full collection (full) and of every part
 * of every split (yv, with the topics kept in each split), read from
 * plain cbeval's --images files or from a --values file; the list of
 * output measures; and the warnings about dropped topics.  Sizes: names
 * are looked up by a linear search (a few dozen of each); yv holds
 * K x measures x runs x topics x X doubles.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "ref_partitions.h"

/* The index of name in s, or -1. */
long find(const struct names *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i], name) == 0)
			return (long)i;
	return -1;
}

/* The index of name in s, added (a copy) at the end if new. */
size_t intern(struct names *s, const char *name)
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

/* Free the names of s and empty it. */
void free_names(struct names *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = s->cap = 0;
}

/* The X values y(s, m, r, t, k), k = 0..X-1, of split s >= 1. */
double *ref_y(const struct ctx *c, size_t s, size_t m, size_t r, size_t t)
{
	return c->yv + (((((s - 1) * c->meas.n + m) * c->runs.n + r) * c->topics.n + t) * c->X);
}

/* Allocate the part values (all NaN) and the kept flags (all 0). */
void alloc_values(struct ctx *c)
{
	size_t n = c->K * c->meas.n * c->runs.n * c->topics.n * c->X;
	c->yv = xmalloc(n * sizeof *c->yv);
	for (size_t i = 0; i < n; i++)
		c->yv[i] = NAN;
	c->kept = xcalloc(c->K * c->topics.n, 1);
}

/* Allocate the values of the full collection (all NaN). */
void alloc_full(struct ctx *c)
{
	size_t NM = c->meas.n, NR = c->runs.n, NT = c->topics.n;
	c->full = xmalloc(NM * NR * NT * sizeof *c->full);
	for (size_t i = 0; i < NM * NR * NT; i++)
		c->full[i] = NAN;
}

/* A finite number, or die. */
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
 * Returns the rows (the caller frees them), their number in *nrows.
 */
struct vrow *read_images(const char *path, struct names *rn, struct names *tn,
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

/* The output measures: every measure read but RBP's residuals. */
void set_outm(struct ctx *c)
{
	c->outm = xmalloc((c->meas.n + 1) * sizeof *c->outm);
	c->noutm = 0;
	for (size_t m = 0; m < c->meas.n; m++)
		if (!is_residual(c->meas.v[m]))
			c->outm[c->noutm++] = m;
	if (c->noutm == 0)
		die("no output measure", NULL);
}

/* ---- the --values input -------------------------------------------------- */

/* One line of a --values file. */
struct row6 {
	unsigned long s, k;
	char *r, *t, *m;
	double x;
};

/* The lines of a --values file after its header (*n of them). */
static struct row6 *read_value_rows(const struct ctx *c, const char *path, size_t *nrows)
{
	FILE *f = fopen(path, "r");
	if (!f)
		die("cannot open", path);
	char *line = NULL, *fld[7];
	size_t cap = 0, lineno = 0, n = 0, capr = 0;
	ssize_t len;
	struct row6 *rows = NULL;
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
		if (rows[n].s > c->K || rows[n].k >= c->X || (rows[n].s == 0 && rows[n].k != 0))
			die("--values: split or part out of range", NULL);
		n++;
	}
	free(line);
	fclose(f);
	*nrows = n;
	return rows;
}

/* Kept topics of --values: those with values in every part (for every
 * run and measure); a topic with values in some parts only is an error. */
static void set_kept_values(struct ctx *c)
{
	size_t NM = c->meas.n, NR = c->runs.n, NT = c->topics.n;
	for (size_t s = 1; s <= c->K; s++)
		for (size_t t = 0; t < NT; t++) {
			size_t have = 0, want = NM * NR * c->X;
			for (size_t m = 0; m < NM; m++)
				for (size_t r = 0; r < NR; r++)
					for (size_t k = 0; k < c->X; k++)
						have += !isnan(ref_y(c, s, m, r, t)[k]);
			if (have != 0 && have != want)
				die("--values: a topic has values in some parts of a split only", c->topics.v[t]);
			c->kept[(s - 1) * NT + t] = have == want;
		}
}

/* Read the names and values of a --values file into c. */
void read_values(struct ctx *c, const char *path)
{
	size_t n;
	struct row6 *rows = read_value_rows(c, path, &n);
	for (size_t i = 0; i < n; i++)
		if (rows[i].s == 0) {
			intern(&c->runs, rows[i].r);
			intern(&c->topics, rows[i].t);
			intern(&c->meas, rows[i].m);
		}
	size_t NM = c->meas.n, NR = c->runs.n, NT = c->topics.n;
	if (NR < 2 || NT < 1)
		die("--values: fewer than 2 runs or no topic in split 0", NULL);
	alloc_full(c);
	alloc_values(c);
	for (size_t i = 0; i < n; i++) {
		long r = find(&c->runs, rows[i].r), t = find(&c->topics, rows[i].t);
		long m = find(&c->meas, rows[i].m);
		if (r < 0 || t < 0 || m < 0)
			die("--values: a run, topic or measure not in split 0", rows[i].t);
		if (rows[i].s == 0)
			c->full[((size_t)m * NR + (size_t)r) * NT + (size_t)t] = rows[i].x;
		else
			ref_y(c, rows[i].s, (size_t)m, (size_t)r, (size_t)t)[rows[i].k] = rows[i].x;
		free(rows[i].r); free(rows[i].t); free(rows[i].m);
	}
	free(rows);
	for (size_t i = 0; i < NM * NR * NT; i++)
		if (isnan(c->full[i]))
			die("--values: split 0 lacks a value", NULL);
	set_kept_values(c);
}

/* One warning on stderr per split that drops topics (choice 10). */
void warn_dropped(const struct ctx *c)
{
	size_t NT = c->topics.n;
	for (unsigned long s = 1; s <= c->K; s++) {
		size_t d = 0;
		for (size_t t = 0; t < NT; t++)
			d += !c->kept[(s - 1) * NT + t];
		if (d == 0)
			continue;
		fprintf(stderr, "%s: warning: split %lu: %zu of %zu topics dropped (a part without a relevant document):",
			REF_PROG, s, d, NT);
		for (size_t t = 0; t < NT; t++)
			if (!c->kept[(s - 1) * NT + t])
				fprintf(stderr, " %s", c->topics.v[t]);
		fprintf(stderr, "\n");
	}
}
