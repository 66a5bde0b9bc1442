/*
 * measure_name.c - one measure spec to a struct measure (see measure.h,
 * measure_parse): trec_eval's names as trec_eval spells them, then the
 * canonical stems and ir_measures' aliases without case, the rows of a
 * stem tried in table order, (rel=N) and GM(M); an unknown name gets a
 * "did you mean".  Names are at most MEASURE_NAME_MAX bytes; the tables
 * are a few dozen rows, scanned linearly.
 */
#include "measure.h"
#include "measure_int.h"
#include "lex.h"
#include "suggest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	{ "map_cut_", "AP", "@", "" },
	{ "map_cut.", "AP", "@", "" },
	{ "success_", "Success", "@", "" },
	{ "success.", "Success", "@", "" },
	{ "recip_rank_", "RR", "@", "" },
	{ "set_P", "SetP", "", "" },
	{ "set_recall", "SetR", "", "" },
	{ "set_map", "SetAP", "", "" },
	{ "set_relative_P", "SetRelP", "", "" },
	{ "set_F", "SetF", "", "" },
	{ "set_F_", "SetF", "(beta=", ")" },
	{ "set_F.", "SetF", "(beta=", ")" },
	{ "relative_P_", "relative_P", "@", "" },
	{ "relative_P.", "relative_P", "@", "" },
	{ "iprec_at_recall_", "IPrec", "@", "" },
	{ "iprec_at_recall.", "IPrec", "@", "" },
	{ "Rprec_mult_", "Rprec_mult", "(m=", ")" },
	{ "Rprec_mult.", "Rprec_mult", "(m=", ")" },
	{ "11pt_avg_", "11pt_avg", "(levels=", ")" },
	{ "11pt_avg.", "11pt_avg", "(levels=", ")" },
	{ "utility_", "utility", "(", ")" },
	{ "utility.", "utility", "(", ")" },
	{ "unj_", "unj", "@", "" },
	{ "unj.", "unj", "@", "" },
	{ "ndcg", "nDCG", "", "" },
	{ "ndcg_", "nDCG", "(gains=", ")" },
	{ "ndcg.", "nDCG", "(gains=", ")" },
	{ "ndcg_rel_", "ndcg_rel", "(gains=", ")" },
	{ "ndcg_rel.", "ndcg_rel", "(gains=", ")" },
	{ "Rndcg_", "Rndcg", "(gains=", ")" },
	{ "Rndcg.", "Rndcg", "(gains=", ")" },
	{ "G_", "G", "(gains=", ")" },
	{ "G.", "G", "(gains=", ")" },
	{ "ndcg_exp_", "nDCG", "(dcg=exp-log2)@", "" },
	{ "rbp.", "rbp", "(", ")" },
	{ "rbp_p=", "rbp", "(p=", ")" },
	{ "rbp_resid.", "rbp_resid", "(", ")" },
	{ "rbp_resid_p=", "rbp_resid", "(p=", ")" },
	{ "err_", "ERR", "@", "" },
};

/* ir_measures' names that are not cbeval's canonical stems, matched
 * without case like every name that is not trec_eval's. */
static const struct {
	const char *alias, *stem;
} ir_aliases[] = {
	{ "MAP", "AP" },
	{ "MRR", "RR" },
	{ "NumRet", "num_ret" },
	{ "NumRel", "num_rel" },
	{ "NumRelRet", "num_rel_ret" },
	{ "NumQ", "num_q" },
};

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
		/* ndcg_L=G (ndcg_rel, Rndcg, G too): a level after "ndcg_",
		 * so that a slip such as "ndcg_cutt.10" is an unknown measure */
		if (strcmp(aliases[i].open, "(gains=") == 0 &&
		    !strchr("+-0123456789", spec[al]))
			continue;
		best = i;
		bestlen = al;
	}
	return best;
}

/* ASCII case-insensitive comparison of n bytes of a with all of b. */
static int same_fold(const char *a, size_t n, const char *b)
{
	if (strlen(b) != n)
		return 0;
	for (size_t i = 0; i < n; i++) {
		int x = (unsigned char)a[i], y = (unsigned char)b[i];
		if (x >= 'A' && x <= 'Z')
			x += 'a' - 'A';
		if (y >= 'A' && y <= 'Z')
			y += 'a' - 'A';
		if (x != y)
			return 0;
	}
	return 1;
}

