/*
 * meld_scan.c - --meld's sub-collections scored from compacted rankings
 * (see meld_scan.h): the compaction, once per topic; per split and block
 * of MELD_LANES images, the sums of the multiplicities at the marks of
 * every ranking, and from them each part's hit vector, judged spans,
 * negative grades and length, exactly as scan.c finds them from a full
 * pass (scan_positions, scan_ranked), for the measures (score_ranked).
 *
 * Positions.  Entry e of a ranking is at P(e) = 1 + the sum of k over
 * the entries before it; in a part, k is 0 on unlabelled documents, so
 * P(e) = Q[rank(e)], rank(e) the number of labelled entries before e
 * and Q[q] 1 + the sum of k over the first q labelled entries.  Q is
 * kept at the marks only; the scan's stop at the judged depth (the first
 * entry from ei on whose position passes it, at most ej) is found between
 * two marks by a short walk over the entries between them.
 *
 * Sizes: those of meld_scan.h; a task's scratch is per worker, and a
 * ranking's sums at its marks fit the 16-bit lanes of SSE2 when IMAGE_KMAX
 * times its labelled entries does (2,730 of them), else the portable loop
 * adds them in 32 bits.
 */
#include "meld_scan.h"
#include "meld_labels.h"
#include "score_int.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define NONE UINT32_MAX
#define L2 (2 * MELD_LANES)    /* a row: the lanes' k, then their L share */

/* ---- the scorer ------------------------------------------------------ */

void meld_scorer_init(struct scorer *own, struct measure **mc,
		      const struct scorer *s)
{
	*mc = xcalloc(s->nm ? s->nm : 1, sizeof **mc);
	for (size_t i = 0; i < s->nm; i++) {
		(*mc)[i] = s->m[i];     /* tables shared with s, not owned */
		if (s->m[i].def->spans_residual_only) {   /* GM(M) too */
			(*mc)[i].n_out = 1;
			(*mc)[i].judged_depth = 0;
		}
	}
	scorer_init(own, s->c, s->runs, s->nruns, *mc, s->nm, s->seed);
	own->imf = s->imf;
}

void meld_scorer_release(struct scorer *own, struct measure *mc)
{
	scorer_release(own);
	free(mc);
}

/* ---- compaction (once per topic) ------------------------------------- */

/* The counts of run r's compacted ranking of topic t and the flags of its
 * marks (at[q] = 1 for a mark at compact rank q), given the compact id of
 * each document (cid) and the rank of each entry (rk[e], e <= n). */
static void crun_count(const struct scorer *s, const struct topic *tp,
		       const struct scan_layout *l, const uint32_t *cid,
		       uint32_t *rk, uint32_t *at, struct meld_crun *cr)
{
	int negs = s->needs_negative && tp->n_nonneg < tp->n_judged;
	memset(cr, 0, sizeof *cr);
	rk[0] = 0;
	for (size_t e = 0; e < l->n; e++)
		rk[e + 1] = rk[e] + (cid[l->ids[e]] != NONE);
	cr->nent = rk[l->n];
	memset(at, 0, ((size_t)cr->nent + 1) * sizeof *at);
	for (size_t j = 0; j < l->ni; j++)
		if (cid[l->ids[l->ii[j]]] != NONE) {
			at[rk[l->ii[j]]] = 1;
			cr->nh++;
		}
	for (size_t j = 0; j < l->nsp; j++) {
		size_t a = l->sp[2 * j], b = l->sp[2 * j + 1];
		at[rk[a]] = at[rk[b]] = 1;
		for (size_t e = a; negs && e < b; e++)
			if (l->ids[e] >= tp->n_nonneg && cid[l->ids[e]] != NONE) {
				at[rk[e]] = 1;
				cr->nneg++;
			}
	}
	if (l->nsp)
		at[rk[l->ei]] = at[rk[l->ej]] = 1;
	at[cr->nent] = 1;
	for (uint32_t q = 0; q <= cr->nent; q++)
		cr->nu += at[q];
}

