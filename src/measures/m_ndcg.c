/*
 * m_ndcg.c - normalised discounted cumulative gain at cutoff k.
 *   DCG@k = sum over i <= k of g(d_i) / log2(i + 1), g = the qrels grade
 *   (0 when absent or negative); nDCG@k = DCG@k / IDCG@k, IDCG@k the same
 *   sum over the topic's positive grades sorted descending (counted with
 *   their multiplicity in an image); 0 when IDCG@k = 0.  Ignores the
 *   relevance level, as trec_eval's ndcg_cut does: a topic with no
 *   document of grade >= -l but some of positive grade is scored
 *   (call_when_gain).  trec_eval: ndcg_cut_k.
 */
#include "lanes.h"
#include "measure.h"
#include "xalloc.h"

#include <math.h>
#include <stdio.h>

#define TAB_MAX (1u << 20)

static int ndcg_parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	return measure_parse_cutoff(m, arg, err, errsz);
}

static void ndcg_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "nDCG@%ld", m->k);
	snprintf(trec, MEASURE_NAME_MAX, "ndcg_cut_%ld", m->k);
}

/* The gains divided by the discounts that ndcg_score_lanes looks up:
 * grades 1 .. GAIN_GRADES at positions up to min(ntab, GAIN_POS). */
#define GAIN_GRADES 4
#define GAIN_POS 4096

static size_t gain_npos(const struct measure *m)
{
	return m->ntab < GAIN_POS ? m->ntab : GAIN_POS;
}

/* tab[i-1] = log2(i + 1) for positions i up to ntab = min(k, TAB_MAX);
 * then, at tab + ntab + (g - 1) * gain_npos + i - 1, g / tab[i-1]: the
 * term of ndcg_score for a copy of grade g at position i, the same
 * division done once. */
static void ndcg_setup(struct measure *m)
{
	double *gt;
	size_t gn;
	m->ntab = (size_t)m->k < TAB_MAX ? (size_t)m->k : TAB_MAX;
	gn = gain_npos(m);
	m->tab = xcalloc(m->ntab + GAIN_GRADES * gn, sizeof *m->tab);
	for (size_t i = 0; i < m->ntab; i++)
		m->tab[i] = log2((double)i + 2.0);
	gt = m->tab + m->ntab;
	for (size_t g = 1; g <= GAIN_GRADES; g++)
		for (size_t i = 0; i < gn; i++)
			gt[(g - 1) * gn + i] = (double)g / m->tab[i];
}

static double ndcg_disc(const struct measure *m, uint64_t pos)
{
	return pos <= m->ntab ? m->tab[pos - 1] : log2((double)pos + 1.0);
}

static void ndcg_prep(const struct measure *m, const struct topic_image *ti,
		      double *area)
{
	const struct topic *t = ti->t;
	uint64_t pos = 1, k = (uint64_t)m->k;
	double idcg = 0;
	for (uint32_t id = 0; id < t->n_pos && pos <= k; id++)
		for (uint32_t j = 0; j < ti->k[id] && pos <= k; j++, pos++)
			idcg += (double)t->grade[id] / ndcg_disc(m, pos);
	area[0] = idcg;
}

static void ndcg_score(const struct measure *m, const struct ranked *r,
		       const struct topic_image *ti, const double *prep,
		       double *out)
{
	const double idcg = prep[0];
	const struct topic *t = ti->t;
	uint64_t k = (uint64_t)m->k;
	double dcg = 0;
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		if (h->pos > k)
			break;
		if (h->id < t->n_pos)
			dcg += (double)t->grade[h->id] / ndcg_disc(m, h->pos);
	}
	out[0] = idcg > 0 ? dcg / idcg : 0;
}

#ifdef MEASURE_HAVE_LANES
/* Where ndcg_copies finds the terms of a hit's copies, which it reads
 * from r->cv: the offset of the hit's row in the table of gains divided
 * by discounts (ndcg_setup), or for a grade it lacks, minus the grade. */
static double gain_row(const struct measure *m, int32_t g)
{
	return g <= GAIN_GRADES ? (double)(g - 1) * (double)gain_npos(m)
				: -(double)g;
}

/* Into r->cv, for every copy of every hit, ndcg_score's term g / disc
 * where the copy is within the cutoff kc, else 0, r->cv holding there
 * its hit's gain_row: looked up where the table has the grade and the
 * position, else divided, the discount from the table where the
 * position is in it (always, unless k passes TAB_MAX), else computed. */
