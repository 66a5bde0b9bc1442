/*
 * m_gm_bpref.c - trec_eval's gm_bpref: on each topic bpref (m_bpref.c);
 * for "all" (and for a system in each image or topic sample) trec_eval's
 * geometric mean over topics,
 *   gm_bpref = exp((ln max(bpref_1, e) + ... + ln max(bpref_K, e)) / K),
 *   e = 0.00001 (trec_eval's MIN_GEO_MEAN).
 * A topic with an empty ranking or R = 0 has bpref = 0 and counts ln e,
 * as with trec_eval -c.  As for gm_map, -F trec -q prints no per-topic
 * row (trec_eval prints none); the TSV output gives bpref per topic.
 * trec_eval: gm_bpref.
 */
#include "measure.h"

#include <stdio.h>

extern const struct measure_def measure_bpref;

static int gm_bpref_parse(struct measure *m, const char *arg, char *err,
			  size_t errsz)
{
	(void)m;
	return measure_parse_none("gm_bpref", arg, err, errsz);
}

static void gm_bpref_names(const struct measure *m, int o, char *name,
			   char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "gm_bpref");
	snprintf(trec, MEASURE_NAME_MAX, "gm_bpref");
}

static void gm_bpref_prep(const struct measure *m, const struct topic_image *ti,
			  double *area)
{
	measure_bpref.prep(m, ti, area);
}

static void gm_bpref_score(const struct measure *m, const struct ranked *r,
			   const struct topic_image *ti, const double *prep,
			   double *out)
{
	measure_bpref.score(m, r, ti, prep, out);
}

const struct measure_def measure_gm_bpref = {
	.trec_order = TREC_ORDER_GM_BPREF,
	.name = "gm_bpref",
	.binary = 1,
	.synopsis = "gm_bpref",
	.n_out = 1,
	.parse = gm_bpref_parse,
	.names = gm_bpref_names,
	.judged_depth = MEASURE_JUDGED_ALL,
	.needs_negative = 1,
	.trec_geom = 1,
	.prep = gm_bpref_prep,
	.score = gm_bpref_score,
};
