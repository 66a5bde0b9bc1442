/*
 * measure.c - the measure table and spec parsing (see measure.h).
 *
 * Adding a measure: write src/measures/m_NAME.c defining a
 * struct measure_def, declare it below and add one row to measure_table.
 * GM(M) is no row: parse_gm parses M and sets struct measure.gm.
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
	measure_num_rel_ret, measure_q, measure_ncg;
extern const struct measure_def measure_ndcg_all, measure_ndcg_rel,
	measure_rndcg, measure_g, measure_bing, measure_te_rbp,
	measure_rbp_resid, measure_err, measure_ndcg_exp;

const struct measure_def *const measure_table[] = {
	&measure_ap, &measure_q, &measure_ndcg, &measure_ncg, &measure_p,
	&measure_rbp, &measure_insq, &measure_rr, &measure_recall,
	&measure_rprec, &measure_bpref, &measure_judged, &measure_num_ret,
	&measure_num_rel, &measure_num_rel_ret,
	&measure_ndcg_all, &measure_ndcg_rel, &measure_rndcg, &measure_g,
	&measure_bing, &measure_te_rbp, &measure_rbp_resid, &measure_err,
	&measure_ndcg_exp,
};
const size_t measure_table_len = sizeof measure_table / sizeof measure_table[0];

const char *const measure_default_spec =
	"AP,nDCG@1000,P@10,RBP(p=0.95),INSQ(T=5),RR";

/* trec_eval names (and the -F trec names of the other measures) accepted
 * as aliases: a prefix, the canonical stem, what goes between the stem and
 * the rest, and what closes the rest.  "rbp_0.95_residual" names RBP too. */
static const struct {
	const char *alias, *stem, *open, *close;
} aliases[] = {
	{ "map", "AP", "", "" },
	{ "recip_rank", "RR", "", "" },
	{ "P_", "P", "@", "" },
	{ "P.", "P", "@", "" },
	{ "ndcg_cut_", "nDCG", "@", "" },
	{ "ndcg_cut.", "nDCG", "@", "" },
	{ "ncg_cut_", "nCG", "@", "" },
	{ "rbp_", "RBP", "(p=", ")" },
	{ "insq_", "INSQ", "(T=", ")" },
	{ "recall_", "R", "@", "" },
	{ "recall.", "R", "@", "" },
	{ "judged_", "judged", "@", "" },
	{ "judged.", "judged", "@", "" },
	{ "ndcg", "nDCG", "", "" },
	{ "ndcg_exp_", "nDCG", "(dcg=exp-log2)@", "" },
	{ "rbp.", "rbp", "(", ")" },
	{ "rbp_p=", "rbp", "(p=", ")" },
	{ "rbp_resid.", "rbp_resid", "(", ")" },
	{ "rbp_resid_p=", "rbp_resid", "(p=", ")" },
	{ "err_", "ERR", "@", "" },
};

/* trec_eval measures named without cutoffs ("-m P", "-m ndcg_cut") stand
 * for trec_eval's default cutoffs. */
static const struct {
	const char *name, *stem;
} families[] = {
	{ "P", "P" },
	{ "ndcg_cut", "nDCG" },
	{ "recall", "R" },
};
static const long family_cutoffs[] = { 5, 10, 15, 20, 30, 100, 200, 500, 1000 };

