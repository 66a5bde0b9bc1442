/*
 * gains.c - the gain parameters of nDCG, ndcg_rel, Rndcg and G (see
 * gains.h): their list, its names, the walk down the ideal ranking by
 * gain and the IDCG under them.  Lists hold at most MEASURE_GAINS_MAX
 * levels, so every lookup is a short loop.  The walk along a ranking by
 * runs of one level is in gains_runs.c.
 */
#include "gains.h"
#include "ideal.h"
#include "lex.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parse one pair "L:G" or "L=G" of n bytes at s into *lev, *gain. */
static int gains_pair(const char *s, size_t n, long *lev, double *gain,
		      char *err, size_t errsz)
{
	size_t sep = strcspn(s, ":=");
	const char *why;
	if (sep >= n) {
		snprintf(err, errsz, "expected L:G, a level and its gain, not '%.*s'",
			 (int)n, s);
		return -1;
	}
	if (lex_long(s, sep, LONG_MIN, LONG_MAX, lev, &why) != 0) {
		snprintf(err, errsz, "level '%.*s': %s", (int)sep, s, why);
		return -1;
	}
	if (*lev > MEASURE_REL_MAX || *lev < -MEASURE_REL_MAX) {
		snprintf(err, errsz, "level %ld %s %d", *lev,
			 *lev > 0 ? "above" : "below",
			 *lev > 0 ? MEASURE_REL_MAX : -MEASURE_REL_MAX);
		return -1;
	}
	if (lex_double(s + sep + 1, n - sep - 1, gain, &why) != 0) {
		snprintf(err, errsz, "gain '%.*s' of level %ld: %s",
			 (int)(n - sep - 1), s + sep + 1, *lev, why);
		return -1;
	}
	return 0;
}

/* Insert the pair (lev, gain) into m's list, levels ascending. */
static int gains_insert(struct measure *m, long lev, double gain, char *err,
			size_t errsz)
{
	int i = m->ngains;
	for (int j = 0; j < m->ngains; j++)
		if (m->gain_lev[j] == lev) {
			snprintf(err, errsz, "level %ld given twice", lev);
			return -1;
		}
	if (m->ngains >= MEASURE_GAINS_MAX) {
		snprintf(err, errsz, "at most %d levels with gains", MEASURE_GAINS_MAX);
		return -1;
	}
	while (i > 0 && m->gain_lev[i - 1] > lev) {
		m->gain_lev[i] = m->gain_lev[i - 1];
		m->gain_val[i] = m->gain_val[i - 1];
		i--;
	}
	m->gain_lev[i] = (int32_t)lev;
	m->gain_val[i] = gain;
	m->ngains++;
	return 0;
}

int gains_parse(struct measure *m, const char *s, size_t n, char *err,
		size_t errsz)
{
	size_t at = 0;
	int kept = 0;
	m->ngains = 0;
	if (n == 0) {
		snprintf(err, errsz, "expected L:G,... (levels and their gains)");
		return -1;
	}
	while (at <= n) {
		size_t len = 0;
		long lev;
		double gain;
		while (at + len < n && s[at + len] != ',')
			len++;
		if (gains_pair(s + at, len, &lev, &gain, err, errsz) != 0 ||
		    gains_insert(m, lev, gain, err, errsz) != 0)
			return -1;
		at += len + 1;
	}
	/* G = L >= 0 is the default: drop it, so that one measure has one
	 * name (levels below 0 not listed gain 0) */
	for (int i = 0; i < m->ngains; i++)
		if (m->gain_val[i] != (double)m->gain_lev[i] ||
		    m->gain_lev[i] < 0) {
			m->gain_lev[kept] = m->gain_lev[i];
			m->gain_val[kept++] = m->gain_val[i];
		}
	m->ngains = kept;
	return 0;
}

size_t gains_text(const struct measure *m, int trec, char *buf, size_t bufsz)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < m->ngains; i++) {
		char g[40];
		int len;
		snprintf(g, sizeof g, "%.1f", m->gain_val[i]);
		if (!trec || strtod(g, NULL) != m->gain_val[i])
			measure_fmt_param(g, sizeof g, m->gain_val[i]);
		len = snprintf(buf + (used < bufsz ? used : bufsz),
			       used < bufsz ? bufsz - used : 0, "%s%ld%c%s",
			       i ? "," : "", (long)m->gain_lev[i],
			       trec ? '=' : ':', g);
		used += len > 0 ? (size_t)len : 0;
	}
	return used;
}

/* The index of level g in m's list, -1 when it has none. */
static int gains_index(const struct measure *m, int32_t g)
{
	for (int i = 0; i < m->ngains; i++)
		if (m->gain_lev[i] == g)
			return i;
	return -1;
}

