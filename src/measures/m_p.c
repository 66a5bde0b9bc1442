/*
 * m_p.c - precision at cutoff k.
 *   P@k = (relevant documents in positions 1..k) / k, dividing by k even
 *   when the ranking is shorter.  trec_eval: P_k.
 */
#include "lanes.h"
#include "measure.h"

#include <stdio.h>

static int p_parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	return measure_parse_cutoff(m, arg, err, errsz);
}

static void p_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "P@%ld", m->k);
	snprintf(trec, MEASURE_NAME_MAX, "P_%ld", m->k);
}

static void p_score(const struct measure *m, const struct ranked *r,
		  const struct topic_image *ti, const double *prep, double *out)
{
	(void)prep;
	out[0] = (double)measure_rel_at(r, ti, (uint64_t)m->k) / (double)m->k;
}

#ifdef MEASURE_HAVE_LANES
/* p_score in MEASURE_LANES images (lanes.h): measure_rel_at's count,
 * each hit within the cutoff adding its copies up to it. */
LANES_TARGET
static void p_score_lanes(const struct measure *m, const struct ranked_lanes *r,
			  const struct topic_image *const *ti,
			  const double *const *prep, double *out)
{
	const uint64_t kc = (uint64_t)m->k;
	const uint32_t nrel = ti[0]->t->n_rel;
	const __m512i room = _mm512_set1_epi32(kc < UINT32_MAX ? (int)(uint32_t)kc : -1);
	__m512i cnt = _mm512_setzero_si512();
	(void)prep;
	for (size_t i = 0; i < r->n; i++) {
		uint32_t e = r->hit[i], id = r->ids[e];
		__m512i q = lanes_plus(lanes_pos(r, e), -1);
		__m128i k = lanes_k(r, id);
		__mmask16 in = lanes_before(q, kc);
		if (!in)
			break;
		if (id >= nrel)
			continue;
		/* copies at q+1 .. q+k, those up to kc: min(k, kc - q) */
		cnt = _mm512_mask_add_epi32(cnt, in & lanes_copy(k, 0), cnt,
					    _mm512_min_epu32(_mm512_cvtepu8_epi32(k),
							     _mm512_sub_epi32(room, q)));
	}
	lanes_store(out, lanes_div(lanes_u32(cnt), lanes_set1((double)m->k)));
}
#endif

const struct measure_def measure_p = {
	.trec_order = TREC_ORDER_P,
	.name = "P",
	.binary = 1,
	.synopsis = "P@k",
	.n_out = 1,
	.parse = p_parse,
	.names = p_names,
	.score = p_score,
#ifdef MEASURE_HAVE_LANES
	.score_lanes = p_score_lanes,
#endif
};