/* Fill the arrays of cr (counted by crun_count) from arena. */
static void crun_fill(const struct topic *tp, const struct scan_layout *l,
		      const uint32_t *cid, const uint32_t *rk, uint32_t *at,
		      struct meld_crun *cr, uint32_t *arena)
{
	uint32_t q, u = 0, h = 0, g = 0;
	cr->ent = arena;
	cr->orig = cr->ent + cr->nent;
	cr->mark = cr->orig + cr->nent;
	cr->hit = cr->mark + cr->nu;
	cr->span = cr->hit + 3 * (size_t)cr->nh;
	cr->neg = cr->span + 2 * l->nsp;
	for (q = 0; q <= cr->nent; q++)
		if (at[q]) {
			cr->mark[u] = q;
			at[q] = u++;
		}
	for (size_t e = 0, c = 0; e < l->n; e++)
		if (cid[l->ids[e]] != NONE) {
			cr->ent[c] = cid[l->ids[e]];
			cr->orig[c++] = (uint32_t)e;
		}
	for (size_t j = 0; j < l->ni; j++) {
		uint32_t e = l->ii[j], id = l->ids[e];
		if (cid[id] != NONE) {
			uint32_t *x = cr->hit + 3 * (size_t)h++;
			x[0] = at[rk[e]];
			x[1] = id;
			x[2] = cid[id];
		}
	}
	for (size_t j = 0; j < l->nsp; j++) {
		uint32_t a = l->sp[2 * j], b = l->sp[2 * j + 1];
		cr->span[2 * j] = at[rk[a]];
		cr->span[2 * j + 1] = at[rk[b]];
		for (uint32_t e = a; cr->nneg && e < b; e++)
			if (l->ids[e] >= tp->n_nonneg && cid[l->ids[e]] != NONE) {
				uint32_t *n = cr->neg + 4 * (size_t)g++;
				n[0] = e;
				n[1] = (uint32_t)j;
				n[2] = at[rk[e]];
				n[3] = l->ids[e];
			}
	}
	cr->u_ei = l->nsp ? at[rk[l->ei]] : 0;
	cr->u_ej = l->nsp ? at[rk[l->ej]] : 0;
}

struct init_job {
	struct meld_scan *ms;
	uint64_t seed;
	size_t B;
};

/* Compact every run's ranking of topic t. */
static void compact_runs(struct meld_scan *ms, size_t t, const uint32_t *cid)
{
	const struct scorer *s = ms->s;
	const struct topic *tp = &s->c->topic[t];
	struct meld_ctopic *ct = &ms->topic[t];
	uint32_t *rk = xcalloc(s->max_ranking + 1, sizeof *rk);
	uint32_t *at = xcalloc(s->max_ranking + 1, sizeof *at);
	size_t total = 0, off = 0;
	struct scan_layout l;

	ct->run = xcalloc(s->nruns ? s->nruns : 1, sizeof *ct->run);
	for (size_t r = 0; r < s->nruns; r++) {
		struct meld_crun *cr = &ct->run[r];
		scan_layout_of(s, &s->runs[r], t, &l);
		crun_count(s, tp, &l, cid, rk, at, cr);
		total += 2 * (size_t)cr->nent + cr->nu + 3 * (size_t)cr->nh +
			 2 * l.nsp + 4 * (size_t)cr->nneg;
	}
	ct->arena = xcalloc(total ? total : 1, sizeof *ct->arena);
	for (size_t r = 0; r < s->nruns; r++) {
		struct meld_crun *cr = &ct->run[r];
		scan_layout_of(s, &s->runs[r], t, &l);
		crun_count(s, tp, &l, cid, rk, at, cr);
		crun_fill(tp, &l, cid, rk, at, cr, ct->arena + off);
		cr->l = l;
		off += 2 * (size_t)cr->nent + cr->nu + 3 * (size_t)cr->nh +
		       2 * l.nsp + 4 * (size_t)cr->nneg;
	}
	free(rk);
	free(at);
}

/* Topic t: its labelled documents, their multiplicities in every image
 * and every run's compacted ranking. */
