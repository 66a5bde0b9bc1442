/*
 * pairpool.c - each pair of runs scored under its own pool in every image
 * (see pairpool.h).
 *
 * A pair's pool holds at most 2K documents, so its two runs are not
 * scanned.  Per image, every run's positions (prefix sums of k) and the
 * extent of its top K are computed once, and for the judged documents of
 * any run's top K - their union U, at most runs x K documents - the entry
 * at which every run ranks them (a runs x |U| table, filled by one pass
 * over every ranking).  Per pair, the pooled documents are marked in kj,
 * each run's pooled entries are its own top K plus the entries where it
 * ranks the other run's top K (table lookups), and its hits, judged spans
 * and negative grades are built from those alone and handed to the
 * scorer's measure calls (score_int.h).  The result is the scan's under
 * the same pool (score.c): spans merge exactly when the scan's do.
 */
#include "pairpool.h"
#include "image.h"
#include "score_int.h"
#include "xalloc.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* Bytes a batch may hold (acc and z of its pairs). */
#define PAIRPOOL_BUDGET ((size_t)256 << 20)

size_t pairpool_batch(const struct scorer *s, unsigned long B, size_t npairs,
		      int keep_z)
{
	size_t per = size_mul(size_mul(s->nslots, PP_N + (keep_z ? s->c->n : 0)),
			      size_mul((size_t)B + 1, sizeof(double)));
	size_t cap = PAIRPOOL_BUDGET / (per ? per : 1);
	if (cap < 1)
		cap = 1;
	return cap < npairs ? cap : npairs;
}

void pairpool_init(struct pairpool *pp, const struct scorer *s,
		   unsigned long B, size_t cap, int keep_z)
{
	size_t nimg = (size_t)B + 1, ns = s->nslots;
	memset(pp, 0, sizeof *pp);
	pp->s = s;
	pp->B = B;
	pp->cap = cap;
	pp->acc = xcalloc(size_mul(size_mul(cap, PP_N * ns), nimg), sizeof *pp->acc);
	if (keep_z)
		pp->z = xcalloc(size_mul(size_mul(cap, ns), size_mul(s->c->n, nimg)) + 1,
				sizeof *pp->z);
}

void pairpool_release(struct pairpool *pp)
{
	free(pp->acc);
	free(pp->z);
	memset(pp, 0, sizeof *pp);
}

/* ---- one topic, one image ----------------------------------------------- */

#define NONE UINT32_MAX

/* A worker's view of one image of the topic. */
struct pp_image {
	uint32_t *P;            /* [run][max_ranking + 1]: positions */
	size_t *top;            /* [run]: entries whose first copy is <= K */
	uint32_t *slot;         /* [document]: its column in where, or NONE */
	uint32_t *uids;         /* the documents of U, by column */
	size_t nu;              /* |U| */
	uint32_t *where;        /* [run][nu + 1]: entry of a column's
				   document in the run, or NONE */
	uint32_t *own, *other;  /* pooled entries of one run */
	uint32_t *marked;       /* ids marked in kj, to clear */
};

struct pp_job {
	struct pairpool *pp;
	const size_t *pa, *pb;
	size_t n;
	size_t topic;
	size_t chunk;               /* images per task */
	struct score_scratch *x;    /* per worker */
	struct pp_image *im;        /* per worker */
	double *tmp;                /* per worker: 2 * nslots */
};