LANES_TARGET
static void ndcg_copies(const struct measure *m, const struct ranked_lanes *r,
			uint64_t kc)
{
	const size_t b = r->cqo[r->n], gn = gain_npos(m);
	const double *gt = m->tab + m->ntab;
	for (size_t v = 0; v < b; v += 8) {
		__mmask8 in = lanes_chunk(v, b), tab, look;
		__m256i q = lanes_cq(r, v, in);
		__m512d row = _mm512_loadu_pd(r->cv + v), g, disc;
		in &= lanes_before8(q, kc);
		look = in & lanes_before8(q, gn) &
		       _mm512_cmp_pd_mask(row, _mm512_setzero_pd(), _CMP_GE_OQ);
		_mm512_storeu_pd(r->cv + v, _mm512_mask_i32gather_pd(
			_mm512_setzero_pd(), look,
			_mm256_add_epi32(q, _mm512_cvttpd_epi32(row)), gt, 8));
		if (!(in & ~look))
			continue;
		/* the grade again: row / gn + 1 (exact), or -row */
		g = _mm512_mask_sub_pd(
			_mm512_add_pd(_mm512_div_pd(row, _mm512_set1_pd((double)gn)),
				      _mm512_set1_pd(1)),
			_mm512_cmp_pd_mask(row, _mm512_setzero_pd(), _CMP_LT_OQ),
			_mm512_setzero_pd(), row);
		tab = in & ~look & lanes_before8(q, m->ntab);
		disc = _mm512_mask_i32gather_pd(_mm512_set1_pd(1), tab, q, m->tab, 8);
		if (tab != (in & ~look)) {
			uint32_t qq[8];
			double dd[8];
			_mm256_storeu_si256((void *)qq, q);
			_mm512_storeu_pd(dd, disc);
			for (unsigned l = 0; l < 8; l++)
				if ((in & ~look & ~tab) >> l & 1)
					dd[l] = ndcg_disc(m, (uint64_t)qq[l] + 1);
			disc = _mm512_loadu_pd(dd);
		}
		_mm512_storeu_pd(r->cv + v, _mm512_mask_div_pd(
			_mm512_loadu_pd(r->cv + v), in & ~look, g, disc));
	}
}

/* ndcg_score in MEASURE_LANES images (lanes.h): the gain_row of every hit
 * of positive gain at each of its copies, then the terms of the copies
 * in one pass, then added lane by lane. */
LANES_TARGET
static void ndcg_score_lanes(const struct measure *m,
			     const struct ranked_lanes *r,
			     const struct topic_image *const *ti,
			     const double *const *prep, double *out)
{
	const struct topic *t = ti[0]->t;
	const uint64_t kc = (uint64_t)m->k;
	struct lanes_pd dcg = lanes_zero(), idcg;
	double id[MEASURE_LANES];
	for (size_t i = 0; i < r->n; i++) {
		uint32_t h = r->ids[r->hit[i]];
		size_t a = r->cqo[i], b = r->cqo[i + 1];
		__m512d g;
		if (h >= t->n_pos)
			continue;
		/* two vectors cover the copies of most hits (those of 16
		 * lanes: 16 on average) */
		g = _mm512_set1_pd(gain_row(m, t->grade[h]));
		for (size_t v = a; v < a + 32 || v < b; v += 8)
			_mm512_storeu_pd(r->cv + v, g);
	}
	ndcg_copies(m, r, kc);
	for (size_t i = 0; i < r->n; i++) {
		uint32_t e = r->hit[i], h = r->ids[e];
		if (!lanes_before(lanes_plus(lanes_pos(r, e), -1), kc))
			break;
		if (h >= t->n_pos)
			continue;
		dcg = lanes_add_copies(dcg, r, i, r->cv);
	}
	for (size_t l = 0; l < MEASURE_LANES; l++)
		id[l] = prep[l][0];
	idcg = lanes_load(id);
	lanes_store(out, lanes_blend(lanes_zero(), lanes_lt(lanes_zero(), idcg),
				     lanes_div(dcg, idcg)));
}
#endif

const struct measure_def measure_ndcg = {
	.trec_order = TREC_ORDER_NDCG_CUT,
	.name = "nDCG",
	.synopsis = "nDCG@k",
	.n_out = 1,
	.parse = ndcg_parse,
	.names = ndcg_names,
	.setup = ndcg_setup,
	.call_when_gain = 1,
	.prep = ndcg_prep,
	.copies = 1,
	.score = ndcg_score,
#ifdef MEASURE_HAVE_LANES
	.score_lanes = ndcg_score_lanes,
#endif
};
