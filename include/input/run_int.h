/*
 * run_int.h - what run.c (parse, intern, dedup, keep) shares with
 * run_order.c (the order of one ranking) and run_group.c (loading many
 * files in topic lockstep): the parsed line, the interned line, the state
 * of one file's load and the steps of run_load.  Not an interface for
 * anything else; see run.h.
 */
#ifndef CBEVAL_RUN_INT_H
#define CBEVAL_RUN_INT_H

#include <stddef.h>
#include <stdint.h>

#include "reader.h"
#include "run.h"
#include "strmap.h"

/* A parsed line awaiting interning. */
struct rec {
	const char *docno;    /* into the reader's buffer */
	uint64_t hash;        /* strmap_key of the docno */
	unsigned long line;
	double key;
	uint32_t topic;
	uint32_t len;
};

/* State of one file's load, to keep the helpers' argument lists short. */
struct load {
	struct run *r;
	struct collection *c;
	const struct run_opts *o;
	struct run_scratch *s;        /* the thread's batch and entries */
	struct reader rd;
	size_t nbatch, nent;          /* records in s->batch, s->ent */
	unsigned long nlines;
	unsigned long mixed_line;     /* first line with another tag */
	char *mixed_tag;
	struct strmap unknown;        /* qids not in the qrels */
	/* the qid of the last line and its topic (-1: not in the qrels), as
	 * runs hold a topic's lines together */
	char lastq[CB_MAX_DOCNO];
	size_t lastq_len;
	long last_topic;
};

/* One interned line of a run file, 48 bytes.  The docno's first 16 bytes
 * are kept as two big-endian words, zero past its end (run_prefix), so
 * that ties of score are mostly ordered without reading the docno; only
 * entries that tie need them, and run_order_ranking makes them. */
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

/* The steps of run_load (run.c), in the order it takes them. */

/* Parse one line: a record is appended to L->s->batch (L->nbatch) for a
 * run line of a topic in the qrels; comments, empty lines and lines of
 * other topics add none.  Returns 0, or -1 with d set for a bad line. */
int run_parse_line(struct load *L, char *line, size_t len, struct diag *d);
/* After a line read by run_parse_line: take the lines that follow it in
 * the reader's buffer for as long as they are lines of the same qid that
 * run_parse_line would take without a word, as it would take them (a
 * record in the batch for a topic in the qrels, nothing for another; see
 * run_fast.c).  Returns the lines taken. */
unsigned long run_fast_lines(struct load *L);
/* Intern the n records at b, all of topic t, under t's lock (taken
 * here, for the batch: the only shared state of loading), appending their
 * entries to L->s->ent (L->nent). */
void run_intern_recs(struct load *L, const struct rec *b, size_t n,
		     struct topic *t);
/* At the end of the file: the checks and warnings of the whole file (no
 * lines, mixed tags, unknown topics).  Returns 0, or -1 with d set. */
int run_check_parsed(struct load *L, struct diag *d);
/* Order, dedup and cut the n entries at x, the lines of topic tp; the
 * duplicates removed are counted in *ndup and the first described in
 * dupmsg.  Returns the ranking's new length, or (size_t)-1 with d set. */
size_t run_rank(struct load *L, struct run_ent *x, size_t n,
		const struct topic *tp, unsigned long *ndup, char *dupmsg,
		size_t dupsz, struct diag *d);
/* With r->off and r->ids set: classify the rankings and add the warnings
 * of duplicates and of the nmiss topics without documents, miss[]. */
void run_finish(struct load *L, const char *const *miss, size_t nmiss,
		unsigned long ndup, const char *dupmsg);
/* Write to buf a list like "303, 304 and 2 more" of at most 10 names
 * (names[0..min(n, 10)) are read). */
void run_list_names(char *buf, size_t sz, const char *const *names,
		    size_t n);

#endif