/* The listed levels that have judged documents of grade >= 0 in ti and
 * positive gains (negative levels never count documents, as trec_eval's
 * num_at_level), into
 * ord by descending gain, their copies into cnt; returns their number. */
static int gains_levels(const struct measure *m, const struct topic_image *ti,
			int *ord, uint64_t *cnt)
{
	const struct topic *t = ti->t;
	const uint32_t bound = gains_bound(m, t);
	int n = 0;
	for (int i = 0; i < m->ngains; i++)
		cnt[i] = 0;
	for (uint32_t id = 0; id < bound; id++) {
		int i = gains_index(m, t->grade[id]);
		if (i >= 0)
			cnt[i] += ti->k[id];
	}
	for (int i = 0; i < m->ngains; i++) {
		int j = n++;
		if (cnt[i] == 0 || m->gain_val[i] <= 0) {
			n--;
			continue;
		}
		while (j > 0 && m->gain_val[ord[j - 1]] < m->gain_val[i]) {
			ord[j] = ord[j - 1];
			j--;
		}
		ord[j] = i;
	}
	return n;
}

void gains_walk_init(struct gains_walk *w, const struct measure *m,
		     const struct topic_image *ti)
{
	ideal_init(&w->w, ti);
	w->m = m;
	w->ti = ti;
	w->n = m->ngains ? gains_levels(m, ti, w->ord, w->cnt) : 0;
	w->j = 0;
	w->id = 0;
	w->left = 0;
	w->g = 0;
	w->pos = 0;
}

/* The ideal ranking merges two lists in descending gain: the listed
 * levels (gains_levels) and the documents of the other grades, whose
 * ids run in descending grade, hence gain (collection.h). */
double gains_walk_step(struct gains_walk *w)
{
	const struct topic *t = w->ti->t;
	const uint8_t *k = w->ti->k;
	if (w->left == 0) {
		double gu, gl;
		while (w->id < t->n_pos &&
		       (k[w->id] == 0 || gains_index(w->m, t->grade[w->id]) >= 0))
			w->id++;
		gu = w->id < t->n_pos ? (double)t->grade[w->id] : 0;
		gl = w->j < w->n ? w->m->gain_val[w->ord[w->j]] : 0;
		if (gu <= 0 && gl <= 0)
			return 0;
		if (gl >= gu) {
			w->g = gl;
			w->left = w->cnt[w->ord[w->j++]];
		} else {
			w->g = gu;
			w->left = k[w->id++];
		}
	}
	w->left--;
	w->pos++;
	return w->g;
}

double gains_idcg(const struct measure *m, const double *tab,
		  const struct topic_image *ti, uint64_t *npos)
{
	struct gains_walk w;
	double idcg = 0, g;
	if (m->ngains == 0)
		return ideal_dcg(tab, ti, npos);
	gains_walk_init(&w, m, ti);
	while ((g = gains_walk_step(&w)) > 0)
		idcg += g / ideal_disc(tab, w.pos);
	*npos = w.pos;
	return idcg;
}

int gains_parse_arg(struct measure *m, const char *arg, const char *stem,
		    const char *tstem, char *err, size_t errsz)
{
	size_t n = strlen(arg);
	char buf[256];
	if (n == 0)
		return 0;
	if (n < 8 || strncmp(arg, "(gains=", 7) != 0 || arg[n - 1] != ')') {
		snprintf(err, errsz,
			 "expected nothing or (gains=L:G,...) after the name");
		return -1;
	}
	if (gains_parse(m, arg + 7, n - 8, err, errsz) != 0)
		return -1;
	if (gains_text(m, 0, buf, sizeof buf) + strlen(stem) + 9 >= MEASURE_NAME_MAX ||
	    gains_text(m, 1, buf, sizeof buf) + strlen(tstem) + 2 >= MEASURE_NAME_MAX) {
		snprintf(err, errsz, "gains too long for a measure name");
		return -1;
	}
	return 0;
}

void gains_names(const struct measure *m, const char *stem,
		 const char *tstem, char *name, char *trec)
{
	char buf[MEASURE_NAME_MAX], full[256];
	if (m->ngains == 0) {
		snprintf(name, MEASURE_NAME_MAX, "%s", stem);
		snprintf(trec, MEASURE_NAME_MAX, "%s", tstem);
		return;
	}
	/* gains_parse_arg checked that they fit */
	gains_text(m, 0, buf, sizeof buf);
	snprintf(full, sizeof full, "%s(gains=%s)", stem, buf);
	snprintf(name, MEASURE_NAME_MAX, "%.63s", full);
	gains_text(m, 1, buf, sizeof buf);
	snprintf(full, sizeof full, "%s_%s", tstem, buf);
	snprintf(trec, MEASURE_NAME_MAX, "%.63s", full);
}