/* The canonical stem that the n bytes at name stand for: a stem of the
 * table as spelled, then a stem or an ir_measures alias without case;
 * NULL when none.  (trec_eval's names were matched exactly before.) */
static const char *resolve_stem(const char *name, size_t n)
{
	for (size_t i = 0; i < measure_table_len; i++)
		if (strlen(measure_table[i]->name) == n &&
		    strncmp(measure_table[i]->name, name, n) == 0)
			return measure_table[i]->name;
	for (size_t i = 0; i < measure_table_len; i++)
		if (same_fold(name, n, measure_table[i]->name))
			return measure_table[i]->name;
	for (size_t i = 0; i < sizeof ir_aliases / sizeof *ir_aliases; i++)
		if (same_fold(name, n, ir_aliases[i].alias))
			for (size_t j = 0; j < measure_table_len; j++)
				if (strcmp(measure_table[j]->name, ir_aliases[i].stem) == 0)
					return measure_table[j]->name;
	return NULL;
}

/* "unknown measure 'SPEC'", with "; did you mean X?" when a known name
 * is a slip away from SPEC's name: SPEC is split into a name and the rest
 * (from the first '@' or '(', or a '.' or '_' before a digit), the name
 * compared with the canonical stems, the ir_measures aliases and the
 * trec_eval names, and X is the closest of those with the rest. */
static void unknown(const char *spec, char *err, size_t errsz)
{
	const char *cand[64 + sizeof aliases / sizeof *aliases +
			 sizeof ir_aliases / sizeof *ir_aliases];
	char trec[sizeof aliases / sizeof *aliases][MEASURE_NAME_MAX];
	char name[MEASURE_NAME_MAX * 2];
	size_t n = 0, len = 0, best;
	while (spec[len] && spec[len] != '@' && spec[len] != '(' &&
	       !((spec[len] == '.' || spec[len] == '_') &&
		 spec[len + 1] >= '0' && spec[len + 1] <= '9'))
		len++;
	snprintf(name, sizeof name, "%.*s", (int)len, spec);
	for (size_t i = 0; i < measure_table_len && n < 64; i++)
		cand[n++] = measure_table[i]->name;
	for (size_t i = 0; i < sizeof ir_aliases / sizeof *ir_aliases; i++)
		cand[n++] = ir_aliases[i].alias;
	for (size_t i = 0; i < sizeof aliases / sizeof *aliases; i++) {
		size_t al = strlen(aliases[i].alias);
		if (al && (aliases[i].alias[al - 1] == '_' || aliases[i].alias[al - 1] == '.'))
			al--;
		snprintf(trec[i], sizeof trec[i], "%.*s", (int)al, aliases[i].alias);
		cand[n++] = trec[i];
	}
	best = suggest_best(name, cand, n);
	if (best < n)
		snprintf(err, errsz, "unknown measure '%s'; did you mean %s%s?",
			 spec, cand[best], spec + len);
	else
		snprintf(err, errsz, "unknown measure '%s' (cbeval --help lists the measures)",
			 spec);
}

/* How well the rest of a spec fits def's synopsis: 2 when the synopsis
 * has the rest's text up to its first '=' ("(gains="), 1 when only its
 * first byte ("@", "(" or nothing after the name), else 0. */
static int form_fit(const struct measure_def *def, const char *rest)
{
	const char *syn = def->synopsis + strlen(def->name);
	size_t eq = strcspn(rest, "=");
	if (syn[0] != rest[0])
		return 0;
	return rest[eq] == '=' && strncmp(syn, rest, eq + 1) == 0 ? 2 : 1;
}

/* The row of the table that takes buf, whose stem is its first stem
 * bytes (resolve_stem), into m: the rows named by the stem are tried in
 * table order (AP and AP@k are two rows named AP), the first that parses
 * the rest wins.  Returns 0, or -1 with m->def NULL when no row has the
 * name, else with a reason in err: that of the last row whose synopsis
 * fits the rest best (form_fit), or the forms taken.  (The uncut nDCG
 * comes after nDCG(dcg=exp-log2)@k in the table so that its reason is
 * the one for "nDCG(" with neither "gains=" nor "dcg=".) */
