/*
 * scan.c - from a ranking and an image's multiplicities to the hit vector
 * measures see (struct ranked): the positions of the ranking's entries,
 * then its hits, judged spans and negative grades, read at the entries'
 * static indices (run.h).  One image at a time (scan_positions), or
 * SCORE_LANES images side by side (scan_positions_lanes), which share one
 * pass over the ranking's ids, and whose judged spans are found in one
 * pass too (scan_spans_lanes: a stretch's positions in every image are
 * one row).  The hot loop of the bootstrap: it does no allocation (the
 * scratch is the caller's) and touches each entry once per pass.  See
 * score_int.h.
 */
#include "lanes.h"
#include "score_int.h"

#include <string.h>

/* The judged spans of a ranking without a pool: one per static stretch
 * of judged entries [a, b), cut at entry i (entry e's position is
 * P[e * ps], valid for e <= i), down to the first stretch that starts
 * below the depth. */
static size_t all_spans(const uint32_t *sp, size_t nsp, const uint32_t *P,
			size_t ps, size_t i, uint64_t depth, struct span *o)
{
	size_t no = 0;
	for (size_t j = 0; j < nsp; j++) {
		size_t a = sp[2 * j], b = sp[2 * j + 1];
		struct span c;
		if (a > i)
			break;
		c.start = P[a * ps];
		c.end = P[(b < i ? b : i) * ps];
		o[no] = c;
		no += c.end > c.start;
		if (c.start > depth)
			break;
	}
	return no;
}

/* The judged spans under a pool, from the pooled entries pe[0..np) (in
 * rank order, each with k > 0): a run of consecutive pooled entries is
 * one span, and joins the span before it when no position lies between
 * them (P[last] = P[a]) and they are in the same static stretch of judged
 * entries (score_same_stretch), so that when every judged document is
 * pooled the spans are all_spans's.  None when no measure wants spans
 * (nsp = 0). */
static size_t pooled_spans(const uint32_t *ids, uint32_t nj, size_t nsp,
			   const uint32_t *pe, size_t np, const uint32_t *P,
			   uint64_t depth, struct span *o)
{
	size_t no = 0, q = 0;
	uint32_t last = 0;   /* the entry after the previous span's */
	while (nsp && q < np) {
		uint32_t a = pe[q], e = a;
		for (q++; q < np && pe[q] == e + 1; q++)
			e++;
		if (no > 0 && P[last] == P[a] &&
		    score_same_stretch(ids, nj, last - 1, a)) {
			o[no - 1].end = P[e + 1];
		} else {
			o[no].start = P[a];
			o[no++].end = P[e + 1];
		}
		last = e + 1;
		if (P[e] > depth)
			break;
	}
	return no;
}

/* The judged documents of grade < 0 (ids from nonneg on) among entries
 * [0, i) of the judged stretches, down to the depth, as hits into g. */
static size_t all_negatives(const uint32_t *ids, const uint8_t *k,
			    const uint32_t *sp, size_t nsp, const uint32_t *P,
			    size_t ps, size_t i, uint64_t depth, uint32_t nonneg,
			    struct hit *g)
{
	size_t ng = 0;
	for (size_t j = 0; j < nsp; j++) {
		size_t a = sp[2 * j], b = sp[2 * j + 1];
		if (a >= i || P[a * ps] > depth)
			break;
		for (size_t e = a; e < b && e < i; e++) {
			uint32_t id = ids[e];
			g[ng].pos = P[e * ps];
			g[ng].id = id;
			ng += id >= nonneg && k[id] != 0;
		}
	}
	return ng;
}

/* The same among the pooled entries pe[0..np). */
static size_t pooled_negatives(const uint32_t *ids, const uint32_t *pe,
			       size_t np, const uint32_t *P, uint64_t depth,
			       uint32_t nonneg, struct hit *g)
{
	size_t ng = 0;
	for (size_t q = 0; q < np && P[pe[q]] <= depth; q++) {
		uint32_t id = ids[pe[q]];
		g[ng].pos = P[pe[q]];
		g[ng].id = id;
		ng += id >= nonneg;
	}
	return ng;
}


