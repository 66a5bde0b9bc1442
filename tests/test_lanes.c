/*
 * test_lanes.c - the arithmetic of the measures side by side (lanes.h)
 * that is not the measures' own: lanes_quotient, which divides by a
 * multiplication and two fused multiply-adds, gives the division's
 * quotient (rounded to nearest) for every pair of whole numbers a <=
 * LANES_QUOT_NUM, b <= LANES_QUOT_DEN where it does so (268 million
 * pairs), and for a sample of pairs outside, where it divides.  That
 * its terms make the measures' values, bit for bit, test_images.c shows.
 * Skipped where the processor lacks AVX-512.
 */
#include "check.h"
#include "lanes.h"
#include "xalloc.h"

#include <stdint.h>
#include <stdlib.h>

#ifdef MEASURE_HAVE_LANES
/* The pairs of numerators a0 .. a0+7 and denominators b .. b+7 whose
 * quotients differ from the division's. */
LANES_TARGET
static int differ8(double a0, uint32_t b, __mmask8 m, const double *rcp)
{
	__m512d a = _mm512_add_pd(_mm512_set1_pd(a0),
				  _mm512_setr_pd(0, 1, 2, 3, 4, 5, 6, 7));
	__m256i bv = _mm256_set1_epi32((int)b);
	__m512d q = lanes_quotient(m, a, bv, rcp);
	__m512d d = _mm512_maskz_div_pd(m, a, _mm512_cvtepu32_pd(bv));
	return __builtin_popcount(_mm512_cmp_pd_mask(q, d, _CMP_NEQ_UQ));
}

/* The same for every numerator 1 .. LANES_QUOT_NUM over b. */
LANES_TARGET
static long differ_all(uint32_t b, const double *rcp)
{
	const __m256i bv = _mm256_set1_epi32((int)b);
	const __m512d bd = _mm512_cvtepu32_pd(bv), eight = _mm512_set1_pd(8);
	__m512d a = _mm512_setr_pd(1, 2, 3, 4, 5, 6, 7, 8);
	long bad = 0;
	for (uint32_t i = 0; i < LANES_QUOT_NUM; i += 8) {
		__m512d q = lanes_quotient(0xff, a, bv, rcp);
		bad += __builtin_popcount(_mm512_cmp_pd_mask(q, _mm512_div_pd(a, bd),
							     _CMP_NEQ_UQ));
		a = _mm512_add_pd(a, eight);
	}
	return bad;
}

static void quotient(void)
{
	double *rcp = xcalloc(LANES_QUOT_DEN, sizeof *rcp);
	long bad = 0, n = 0, out = 0, badout = 0;
	uint64_t z = 12345;
	for (size_t i = 0; i < LANES_QUOT_DEN; i++)
		rcp[i] = 1.0 / (double)(i + 1);
	for (uint32_t b = 1; b <= LANES_QUOT_DEN; b++) {
		bad += differ_all(b, rcp);
		n += LANES_QUOT_NUM;
	}
	/* outside: large numerators and denominators, every lane masked
	 * in or out at random */
	for (int i = 0; i < 100000; i++) {
		z = z * 6364136223846793005ULL + 1442695040888963407ULL;
		badout += differ8((double)(z >> 40), (uint32_t)(z >> 16) % 100000 + 1,
				  (__mmask8)(z >> 8), rcp);
		out++;
	}
	CHECK(bad == 0 && n == (long)LANES_QUOT_NUM * LANES_QUOT_DEN,
	      "lanes_quotient equals the division for every a <= %d, b <= %d (%ld pairs): %ld differ",
	      LANES_QUOT_NUM, LANES_QUOT_DEN, n, bad);
	CHECK(badout == 0,
	      "lanes_quotient equals the division outside that range (%ld vectors of 8, masked at random): %ld differ",
	      out, badout);
	free(rcp);
}
#endif

int main(void)
{
#ifdef MEASURE_HAVE_LANES
	if (measure_lanes_cpu()) {
		quotient();
		return check_exit();
	}
#endif
	CHECK(1, "lanes_quotient # SKIP no AVX-512 here");
	return check_exit();
}
