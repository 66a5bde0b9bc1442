/*
 * m_11pt_avg.c - 11-point interpolated average precision, as trec_eval
 * 10.0's 11pt_avg:
 *   11pt_avg = (IPrec@0 + IPrec@0.1 + ... + IPrec@1) / 11
 * with IPrec@r as in m_iprec.c (recall levels rounded with lround), the
 * terms added from the last level down, as trec_eval adds them.  0 for
 * an empty ranking and for R = 0.  Other levels, as trec_eval's -m
 * 11pt_avg.0.2,0.5,0.8: 11pt_avg(levels=0.2,0.5,0.8) averages IPrec over
 * them (1 to PT11_MAX levels from 0 to 1, ascending, as trec_eval's walk
 * down the ranking assumes); kept in m->tab.  trec_eval: 11pt_avg, and
 * 11pt_avg_ followed by the levels as given (trec_eval prints its -m
 * text).
 */
#include "measure.h"
#include "lex.h"
#include "xalloc.h"

#include <stdio.h>
#include <string.h>

#define PT11_MAX 64

static const double pt11_levels[11] = {
	0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0
};

/* The canonical name of levels lv[0..n) into buf (sz > 40); returns its
 * length, which may be sz - 1 or more when it did not fit. */
static size_t pt11_name(const double *lv, size_t n, char *buf, size_t sz)
{
	size_t used = (size_t)snprintf(buf, sz, "11pt_avg(levels=");
	for (size_t i = 0; i < n && used < sz; i++) {
		char v[40];
		measure_fmt_param(v, sizeof v, lv[i]);
		used += (size_t)snprintf(buf + used, sz - used, "%s%s",
					 i ? "," : "", v);
	}
	if (used < sz)
		used += (size_t)snprintf(buf + used, sz - used, ")");
	return used;
}

/* The levels of "(levels=L,...)" into m->tab; their text, as given, into
 * m->trec[0] ("11pt_avg_" and the text), which pt11_names keeps. */
static int pt11_parse(struct measure *m, const char *arg, char *err,
		      size_t errsz)
{
	size_t n = strlen(arg), at = 8, nl = 0;
	double lv[PT11_MAX];
	char buf[1024];
	if (n == 0)
		return 0;
	if (n < 10 || strncmp(arg, "(levels=", 8) != 0 || arg[n - 1] != ')' ||
	    n - 9 + 10 > MEASURE_NAME_MAX) {
		snprintf(err, errsz, n >= 10 && arg[n - 1] == ')' && n - 9 + 10 > MEASURE_NAME_MAX
			 ? "levels too long for a measure name"
			 : "expected nothing or (levels=L,...) after the name");
		return -1;
	}
	while (at < n - 1) {
		size_t len = strcspn(arg + at, ",)");
		const char *why = "out of range";
		if (nl == PT11_MAX) {
			snprintf(err, errsz, "at most %d levels", PT11_MAX);
			return -1;
		}
		if (lex_double(arg + at, len, &lv[nl], &why) != 0 ||
		    !(lv[nl] >= 0 && lv[nl] <= 1) || (nl && lv[nl] < lv[nl - 1])) {
			snprintf(err, errsz, "level '%.*s' is %s (expected levels from 0 to 1, ascending)",
				 (int)len, arg + at,
				 nl && lv[nl] < lv[nl - 1] ? "below the one before" : why);
			return -1;
		}
		nl++;
		at += len + 1;
	}
	if (pt11_name(lv, nl, buf, sizeof buf) >= MEASURE_NAME_MAX) {
		snprintf(err, errsz, "levels too long for a measure name");
		return -1;
	}
	m->tab = xcalloc(nl, sizeof *m->tab);
	memcpy(m->tab, lv, nl * sizeof *lv);
	m->ntab = nl;
	snprintf(m->trec[0], MEASURE_NAME_MAX, "11pt_avg_%.*s", (int)(n - 9),
		 arg + 8);
	return 0;
}

static void pt11_names(const struct measure *m, int o, char *name, char *trec)
{
	(void)o;
	if (!m->ntab) {
		snprintf(name, MEASURE_NAME_MAX, "11pt_avg");
		snprintf(trec, MEASURE_NAME_MAX, "11pt_avg");
		return;
	}
	/* pt11_parse checked that it fits, and set trec */
	pt11_name(m->tab, m->ntab, name, MEASURE_NAME_MAX);
}

static void pt11_score(const struct measure *m, const struct ranked *r,
		       const struct topic_image *ti, const double *prep,
		       double *out)
{
	double v[PT11_MAX], sum = 0;
	const double *lv = m->ntab ? m->tab : pt11_levels;
	size_t n = m->ntab ? m->ntab : 11;
	(void)prep;
	measure_iprec(r, ti, lv, n, v);
	for (size_t q = n; q-- > 0;)
		sum += v[q];
	out[0] = sum / (double)n;
}

const struct measure_def measure_11pt_avg = {
	.trec_order = TREC_ORDER_11PT_AVG,
	.name = "11pt_avg",
	.binary = 1,
	.synopsis = "11pt_avg[(levels=L,...)]",
	.n_out = 1,
	.parse = pt11_parse,
	.names = pt11_names,
	.copies = 1,
	.score = pt11_score,
};