static void init_task(void *ctx, size_t t, unsigned w)
{
	struct init_job *j = ctx;
	struct meld_scan *ms = j->ms;
	const struct topic *tp = &ms->s->c->topic[t];
	const uint8_t *lab = ms->lab[t];
	struct meld_ctopic *ct = &ms->topic[t];
	uint32_t *cid = xcalloc(tp->n_docs ? tp->n_docs : 1, sizeof *cid);
	uint64_t *hash;
	(void)w;

	for (uint32_t d = 0; d < tp->n_docs; d++)
		ct->nlab += lab[d] != MELD_NONE;
	ct->cdoc = xcalloc(ct->nlab ? ct->nlab : 1, sizeof *ct->cdoc);
	ct->mlab = xcalloc(ct->nlab ? ct->nlab : 1, 1);
	hash = xcalloc(ct->nlab ? ct->nlab : 1, sizeof *hash);
	ct->nlab = 0;
	for (uint32_t d = 0; d < tp->n_docs; d++) {
		cid[d] = lab[d] != MELD_NONE ? ct->nlab : NONE;
		if (lab[d] != MELD_NONE) {
			hash[ct->nlab] = tp->hash[d];
			ct->njc += d < tp->n_judged;
			ct->cdoc[ct->nlab++] = d;
		}
	}
	ct->k8 = xcalloc(size_mul(ms->nblk, size_mul(ct->nlab ? ct->nlab : 1,
						     MELD_LANES)), 1);
	for (size_t b = 0; b < ms->nblk && ct->nlab; b++) {
		size_t b0 = b * MELD_LANES;
		size_t nb = j->B - b0 < MELD_LANES ? j->B - b0 : MELD_LANES;
		image_fill_lanes(&ms->s->imf, j->seed, b0 + 1, nb, MELD_LANES,
				 hash, ct->nlab,
				 ct->k8 + b * ct->nlab * MELD_LANES);
	}
	compact_runs(ms, t, cid);
	free(hash);
	free(cid);
}

void meld_scan_init(struct meld_scan *ms, const struct scorer *s,
		    const uint8_t *const *lab, uint64_t seed, size_t B,
		    struct pool *pool)
{
	struct init_job j;
	memset(ms, 0, sizeof *ms);
	ms->s = s;
	ms->lab = lab;
	ms->B = B;
	ms->nblk = (B + MELD_LANES - 1) / MELD_LANES;
	ms->topic = xcalloc(s->c->n ? s->c->n : 1, sizeof *ms->topic);
	j.ms = ms;
	j.seed = seed;
	j.B = B;
	pool_run(pool, s->c->n, init_task, &j);
	for (size_t t = 0; t < s->c->n; t++) {
		const struct meld_ctopic *ct = &ms->topic[t];
		if (ct->nlab > ms->max_lab)
			ms->max_lab = ct->nlab;
		if (s->c->topic[t].n_judged > ms->max_judged)
			ms->max_judged = s->c->topic[t].n_judged;
		for (size_t r = 0; r < s->nruns; r++) {
			if (ct->run[r].nu > ms->max_marks)
				ms->max_marks = ct->run[r].nu;
			if (ct->run[r].nh > ms->max_hits)
				ms->max_hits = ct->run[r].nh;
		}
	}
}

void meld_scan_release(struct meld_scan *ms)
{
	for (size_t t = 0; ms->topic && t < ms->s->c->n; t++) {
		free(ms->topic[t].cdoc);
		free(ms->topic[t].mlab);
		free(ms->topic[t].k8);
		free(ms->topic[t].run);
		free(ms->topic[t].arena);
	}
	free(ms->topic);
	memset(ms, 0, sizeof *ms);
}

void meld_scratch_init(struct meld_scratch *w, const struct meld_scan *ms)
{
	size_t pn = ms->s->prep_n ? ms->s->prep_n : 1;
	score_scratch_init(&w->x, ms->s);
	w->row = xcalloc(size_mul(ms->max_lab ? ms->max_lab : 1, L2), 1);
	w->Q = xcalloc(size_mul(ms->max_marks ? ms->max_marks : 1, L2),
		       sizeof *w->Q);
	w->kj = xcalloc(size_mul(2 * MELD_LANES,
				 ms->max_judged ? ms->max_judged : 1), 1);
	w->prep = xcalloc(size_mul(2 * MELD_LANES, pn), sizeof *w->prep);
	w->h = xcalloc(size_mul(2 * MELD_LANES, ms->max_hits ? ms->max_hits : 1),
		       sizeof *w->h);
}

void meld_scratch_release(struct meld_scratch *w)
{
	score_scratch_release(&w->x);
	free(w->row);
	free(w->Q);
	free(w->kj);
	free(w->prep);
	free(w->h);
	memset(w, 0, sizeof *w);
}

/* ---- the sums at the marks ------------------------------------------- */

