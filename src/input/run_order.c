/*
 * run_order.c - the order of one ranking (see run_int.h): called once per
 * topic of every run file, on up to a few thousand entries.
 *
 * Most files are in order already, or need only their stretches of tied
 * scores sorted; both cases avoid a full sort.  Ties are broken by docno
 * descending in byte order, as trec_eval does; stretches of ties in run
 * files are short (a few dozen entries at most), so insertion sort does
 * them, and each comparison is two integer compares of the docnos' first
 * 16 bytes unless those agree (words made for the entries of a stretch
 * of ties only, when it is sorted).
 */
#include "run_int.h"

#include <stdlib.h>
#include <string.h>

/* Ties longer than this go to qsort. */
#define INSERTION_MAX 48

/* The 8 or 4 bytes at u as a big-endian word (compilers make each one
 * load and a byte swap). */
static inline uint64_t be8(const unsigned char *u)
{
	return (uint64_t)u[0] << 56 | (uint64_t)u[1] << 48 |
	       (uint64_t)u[2] << 40 | (uint64_t)u[3] << 32 |
	       (uint64_t)u[4] << 24 | (uint64_t)u[5] << 16 |
	       (uint64_t)u[6] << 8 | (uint64_t)u[7];
}

static inline uint64_t be4(const unsigned char *u)
{
	return (uint64_t)u[0] << 24 | (uint64_t)u[1] << 16 |
	       (uint64_t)u[2] << 8 | (uint64_t)u[3];
}

/* Words compare as the bytes do under strcmp: big-endian, zero-filled on
 * the right.  A short tail is read as the last 8 (or 4) bytes, shifted
 * so that the bytes read twice fall off or coincide. */
void run_prefix(const char *s, size_t n, uint64_t *hi, uint64_t *lo)
{
	const unsigned char *u = (const unsigned char *)s;
	*lo = 0;
	if (n >= 16) {
		*hi = be8(u);
		*lo = be8(u + 8);
	} else if (n > 8) {
		*hi = be8(u);
		*lo = be8(u + n - 8) << (8 * (16 - n));
	} else if (n == 8) {
		*hi = be8(u);
	} else if (n >= 4) {
		*hi = be4(u) << 32 | be4(u + n - 4) << (8 * (8 - n));
	} else {
		uint64_t w = 0;
		for (size_t i = 0; i < 8; i++)
			w = w << 8 | (i < n ? u[i] : 0u);
		*hi = w;
	}
}

/* Key order of --order=score: score descending, then line. */
static int cmp_score_key(const void *pa, const void *pb)
{
	const struct run_ent *a = pa, *b = pb;
	if (a->key != b->key)
		return a->key > b->key ? -1 : 1;
	return a->line < b->line ? -1 : a->line > b->line;
}

/* --order=rank: rank ascending, then line. */
static int cmp_rank(const void *pa, const void *pb)
{
	const struct run_ent *a = pa, *b = pb;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->line < b->line ? -1 : a->line > b->line;
}

/* Docno descending in byte order (strcmp), then line.  Docnos hold no
 * NUL byte, so when the first 16 bytes agree and one docno has at most
 * 16, it is a prefix of the other and sorts after it. */
static inline int cmp_tie(const struct run_ent *a, const struct run_ent *b)
{
	int r;
	if (a->hi != b->hi)
		return a->hi < b->hi ? 1 : -1;
	if (a->lo != b->lo)
		return a->lo < b->lo ? 1 : -1;
	if (a->len > 16 && b->len > 16)
		r = strcmp(b->doc + 16, a->doc + 16);
	else
		r = (b->len > a->len) - (b->len < a->len);
	if (r)
		return r;
	return a->line < b->line ? -1 : a->line > b->line;
}

static int cmp_tie_q(const void *pa, const void *pb)
{
	return cmp_tie(pa, pb);
}

/* Sort the n >= 2 entries of equal key at e by cmp_tie, their docno
 * prefixes first set (only entries that tie need them). */
static void order_ties(struct run_ent *e, size_t n)
{
	size_t i = 1;
	for (size_t k = 0; k < n; k++)
		run_prefix(e[k].doc, e[k].len, &e[k].hi, &e[k].lo);
	while (i < n && cmp_tie(&e[i - 1], &e[i]) <= 0)
		i++;
	if (i == n)
		return;
	if (n > INSERTION_MAX) {
		qsort(e, n, sizeof *e, cmp_tie_q);
		return;
	}
	for (; i < n; i++) {
		struct run_ent x = e[i];
		size_t j = i;
		for (; j > 0 && cmp_tie(&e[j - 1], &x) > 0; j--)
			e[j] = e[j - 1];
		e[j] = x;
	}
}

void run_order_ranking(enum run_order order, struct run_ent *e, size_t n)
{
	int (*cmp)(const void *, const void *);
	size_t i;
	if (order == ORDER_FILE || n < 2)
		return;
	/* Most files are in order already: keys non-increasing (score) or
	 * non-decreasing (rank); equal keys are in line order as read. */
	if (order == ORDER_SCORE) {
		cmp = cmp_score_key;
		for (i = 1; i < n && !(e[i - 1].key < e[i].key); i++)
			;
	} else {
		cmp = cmp_rank;
		for (i = 1; i < n && !(e[i - 1].key > e[i].key); i++)
			;
	}
	if (i < n)
		qsort(e, n, sizeof *e, cmp);
	if (order == ORDER_RANK)
		return;
	for (i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && e[j].key == e[i].key)
			j++;
		if (j - i > 1)
			order_ties(e + i, j - i);
		i = j;
	}
}
