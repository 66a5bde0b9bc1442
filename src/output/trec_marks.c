/*
 * trec_marks.c - trec_eval's reading of -m (see trec_marks.h): its
 * measure table in print order, its nicknames, and the first parameters
 * of each measure.  Tables of about sixty names; lists of a few -m.
 */
#include "trec_marks.h"
#include "lex.h"
#include "measure.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* trec_eval's measures in its table's order (te_trec_measures).  why:
 * NULL for those cbeval computes, else why it does not. */
#define PREFS_WHY \
	"needs trec_eval's preference judgements (-R prefs, qrels_prefs or qrels_jg), which cbeval does not read"
static const struct {
	const char *name, *why;
} te[] = {
	{ "runid", NULL }, { "num_q", NULL }, { "num_ret", NULL },
	{ "num_rel", NULL }, { "num_rel_ret", NULL }, { "map", NULL },
	{ "gm_map", NULL }, { "Rprec", NULL }, { "bpref", NULL },
	{ "recip_rank", NULL }, { "iprec_at_recall", NULL }, { "P", NULL },
	{ "relstring", NULL }, { "recall", NULL }, { "infAP", NULL },
	{ "gm_bpref", NULL }, { "Rprec_mult", NULL }, { "utility", NULL },
	{ "11pt_avg", NULL }, { "binG", NULL }, { "G", NULL },
	{ "dcg", "is not computed by cbeval (ndcg is)" },
	{ "ideal_dcg", "is not computed by cbeval (ndcg is)" },
	{ "ndcg", NULL }, { "ndcg_rel", NULL }, { "Rndcg", NULL },
	{ "ndcg_cut", NULL }, { "map_cut", NULL }, { "relative_P", NULL },
	{ "success", NULL }, { "set_P", NULL }, { "set_relative_P", NULL },
	{ "set_recall", NULL }, { "set_map", NULL }, { "set_F", NULL },
	{ "num_nonrel_judged_ret", NULL },
	{ "prefs_num_prefs_poss", PREFS_WHY }, { "prefs_num_prefs_ful", PREFS_WHY },
	{ "prefs_num_prefs_ful_ret", PREFS_WHY }, { "prefs_simp", PREFS_WHY },
	{ "prefs_pair", PREFS_WHY }, { "prefs_avgjg", PREFS_WHY },
	{ "prefs_avgjg_Rnonrel", PREFS_WHY }, { "prefs_simp_ret", PREFS_WHY },
	{ "prefs_pair_ret", PREFS_WHY }, { "prefs_avgjg_ret", PREFS_WHY },
	{ "prefs_avgjg_Rnonrel_ret", PREFS_WHY }, { "prefs_simp_imp", PREFS_WHY },
	{ "prefs_pair_imp", PREFS_WHY }, { "prefs_avgjg_imp", PREFS_WHY },
	{ "map_avgjg", PREFS_WHY }, { "P_avgjg", PREFS_WHY },
	{ "Rprec_mult_avgjg", PREFS_WHY }, { "yaap", PREFS_WHY },
	{ "rbp", NULL }, { "rbp_resid", NULL }, { "unj", NULL },
};
#define NTE (sizeof te / sizeof *te)

/* trec_eval's nicknames that cbeval refuses (its measures.c); the others
 * are measure_group_items' groups, with runid (and relstring in
 * all_trec). */
static const char *const refused_nick[] = { "all_prefs", "prefs", "qrels_jg" };

void trec_marks_init(struct trec_marks *tm)
{
	memset(tm, 0, sizeof *tm);
	tm->relstring_len = 10;
	snprintf(tm->relstring_name, sizeof tm->relstring_name, "relstring");
}

void trec_marks_release(struct trec_marks *tm)
{
	for (size_t i = 0; i < tm->nspecs; i++)
		free(tm->specs[i]);
	free(tm->specs);
	for (size_t i = 0; i < tm->nitems; i++)
		free(tm->items[i]);
	free(tm->items);
	trec_marks_init(tm);
}

/* Index of trec_eval's measure name (n bytes), or -1. */
static int te_find(const char *name, size_t n)
{
	for (size_t i = 0; i < NTE; i++)
		if (strlen(te[i].name) == n && memcmp(te[i].name, name, n) == 0)
			return (int)i;
	return -1;
}

/* Mark measure i: its parameters p (NULL: none) unless some were given
 * before.  Returns 0, or -1 with err set. */
