/*
 * lanes.h - what the measures' score_lanes functions share (measure.h,
 * struct ranked_lanes): the MEASURE_LANES = 16 images of a ranking side
 * by side as AVX-512 vectors, 16 positions (uint32) in one vector, 16
 * values (double) in two.  Only where the compiler is GCC or Clang on
 * x86-64 (MEASURE_HAVE_LANES); the scorer calls them only where the
 * processor has AVX-512 F, DQ, VL and BW (measure_lanes_cpu).
 *
 * A lane's value is the same double as the measure's score gives for
 * the lane's image: each lane does the same operations in the same order
 * (a copy the image lacks adds +0, which leaves a sum >= +0 as it is),
 * and nothing is reassociated (no FMA: the C standard modes contract
 * nothing, and the intrinsics say what is done).  Sizes: a ranking's
 * hits (tens to hundreds), each with up to IMAGE_KMAX copies per lane.
 */
#ifndef CBEVAL_LANES_H
#define CBEVAL_LANES_H

#include "measure.h"

/* Nonzero when the processor can run the score_lanes functions. */
int measure_lanes_cpu(void);

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define MEASURE_HAVE_LANES 1
#include <immintrin.h>

#define LANES_TARGET __attribute__((target("avx512f,avx512dq,avx512vl,avx512bw")))

/* 16 doubles, lanes 0..7 in v[0] and 8..15 in v[1]. */
struct lanes_pd {
	__m512d v[2];
};

LANES_TARGET static inline struct lanes_pd lanes_zero(void)
{
	struct lanes_pd r;
	r.v[0] = r.v[1] = _mm512_setzero_pd();
	return r;
}

LANES_TARGET static inline struct lanes_pd lanes_set1(double x)
{
	struct lanes_pd r;
	r.v[0] = r.v[1] = _mm512_set1_pd(x);
	return r;
}

/* 16 uint32 as doubles (exact). */
LANES_TARGET static inline struct lanes_pd lanes_u32(__m512i x)
{
	struct lanes_pd r;
	r.v[0] = _mm512_cvtepu32_pd(_mm512_castsi512_si256(x));
	r.v[1] = _mm512_cvtepu32_pd(_mm512_extracti64x4_epi64(x, 1));
	return r;
}

/* a + b in the lanes of m, a elsewhere. */
LANES_TARGET static inline struct lanes_pd lanes_add(struct lanes_pd a,
						     __mmask16 m,
						     struct lanes_pd b)
{
	a.v[0] = _mm512_mask_add_pd(a.v[0], (__mmask8)m, a.v[0], b.v[0]);
	a.v[1] = _mm512_mask_add_pd(a.v[1], (__mmask8)(m >> 8), a.v[1], b.v[1]);
	return a;
}

LANES_TARGET static inline struct lanes_pd lanes_div(struct lanes_pd a,
						     struct lanes_pd b)
{
	a.v[0] = _mm512_div_pd(a.v[0], b.v[0]);
	a.v[1] = _mm512_div_pd(a.v[1], b.v[1]);
	return a;
}

/* tab[idx[l]] in the lanes of m, 0 elsewhere (no load there). */
LANES_TARGET static inline struct lanes_pd lanes_gather(__mmask16 m, __m512i idx,
							const double *tab)
{
	struct lanes_pd r;
	r.v[0] = _mm512_mask_i32gather_pd(_mm512_setzero_pd(), (__mmask8)m,
					  _mm512_castsi512_si256(idx), tab, 8);
	r.v[1] = _mm512_mask_i32gather_pd(_mm512_setzero_pd(), (__mmask8)(m >> 8),
					  _mm512_extracti64x4_epi64(idx, 1), tab, 8);
	return r;
}

/* x[0..16) as lanes. */
LANES_TARGET static inline struct lanes_pd lanes_load(const double *x)
{
	struct lanes_pd r;
	r.v[0] = _mm512_loadu_pd(x);
	r.v[1] = _mm512_loadu_pd(x + 8);
	return r;
}

/* y in the lanes of m, x elsewhere. */
LANES_TARGET static inline struct lanes_pd lanes_blend(struct lanes_pd x,
						       __mmask16 m,
						       struct lanes_pd y)
{
	x.v[0] = _mm512_mask_mov_pd(x.v[0], (__mmask8)m, y.v[0]);
	x.v[1] = _mm512_mask_mov_pd(x.v[1], (__mmask8)(m >> 8), y.v[1]);
	return x;
}