/* Sort a short list of entries (at most K, usually 10 or 25). */
static void sort_entries(uint32_t *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		uint32_t x = v[i];
		size_t j = i;
		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/* For the image of k: every run's positions and top K, U and the table of
 * where each run ranks U's documents. */
static void image_index(const struct pp_job *j, const uint8_t *k,
			struct pp_image *im)
{
	const struct scorer *s = j->pp->s;
	const struct topic *tp = &s->c->topic[j->topic];
	size_t t = j->topic, stride = s->max_ranking + 1, nu = 0;
	for (size_t r = 0; r < s->nruns; r++) {
		const struct run *run = &s->runs[r];
		const uint32_t *ids = run->ids + run->off[t];
		size_t n = run->off[t + 1] - run->off[t], e = 0;
		uint64_t pos = 1;
		for (; e < n && pos <= s->pool; e++) {
			uint32_t id = ids[e];
			pos += k[id];
			if (id < tp->n_judged && k[id] && im->slot[id] == NONE) {
				im->slot[id] = (uint32_t)nu;
				im->uids[nu++] = id;
			}
		}
		im->top[r] = e;
	}
	im->nu = nu;
	for (size_t r = 0; r < s->nruns; r++) {
		const struct run *run = &s->runs[r];
		const uint32_t *ids = run->ids + run->off[t];
		size_t n = run->off[t + 1] - run->off[t];
		uint32_t *P = im->P + r * stride, *W = im->where + r * (nu + 1);
		uint32_t pos = 1;
		for (size_t c = 0; c <= nu; c++)
			W[c] = NONE;
		for (size_t e = 0; e < n; e++) {
			uint32_t id = ids[e], c = im->slot[id];
			P[e] = pos;
			pos += k[id];
			W[c < nu ? c : nu] = (uint32_t)e;
		}
		P[n] = pos;
	}
}

/* Clear the columns of U after the image's pairs. */
static void image_done(struct pp_image *im)
{
	for (size_t c = 0; c < im->nu; c++)
		im->slot[im->uids[c]] = NONE;
}

/* ---- one pair ----------------------------------------------------------- */

/* Mark in kj the judged documents of run r's top K (first copy at
 * positions 1..K); returns the new count of marked ids. */
static size_t mark_top(const struct pp_job *j, size_t r, const uint8_t *k,
		       uint8_t *kj, struct pp_image *im, size_t nm)
{
	const struct run *run = &j->pp->s->runs[r];
	const uint32_t *ids = run->ids + run->off[j->topic];
	uint32_t nj = j->pp->s->c->topic[j->topic].n_judged;
	for (size_t e = 0; e < im->top[r]; e++) {
		uint32_t id = ids[e];
		if (id < nj && k[id] && !kj[id]) {
			kj[id] = k[id];
			im->marked[nm++] = id;
		}
	}
	return nm;
}

/* The hits, judged spans and negative grades of run r under the pool
 * marked in kj, from its pooled entries: its own top K and the entries
 * where it ranks the top K of run o.  Returns 0 when its image of the
 * topic is empty. */
static int pair_ranked(const struct pp_job *j, size_t r, size_t o,
		       struct score_scratch *x, struct pp_image *im,
		       struct ranked *rk)
{
	const struct scorer *s = j->pp->s;
	const struct topic *tp = &s->c->topic[j->topic];
	const struct run *run = &s->runs[r], *oth = &s->runs[o];
	const uint32_t *ids = run->ids + run->off[j->topic];
	const uint32_t *oids = oth->ids + oth->off[j->topic];
	size_t n = run->off[j->topic + 1] - run->off[j->topic];
	const uint32_t *P = im->P + r * (s->max_ranking + 1);
	const uint8_t *kj = x->kj;
	size_t nown = 0, noth = 0, nh = 0, no = 0, ng = 0;

	if (n == 0 || P[n] == 1)
		return 0;
	for (size_t e = 0; e < im->top[r]; e++)
		if (ids[e] < tp->n_judged && kj[ids[e]])
			im->own[nown++] = (uint32_t)e;
	for (size_t e = 0; e < im->top[o]; e++) {
		uint32_t f;
		if (oids[e] >= tp->n_judged || !kj[oids[e]])
			continue;
		f = im->where[r * (im->nu + 1) + im->slot[oids[e]]];
		if (f != NONE && f >= im->top[r])
			im->other[noth++] = f;
	}
	sort_entries(im->other, noth);
	/* own entries all come before the other's: one list in rank order */
	memcpy(im->own + nown, im->other, noth * sizeof *im->other);
	for (size_t q = 0, prev = 0; q < nown + noth; q++) {
		uint32_t e = im->own[q], id = ids[e];
		if (id < tp->n_int) {
			x->h[nh].pos = P[e];
			x->h[nh++].id = id;
		}
		if (id >= tp->n_nonneg && P[e] <= s->judged_depth) {
			x->g[ng].pos = P[e];
			x->g[ng++].id = id;
		}
		/* one span with the previous pooled entry as in the scan */
		if (q > 0 && P[prev + 1] == P[e] &&
		    score_same_stretch(ids, tp->n_judged, prev, e)) {
			x->o[no - 1].end = P[e + 1];
		} else {
			x->o[no].start = P[e];
			x->o[no++].end = P[e + 1];
		}
		prev = e;
	}
	rk->h = x->h;
	rk->n = nh;
	rk->c = NULL;
	rk->nc = 0;
	rk->judged = x->o;
	rk->nj = no;
	rk->jstride = 1;
	rk->neg = x->g;
	rk->nneg = ng;
	rk->len = P[n] - 1;
	return 1;
}

/* Pair i of the batch in the image of x->k: out[slot] for its run A,
 * out[nslots + slot] for its run B. */
static void score_pair(const struct pp_job *j, size_t i, struct score_scratch *x,
		       struct pp_image *im, double *out)
{
	const struct scorer *s = j->pp->s;
	size_t side[2] = { j->pa[i], j->pb[i] }, nm;
	struct topic_image ti[SCORE_LEVELS];
	uint64_t G;

	nm = mark_top(j, side[0], x->k, x->kj, im, 0);
	nm = mark_top(j, side[1], x->k, x->kj, im, nm);
	if (!score_topic_prep(s, j->topic, x->kj, x->prep, ti, &G)) {
		memset(out, 0, 2 * s->nslots * sizeof *out);
	} else {
		for (int h = 0; h < 2; h++) {
			struct ranked rk;
			int full = pair_ranked(j, side[h], side[1 - h], x, im, &rk);
			score_ranked(s, ti, G, x->prep, full ? &rk : NULL, x,
				     out + (size_t)h * s->nslots);
		}
	}
	for (size_t q = 0; q < nm; q++)
		x->kj[im->marked[q]] = 0;
}

/* ---- the batch ---------------------------------------------------------- */

/* Images [b0, b1) of one topic: each image built once, then every pair of
 * the batch scored under its own pool. */
static void pp_task(void *ctx, size_t task, unsigned w)
{
	struct pp_job *j = ctx;
	struct pairpool *pp = j->pp;
	const struct scorer *s = pp->s;
	const struct topic *tp = &s->c->topic[j->topic];
	size_t ns = s->nslots, nt = s->c->n, nimg = (size_t)pp->B + 1, t = j->topic;
	size_t b0 = task * j->chunk, b1 = b0 + j->chunk < nimg ? b0 + j->chunk : nimg;
	struct score_scratch *x = &j->x[w];
	double *tmp = j->tmp + (size_t)w * 2 * ns;

	assert(!s->c->hashless);   /* no hashes to draw images from */
	for (size_t b = b0; b < b1; b++) {
		image_fill(&s->imf, s->seed, b, tp->hash, tp->n_docs, x->k);
		image_index(j, x->k, &j->im[w]);
		for (size_t i = 0; i < j->n; i++) {
			double *acc = pp->acc + (i * PP_N * nimg + b) * ns;
			double *sa = acc + PP_SYS_A * nimg * ns;
			double *sb = acc + PP_SYS_B * nimg * ns;
			double *mean = acc + PP_MEAN * nimg * ns;
			double *ss = acc + PP_SS * nimg * ns;
			score_pair(j, i, x, &j->im[w], tmp);
			for (size_t k = 0; k < ns; k++) {
				enum measure_agg a = scorer_slot_agg(s, k);
				double z = tmp[k] - tmp[ns + k], e = z - mean[k];
				sa[k] += measure_agg_term(a, tmp[k]);
				sb[k] += measure_agg_term(a, tmp[ns + k]);
				/* Welford's update, topics in order */
				mean[k] += e / (double)(t + 1);
				ss[k] += e * (z - mean[k]);
			}
			if (pp->z)
				for (size_t k = 0; k < ns; k++)
					pp->z[((i * nt + t) * nimg + b) * ns + k] =
						tmp[k] - tmp[ns + k];
		}
		image_done(&j->im[w]);
	}
}

/* Columns of U at most: the judged documents of the runs' tops. */
static size_t union_cap(const struct scorer *s)
{
	size_t judged = 0;
	for (size_t t = 0; t < s->c->n; t++)
		if (s->c->topic[t].n_judged > judged)
			judged = s->c->topic[t].n_judged;
	if (s->pool < judged / (s->nruns ? s->nruns : 1))
		judged = size_mul(s->nruns, (size_t)s->pool);
	return judged;
}

static void job_init(struct pp_job *j, struct pairpool *pp, unsigned nw)
{
	const struct scorer *s = pp->s;
	size_t S = s->nruns, m = s->max_ranking, ucap = union_cap(s);
	memset(j, 0, sizeof *j);
	j->pp = pp;
	j->x = xcalloc(nw, sizeof *j->x);
	j->im = xcalloc(nw, sizeof *j->im);
	j->tmp = xcalloc(size_mul(nw, 2 * s->nslots), sizeof *j->tmp);
	for (unsigned w = 0; w < nw; w++) {
		struct pp_image *im = &j->im[w];
		score_scratch_init(&j->x[w], s);
		im->P = xcalloc(size_mul(S, m + 1), sizeof *im->P);
		im->top = xcalloc(S + 1, sizeof *im->top);
		im->slot = xmalloc(size_mul(s->max_docs + 1, sizeof *im->slot));
		memset(im->slot, 0xff, (s->max_docs + 1) * sizeof *im->slot);
		im->uids = xcalloc(ucap + 1, sizeof *im->uids);
		im->where = xcalloc(size_mul(S, ucap + 1), sizeof *im->where);
		im->own = xcalloc(2 * m + 1, sizeof *im->own);
		im->other = xcalloc(m + 1, sizeof *im->other);
		im->marked = xcalloc(2 * m + 1, sizeof *im->marked);
	}
}

static void job_release(struct pp_job *j, unsigned nw)
{
	for (unsigned w = 0; w < nw; w++) {
		struct pp_image *im = &j->im[w];
		score_scratch_release(&j->x[w]);
		free(im->P);
		free(im->top);
		free(im->slot);
		free(im->uids);
		free(im->where);
		free(im->own);
		free(im->other);
		free(im->marked);
	}
	free(j->x);
	free(j->im);
	free(j->tmp);
}

void pairpool_score(struct pairpool *pp, const size_t *pa, const size_t *pb,
		    size_t n, struct pool *pool, struct progress *prog)
{
	const struct scorer *s = pp->s;
	size_t ns = s->nslots, nt = s->c->n, nimg = (size_t)pp->B + 1;
	unsigned nw = pool_size(pool);
	struct pp_job j;

	job_init(&j, pp, nw);
	j.pa = pa;
	j.pb = pb;
	j.n = n;
	j.chunk = nimg / ((size_t)nw * 8);
	if (j.chunk < 1)
		j.chunk = 1;
	memset(pp->acc, 0, size_mul(size_mul(n, PP_N * ns), nimg) * sizeof *pp->acc);
	for (size_t t = 0; t < nt; t++) {
		j.topic = t;
		pool_run(pool, (nimg + j.chunk - 1) / j.chunk, pp_task, &j);
		progress_add(prog, (unsigned long)n, 1);
	}
	/* the sums over topics become each run's per-system score */
	for (size_t i = 0; i < n; i++)
		for (size_t c = 0; c < 2 * nimg * ns; c++) {
			double *v = pp->acc + i * PP_N * nimg * ns + c;
			*v = measure_agg_finish(scorer_slot_agg(s, c % ns), *v, nt);
		}
	job_release(&j, nw);
}
