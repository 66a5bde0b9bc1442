/*
 * m_set_map.c - set average precision (unranked AP): each relevant
 * document retrieved contributes the set precision, each one not
 * retrieved 0, so that
 *   SetAP = SetP * SetR = rel_ret^2 / (n * R),
 * with rel_ret the relevant documents retrieved and n the documents
 * retrieved (the whole ranking after -M; with multiplicity in an image).
 * 0 when the ranking is empty or R = 0.  trec_eval: set_map.
 */
#include "measure.h"

#include <stdio.h>

static int set_map_parse(struct measure *m, const char *arg, char *err,
			 size_t errsz)
{
	(void)m;
	return measure_parse_none("SetAP", arg, err, errsz);
}

static void set_map_names(const struct measure *m, int o, char *name,
			  char *trec)
{
	(void)m;
	(void)o;
	snprintf(name, MEASURE_NAME_MAX, "SetAP");
	snprintf(trec, MEASURE_NAME_MAX, "set_map");
}

static void set_map_score(const struct measure *m, const struct ranked *r,
			  const struct topic_image *ti, const double *prep,
			  double *out)
{
	uint64_t rel_ret = measure_rel_at(r, ti, UINT64_MAX);
	double n = (double)r->len, R = (double)ti->R;
	(void)m;
	(void)prep;
	out[0] = r->len ? (double)rel_ret * (double)rel_ret / (n * R) : 0;
}

const struct measure_def measure_set_map = {
	.trec_order = TREC_ORDER_SET_MAP,
	.name = "SetAP",
	.binary = 1,
	.synopsis = "SetAP",
	.n_out = 1,
	.parse = set_map_parse,
	.names = set_map_names,
	.needs_length = 1,
	.score = set_map_score,
};
