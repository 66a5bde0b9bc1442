/*
 * scan_spans.c - the judged spans of SCORE_LANES images side by side
 * (see score_int.h, scan_spans_lanes): for each stretch of judged
 * entries of a ranking, its positions in every image, one row per
 * stretch, from the positions scan.c computed.  The bootstrap's hot loop
 * for RBP's residual and the measures of trec_eval's gains; no
 * allocation (the scratch is the caller's).
 */
#include "lanes.h"
#include "score_int.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SCAN_HAVE_WIDE 1
#include <immintrin.h>
#endif

/* ---- judged spans of several images side by side ----------------------- */

/* The spans of all the lanes, interleaved: span i of lane l at
 * oL[i * SCORE_LANES + l], empty ones (start = end) kept, so that a
 * stretch's spans in every lane are stored together.  Lane l's are those
 * all_spans finds for it with the empty ones in their places: it has one
 * for each stretch up to the first that starts past its stop (not
 * stored) or that starts past the depth (stored, and the last); nj[l]
 * counts them.  A stretch [a, b) spans PL[a] to PL[min(b, stop)] in each
 * lane.  The plain loop. */
static void spans_lanes_plain(const uint32_t *sp, size_t nsp,
			      const uint32_t *PL, const size_t *stop,
			      uint64_t depth, struct span *oL, size_t *nj)
{
	for (size_t l = 0; l < SCORE_LANES; l++) {
		const uint32_t *P = PL + l;
		size_t j;
		for (j = 0; j < nsp; j++) {
			size_t a = sp[2 * j], b = sp[2 * j + 1];
			struct span *o = &oL[j * SCORE_LANES + l];
			uint32_t e;
			if (a > stop[l])
				break;
			e = P[(b < stop[l] ? b : stop[l]) * SCORE_LANES];
			o->start = P[a * SCORE_LANES];
			o->end = e > o->start ? e : o->start;
			if (o->start > depth) {
				j++;
				break;
			}
		}
		nj[l] = j;
	}
}

#ifdef SCAN_HAVE_WIDE
/* The spans of 16 lanes (one vector) from stretch j on, while a lane is
 * alive: per stretch, two rows of the vector's positions and two stores
 * of 8 spans.  As positions grow along the ranking, PL[min(b, stop)] is
 * the lesser of row min(b, ib) and the lane's position at its stop. */
__attribute__((target("avx512f,avx512vl,avx512bw")))
static void spans16_wide(const uint32_t *sp, size_t nsp, const uint32_t *P,
			 size_t ib, const size_t *stop, uint32_t depth,
			 struct span *o, size_t *nj)
{
	uint32_t st[16], pi[16];
	__m512i vstop, vpi, cnt = _mm512_setzero_si512();
	const __m512i vdepth = _mm512_set1_epi32((int)depth);
	const __m512i one = _mm512_set1_epi32(1);
	/* lanes 0..7 and 8..15 of S and E interleaved: start, end */
	const __m512i ilo = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19,
					      4, 20, 5, 21, 6, 22, 7, 23);
	const __m512i ihi = _mm512_add_epi32(ilo, _mm512_set1_epi32(8));
	__mmask16 alive = 0xffff;
	for (int j = 0; j < 16; j++) {
		st[j] = (uint32_t)stop[j];
		pi[j] = P[stop[j] * SCORE_LANES + (size_t)j];
	}
	vstop = _mm512_loadu_si512((const void *)st);
	vpi = _mm512_loadu_si512((const void *)pi);
	for (size_t j = 0; j < nsp; j++) {
		size_t a = sp[2 * j], b = sp[2 * j + 1];
		__m512i S, E;
		struct span *row = o + j * SCORE_LANES;
		alive &= _mm512_cmple_epu32_mask(_mm512_set1_epi32((int)a), vstop);
		if (!alive)
			break;
		S = _mm512_loadu_si512((const void *)(P + a * SCORE_LANES));
		E = _mm512_loadu_si512((const void *)(P + (b < ib ? b : ib) * SCORE_LANES));
		E = _mm512_max_epu32(_mm512_min_epu32(E, vpi), S);
		_mm512_storeu_si512((void *)row, _mm512_permutex2var_epi32(S, ilo, E));
		_mm512_storeu_si512((void *)(row + 8),
				    _mm512_permutex2var_epi32(S, ihi, E));
		cnt = _mm512_mask_add_epi32(cnt, alive, cnt, one);
		alive &= _mm512_cmple_epu32_mask(S, vdepth);
	}
	_mm512_storeu_si512((void *)st, cnt);
	for (int j = 0; j < 16; j++)
		nj[j] = st[j];
}
#endif

void scan_spans_lanes(int wide, const struct scan_layout *l,
		      const uint32_t *PL, size_t ib, const size_t *stop,
		      uint64_t depth, struct span *oL, size_t *nj)
{
#ifdef SCAN_HAVE_WIDE
	if (wide && SCORE_LANES % 16 == 0 && ib < UINT32_MAX) {
		for (size_t v = 0; v < SCORE_LANES; v += 16)
			spans16_wide(l->sp, l->nsp, PL + v, ib, stop + v,
				     depth < UINT32_MAX ? (uint32_t)depth : UINT32_MAX,
				     oL + v, nj + v);
		return;
	}
#else
	(void)wide;
#endif
	spans_lanes_plain(l->sp, l->nsp, PL, stop, depth, oL, nj);
}
