/*
 * tests/parts/gen/collection.c - the collection generator's topics and
 * systems: each topic's candidate documents (distinct ids of one global
 * document space, with their TREC-style docnos, latent grades and shared
 * noise) and each system's site, quality and score style; and the
 * allocation helpers (out of memory: exit status 2).  A topic holds
 * 20 * DOCS candidates (below 2^24) and about 16 bytes of docno each.
 */
#include "gen.h"

#include <stdlib.h>
#include <string.h>

/* The docno of global document id: the style is id mod 7 and the rest of
 * id is spread over that style's fields so that docnos are distinct. */
static int docno(char *buf, size_t size, uint64_t id)
{
	unsigned long long k = id / 7, d;
	switch (id % 7) {
	case 0:
		return snprintf(buf, size, "FBIS%llu-%llu", 3 + k / 1000000,
				k % 1000000 + 1);
	case 1:
		d = k / 10000;
		return snprintf(buf, size, "LA%02llu%02llu%02llu-%04llu",
				d / 28 % 12 + 1, d % 28 + 1, 89 + d / 336,
				k % 10000 + 1);
	case 2:
		d = k / 100000;
		return snprintf(buf, size, "FT%llu%llu-%llu", 91 + d / 4,
				d % 4 + 1, k % 100000 + 1);
	case 3:
		d = k / 3000;
		return snprintf(buf, size, "FR%02llu%02llu%02llu-%llu-%05llu",
				94 + d / 336, d / 28 % 12 + 1, d % 28 + 1,
				k / 1000 % 3, k % 1000 + 1);
	case 4:
		return snprintf(buf, size, "WTX%03llu-B%02llu-%llu",
				k / 20000 + 1, k / 200 % 100 + 1, k % 200 + 1);
	case 5:
		return snprintf(buf, size, "clueweb09-en%04llu-%02llu-%05llu",
				k / 4000000, k / 40000 % 100, k % 40000);
	default:
		return snprintf(buf, size, "%llu", 1000000 + k);
	}
}

/* Report that memory ran out and exit with status 2. */
void die_mem(void)
{
	fprintf(stderr, "%s: out of memory\n", PROG);
	exit(2);
}

/* malloc(n) (at least one byte), or die_mem(). */
void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die_mem();
	return p;
}

/* calloc(n, size) (at least one byte), or die_mem(). */
void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		die_mem();
	return p;
}

/* Draw topic t's candidates: n distinct ids of the global space, each
 * with its latent grade and shared noise, and their docnos. */
void make_topic(struct topic *T, uint64_t seed, long t, size_t n,
		uint64_t space)
{
	struct rng r;
	size_t hsize = 1, i;
	uint64_t *hash;
	char buf[DOCNO_MAX];
	size_t cap, used = 0;

	rng_seed(&r, stream_key(seed, 1, (uint64_t)t, 0));
	while (hsize < 2 * n)
		hsize <<= 1;
	hash = xcalloc(hsize, sizeof *hash);   /* stores id + 1; 0 = empty */
	T->n = n;
	T->c = xcalloc(n, sizeof *T->c);
	T->off = xmalloc(n * sizeof *T->off);
	cap = n * 16 + 64;
	T->docnos = xmalloc(cap);

	/* Relevant documents: 0.05% to 1.2% of the candidates, per topic. */
	uint64_t rate = 5 + rng_below(&r, 116);      /* per ten thousand */
	for (i = 0; i < n; i++) {
		struct cand *c = &T->c[i];
		uint64_t id, h;
		do {
			id = rng_below(&r, space);
			h = mix64(id) & (hsize - 1);
			while (hash[h] && hash[h] != id + 1)
				h = (h + 1) & (hsize - 1);
		} while (hash[h]);
		hash[h] = id + 1;
		c->id = id;
		c->shared = normal_u(rng_next(&r));
		if (rng_below(&r, 10000) < rate) {
			uint64_t g = rng_below(&r, 100);
			c->grade = g < 60 ? 1 : g < 88 ? 2 : 3;
		}
		int len = docno(buf, sizeof buf, id);
		if (used + (size_t)len + 1 > cap) {
			cap *= 2;
			T->docnos = realloc(T->docnos, cap);
			if (!T->docnos)
				die_mem();
		}
		T->off[i] = (uint32_t)used;
		memcpy(T->docnos + used, buf, (size_t)len + 1);
		used += (size_t)len + 1;
	}
	free(hash);
}

/* Draw the runs systems of S: their sites, qualities and score styles. */
void make_systems(struct sys *S, long runs, uint64_t seed)
{
	struct rng r;
	uint64_t site = 0;
	long left_in_site = 0;

	rng_seed(&r, stream_key(seed, 2, 0, 0));
	for (long s = 0; s < runs; s++) {
		struct sys *y = &S[s];
		if (left_in_site == 0) {          /* sites submit 1 to 5 runs */
			site++;
			left_in_site = 1 + (long)rng_below(&r, 5);
		}
		left_in_site--;
		y->site = site;
		/* Quality 0.15 .. 2.0 noise sds per grade step. */
		y->quality = 150 + (int64_t)rng_below(&r, 1851);
		uint64_t st = rng_below(&r, 100);
		static const int64_t mults[] = { 1, 2, 5, 10 };
		y->mult = mults[rng_below(&r, 4)];
		if (st < 25) {          /* grid 0.25 over 5x .. 40x scores */
			static const int64_t coarse[] = { 5, 10, 20, 40 };
			y->style = COARSE;
			y->mult = coarse[rng_below(&r, 4)];
			y->decimals = 2;
		} else if (st < 45) {
			y->style = NEGATIVE;
			y->decimals = 4 + (int)rng_below(&r, 3);
			y->mult = 1;
		} else {
			y->style = FINE;
			y->decimals = 4 + (int)rng_below(&r, 3);
		}
	}
}