void scan_layout_of(const struct scorer *s, const struct run *r, size_t t,
		      struct scan_layout *l)
{
	l->ids = r->ids + r->off[t];
	l->n = r->off[t + 1] - r->off[t];
	l->ii = r->inter + r->inter_off[t];
	l->ni = r->inter_off[t + 1] - r->inter_off[t];
	l->sp = r->jspan + 2 * r->jspan_off[t];
	l->nsp = s->judged_depth ? r->jspan_off[t + 1] - r->jspan_off[t] : 0;
	l->ei = l->ni ? (size_t)l->ii[l->ni - 1] + 1 : 0;
	l->ej = l->nsp ? l->sp[2 * l->nsp - 1] : 0;
}

/* The positions of one ranking under multiplicities k: P[i] = position
 * of entry i's first copy, for entries up to ei and, while the position
 * is within the depth, on to ej.  Under a pool (kj != k) the same pass
 * lists the pooled entries (kj > 0) into pe, *np of them.  Returns i,
 * the entry where it stopped: P is valid on [0, i]. */
size_t scan_positions(const struct scan_layout *l, uint64_t depth,
			const uint8_t *k, const uint8_t *kj, uint32_t nj,
			uint32_t *P, uint32_t *pe, size_t *np)
{
	const uint32_t *ids = l->ids;
	uint32_t pos = 1;
	size_t i, q = 0;
	if (kj == k) {
		for (i = 0; i < l->ei; i++) {
			P[i] = pos;
			pos += k[ids[i]];
		}
		for (; i < l->ej && pos <= depth; i++) {
			P[i] = pos;
			pos += k[ids[i]];
		}
	} else {
		/* kj is defined on the judged ids (pool_judged): an unjudged
		 * id's byte is left from another topic */
#define POOLED_ENTRY() do { \
		uint32_t id = ids[i]; \
		P[i] = pos; \
		pos += k[id]; \
		pe[q] = (uint32_t)i; \
		q += (id < nj) & (kj[id] != 0); \
	} while (0)
		for (i = 0; i < l->ei; i++)
			POOLED_ENTRY();
		for (; i < l->ej && pos <= depth; i++)
			POOLED_ENTRY();
#undef POOLED_ENTRY
	}
	P[i] = pos;
	*np = q;
	return i;
}

/* The hit vector of one ranking from its positions (entry e at P[e * ps],
 * valid on [0, i]), its judged multiplicities kj (ids below n_judged),
 * the multiplicities of all its documents (k[id * ks]) and, under a pool
 * (pooled), its pooled entries pe[0..np).  Returns 0 when the image
 * leaves the ranking empty (every k = 0), else 1.
 *
 * The classification of entries is static (run.h): hits and spans read P
 * at their precomputed indices.  What only some measures need is done
 * only when one of them is selected: the negative-grade documents are
 * picked out of the judged stretches (needs_negative), and the length of
 * the whole ranking is summed (needs_length). */
int scan_ranked(const struct scorer *s, const struct scan_layout *l, size_t t,
		     const uint32_t *P, size_t ps, size_t i, const uint8_t *k,
		     size_t ks, const uint8_t *kj, int pooled, size_t np,
		     const struct span *spans, size_t nspans,
		     struct score_scratch *x, struct ranked *out)
{
	const struct topic *tp = &s->c->topic[t];
	const uint64_t depth = s->judged_depth;
	const uint32_t *ids = l->ids;
	struct hit *h = x->h, *g = x->g;
	size_t nh = 0, ng = 0;
	uint32_t pos = P[i * ps];

	for (size_t j = 0; j < l->ni; j++) {
		uint32_t e = l->ii[j], id = ids[e];
		struct hit c;
		c.pos = P[e * ps];
		c.id = id;
		h[nh] = c;
		nh += kj[id] != 0;
	}
	out->judged = spans ? spans : x->o;
	out->jstride = spans ? SCORE_LANES : 1;
	out->nj = spans ? nspans
		: !pooled ? all_spans(l->sp, l->nsp, P, ps, i, depth, x->o)
		: pooled_spans(ids, tp->n_judged, l->nsp, x->pe, np, P, depth,
			       x->o);
	/* Negative grades are ids n_nonneg .. n_judged - 1: look for them in
	 * the judged stretches (or the pooled entries), when the topic has
	 * any. */
	if (s->needs_negative && tp->n_nonneg < tp->n_judged)
		ng = pooled ? pooled_negatives(ids, x->pe, np, P, depth,
					       tp->n_nonneg, g)
			    : all_negatives(ids, kj, l->sp, l->nsp, P, ps, i,
					    depth, tp->n_nonneg, g);
	out->h = h;
	out->n = nh;
	out->c = NULL;
	out->nc = 0;
	out->neg = g;
	out->nneg = ng;
	out->len = 0;
	if (s->needs_length) {
		uint64_t end = pos;
		for (size_t e = i; e < l->n; e++)
			end += k[(size_t)ids[e] * ks];
		out->len = end - 1;
		return out->len > 0;
	}
	if (pos > 1)
		return 1;
	/* Nothing so far: is any later document kept?  Usually the next. */
	for (; i < l->n; i++)
		if (k[(size_t)ids[i] * ks])
			return 1;
	return 0;
}