/* The lanes where x < y (ordered: no NaN). */
LANES_TARGET static inline __mmask16 lanes_lt(struct lanes_pd x,
					      struct lanes_pd y)
{
	return (__mmask16)(_mm512_cmp_pd_mask(x.v[0], y.v[0], _CMP_LT_OQ) |
			   (_mm512_cmp_pd_mask(x.v[1], y.v[1], _CMP_LT_OQ) << 8));
}

LANES_TARGET static inline struct lanes_pd lanes_sub(struct lanes_pd a,
						     struct lanes_pd b)
{
	a.v[0] = _mm512_sub_pd(a.v[0], b.v[0]);
	a.v[1] = _mm512_sub_pd(a.v[1], b.v[1]);
	return a;
}

LANES_TARGET static inline struct lanes_pd lanes_mul(struct lanes_pd a,
						     struct lanes_pd b)
{
	a.v[0] = _mm512_mul_pd(a.v[0], b.v[0]);
	a.v[1] = _mm512_mul_pd(a.v[1], b.v[1]);
	return a;
}

/* Lane l of x into out[l]. */
LANES_TARGET static inline void lanes_store(double *out, struct lanes_pd x)
{
	_mm512_storeu_pd(out, x.v[0]);
	_mm512_storeu_pd(out + 8, x.v[1]);
}

/* Row e of r's positions and the multiplicities of document id. */
LANES_TARGET static inline __m512i lanes_pos(const struct ranked_lanes *r,
					     size_t e)
{
	if (r->p16)
		return _mm512_cvtepu16_epi32(_mm256_loadu_si256((const void *)
			((const uint16_t *)r->P + e * MEASURE_LANES)));
	return _mm512_loadu_si512((const void *)((const uint32_t *)r->P +
						 e * MEASURE_LANES));
}

LANES_TARGET static inline __m128i lanes_k(const struct ranked_lanes *r,
					   uint32_t id)
{
	return _mm_loadu_si128((const void *)(r->k + (size_t)id * MEASURE_LANES));
}

/* The lanes where a hit of multiplicities k has a copy j (k > j). */
LANES_TARGET static inline __mmask16 lanes_copy(__m128i k, unsigned j)
{
	return _mm_cmpgt_epu8_mask(k, _mm_set1_epi8((char)j));
}

/* The lanes where q < d: with q a position - 1, those where the
 * position is within depth d.  Positions are below 2^32 - 1. */
LANES_TARGET static inline __mmask16 lanes_before(__m512i q, uint64_t d)
{
	return d >= UINT32_MAX ? (__mmask16)0xffff
	       : _mm512_cmplt_epu32_mask(q, _mm512_set1_epi32((int)(uint32_t)d));
}

/* x + c in every lane (uint32). */
LANES_TARGET static inline __m512i lanes_plus(__m512i x, int c)
{
	return _mm512_add_epi32(x, _mm512_set1_epi32(c));
}

/* The mask of the copies v .. v+7 of r that are below b (those of a
 * hit, [cqo[i], cqo[i+1])), and their positions - 1 (0 where masked). */
LANES_TARGET static inline __mmask8 lanes_chunk(size_t v, size_t b)
{
	return b - v >= 8 ? (__mmask8)0xff : (__mmask8)((1u << (b - v)) - 1);
}

LANES_TARGET static inline __m256i lanes_cq(const struct ranked_lanes *r,
					    size_t v, __mmask8 m)
{
	return _mm256_maskz_loadu_epi32(m, r->cq + v);
}

/* x + c in each of 8 lanes (uint32). */
LANES_TARGET static inline __m256i lanes_plus8(__m256i x, int c)
{
	return _mm256_add_epi32(x, _mm256_set1_epi32(c));
}

/* The lanes of 8 where q < d (as lanes_before). */
LANES_TARGET static inline __mmask8 lanes_before8(__m256i q, uint64_t d)
{
	return d >= UINT32_MAX ? (__mmask8)0xff
	       : _mm256_cmplt_epu32_mask(q, _mm256_set1_epi32((int)(uint32_t)d));
}

/* s plus the values v[] of copy c of a hit (ranked_lanes.cm) in the
 * lanes that have it. */
LANES_TARGET static inline struct lanes_pd lanes_add_copy(struct lanes_pd s,
							  const struct lanes_copy *c,
							  const double *v)
{
	__mmask8 lo = (__mmask8)c->m, hi = (__mmask8)(c->m >> 8);
	s.v[0] = _mm512_mask_add_pd(s.v[0], lo, s.v[0],
				    _mm512_maskz_expandloadu_pd(lo, v + c->at));
	s.v[1] = _mm512_mask_add_pd(s.v[1], hi, s.v[1],
				    _mm512_maskz_expandloadu_pd(hi, v + c->at + c->lo));
	return s;
}

