/*
 * image.c - multiplicities of one bootstrap image (see image.h).  Called
 * once per topic per image over the topic's documents, so it is a tight
 * loop: one mix and a short threshold scan per document.
 *
 * Images side by side (image_fill_lanes, as the scorer asks: 16) are
 * 64-bit lanes, eight to a vector: where the processor has AVX-512 (F
 * and DQ, with its 64-bit multiply), and the compiler is GCC or Clang on
 * x86-64, one vector does a document's mixes and threshold counts in
 * eight images, chosen at run time (image_fn.wide); elsewhere the plain
 * loop does them.  Both compute the same integers: the function is the
 * one in image.h.
 */
#include "image.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define IMAGE_HAVE_WIDE 1
#include <immintrin.h>
/* Thresholds fill_wide counts without a branch (image_fn_init asserts
 * that there are as many below 2^53, and one more). */
#define IMAGE_WIDE_THR 7
#endif

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
#ifdef IMAGE_HAVE_WIDE
	assert(f->nthr >= IMAGE_WIDE_THR);
	f->wide = __builtin_cpu_supports("avx512f") &&
		  __builtin_cpu_supports("avx512dq");
#endif
}

#ifdef IMAGE_HAVE_WIDE
/* image_fill_lanes with lanes a multiple of 8 (the root's lanes are
 * then set to 1 by the caller): out[i * lanes + l] = image_k(f, hash[i],
 * key[l]), image_k's mix and threshold count done for 8 lanes in one
 * vector.  The count among the first seven thresholds (k <= 6 for all
 * but 8e-5 of draws) is a binary search in three steps, each threshold
 * taken from a vector of them by the count so far; the walk beyond them,
 * in the lanes that passed the seventh, only then.  The thresholds are
 * compared with the mix before its shift by 11: x >> 11 >= t exactly
 * when x >= t << 11 (t < 2^53). */
__attribute__((target("avx512f,avx512dq")))
static void fill_wide(const struct image_fn *f, const uint64_t *key,
		      size_t lanes, const uint64_t *hash, size_t n,
		      uint8_t *out)
{
	const __m512i c1 = _mm512_set1_epi64((long long)0xbf58476d1ce4e5b9ULL);
	const __m512i c2 = _mm512_set1_epi64((long long)0x94d049bb133111ebULL);
	const __m512i two = _mm512_set1_epi64(2), one = _mm512_set1_epi64(1);
	const __m512i four = _mm512_set1_epi64(4), seven = _mm512_set1_epi64(7);
	uint64_t t[8];
	__m512i tv, tv1, t3;
	for (int j = 0; j < 8; j++)
		t[j] = f->thr[j] << 11;
	tv = _mm512_loadu_si512((const void *)t);            /* t[c] */
	tv1 = _mm512_alignr_epi64(tv, tv, 1);                /* t[c + 1] */
	t3 = _mm512_set1_epi64((long long)t[3]);
	for (size_t g = 0; g < lanes; g += 8) {
		const __m512i kv = _mm512_loadu_si512((const void *)(key + g));
		for (size_t i = 0; i < n; i++) {
			__m512i z = _mm512_xor_si512(_mm512_set1_epi64((long long)hash[i]), kv);
			__m512i k;
			__mmask8 go;
			z = _mm512_xor_si512(z, _mm512_srli_epi64(z, 30));
			z = _mm512_mullo_epi64(z, c1);
			z = _mm512_xor_si512(z, _mm512_srli_epi64(z, 27));
			z = _mm512_mullo_epi64(z, c2);
			z = _mm512_xor_si512(z, _mm512_srli_epi64(z, 31));
			k = _mm512_maskz_mov_epi64(_mm512_cmpge_epu64_mask(z, t3), four);
			k = _mm512_mask_add_epi64(k, _mm512_cmpge_epu64_mask(
				z, _mm512_permutexvar_epi64(k, tv1)), k, two);
			k = _mm512_mask_add_epi64(k, _mm512_cmpge_epu64_mask(
				z, _mm512_permutexvar_epi64(k, tv)), k, one);
			go = _mm512_cmpeq_epi64_mask(k, seven);
			for (int j = 7; go && j < f->nthr; j++) {
				go = _mm512_mask_cmpge_epu64_mask(
					go, z, _mm512_set1_epi64((long long)(f->thr[j] << 11)));
				k = _mm512_mask_add_epi64(k, go, k, one);
			}
			_mm_storel_epi64((__m128i *)(void *)(out + i * lanes + g),
					 _mm512_cvtepi64_epi8(k));
		}
	}
}
#endif

void image_fill_lanes(const struct image_fn *f, uint64_t seed, uint64_t b0,
		      size_t nb, size_t lanes, const uint64_t *hash, size_t n,
		      uint8_t *out)
{
	uint64_t key[64];
	int root = b0 == 0;
	assert(nb >= 1 && nb <= lanes && lanes <= 64);
	for (size_t l = 0; l < lanes; l++)
		key[l] = image_key(seed, l < nb ? b0 + l : b0);
#ifdef IMAGE_HAVE_WIDE
	if (f->wide && lanes % 8 == 0) {
		fill_wide(f, key, lanes, hash, n, out);
		/* the root's lanes (0, and those past nb, which repeat it):
		 * every k is 1 */
		for (size_t i = 0; root && i < n; i++) {
			uint8_t *o = out + i * lanes;
			o[0] = 1;
			for (size_t l = nb; l < lanes; l++)
				o[l] = 1;
		}
		return;
	}
#endif
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
