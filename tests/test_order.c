/*
 * test_order.c - the order of a ranking (run_int.h) against the obvious
 * one: qsort by score descending, then strcmp of the docnos descending,
 * then line.  run_order_ranking compares ties by the docnos' first 16
 * bytes as two big-endian words and reads the docnos only past them, by
 * insertion sort up to 48 ties and qsort beyond, so the cases are chosen
 * to reach every branch:
 * 1. run_prefix on docnos of every length from 0 to 20 against a byte
 *    loop;
 * 2. 20,000 random rankings of 1 to 300 entries with heavy ties (scores
 *    from a handful of values), docnos of 0 to 30 bytes from a small
 *    alphabet with bytes above 0x7f, many sharing 8- and 16-byte
 *    prefixes, many equal (duplicates: then line decides), and some
 *    rankings in order already;
 * 3. --order=rank and --order=file.
 */
#include "check.h"
#include "run_int.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t z = 99;

static uint32_t next(uint32_t n)
{
	z = z * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)((z >> 33) % n);
}

static int cmp_ref(const void *pa, const void *pb)
{
	const struct run_ent *a = pa, *b = pb;
	int r;
	if (a->key != b->key)
		return a->key > b->key ? -1 : 1;
	r = strcmp(b->doc, a->doc);
	if (r)
		return r;
	return a->line < b->line ? -1 : a->line > b->line;
}

static int cmp_rank_ref(const void *pa, const void *pb)
{
	const struct run_ent *a = pa, *b = pb;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->line < b->line ? -1 : a->line > b->line;
}

/* 1 when run_prefix agrees with a byte loop for docnos of 0..20 bytes. */
static int prefix_ok(void)
{
	unsigned char s[21];
	for (size_t n = 0; n <= 20; n++)
		for (int k = 0; k < 200; k++) {
			uint64_t hi, lo, whi = 0, wlo = 0;
			for (size_t i = 0; i < n; i++)
				s[i] = (unsigned char)(1 + next(255));
			for (size_t i = 0; i < 16; i++) {
				uint64_t b = i < n ? s[i] : 0;
				if (i < 8)
					whi = whi << 8 | b;
				else
					wlo = wlo << 8 | b;
			}
			run_prefix((const char *)s, n, &hi, &lo);
			if (hi != whi || lo != wlo) {
				printf("# run_prefix wrong at length %zu\n", n);
				return 0;
			}
		}
	return 1;
}

/* Random rankings: 1 when run_order_ranking gives cmp_ref's order. */
static int rankings_ok(enum run_order order, int rounds)
{
	static const char stems[][17] = {
		"", "a", "FT923-", "clueweb09-en0000", "clueweb09-en0001",
		"\xc3\xa9t\xc3\xa9", "GX000-00-"
	};
	static char docs[64][40];
	struct run_ent *e = malloc(300 * sizeof *e);
	struct run_ent *want = malloc(300 * sizeof *want);
	int ok = 1;
	for (int d = 0; d < 64; d++) {
		const char *stem = stems[next(sizeof stems / sizeof *stems)];
		size_t n = strlen(stem), tail = next(15);
		memcpy(docs[d], stem, n);
		for (size_t i = 0; i < tail; i++)
			docs[d][n + i] = "0123456789-\xff"[next(12)];
		docs[d][n + tail] = '\0';
	}
	for (int r = 0; r < rounds && ok; r++) {
		size_t n = 1 + next(300);
		int nkeys = 1 + (int)next(6), sorted = next(4) == 0;
		for (size_t i = 0; i < n; i++) {
			const char *doc = docs[next(64)];
			e[i].key = (double)next((uint32_t)nkeys);
			e[i].doc = doc;
			e[i].len = (uint32_t)strlen(doc);
			e[i].line = (uint32_t)i + 1;
			e[i].id = (uint32_t)i;
			e[i].topic = 0;
			/* run_order_ranking makes the words itself */
			e[i].hi = e[i].lo = 0x5a5a5a5a5a5a5a5aULL;
		}
		if (sorted) {  /* in order already, as most files are */
			qsort(e, n, sizeof *e, cmp_ref);
			for (size_t i = 0; i < n; i++)
				e[i].line = (uint32_t)i + 1;
		}
		memcpy(want, e, n * sizeof *e);
		if (order == ORDER_SCORE)
			qsort(want, n, sizeof *want, cmp_ref);
		else if (order == ORDER_RANK)
			qsort(want, n, sizeof *want, cmp_rank_ref);
		run_order_ranking(order, e, n);
		for (size_t i = 0; i < n && ok; i++)
			if (e[i].line != want[i].line) {
				printf("# ranking %d (%zu entries): position %zu has line %u, want %u\n",
				       r, n, i, e[i].line, want[i].line);
				ok = 0;
			}
	}
	free(e);
	free(want);
	return ok;
}

int main(void)
{
	CHECK(prefix_ok(), "run_prefix: docnos of 0 to 20 bytes as big-endian words, zero-filled");
	CHECK(rankings_ok(ORDER_SCORE, 20000),
	      "--order=score: 20000 random rankings with ties ordered as by score, strcmp and line");
	CHECK(rankings_ok(ORDER_RANK, 2000),
	      "--order=rank: 2000 random rankings ordered as by rank and line");
	CHECK(rankings_ok(ORDER_FILE, 200), "--order=file: rankings unchanged");
	return check_exit();
}
