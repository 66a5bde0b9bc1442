/*
 * meld_labels.h - the labels of --meld (see meld.h): the documents
 * labelled L or R, by a labels file or by the Rank labelling of the
 * runs, and how a meld factor flips them (stream 7 of the draws).
 * Sizes: labels for up to millions of docnos, one byte per topic document
 * once attached.
 *
 * Life cycle: meld_labels_init; meld_labels_read (a labels file) before or
 * after the inputs load; meld_labels_attach before collection_freeze (it
 * needs the docno strings); meld_labels_rank after --top (the Rank
 * labelling uses the kept runs); meld_print (meld.h); meld_labels_release.
 */
#ifndef CBEVAL_MELD_LABELS_H
#define CBEVAL_MELD_LABELS_H

#include <stddef.h>
#include <stdint.h>

#include "collection.h"
#include "diag.h"
#include "draws.h"
#include "run.h"
#include "strmap.h"

enum { MELD_NONE = 0, MELD_L = 1, MELD_R = 2 };

/* The Rank labelling looks at the first MELD_RANK_DEPTH positions. */
#define MELD_RANK_DEPTH 100

struct meld_labels {
	const char *path;       /* the labels file, or NULL for rank */
	const char *where;      /* for warnings: the file name or "--meld rank" */
	struct strmap docs;     /* labelled docnos (file); every docno of the
				   collection until meld_labels_rank (rank) */
	uint8_t *label;         /* [docs.n] MELD_* */
	uint64_t *fnv;          /* [docs.n] FNV-1a of each docno (meld_flips),
				   from meld_labels_attach on */
	uint32_t **gid;         /* rank, until meld_labels_rank: per topic
				   [n_docs] ids in docs */
	uint8_t **lab;          /* per topic [n_docs]: the unmelded label */
	size_t ntopics;
};

/* spec is the --meld argument: "rank" or a file name (borrowed). */
void meld_labels_init(struct meld_labels *ml, const char *spec);
void meld_labels_release(struct meld_labels *ml);

/* Read the labels file (nothing to do for rank): lines "docno L|R", read
 * like the qrels.  Returns 0, or -1 with the FILE:LINE errors in d (a
 * malformed line does not stop the reading; see diag_keep). */
int meld_labels_read(struct meld_labels *ml, struct diag *d);

/* Before collection_freeze: give every document of every topic its label
 * (a labels file), or intern every docno across topics (rank). */
void meld_labels_attach(struct meld_labels *ml, const struct collection *c);

/* rank only, after the collection is frozen and --top has chosen the runs:
 * r = each docno's shallowest position (1-based, evaluated order) in the
 * runs, over every topic, for r <= MELD_RANK_DEPTH; label L when r is
 * below the type-7 median of those r, R otherwise; others unlabelled. */
void meld_labels_rank(struct meld_labels *ml, const struct collection *c,
		      const struct run *runs, size_t nruns);

/* Whether the label of a docno with hash h flips in split s at meld factor
 * mf: uniform(docword(seed, 7, docno, s)) < mf / 2.  key is
 * meld_key(seed, s). */
static inline uint64_t meld_key(uint64_t seed, uint64_t s)
{
	return draw_word1(seed, DRAW_MELD, s);
}

static inline int meld_flips(uint64_t h, uint64_t key, double mf)
{
	return draw_uniform(image_mix(h ^ key)) < mf / 2;
}

/* The shares of the labels after the meld of split s at mf:
 * out[0..1] docnos of the labelling labelled L, R; out[2..4] qrels
 * judgements whose docno is L, R, and all; out[5..7] the same for
 * judgements with grade >= the relevance level. */
enum { MS_DOCS_L, MS_DOCS_R, MS_JUDGED_L, MS_JUDGED_R, MS_JUDGED, MS_REL_L,
       MS_REL_R, MS_REL, MS_N };
void meld_shares(const struct meld_labels *ml, const struct collection *c,
		 uint64_t seed, uint64_t s, double mf, unsigned long *out);

#endif