static int mark(const char **par, int *marked, size_t i, const char *p,
		char *err, size_t errsz)
{
	if (te[i].why) {
		snprintf(err, errsz, "trec_eval's measure '%s' %s", te[i].name,
			 te[i].why);
		return -1;
	}
	marked[i] = 1;
	if (p && !par[i])
		par[i] = p;
	return 0;
}

/* trec_eval's measures named by the text of their parameters. */
static const struct {
	const char *name;
	int order;
} by_text[] = {
	{ "ndcg", TREC_ORDER_NDCG }, { "ndcg_rel", TREC_ORDER_NDCG_REL },
	{ "Rndcg", TREC_ORDER_RNDCG }, { "G", TREC_ORDER_G },
	{ "rbp", TREC_ORDER_RBP }, { "rbp_resid", TREC_ORDER_RBP_RESID },
	{ "utility", TREC_ORDER_UTILITY }, { "set_F", TREC_ORDER_SET_F },
	{ "11pt_avg", TREC_ORDER_11PT_AVG },
};
#define NBY_TEXT (sizeof by_text / sizeof *by_text)

static void note_text(struct trec_marks *tm, const char *name, const char *par)
{
	for (size_t i = 0; par && i < NBY_TEXT && tm->ntext < TREC_TEXT_MAX; i++)
		if (strcmp(by_text[i].name, name) == 0) {
			tm->text_order[tm->ntext] = by_text[i].order;
			tm->text[tm->ntext++] = par;
		}
}

void trec_marks_rename(const struct trec_marks *tm, struct measure *m,
		       size_t n)
{
	for (size_t j = 0; j < tm->ntext; j++) {
		const char *fam = NULL;
		char spec[MEASURE_NAME_MAX * 4], err[200];
		const char *one[1] = { spec };
		struct measure *v = NULL;
		size_t nv = 0;
		for (size_t i = 0; i < NBY_TEXT; i++)
			if (by_text[i].order == tm->text_order[j])
				fam = by_text[i].name;
		if (!fam || strlen(fam) + strlen(tm->text[j]) + 1 >= MEASURE_NAME_MAX)
			continue;
		/* the measure that fam.text is, and only that one */
		snprintf(spec, sizeof spec, "%s.%s", fam, tm->text[j]);
		if (measure_parse_list(one, 1, &v, &nv, err, sizeof err) != 0)
			continue;
		spec[strlen(fam)] = '_';    /* checked above: it fits */
		for (size_t k = 0; nv == 1 && k < n; k++)
			if (strcmp(m[k].name[0], v[0].name[0]) == 0)
				memcpy(m[k].trec[0], spec, strlen(spec) + 1);
		for (size_t k = 0; k < nv; k++)
			measure_release(&v[k]);
		free(v);
	}
}

/* The length and name of relstring.P. */
static int relstring_of(struct trec_marks *tm, const char *p, char *err,
			size_t errsz)
{
	size_t n = strcspn(p, ",");
	const char *why;
	double len;
	if (lex_double(p, n, &len, &why) != 0 || !(len < 1e9)) {
		snprintf(err, errsz, "relstring.%s: '%.*s' is not a length", p,
			 (int)n, p);
		return -1;
	}
	tm->relstring_len = len < 0 ? 0 : (long)len;
	if (strlen(p) + 11 > sizeof tm->relstring_name) {
		snprintf(err, errsz, "relstring.%s: parameters too long", p);
		return -1;
	}
	snprintf(tm->relstring_name, sizeof tm->relstring_name, "relstring_%s", p);
	return 0;
}

/* One -m argument: a nickname, a measure of trec_eval (name.params) or a
 * name for cbeval (1: pass it through). */
static int mark_arg(const char *a, const char **par, int *marked, char *err,
		    size_t errsz)
{
	size_t n = strcspn(a, ".");
	const char *p = a[n] ? a + n + 1 : NULL, *it;
	char group[16];
	int i;
	for (size_t k = 0; k < sizeof refused_nick / sizeof *refused_nick; k++)
		if (strlen(refused_nick[k]) == n && strncmp(a, refused_nick[k], n) == 0) {
			snprintf(err, errsz, "trec_eval's group '%s' %s",
				 refused_nick[k], PREFS_WHY);
			return -1;
		}
	snprintf(group, sizeof group, "%.*s", (int)(n < sizeof group ? n : 0), a);
	if (n < sizeof group && (it = measure_group_items(group)) != NULL) {
		marked[te_find("runid", 5)] = 1;
		if (strcmp(group, "all_trec") == 0)
			marked[te_find("relstring", 9)] = 1;
		while (*it) {
			size_t len = strcspn(it, ",");
			if (mark(par, marked, (size_t)te_find(it, len), NULL, err,
				 errsz) != 0)
				return -1;
			it += len + (it[len] == ',');
		}
		return 0;
	}
	if ((i = te_find(a, n)) < 0)
		return 1;
	if (p && !*p) {
		snprintf(err, errsz, "improper measure in parameter '%.*s'",
			 (int)n, a);
		return -1;
	}
	return mark(par, marked, (size_t)i, p, err, errsz);
}

