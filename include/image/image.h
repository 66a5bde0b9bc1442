/*
 * image.h - the corpus bootstrap image function (Zobel & Rashidi, CIKM
 * 2020), exactly as documented in the man page:
 *   h     = FNV-1a 64 of the docno bytes
 *   mix   = the splitmix64 finaliser
 *   key_b = mix(seed * 0x9e3779b97f4a7c15 + b)
 *   u     = (mix(h ^ key_b) >> 11) * 2^-53
 *   k     = smallest k >= 0 with u < F(k), F the Poisson(1) CDF summed left
 *           to right in double precision from t_0 = exp(-1), t_j = t_{j-1}/j
 * Image 0 is the root: k = 1 for every document.  The comparison u < F(k)
 * is done exactly on integers: x < ceil(F(k) * 2^53) with x the 53-bit
 * integer, since F(k) * 2^53 is exact in double.
 */
#ifndef CBEVAL_IMAGE_H
#define CBEVAL_IMAGE_H

#include "mix.h"

#include <stddef.h>
#include <stdint.h>

/* F(k) reaches 1.0 in double precision at k = IMAGE_KMAX at the latest,
 * so every k fits in a byte. */
#define IMAGE_KMAX 24

struct image_fn {
	uint64_t thr[IMAGE_KMAX + 1];   /* ceil(F(k) * 2^53) */
	int nthr;                        /* thresholds below 2^53 */
	int wide;       /* image_fill_lanes may use AVX-512 (set by
			   image_fn_init from the processor; 0 forces the
			   plain loop, as the tests do to compare) */
};

void image_fn_init(struct image_fn *f);

static inline uint64_t image_mix(uint64_t z)
{
	return mix64(z);
}

static inline uint64_t image_key(uint64_t seed, uint64_t b)
{
	return image_mix(seed * 0x9e3779b97f4a7c15ULL + b);
}

/* Multiplicity of the document with hash h in the image with key key. */
static inline unsigned image_k(const struct image_fn *f, uint64_t h,
			       uint64_t key)
{
	uint64_t x = image_mix(h ^ key) >> 11;
	/* k <= 3 for 98% of draws: count those thresholds without branches,
	 * walk the rest only when x passes the fourth. */
	unsigned k = (unsigned)(x >= f->thr[0]) + (unsigned)(x >= f->thr[1]) +
		     (unsigned)(x >= f->thr[2]) + (unsigned)(x >= f->thr[3]);
	if (k == 4)
		while (k < (unsigned)f->nthr && x >= f->thr[k])
			k++;
	return k;
}

/* k for n documents: out[i] = multiplicity of hash[i] in image b of seed
 * (b = 0: all ones). */
void image_fill(const struct image_fn *f, uint64_t seed, uint64_t b,
		const uint64_t *hash, size_t n, uint8_t *out);

/* k for n documents in nb <= lanes consecutive images b0 .. b0+nb-1,
 * interleaved: out[i * lanes + l] = multiplicity of hash[i] in image
 * b0 + l; lanes nb .. lanes-1 repeat image b0. */
void image_fill_lanes(const struct image_fn *f, uint64_t seed, uint64_t b0,
		      size_t nb, size_t lanes, const uint64_t *hash, size_t n,
		      uint8_t *out);

#endif