/* Q[u][0..8) = the sum of k over the compact entries before mark u in
 * each lane, Q[u][8..16) the same over those labelled L: the portable
 * loop. */
static void marks_plain(const struct meld_crun *cr, const uint8_t *row,
			uint32_t *Q)
{
	uint32_t acc[L2] = { 0 }, e = 0;
	for (uint32_t u = 0; u < cr->nu; u++) {
		for (uint32_t end = cr->mark[u]; e < end; e++) {
			const uint8_t *k = row + (size_t)cr->ent[e] * L2;
			for (size_t i = 0; i < L2; i++)
				acc[i] += k[i];
		}
		memcpy(Q + (size_t)u * L2, acc, sizeof acc);
	}
}

#if defined(__SSE2__)
/* The same in two SSE2 registers of 8 16-bit sums; the caller sees that
 * no sum can pass 65535 (nent * IMAGE_KMAX). */
static void marks_sse2(const struct meld_crun *cr, const uint8_t *row,
		       uint32_t *Q)
{
	const __m128i zero = _mm_setzero_si128();
	__m128i T = zero, L = zero;
	uint32_t e = 0;
	for (uint32_t u = 0; u < cr->nu; u++) {
		__m128i *q = (__m128i *)(void *)(Q + (size_t)u * L2);
		for (uint32_t end = cr->mark[u]; e < end; e++) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)
						    (row + (size_t)cr->ent[e] * L2));
			T = _mm_add_epi16(T, _mm_unpacklo_epi8(v, zero));
			L = _mm_add_epi16(L, _mm_unpackhi_epi8(v, zero));
		}
		_mm_storeu_si128(q, _mm_unpacklo_epi16(T, zero));
		_mm_storeu_si128(q + 1, _mm_unpackhi_epi16(T, zero));
		_mm_storeu_si128(q + 2, _mm_unpacklo_epi16(L, zero));
		_mm_storeu_si128(q + 3, _mm_unpackhi_epi16(L, zero));
	}
}
#endif

static void marks(const struct meld_scan *ms, const struct meld_crun *cr,
		  const uint8_t *row, uint32_t *Q)
{
#if defined(__SSE2__)
	if (!ms->plain && (uint64_t)cr->nent * IMAGE_KMAX <= UINT16_MAX) {
		marks_sse2(cr, row, Q);
		return;
	}
#endif
	(void)ms;
	marks_plain(cr, row, Q);
}

/* ---- one part of one lane: the scan's struct ranked ------------------ */

/* What the positions of one part in one lane are read from. */
struct lane {
	const uint32_t *Q;      /* the sums at the marks */
	const uint8_t *row;     /* the rows of the compact documents */
	const struct meld_crun *cr;
	size_t j;               /* lane */
	int part;               /* 0 L, 1 R */
};

/* The position (1-based) before the entries of mark u. */
static inline uint32_t lpos(const struct lane *a, size_t u)
{
	const uint32_t *q = a->Q + u * L2;
	return 1 + (a->part ? q[a->j] - q[MELD_LANES + a->j] : q[MELD_LANES + a->j]);
}

/* k of compact entry q of the ranking in the lane's part. */
static inline uint32_t lk(const struct lane *a, uint32_t q)
{
	const uint8_t *k = a->row + (size_t)a->cr->ent[q] * L2;
	return a->part ? (uint32_t)(k[a->j] - k[MELD_LANES + a->j])
		       : k[MELD_LANES + a->j];
}

/* Where scan_positions stops (entry i, at position *Pi): ei when ei >= ej
 * or P(ei) > depth, else the first entry past ei whose position passes
 * the depth, at most ej.  Positions only grow at labelled entries: the
 * first mark past depth is found, then the entry between it and the mark
 * before that crosses. */
static size_t lane_stop(const struct lane *a, const struct scan_layout *l,
			uint64_t depth, uint32_t *Pi)
{
	const struct meld_crun *cr = a->cr;
	uint32_t u = cr->u_ei, p;
	*Pi = lpos(a, u);
	if (l->ei >= l->ej || *Pi > depth)
		return l->ei;
	while (u < cr->u_ej && lpos(a, u + 1) <= depth)
		u++;
	if (u == cr->u_ej) {
		*Pi = lpos(a, u);
		return l->ej;
	}
	p = lpos(a, u);
	for (uint32_t q = cr->mark[u]; q < cr->mark[u + 1]; q++) {
		p += lk(a, q);
		if (p > depth) {
			*Pi = p;
			return (size_t)cr->orig[q] + 1;
		}
	}
	*Pi = p;     /* not reached: mark u + 1 is past the depth */
	return (size_t)cr->orig[cr->mark[u + 1] - 1] + 1;
}

