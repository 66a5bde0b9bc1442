/*
 * collection.h - the judged topics: what the qrels say, plus every document
 * any run retrieved for each topic, interned to dense per-topic ids.
 *
 * Ids are laid out so that scoring needs no lookups but one multiplicity:
 *   [0, n_rel)        judged with grade >= the relevance level,
 *   [0, n_pos)        judged with grade >= 1 (positive gain for nDCG),
 *   [0, n_nonneg)     judged with grade >= 0 (judged for bpref),
 *   [0, n_judged)     judged at all (grade descending, file order on ties),
 *   [n_judged, n_docs) retrieved by some run but not judged.
 * Both "relevant" and "positive gain" are prefixes of the grade-descending
 * order, so n_int = max(n_rel, n_pos) bounds every document a measure
 * looks at.
 *
 * Sizes: tens to thousands of topics; per topic up to a few hundred thousand
 * judged and retrieved documents.  Topics are stored in natural order of
 * qid (numeric when every qid is a number, else byte order), which is the
 * output order.
 */
#ifndef CBEVAL_COLLECTION_H
#define CBEVAL_COLLECTION_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "strmap.h"

#define CB_MAX_DOCNO 1024   /* longest docno or qid accepted, in bytes */
/* Most documents in one ranking: with multiplicities of at most 24 the
 * positions of any image fit in 32 bits. */
#define CB_MAX_RANKING 100000000UL

struct topic {
	const char *qid;        /* owned by collection.qids */
	uint32_t n_rel, n_pos, n_nonneg, n_int, n_judged, n_docs;
	int32_t *grade;         /* [n_judged] */
	uint64_t *hash;         /* [n_docs] FNV-1a of the docno, after freeze */
	struct strmap docs;     /* docno -> id while loading */
	pthread_mutex_t lock;   /* guards docs while runs load in parallel */
};

struct collection {
	struct topic *topic;
	size_t n;
	struct strmap qids;     /* qid -> topic index */
	int hashless;           /* frozen without the documents' hashes: no
				   image can be drawn */
};

struct qrels_opts {
	int level;              /* grade >= level is relevant */
	int dedup;              /* keep the first of duplicate judgements */
};

void collection_init(struct collection *c);
void collection_release(struct collection *c);

/* Read the qrels at path into an empty collection.  Returns 0, or -1 with d
 * set ("FILE:LINE: what"), the collection left empty.  A malformed line
 * does not stop the reading: up to DIAG_KEEP errors are kept in d (see
 * diag_keep).  Warnings (--dedup) are appended to w. */
int qrels_load(struct collection *c, const char *path,
	       const struct qrels_opts *o, struct warnings *w, struct diag *d);

/* For the line loops of the loaders: move the line error in one to d and
 * count it in *nerr; returns 1 when the file has had DIAG_KEEP errors and
 * reading should stop, else 0. */
int keep_line_error(struct diag *d, struct diag *one, unsigned *nerr);

/* Index of the topic with this qid, or -1. */
/* Set the class counts of t (n_rel, n_pos, n_nonneg, n_int) from its
 * n_judged grades, which are in descending order, for -l level. */
void topic_count(struct topic *t, int level);

long collection_find(const struct collection *c, const char *qid, size_t n);

/* After every run has loaded: keep each document's hash, drop the docno
 * strings and lookup tables (they are not needed for scoring). */
void collection_freeze(struct collection *c);
/* The same, the topics shared among the threads of p (a document's hash
 * is FNV-1a of its docno, a byte at a time: a few milliseconds for the
 * half million documents of a large collection); without the hashes when
 * hashes is 0 (they are left 0, and c->hashless set), for a run of
 * cbeval that draws no image. */
struct pool;
void collection_freeze_on(struct collection *c, struct pool *p, int hashes);

/* Compare two qids in natural order (numeric when both are digit strings,
 * byte order otherwise); used to order topics and exported for tests. */
int qid_natural_cmp(const char *a, const char *b, int numeric);

#endif
