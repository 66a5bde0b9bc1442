/*
 * m_err.c - expected reciprocal rank at cutoff k (Chapelle, Metzler,
 * Zhang and Grinspan, CIKM 2009) as the TREC Web track's gdeval.pl
 * computes it:
 *   R_i   = (2^g_i - 1) / 2^G, g_i the grade of d_i (0 when unjudged or
 *           negative), G the largest grade (parameter max, default 4);
 *   ERR@k = sum over i <= k of (1/i) R_i prod over j < i of (1 - R_j).
 * Each copy of a document in an image is a position.  Grades above G
 * count as G (gdeval.pl refuses such qrels), so that R_i <= 1.  Ignores
 * -l: a topic with no relevant document but some of positive grade is
 * scored; 0 on an empty ranking and for a topic with no grade above 0
 * (gdeval.pl leaves such topics out of its mean; cbeval's mean counts
 * them as 0).  Names ERR@k and ERR(max=G)@k; -F trec err_k and
 * err_maxG_k (-m takes both spellings).
 */
#include "measure.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define ERR_MAX 4

/* "@maxG_K" (the -F trec spelling err_maxG_K, through the alias err_). */
static int err_parse_trec(struct measure *m, const char *arg, char *err,
			  size_t errsz)
{
	const char *u = strchr(arg, '_');
	char cut[32];
	int n;
	if (!u || (size_t)(u - arg) < 5) {
		snprintf(err, errsz, "expected err_maxG_k");
		return -1;
	}
	n = snprintf(cut, sizeof cut, "(max=%.*s)", (int)(u - arg - 4), arg + 4);
	if (n < 0 || (size_t)n >= sizeof cut ||
	    measure_parse_param(cut, "max", 1, 1000, 0, 0, &m->p, err, errsz))
		return -1;
	snprintf(cut, sizeof cut, "@%s", u + 1);
	return measure_parse_cutoff(m, cut, err, errsz);
}

static int err_parse(struct measure *m, const char *arg, char *err,
		     size_t errsz)
{
	const char *at = strrchr(arg, '@');
	char par[64];
	m->p = ERR_MAX;
	if (strncmp(arg, "@max", 4) == 0)
		return err_parse_trec(m, arg, err, errsz);
	if (arg[0] == '(') {
		if (!at || (size_t)(at - arg) >= sizeof par) {
			snprintf(err, errsz, "expected ERR(max=G)@k");
			return -1;
		}
		memcpy(par, arg, (size_t)(at - arg));
		par[at - arg] = '\0';
		if (measure_parse_param(par, "max", 1, 1000, 0, 0, &m->p, err,
					errsz) != 0)
			return -1;
		arg = at;
	}
	return measure_parse_cutoff(m, arg, err, errsz);
}

static void err_names(const struct measure *m, int o, char *name, char *trec)
{
	char g[32];
	(void)o;
	if (m->p == ERR_MAX) {
		snprintf(name, MEASURE_NAME_MAX, "ERR@%ld", m->k);
		snprintf(trec, MEASURE_NAME_MAX, "err_%ld", m->k);
		return;
	}
	measure_fmt_param(g, sizeof g, m->p);
	snprintf(name, MEASURE_NAME_MAX, "ERR(max=%s)@%ld", g, m->k);
	snprintf(trec, MEASURE_NAME_MAX, "err_max%s_%ld", g, m->k);
}

static void err_score(const struct measure *m, const struct ranked *r,
		      const struct topic_image *ti, const double *prep,
		      double *out)
{
	const struct topic *t = ti->t;
	const uint64_t k = (uint64_t)m->k;
	const double top = pow(2.0, m->p);
	double decay = 1, sum = 0;
	(void)prep;
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		double g, R;
		if (h->pos > k)
			break;
		if (h->id >= t->n_pos)
			continue;
		g = (double)t->grade[h->id];
		R = ((g < m->p ? pow(2.0, g) : top) - 1) / top;
		sum += R * decay / (double)h->pos;
		decay *= 1 - R;
	}
	out[0] = sum;
}

const struct measure_def measure_err = {
	.name = "ERR",
	.synopsis = "ERR[(max=G)]@k",
	.n_out = 1,
	.parse = err_parse,
	.names = err_names,
	.call_when_gain = 1,
	.copies = 1,
	.score = err_score,
};
