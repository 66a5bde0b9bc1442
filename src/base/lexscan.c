/*
 * lexscan.c - short lines of six fields split at the speed of a scan (see
 * lexscan.h).
 *
 * Called for nearly every line of every run file, so each step is a
 * handful of instructions: a block of 64 bytes is classified by one
 * AVX-512BW load and six compares (two AVX2 or four SSE2 loads and their
 * compares elsewhere), LEXSCAN_BLOCKS blocks at a time, independently of
 * the lines; a line then takes its 64 bytes of each mask from two blocks
 * with two shifts, and finds its end and its six fields with bit scans.
 */
#include "lexscan.h"

#include <string.h>

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define LEXSCAN_SSE2 1

/* Four blocks of 16 bytes each. */
static void classify_sse2(const char *p, size_t nb, struct lexscan_block *o)
{
	const __m128i sp = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t');
	const __m128i c1f = _mm_set1_epi8(0x1f), del = _mm_set1_epi8(0x7f);
	const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_set1_epi8('0');
	const __m128i nine = _mm_set1_epi8(9), pt = _mm_set1_epi8('.');
	for (size_t j = 0; j < nb; j++) {
		struct lexscan_block m = { 0, 0, 0, 0, 0 };
		for (unsigned i = 0; i < 4; i++) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)
						    (p + 64 * j + 16 * i));
			__m128i d = _mm_sub_epi8(v, zero);
			__m128i isp = _mm_cmpeq_epi8(v, pt);
			__m128i num = _mm_or_si128(
				_mm_cmpeq_epi8(_mm_min_epu8(d, nine), d), isp);
			__m128i sep = _mm_or_si128(_mm_cmpeq_epi8(v, sp),
						   _mm_cmpeq_epi8(v, tab));
			__m128i ctl = _mm_or_si128(
				_mm_cmpeq_epi8(_mm_min_epu8(v, c1f), v),
				_mm_cmpeq_epi8(v, del));
			unsigned sh = 16 * i;
			m.nl |= (uint64_t)(unsigned)_mm_movemask_epi8(
				_mm_cmpeq_epi8(v, nl)) << sh;
			m.sep |= (uint64_t)(unsigned)_mm_movemask_epi8(sep) << sh;
			m.bad |= (uint64_t)(unsigned)_mm_movemask_epi8(
				_mm_andnot_si128(sep, ctl)) << sh;
			m.num |= (uint64_t)(unsigned)_mm_movemask_epi8(num) << sh;
			m.point |= (uint64_t)(unsigned)_mm_movemask_epi8(isp)
				   << sh;
		}
		o[j] = m;
	}
}
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define LEXSCAN_WIDE 1

/* Two blocks of 32 bytes each. */
__attribute__((target("avx2")))
static void classify_avx2(const char *p, size_t nb, struct lexscan_block *o)
{
	const __m256i sp = _mm256_set1_epi8(' '), tab = _mm256_set1_epi8('\t');
	const __m256i c1f = _mm256_set1_epi8(0x1f);
	const __m256i del = _mm256_set1_epi8(0x7f);
	const __m256i nl = _mm256_set1_epi8('\n');
	const __m256i zero = _mm256_set1_epi8('0');
	const __m256i nine = _mm256_set1_epi8(9), pt = _mm256_set1_epi8('.');
	for (size_t j = 0; j < nb; j++) {
		struct lexscan_block m = { 0, 0, 0, 0, 0 };
		for (unsigned i = 0; i < 2; i++) {
			__m256i v = _mm256_loadu_si256((const __m256i *)
				(const void *)(p + 64 * j + 32 * i));
			__m256i d = _mm256_sub_epi8(v, zero);
			__m256i isp = _mm256_cmpeq_epi8(v, pt);
			__m256i num = _mm256_or_si256(_mm256_cmpeq_epi8(
				_mm256_min_epu8(d, nine), d), isp);
			__m256i sep = _mm256_or_si256(_mm256_cmpeq_epi8(v, sp),
						      _mm256_cmpeq_epi8(v, tab));
			__m256i ctl = _mm256_or_si256(
				_mm256_cmpeq_epi8(_mm256_min_epu8(v, c1f), v),
				_mm256_cmpeq_epi8(v, del));
			unsigned sh = 32 * i;
			m.nl |= (uint64_t)(uint32_t)_mm256_movemask_epi8(
				_mm256_cmpeq_epi8(v, nl)) << sh;
			m.sep |= (uint64_t)(uint32_t)_mm256_movemask_epi8(sep)
				 << sh;
			m.bad |= (uint64_t)(uint32_t)_mm256_movemask_epi8(
				_mm256_andnot_si256(sep, ctl)) << sh;
			m.num |= (uint64_t)(uint32_t)_mm256_movemask_epi8(num)
				 << sh;
			m.point |= (uint64_t)(uint32_t)_mm256_movemask_epi8(isp)
				   << sh;
		}
		o[j] = m;
	}
}

