/*
 * collfile.h - prepared collection files: the qrels and runs as loaded
 * (parsed, checked, interned and ordered), written by --save-collection
 * and read by --collection in place of the QRELS and RUN files.  The
 * processes of a split (--image-range) then skip the parsing, which on
 * 129 runs x 50 topics costs about as much as 150 images.  A file is
 * about a seventh of the run files it comes from (4 bytes per run line,
 * and each document's name once per topic).
 *
 * Layout (format version 1; every integer little-endian; a string is a
 * u32 byte count and the bytes, no NUL):
 *
 *   8 bytes   magic "CBEVCOL" and a NUL byte
 *   u32       format version (1)
 *   string    the cbeval version that wrote the file
 *   i64 -l;  u32 --order (0 score, 1 rank, 2 file);  u32 --dedup;  u64 -M
 *   u32       topics, in output order; for each:
 *               string  qid
 *               u32 J, then J i32 grades: the judged documents, grade
 *                       descending (ids 0..J-1)
 *               u32 D (>= J), then D strings: every document's docno
 *                       in id order: the judged ones, then the others
 *                       as the runs first retrieve them (runs as given,
 *                       rankings in evaluation order), then any left
 *                       (cut by -M) by docno; so the file does not
 *                       depend on -j
 *   u32       runs, in the order given; for each:
 *               string  the path as given, string the first tag,
 *               string  the display name
 *               u64 x topics: the length of each ranking
 *               u32 x (their sum): the ids, topic by topic, in the
 *                       order of evaluation (after --order, -M, --dedup)
 *   u64       checksum of every byte before it (collfile.c: 8-byte
 *             little-endian words mixed as in strmap_key)
 *
 * Reading checks every count against what follows, every id against its
 * topic, the grades' order, that no qid repeats nor any document in a
 * ranking, and the checksum; a file that passes is the collection its
 * writer loaded.
 */
#ifndef CBEVAL_COLLFILE_H
#define CBEVAL_COLLFILE_H

#include <stddef.h>

#include "collection.h"
#include "diag.h"
#include "run.h"

#define COLLFILE_VERSION 1u

/* Write the loaded collection c (its document maps not yet frozen) and
 * runs, loaded with -l level and the options ro, to path.  Returns 0, or
 * -1 with d set (cannot open or write). */
int collfile_write(const char *path, const struct collection *c,
		   const struct run *runs, size_t nruns, int level,
		   const struct run_opts *ro, struct diag *d);

/* The runs of a file as read, with the paths they point to. */
struct collfile_runs {
	struct run *run;        /* [n], each to run_release */
	size_t n;
	char **path;            /* [n] owned: run[i].path (NULL when the
				   paths are the command line's) */
};

/* Read path ("-": standard input; .gz as for inputs) into c (collection
 * _init'ed and empty; left as collection_freeze leaves it: the documents'
 * hashes, and with keep_docnos each topic's docno map too (for --meld
 * and --bias, which read files of docnos: labels, other qrels), so
 * nothing but those can be added to it) and out, and the options it was
 * loaded with into *level and *ro.  Returns
 * 0, or -1 with d set ("FILE: what is wrong"); the caller releases c and
 * out (collfile_runs_release) either way. */
int collfile_read(const char *path, struct collection *c,
		  struct collfile_runs *out, int *level, struct run_opts *ro,
		  int keep_docnos, struct diag *d);

void collfile_runs_release(struct collfile_runs *r);

#endif