/* Scan one ranking under multiplicities k and judged multiplicities kj
 * (k itself, or k masked by a pool, see score.h) into out: its positions,
 * then its hits.  Returns 0 when the image leaves it empty. */
int scan_ranking(const struct scorer *s, const struct run *r, size_t t,
		const uint8_t *k, const uint8_t *kj, struct score_scratch *x,
		struct ranked *out)
{
	struct scan_layout l;
	size_t i, np;
	scan_layout_of(s, r, t, &l);
	i = scan_positions(&l, s->judged_depth, k, kj, s->c->topic[t].n_judged,
		      x->P, x->pe, &np);
	return scan_ranked(s, &l, t, x->P, 1, i, k, 1, kj, kj != k, np, NULL, 0,
			   x, out);
}

/* ---- several images side by side -------------------------------------- */

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SCAN_HAVE_WIDE 1
#include <immintrin.h>
#endif

int scan_lanes_wide(void)
{
	return measure_lanes_cpu();
}

/* The positions of an entry in SCORE_LANES images: pos_store writes
 * them to P[0..SCORE_LANES), pos_add moves them past the entry, whose
 * multiplicities are k[0..SCORE_LANES).  Four vector adds where SSE2 is
 * there (every x86-64), else the plain loop. */
#if defined(__SSE2__)
#include <emmintrin.h>
struct pos_lanes { __m128i v[SCORE_LANES / 4]; };

static inline void pos_init(struct pos_lanes *p)
{
	for (size_t j = 0; j < SCORE_LANES / 4; j++)
		p->v[j] = _mm_set1_epi32(1);
}

static inline void pos_add(struct pos_lanes *p, const uint8_t *k)
{
	const __m128i zero = _mm_setzero_si128();
	for (size_t j = 0; j < SCORE_LANES / 16; j++) {
		__m128i k8 = _mm_loadu_si128((const __m128i *)(const void *)(k + 16 * j));
		__m128i lo = _mm_unpacklo_epi8(k8, zero), hi = _mm_unpackhi_epi8(k8, zero);
		p->v[4 * j] = _mm_add_epi32(p->v[4 * j], _mm_unpacklo_epi16(lo, zero));
		p->v[4 * j + 1] = _mm_add_epi32(p->v[4 * j + 1], _mm_unpackhi_epi16(lo, zero));
		p->v[4 * j + 2] = _mm_add_epi32(p->v[4 * j + 2], _mm_unpacklo_epi16(hi, zero));
		p->v[4 * j + 3] = _mm_add_epi32(p->v[4 * j + 3], _mm_unpackhi_epi16(hi, zero));
	}
}

static inline void pos_store(const struct pos_lanes *p, uint32_t *P)
{
	for (size_t j = 0; j < SCORE_LANES / 4; j++)
		_mm_storeu_si128((__m128i *)(void *)(P + 4 * j), p->v[j]);
}
#else
struct pos_lanes { uint32_t v[SCORE_LANES]; };

static inline void pos_init(struct pos_lanes *p)
{
	for (size_t j = 0; j < SCORE_LANES; j++)
		p->v[j] = 1;
}

static inline void pos_add(struct pos_lanes *p, const uint8_t *k)
{
	for (size_t j = 0; j < SCORE_LANES; j++)
		p->v[j] += k[j];
}

static inline void pos_store(const struct pos_lanes *p, uint32_t *P)
{
	memcpy(P, p->v, sizeof p->v);
}
#endif

