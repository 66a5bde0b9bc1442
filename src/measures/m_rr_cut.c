/*
 * m_rr_cut.c - reciprocal rank at cutoff k, as ir_measures' RR@k (MS
 * MARCO's MRR@10 is the mean of RR@10):
 *   RR@k = 1/i for the first position i holding a relevant document if
 *          i <= k, else 0.
 * 0 when R = 0 or the ranking is empty.  trec_eval has no such measure
 * (its recip_rank is RR, uncut); name with -F trec: recip_rank_k.
 */
#include "measure.h"

#include <stdio.h>

static int rr_cut_parse(struct measure *m, const char *arg, char *err,
			size_t errsz)
{
	return measure_parse_cutoff(m, arg, err, errsz);
}

static void rr_cut_names(const struct measure *m, int o, char *name,
			 char *trec)
{
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "RR@%ld", m->k);
	snprintf(trec, MEASURE_NAME_MAX, "recip_rank_%ld", m->k);
}

static void rr_cut_score(const struct measure *m, const struct ranked *r,
			 const struct topic_image *ti, const double *prep,
			 double *out)
{
	uint64_t pos = measure_first_rel(r, ti, (uint64_t)m->k);
	(void)prep;
	out[0] = pos ? 1.0 / (double)pos : 0;
}

const struct measure_def measure_rr_cut = {
	.name = "RR",
	.binary = 1,
	.synopsis = "RR@k",
	.n_out = 1,
	.parse = rr_cut_parse,
	.names = rr_cut_names,
	.score = rr_cut_score,
};
