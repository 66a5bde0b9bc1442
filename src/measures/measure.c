/*
 * measure.c - the measure table, --help's list of measures and the
 * helpers the measure files share (see measure.h).  Spec parsing is in
 * measure_name.c (one name) and measure_list.c (the -m lists).
 *
 * Adding a measure: write src/measures/m_NAME.c defining a
 * struct measure_def, declare it below and add one row to measure_table.
 * A measure that computes one of trec_eval's sets trec_order (its place
 * in trec_eval's table, which -F trec follows); cbeval's own leave it 0.
 * GM(M) is no row: measure_name.c parses M and sets struct measure.gm.
 */
#include "lanes.h"
#include "measure.h"
#include "lex.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern const struct measure_def measure_ap, measure_rr, measure_p,
	measure_ndcg, measure_rbp, measure_insq, measure_recall, measure_rprec,
	measure_bpref, measure_judged, measure_num_ret, measure_num_rel,
	measure_num_rel_ret, measure_q, measure_ncg;
extern const struct measure_def measure_ap_cut, measure_success,
	measure_rr_cut, measure_set_p, measure_set_recall, measure_set_map,
	measure_set_rel_p, measure_set_f, measure_rel_p, measure_num_q,
	measure_num_nonrel_judged_ret;
extern const struct measure_def measure_iprec_at, measure_11pt_avg,
	measure_infap, measure_gm_map, measure_gm_bpref, measure_utility,
	measure_rprec_mult, measure_unj;
extern const struct measure_def measure_ndcg_all, measure_ndcg_rel,
	measure_rndcg, measure_g, measure_bing, measure_te_rbp,
	measure_rbp_resid, measure_err, measure_ndcg_exp;
extern const struct measure_def measure_rbp_graded, measure_insq_graded;

const struct measure_def *const measure_table[] = {
	&measure_ap, &measure_q, &measure_ndcg, &measure_ncg, &measure_p,
	&measure_rbp, &measure_rbp_graded, &measure_insq, &measure_insq_graded,
	&measure_rr, &measure_recall,
	&measure_rprec, &measure_bpref, &measure_judged, &measure_num_ret,
	&measure_num_rel, &measure_num_rel_ret,
	&measure_ap_cut, &measure_success, &measure_rr_cut, &measure_set_p,
	&measure_set_recall, &measure_set_map, &measure_set_rel_p,
	&measure_set_f, &measure_rel_p, &measure_num_q,
	&measure_num_nonrel_judged_ret,
	&measure_iprec_at, &measure_11pt_avg, &measure_infap, &measure_gm_map,
	&measure_gm_bpref, &measure_utility, &measure_rprec_mult, &measure_unj,
	&measure_ndcg_rel, &measure_rndcg, &measure_g,
	&measure_bing, &measure_te_rbp, &measure_rbp_resid, &measure_err,
	&measure_ndcg_exp, &measure_ndcg_all,
};
const size_t measure_table_len = sizeof measure_table / sizeof measure_table[0];

const char *const measure_default_spec =
	"AP,nDCG@1000,P@10,RBP(p=0.95),INSQ(T=5),RR";

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
	      "                  (rel=N): relevant at grade >= N for this measure, as\n"
	      "                  AP(rel=2), R(rel=2)@1000, RBP(p=0.8,rel=2)\n"
	      "                  trec_eval's names as it spells them (map, P_10,\n"
	      "                  P.5,10, ndcg_cut.10, map_cut_5, iprec_at_recall_0.10,\n"
	      "                  utility.2,-1,0,0, ndcg, ndcg.1=3.5,2=9.0, rbp, set_F,\n"
	      "                  ...) and the -F trec names (rbp_0.95, insq_5,\n"
	      "                  judged_10, err_20, ndcg_1=3.5,2=9.0, ...); a family\n"
	      "                  alone (P, recall, ndcg_cut, map_cut, success,\n"
	      "                  iprec_at_recall, Rprec_mult, unj, ...) is its default\n"
	      "                  parameters; groups official, set and all_trec\n"
	      "                  other names match without case (ndcg@10), and\n"
	      "                  ir_measures' MAP, MRR, NumQ, NumRet, NumRel, NumRelRet\n"
	      "                  name AP, RR, num_q, num_ret, num_rel, num_rel_ret\n", f);
}

void measure_fmt_param(char *out, size_t outsz, double v)
{
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(out, outsz, "%.*g", prec, v);
		if (strtod(out, NULL) == v)
			return;
	}
}

void measure_fmt_param2(char *out, size_t outsz, double v)
{
	snprintf(out, outsz, "%3.2f", v);
	if (strtod(out, NULL) != v)
		measure_fmt_param(out, outsz, v);
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

const char *measure_split_cutoff(struct measure *m, const char *arg,
				 char *buf, size_t bufsz, char *err,
				 size_t errsz)
{
	const char *at = strrchr(arg, '@'), *close = strrchr(arg, ')');
	if (!at || (close && close > at))
		return arg;
	if (measure_parse_cutoff(m, at, err, errsz) != 0)
		return NULL;
	snprintf(buf, bufsz, "%.*s", (int)(at - arg), arg);
	return buf;
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

void measure_release(struct measure *m)
{
	free(m->tab);
	m->tab = NULL;
	m->ntab = 0;
}

int measure_same(const struct measure *a, const struct measure *b)
{
	return a->def == b->def && a->gm == b->gm && a->k == b->k &&
	       a->p == b->p && a->rel_set == b->rel_set && a->rel == b->rel &&
	       a->coef[0] == b->coef[0] && a->coef[1] == b->coef[1] &&
	       a->coef[2] == b->coef[2] && a->coef[3] == b->coef[3] &&
	       strcmp(a->name[0], b->name[0]) == 0;
}

int measure_trec_order(const struct measure *m)
{
	if (m->gm || m->rel_set)
		return TREC_ORDER_NONE;
	return (int)m->def->trec_order;
}

static int cmp_double(double a, double b)
{
	return a < b ? -1 : a > b;
}

int measure_trec_cmp(const struct measure *a, const struct measure *b)
{
	int oa = measure_trec_order(a), ob = measure_trec_order(b), c;
	if (oa != ob)
		return oa == TREC_ORDER_NONE ? 1 : ob == TREC_ORDER_NONE ? -1
		       : oa < ob ? -1 : 1;
	if (oa == TREC_ORDER_NONE)
		return 0;
	/* one trec_eval measure: its parameters ascending (trec_eval sorts
	 * its cutoff lists) */
	if (a->k != b->k)
		return a->k < b->k ? -1 : 1;
	if ((c = cmp_double(a->p, b->p)) != 0)
		return c;
	for (int i = 0; i < 4; i++)
		if ((c = cmp_double(a->coef[i], b->coef[i])) != 0)
			return c;
	return 0;
}

void measure_set_name(char *dst, const char *src)
{
	size_t n = strlen(src);
	if (n >= MEASURE_NAME_MAX)
		n = MEASURE_NAME_MAX - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

int measure_lanes_cpu(void)
{
#ifdef MEASURE_HAVE_LANES
	return __builtin_cpu_supports("avx512f") &&
	       __builtin_cpu_supports("avx512dq") &&
	       __builtin_cpu_supports("avx512vl") &&
	       __builtin_cpu_supports("avx512bw");
#else
	return 0;
#endif
}
