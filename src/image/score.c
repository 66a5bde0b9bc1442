/*
 * score.c - a topic's images, the measure calls on each ranking's hit
 * vector (which scan.c builds) and the root scores (see score.h).  With
 * the scan, the hot loop of the bootstrap: it allocates nothing per
 * image; eight images share each pass over a ranking
 * (score_topic_images), unless a pool masks the judgements.
 */
#include "score.h"
#include "score_int.h"
#include "pool.h"
#include "xalloc.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The relevance levels of the measures with (rel=N): each distinct N an
 * extra level with a copy of every topic counted at N (measure_parse
 * allows at most SCORE_LEVELS - 1 of them in one list; more are
 * asserted). */
static void scorer_levels(struct scorer *s)
{
	const struct collection *c = s->c;
	s->mlevel = xcalloc(s->nm ? s->nm : 1, sizeof *s->mlevel);
	s->nlevels = 1;
	for (size_t i = 0; i < s->nm; i++) {
		size_t l = 1;
		if (!s->m[i].rel_set)
			continue;
		while (l < s->nlevels && s->level[l] != s->m[i].rel)
			l++;
		if (l == s->nlevels) {
			assert(l < SCORE_LEVELS);
			s->level[l] = s->m[i].rel;
			s->ltopic[l] = xcalloc(c->n ? c->n : 1, sizeof *s->ltopic[l]);
			for (size_t t = 0; t < c->n; t++) {
				s->ltopic[l][t] = c->topic[t];
				topic_count(&s->ltopic[l][t], s->m[i].rel);
			}
			s->nlevels++;
		}
		s->mlevel[i] = (uint8_t)l;
	}
}

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
	s->wide_lanes = scan_lanes_wide();
	s->mlanes = xcalloc(nm ? nm : 1, sizeof *s->mlanes);
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
		s->mlanes[i] = def->score_lanes != NULL;
		s->rest_copies |= def->copies && !s->mlanes[i];
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
			/* runs read back from image files have no rankings */
			size_t ns = runs[r].jspan_off ? runs[r].jspan_off[t + 1] -
							runs[r].jspan_off[t] : 0;
			if (n > s->max_ranking)
				s->max_ranking = n;
			size_t nh = runs[r].inter_off ? runs[r].inter_off[t + 1] -
							runs[r].inter_off[t] : 0;
			if (ns > s->max_spans)
				s->max_spans = ns;
			if (nh > s->max_hits)
				s->max_hits = nh;
		}
	s->pos16 = s->max_ranking <= (UINT16_MAX - 1) / IMAGE_KMAX;
	for (size_t t = 0; t < c->n; t++)
		if (c->topic[t].n_docs > s->max_docs)
			s->max_docs = c->topic[t].n_docs;
	/* grades are sorted descending: grade[0] is a topic's largest */
	for (size_t t = 0, any = 0; t < c->n; t++)
		if (c->topic[t].n_judged > 0 &&
		    (!any++ || c->topic[t].grade[0] > s->max_grade))
			s->max_grade = c->topic[t].grade[0];
	scorer_levels(s);
}

void scorer_release(struct scorer *s)
{
	free(s->slots);
	free(s->mlevel);
	free(s->mlanes);
	for (size_t i = 1; i < s->nlevels; i++)
		free(s->ltopic[i]);
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
	x->kL = xcalloc(size_mul(s->max_docs ? s->max_docs : 1, SCORE_LANES),
			sizeof *x->kL);
	x->PL = xcalloc(size_mul(s->max_ranking + 1, SCORE_LANES), sizeof *x->PL);
	x->oL = xcalloc(size_mul(s->max_spans + 1, SCORE_LANES), sizeof *x->oL);
	x->kl = xcalloc(size_mul(s->max_docs ? s->max_docs : 1, SCORE_LANES),
			sizeof *x->kl);
	x->cq = xcalloc(size_mul(size_mul(s->max_hits, SCORE_LANES), IMAGE_KMAX) +
			SCORE_LANES,
			sizeof *x->cq);
	x->cv = xcalloc(size_mul(size_mul(s->max_hits, SCORE_LANES), IMAGE_KMAX) +
			MEASURE_LANES_CV_SPARE, sizeof *x->cv);
	x->cqo = xcalloc(s->max_hits + 1, sizeof *x->cqo);
	x->cmo = xcalloc(s->max_hits + 1, sizeof *x->cmo);
	x->cm = xcalloc(size_mul(s->max_hits, IMAGE_KMAX) + 1, sizeof *x->cm);
	x->prep8 = xcalloc(size_mul(s->prep_n ? s->prep_n : 1, SCORE_LANES),
			   sizeof *x->prep8);
	x->mtl = xcalloc(size_mul(s->nm ? s->nm : 1, SCORE_LANES), sizeof *x->mtl);
	x->mpl = xcalloc(size_mul(s->nm ? s->nm : 1, SCORE_LANES), sizeof *x->mpl);
	x->muse = xcalloc(s->nm ? s->nm : 1, sizeof *x->muse);
}

void score_scratch_release(struct score_scratch *x)
{
	free(x->h);
	free(x->o);
	free(x->oL);
	free(x->g);
	free(x->c);
	free(x->P);
	free(x->pe);
	free(x->k);
	free(x->kj);
	free(x->prep);
	free(x->kL);
	free(x->PL);
	free(x->kl);
	free(x->cq);
	free(x->cv);
	free(x->cqo);
	free(x->cmo);
	free(x->cm);
	free(x->prep8);
	free(x->mtl);
	free(x->mpl);
	free(x->muse);
	memset(x, 0, sizeof *x);
}

