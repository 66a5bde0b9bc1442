/*
 * suggest.h - "did you mean" for names typed by hand (measures, and later
 * options): the closest of a list of known names by edit distance.
 *
 * Sizes: names of a few dozen bytes, lists of a few hundred; O(len^2)
 * per candidate, no allocation.
 */
#ifndef CBEVAL_SUGGEST_H
#define CBEVAL_SUGGEST_H

#include <stddef.h>

/* The optimal string alignment distance (Levenshtein plus swaps of two
 * adjacent bytes) between a and b, with ASCII letters compared without
 * case when fold is set.  Names longer than SUGGEST_MAX bytes count as
 * SUGGEST_MAX + 1 away from everything. */
#define SUGGEST_MAX 63
size_t suggest_distance(const char *a, const char *b, int fold);

/* The index of the candidate closest to word (ties: the first), if it is
 * close enough to be a typing slip: a distance of 1 for words of up to 4
 * bytes, 2 for longer ones, and not 0 (word itself is no suggestion).
 * Letters compare without case.  Returns n when none qualifies. */
size_t suggest_best(const char *word, const char *const *cand, size_t n);

#endif
