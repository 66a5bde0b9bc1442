/*
 * tests/parts/ref_partitions/data.c - the data of the reference of
 * --partitions: the values of the full collection (full) and of every
 * part of every split (yv, with the topics kept in each split), read from
 * plain cbeval's --images files (ref_shared's images_read) or from a
 * --values file, their names (runs, topics, measures) interned in order
 * of first appearance; the list of output measures; and the warnings
 * about dropped topics.  Sizes: yv holds K x measures x runs x topics x
 * X doubles.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "ref_partitions.h"

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
	static const char *const head[] = { "split", NULL };
	const struct tsv_form form = {
		6, head, "--values: line 1 is not 'split part run qid measure value'", 0
	};
	struct lines l;
	char *fld[7];
	size_t n = 0, capr = 0;
	struct row6 *rows = NULL;
	lines_open(&l, path);
	while (values_next(&l, &form, fld)) {
		if (n == capr) {
			capr = capr ? 2 * capr : 256;
			rows = xrealloc(rows, capr * sizeof *rows);
		}
		rows[n].s = strtoul(fld[0], NULL, 10);
		rows[n].k = strtoul(fld[1], NULL, 10);
		rows[n].r = xstrdup(fld[2]);
		rows[n].t = xstrdup(fld[3]);
		rows[n].m = xstrdup(fld[4]);
		rows[n].x = finite_value(fld[5]);
		if (rows[n].s > c->K || rows[n].k >= c->X || (rows[n].s == 0 && rows[n].k != 0))
			die("--values: split or part out of range", NULL);
		n++;
	}
	lines_close(&l);
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
			names_intern(&c->runs, rows[i].r);
			names_intern(&c->topics, rows[i].t);
			names_intern(&c->meas, rows[i].m);
		}
	size_t NM = c->meas.n, NR = c->runs.n, NT = c->topics.n;
	if (NR < 2 || NT < 1)
		die("--values: fewer than 2 runs or no topic in split 0", NULL);
	alloc_full(c);
	alloc_values(c);
	for (size_t i = 0; i < n; i++) {
		long r = names_find(&c->runs, rows[i].r), t = names_find(&c->topics, rows[i].t);
		long m = names_find(&c->meas, rows[i].m);
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