void score_topic_image(const struct scorer *s, size_t t, uint64_t b,
		       struct score_scratch *x, double *out)
{
	const struct topic *tp = &s->c->topic[t];
	assert(b == 0 || !s->c->hashless);   /* no hashes to draw from */
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
		     double *prep, struct topic_image *ti, uint64_t *G)
{
	double *area = prep;
	uint64_t any = 0;
	for (size_t l = 0; l < s->nlevels; l++) {
		const struct topic *tp = l ? &s->ltopic[l][t] : &s->c->topic[t];
		uint64_t R = 0;
		for (uint32_t id = 0; id < tp->n_rel; id++)
			R += kj[id];
		ti[l].t = tp;
		ti[l].k = kj;
		ti[l].R = R;
		ti[l].max_grade = s->max_grade;
		any |= R;
	}
	*G = 0;
	if (ti[0].R == 0 && s->any_gain)
		for (uint32_t id = 0; id < ti[0].t->n_pos; id++)
			*G += kj[id];
	/* Most measures score 0 when R = 0 (see measure.h). */
	if (any == 0 && *G == 0 && !s->any_r0)
		return 0;
	for (size_t i = 0; i < s->nm; i++) {
		const struct measure_def *def = s->m[i].def;
		const struct topic_image *mi = &ti[s->mlevel[i]];
		if (def->prep && (mi->R || def->call_when_r0 ||
				  (def->call_when_gain && *G)))
			def->prep(&s->m[i], mi, area);
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

void score_ranked_some(const struct scorer *s, const struct topic_image *ti,
		       uint64_t G, const double *prep, const struct ranked *rk,
		       struct score_scratch *x, int skip_lanes, double *o)
{
	struct ranked none, full;
	memset(&none, 0, sizeof none);
	none.h = x->h;
	none.c = x->c;
	none.judged = x->o;
	none.jstride = 1;
	none.neg = x->g;
	if (rk && (skip_lanes ? s->rest_copies : s->copies)) {
		full = *rk;
		full.c = x->c;
		full.nc = expand_copies(rk->h, rk->n, ti->k, x->c);
		rk = &full;
	}
	for (size_t i = 0; i < s->nm; i++) {
		const struct measure *m = &s->m[i];
		const struct measure_def *def = m->def;
		const struct topic_image *mi = &ti[s->mlevel[i]];
		int called = mi->R || def->call_when_r0 ||
			     (def->call_when_gain && G);
		if (skip_lanes && s->mlanes[i]) {
			;   /* score_topic_images wrote it */
		} else if (called && (rk || def->call_when_empty)) {
			/* An instance with fewer outputs than its def
			 * (GM(RBP): no residual) keeps the first ones. */
			double all[MEASURE_MAX_OUT];
			double *dst = m->n_out < def->n_out ? all : o;
			def->score(m, rk ? rk : &none, mi, prep, dst);
			if (dst != o)
				memcpy(o, all, (size_t)m->n_out * sizeof *o);
		} else {
			memset(o, 0, (size_t)m->n_out * sizeof *o);
		}
		o += m->n_out;
		prep += measure_prep_n(def);
	}
}

void score_ranked(const struct scorer *s, const struct topic_image *ti,
		  uint64_t G, const double *prep, const struct ranked *rk,
		  struct score_scratch *x, double *o)
{
	score_ranked_some(s, ti, G, prep, rk, x, 0, o);
}

/* Every run of topic t under positions x->k and judged multiplicities kj
 * (x->k, or the pool's x->kj): out[run * nslots + slot].  A run without
 * this topic, or whose image of it is empty, scores 0 on every measure
 * (the residual included) except those called on an empty ranking. */
void score_topic_mult(const struct scorer *s, size_t t,
		      struct score_scratch *x, double *out)
{
	const uint8_t *kj = x->k;
	struct topic_image ti[SCORE_LEVELS];
	uint64_t G;
	if (s->pool) {
		pool_judged(s, t, x->k, x->kj);
		kj = x->kj;
	}
	if (!score_topic_prep(s, t, kj, x->prep, ti, &G)) {
		memset(out, 0, s->nruns * s->nslots * sizeof *out);
		return;
	}
	for (size_t r = 0; r < s->nruns; r++) {
		const struct run *run = &s->runs[r];
		struct ranked rk;
		int empty = run->off[t + 1] == run->off[t] ||
			    !scan_ranking(s, run, t, x->k, kj, x, &rk);
		score_ranked(s, ti, G, x->prep, empty ? NULL : &rk, x,
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
double *score_aggregates(const struct scorer *s, const double *vals,
			 int left_out)
{
	size_t nt = s->c->n, ns = s->nslots;
	double *m = xcalloc(size_mul(s->nruns, ns), sizeof *m);
	for (size_t r = 0; r < s->nruns; r++) {
		const uint8_t *in = left_out ? s->runs[r].present : NULL;
		size_t n = nt;
		for (size_t t = 0; in && t < nt; t++)
			n -= !in[t];
		for (size_t k = 0; k < ns; k++) {
			enum measure_agg a = scorer_slot_agg(s, k);
			double sum = 0;
			for (size_t t = 0; t < nt; t++)
				if (!in || in[t])
					sum += measure_agg_term(a, vals[(r * nt + t) * ns + k]);
			m[r * ns + k] = measure_agg_finish(a, sum, n);
		}
	}
	return m;
}
