/*
 * run_int.h - what run.c (parse, intern, dedup, keep) shares with
 * run_order.c (the order of one ranking): the interned line.  Not an
 * interface for anything else; see run.h.
 */
#ifndef CBEVAL_RUN_INT_H
#define CBEVAL_RUN_INT_H

#include <stddef.h>
#include <stdint.h>

#include "run.h"

/* One interned line of a run file, 48 bytes.  The docno's first 16 bytes
 * are kept as two big-endian words, zero past its end (run_prefix), so
 * that ties of score are mostly ordered without reading the docno. */
struct run_ent {
	double key;           /* score, rank or 0, as --order says */
	uint64_t hi, lo;      /* docno bytes 0..7 and 8..15 */
	const char *doc;      /* the interned docno, NUL-terminated, stable */
	uint32_t id;          /* topic-local document id */
	uint32_t line;        /* files have fewer than 2^32 lines (checked) */
	uint32_t topic;
	uint32_t len;         /* docno length */
};

/* The n bytes at s (no NUL among them) as the words hi and lo of
 * struct run_ent. */
void run_prefix(const char *s, size_t n, uint64_t *hi, uint64_t *lo);

/* Put the n entries of one ranking at e in evaluation order (run.h):
 * --order=score: key descending, ties by docno descending in byte order
 * (trec_eval's rule), then line; --order=rank: key ascending, then line;
 * --order=file: unchanged.  The entries must come in line order, as a
 * file is read.  Sorts in place; allocates nothing. */
void run_order_ranking(enum run_order order, struct run_ent *e, size_t n);

#endif
