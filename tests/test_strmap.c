/*
 * test_strmap.c - the string map (src/base/strmap.c, strmap.h) against
 * the obvious answers:
 * 1. strmap_key_ahead, the hash of a docno read as one masked word, is
 *    strmap_key's hash to the bit, for every length from 1 to 40 and any
 *    bytes (the run files' docnos are looked up by the one and the qrels'
 *    interned by the other: a difference would leave every document
 *    unjudged);
 * 2. strmap_intern gives ids 0, 1, 2 ... in order of first appearance
 *    and the same id again for a string it has; strmap_lookup and
 *    strmap_find give that id for a string of the map and UINT32_MAX
 *    for any other: one byte changed (first, middle, last), one byte
 *    more or less, and on an empty map.  Checked against a plain list
 *    searched with memcmp, over 20,000 random strings with repeats.
 */
#include "check.h"
#include "strmap.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rnd(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* 1: random strings of every length in a buffer with bytes after them. */
static void test_key_ahead(void)
{
	uint64_t st = 7;
	unsigned long bad = 0, n = 0;
	char buf[64];
	for (size_t len = 1; len <= 40; len++)
		for (int i = 0; i < 2000; i++, n++) {
			for (size_t k = 0; k < sizeof buf; k++)
				buf[k] = (char)(rnd(&st) & 0xff);
			if (strmap_key_ahead(buf, len) != strmap_key(buf, len))
				bad++;
		}
	CHECK(bad == 0,
	      "strmap_key_ahead equals strmap_key on %lu strings of 1 to 40 bytes (%lu differ)",
	      n, bad);
}

/* A random string of 1 to 24 bytes from a small alphabet (so that
 * strings share prefixes and lengths), into s; returns its length. */
static size_t random_string(uint64_t *st, char *s)
{
	size_t len = 1 + (size_t)(rnd(st) % 24);
	for (size_t k = 0; k < len; k++)
		s[k] = "ab0-."[rnd(st) % 5];
	return len;
}

struct plain_list {
	char (*s)[32];
	size_t *len;
	uint32_t n;
};

/* The index of s in the list, or UINT32_MAX. */
static uint32_t plain_find(const struct plain_list *p, const char *s,
			   size_t len)
{
	for (uint32_t i = 0; i < p->n; i++)
		if (p->len[i] == len && memcmp(p->s[i], s, len) == 0)
			return i;
	return UINT32_MAX;
}

/* Both lookups of the n bytes at s, against the list; 1 when they agree. */
static int lookups_agree(const struct strmap *m, const struct plain_list *p,
			 const char *s, size_t len)
{
	uint64_t h = strmap_key(s, len);
	uint32_t want = plain_find(p, s, len);
	return strmap_lookup(m, s, len, h) == want &&
	       strmap_find(m, s, len, h) == want;
}

/* The variants of string s (len bytes, buffer of 40) that may be absent:
 * a byte changed at the start, middle and end, one byte more and one
 * less; 1 when every lookup agrees with the list. */
static int variants_agree(const struct strmap *m, const struct plain_list *p,
			  const char *s, size_t len)
{
	char v[40];
	size_t at[3] = { 0, len / 2, len - 1 };
	int ok = 1;
	for (int k = 0; k < 3; k++) {
		memcpy(v, s, len);
		v[at[k]] = 'z';
		ok &= lookups_agree(m, p, v, len);
	}
	memcpy(v, s, len);
	v[len] = 'a';
	ok &= lookups_agree(m, p, v, len + 1);
	if (len > 1)
		ok &= lookups_agree(m, p, s, len - 1);
	return ok;
}

/* 2: the map against the plain list. */
static void test_map(void)
{
	struct strmap m;
	struct plain_list p;
	uint64_t st = 11;
	int ok = 1, order = 1;
	char s[40];
	p.s = calloc(20000, sizeof *p.s);
	p.len = calloc(20000, sizeof *p.len);
	p.n = 0;
	strmap_init(&m);
	CHECK(strmap_lookup(&m, "a", 1, strmap_key("a", 1)) == UINT32_MAX &&
	      strmap_find(&m, "a", 1, strmap_key("a", 1)) == UINT32_MAX,
	      "an empty map finds nothing");
	for (int i = 0; i < 20000 && ok; i++) {
		size_t len = random_string(&st, s);
		uint32_t want = plain_find(&p, s, len), id;
		int added;
		ok = variants_agree(&m, &p, s, len) && lookups_agree(&m, &p, s, len);
		id = strmap_intern(&m, s, len, strmap_key(s, len), &added);
		if (want == UINT32_MAX) {
			order &= id == p.n && added == 1;
			memcpy(p.s[p.n], s, len);
			p.len[p.n++] = len;
		} else {
			order &= id == want && added == 0;
		}
		ok &= lookups_agree(&m, &p, s, len) &&
		      strcmp(strmap_str(&m, id), p.s[id]) == 0;
	}
	CHECK(ok, "strmap_lookup and strmap_find agree with a plain list (%u strings of 20000, and 5 variants of each)",
	      p.n);
	CHECK(order, "strmap_intern numbers new strings 0, 1, 2 ... and gives a known string its id");
	strmap_release(&m);
	free(p.s);
	free(p.len);
}

int main(void)
{
	test_key_ahead();
	test_map();
	return check_exit();
}
