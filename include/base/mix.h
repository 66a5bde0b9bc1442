/*
 * mix.h - the splitmix64 finaliser, a bijection of 64-bit words that
 * spreads every input bit over the output: the mixing step of the
 * bootstrap images (image.h), of the random draws (draws.h) and of the
 * collection files' checksum.
 */
#ifndef CBEVAL_MIX_H
#define CBEVAL_MIX_H

#include "hot.h"

#include <stdint.h>

static inline HOT_INLINE uint64_t mix64(uint64_t z)
{
	z ^= z >> 30;
	z *= 0xbf58476d1ce4e5b9ULL;
	z ^= z >> 27;
	z *= 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return z;
}

#endif