static int parse_def(struct measure *m, const char *buf, size_t stem,
		     char *err, size_t errsz)
{
	const struct measure_def *named = NULL, *form = NULL;
	const char *name = resolve_stem(buf, stem);
	size_t nnamed = 0, used = 0;
	int fit = 0;
	for (size_t i = 0; name && i < measure_table_len; i++) {
		const struct measure_def *def = measure_table[i];
		if (strcmp(def->name, name) != 0)
			continue;
		memset(m, 0, sizeof *m);
		m->def = def;
		m->n_out = def->n_out;
		m->judged_depth = def->judged_depth;
		if (def->parse(m, buf + stem, err, errsz) == 0)
			return 0;
		named = def;
		nnamed++;
		if (form_fit(def, buf + stem) >= fit && form_fit(def, buf + stem)) {
			form = def;   /* the last of the best fit */
			fit = form_fit(def, buf + stem);
		}
	}
	if (nnamed > 1 && form)   /* its reason again */
		form->parse(m, buf + stem, err, errsz);
	else if (nnamed > 1)
		for (size_t i = 0; i < measure_table_len && used < errsz; i++)
			if (strcmp(measure_table[i]->name, named->name) == 0)
				used += (size_t)snprintf(err + used, errsz - used,
					"%s%s", used ? " or " : "expected ",
					measure_table[i]->synopsis);
	memset(m, 0, sizeof *m);
	m->def = named;
	return -1;
}

/* The cutoff "_cut_K" that ends the *rest bytes at s of an alias of
 * RBP or INSQ (stem), K whole digits: *cut and *cutn get K, *rest
 * loses it; nothing changes otherwise. */
static void cut_suffix(const char *stem, const char *s, size_t *rest,
		       const char **cut, size_t *cutn)
{
	size_t i = *rest;
	if (strcmp(stem, "RBP") != 0 && strcmp(stem, "INSQ") != 0)
		return;
	while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9')
		i--;
	if (i == *rest || i < 5 || strncmp(s + i - 5, "_cut_", 5) != 0)
		return;
	*cut = s + i;
	*cutn = *rest - i;
	*rest = i - 5;
}

/* Parse a spec that is not a GM and has no (rel=N) into m; *out is the
 * output the spec names (1 for an RBP residual, else 0). */
static int parse_bare(struct measure *m, const char *spec, int *out,
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
		const char *cut = "";
		size_t cutn = 0;
		if (strcmp(aliases[ai].stem, "RBP") == 0 && rest > 9 &&
		    strcmp(spec + al + rest - 9, "_residual") == 0) {
			rest -= 9;
			*out = 1;
		}
		/* rbp_0.8_cut_10, insq_2_graded_cut_10: RBP(p=0.8)@10 ... */
		cut_suffix(aliases[ai].stem, spec + al, &rest, &cut, &cutn);
		snprintf(buf, sizeof buf, "%s%s%.*s%s%s%.*s", aliases[ai].stem,
			 aliases[ai].open, (int)rest, spec + al, aliases[ai].close,
			 cutn ? "@" : "", (int)cutn, cut);
	}
	/* The name of RBP's second output names RBP. */
	if (strncmp(buf, "RBP(", 4) == 0 && strlen(buf) > 9 &&
	    strcmp(buf + strlen(buf) - 9, ".residual") == 0) {
		buf[strlen(buf) - 9] = '\0';
		*out = 1;
	}
	while (buf[stem] && buf[stem] != '@' && buf[stem] != '(')
		stem++;
	if (parse_def(m, buf, stem, err, errsz) != 0) {
		if (!m->def)
			unknown(spec, err, errsz);
		return -1;
	}
	def = m->def;
	for (int o = 0; o < def->n_out; o++)
		def->names(m, o, m->name[o], m->trec[o]);
	if (def->setup)
		def->setup(m);
	return 0;
}

/* Take an item "rel=N" out of the first parenthesised group of spec:
 * out is spec without it (and without the parentheses when nothing else
 * was in them: "AP(rel=2)" is "AP", "RBP(p=0.8,rel=2)" is "RBP(p=0.8)",
 * "R(rel=2)@1000" is "R@1000").  Returns 1 with *rel set, 0 when there
 * is none, -1 with err set when N is not a whole number from 1 to
 * MEASURE_REL_MAX. */
