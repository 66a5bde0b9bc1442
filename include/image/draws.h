/*
 * draws.h - every random draw of cbeval other than the multiplicities of
 * a corpus bootstrap image (image.h): one counter-based function of the
 * seed, a stream number and a few indices, so that no table depends on
 * the thread count, the order of work or other draws, and every draw can
 * be reproduced outside cbeval (shared spec draws.md, cbeval-bootstrap(7), RANDOM
 * DRAWS).  All arithmetic is on uint64_t modulo 2^64.
 *
 *   word(S, stream, i1..ik): z = mix((S * 0x9e3779b97f4a7c15) ^
 *                                    (stream * 0xd1b54a32d192ed03));
 *                            z = mix(z + i) for each index i
 *   docword(S, stream, docno, i...) = mix(fnv1a64(docno) ^ word(...))
 *   uniform(w) = (w >> 11) * 2^-53;  index(w, n) = w mod n;  bit(w) = w >> 63
 *
 * Streams (never renumbered): 1 topic samples, 2 a second set of topic
 * samples, 3 unpaired bootstrap, 4 document partitions, 5 ANOVA residual
 * bootstrap, 6 randomization test, 7 meld, 8 replicate choice, 9 topic
 * samples of --bias, 10 engineered runs.
 */
#ifndef CBEVAL_DRAWS_H
#define CBEVAL_DRAWS_H

#include <stddef.h>
#include <stdint.h>

#include "image.h"

enum {
	DRAW_TOPICS = 1, DRAW_TOPICS2 = 2, DRAW_UNPAIRED = 3, DRAW_PARTITION = 4,
	DRAW_RESIDUAL = 5, DRAW_RANDOMIZE = 6, DRAW_MELD = 7, DRAW_REPLICATE = 8,
	DRAW_BIAS_TOPICS = 9, DRAW_ENGINEERED = 10
};

/* word(S, stream, idx[0], ..., idx[n-1]). */
static inline uint64_t draw_word(uint64_t seed, uint64_t stream,
				 const uint64_t *idx, size_t n)
{
	uint64_t z = image_mix((seed * 0x9e3779b97f4a7c15ULL) ^
			       (stream * 0xd1b54a32d192ed03ULL));
	for (size_t i = 0; i < n; i++)
		z = image_mix(z + idx[i]);
	return z;
}

/* The usual shapes: one, two and three indices. */
static inline uint64_t draw_word1(uint64_t seed, uint64_t stream, uint64_t a)
{
	return draw_word(seed, stream, &a, 1);
}

static inline uint64_t draw_word2(uint64_t seed, uint64_t stream, uint64_t a,
				  uint64_t b)
{
	uint64_t idx[2] = { a, b };
	return draw_word(seed, stream, idx, 2);
}

static inline uint64_t draw_word3(uint64_t seed, uint64_t stream, uint64_t a,
				  uint64_t b, uint64_t c)
{
	uint64_t idx[3] = { a, b, c };
	return draw_word(seed, stream, idx, 3);
}

/* docword: h is fnv1a64 of the docno bytes (as kept in topic.hash). */
static inline uint64_t draw_docword(uint64_t h, uint64_t seed, uint64_t stream,
				    const uint64_t *idx, size_t n)
{
	return image_mix(h ^ draw_word(seed, stream, idx, n));
}

static inline double draw_uniform(uint64_t w)
{
	return (double)(w >> 11) * 0x1p-53;
}

static inline uint64_t draw_index(uint64_t w, uint64_t n)
{
	return w % n;
}

static inline unsigned draw_bit(uint64_t w)
{
	return (unsigned)(w >> 63);
}

#endif
