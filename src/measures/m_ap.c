/*
 * m_ap.c - average precision.
 *   AP = (1/R) * sum over positions i holding a relevant document of
 *        (relevant documents in positions 1..i) / i.
 * trec_eval: map.
 */
#include "lanes.h"
#include "measure.h"
#include "xalloc.h"

#include <stdio.h>

static int ap_parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	(void)m;
	if (arg[0]) {
		snprintf(err, errsz, "AP takes no parameter");
		return -1;
	}
	return 0;
}

static void ap_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "AP");
	snprintf(trec, MEASURE_NAME_MAX, "map");
}

/* tab[i] = 1 / (i + 1): what lanes_quotient divides by. */
static void ap_setup(struct measure *m)
{
	m->ntab = LANES_QUOT_DEN;
	m->tab = xcalloc(m->ntab, sizeof *m->tab);
	for (size_t i = 0; i < m->ntab; i++)
		m->tab[i] = 1.0 / (double)(i + 1);
}

static void ap_score(const struct measure *m, const struct ranked *r,
		  const struct topic_image *ti, const double *prep, double *out)
{
	uint32_t nrel = ti->t->n_rel;
	uint64_t c = 0;
	double sum = 0;
	(void)m;
	(void)prep;
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		if (h->id >= nrel)
			continue;
		c++;
		sum += (double)c / (double)h->pos;
	}
	out[0] = sum / (double)ti->R;
}

#ifdef MEASURE_HAVE_LANES
/* Into v, at copy c of a hit (ranked_lanes.cm), the count of relevant
 * copies there as a double: d, that of copy j in each lane (whole
 * numbers, so that the count before the hit converted once, plus j + 1,
 * is exact). */
LANES_TARGET
static void ap_counts(struct lanes_pd d, const struct lanes_copy *c, double *v)
{
	__mmask8 lo = (__mmask8)c->m, hi = (__mmask8)(c->m >> 8);
	_mm512_storeu_pd(v + c->at, _mm512_maskz_compress_pd(lo, d.v[0]));
	_mm512_storeu_pd(v + c->at + c->lo, _mm512_maskz_compress_pd(hi, d.v[1]));
}

/* ap_score in MEASURE_LANES images (lanes.h): each copy's term c / pos
 * (c the lane's count of relevant copies so far, this one included):
 * the counts listed copy by copy, then divided by the positions in one
 * pass over the copies, then the terms added lane by lane. */
LANES_TARGET
static void ap_score_lanes(const struct measure *m, const struct ranked_lanes *r,
			   const struct topic_image *const *ti,
			   const double *const *prep, double *out)
{
	const uint32_t nrel = ti[0]->t->n_rel;
	const size_t nq = r->cqo[r->n];
	__m512i c = _mm512_setzero_si512();
	struct lanes_pd sum = lanes_zero();
	double R[MEASURE_LANES];
	(void)prep;
	for (size_t i = 0; i < r->n; i++) {
		uint32_t id = r->ids[r->hit[i]];
		const struct lanes_copy *cm = r->cm + r->cmo[i];
		size_t nj = r->cmo[i + 1] - r->cmo[i];
		if (id >= nrel)
			continue;
		struct lanes_pd cd = lanes_u32(c);
		_Static_assert(MEASURE_LANES_COPIES == 4, "four copies unrolled");
		ap_counts(lanes_add(cd, 0xffff, lanes_set1(1)), &cm[0], r->cv);
		ap_counts(lanes_add(cd, 0xffff, lanes_set1(2)), &cm[1], r->cv);
		ap_counts(lanes_add(cd, 0xffff, lanes_set1(3)), &cm[2], r->cv);
		ap_counts(lanes_add(cd, 0xffff, lanes_set1(4)), &cm[3], r->cv);
		for (unsigned j = MEASURE_LANES_COPIES; j < nj; j++)
			ap_counts(lanes_add(cd, 0xffff, lanes_set1((double)j + 1)),
				  &cm[j], r->cv);
		c = _mm512_add_epi32(c, _mm512_cvtepu8_epi32(lanes_k(r, id)));
	}
	for (size_t w = 0; w < nq; w += 8) {
		__mmask8 in = lanes_chunk(w, nq);
		_mm512_storeu_pd(r->cv + w, lanes_quotient(in, _mm512_loadu_pd(r->cv + w),
							   lanes_plus8(lanes_cq(r, w, in), 1),
							   m->tab));
	}
	for (size_t i = 0; i < r->n; i++)
		if (r->ids[r->hit[i]] < nrel)
			sum = lanes_add_copies(sum, r, i, r->cv);
	for (size_t l = 0; l < MEASURE_LANES; l++)
		R[l] = (double)ti[l]->R;
	lanes_store(out, lanes_div(sum, lanes_load(R)));
}
#endif

const struct measure_def measure_ap = {
	.trec_order = TREC_ORDER_MAP,
	.name = "AP",
	.binary = 1,
	.synopsis = "AP",
	.n_out = 1,
	.parse = ap_parse,
	.names = ap_names,
	.copies = 1,
	.setup = ap_setup,
	.score = ap_score,
#ifdef MEASURE_HAVE_LANES
	.score_lanes = ap_score_lanes,
#endif
};