/* The spec name.par; for trec_eval's families of whole-number cutoffs
 * each cutoff read as its atol reads it ("23.4" is 23).  Owned. */
static char *spec_of(const char *name, const char *par)
{
	static const char *const cut_long[] = {
		"P", "recall", "relative_P", "success", "map_cut", "ndcg_cut",
		"unj",
	};
	size_t len = strlen(name) + (par ? strlen(par) + 1 : 0) + 1, used;
	char *s = xmalloc(len);
	int whole = 0;
	for (size_t i = 0; par && i < sizeof cut_long / sizeof *cut_long; i++)
		whole |= strcmp(name, cut_long[i]) == 0;
	used = (size_t)snprintf(s, len, "%s%s", name, par ? "." : "");
	while (par && *par) {
		size_t n = strcspn(par, ","), d = 0;
		if (whole) {
			d = strspn(par, " \t");
			d += par[d] == '-' || par[d] == '+';
			d += strspn(par + d, "0123456789");
		}
		if (!whole || d == 0)
			d = n;
		used += (size_t)snprintf(s + used, len - used, "%.*s%s",
					 (int)(d < n ? d : n), par,
					 par[n] == ',' ? "," : "");
		par += n + (par[n] == ',');
	}
	return s;
}

/* The length of the first item of the -m argument a: up to a comma (out
 * of parentheses) followed by a name - a letter, not "p=" of rbp's
 * parameters - so that "map,P.5,10,nDCG@10" is map, P.5,10 and nDCG@10,
 * and "rbp.p=0.8,1=2" one item. */
static size_t item_len(const char *a)
{
	int depth = 0;
	for (size_t i = 0; a[i]; i++) {
		size_t t;
		depth += a[i] == '(';
		depth -= a[i] == ')';
		if (a[i] != ',' || depth > 0 ||
		    !((a[i + 1] >= 'a' && a[i + 1] <= 'z') ||
		      (a[i + 1] >= 'A' && a[i + 1] <= 'Z')))
			continue;
		t = strcspn(a + i + 1, ",.(@=");
		if (a[i + 1 + t] != '=')
			return i;
	}
	return strlen(a);
}

int trec_marks_make(struct trec_marks *tm, const char *const *args, size_t n,
		    char *err, size_t errsz)
{
	const char *par[NTE] = { 0 };
	int marked[NTE] = { 0 }, rc;
	size_t cap = 0;
	const char *const off[] = { "official" };
	if (n == 0) {
		args = off;
		n = 1;
	}
	for (size_t k = 0; k < n; k++) {
		const char *a = args[k];
		while (*a) {
			size_t len = item_len(a);
			char *item = xstrndup(a, len);
			rc = mark_arg(item, par, marked, err, errsz);
			if (rc < 0) {
				free(item);
				return -1;
			}
			if (rc == 0) {
				xgrow(&tm->items, &tm->nitems_cap, tm->nitems + 1,
				      sizeof *tm->items);
				tm->items[tm->nitems++] = item;  /* par points in */
			} else {
				xgrow(&tm->specs, &cap, tm->nspecs + 1,
				      sizeof *tm->specs);
				tm->specs[tm->nspecs++] = item;
			}
			a += len + (a[len] == ',');
		}
	}
	for (size_t i = 0; i < NTE; i++) {
		char *s;
		if (!marked[i])
			continue;
		if (strcmp(te[i].name, "runid") == 0) {
			tm->runid = 1;
			continue;
		}
		if (strcmp(te[i].name, "relstring") == 0) {
			tm->relstring = 1;
			if (par[i] && relstring_of(tm, par[i], err, errsz) != 0)
				return -1;
			continue;
		}
		s = spec_of(te[i].name, par[i]);
		note_text(tm, te[i].name, par[i]);
		xgrow(&tm->specs, &cap, tm->nspecs + 1, sizeof *tm->specs);
		tm->specs[tm->nspecs++] = s;
	}
	return 0;
}
