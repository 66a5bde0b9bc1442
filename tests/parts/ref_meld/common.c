/*
 * tests/parts/ref_meld/common.c - small helpers the other parts of
 * ref_meld share: the meld draw (stream 7) and the melded label of a
 * labelled docno, sets of names, the natural order of topics, line and
 * number parsing, the --mf list, and the array of per-topic values of
 * every sub-collection (VAL).  Sizes: name sets of some runs, topics and
 * measures (linear search); the value array as large as memory allows.
 */
#include "ref_meld.h"

/* The meld draw of a docno in split s (stream 7). */
double meld_u(uint64_t seed, const char *docno, size_t len, uint64_t s)
{
	return uniform(docword(seed, 7, docno, len, &s, 1));
}

/* a followed by b, newly allocated (the caller frees it). */
char *xprintf2(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 1;
	char *p = xmalloc(n);
	snprintf(p, n, "%s%s", a, b);
	return p;
}

/* The index of name in s, or -1. */
long find(const struct names *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i], name) == 0)
			return (long)i;
	return -1;
}

/* The index of name in s, added (copied) when new. */
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

/* Numeric order of two all-digit qids (choice 1): by value, leading
 * zeros ignored, then bytes. */
static int cmp_qid_numeric(const void *pa, const void *pb)
{
	const char *a = *(char *const *)pa, *b = *(char *const *)pb;
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
	return strcmp(a, b);
}

/* Byte order of two qids. */
static int cmp_qid_bytes(const void *pa, const void *pb)
{
	return strcmp(*(char *const *)pa, *(char *const *)pb);
}

/* Sort topics in natural order (choice 1): numeric when every qid is
 * digits, else bytes. */
void sort_topics(struct names *t)
{
	int numeric = 1;
	for (size_t i = 0; i < t->n; i++)
		numeric &= all_digits(t->v[i]);
	qsort(t->v, t->n, sizeof *t->v, numeric ? cmp_qid_numeric : cmp_qid_bytes);
}

/* 1 when a line is skipped: empty, blanks only, or '#' first. */
int skipped(const char *line)
{
	if (line[0] == '#')
		return 1;
	for (const char *p = line; *p; p++)
		if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
			return 0;
	return 1;
}

/* A finite number, the whole of s; dies otherwise. */
double parse_value(const char *s)
{
	char *end;
	errno = 0;
	double x = strtod(s, &end);
	if (end == s || *end || errno || !isfinite(x))
		die("bad value", s);
	return x;
}

/* Set c's mf strings and values from a comma-separated list (each in [0,
 * 1]); dies on a bad list.  The previous lists are not freed. */
void parse_mf(struct meld *c, const char *list)
{
	char *copy = xstrdup(list), *save = NULL;
	size_t cap = 8;
	c->mfs = xmalloc(cap * sizeof *c->mfs);
	c->mfv = xmalloc(cap * sizeof *c->mfv);
	c->nmf = 0;
	if (!*copy || copy[strlen(copy) - 1] == ',' || copy[0] == ',')
		die("bad --mf", list);
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (c->nmf == cap) {
			cap *= 2;
			c->mfs = xrealloc(c->mfs, cap * sizeof *c->mfs);
			c->mfv = xrealloc(c->mfv, cap * sizeof *c->mfv);
		}
		double v = parse_value(tok);
		if (v < 0 || v > 1)
			die("an mf outside [0, 1]", tok);
		c->mfs[c->nmf] = xstrdup(tok);
		c->mfv[c->nmf] = v;
		c->nmf++;
	}
	free(copy);
}

/* The index in c->V of the value of mf i, split s, image b, part, run j,
 * measure m, topic t. */
size_t vidx(const struct meld *c, size_t i, unsigned long s, unsigned long b, int part,
	    size_t j, size_t m, size_t t)
{
	return ((((((i * c->K + (s - 1)) * c->B + (b - 1)) * 2 + (size_t)part) * NR(c) + j) * NM(c) + m) * NT(c)) + t;
}

/* Allocate c->V, every value NAN. */
void alloc_values(struct meld *c)
{
	size_t n = c->nmf * c->K * c->B * 2 * NR(c) * NM(c) * NT(c);
	c->V = xmalloc(n * sizeof *c->V);
	for (size_t i = 0; i < n; i++)
		c->V[i] = NAN;
}

/* The melded label of labelled docno d in split s at mf index i (choice
 * 4): 0 L, 1 R. */
int melded(const struct meld *c, size_t d, size_t i, unsigned long s)
{
	int flip = c->ulab[d * c->K + s - 1] < c->mfv[i] / 2;
	return c->lbl[d].lab ^ flip;
}
