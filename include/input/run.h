/*
 * run.h - one run file, parsed, interned, ordered: for every topic of the
 * collection, the run's ranking as an array of topic-local document ids in
 * evaluation order (the "order" step of the pipeline).
 *
 * Sizes: up to hundreds of runs, each with thousands of topics x thousands
 * of documents; what is kept per retrieved document is one uint32 id.
 * run_load may be called from several threads at once for different runs
 * of the same collection: the only shared state it touches is each topic's
 * document map, under that topic's lock.
 */
#ifndef CBEVAL_RUN_H
#define CBEVAL_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "collection.h"
#include "diag.h"

enum run_order { ORDER_SCORE, ORDER_RANK, ORDER_FILE };

struct run_opts {
	enum run_order order;
	uint64_t max_docs;        /* -M: keep this many per ranking, 0 = all */
	int dedup;                /* --dedup: keep the first duplicate */
	int left_out;             /* --mean run: topics a run lacks are left
				     out of its "all" (said in the warning) */
};

struct run {
	const char *path;         /* as given (not owned) */
	const char *label;        /* for messages: path or "<stdin>" */
	char *tag;                /* first tag of the file */
	char *last_tag;           /* the last line's tag when it is another
				     (trec_eval names a run by it), or NULL */
	uint8_t *present;         /* [n_topics] 1 where the file has lines
				     for the topic (set by run_classify's
				     callers; -J may empty the ranking) */
	char *name;               /* unique display name (set by run_names) */
	unsigned long mixed_line; /* first line with another tag, or 0 */
	char *mixed_tag;          /* that line's tag */
	size_t *off;              /* [n_topics + 1]: topic i is ids[off[i]..off[i+1]) */
	uint32_t *ids;            /* topic-local ids in evaluation order */
	/* Static classification of each ranking, so that scoring an image
	 * only computes positions: for topic t, the indices (into the topic's
	 * ranking) of documents that are relevant or have positive gain
	 * (id < n_int) are inter[inter_off[t] .. inter_off[t+1]), and the
	 * maximal stretches [a, b) of consecutive judged documents
	 * (id < n_judged) are the pairs jspan[2*j], jspan[2*j+1] for j in
	 * jspan_off[t] .. jspan_off[t+1]. */
	uint32_t *inter;
	size_t *inter_off;
	uint32_t *jspan;
	size_t *jspan_off;
	struct warnings warn;     /* this file's warnings, in order */
};

/* Per-thread scratch space reused across run_load calls. */
struct run_scratch {
	void *batch;   size_t batch_cap;
	void *ent;     size_t ent_cap;
	uint32_t *stamp; uint32_t *stamp_at; size_t stamp_cap;
	uint32_t serial;
};

void run_scratch_init(struct run_scratch *s);
void run_scratch_release(struct run_scratch *s);

void run_init(struct run *r, const char *path);
void run_release(struct run *r);

/* Parse the run file r->path against the collection.  Returns 0, or -1 with
 * d set ("FILE:LINE: what"; malformed lines do not stop the reading, up to
 * DIAG_KEEP errors are kept, see diag_keep).  Thread safe as described
 * above. */
int run_load(struct run *r, struct collection *c, const struct run_opts *o,
	     struct run_scratch *s, struct diag *d);

/* Load the n runs rs[0..n) together, reading them in topic lockstep (the
 * fast path of loading for runs that keep each topic's lines together; see
 * run_group.c); run_load_group may be called from several threads at
 * once for different groups.  redo[i] is set to 1 for a run not loaded:
 * standard input, anything but a regular file, and any file with
 * something out of the ordinary (an error, a topic whose lines are not
 * together, duplicates).  Such a run is as after run_init, to be loaded by
 * run_load, which gives the same results and messages for every file.
 * Uses at most n open files at once; s is the calling thread's. */
void run_load_group(struct run *rs, size_t n, struct collection *c,
		    const struct run_opts *o, struct run_scratch *s, int *redo);

/* Fill r->inter, inter_off, jspan and jspan_off (the static
 * classification above) from r->off and r->ids over collection c. */
void run_classify(struct run *r, const struct collection *c);

/* Set r->present from r->off: 1 for every topic with a ranking. */
void run_mark_present(struct run *r, const struct collection *c);

/* trec_eval's -J: drop from every ranking the documents that are not
 * judged with a grade >= 0 (unjudged, or judged with a negative grade),
 * after -M, keeping the order; the classification is recomputed and
 * r->present kept. */
void run_keep_judged(struct run *r, const struct collection *c);

/* The rankings of src over another collection c: id i of topic t becomes
 * map[t][i], the same document in c; the order is kept and the
 * classification recomputed.  dst gets copies of the name and of the
 * arrays (release with run_release); path and label are borrowed. */
void run_remap(struct run *dst, const struct run *src,
	       const struct collection *c, uint32_t *const *map);

/* Cormack & Grossman's engineered run of src (position j among the kept
 * runs) over its own collection c: on each topic (position t) the ranks
 * that hold relevant documents (id < n_rel) keep holding them, but the
 * m relevant documents are permuted: for i = m-1 down to 1, slot i is
 * swapped with slot index(word(seed,10,j,t,i), i+1).  Named NAME~perm.
 * Release with run_release. */
void run_engineer(struct run *dst, const struct run *src,
		  const struct collection *c, uint64_t j, uint64_t seed);

/* Make r's name differ from those of runs[0..n) by appending "#2",
 * "#3", ... when it is taken (an engineered run's NAME~perm against a
 * run given that name). */
void run_name_unique(struct run *r, const struct run *runs, size_t n);

/* Give every run a unique name: its tag (with by_file, --names file:
 * its file name without directory and .gz, .run, .txt or .tsv; the tag
 * for standard input), or "tag#N" for the N-th file using a name already
 * taken (or "all", which names rows about every run), with a warning on
 * that run.  A run with mixed tags is named after its first line's tag,
 * and its warning says so with the final name. */
void run_names(struct run *runs, size_t n, int by_file);

#endif
