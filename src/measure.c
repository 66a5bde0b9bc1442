/*
 * measure.c - the measure table and spec parsing (see measure.h).
 *
 * Adding a measure: write src/measures/m_NAME.c defining a
 * struct measure_def, declare it below and add one row to measure_table.
 */
#include "measure.h"
#include "lex.h"
#include "xalloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const struct measure_def measure_ap, measure_rr, measure_p,
	measure_ndcg, measure_rbp, measure_insq, measure_recall, measure_rprec,
	measure_bpref, measure_judged, measure_num_ret, measure_num_rel,
	measure_num_rel_ret;

const struct measure_def *const measure_table[] = {
	&measure_ap, &measure_ndcg, &measure_p, &measure_rbp, &measure_insq,
	&measure_rr, &measure_recall, &measure_rprec, &measure_bpref,
	&measure_judged, &measure_num_ret, &measure_num_rel,
	&measure_num_rel_ret,
};
const size_t measure_table_len = sizeof measure_table / sizeof measure_table[0];

const char *const measure_default_spec =
	"AP,nDCG@1000,P@10,RBP(p=0.95),INSQ(T=5),RR";

/* trec_eval names accepted as aliases: prefix and the canonical stem. */
static const struct {
	const char *alias, *stem, *sep;
} aliases[] = {
	{ "map", "AP", "" },
	{ "recip_rank", "RR", "" },
	{ "P_", "P", "@" },
	{ "P.", "P", "@" },
	{ "ndcg_cut_", "nDCG", "@" },
	{ "ndcg_cut.", "nDCG", "@" },
	{ "recall_", "R", "@" },
	{ "recall.", "R", "@" },
	{ "judged_", "judged", "@" },
	{ "judged.", "judged", "@" },
};

int measure_parse_none(const char *name, const char *arg, char *err,
		       size_t errsz)
{
	if (arg[0]) {
		snprintf(err, errsz, "%s takes no parameter", name);
		return -1;
	}
	return 0;
}

int measure_parse_cutoff(struct measure *m, const char *arg, char *err,
			 size_t errsz)
{
	const char *why;
	long k;
	if (arg[0] != '@') {
		snprintf(err, errsz, "expected @k after the name");
		return -1;
	}
	if (lex_long(arg + 1, strlen(arg + 1), 1, 1000000000L, &k, &why) != 0) {
		snprintf(err, errsz,
			 "cutoff '%s' must be a whole number from 1 to 1000000000",
			 arg + 1);
		return -1;
	}
	m->k = k;
	return 0;
}

int measure_parse_param(const char *arg, const char *pname, double lo,
			double hi, int lo_open, int hi_open, double *out,
			char *err, size_t errsz)
{
	size_t pl = strlen(pname), n = strlen(arg);
	const char *why;
	double v;
	if (n < pl + 3 || arg[0] != '(' || strncmp(arg + 1, pname, pl) != 0 ||
	    arg[pl + 1] != '=' || arg[n - 1] != ')') {
		snprintf(err, errsz, "expected (%s=VALUE) after the name", pname);
		return -1;
	}
	if (lex_double(arg + pl + 2, n - pl - 3, &v, &why) != 0 ||
	    (lo_open ? v <= lo : v < lo) || (hi_open ? v >= hi : v > hi)) {
		snprintf(err, errsz, "%s must be a number in %c%g, %g%c", pname,
			 lo_open ? '(' : '[', lo, hi, hi_open ? ')' : ']');
		return -1;
	}
	*out = v;
	return 0;
}

int measure_parse(struct measure *m, const char *spec, char *err,
		  size_t errsz)
{
	char buf[MEASURE_NAME_MAX * 2];
	size_t stem = 0;
	const struct measure_def *def = NULL;

	memset(m, 0, sizeof *m);
	if (strlen(spec) >= MEASURE_NAME_MAX) {
		snprintf(err, errsz, "measure name too long");
		return -1;
	}
	snprintf(buf, sizeof buf, "%s", spec);
	for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
		size_t al = strlen(aliases[i].alias);
		if (strncmp(spec, aliases[i].alias, al) == 0 &&
		    (aliases[i].sep[0] ? spec[al] != '\0' : spec[al] == '\0')) {
			snprintf(buf, sizeof buf, "%s%s%s", aliases[i].stem,
				 aliases[i].sep, spec + al);
			break;
		}
	}
	while (buf[stem] && buf[stem] != '@' && buf[stem] != '(')
		stem++;
	for (size_t i = 0; i < measure_table_len; i++) {
		const char *nm = measure_table[i]->name;
		if (strlen(nm) == stem && strncmp(nm, buf, stem) == 0)
			def = measure_table[i];
	}
	if (!def) {
		snprintf(err, errsz, "unknown measure '%s' (try --help)", spec);
		return -1;
	}
	m->def = def;
	m->judged_depth = def->judged_depth;
	if (def->parse(m, buf + stem, err, errsz) != 0)
		return -1;
	for (int o = 0; o < def->n_out; o++)
		def->names(m, o, m->name[o], m->trec[o]);
	if (def->setup)
		def->setup(m);
	return 0;
}

void measure_release(struct measure *m)
{
	free(m->tab);
	m->tab = NULL;
	m->ntab = 0;
}