/* The positions of one ranking in SCORE_LANES images at once, from their
 * interleaved multiplicities kL: PL[i * SCORE_LANES + l] is what
 * scan_positions() gives as P[i] in lane l's image.  The ranking's ids
 * are read once for all the lanes.  The pass follows ej while some lane
 * is within the depth (checked every 8 entries: going further only
 * computes positions no lane reads).  Returns the entry where it
 * stopped: PL is valid on [0, i].  The plain loop; with p16 (where the
 * positions fit), PL holds them as uint16_t, converted from uint32_t. */
static size_t positions_plain(const struct scan_layout *l, uint64_t depth,
			      const uint8_t *kL, void *PL, int p16)
{
	const uint32_t *ids = l->ids;
	const size_t end = l->ej > l->ei ? l->ej : l->ei;
	uint32_t P[SCORE_LANES];
	struct pos_lanes pos;
	size_t i;
	pos_init(&pos);
	for (i = 0;; i++) {
		uint32_t *row = p16 ? P : (uint32_t *)PL + i * SCORE_LANES;
		pos_store(&pos, row);
		for (size_t j = 0; p16 && j < SCORE_LANES; j++)
			((uint16_t *)PL)[i * SCORE_LANES + j] = (uint16_t)row[j];
		if (i == end)
			return i;
		if (i >= l->ei && (i & 7) == 0) {
			uint32_t lo = row[0];
			for (size_t j = 1; j < SCORE_LANES; j++)
				lo = row[j] < lo ? row[j] : lo;
			if (lo > depth)
				return i;
		}
		pos_add(&pos, kL + (size_t)ids[i] * SCORE_LANES);
	}
}

#ifdef SCAN_HAVE_WIDE
/* The same with 16 lanes in each AVX-512 vector: per entry and vector,
 * one load of 16 bytes widened to 16 positions' increments. */
__attribute__((target("avx512f,avx512vl,avx512bw")))
static size_t positions_wide(const struct scan_layout *l, uint64_t depth,
			     const uint8_t *kL, uint32_t *PL)
{
	enum { V = SCORE_LANES / 16 };
	const uint32_t *ids = l->ids;
	const size_t ei = l->ei, end = l->ej > ei ? l->ej : ei;
	const __m512i dv = _mm512_set1_epi32((int)(depth < UINT32_MAX ? depth
							 : UINT32_MAX));
	__m512i pos[V];
	size_t i;
	for (int v = 0; v < V; v++)
		pos[v] = _mm512_set1_epi32(1);
	for (i = 0; i < end; i++) {
		uint32_t *P = PL + i * SCORE_LANES;
		const uint8_t *k = kL + (size_t)ids[i] * SCORE_LANES;
		for (int v = 0; v < V; v++)
			_mm512_storeu_si512((void *)(P + 16 * v), pos[v]);
		if (i >= ei && (i & 7) == 0) {
			__mmask16 in = 0;
			for (int v = 0; v < V; v++)
				in |= _mm512_cmple_epu32_mask(pos[v], dv);
			if (!in)
				return i;
		}
		for (int v = 0; v < V; v++)
			pos[v] = _mm512_add_epi32(pos[v], _mm512_cvtepu8_epi32(
				_mm_loadu_si128((const __m128i *)(const void *)(k + 16 * v))));
	}
	for (int v = 0; v < V; v++)
		_mm512_storeu_si512((void *)(PL + i * SCORE_LANES + 16 * v), pos[v]);
	return i;
}
#endif

size_t scan_positions_lanes(int wide, const struct scan_layout *l,
			    uint64_t depth, const uint8_t *kL, uint32_t *PL)
{
#ifdef SCAN_HAVE_WIDE
	if (wide && SCORE_LANES % 16 == 0 && depth <= UINT32_MAX)
		return positions_wide(l, depth, kL, PL);
#else
	(void)wide;
#endif
	return positions_plain(l, depth, kL, PL, 0);
}

/* scan_positions_lanes in 16-bit numbers (where no position can pass
 * 65535: 1 + IMAGE_KMAX times the ranking's length), for the measures
 * side by side alone: half the bytes to store. */
#ifdef SCAN_HAVE_WIDE
/* Document id's multiplicities in the 16 lanes as 16-bit numbers. */
__attribute__((target("avx512f,avx512vl,avx512bw")))
static inline __m256i positions16_k(const uint8_t *kL, uint32_t id)
{
	return _mm256_cvtepu8_epi16(_mm_loadu_si128((const void *)(kL + (size_t)id *
								  SCORE_LANES)));
}

