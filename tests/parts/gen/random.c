/*
 * tests/parts/gen/random.c - the collection generator's random numbers:
 * one splitmix64-seeded xoshiro256** stream per (seed, label) key, and an
 * approximately normal draw in integer millionths, so that the generated
 * files are the same on every machine.  Constant time per draw.
 */
#include "gen.h"

/* splitmix64's finaliser: a 64-bit mix of z. */
uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* A key naming one random stream: hash of the seed and three labels. */
uint64_t stream_key(uint64_t seed, uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t h = mix64(seed + GOLDEN);
	h = mix64(h ^ (a + 1) * GOLDEN);
	h = mix64(h ^ (b + 1) * UINT64_C(0xd1b54a32d192ed03));
	return mix64(h ^ (c + 1) * UINT64_C(0xaef17502108ef2d9));
}

/* Seed r's xoshiro256** state from key with splitmix64. */
void rng_seed(struct rng *r, uint64_t key)
{
	for (int i = 0; i < 4; i++) {
		key += GOLDEN;
		r->s[i] = mix64(key);
	}
}

/* x rotated left by k bits, 0 < k < 64. */
static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* The next 64 random bits of r (xoshiro256**). */
uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
	s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
	s[2] ^= t; s[3] = rotl(s[3], 45);
	return out;
}

/* Uniform in [0, n), n > 0 (the tiny modulo bias is irrelevant here). */
uint64_t rng_below(struct rng *r, uint64_t n) { return rng_next(r) % n; }

/* Approximately standard normal, in millionths: the Irwin-Hall sum of the
 * four 16-bit quarters of x (mean 131070, sd 65536/sqrt 3 = 37837.2),
 * rescaled with integer arithmetic; bounded by about +-3.46 sd. */
int32_t normal_u(uint64_t x)
{
	int64_t s = (int64_t)(x & 0xffff) + (int64_t)((x >> 16) & 0xffff) +
		    (int64_t)((x >> 32) & 0xffff) + (int64_t)(x >> 48);
	return (int32_t)((s - 131070) * 264290 / 10000);
}