/* s plus the values v[] of hit i's copies (v[x] for the copy at cq[x]),
 * lane by lane, copy 0 first: what adding each lane's copies in their
 * order gives.  The first MEASURE_LANES_COPIES copies without a loop. */
LANES_TARGET static inline struct lanes_pd lanes_add_copies(struct lanes_pd s,
							    const struct ranked_lanes *r,
							    size_t i, const double *v)
{
	const struct lanes_copy *cm = r->cm + r->cmo[i];
	const size_t nj = r->cmo[i + 1] - r->cmo[i];
	_Static_assert(MEASURE_LANES_COPIES == 4, "four copies unrolled");
	s = lanes_add_copy(s, &cm[0], v);
	s = lanes_add_copy(s, &cm[1], v);
	s = lanes_add_copy(s, &cm[2], v);
	s = lanes_add_copy(s, &cm[3], v);
	for (size_t j = MEASURE_LANES_COPIES; j < nj; j++)
		s = lanes_add_copy(s, &cm[j], v);
	return s;
}

/* Into r->cv, for every copy of every hit, tab[q] where the copy is
 * within depth d (q < d; tab holds d values), else 0: one pass over the
 * copies of the ranking, whatever hits the measure adds. */
LANES_TARGET static inline void lanes_copies_tab(const struct ranked_lanes *r,
						 const double *tab, uint64_t d)
{
	const size_t b = r->cqo[r->n];
	for (size_t v = 0; v < b; v += 8) {
		__mmask8 in = lanes_chunk(v, b);
		__m256i q = lanes_cq(r, v, in);
		in &= lanes_before8(q, d);
		_mm512_storeu_pd(r->cv + v, _mm512_mask_i32gather_pd(
			_mm512_setzero_pd(), in, q, tab, 8));
	}
}

/* Numerators and denominators (whole numbers) up to which lanes_quotient
 * divides by a multiplication: there, for every pair, its quotient is
 * the division's, which tests/test_lanes.c checks pair by pair. */
#define LANES_QUOT_NUM 65536
#define LANES_QUOT_DEN 4096

/* a / b in the lanes of m (0 elsewhere), a and b whole numbers >= 1 (b
 * as uint32), rcp[i] = 1 / (i + 1) for i < LANES_QUOT_DEN: where a and b
 * are in range, y = rcp[b - 1], q = a y corrected by the exact residual
 * a - q b (Markstein): q + (a - q b) y, each step rounded once (two
 * fused multiply-adds), which is the quotient rounded to nearest, as the
 * division gives it; elsewhere the division. */
LANES_TARGET static inline __m512d lanes_quotient(__mmask8 m, __m512d a,
						  __m256i b, const double *rcp)
{
	__m512d bd = _mm512_cvtepu32_pd(b), y, q, r;
	__mmask8 fast = m & _mm256_cmple_epu32_mask(b, _mm256_set1_epi32(LANES_QUOT_DEN)) &
			_mm512_cmp_pd_mask(a, _mm512_set1_pd(LANES_QUOT_NUM), _CMP_LE_OQ);
	y = _mm512_mask_i32gather_pd(_mm512_setzero_pd(), fast,
				     _mm256_sub_epi32(b, _mm256_set1_epi32(1)), rcp, 8);
	q = _mm512_mul_pd(a, y);
	r = _mm512_fnmadd_pd(q, bd, a);
	q = _mm512_maskz_fmadd_pd(fast, r, y, q);
	if (m & ~fast)
		q = _mm512_mask_div_pd(q, m & ~fast, a, bd);
	return q;
}

/* The values tab[q] of the copies within depth d (tab holds d values)
 * of r's hits below nrel, down to the first hit past d in every lane,
 * added lane by lane: copy by copy to +0 (INSQ), or with runs, each
 * hit's copies summed from +0 and that sum added (RBP's rbp_run). */
LANES_TARGET static inline struct lanes_pd lanes_sum_tab(const struct ranked_lanes *r,
							 const double *tab, uint64_t d,
							 uint32_t nrel, int runs)
{
	struct lanes_pd s = lanes_zero();
	lanes_copies_tab(r, tab, d);
	for (size_t i = 0; i < r->n; i++) {
		uint32_t id = r->ids[r->hit[i]];
		if (!lanes_before(lanes_plus(lanes_pos(r, r->hit[i]), -1), d))
			break;
		if (id >= nrel)
			continue;
		if (runs)
			s = lanes_add(s, 0xffff, lanes_add_copies(lanes_zero(), r, i, r->cv));
		else
			s = lanes_add_copies(s, r, i, r->cv);
	}
	return s;
}

#endif
#endif
