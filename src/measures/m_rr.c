/*
 * m_rr.c - reciprocal rank.
 *   RR = 1 / (first position holding a relevant document), 0 if none.
 * trec_eval: recip_rank.
 */
#include "lanes.h"
#include "measure.h"

#include <stdio.h>

static int rr_parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	(void)m;
	if (arg[0]) {
		snprintf(err, errsz, "RR takes no parameter");
		return -1;
	}
	return 0;
}

static void rr_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "RR");
	snprintf(trec, MEASURE_NAME_MAX, "recip_rank");
}

static void rr_score(const struct measure *m, const struct ranked *r,
		  const struct topic_image *ti, const double *prep, double *out)
{
	uint64_t pos = measure_first_rel(r, ti, UINT64_MAX);
	(void)m;
	(void)prep;
	out[0] = pos ? 1.0 / (double)pos : 0;
}

#ifdef MEASURE_HAVE_LANES
/* rr_score in MEASURE_LANES images (lanes.h): the first relevant hit of
 * each lane. */
LANES_TARGET
static void rr_score_lanes(const struct measure *m, const struct ranked_lanes *r,
			   const struct topic_image *const *ti,
			   const double *const *prep, double *out)
{
	const uint32_t nrel = ti[0]->t->n_rel;
	__m512i first = _mm512_set1_epi32(1);
	__mmask16 found = 0;
	(void)m;
	(void)prep;
	for (size_t i = 0; i < r->n && found != 0xffff; i++) {
		uint32_t e = r->hit[i], id = r->ids[e];
		__mmask16 now;
		if (id >= nrel)
			continue;
		now = lanes_copy(lanes_k(r, id), 0) & (__mmask16)~found;
		first = _mm512_mask_mov_epi32(first, now, lanes_pos(r, e));
		found |= now;
	}
	lanes_store(out, lanes_blend(lanes_zero(), found,
				     lanes_div(lanes_set1(1.0), lanes_u32(first))));
}
#endif

const struct measure_def measure_rr = {
	.trec_order = TREC_ORDER_RECIP_RANK,
	.name = "RR",
	.binary = 1,
	.synopsis = "RR",
	.n_out = 1,
	.parse = rr_parse,
	.names = rr_names,
	.score = rr_score,
#ifdef MEASURE_HAVE_LANES
	.score_lanes = rr_score_lanes,
#endif
};