/* The judged spans (all_spans of scan.c) into o, and the negative grades
 * (all_negatives) into g when the scorer wants them; returns the number
 * of spans, *ng that of negatives. */
static size_t lane_spans(const struct scorer *s, const struct lane *a,
			 const struct scan_layout *l, const uint8_t *kj,
			 struct span *o, struct hit *g, size_t *ng)
{
	const struct meld_crun *cr = a->cr;
	const uint64_t depth = s->judged_depth;
	uint32_t Pi;
	size_t i = lane_stop(a, l, depth, &Pi), no = 0, stop = l->nsp, n = 0;
	for (size_t j = 0; j < l->nsp; j++) {
		size_t b = l->sp[2 * j + 1];
		struct span c;
		if (l->sp[2 * j] > i)
			break;
		c.start = lpos(a, cr->span[2 * j]);
		c.end = b <= i ? lpos(a, cr->span[2 * j + 1]) : Pi;
		o[no] = c;
		no += c.end > c.start;
		if (c.start > depth)
			break;
	}
	for (size_t j = 0; cr->nneg && j < l->nsp; j++)
		if (l->sp[2 * j] >= i || lpos(a, cr->span[2 * j]) > depth) {
			stop = j;
			break;
		}
	for (size_t q = 0; q < cr->nneg; q++) {
		const uint32_t *e = cr->neg + 4 * q;
		if (e[1] >= stop || e[0] >= i)
			break;
		g[n].pos = lpos(a, e[2]);
		g[n].id = e[3];
		n += kj[e[3]] != 0;
	}
	*ng = n;
	return no;
}

/* The struct ranked scan_ranked gives for the lane's part (no pool),
 * with its nh hits h (lane_hits); returns 0 when the part leaves the
 * ranking empty. */
static int lane_ranked(const struct scorer *s, const struct lane *a,
		       const struct scan_layout *l, const uint8_t *kj,
		       const struct hit *h, size_t nh, struct score_scratch *x,
		       struct ranked *out)
{
	size_t ng = 0;
	uint32_t len = lpos(a, a->cr->nu - 1) - 1;
	out->h = h;
	out->n = nh;
	out->judged = x->o;
	out->jstride = 1;
	out->nj = l->nsp ? lane_spans(s, a, l, kj, x->o, x->g, &ng) : 0;
	out->c = NULL;
	out->nc = 0;
	out->neg = x->g;
	out->nneg = s->needs_negative ? ng : 0;
	out->len = s->needs_length ? len : 0;
	return len > 0;
}

/* The hits of every lane and part of a ranking, from the sums at its
 * marks: a labelled relevant entry is a hit of its document's part in the
 * lanes where its k is not 0, at the position of its mark there (the
 * hits scan_ranked keeps: kj[id] != 0).  Lane j's hits in part p go to
 * h[(p * MELD_LANES + j) * stride], their number to n[p * MELD_LANES +
 * j]. */
static void lane_hits(const struct meld_crun *cr, const uint8_t *lab,
		      const uint8_t *row, const uint32_t *Q, struct hit *h,
		      size_t stride, size_t *n)
{
	for (size_t v = 0; v < L2; v++)
		n[v] = 0;
	for (uint32_t q = 0; q < cr->nh; q++) {
		const uint32_t *e = cr->hit + 3 * (size_t)q, *u = Q + (size_t)e[0] * L2;
		const uint8_t *k = row + (size_t)e[2] * L2;
		size_t p = lab[e[2]] == MELD_R;
		uint32_t pm = 0u - (uint32_t)p;   /* no branch on the part */
		struct hit *hp = h + p * MELD_LANES * stride;
		size_t *np = n + p * MELD_LANES;
		for (size_t j = 0; j < MELD_LANES; j++) {
			/* L's position, or T - L's in R (modulo 2^32) */
			uint32_t l = u[MELD_LANES + j];
			struct hit c;
			c.pos = 1 + l + ((u[j] - 2 * l) & pm);
			c.id = e[1];
			hp[j * stride + np[j]] = c;
			np[j] += k[j] != 0;
		}
	}
}

