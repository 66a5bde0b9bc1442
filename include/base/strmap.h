/*
 * strmap.h - interning of byte strings to dense ids 0..n-1.
 *
 * Used for qids, for the documents of each topic (the qrels' judged
 * documents and every document some run retrieved for it) and for run
 * names.  Expected sizes: up to a few million strings of a few dozen bytes.
 *
 * Every string is stored once, NUL-terminated, in chunks that never move:
 * a pointer from strmap_str stays valid until strmap_release, even while
 * other strings are added.  The caller supplies each string's hash, by
 * strmap_key (any function would do, as long as every lookup of a map
 * uses the same), which the map keeps.  It is not the documents' FNV-1a
 * hash of the image function: that is computed once per document, when
 * the collection is frozen (collection.h).
 *
 * Not thread safe: callers that share a map across threads lock around it.
 */
#ifndef CBEVAL_STRMAP_H
#define CBEVAL_STRMAP_H

#include "hot.h"
#include "mix.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct strmap_chunk;

/* One string: what a lookup compares, side by side in one cache line. */
struct strmap_ent {
	uint64_t hash;        /* strmap_key of the string */
	const char *str;      /* stable NUL-terminated copy */
	uint32_t len;         /* byte length */
};

struct strmap {
	uint32_t *slot;       /* id+1 per slot, 0 = empty; mask+1 slots */
	size_t mask;
	struct strmap_ent *ent;   /* [n] */
	uint32_t n;
	size_t cap;
	struct strmap_chunk *chunks;
	char *fill;           /* free space in the newest chunk */
	size_t left;
};

/* FNV-1a 64-bit hash of n bytes (offset 0xcbf29ce484222325, prime
 * 0x100000001b3). */
uint64_t fnv1a64(const char *s, size_t n);

/* The hash a map keys its strings by: 8 bytes at a time, so about four
 * times faster than FNV-1a on a docno (every line of every run is looked
 * up by it); its low bits are mixed, so slot_of needs no more. */
static inline HOT_INLINE uint64_t strmap_key(const char *s, size_t n);

void strmap_init(struct strmap *m);
void strmap_release(struct strmap *m);

/* Id of the n bytes at s with hash h, adding them when new; *added is set
 * to 1 when the string was new, else 0.  Exits on out of memory or when the
 * map would exceed 2^32-1 strings. */
uint32_t strmap_intern(struct strmap *m, const char *s, size_t n, uint64_t h,
		       int *added);
/* Id of the string, or UINT32_MAX when absent. */
uint32_t strmap_find(const struct strmap *m, const char *s, size_t n,
		     uint64_t h);
/* The same, inline (below): for loops that look up every line of every
 * run, and intern (strmap_intern) only the strings it does not find. */
static inline uint32_t strmap_lookup(const struct strmap *m, const char *s,
				     size_t n, uint64_t h);
/* Renumber: the string with old id i gets id perm[i].  perm must be a
 * permutation of 0..n-1. */
void strmap_permute(struct strmap *m, const uint32_t *perm);

/* Whether the n bytes at a and b are equal: 8 at a time (the last 8 may
 * overlap the ones before), inline, as most strings compared are equal
 * docnos of 10 to 30 bytes (or qids and run tags). */
static inline HOT_INLINE int strmap_same(const char *a, const char *b,
					size_t n)
{
	uint64_t x, y;
	size_t i = 0;
	if (n < 8) {
		for (; i < n; i++)
			if (a[i] != b[i])
				return 0;
		return 1;
	}
	for (; i + 8 < n; i += 8) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		if (x != y)
			return 0;
	}
	memcpy(&x, a + n - 8, 8);
	memcpy(&y, b + n - 8, 8);
	return x == y;
}

static inline const char *strmap_str(const struct strmap *m, uint32_t id)
{
	return m->ent[id].str;
}

/* The probe of strmap_lookup and strmap_intern, on a map with slots:
 * the id of the string, or UINT32_MAX with *at set to the empty slot
 * where it would go. */
static inline uint32_t strmap_probe(const struct strmap *m, const char *s,
				    size_t n, uint64_t h, size_t *at)
{
	for (size_t i = (size_t)h & m->mask;; i = (i + 1) & m->mask) {
		uint32_t v = m->slot[i];
		if (!v) {
			*at = i;
			return UINT32_MAX;
		}
		v--;
		if (m->ent[v].hash == h && m->ent[v].len == n &&
		    strmap_same(m->ent[v].str, s, n))
			return v;
	}
}

/* strmap_lookup, described above. */
static inline uint32_t strmap_lookup(const struct strmap *m, const char *s,
				     size_t n, uint64_t h)
{
	size_t at;
	return m->slot ? strmap_probe(m, s, n, h, &at) : UINT32_MAX;
}

static inline uint32_t strmap_len(const struct strmap *m, uint32_t id)
{
	return m->ent[id].len;
}

static inline uint64_t strmap_hash(const struct strmap *m, uint32_t id)
{
	return m->ent[id].hash;
}

/* strmap_key of the n bytes at s when 8 bytes are readable from s (a
 * docno within a buffer of run lines): a string of fewer than 8 bytes is
 * read as one word, masked, instead of byte by byte.  The same value as
 * strmap_key, to the bit. */
static inline HOT_INLINE uint64_t strmap_key_ahead(const char *s,
						    size_t n);

/* strmap_key of a string of n < 8 bytes, held in w (byte i of the word is
 * byte i of the string, the rest 0): for strmap_key and strmap_key_ahead. */
static inline HOT_INLINE uint64_t strmap_key_short(uint64_t w, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)n * 0xd1b54a32d192ed03ULL);
	return mix64((h ^ w) * 0xbf58476d1ce4e5b9ULL);
}

/* strmap_key, described above (inline: every line of every run is hashed
 * once): words of 8 bytes (the last 8 may overlap the ones before; a
 * string of fewer has one word of its bytes), each multiplied into the
 * state with the length, then the splitmix64 finaliser (the same as
 * image_mix). */
static inline HOT_INLINE uint64_t strmap_key(const char *s, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)n * 0xd1b54a32d192ed03ULL);
	uint64_t w = 0;
	if (n < 8) {
		for (size_t i = 0; i < n; i++)
			w |= (uint64_t)(unsigned char)s[i] << (8 * i);
		return strmap_key_short(w, n);
	}
	for (size_t i = 0; i + 8 < n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
		h ^= h >> 29;
	}
	memcpy(&w, s + n - 8, 8);
	h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
	return mix64(h);
}

static inline HOT_INLINE uint64_t strmap_key_ahead(const char *s,
						    size_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t w;
	if (n >= 8)
		return strmap_key(s, n);
	/* byte i of the word is s[i], as strmap_key assembles it */
	memcpy(&w, s, 8);
	return strmap_key_short(w & (((uint64_t)1 << (8 * n)) - 1), n);
#else
	return strmap_key(s, n);
#endif
}

#endif
