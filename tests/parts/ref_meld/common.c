/*
 * tests/parts/ref_meld/common.c - small helpers the other parts of
 * ref_meld share: the meld draw (stream 7) and the melded label of a
 * labelled docno, the natural order of topics (by ref_shared's qid_cmp),
 * the --mf list, and the array of per-topic values of every
 * sub-collection (VAL).  Name sets, line reading and number parsing are
 * ref_shared's (tests/parts/ref_shared/).  Sizes: the value array as
 * large as memory allows.
 */
#include "ref_meld.h"

/* The meld draw of a docno in split s (stream 7). */
double meld_u(uint64_t seed, const char *docno, size_t len, uint64_t s)
{
	return uniform(docword(seed, 7, docno, len, &s, 1));
}

/* Numeric order of two all-digit qids (choice 1): by value, leading
 * zeros ignored, then bytes. */
static int cmp_qid_numeric(const void *pa, const void *pb)
{
	return qid_cmp(*(char *const *)pa, *(char *const *)pb, 1);
}

/* Byte order of two qids. */
static int cmp_qid_bytes(const void *pa, const void *pb)
{
	return qid_cmp(*(char *const *)pa, *(char *const *)pb, 0);
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
		double v = finite_value(tok);
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
