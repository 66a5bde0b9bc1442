/*
 * strmap.c - interning of byte strings to dense ids (see strmap.h).
 *
 * Open addressing with linear probing over a power-of-two slot array kept at
 * most half full; slot values are id+1.  Strings live in 64 KiB chunks (a
 * longer string gets a chunk of its own), so their addresses never change.
 */
#include "strmap.h"
#include "xalloc.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_SIZE (64 * 1024)

struct strmap_chunk {
	struct strmap_chunk *next;
	char data[];
};

uint64_t fnv1a64(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

static size_t slot_of(uint64_t h, size_t mask)
{
	return (size_t)h & mask;
}

void strmap_init(struct strmap *m)
{
	memset(m, 0, sizeof *m);
}

void strmap_release(struct strmap *m)
{
	struct strmap_chunk *c = m->chunks;
	while (c) {
		struct strmap_chunk *next = c->next;
		free(c);
		c = next;
	}
	free(m->slot);
	free(m->ent);
	strmap_init(m);
}

static const char *store(struct strmap *m, const char *s, size_t n)
{
	size_t need = n + 1;
	char *d;
	if (need > m->left) {
		size_t sz = need > CHUNK_SIZE ? need : CHUNK_SIZE;
		struct strmap_chunk *c =
			xmalloc(size_add(sizeof *c, sz));
		c->next = m->chunks;
		m->chunks = c;
		m->fill = c->data;
		m->left = sz;
	}
	d = m->fill;
	memcpy(d, s, n);
	d[n] = '\0';
	m->fill += need;
	m->left -= need;
	return d;
}

static void rehash(struct strmap *m, size_t nslots)
{
	free(m->slot);
	m->slot = xcalloc(nslots, sizeof *m->slot);
	m->mask = nslots - 1;
	for (uint32_t id = 0; id < m->n; id++) {
		size_t i = slot_of(m->ent[id].hash, m->mask);
		while (m->slot[i])
			i = (i + 1) & m->mask;
		m->slot[i] = id + 1;
	}
}


uint32_t strmap_find(const struct strmap *m, const char *s, size_t n,
		     uint64_t h)
{
	return strmap_lookup(m, s, n, h);
}

uint32_t strmap_intern(struct strmap *m, const char *s, size_t n, uint64_t h,
		       int *added)
{
	size_t i;
	uint32_t id;
	if (!m->slot || (size_t)(m->n + 1) * 2 > m->mask + 1)
		rehash(m, m->slot ? size_mul(m->mask + 1, 2) : 64);
	id = strmap_probe(m, s, n, h, &i);
	*added = id == UINT32_MAX;
	if (!*added)
		return id;
	if (m->n == UINT32_MAX - 1)
		xalloc_die();
	if (m->n == m->cap) {
		size_t cap = m->cap;
		xgrow(&m->ent, &cap, (size_t)m->n + 1, sizeof *m->ent);
		m->cap = cap;
	}
	id = m->n++;
	m->ent[id].str = store(m, s, n);
	m->ent[id].len = (uint32_t)n;
	m->ent[id].hash = h;
	m->slot[i] = id + 1;
	return id;
}

#ifndef NDEBUG
/* 1 when perm[0..n) is a permutation of 0..n-1. */
static int is_permutation(const uint32_t *perm, uint32_t n)
{
	unsigned char *seen = xcalloc(n ? n : 1, 1);
	int ok = 1;
	for (uint32_t i = 0; i < n && ok; i++) {
		ok = perm[i] < n && !seen[perm[i]];
		if (ok)
			seen[perm[i]] = 1;
	}
	free(seen);
	return ok;
}
#endif

void strmap_permute(struct strmap *m, const uint32_t *perm)
{
	assert(is_permutation(perm, m->n));
	struct strmap_ent *ent = xcalloc(m->cap ? m->cap : 1, sizeof *ent);
	for (uint32_t i = 0; i < m->n; i++)
		ent[perm[i]] = m->ent[i];
	free(m->ent);
	m->ent = ent;
	if (m->slot)
		rehash(m, m->mask + 1);
}
