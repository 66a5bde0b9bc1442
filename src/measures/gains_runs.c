/*
 * gains_runs.c - the positions that are not hits, for trec_eval's gain
 * parameters of levels 0, -1 and -2 (gains.h): a walk along a ranking by
 * runs of positions of one level, merging its hits' copies, its judged
 * documents of negative grade and its judged spans, and the prefix sums
 * of the discount 1 / log2(pos + 1) that sum a run at once.  A walk costs
 * time in the number of hits, negative grades and spans, not positions
 * (a run of level 0 or -1 is a whole stretch); rankings of any length.
 */
#include "gains.h"
#include "xalloc.h"

#include <math.h>

void gains_runs_init(struct gains_runs *it, const struct ranked *r,
		     const struct topic_image *ti, double g0, double gu,
		     double gn)
{
	it->r = r;
	it->ti = ti;
	it->ic = it->in = it->is = 0;
	it->pos = 1;
	it->skip[0] = g0 == 0;
	it->skip[1] = gu == 0;
	it->skip[2] = gn == 0;
}

static uint64_t min64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* The run that starts at position p (the walk's pointers moved to it):
 * its end into *b, its level returned.  Empty spans are passed over and
 * adjacent spans make one run, so that the runs are the same however the
 * judged positions are cut into spans (one image or several side by
 * side, a pool or none). */
static int32_t run_at(struct gains_runs *it, uint64_t p, uint64_t *b)
{
	const struct ranked *r = it->r;
	const struct topic *t = it->ti->t;
	uint64_t nx = r->len + 1;
	while (it->ic < r->nc && r->c[it->ic].pos < p)
		it->ic++;
	while (it->in < r->nneg && r->neg[it->in].pos +
	       (uint64_t)hit_k(it->ti, &r->neg[it->in]) <= p)
		it->in++;
	while (it->is < r->nj && (ranked_span(r, it->is)->end <= p ||
				  ranked_span(r, it->is)->start ==
				  ranked_span(r, it->is)->end))
		it->is++;
	if (it->ic < r->nc && r->c[it->ic].pos == p) {
		uint32_t id = r->c[it->ic].id;
		*b = p + 1;
		return id < t->n_pos ? t->grade[id]
		       : id >= t->n_nonneg ? GAINS_NEGATIVE : 0;
	}
	if (it->ic < r->nc)
		nx = min64(nx, r->c[it->ic].pos);
	if (it->in < r->nneg) {
		const struct hit *g = &r->neg[it->in];
		if (g->pos <= p) {
			*b = min64(nx, g->pos + (uint64_t)hit_k(it->ti, g));
			return GAINS_NEGATIVE;
		}
		nx = min64(nx, g->pos);
	}
	if (it->is < r->nj) {
		const struct span *s = ranked_span(r, it->is);
		if (s->start <= p) {   /* to the end of adjacent spans */
			uint64_t e = s->end;
			for (size_t j = it->is + 1; j < r->nj && e < nx; j++) {
				const struct span *q = ranked_span(r, j);
				if (q->start == q->end)
					continue;
				if (q->start != e)
					break;
				e = q->end;
			}
			*b = min64(nx, e);
			return 0;
		}
		nx = min64(nx, s->start);
	}
	*b = nx;
	return GAINS_UNJUDGED;
}

int gains_runs_next(struct gains_runs *it, uint64_t lim, uint64_t *a,
		    uint64_t *b, int32_t *lev)
{
	const uint64_t end = min64(lim, it->r->len) + 1;
	while (it->pos < end) {
		uint64_t p = it->pos, e;
		int32_t l = run_at(it, p, &e);
		e = min64(e, end);
		it->pos = e;
		if (l > 0 || !it->skip[-l]) {
			*a = p;
			*b = e;
			*lev = l;
			return 1;
		}
	}
	return 0;
}

void gains_setup(struct measure *m)
{
	double *cum;
	m->ntab = IDEAL_TAB;
	m->tab = xcalloc(size_add(IDEAL_TAB + 1, GAINS_CUM), sizeof *m->tab);
	cum = m->tab + IDEAL_TAB;
	for (size_t i = 0; i < IDEAL_TAB; i++)
		m->tab[i] = log2((double)i + 2.0);
	for (size_t i = 1; i <= GAINS_CUM; i++)
		cum[i] = cum[i - 1] + 1.0 / log2((double)i + 1.0);
}

double gains_disc_sum(const double *tab, uint64_t a, uint64_t b)
{
	const double *cum = tab + IDEAL_TAB;
	double s = 0;
	if (a <= GAINS_CUM) {
		uint64_t e = min64(b - 1, GAINS_CUM);
		s = cum[e] - cum[a - 1];
		a = e + 1;
	}
	for (; a < b; a++)
		s += 1.0 / log2((double)a + 1.0);
	return s;
}
