/*
 * meld.h - --meld: predictivity across melded sub-collections (Rashidi,
 * Zobel & Moffat, SIGIR 2021; cbeval-analyses(7), MELD).
 *
 * The documents are labelled L or R - by a labels file or by the Rank
 * labelling of the runs - and a meld factor mf flips each label with
 * probability mf/2 (stream 7 of the draws, per docno and split, the same
 * draw for every mf so that melds are nested).  Sub-collection L of split s
 * in image b gives a document its multiplicity in corpus image b when its
 * melded label is L, else 0: a replicate fed to the one scorer, never
 * materialised.  The table compares each run with itself and every pair of
 * runs across L and R with one-sided paired t-tests.
 *
 * Sizes: labels for up to millions of docnos (one byte per topic document
 * once attached); the scores of one split - B images x 2 parts x runs x
 * topics x measures doubles, e.g. 100 x 2 x 50 x 50 x 3 = 12 MB - and the
 * differences of every pair in every split and image of one mf, 16 bytes x
 * measures x pairs x K x B (59 MB for 1225 pairs, K = 10, B = 100, three
 * measures).  With --images every split of one mf is kept (K times the
 * scores).
 *
 * Life cycle: meld_labels_init; meld_labels_read (a labels file) before or
 * after the inputs load; meld_labels_attach before collection_freeze (it
 * needs the docno strings); meld_labels_rank after --top (the Rank
 * labelling uses the kept runs); meld_print; meld_labels_release.
 */
#ifndef CBEVAL_MELD_H
#define CBEVAL_MELD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "collection.h"
#include "diag.h"
#include "draws.h"
#include "pool.h"
#include "run.h"
#include "score.h"
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

struct meld_opts {
	const double *mf;            /* [nmf] meld factors */
	const char *const *mf_text;  /* [nmf] as given, for the output */
	size_t nmf;
	unsigned long K, B;          /* splits, images */
	uint64_t seed;
	int decimals;
	int progress;
	struct pool *pool;
	FILE *images;                /* --images, or NULL */
	struct warnings *warn;
};

/* Compute and print the table of --meld for the scorer's runs (at least
 * 2) and measures.  Returns 0, or -1 when writing to f failed (a failed
 * write to o->images shows in ferror(o->images)). */
int meld_print(FILE *f, const struct scorer *s, const struct meld_labels *ml,
	       const struct meld_opts *o);

#endif