/* With the 16 lanes in a 256-bit vector. */
__attribute__((target("avx512f,avx512vl,avx512bw")))
static size_t positions16_wide(const struct scan_layout *l, uint64_t depth,
			       const uint8_t *kL, uint16_t *PL)
{
	const uint32_t *ids = l->ids;
	const size_t end = l->ej > l->ei ? l->ej : l->ei;
	const __m256i dv = _mm256_set1_epi16((short)(depth < UINT16_MAX ? depth
							  : UINT16_MAX));
	const size_t ei = l->ei;
	__m256i pos = _mm256_set1_epi16(1);
	size_t i;
	/* to ei without a look at the depth, two entries a step (the
	 * position after both is one addition away from the one before
	 * them), then on to end with a look every 8 entries (ei <= end) */
	for (i = 0; i + 2 <= ei; i += 2) {
		__m256i a = positions16_k(kL, ids[i]), b = positions16_k(kL, ids[i + 1]);
		_mm256_storeu_si256((void *)(PL + i * SCORE_LANES), pos);
		_mm256_storeu_si256((void *)(PL + (i + 1) * SCORE_LANES),
				    _mm256_add_epi16(pos, a));
		pos = _mm256_add_epi16(pos, _mm256_add_epi16(a, b));
	}
	for (; i < ei; i++) {
		_mm256_storeu_si256((void *)(PL + i * SCORE_LANES), pos);
		pos = _mm256_add_epi16(pos, positions16_k(kL, ids[i]));
	}
	for (; i < end; i++) {
		_mm256_storeu_si256((void *)(PL + i * SCORE_LANES), pos);
		if ((i & 7) == 0 && !_mm256_cmple_epu16_mask(pos, dv))
			return i;
		pos = _mm256_add_epi16(pos, positions16_k(kL, ids[i]));
	}
	_mm256_storeu_si256((void *)(PL + i * SCORE_LANES), pos);
	return i;
}
#endif

size_t scan_positions_lanes16(int wide, const struct scan_layout *l,
			      uint64_t depth, const uint8_t *kL, uint16_t *PL)
{
#ifdef SCAN_HAVE_WIDE
	if (wide && SCORE_LANES == 16)
		return positions16_wide(l, depth, kL, PL);
#else
	(void)wide;
#endif
	return positions_plain(l, depth, kL, PL, 1);
}

/* The copies of the hits of l in the lanes (ranked_lanes.cq, cqo, cm,
 * cmo), from the positions PL and multiplicities kL.  The plain loop. */
static void copies_plain(const struct scan_layout *l, const void *PL, int p16,
			 const uint8_t *kL, uint32_t *cq, uint32_t *cqo,
			 struct lanes_copy *cm, uint32_t *cmo)
{
	uint32_t nq = 0, nm = 0, P[SCORE_LANES];
	for (size_t i = 0; i < l->ni; i++) {
		size_t row = (size_t)l->ii[i] * SCORE_LANES;
		for (size_t c = 0; c < SCORE_LANES; c++)
			P[c] = p16 ? ((const uint16_t *)PL)[row + c]
				   : ((const uint32_t *)PL)[row + c];
		const uint8_t *k = kL + (size_t)l->ids[l->ii[i]] * SCORE_LANES;
		cqo[i] = nq;
		cmo[i] = nm;
		for (unsigned j = 0;; j++) {
			unsigned m = 0;
			struct lanes_copy *c = &cm[nm];
			c->at = nq;
			c->lo = 0;
			for (unsigned l = 0; l < SCORE_LANES; l++)
				if (k[l] > j) {
					m |= 1u << l;
					c->lo = (uint16_t)(c->lo + (l < 8));
					cq[nq++] = P[l] - 1 + j;
				}
			if (!m && j >= MEASURE_LANES_COPIES)
				break;
			c->m = (uint16_t)m;
			nm++;
		}
	}
	cqo[l->ni] = nq;
	cmo[l->ni] = nm;
}

#ifdef SCAN_HAVE_WIDE
/* Copy j of a hit in the lanes of m, its positions - 1 in q: listed
 * at cq + nq (a whole vector stored: cq has SCORE_LANES spare) and
 * described in *c; returns nq past them. */