void measure_help(FILE *f)
{
	size_t col = 18;
	fputs("                  ", f);
	for (size_t i = 0; i < measure_table_len; i++) {
		const char *s = measure_table[i]->synopsis;
		int last = i + 1 == measure_table_len;
		size_t w = strlen(s) + (last ? 0 : 1);   /* with its comma */
		if (i > 0 && col + 1 + w > 78) {
			fputs("\n                  ", f);
			col = 18;
		} else if (i > 0) {
			fputc(' ', f);
			col++;
		}
		fprintf(f, "%s%s", s, last ? "\n" : ",");
		col += w;
	}
	fputs("                  GM(M): geometric mean over topics of any measure M\n"
	      "                  but a residual, as GM(AP) or GM(nDCG@10)\n"
	      "                  trec_eval names: map, recip_rank, P_k, P.k, ndcg_cut_k,\n"
	      "                  ndcg_cut.k, recall_k, recall.k, and the -F trec names\n"
	      "                  rbp_P, insq_T, judged_k, ncg_cut_k, GM(map), ...;\n"
	      "                  -m P.5,10 is P@5 and P@10; -m P, -m recall or\n"
	      "                  -m ndcg_cut alone is trec_eval's cutoffs\n"
	      "                  5,10,15,20,30,100,200,500,1000\n", f);
}

void measure_fmt_param(char *out, size_t outsz, double v)
{
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(out, outsz, "%.*g", prec, v);
		if (strtod(out, NULL) == v)
			return;
	}
}

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

#define ALIASES_N (sizeof aliases / sizeof aliases[0])

/* The alias spec begins with (the longest one, so that "rbp_resid_p=0.8"
 * is not "rbp_" followed by "resid_p=0.8"), or ALIASES_N when there is
 * none or the spec's stem is a measure's ("rbp_resid(p=0.8)"). */
static size_t find_alias(const char *spec)
{
	size_t best = ALIASES_N, bestlen = 0, stem = strcspn(spec, "@(");
	for (size_t i = 0; i < measure_table_len; i++)
		if (strlen(measure_table[i]->name) == stem &&
		    strncmp(measure_table[i]->name, spec, stem) == 0)
			return ALIASES_N;
	for (size_t i = 0; i < ALIASES_N; i++) {
		size_t al = strlen(aliases[i].alias), rest;
		if (strncmp(spec, aliases[i].alias, al) != 0 || al <= bestlen)
			continue;
		rest = strlen(spec + al);
		if (aliases[i].open[0] ? rest == 0 : rest != 0)
			continue;
		best = i;
		bestlen = al;
	}
	return best;
}

/* Parse buf, whose stem is its first stem characters, with the first
 * table row of that stem that takes what follows (several rows may share
 * a stem: nDCG@k, nDCG and nDCG(dcg=exp-log2)@k), into m.  Returns the
 * row, or NULL with err set (empty when no row has the stem).  When every
 * row refuses, the reason is that of the row whose synopsis continues the
 * stem as buf does ('@', '(' or nothing), else of the first row. */
static const struct measure_def *parse_def(struct measure *m, const char *buf,
					   size_t stem, char *err, size_t errsz)
{
	char why[200];
	int any = 0, matched = 0;
	err[0] = '\0';
	for (size_t i = 0; i < measure_table_len; i++) {
		const struct measure_def *d = measure_table[i];
		int fits;
		if (strlen(d->name) != stem || strncmp(d->name, buf, stem) != 0)
			continue;
		memset(m, 0, sizeof *m);
		m->def = d;
		m->n_out = d->n_out;
		m->judged_depth = d->judged_depth;
		why[0] = '\0';
		if (d->parse(m, buf + stem, why, sizeof why) == 0)
			return d;
		fits = d->synopsis[stem] == buf[stem];
		if (!any || (fits && !matched))
			snprintf(err, errsz, "%s", why);
		any = 1;
		matched |= fits;
	}
	if (any && !err[0])
		snprintf(err, errsz, "bad parameters");
	return NULL;
}

/* Parse a spec that is not a GM into m; *out is the output the spec
 * names (1 for an RBP residual, else 0). */
