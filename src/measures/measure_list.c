/*
 * measure_list.c - the -m arguments to a list of measures (see
 * measure.h, measure_parse_list): comma lists, trec_eval's families
 * named alone (their default parameters) and groups (official, set,
 * all_trec), bare numbers that continue the measure before them, and
 * measures named twice kept once.  Lists of a few hundred measures.
 */
#include "measure.h"
#include "measure_int.h"
#include "lex.h"
#include "xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* trec_eval measure families named alone ("-m P", "-m iprec_at_recall")
 * stand for trec_eval's default parameters: the measures are prefix +
 * each item of params. */
#define CUTOFFS9 "5,10,15,20,30,100,200,500,1000"
static const struct {
	const char *name, *prefix, *params;
} families[] = {
	{ "P", "P@", CUTOFFS9 },
	{ "ndcg_cut", "nDCG@", CUTOFFS9 },
	{ "recall", "R@", CUTOFFS9 },
	{ "map_cut", "AP@", CUTOFFS9 },
	{ "relative_P", "relative_P@", CUTOFFS9 },
	{ "success", "Success@", "1,5,10" },
	{ "iprec_at_recall", "IPrec@", "0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1" },
	{ "Rprec_mult", "Rprec_mult.", "0.2,0.4,0.6,0.8,1,1.2,1.4,1.6,1.8,2" },
	{ "unj", "unj@", "5,10,20" },
};

/* trec_eval's groups of measures (its measures.c nicknames), in the
 * order trec_eval prints them: each item a measure or a family. */
static const struct {
	const char *name, *items;
} groups[] = {
	{ "official", "num_q,num_ret,num_rel,num_rel_ret,map,gm_map,Rprec,bpref,"
	  "recip_rank,iprec_at_recall,P" },
	{ "set", "num_q,num_ret,num_rel,num_rel_ret,utility,set_P,"
	  "set_relative_P,set_recall,set_map,set_F" },
	{ "all_trec", "num_q,num_ret,num_rel,num_rel_ret,map,gm_map,Rprec,bpref,"
	  "recip_rank,iprec_at_recall,P,recall,infAP,gm_bpref,Rprec_mult,"
	  "utility,11pt_avg,binG,G,ndcg,ndcg_rel,Rndcg,ndcg_cut,map_cut,"
	  "relative_P,success,set_P,set_relative_P,set_recall,set_map,set_F,"
	  "num_nonrel_judged_ret,rbp,rbp_resid,unj" },
};