/* One block of 64 bytes, compared straight into masks. */
__attribute__((target("avx512f,avx512bw")))
static void classify_avx512(const char *p, size_t nb,
			    struct lexscan_block *o)
{
	const __m512i sp = _mm512_set1_epi8(' '), tab = _mm512_set1_epi8('\t');
	const __m512i c1f = _mm512_set1_epi8(0x1f);
	const __m512i del = _mm512_set1_epi8(0x7f);
	const __m512i nl = _mm512_set1_epi8('\n');
	const __m512i zero = _mm512_set1_epi8('0');
	const __m512i nine = _mm512_set1_epi8(9), pt = _mm512_set1_epi8('.');
	for (size_t j = 0; j < nb; j++) {
		__m512i v = _mm512_loadu_si512((const void *)(p + 64 * j));
		__m512i d = _mm512_sub_epi8(v, zero);
		uint64_t sep = _mm512_cmpeq_epi8_mask(v, sp) |
			       _mm512_cmpeq_epi8_mask(v, tab);
		uint64_t ctl = _mm512_cmple_epu8_mask(v, c1f) |
			       _mm512_cmpeq_epi8_mask(v, del);
		o[j].nl = _mm512_cmpeq_epi8_mask(v, nl);
		o[j].sep = sep;
		o[j].bad = ctl & ~sep;
		o[j].point = _mm512_cmpeq_epi8_mask(v, pt);
		o[j].num = _mm512_cmple_epu8_mask(d, nine) | o[j].point;
	}
}
#endif

#ifndef LEXSCAN_SSE2
/* The same in plain C, for other machines. */
static void classify_bytes(const char *p, size_t nb, struct lexscan_block *o)
{
	for (size_t j = 0; j < nb; j++) {
		struct lexscan_block m = { 0, 0, 0, 0, 0 };
		for (unsigned i = 0; i < 64; i++) {
			unsigned char c = (unsigned char)p[64 * j + i];
			uint64_t bit = (uint64_t)1 << i;
			int sep = c == ' ' || c == '\t';
			m.nl |= c == '\n' ? bit : 0;
			m.sep |= sep ? bit : 0;
			m.bad |= (c < 0x20 || c == 0x7f) && !sep ? bit : 0;
			m.num |= (c >= '0' && c <= '9') || c == '.' ? bit : 0;
			m.point |= c == '.' ? bit : 0;
		}
		o[j] = m;
	}
}
#endif

void lexscan_init(struct lexscan *s, const char *p, size_t n)
{
	s->p = p;
	s->n = n;
	s->first = s->nb = 0;
	s->isa = 0;
#ifdef LEXSCAN_WIDE
	if (__builtin_cpu_supports("avx512f") &&
	    __builtin_cpu_supports("avx512bw"))
		s->isa = 2;
	else if (__builtin_cpu_supports("avx2"))
		s->isa = 1;
#endif
}

int lexscan_refill(struct lexscan *s, size_t w)
{
	size_t nb = s->n / 64 > w ? s->n / 64 - w : 0;
	const char *p = s->p + 64 * w;
	if (nb < 2)
		return 0;
	if (nb > LEXSCAN_BLOCKS)
		nb = LEXSCAN_BLOCKS;
	if (s->nb == 0)
		nb = 2;
	s->first = w;
	s->nb = nb;
#ifdef LEXSCAN_WIDE
	if (s->isa == 2) {
		classify_avx512(p, nb, s->b);
		return 1;
	}
	if (s->isa == 1) {
		classify_avx2(p, nb, s->b);
		return 1;
	}
#endif
#ifdef LEXSCAN_SSE2
	classify_sse2(p, nb, s->b);
#else
	classify_bytes(p, nb, s->b);
#endif
	return 1;
}