static int parse_plain(struct measure *m, const char *spec, int *out,
		       char *err, size_t errsz)
{
	char buf[MEASURE_NAME_MAX * 2];
	size_t stem = 0, ai;
	const struct measure_def *def;

	memset(m, 0, sizeof *m);
	*out = 0;
	snprintf(buf, sizeof buf, "%s", spec);
	ai = find_alias(spec);
	if (ai < ALIASES_N) {
		size_t al = strlen(aliases[ai].alias), rest = strlen(spec + al);
		if (strcmp(aliases[ai].stem, "RBP") == 0 && rest > 9 &&
		    strcmp(spec + al + rest - 9, "_residual") == 0) {
			rest -= 9;
			*out = 1;
		}
		snprintf(buf, sizeof buf, "%s%s%.*s%s", aliases[ai].stem,
			 aliases[ai].open, (int)rest, spec + al, aliases[ai].close);
	}
	/* The name of RBP's second output names RBP. */
	if (strncmp(buf, "RBP(", 4) == 0 && strlen(buf) > 9 &&
	    strcmp(buf + strlen(buf) - 9, ".residual") == 0) {
		buf[strlen(buf) - 9] = '\0';
		*out = 1;
	}
	while (buf[stem] && buf[stem] != '@' && buf[stem] != '(')
		stem++;
	def = parse_def(m, buf, stem, err, errsz);
	if (!def) {
		if (!err[0])
			snprintf(err, errsz, "unknown measure '%s' (try --help)",
				 spec);
		return -1;
	}
	for (int o = 0; o < def->n_out; o++)
		def->names(m, o, m->name[o], m->trec[o]);
	if (def->setup)
		def->setup(m);
	return 0;
}

/* GM(M): M parsed as usual, then gm set, one output (the residual of
 * RBP is dropped), names wrapped in "GM(...)". */
static int parse_gm(struct measure *m, const char *inner, char *err,
		    size_t errsz)
{
	char name[MEASURE_NAME_MAX], trec[MEASURE_NAME_MAX];
	int out;
	if (!inner[0]) {
		snprintf(err, errsz, "GM(M) needs a measure M");
		return -1;
	}
	if (strncmp(inner, "GM(", 3) == 0) {
		snprintf(err, errsz, "GM of a GM is not a measure");
		return -1;
	}
	if (parse_plain(m, inner, &out, err, errsz) != 0) {
		measure_release(m);
		return -1;
	}
	if (out != 0) {
		snprintf(err, errsz, "GM of a residual is not a measure");
		measure_release(m);
		return -1;
	}
	if (strlen(m->name[0]) + 4 >= MEASURE_NAME_MAX ||
	    strlen(m->trec[0]) + 4 >= MEASURE_NAME_MAX) {
		snprintf(err, errsz, "measure name too long");
		measure_release(m);
		return -1;
	}
	/* lengths checked above: the copies fit */
	memcpy(name, "GM(", 3);
	memcpy(name + 3, m->name[0], strlen(m->name[0]));
	memcpy(name + 3 + strlen(m->name[0]), ")", 2);
	memcpy(trec, "GM(", 3);
	memcpy(trec + 3, m->trec[0], strlen(m->trec[0]));
	memcpy(trec + 3 + strlen(m->trec[0]), ")", 2);
	memset(m->name, 0, sizeof m->name);
	memset(m->trec, 0, sizeof m->trec);
	memcpy(m->name[0], name, sizeof name);
	memcpy(m->trec[0], trec, sizeof trec);
	m->gm = 1;
	m->n_out = 1;
	return 0;
}

int measure_parse(struct measure *m, const char *spec, char *err,
		  size_t errsz)
{
	size_t n = strlen(spec);
	int out;

	memset(m, 0, sizeof *m);
	if (n >= MEASURE_NAME_MAX) {
		snprintf(err, errsz, "measure name too long");
		return -1;
	}
	if (n >= 4 && strncmp(spec, "GM(", 3) == 0 && spec[n - 1] == ')') {
		char inner[MEASURE_NAME_MAX];
		memcpy(inner, spec + 3, n - 4);
		inner[n - 4] = '\0';
		return parse_gm(m, inner, err, errsz);
	}
	if (parse_plain(m, spec, &out, err, errsz) != 0) {
		measure_release(m);
		return -1;
	}
	return 0;
}