const char *measure_group_items(const char *name)
{
	for (size_t i = 0; i < sizeof groups / sizeof *groups; i++)
		if (strcmp(name, groups[i].name) == 0)
			return groups[i].items;
	return NULL;
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

/* 1 when s is digits with one '.' among them ("0.25", ".5", "1."). */
static int is_decimal(const char *s)
{
	size_t d = strspn(s, "0123456789"), e;
	if (s[d] != '.')
		return 0;
	e = strspn(s + d + 1, "0123456789");
	return d + e > 0 && s[d + 1 + e] == '\0';
}

/* If one names a family, add its measures and return 1 (prev: the
 * prefix when it ends in '@', so that a bare cutoff continues it); 0
 * when it names none; -1 with err set on an error. */
static int parse_family(const char *one, char *prev, size_t prevsz,
			struct measure **v, size_t *n, size_t *cap, char *err,
			size_t errsz)
{
	char buf[MEASURE_NAME_MAX * 4];
	struct measure m;
	for (size_t i = 0; i < sizeof families / sizeof *families; i++) {
		const char *p = families[i].params, *pre = families[i].prefix;
		if (strcmp(one, families[i].name) != 0)
			continue;
		while (*p) {
			size_t len = strcspn(p, ",");
			snprintf(buf, sizeof buf, "%s%.*s", pre, (int)len, p);
			if (measure_parse(&m, buf, err, errsz) != 0)
				return -1;
			add_unique(v, n, cap, &m);
			p += len + (p[len] == ',');
		}
		snprintf(prev, prevsz, "%s", pre[strlen(pre) - 1] == '@' ? pre : "");
		return 1;
	}
	return 0;
}

/* Parse one item of a comma list into the list.  prev is what a bare
 * number continues: the stem and '@' of the item before it in the same
 * argument that took a cutoff, or the trec_eval prefix of one that took
 * a parameter ("Rprec_mult."); "" if none; so that "P.5,10" is P@5 and
 * P@10, and "Rprec_mult.0.5,2" is Rprec_mult(m=0.5) and Rprec_mult(m=2). */
static int parse_item(const char *one, char *prev, size_t prevsz,
		      struct measure **v, size_t *n, size_t *cap, char *err,
		      size_t errsz)
{
	char buf[MEASURE_NAME_MAX * 4];
	struct measure m;
	int fam = parse_family(one, prev, prevsz, v, n, cap, err, errsz);

	if (fam != 0)
		return fam < 0 ? -1 : 0;
	for (size_t i = 0; i < sizeof groups / sizeof *groups; i++) {
		const char *p = groups[i].items;
		if (strcmp(one, groups[i].name) != 0)
			continue;
		while (*p) {
			size_t len = strcspn(p, ",");
			snprintf(buf, sizeof buf, "%.*s", (int)len, p);
			if (parse_item(buf, prev, prevsz, v, n, cap, err, errsz) != 0)
				return -1;
			p += len + (p[len] == ',');
		}
		prev[0] = '\0';
		return 0;
	}
	/* a bare recall level continues IPrec: iprec_at_recall.0.2,0.5 */
	if (lex_all_digits(one) || (prev[0] && is_decimal(one))) {
		if (!prev[0]) {
			snprintf(err, errsz,
				 "a bare cutoff must follow a measure with a cutoff, as in P.5,10");
			return -1;
		}
		snprintf(buf, sizeof buf, "%s%s", prev, one);
		one = buf;
	}
	if (measure_parse(&m, one, err, errsz) != 0)
		return -1;
	prev[0] = '\0';
	if (strchr(m.name[0], '@') && !m.gm)
		snprintf(prev, prevsz, "%s@", m.def->name);
	else if (!m.gm)
		measure_dotted_prefix(m.def->name, prev, prevsz);
	add_unique(v, n, cap, &m);
	return 0;
}

/* The number of different N of (rel=N) among v[0..n). */
static int count_levels(const struct measure *v, size_t n)
{
	int c = 0;
	for (size_t i = 0; i < n; i++) {
		size_t j = 0;
		while (j < i && !(v[j].rel_set && v[j].rel == v[i].rel))
			j++;
		c += v[i].rel_set && j == i;
	}
	return c;
}

/* 1 when the comma at c continues the gain list of trec_eval's
 * ndcg.L=G,L=G (or ndcg_L=G,..., and the same of ndcg_rel, Rndcg, G and
 * rbp, whose list may open with p=P: rbp.p=0.8,1=2)
 * that begins at item: the item is such a list and "L=" follows the
 * comma. */
static int gains_comma(const char *item, const char *c)
{
	static const char *const stems[] = { "ndcg", "ndcg_rel", "Rndcg", "G", "rbp" };
	size_t d, i = 0, n = 0;
	for (; i < sizeof stems / sizeof *stems; i++) {
		size_t len = strlen(stems[i]);
		if (strncmp(item, stems[i], len) == 0 &&
		    (item[len] == '.' || item[len] == '_') && item[len + 1] &&
		    (strchr("+-0123456789", item[len + 1]) ||
		     (i == 4 && strncmp(item + len + 1, "p=", 2) == 0)))
			n = len;
	}
	if (n == 0)
		return 0;
	c += 1 + (c[1] == '+' || c[1] == '-');
	d = strspn(c, "0123456789");
	return d > 0 && c[d] == '=';
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
			/* utility.A,B,C,D keeps its three commas, and
			 * ndcg.L=G,L=G,... those of its list */
			int keep = strncmp(p, "utility.", 8) == 0 ||
				   strncmp(p, "utility_", 8) == 0 ? 3 :
				   strncmp(p, "11pt_avg.", 9) == 0 ||
				   strncmp(p, "11pt_avg_", 9) == 0 ? INT_MAX : 0;
			while (p[len] && (p[len] != ',' || depth > 0 || keep-- > 0 ||
					  gains_comma(p, p + len))) {
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
				/* "unknown measure 'X'" names the spec already */
				if (strncmp(why, "unknown measure", 15) == 0)
					snprintf(err, errsz, "%s", why);
				else
					snprintf(err, errsz, "%s: %s", one, why);
				goto fail;
			}
			if (!p[len])
				break;
			p += len + 1;
		}
	}
	if (count_levels(v, n) > MEASURE_REL_LEVELS) {
		snprintf(err, errsz, "at most %d different levels of (rel=N) in one command",
			 MEASURE_REL_LEVELS);
		goto fail;
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
