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
#include "score_int.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/* The positions of an entry in SCORE_LANES images: lanes_store writes
 * them to P[0..SCORE_LANES), lanes_add moves them past the entry, whose
 * multiplicities are k[0..SCORE_LANES).  One vector add where SSE2 is
 * there (every x86-64), else the plain loop. */
#if defined(__SSE2__)
struct lanes { __m128i lo, hi; };

static inline void lanes_init(struct lanes *p)
{
	p->lo = p->hi = _mm_set1_epi32(1);
}

static inline void lanes_add(struct lanes *p, const uint8_t *k)
{
	const __m128i zero = _mm_setzero_si128();
	__m128i k16 = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(const void *)k),
					zero);
	p->lo = _mm_add_epi32(p->lo, _mm_unpacklo_epi16(k16, zero));
	p->hi = _mm_add_epi32(p->hi, _mm_unpackhi_epi16(k16, zero));
}

static inline void lanes_store(const struct lanes *p, uint32_t *P)
{
	_mm_storeu_si128((__m128i *)(void *)P, p->lo);
	_mm_storeu_si128((__m128i *)(void *)(P + 4), p->hi);
}
#else
struct lanes { uint32_t v[SCORE_LANES]; };

static inline void lanes_init(struct lanes *p)
{
	for (size_t j = 0; j < SCORE_LANES; j++)
		p->v[j] = 1;
}

static inline void lanes_add(struct lanes *p, const uint8_t *k)
{
	for (size_t j = 0; j < SCORE_LANES; j++)
		p->v[j] += k[j];
}

static inline void lanes_store(const struct lanes *p, uint32_t *P)
{
	memcpy(P, p->v, sizeof p->v);
}
#endif

/* The positions of one ranking in SCORE_LANES images at once, from their
 * interleaved multiplicities k8: P8[i * SCORE_LANES + l] is what
 * scan_positions() gives as P[i] in lane l's image.  The ranking's ids are
 * read once for all the lanes.  The pass follows ej while some lane is
 * within the depth (checked every 8 entries: going further only computes
 * positions no lane reads).  Returns the entry where it stopped: P8 is
 * valid on [0, i]. */
size_t scan_positions_lanes(const struct scan_layout *l, uint64_t depth,
			      const uint8_t *k8, uint32_t *P8)
{
	const uint32_t *ids = l->ids;
	const size_t end = l->ej > l->ei ? l->ej : l->ei;
	struct lanes pos;
	size_t i;
	lanes_init(&pos);
	for (i = 0; i < end; i++) {
		uint32_t *P = P8 + i * SCORE_LANES;
		lanes_store(&pos, P);
		if (i >= l->ei && (i & 7) == 0) {
			uint32_t lo = P[0];
			for (size_t j = 1; j < SCORE_LANES; j++)
				lo = P[j] < lo ? P[j] : lo;
			if (lo > depth)
				return i;
		}
		lanes_add(&pos, k8 + (size_t)ids[i] * SCORE_LANES);
	}
	lanes_store(&pos, P8 + i * SCORE_LANES);
	return i;
}

/* Where scan_positions() stops in lane j of P8, which positions_lanes filled
 * on [0, ib]: the first entry from ei on whose position is past the
 * depth, or ib (which is then ej, or ei when ei >= ej).  Positions grow
 * along the ranking, so a binary search finds it. */
size_t scan_lane_stop(const struct scan_layout *l, uint64_t depth,
			const uint32_t *P8, size_t j, size_t ib)
{
	size_t lo = l->ei, hi = ib;     /* the answer is in [lo, hi] */
	if (lo >= hi)
		return ib;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (P8[mid * SCORE_LANES + j] > depth)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}


/* ---- judged spans of several images side by side ----------------------- */

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SCAN_HAVE_WIDE 1
#include <immintrin.h>
#endif

int scan_spans_wide(void)
{
#ifdef SCAN_HAVE_WIDE
	return __builtin_cpu_supports("avx512f") &&
	       __builtin_cpu_supports("avx512vl");
#else
	return 0;
#endif
}