static int take_rel(const char *spec, char *out, size_t outsz, int *rel,
		    char *err, size_t errsz)
{
	const char *open = strchr(spec, '('), *close, *item, *end;
	const char *why;
	long n;
	snprintf(out, outsz, "%s", spec);
	if (!open || !(close = strchr(open, ')')))
		return 0;
	for (item = open + 1; item < close; item = end + 1) {
		end = memchr(item, ',', (size_t)(close - item));
		if (!end)
			end = close;
		if (end - item < 4 || strncmp(item, "rel=", 4) != 0)
			continue;
		if (lex_long(item + 4, (size_t)(end - item - 4), 1, MEASURE_REL_MAX,
			     &n, &why) != 0) {
			snprintf(err, errsz, "rel=%.*s: the level must be a whole number from 1 to %d (-l sets levels below 1)",
				 (int)(end - item - 4), item + 4, MEASURE_REL_MAX);
			return -1;
		}
		*rel = (int)n;
		if (item == open + 1 && end == close)           /* "(rel=N)" */
			snprintf(out, outsz, "%.*s%s", (int)(open - spec), spec,
				 close + 1);
		else if (end == close)                          /* ",rel=N)" */
			snprintf(out, outsz, "%.*s%s", (int)(item - 1 - spec),
				 spec, end);
		else                                            /* "rel=N," */
			snprintf(out, outsz, "%.*s%s", (int)(item - spec), spec,
				 end + 1);
		return 1;
	}
	return 0;
}

/* Put ",rel=N" into the parentheses of name, or "(rel=N)" before its
 * '@' or at its end.  Returns 0, or -1 when the name would not fit. */
static int name_rel(char *name, int rel)
{
	char tmp[MEASURE_NAME_MAX * 2];
	char *open = strchr(name, '('), *at;
	size_t cut;
	if (open && strchr(open, ')')) {
		cut = (size_t)(strchr(open, ')') - name);
		snprintf(tmp, sizeof tmp, "%.*s,rel=%d%s", (int)cut, name, rel,
			 name + cut);
	} else {
		at = strchr(name, '@');
		cut = at ? (size_t)(at - name) : strlen(name);
		snprintf(tmp, sizeof tmp, "%.*s(rel=%d)%s", (int)cut, name, rel,
			 name + cut);
	}
	if (strlen(tmp) >= MEASURE_NAME_MAX)
		return -1;
	memcpy(name, tmp, strlen(tmp) + 1);
	return 0;
}

/* Parse a spec that is not a GM into m: (rel=N) taken out, the rest by
 * parse_bare, and N kept in m and put into its names (the trec_eval
 * name gets "(rel=N)" at its end: "map(rel=2)"). */
static int parse_plain(struct measure *m, const char *spec, int *out,
		       char *err, size_t errsz)
{
	char bare[MEASURE_NAME_MAX * 2];
	int rel = 0, has = take_rel(spec, bare, sizeof bare, &rel, err, errsz);
	if (has < 0 || parse_bare(m, bare, out, err, errsz) != 0)
		return -1;
	if (!has)
		return 0;
	if (!m->def->binary) {
		snprintf(err, errsz, "%s does not binarise relevance: (rel=N) does not apply",
			 m->def->name);
		return -1;
	}
	m->rel_set = 1;
	m->rel = rel;
	for (int o = 0; o < m->n_out; o++) {
		size_t n = strlen(m->trec[o]);
		if (name_rel(m->name[o], rel) != 0 ||
		    n + 16 >= MEASURE_NAME_MAX) {
			snprintf(err, errsz, "measure name too long");
			return -1;
		}
		snprintf(m->trec[o] + n, MEASURE_NAME_MAX - n, "(rel=%d)", rel);
	}
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
	if (m->def->trec_geom) {
		snprintf(err, errsz, "GM of %s: it is a geometric mean already",
			 m->def->name);
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

/* The trec_eval prefix "name." of the one-parameter measure with stem
 * stem ("Rprec_mult." for Rprec_mult) into prev, if it has one. */
void measure_dotted_prefix(const char *stem, char *prev, size_t prevsz)
{
	for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
		size_t al = strlen(aliases[i].alias);
		if (strcmp(aliases[i].stem, stem) == 0 &&
		    aliases[i].alias[al - 1] == '.' && strchr(aliases[i].open, '='))
			snprintf(prev, prevsz, "%s", aliases[i].alias);
	}
}