/* ---- one task: a topic in a block of images -------------------------- */

/* The melded labels, the rows (k of each lane, then its L share) and
 * every lane's judged multiplicities in each part. */
static void task_rows(const struct meld_scan *ms, const struct meld_ctopic *ct,
		      size_t t, size_t blk, size_t nb, struct meld_scratch *w)
{
	const uint8_t *k8 = ct->k8 + blk * ct->nlab * MELD_LANES;
	size_t nj = ms->s->c->topic[t].n_judged;
	for (uint32_t c = 0; c < ct->nlab; c++) {
		uint64_t k, m = ct->mlab[c] == MELD_L ? ~(uint64_t)0 : 0;
		memcpy(&k, k8 + (size_t)c * MELD_LANES, sizeof k);
		memcpy(w->row + (size_t)c * L2, &k, sizeof k);
		k &= m;
		memcpy(w->row + (size_t)c * L2 + MELD_LANES, &k, sizeof k);
	}
	memset(w->kj, 0, nb * nj);
	memset(w->kj + MELD_LANES * nj, 0, nb * nj);
	for (uint32_t c = 0; c < ct->njc; c++) {
		uint8_t *kj = w->kj + (ct->mlab[c] == MELD_R ? MELD_LANES * nj : 0);
		for (size_t j = 0; j < nb; j++)
			kj[j * nj + ct->cdoc[c]] = k8[(size_t)c * MELD_LANES + j];
	}
}

void meld_scan_meld(struct meld_scan *ms, size_t t, uint64_t key, double mf)
{
	const struct topic *tp = &ms->s->c->topic[t];
	const uint8_t *base = ms->lab[t];
	struct meld_ctopic *ct = &ms->topic[t];
	for (uint32_t c = 0; c < ct->nlab; c++) {
		uint32_t d = ct->cdoc[c];
		ct->mlab[c] = meld_flips(tp->hash[d], key, mf) ? (uint8_t)(3 - base[d])
							       : base[d];
	}
}

void meld_scan_score(const struct meld_scan *ms, size_t t, size_t blk,
		     struct meld_scratch *w, double *out)
{
	const struct scorer *s = ms->s;
	const struct meld_ctopic *ct = &ms->topic[t];
	const size_t nj = s->c->topic[t].n_judged, pn = s->prep_n;
	const size_t block = s->nruns * s->nslots;
	struct topic_image ti[2 * MELD_LANES][SCORE_LEVELS];
	uint64_t G[2 * MELD_LANES];
	int live[2 * MELD_LANES];
	size_t nb = ms->B - blk * MELD_LANES;

	nb = nb < MELD_LANES ? nb : MELD_LANES;
	task_rows(ms, ct, t, blk, nb, w);
	for (size_t v = 0; v < 2 * MELD_LANES; v++) {
		/* v = part * MELD_LANES + lane; out is by lane, then part */
		size_t j = v % MELD_LANES, p = v / MELD_LANES;
		live[v] = j < nb &&
			  score_topic_prep(s, t, w->kj + v * nj, w->prep + v * pn,
					   ti[v], &G[v]);
		if (!live[v] && j < nb)
			memset(out + (j * 2 + p) * block, 0, block * sizeof *out);
	}
	for (size_t r = 0; r < s->nruns; r++) {
		const struct meld_crun *cr = &ct->run[r];
		const struct scan_layout *l = &cr->l;
		size_t nh[L2];
		if (l->n) {
			marks(ms, cr, w->row, w->Q);
			lane_hits(cr, ct->mlab, w->row, w->Q, w->h, ms->max_hits, nh);
		}
		for (size_t v = 0; v < 2 * MELD_LANES; v++) {
			size_t j = v % MELD_LANES, p = v / MELD_LANES;
			struct lane a = { w->Q, w->row, cr, j, (int)p };
			struct ranked rk;
			int empty;
			if (!live[v])
				continue;
			empty = l->n == 0 ||
				!lane_ranked(s, &a, l, w->kj + v * nj,
					     w->h + v * ms->max_hits, nh[v], &w->x, &rk);
			score_ranked(s, ti[v], G[v], w->prep + v * pn,
				     empty ? NULL : &rk, &w->x,
				     out + (j * 2 + p) * block + r * s->nslots);
		}
	}
}