/* The spans of all the lanes, interleaved: span i of lane l at
 * o8[i * SCORE_LANES + l], empty ones (start = end) kept, so that a
 * stretch's spans in every lane are stored together.  Lane l's are those
 * all_spans finds for it with the empty ones in their places: it has one
 * for each stretch up to the first that starts past its stop (not
 * stored) or that starts past the depth (stored, and the last); nj[l]
 * counts them.  A stretch [a, b) spans P8[a] to P8[min(b, stop)] in each
 * lane.  The plain loop. */
static void spans_lanes_plain(const uint32_t *sp, size_t nsp,
			      const uint32_t *P8, const size_t *stop,
			      uint64_t depth, struct span *o8, size_t *nj)
{
	for (size_t l = 0; l < SCORE_LANES; l++) {
		const uint32_t *P = P8 + l;
		size_t j;
		for (j = 0; j < nsp; j++) {
			size_t a = sp[2 * j], b = sp[2 * j + 1];
			struct span *o = &o8[j * SCORE_LANES + l];
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
/* The same with the 8 lanes in AVX-512 vectors: per stretch, two rows of
 * P8 and one store of the 8 lanes' spans.  As positions grow along the
 * ranking, P8[min(b, stop)] is the lesser of row min(b, ib) and the
 * lane's position at its stop. */
__attribute__((target("avx512f,avx512vl")))
static void spans_lanes_wide(const uint32_t *sp, size_t nsp,
			     const uint32_t *P8, size_t ib, const size_t *stop,
			     uint32_t depth, struct span *o8, size_t *nj)
{
	uint32_t st[8], pi[8];
	__m256i vstop, vpi, cnt = _mm256_setzero_si256();
	__m256i vdepth = _mm256_set1_epi32((int)depth);
	__mmask8 alive = 0xff;
	for (int j = 0; j < 8; j++) {
		st[j] = (uint32_t)stop[j];
		pi[j] = P8[stop[j] * 8 + (size_t)j];
	}
	vstop = _mm256_loadu_si256((const __m256i *)(const void *)st);
	vpi = _mm256_loadu_si256((const __m256i *)(const void *)pi);
	for (size_t j = 0; j < nsp; j++) {
		size_t a = sp[2 * j], b = sp[2 * j + 1];
		__m256i S, E;
		alive &= _mm256_cmple_epu32_mask(_mm256_set1_epi32((int)a), vstop);
		if (!alive)
			break;
		S = _mm256_loadu_si256((const __m256i *)(const void *)(P8 + a * 8));
		E = _mm256_loadu_si256((const __m256i *)(const void *)
				       (P8 + (b < ib ? b : ib) * 8));
		E = _mm256_max_epu32(_mm256_min_epu32(E, vpi), S);
		_mm512_storeu_si512((void *)(o8 + j * 8),
				    _mm512_or_si512(_mm512_cvtepu32_epi64(S),
						    _mm512_slli_epi64(_mm512_cvtepu32_epi64(E), 32)));
		cnt = _mm256_mask_add_epi32(cnt, alive, cnt, _mm256_set1_epi32(1));
		alive &= _mm256_cmple_epu32_mask(S, vdepth);
	}
	_mm256_storeu_si256((__m256i *)(void *)st, cnt);
	for (int j = 0; j < 8; j++)
		nj[j] = st[j];
}
#endif

void scan_spans_lanes(int wide, const struct scan_layout *l,
		      const uint32_t *P8, size_t ib, const size_t *stop,
		      uint64_t depth, struct span *o8, size_t *nj)
{
#ifdef SCAN_HAVE_WIDE
	if (wide && SCORE_LANES == 8 && ib < UINT32_MAX) {
		spans_lanes_wide(l->sp, l->nsp, P8, ib, stop,
				 depth < UINT32_MAX ? (uint32_t)depth : UINT32_MAX,
				 o8, nj);
		return;
	}
#else
	(void)wide;
#endif
	spans_lanes_plain(l->sp, l->nsp, P8, stop, depth, o8, nj);
}
