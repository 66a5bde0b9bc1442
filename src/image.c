/*
 * image.c - multiplicities of one bootstrap image (see image.h).  Called
 * once per topic per image over the topic's documents, so it is a tight
 * loop: one mix and a short threshold scan per document.
 */
#include "image.h"

#include <assert.h>
#include <math.h>
#include <string.h>

void image_fn_init(struct image_fn *f)
{
	double t = exp(-1.0), F = t;
	const double two53 = 9007199254740992.0;
	int k = 0;
	memset(f, 0, sizeof *f);
	for (;;) {
		double y = ceil(F * two53);
		if (y >= two53 || k == IMAGE_KMAX)
			break;
		f->thr[k++] = (uint64_t)y;
		t = t / (double)k;
		F = F + t;
	}
	/* Every x < 2^53 satisfies x < F(k) = 1 at k = nthr. */
	f->nthr = k;
}

void image_fill_lanes(const struct image_fn *f, uint64_t seed, uint64_t b0,
		      size_t nb, size_t lanes, const uint64_t *hash, size_t n,
		      uint8_t *out)
{
	uint64_t key[64];
	int root = b0 == 0;
	assert(nb >= 1 && nb <= lanes && lanes <= 64);
	for (size_t l = 0; l < lanes; l++)
		key[l] = image_key(seed, l < nb ? b0 + l : b0);
	for (size_t i = 0; i < n; i++) {
		uint8_t *o = out + i * lanes;
		for (size_t l = 0; l < lanes; l++)
			o[l] = (uint8_t)image_k(f, hash[i], key[l]);
		if (root) {     /* image 0, the root: every k is 1 */
			o[0] = 1;
			for (size_t l = nb; l < lanes; l++)
				o[l] = 1;
		}
	}
}

void image_fill(const struct image_fn *f, uint64_t seed, uint64_t b,
		const uint64_t *hash, size_t n, uint8_t *out)
{
	uint64_t key;
	if (b == 0) {
		memset(out, 1, n);
		return;
	}
	key = image_key(seed, b);
	for (size_t i = 0; i < n; i++)
		out[i] = (uint8_t)image_k(f, hash[i], key);
}
