/*
 * imgfile.h - the binary image files of --image-range and their merge by
 * --from-images: a range of bootstrap images (plus the root) written by
 * one process, read back by another that merges any number of ranges
 * into the values of one run with -b B, topic by topic.
 *
 * Layout (format version 1; every integer little-endian, every value an
 * IEEE 754 binary64 stored little-endian; a string is a u32 byte count
 * and the bytes, no NUL):
 *
 *   8 bytes   magic "CBEVIMG" and a NUL byte
 *   u32       format version (1)
 *   string    the cbeval version that wrote the file ("0.1.0")
 *   u64       seed (--seed), B (-b), FIRST, LAST (--image-range)
 *   i64       -l;  u32 --order (0 score, 1 rank, 2 file);  u32 --dedup
 *   u64       -M (0: none), --pool (0: none), --top (0: none)
 *   string    --top-by as given ("" when none)
 *   u32 n, n strings   the measures, canonical names, in output order
 *   u32       slots (outputs of the measures: RBP has two)
 *   u32 n, n strings   the run names, in output order
 *   u32 n, n strings   the topics' qids, in output order
 *   u64       FNV-1a 64 of the root scores, [run][topic][slot], each as
 *             its 8 bytes (files of other qrels or runs differ here)
 *   then, for each topic, each run, each slot: LAST - FIRST + 2 values,
 *   the root (image 0) and images FIRST..LAST.
 *
 * Image b depends only on the seed and b (image.h), so the files of
 * disjoint ranges that cover 1..B hold exactly the values of one run.
 */
#ifndef CBEVAL_IMGFILE_H
#define CBEVAL_IMGFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "options.h"
#include "collection.h"
#include "diag.h"
#include "measure.h"
#include "pool.h"
#include "reader.h"
#include "run.h"
#include "score.h"

#define IMGFILE_VERSION 1u

/* The digest of the root scores of s (scored on pool) for the header. */
uint64_t imgfile_root_digest(const struct scorer *s, struct pool *pool);

/* Write the header of an image file for scorer s, the options o (-b,
 * --image-range and the scoring options) and the root digest to f.
 * Returns 0, or -1 when writing failed (errno set by stdio). */
int imgfile_write_head(FILE *f, const struct scorer *s,
		       const struct options *o, uint64_t digest);

/* Write one topic's block v[run][slot][root, FIRST..LAST] (n values) to
 * f.  Returns 0, or -1 when writing failed. */
int imgfile_write_topic(FILE *f, const double *v, size_t n);

/* One file's header, as read. */
struct imgfile_head {
	char *cbeval;
	uint64_t seed, B, first, last;
	int64_t level;
	uint32_t order, dedup;
	uint64_t max_docs, pool, top;
	char *top_by;
	char **measure, **run, **qid;
	uint32_t nm, nslots, nruns, nt;
	uint64_t digest;        /* of the root scores */
	uint64_t size;          /* bytes of the header */
};

struct imgfile {
	const char *path;
	struct reader rd;
	struct imgfile_head h;
	unsigned char *raw;     /* one topic's block as read */
	size_t nvals;           /* values per topic */
};

/* The files of one merge, and the context a scorer needs to print their
 * values: topics with their qids, runs with their names, the measures. */
struct imgset {
	struct imgfile *f;      /* [n], sorted by FIRST */
	size_t n;
	struct collection c;    /* topics with qids only (borrowed strings) */
	struct run *runs;       /* names only, empty rankings */
	size_t *off;            /* the runs' shared empty offsets */
	struct measure *m;
	size_t nm;
};

/* Open the files paths[0..n), read and check their headers (magic,
 * version, the same writer, seed, -b, scoring options, measures, runs
 * and topics), check that their ranges cover images 1..B exactly once
 * and that each file holds exactly the bytes its header announces (a .gz
 * file is read through once for that).  Returns 0, or -1 with d set to
 * a data error naming the files and images; imgset_release either way. */
int imgset_open(struct imgset *set, char *const *paths, size_t n,
		struct diag *d);

/* Build the collection, runs and measures of the files and set up s over
 * them (no rankings: s is for printing, not scoring).  Returns 0, or -1
 * with d set when a measure name does not parse or the slots differ. */
int imgset_scorer(struct imgset *set, struct scorer *s, struct diag *d);

/* The boot_run source: read topic t from every file into
 * v[run][slot][0..B] (ctx is the imgset).  Topics must be read in order.
 * Returns 0, or -1 with d set (a read error, a short file, roots that
 * differ between files). */
int imgset_topic(void *ctx, size_t t, double *v, struct diag *d);

void imgset_release(struct imgset *set);

#endif