__attribute__((target("avx512f,avx512vl,avx512bw")))
static inline uint32_t copy_wide(__m512i q, __mmask16 m, uint32_t *cq,
				 uint32_t nq, struct lanes_copy *c)
{
	_mm512_storeu_si512((void *)(cq + nq), _mm512_maskz_compress_epi32(m, q));
	c->m = m;
	c->lo = (uint16_t)__builtin_popcount(m & 0xff);
	c->at = nq;
	return nq + (uint32_t)__builtin_popcount(m);
}

/* copies_plain with the 16 lanes in a vector: per copy, one compress of
 * the positions of the lanes that have it. */
__attribute__((target("avx512f,avx512vl,avx512bw")))
static void copies_wide(const struct scan_layout *l, const void *PL, int p16,
			const uint8_t *kL, uint32_t *cq, uint32_t *cqo,
			struct lanes_copy *cm, uint32_t *cmo)
{
	const __m512i one = _mm512_set1_epi32(1);
	uint32_t nq = 0, nm = 0;
	for (size_t i = 0; i < l->ni; i++) {
		size_t row = (size_t)l->ii[i] * SCORE_LANES;
		__m512i q = _mm512_sub_epi32(p16 ? _mm512_cvtepu16_epi32(_mm256_loadu_si256(
			(const void *)((const uint16_t *)PL + row))) : _mm512_loadu_si512(
			(const void *)((const uint32_t *)PL + row)), one);
		__m128i k = _mm_loadu_si128((const void *)(kL + (size_t)l->ids[l->ii[i]] *
							   SCORE_LANES));
		__mmask16 m;
		cqo[i] = nq;
		cmo[i] = nm;
		/* copies 0 .. MEASURE_LANES_COPIES - 1 unrolled, the rest (a
		 * lane with k > 4: 6% of hits in 16 lanes) in a loop */
		_Static_assert(MEASURE_LANES_COPIES == 4, "four copies unrolled");
		nq = copy_wide(q, _mm_cmpgt_epu8_mask(k, _mm_set1_epi8(0)), cq, nq, &cm[nm]);
		nq = copy_wide(_mm512_add_epi32(q, one), _mm_cmpgt_epu8_mask(
			k, _mm_set1_epi8(1)), cq, nq, &cm[nm + 1]);
		nq = copy_wide(_mm512_add_epi32(q, _mm512_set1_epi32(2)), _mm_cmpgt_epu8_mask(
			k, _mm_set1_epi8(2)), cq, nq, &cm[nm + 2]);
		nq = copy_wide(_mm512_add_epi32(q, _mm512_set1_epi32(3)), _mm_cmpgt_epu8_mask(
			k, _mm_set1_epi8(3)), cq, nq, &cm[nm + 3]);
		nm += MEASURE_LANES_COPIES;
		for (unsigned j = MEASURE_LANES_COPIES;
		     (m = _mm_cmpgt_epu8_mask(k, _mm_set1_epi8((char)j))); j++)
			nq = copy_wide(_mm512_add_epi32(q, _mm512_set1_epi32((int)j)),
				       m, cq, nq, &cm[nm++]);
	}
	cqo[l->ni] = nq;
	cmo[l->ni] = nm;
}
#endif

void scan_copies_lanes(int wide, const struct scan_layout *l,
		       const void *PL, int p16, const uint8_t *kL,
		       uint32_t *cq, uint32_t *cqo, struct lanes_copy *cm,
		       uint32_t *cmo)
{
#ifdef SCAN_HAVE_WIDE
	if (wide && SCORE_LANES == 16) {
		copies_wide(l, PL, p16, kL, cq, cqo, cm, cmo);
		return;
	}
#else
	(void)wide;
#endif
	copies_plain(l, PL, p16, kL, cq, cqo, cm, cmo);
}

/* Where scan_positions() stops in lane j of PL, which positions_lanes filled
 * on [0, ib]: the first entry from ei on whose position is past the
 * depth, or ib (which is then ej, or ei when ei >= ej).  Positions grow
 * along the ranking, so a binary search finds it. */
size_t scan_lane_stop(const struct scan_layout *l, uint64_t depth,
			const uint32_t *PL, size_t j, size_t ib)
{
	size_t lo = l->ei, hi = ib;     /* the answer is in [lo, hi] */
	if (lo >= hi)
		return ib;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (PL[mid * SCORE_LANES + j] > depth)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}
