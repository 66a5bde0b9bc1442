/*
 * score.c - the scan from rankings to hit vectors and the measure calls
 * (see score.h).  This is the hot loop of the bootstrap: per image it
 * touches every run entry once, so it does no allocation and no lookups
 * beyond one byte of multiplicity per entry.
 */
#include "score.h"
#include "score_int.h"
#include "pool.h"
#include "xalloc.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void scorer_init(struct scorer *s, const struct collection *c,
		 const struct run *runs, size_t nruns,
		 const struct measure *m, size_t nm, uint64_t seed)
{
	size_t ns = 0;
	for (size_t t = 0; t < c->n; t++)   /* frozen: hashes kept, maps gone */
		assert((c->topic[t].hash || c->topic[t].n_docs == 0) &&
		       c->topic[t].docs.n == 0);
	memset(s, 0, sizeof *s);
	s->c = c;
	s->runs = runs;
	s->nruns = nruns;
	s->m = m;
	s->nm = nm;
	s->seed = seed;
	image_fn_init(&s->imf);
	for (size_t i = 0; i < nm; i++) {
		const struct measure_def *def = m[i].def;
		ns += (size_t)m[i].n_out;
		s->prep_n += measure_prep_n(def);
		if (m[i].judged_depth > s->judged_depth)
			s->judged_depth = m[i].judged_depth;
		s->needs_length |= def->needs_length != 0;
		s->needs_negative |= def->needs_negative != 0;
		s->copies |= def->copies != 0;
		s->any_r0 |= def->call_when_r0 != 0;
		s->any_gain |= def->call_when_gain != 0;
	}
	s->slots = xcalloc(ns, sizeof *s->slots);
	for (size_t i = 0; i < nm; i++)
		for (int o = 0; o < m[i].n_out; o++) {
			struct slot *sl = &s->slots[s->nslots++];
			sl->measure = i;
			sl->out = o;
			sl->name = m[i].name[o];
			sl->trec = m[i].trec[o];
		}
	for (size_t r = 0; r < nruns; r++)
		for (size_t t = 0; t < c->n; t++) {
			size_t n = runs[r].off[t + 1] - runs[r].off[t];
			if (n > s->max_ranking)
				s->max_ranking = n;
		}
	for (size_t t = 0; t < c->n; t++)
		if (c->topic[t].n_docs > s->max_docs)
			s->max_docs = c->topic[t].n_docs;
}

void scorer_release(struct scorer *s)
{
	free(s->slots);
	memset(s, 0, sizeof *s);
}

void score_scratch_init(struct score_scratch *x, const struct scorer *s)
{
	x->h = xcalloc(s->max_ranking ? s->max_ranking : 1, sizeof *x->h);
	x->o = xcalloc(s->max_ranking ? s->max_ranking : 1, sizeof *x->o);
	x->g = xcalloc(s->needs_negative && s->max_ranking ? s->max_ranking : 1,
		       sizeof *x->g);
	/* every hit has at most IMAGE_KMAX copies; expand_copies writes up
	 * to 3 entries past the last */
	x->c = xcalloc(s->copies ? size_mul(s->max_ranking + 1, IMAGE_KMAX) : 1,
		       sizeof *x->c);
	x->P = xcalloc(s->max_ranking + 1, sizeof *x->P);
	x->pe = xcalloc(s->max_ranking + 1, sizeof *x->pe);
	x->k = xcalloc(s->max_docs ? s->max_docs : 1, sizeof *x->k);
	x->kj = xcalloc(s->max_docs ? s->max_docs : 1, sizeof *x->kj);
	x->prep = xcalloc(s->prep_n ? s->prep_n : 1, sizeof *x->prep);
	x->k8 = xcalloc(size_mul(s->max_docs ? s->max_docs : 1, SCORE_LANES),
			sizeof *x->k8);
	x->P8 = xcalloc(size_mul(s->max_ranking + 1, SCORE_LANES), sizeof *x->P8);
	x->kl = xcalloc(size_mul(s->max_docs ? s->max_docs : 1, SCORE_LANES),
			sizeof *x->kl);
	x->prep8 = xcalloc(size_mul(s->prep_n ? s->prep_n : 1, SCORE_LANES),
			   sizeof *x->prep8);
}

