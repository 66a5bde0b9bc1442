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
	memset(x, 0, sizeof *x);
}

/* The judged spans of a ranking without a pool: one per static stretch
 * of judged entries [a, b), cut at entry i (P is valid on [0, i]), down
 * to the first stretch that starts below the depth. */
static size_t all_spans(const uint32_t *sp, size_t nsp, const uint32_t *P,
			size_t i, uint64_t depth, struct span *o)
{
	size_t no = 0;
	for (size_t j = 0; j < nsp; j++) {
		size_t a = sp[2 * j], b = sp[2 * j + 1];
		struct span c;
		if (a > i)
			break;
		c.start = P[a];
		c.end = P[b < i ? b : i];
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
			    size_t i, uint64_t depth, uint32_t nonneg,
			    struct hit *g)
{
	size_t ng = 0;
	for (size_t j = 0; j < nsp; j++) {
		size_t a = sp[2 * j], b = sp[2 * j + 1];
		if (a >= i || P[a] > depth)
			break;
		for (size_t e = a; e < b && e < i; e++) {
			uint32_t id = ids[e];
			g[ng].pos = P[e];
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

/* Build the hit vector of one ranking under multiplicities k (positions)
 * and kj (judged: k itself, or k masked by a pool, see score.h).  Returns
 * 0 when the image leaves the ranking empty (every k = 0), else 1.
 *
 * The classification of entries is static (run.h), so per image only the
 * positions are computed: P[i] = position of entry i's first copy, for
 * entries up to the last relevant-or-gain one and, when judged spans are
 * wanted, on until the depth is passed.  Hits and spans then read P at
 * their precomputed indices.  Under a pool the same pass lists the pooled
 * entries (kj > 0), from which the spans and the negative grades come.
 * What only some measures need is done only when one of them is
 * selected: the negative-grade documents are picked out of the judged
 * stretches (needs_negative), and the length of the whole ranking is
 * summed (needs_length). */
static int scan(const struct scorer *s, const struct run *r, size_t t,
		const uint8_t *k, const uint8_t *kj, struct score_scratch *x,
		struct ranked *out)
{
	const struct topic *tp = &s->c->topic[t];
	const uint64_t depth = s->judged_depth;
	const uint32_t *ids = r->ids + r->off[t];
	const size_t n = r->off[t + 1] - r->off[t];
	const uint32_t *ii = r->inter + r->inter_off[t];
	const size_t ni = r->inter_off[t + 1] - r->inter_off[t];
	const uint32_t *sp = r->jspan + 2 * r->jspan_off[t];
	const size_t nsp = depth ? r->jspan_off[t + 1] - r->jspan_off[t] : 0;
	const size_t ei = ni ? (size_t)ii[ni - 1] + 1 : 0;
	const size_t ej = nsp ? sp[2 * nsp - 1] : 0;
	uint32_t *P = x->P, *pe = x->pe;
	struct hit *h = x->h, *g = x->g;
	size_t i, nh = 0, ng = 0, np = 0;
	uint32_t pos = 1;

	if (kj == k) {
		for (i = 0; i < ei; i++) {
			P[i] = pos;
			pos += k[ids[i]];
		}
		for (; i < ej && pos <= depth; i++) {
			P[i] = pos;
			pos += k[ids[i]];
		}
	} else {
		/* kj is defined on the judged ids (pool_judged): an unjudged
		 * id's byte is left from another topic */
		const uint32_t nj = tp->n_judged;
#define POOLED_ENTRY() do { \
		uint32_t id = ids[i]; \
		P[i] = pos; \
		pos += k[id]; \
		pe[np] = (uint32_t)i; \
		np += (id < nj) & (kj[id] != 0); \
	} while (0)
		for (i = 0; i < ei; i++)
			POOLED_ENTRY();
		for (; i < ej && pos <= depth; i++)
			POOLED_ENTRY();
#undef POOLED_ENTRY
	}
	P[i] = pos;   /* P is valid on [0, i] */
	for (size_t j = 0; j < ni; j++) {
		uint32_t e = ii[j], id = ids[e];
		struct hit c;
		c.pos = P[e];
		c.id = id;
		h[nh] = c;
		nh += kj[id] != 0;
	}
	out->nj = kj == k ? all_spans(sp, nsp, P, i, depth, x->o)
			  : pooled_spans(ids, tp->n_judged, nsp, pe, np, P, depth,
					 x->o);
	/* Negative grades are ids n_nonneg .. n_judged - 1: look for them in
	 * the judged stretches (or the pooled entries), when the topic has
	 * any. */
	if (s->needs_negative && tp->n_nonneg < tp->n_judged)
		ng = kj != k ? pooled_negatives(ids, pe, np, P, depth, tp->n_nonneg, g)
			     : all_negatives(ids, k, sp, nsp, P, i, depth,
					     tp->n_nonneg, g);
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
		for (size_t e = i; e < n; e++)
			end += k[ids[e]];
		out->len = end - 1;
		return out->len > 0;
	}
	if (pos > 1)
		return 1;
	/* Nothing so far: is any later document kept?  Usually the next. */
	for (; i < n; i++)
		if (k[ids[i]])
			return 1;
	return 0;
}

void score_topic_image(const struct scorer *s, size_t t, uint64_t b,
		       struct score_scratch *x, double *out)
{
	const struct topic *tp = &s->c->topic[t];
	image_fill(&s->imf, s->seed, b, tp->hash, tp->n_docs, x->k);
	score_topic_mult(s, t, x, out);
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
		     struct score_scratch *x, struct topic_image *ti,
		     uint64_t *G)
{
	const struct topic *tp = &s->c->topic[t];
	double *area = x->prep;
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
	if (!score_topic_prep(s, t, kj, x, &ti, &G)) {
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
