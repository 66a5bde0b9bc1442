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
 * materialised: meld_scan.h scores them from rankings reduced to their
 * labelled entries.  The table compares each run with itself and every
 * pair of runs across L and R with one-sided paired t-tests
 * (meld_pairs.h).
 *
 * Sizes: labels for up to millions of docnos (one byte per topic document
 * once attached); the scores of one split - B images x 2 parts x runs x
 * topics x measures doubles, e.g. 100 x 2 x 50 x 50 x 3 = 12 MB - and the
 * differences of every pair in every split and image of one mf, 16 bytes x
 * measures x pairs x K x B (59 MB for 1225 pairs, K = 10, B = 100, three
 * measures).  With --images every split of one mf is kept (K times the
 * scores).  The scan's reduced rankings and multiplicities: meld_scan.h.
 *
 * The labels and their flips are in meld_labels.h.
 */
#ifndef CBEVAL_MELD_H
#define CBEVAL_MELD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "meld_labels.h"
#include "pool.h"
#include "score.h"

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