void score_scratch_release(struct score_scratch *x)
{
	free(x->h);
	free(x->o);
	free(x->g);
	free(x->c);
	free(x->P);
	free(x->pe);
	free(x->k);
	free(x->kj);
	free(x->prep);
	free(x->k8);
	free(x->P8);
	free(x->kl);
	free(x->prep8);
	memset(x, 0, sizeof *x);
}

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

/* One ranking's static layout for topic t (run.h): its ids, the entries
 * of relevant-or-gain documents (ii), the judged stretches (sp), and the
 * two extents the positions must reach: ei, past the last entry of ii,
 * and ej, the end of the last stretch, which is followed only down to
 * the depth. */
struct layout {
	const uint32_t *ids, *ii, *sp;
	size_t n, ni, nsp, ei, ej;
};

static void layout_of(const struct scorer *s, const struct run *r, size_t t,
		      struct layout *l)
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
static size_t positions(const struct layout *l, uint64_t depth,
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
static int ranked_of(const struct scorer *s, const struct layout *l, size_t t,
		     const uint32_t *P, size_t ps, size_t i, const uint8_t *k,
		     size_t ks, const uint8_t *kj, int pooled, size_t np,
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
	out->nj = !pooled ? all_spans(l->sp, l->nsp, P, ps, i, depth, x->o)
			  : pooled_spans(ids, tp->n_judged, l->nsp, x->pe, np, P,
					 depth, x->o);
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
	out->judged = x->o;
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
static int scan(const struct scorer *s, const struct run *r, size_t t,
		const uint8_t *k, const uint8_t *kj, struct score_scratch *x,
		struct ranked *out)
{
	struct layout l;
	size_t i, np;
	layout_of(s, r, t, &l);
	i = positions(&l, s->judged_depth, k, kj, s->c->topic[t].n_judged,
		      x->P, x->pe, &np);
	return ranked_of(s, &l, t, x->P, 1, i, k, 1, kj, kj != k, np, x, out);
}

void score_topic_image(const struct scorer *s, size_t t, uint64_t b,
		       struct score_scratch *x, double *out)
{
	const struct topic *tp = &s->c->topic[t];
	image_fill(&s->imf, s->seed, b, tp->hash, tp->n_docs, x->k);
	score_topic_mult(s, t, x, out);
}

/* ---- several images side by side -------------------------------------- */

/* The positions of an entry in SCORE_LANES images: lanes_store writes
 * them to P[0..SCORE_LANES), lanes_add moves them past the entry, whose
 * multiplicities are k[0..SCORE_LANES).  One vector add where SSE2 is
 * there (every x86-64), else the plain loop. */
#if defined(__SSE2__)
#include <emmintrin.h>
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
 * positions() gives as P[i] in lane l's image.  The ranking's ids are
 * read once for all the lanes.  The pass follows ej while some lane is
 * within the depth (checked every 8 entries: going further only computes
 * positions no lane reads).  Returns the entry where it stopped: P8 is
 * valid on [0, i]. */
static size_t positions_lanes(const struct layout *l, uint64_t depth,
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

/* Where positions() stops in lane j of P8, which positions_lanes filled
 * on [0, ib]: the first entry from ei on whose position is past the
 * depth, or ib (which is then ej, or ei when ei >= ej).  Positions grow
 * along the ranking, so a binary search finds it. */
static size_t lane_stop(const struct layout *l, uint64_t depth,
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

void score_topic_images(const struct scorer *s, size_t t, uint64_t b0,
			size_t nb, struct score_scratch *x, double *out)
{
	const struct topic *tp = &s->c->topic[t];
	const size_t block = s->nruns * s->nslots, L = SCORE_LANES;
	struct topic_image ti[SCORE_LANES];
	uint64_t G[SCORE_LANES];
	int live[SCORE_LANES], any = 0;

	if (s->pool || nb < 2) {     /* one by one */
		for (size_t i = 0; i < nb; i++)
			score_topic_image(s, t, b0 + i, x, out + i * block);
		return;
	}
	if (nb > L) {
		score_topic_images(s, t, b0, L, x, out);
		score_topic_images(s, t, b0 + L, nb - L, x, out + L * block);
		return;
	}
	image_fill_lanes(&s->imf, s->seed, b0, nb, L, tp->hash, tp->n_docs,
			 x->k8);
	for (size_t j = 0; j < nb; j++) {
		uint8_t *kl = x->kl + j * s->max_docs;
		for (uint32_t id = 0; id < tp->n_judged; id++)
			kl[id] = x->k8[(size_t)id * L + j];
		live[j] = score_topic_prep(s, t, kl, x->prep8 + j * s->prep_n,
					   &ti[j], &G[j]);
		any |= live[j];
		if (!live[j])
			memset(out + j * block, 0, block * sizeof *out);
	}
	for (size_t r = 0; r < s->nruns && any; r++) {
		const struct run *run = &s->runs[r];
		struct layout l;
		size_t ib = 0;
		layout_of(s, run, t, &l);
		if (l.n)
			ib = positions_lanes(&l, s->judged_depth, x->k8, x->P8);
		for (size_t j = 0; j < nb; j++) {
			struct ranked rk;
			int empty;
			if (!live[j])
				continue;
			empty = l.n == 0 ||
				!ranked_of(s, &l, t, x->P8 + j, L,
					   lane_stop(&l, s->judged_depth, x->P8, j, ib),
					   x->k8 + j, L, ti[j].k, 0, 0, x, &rk);
			score_ranked(s, &ti[j], G[j], x->prep8 + j * s->prep_n,
				     empty ? NULL : &rk, x,
				     out + j * block + r * s->nslots);
		}
	}
}

/* Mark in kj the judged documents of the pool of every run: those whose
 * first copy is at positions 1..s->pool of one of the rankings under k
 * (kj = k for them, 0 for every other judged document). */
static void pool_judged(const struct scorer *s, size_t t, const uint8_t *k,
			uint8_t *kj)
{
	const struct topic *tp = &s->c->topic[t];
	memset(kj, 0, tp->n_judged);
	for (size_t i = 0, np = s->pool_runs ? s->pool_runs : s->nruns;
	     i < np; i++) {
		const struct run *r = &s->runs[i];
		const uint32_t *ids = r->ids + r->off[t];
		size_t n = r->off[t + 1] - r->off[t];
		uint64_t pos = 1;
		for (size_t e = 0; e < n && pos <= s->pool; e++) {
			uint32_t id = ids[e];
			if (id < tp->n_judged)
				kj[id] = k[id];
			pos += k[id];
		}
	}
}

int score_topic_prep(const struct scorer *s, size_t t, const uint8_t *kj,
		     double *prep, struct topic_image *ti, uint64_t *G)
{
	const struct topic *tp = &s->c->topic[t];
	double *area = prep;
	uint64_t R = 0;
	for (uint32_t id = 0; id < tp->n_rel; id++)
		R += kj[id];
	*G = 0;
	if (R == 0 && s->any_gain)
		for (uint32_t id = 0; id < tp->n_pos; id++)
			*G += kj[id];
	ti->t = tp;
	ti->k = kj;
	ti->R = R;
	/* Most measures score 0 when R = 0 (see measure.h). */
	if (R == 0 && *G == 0 && !s->any_r0)
		return 0;
	for (size_t i = 0; i < s->nm; i++) {
		const struct measure_def *def = s->m[i].def;
		if (def->prep && (R || def->call_when_r0 ||
				  (def->call_when_gain && *G)))
			def->prep(&s->m[i], ti, area);
		else
			area[0] = 0;
		area += measure_prep_n(def);
	}
	return 1;
}

/* The hits h[0..n) copy by copy into c (see struct ranked); returns the
 * number of copies.  Four entries are written per hit whatever its k
 * (the next hit overwrites the extra ones), so that the common k <= 4
 * costs no branch: k is random, and a branch on it is mispredicted
 * about every other hit. */
static size_t expand_copies(const struct hit *h, size_t n, const uint8_t *k,
			    struct hit *c)
{
	size_t nc = 0;
	for (size_t i = 0; i < n; i++) {
		uint32_t pos = h[i].pos, id = h[i].id, kk = k[id];
		for (uint32_t j = 0; j < 4; j++) {
			c[nc + j].pos = pos + j;
			c[nc + j].id = id;
		}
		for (uint32_t j = 4; j < kk; j++) {
			c[nc + j].pos = pos + j;
			c[nc + j].id = id;
		}
		nc += kk;
	}
	return nc;
}

void score_ranked(const struct scorer *s, const struct topic_image *ti,
		  uint64_t G, const double *prep, const struct ranked *rk,
		  struct score_scratch *x, double *o)
{
	struct ranked none, full;
	memset(&none, 0, sizeof none);
	none.h = x->h;
	none.c = x->c;
	none.judged = x->o;
	none.neg = x->g;
	if (rk && s->copies) {
		full = *rk;
		full.c = x->c;
		full.nc = expand_copies(rk->h, rk->n, ti->k, x->c);
		rk = &full;
	}
	for (size_t i = 0; i < s->nm; i++) {
		const struct measure *m = &s->m[i];
		const struct measure_def *def = m->def;
		int called = ti->R || def->call_when_r0 ||
			     (def->call_when_gain && G);
		if (called && (rk || def->call_when_empty)) {
			/* An instance with fewer outputs than its def
			 * (GM(RBP): no residual) keeps the first ones. */
			double all[MEASURE_MAX_OUT];
			double *dst = m->n_out < def->n_out ? all : o;
			def->score(m, rk ? rk : &none, ti, prep, dst);
			if (dst != o)
				memcpy(o, all, (size_t)m->n_out * sizeof *o);
		} else {
			memset(o, 0, (size_t)m->n_out * sizeof *o);
		}
		o += m->n_out;
		prep += measure_prep_n(def);
	}
}

/* Every run of topic t under positions x->k and judged multiplicities kj
 * (x->k, or the pool's x->kj): out[run * nslots + slot].  A run without
 * this topic, or whose image of it is empty, scores 0 on every measure
 * (the residual included) except those called on an empty ranking. */
void score_topic_mult(const struct scorer *s, size_t t,
		      struct score_scratch *x, double *out)
{
	const uint8_t *kj = x->k;
	struct topic_image ti;
	uint64_t G;
	if (s->pool) {
		pool_judged(s, t, x->k, x->kj);
		kj = x->kj;
	}
	if (!score_topic_prep(s, t, kj, x->prep, &ti, &G)) {
		memset(out, 0, s->nruns * s->nslots * sizeof *out);
		return;
	}
	for (size_t r = 0; r < s->nruns; r++) {
		const struct run *run = &s->runs[r];
		struct ranked rk;
		int empty = run->off[t + 1] == run->off[t] ||
			    !scan(s, run, t, x->k, kj, x, &rk);
		score_ranked(s, &ti, G, x->prep, empty ? NULL : &rk, x,
			     out + r * s->nslots);
	}
}

struct root_job {
	const struct scorer *s;
	struct score_scratch *x;   /* one per worker */
	double *tmp;               /* one nruns*nslots block per worker */
	double *vals;
};

static void root_task(void *ctx, size_t t, unsigned w)
{
	struct root_job *j = ctx;
	const struct scorer *s = j->s;
	size_t nt = s->c->n, block = s->nruns * s->nslots;
	double *tmp = j->tmp + (size_t)w * block;
	score_topic_image(s, t, 0, &j->x[w], tmp);
	for (size_t r = 0; r < s->nruns; r++)
		memcpy(j->vals + (r * nt + t) * s->nslots,
		       tmp + r * s->nslots, s->nslots * sizeof *tmp);
}

double *score_root(const struct scorer *s, struct pool *pool)
{
	unsigned nthreads = pool_size(pool);
	struct root_job j;
	size_t nt = s->c->n;
	j.s = s;
	j.vals = xcalloc(size_mul(size_mul(s->nruns, nt ? nt : 1), s->nslots),
			 sizeof *j.vals);
	j.x = xcalloc(nthreads, sizeof *j.x);
	j.tmp = xcalloc(size_mul(nthreads, size_mul(s->nruns, s->nslots)),
			sizeof *j.tmp);
	for (unsigned w = 0; w < nthreads; w++)
		score_scratch_init(&j.x[w], s);
	pool_run(pool, nt, root_task, &j);
	for (unsigned w = 0; w < nthreads; w++)
		score_scratch_release(&j.x[w]);
	free(j.x);
	free(j.tmp);
	return j.vals;
}

/* Per-run aggregates over topics (means; sums for the counts; geometric
 * means for GM), accumulated in topic order. */
double *score_aggregates(const struct scorer *s, const double *vals)
{
	size_t nt = s->c->n, ns = s->nslots;
	double *m = xcalloc(size_mul(s->nruns, ns), sizeof *m);
	for (size_t r = 0; r < s->nruns; r++)
		for (size_t k = 0; k < ns; k++) {
			enum measure_agg a = scorer_slot_agg(s, k);
			double sum = 0;
			for (size_t t = 0; t < nt; t++)
				sum += measure_agg_term(a, vals[(r * nt + t) * ns + k]);
			m[r * ns + k] = measure_agg_finish(a, sum, nt);
		}
	return m;
}
