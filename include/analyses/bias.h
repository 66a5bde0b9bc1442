/*
 * bias.h - --bias: bias, variance and error of system rankings (Cormack &
 * Grossman, SIGIR 2019; cbeval-analyses(7), BIAS).
 *
 * Collections: c = 0 the reference qrels, then each --against: another
 * qrels file, a comma list of qrels files (one replicate each), or pool:K
 * (the reference judgements of the top K of the kept runs).  With -b the
 * replicates of a single-file collection are its corpus images 1..B.
 * Every collection judges the reference's topics over the same rankings:
 * a file is loaded into a collection of its own, every document of the
 * reference's topics is interned into it, and the runs are carried over
 * by an id map (run_remap), never read again.  A pool is the reference
 * scored with the judgements of the pooling runs' top K (score.h).
 *
 * Topic bootstrap samples of every collection rank the runs; the
 * distances delta = 1 - tau-b between rankings give sigma, Delta, bias and
 * RMSE.  Memory: the scores of every replicate, C x r x topics x measures
 * x runs doubles (3 x 1 x 50 x 6 x 258 = 1.9 MB without -b; times B with
 * it), and per sample of T a few vectors per worker.
 */
#ifndef CBEVAL_BIAS_H
#define CBEVAL_BIAS_H

#include <stdint.h>
#include <stdio.h>

#include "options.h"
#include "collection.h"
#include "diag.h"
#include "pool.h"
#include "run.h"
#include "score.h"

struct bias_coll {
	const char *name;        /* "reference" or the SPEC as given (borrowed) */
	unsigned long pool;      /* K of pool:K, else 0 */
	size_t nfiles;           /* qrels files (0 for the reference and pools) */
	char *buf;               /* the SPEC, split at commas (owned) */
	char **files;            /* [nfiles] into buf */
	struct collection *c;    /* [nfiles] their collections (owned) */
	uint32_t ***map;         /* [nfiles][topic][reference id]: id in c[f] */
	struct run **runs;       /* [nfiles][nruns] the runs over c[f] */
	size_t nruns;
};

struct bias_set {
	struct bias_coll *coll;  /* [n]: coll[0] is the reference */
	size_t n;
};

/* The collections the options name (nothing is read yet). */
void bias_set_init(struct bias_set *b, const struct options *o);
void bias_set_release(struct bias_set *b);

/* Read every qrels file of the collections, check that each judges
 * exactly the topics of ref, and map ref's documents into it; ref must
 * not be frozen yet (the docno strings are needed), the collections read
 * here are frozen.  Returns 0, or -1 with the errors of every file in d
 * ("FILE: topic Q ..." for a topic judged in one and not the other). */
int bias_set_load(struct bias_set *b, const struct collection *ref,
		  const struct qrels_opts *qo, struct warnings *w,
		  struct diag *d);

/* Carry runs[0..n) (over the reference) over to every file's collection. */
void bias_set_runs(struct bias_set *b, const struct run *runs, size_t n);

struct bias_opts {
	unsigned long T;         /* samples per set */
	unsigned long topics;    /* n', 0 = the number of topics */
	unsigned long B;         /* -b: images as replicates, 0 = none */
	size_t npool;            /* the runs that pool: the first npool */
	uint64_t seed;
	int decimals;
	int progress;
	struct pool *pool;
};

/* Compute and print the table for the scorer's runs and measures over
 * the reference (s) and the collections of b.  Returns 0, or -1 when
 * writing failed. */
int bias_print(FILE *f, const struct scorer *s, const struct bias_set *b,
	       const struct bias_opts *o);

#endif