const double lexscan_pow10[16] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
	1e13, 1e14, 1e15
};

/* The digits of the field [a, b) of the line at q as an integer, the
 * point skipped: a byte at a time. */
static uint64_t digits_bytes(const unsigned char *q, unsigned a, unsigned b)
{
	uint64_t m = 0;
	for (unsigned k = a; k < b; k++)
		if (q[k] != '.')
			m = m * 10 + (q[k] - '0');
	return m;
}

#ifdef LEXSCAN_WIDE
/* The same from the 16 bytes ending at q + b, which hold the digits and
 * the point (pp, the point's offset from q, or -1): the integer part is
 * shuffled one byte right over the point, the bytes before the first
 * digit (at a) zeroed, and the 16 digits summed with their weights in
 * three multiply-adds (the usual SSE way to read 16 digits). */
__attribute__((target("avx2")))
static uint64_t digits_wide(const char *q, unsigned a, unsigned b, int pp)
{
	const __m128i iota = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
					   11, 12, 13, 14, 15);
	int base = (int)b - 16;   /* window byte j is q[base + j] */
	int first = (int)a - base + (pp >= 0);
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(q + base));
	__m128i d = _mm_sub_epi8(v, _mm_set1_epi8('0'));
	/* byte j takes byte j - 1 up to the point, byte j after it (an
	 * index of -1 gives 0) */
	__m128i idx = _mm_sub_epi8(_mm_sub_epi8(iota, _mm_set1_epi8(1)),
		_mm_cmpgt_epi8(iota, _mm_set1_epi8((char)(pp >= 0 ? pp - base : -1))));
	__m128i keep = _mm_cmpgt_epi8(iota, _mm_set1_epi8((char)(first - 1)));
	__m128i t;
	d = _mm_and_si128(_mm_shuffle_epi8(d, idx), keep);
	t = _mm_maddubs_epi16(d, _mm_setr_epi8(10, 1, 10, 1, 10, 1, 10, 1,
					       10, 1, 10, 1, 10, 1, 10, 1));
	t = _mm_madd_epi16(t, _mm_setr_epi16(100, 1, 100, 1, 100, 1, 100, 1));
	t = _mm_packus_epi32(t, t);
	t = _mm_madd_epi16(t, _mm_setr_epi16(10000, 1, 10000, 1, 10000, 1,
					     10000, 1));
	return (uint64_t)(uint32_t)_mm_cvtsi128_si32(t) * 100000000u +
	       (uint32_t)_mm_extract_epi32(t, 1);
}
#endif

double lexscan_number(const struct lexscan *s, size_t o, unsigned a,
		      unsigned b, uint64_t point)
{
	const char *q = s->p + o;
	const unsigned char *u = (const unsigned char *)q;
	uint64_t in = (((uint64_t)1 << (b - a)) - 1) << a;
	uint64_t pts = point & in, m;
	int pp, neg;
	unsigned frac;
	double v;
	if (lexscan_number8(q, o, a, b, point, &v))
		return v;
	pp = pts ? __builtin_ctzll(pts) : -1;
	/* the digits after the point: the number scales by 10^-frac */
	frac = pts ? b - 1 - (unsigned)pp : 0;
	neg = u[a] == '-';
	a += u[a] == '-' || u[a] == '+';
#ifdef LEXSCAN_WIDE
	if (s->isa > 0 && o + b >= 16)
		m = digits_wide(q, a, b, pp);
	else
#endif
		m = digits_bytes(u, a, b);
	/* as lex_double's plain_decimal: m < 10^15 is exact, and one
	 * division is correctly rounded */
	v = (double)m / lexscan_pow10[frac];
	return neg ? -v : v;
}

double lexscan_value(const struct lexscan *s, size_t o,
		     const struct lex_line6 *f, int i)
{
	return lexscan_number(s, o, f->s[i], f->e[i], f->point);
}
