/*
 * tests/parts/ref_meld/input.c - the inputs of ref_meld: the qrels
 * (choice 1: its topics in natural order), the runs in evaluation order
 * cut at -M (choice 2), the labels file or the Rank labelling (choice
 * 3), the meld draws and multiplicities of every labelled docno (choice
 * 4), and the given per-topic values of --values.  Sizes: collections of
 * test size (labels found by binary search, topics and runs by linear
 * search).
 */
#include "ref_meld.h"

/* Order of labels by docno (bytes). */
static int cmp_label(const void *pa, const void *pb)
{
	return strcmp(((const struct label *)pa)->docno, ((const struct label *)pb)->docno);
}

/* The index of docno in the sorted labels, or -1. */
static long lookup_label(const struct meld *c, const char *docno)
{
	size_t lo = 0, hi = c->nlabs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int cmp = strcmp(c->lbl[mid].docno, docno);
		if (cmp == 0)
			return (long)mid;
		if (cmp < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* Read the qrels lines into c->ql and their topics, in natural order,
 * into c->topics; dies on a bad line or an empty file. */
void read_qrels(struct meld *c, const char *path)
{
	struct lines l;
	char *line, *fld[6];
	size_t capq = 0;
	lines_open(&l, path);
	while ((line = lines_data(&l))) {
		char *copy = xstrdup(line);
		if (fields(line, fld, 5) != 4)
			die("bad qrels line", copy);
		if (c->nql == capq) {
			capq = capq ? 2 * capq : 1024;
			c->ql = xrealloc(c->ql, capq * sizeof *c->ql);
		}
		struct qline *q = &c->ql[c->nql];
		q->qid = xstrdup(fld[0]);
		q->docno = xstrdup(fld[2]);
		q->grade = strtol(fld[3], NULL, 10);
		q->text = copy;
		q->lab = -1;
		c->nql++;
		names_intern(&c->topics, fld[0]);
	}
	lines_close(&l);
	if (c->nql == 0)
		die("no judgement in", path);
	sort_topics(&c->topics);
}

/* One run line while ordering. */
struct rline {
	char *docno;
	double score;
	long long rank;
	size_t pos;
};

/* --order score: score descending, ties by docno descending (bytes),
 * then file order. */
static int cmp_rline_score(const void *pa, const void *pb)
{
	const struct rline *a = pa, *b = pb;
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	int c = strcmp(a->docno, b->docno);
	if (c)
		return -c;
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* --order rank: rank ascending, ties in file order. */
static int cmp_rline_rank(const void *pa, const void *pb)
{
	const struct rline *a = pa, *b = pb;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* --order file. */
static int cmp_rline_file(const void *pa, const void *pb)
{
	const struct rline *a = pa, *b = pb;
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* The lines of run j's qrels topics: v[t] (n[t] of them) in file order. */
static void read_run_lines(const struct meld *c, const char *path, struct rline **v, size_t *n)
{
	struct lines l;
	char *line, *fld[8];
	size_t *capl = xcalloc(NT(c), sizeof *capl);
	lines_open(&l, path);
	while ((line = lines_data(&l))) {
		if (fields(line, fld, 7) < 6)
			die("short run line", path);
		long t = names_find(&c->topics, fld[0]);
		if (t < 0)
			continue;
		if (n[t] == capl[t]) {
			capl[t] = capl[t] ? 2 * capl[t] : 256;
			v[t] = xrealloc(v[t], capl[t] * sizeof **v);
		}
		struct rline *r = &v[t][n[t]++];
		r->docno = xstrdup(fld[2]);
		r->score = finite_value(fld[4]);
		r->rank = strtoll(fld[3], NULL, 10);
		r->pos = l.lineno;
	}
	lines_close(&l);
	free(capl);
}

/* Read run j: its qrels topics in evaluation order, cut at -M (choice 2),
 * into c->rk[j * NT + t]. */
void read_run(struct meld *c, size_t j, const char *path)
{
	struct rline **v = xcalloc(NT(c), sizeof *v);
	size_t *n = xcalloc(NT(c), sizeof *n);
	unsigned long long cut = c->opt_M ? strtoull(c->opt_M, NULL, 10) : ~0ULL;
	read_run_lines(c, path, v, n);
	const char *key = c->opt_order ? c->opt_order : "score";
	int (*cmp)(const void *, const void *) = strcmp(key, "score") == 0 ? cmp_rline_score :
		strcmp(key, "rank") == 0 ? cmp_rline_rank : cmp_rline_file;
	for (size_t t = 0; t < NT(c); t++) {
		struct rtop *rt = &c->rk[j * NT(c) + t];
		if (n[t])
			qsort(v[t], n[t], sizeof **v, cmp);
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
}

/* Read a labels file (choice 3) into c->lbl, sorted by docno; dies on a
 * bad line, no label or a docno labelled twice. */
void read_labels(struct meld *c, const char *path)
{
	struct lines l;
	char *line, *fld[4];
	size_t capl = 0;
	lines_open(&l, path);
	while ((line = lines_data(&l))) {
		if (fields(line, fld, 3) != 2 || (strcmp(fld[1], "L") && strcmp(fld[1], "R")))
			die("bad labels line", path);
		if (c->nlabs == capl) {
			capl = capl ? 2 * capl : 1024;
			c->lbl = xrealloc(c->lbl, capl * sizeof *c->lbl);
		}
		c->lbl[c->nlabs].docno = xstrdup(fld[0]);
		c->lbl[c->nlabs].lab = fld[1][0] == 'R';
		c->lbl[c->nlabs].r = -1;
		c->nlabs++;
	}
	lines_close(&l);
	if (c->nlabs == 0)
		die("no label in", path);
	qsort(c->lbl, c->nlabs, sizeof *c->lbl, cmp_label);
	for (size_t i = 1; i < c->nlabs; i++)
		if (strcmp(c->lbl[i - 1].docno, c->lbl[i].docno) == 0)
			die("a docno labelled twice", c->lbl[i].docno);
}

/* Every (docno, position) of the first 100 of every run topic, sorted by
 * docno; *np of them (the caller frees them, not the docnos). */
static struct label *ranked_docnos(const struct meld *c, size_t *np)
{
	size_t cap = 0, n = 0;
	struct label *all = NULL;
	for (size_t j = 0; j < c->nruns; j++)
		for (size_t t = 0; t < NT(c); t++) {
			const struct rtop *rt = &c->rk[j * NT(c) + t];
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
	*np = n;
	return all;
}

/* The Rank labelling (choice 3) from c->rk into c->lbl. */
void rank_labels(struct meld *c)
{
	size_t n;
	struct label *all = ranked_docnos(c, &n);
	c->lbl = xmalloc(n * sizeof *c->lbl);
	c->nlabs = 0;
	for (size_t i = 0; i < n; i++) {
		if (c->nlabs && strcmp(c->lbl[c->nlabs - 1].docno, all[i].docno) == 0) {
			if (all[i].r < c->lbl[c->nlabs - 1].r)
				c->lbl[c->nlabs - 1].r = all[i].r;
			continue;
		}
		c->lbl[c->nlabs].docno = xstrdup(all[i].docno);
		c->lbl[c->nlabs].r = all[i].r;
		c->nlabs++;
	}
	free(all);
	double *r = xmalloc(c->nlabs * sizeof *r);
	for (size_t i = 0; i < c->nlabs; i++)
		r[i] = (double)c->lbl[i].r;
	qsort(r, c->nlabs, sizeof *r, cmp_double);
	double median = ref_q7(r, c->nlabs, 0.5);
	free(r);
	for (size_t i = 0; i < c->nlabs; i++)
		c->lbl[i].lab = !((double)c->lbl[i].r < median);
}

/* Draws of every labelled docno (choice 4) and label indices of every
 * qrels line and run entry. */
void prepare_draws(struct meld *c)
{
	c->ulab = xmalloc(c->nlabs * c->K * sizeof *c->ulab);
	c->klab = xmalloc(c->nlabs * c->B * sizeof *c->klab);
	for (size_t d = 0; d < c->nlabs; d++) {
		size_t len = strlen(c->lbl[d].docno);
		for (unsigned long s = 1; s <= c->K; s++)
			c->ulab[d * c->K + s - 1] = meld_u(c->S, c->lbl[d].docno, len, s);
		for (unsigned long b = 1; b <= c->B; b++) {
			unsigned k = ref_image_k(c->lbl[d].docno, len, c->S, b);
			if (k > 255)
				die("a multiplicity above 255", c->lbl[d].docno);
			c->klab[d * c->B + b - 1] = (unsigned char)k;
		}
	}
	for (size_t i = 0; i < c->nql; i++)
		c->ql[i].lab = lookup_label(c, c->ql[i].docno);
	for (size_t j = 0; j < c->nruns; j++)
		for (size_t t = 0; t < NT(c); t++) {
			struct rtop *rt = &c->rk[j * NT(c) + t];
			for (size_t i = 0; i < rt->n; i++)
				rt->e[i].lab = lookup_label(c, rt->e[i].docno);
		}
}

/* A row of --values. */
struct vline {
	size_t i;
	unsigned long s, b;
	int part;
	char *r, *t, *m;
	double x;
};

/* Parse the fields of a --values line into *row (interning its run,
 * topic and measure); dies on a bad field. */
static void values_row(struct meld *c, char **fld, struct vline *row)
{
	size_t i;
	for (i = 0; i < c->nmf; i++)
		if (strcmp(c->mfs[i], fld[0]) == 0)
			break;
	if (i == c->nmf)
		die("--values: an mf not in --mf", fld[0]);
	row->i = i;
	row->s = strtoul(fld[1], NULL, 10);
	row->b = strtoul(fld[2], NULL, 10);
	if (row->s < 1 || row->s > c->K || row->b < 1 || row->b > c->B)
		die("--values: split or image out of range", NULL);
	if (strcmp(fld[3], "L") && strcmp(fld[3], "R"))
		die("--values: part not L or R", fld[3]);
	row->part = fld[3][0] == 'R';
	row->r = xstrdup(fld[4]);
	row->t = xstrdup(fld[5]);
	row->m = xstrdup(fld[6]);
	row->x = finite_value(fld[7]);
	names_intern(&c->runs, fld[4]);
	names_intern(&c->topics, fld[5]);
	names_intern(&c->meas, fld[6]);
}

/* The rows of a --values file (*np of them). */
static struct vline *values_rows(struct meld *c, const char *path, size_t *np)
{
	static const char *const head[] = { "mf", NULL };
	const struct tsv_form form = {
		8, head, "--values: line 1 is not 'mf split image part run qid measure value'", 1
	};
	struct lines l;
	char *fld[9];
	size_t n = 0, capr = 0;
	struct vline *rows = NULL;
	lines_open(&l, path);
	while (values_next(&l, &form, fld)) {
		if (n == capr) {
			capr = capr ? 2 * capr : 256;
			rows = xrealloc(rows, capr * sizeof *rows);
		}
		values_row(c, fld, &rows[n]);
		n++;
	}
	lines_close(&l);
	*np = n;
	return rows;
}

/* The per-topic values of a --values file into c->V (runs, topics and
 * measures in the order of first appearance); dies when one is missing. */
void read_values(struct meld *c, const char *path)
{
	size_t n;
	struct vline *rows = values_rows(c, path, &n);
	if (NR(c) < 2 || NT(c) < 1)
		die("--values: fewer than 2 runs or no topic", NULL);
	alloc_values(c);
	for (size_t x = 0; x < n; x++) {
		size_t j = (size_t)names_find(&c->runs, rows[x].r), t = (size_t)names_find(&c->topics, rows[x].t);
		size_t m = (size_t)names_find(&c->meas, rows[x].m);
		VAL(c, rows[x].i, rows[x].s, rows[x].b, rows[x].part, j, m, t) = rows[x].x;
		free(rows[x].r); free(rows[x].t); free(rows[x].m);
	}
	free(rows);
	for (size_t x = 0; x < c->nmf * c->K * c->B * 2 * NR(c) * NM(c) * NT(c); x++)
		if (isnan(c->V[x]))
			die("--values: a value is missing", NULL);
}
