/*
 * m_gm_map.c - trec_eval's gm_map: on each topic AP (m_ap.c); for "all"
 * (and for a system in each image or topic sample) trec_eval's geometric
 * mean over topics,
 *   gm_map = exp((ln max(AP_1, e) + ... + ln max(AP_K, e)) / K),
 *   e = 0.00001 (trec_eval's MIN_GEO_MEAN),
 * which is not Sakai's GM(AP) = exp(mean ln(AP + e)) - e.  A topic with
 * an empty ranking or R = 0 has AP = 0 and counts ln e, as with
 * trec_eval -c.  trec_eval prints no per-topic value (its per-topic value
 * is ln max(AP, e)): with -F trec -q there is no per-topic row; the TSV
 * output gives AP per topic.  trec_eval: gm_map.
 */
#include "measure.h"

#include <stdio.h>

extern const struct measure_def measure_ap;

static int gm_map_parse(struct measure *m, const char *arg, char *err,
			size_t errsz)
{
	(void)m;
	return measure_parse_none("gm_map", arg, err, errsz);
}

static void gm_map_names(const struct measure *m, int o, char *name,
			 char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "gm_map");
	snprintf(trec, MEASURE_NAME_MAX, "gm_map");
}

static void gm_map_score(const struct measure *m, const struct ranked *r,
			 const struct topic_image *ti, const double *prep,
			 double *out)
{
	measure_ap.score(m, r, ti, prep, out);
}

const struct measure_def measure_gm_map = {
	.trec_order = TREC_ORDER_GM_MAP,
	.name = "gm_map",
	.binary = 1,
	.synopsis = "gm_map",
	.n_out = 1,
	.parse = gm_map_parse,
	.names = gm_map_names,
	.copies = 1,
	.trec_geom = 1,
	.score = gm_map_score,
};