void measure_release(struct measure *m)
{
	free(m->tab);
	m->tab = NULL;
	m->ntab = 0;
}

int measure_same(const struct measure *a, const struct measure *b)
{
	return a->def == b->def && a->gm == b->gm && a->k == b->k &&
	       a->p == b->p && strcmp(a->name[0], b->name[0]) == 0;
}

/* Append m to the list unless an equal measure is there already. */
static void add_unique(struct measure **v, size_t *n, size_t *cap,
		       struct measure *m)
{
	for (size_t i = 0; i < *n; i++)
		if (measure_same(&(*v)[i], m)) {
			measure_release(m);
			return;
		}
	xgrow(v, cap, *n + 1, sizeof **v);
	(*v)[(*n)++] = *m;
}

/* Parse one item of a comma list into the list.  prev is the stem of the
 * item before it in the same argument that took a cutoff ("" if none), so
 * that "P.5,10" is P@5 and P@10. */
static int parse_item(const char *one, char *prev, size_t prevsz,
		      struct measure **v, size_t *n, size_t *cap, char *err,
		      size_t errsz)
{
	char buf[MEASURE_NAME_MAX * 4];
	struct measure m;

	for (size_t i = 0; i < sizeof families / sizeof families[0]; i++) {
		if (strcmp(one, families[i].name) != 0)
			continue;
		for (size_t c = 0; c < sizeof family_cutoffs / sizeof *family_cutoffs; c++) {
			snprintf(buf, sizeof buf, "%s@%ld", families[i].stem,
				 family_cutoffs[c]);
			if (measure_parse(&m, buf, err, errsz) != 0)
				return -1;
			add_unique(v, n, cap, &m);
		}
		snprintf(prev, prevsz, "%s", families[i].stem);
		return 0;
	}
	if (lex_all_digits(one)) {
		if (!prev[0]) {
			snprintf(err, errsz,
				 "a bare cutoff must follow a measure with a cutoff, as in P.5,10");
			return -1;
		}
		snprintf(buf, sizeof buf, "%s@%s", prev, one);
		one = buf;
	}
	if (measure_parse(&m, one, err, errsz) != 0)
		return -1;
	prev[0] = '\0';
	if (strchr(m.name[0], '@') && !m.gm)
		snprintf(prev, prevsz, "%s", m.def->name);
	add_unique(v, n, cap, &m);
	return 0;
}

int measure_parse_list(const char *const *specs, size_t nspecs,
		       struct measure **out, size_t *nout, char *err,
		       size_t errsz)
{
	struct measure *v = NULL;
	size_t n = 0, cap = 0;
	const char *const def[] = { measure_default_spec };

	if (nspecs == 0) {
		specs = def;
		nspecs = 1;
	}
	for (size_t i = 0; i < nspecs; i++) {
		const char *p = specs[i];
		char prev[MEASURE_NAME_MAX] = "";
		for (;;) {
			char one[MEASURE_NAME_MAX * 2], why[200];
			size_t len = 0;
			int depth = 0;
			while (p[len] && (p[len] != ',' || depth > 0)) {
				depth += p[len] == '(';
				depth -= p[len] == ')';
				len++;
			}
			if (len == 0 || len >= sizeof one) {
				snprintf(err, errsz, "%s measure name in '%s'",
					 len ? "overlong" : "empty", specs[i]);
				goto fail;
			}
			memcpy(one, p, len);
			one[len] = '\0';
			if (parse_item(one, prev, sizeof prev, &v, &n, &cap, why,
				       sizeof why) != 0) {
				snprintf(err, errsz, "%s: %s", one, why);
				goto fail;
			}
			if (!p[len])
				break;
			p += len + 1;
		}
	}
	*out = v;
	*nout = n;
	return 0;
fail:
	for (size_t k = 0; k < n; k++)
		measure_release(&v[k]);
	free(v);
	return -1;
}
