/*
 * m_insq.c - INSQ (Moffat, Scholer & Thomas, ADCS 2012), as the
 * C/W/L framework defines it with C(i) = ((i+2T-1)/(i+2T))^2 and as
 * cwl_eval normalises it, with depth bound D = 1000:
 *   W(i) = (i+2T-1)^-2 / sum_{j=1..D} (j+2T-1)^-2
 *   INSQ(T) = sum over i <= min(D, n) of rel(d_i) W(i)
 * The graded INSQ, as cwl_eval computes it from a gains file holding
 * grade / G (INSQ(T=T,gain=graded), INSQ(T=T,gain=graded,max=G)): rel(d)
 * becomes g(d) = max(grade(d), 0) / G (0 unjudged), G = max=G, else the
 * qrels file's largest grade (topic_image.max_grade); a grade above G
 * gives a gain above 1, as in cwl_eval (see m_rbp.c).  No (rel=N);
 * scored whenever the topic has a document of positive grade.  -F trec
 * name insq_T_graded[_maxG].
 * INSQ(T=T)@k (and the graded forms with @k) is INSQ of the ranking cut
 * at k: the sum over i <= min(k, D, n), W(i) normalised over D as
 * always (a cut ranking is a shorter ranking).  -F trec insq_T_cut_k,
 * insq_T_graded[_maxG]_cut_k.
 */
#include "lanes.h"
#include "measure.h"
#include "xalloc.h"

#include <math.h>
#include <stdio.h>

static int insq_parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	char buf[MEASURE_NAME_MAX * 2];
	if (!(arg = measure_split_cutoff(m, arg, buf, sizeof buf, err, errsz)))
		return -1;
	return measure_parse_param(arg, "T", 0, 1e9, 1, 0, &m->p, err, errsz);
}

static void insq_names(const struct measure *m, int o, char *name, char *trec)
{
	char t[32], k[32] = "", tk[32] = "";
	(void)o;
	measure_fmt_param(t, sizeof t, m->p);
	if (m->k > 0) {
		snprintf(k, sizeof k, "@%ld", m->k);
		snprintf(tk, sizeof tk, "_cut_%ld", m->k);
	}
	char buf[160];
	snprintf(buf, sizeof buf, "INSQ(T=%s)%s", t, k);
	measure_set_name(name, buf);
	snprintf(buf, sizeof buf, "insq_%s%s", t, tk);
	measure_set_name(trec, buf);
}

/* tab[i-1] = W(i) for i = 1..D. */
static void insq_setup(struct measure *m)
{
	double s = 0, t2 = 2 * m->p - 1;
	m->ntab = MEASURE_DEPTH;
	m->tab = xcalloc(m->ntab, sizeof *m->tab);
	for (size_t j = 1; j <= MEASURE_DEPTH; j++)
		s += 1.0 / (((double)j + t2) * ((double)j + t2));
	for (size_t i = 1; i <= MEASURE_DEPTH; i++)
		m->tab[i - 1] = 1.0 / (((double)i + t2) * ((double)i + t2)) / s;
}

static void insq_score(const struct measure *m, const struct ranked *r,
		  const struct topic_image *ti, const double *prep, double *out)
{
	const uint64_t d = measure_depth(m);
	double s = 0;
	(void)prep;
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		if (h->pos > d)
			break;
		if (h->id < ti->t->n_rel)
			s += m->tab[h->pos - 1];
	}
	out[0] = s;
}

#ifdef MEASURE_HAVE_LANES
/* insq_score in MEASURE_LANES images (lanes.h): the weight of every
 * copy within the depth, added lane by lane. */
LANES_TARGET
static void insq_score_lanes(const struct measure *m,
			     const struct ranked_lanes *r,
			     const struct topic_image *const *ti,
			     const double *const *prep, double *out)
{
	(void)prep;
	lanes_store(out, lanes_sum_tab(r, m->tab, measure_depth(m),
				       ti[0]->t->n_rel, 0));
}
#endif

static int insq_graded_parse(struct measure *m, const char *arg, char *err,
			     size_t errsz)
{
	return measure_parse_graded(m, arg, "T", 0, 1e9, 1, 0, err, errsz);
}

static void insq_graded_names(const struct measure *m, int o, char *name,
			      char *trec)
{
	measure_graded_names(m, "INSQ", "T", "insq", o, name, trec);
}

static void insq_graded_score(const struct measure *m, const struct ranked *r,
			      const struct topic_image *ti, const double *prep,
			      double *out)
{
	const struct topic *t = ti->t;
	const uint64_t d = measure_depth(m);
	double s = 0, G = measure_graded_g(m, ti);
	uint32_t npos = G > 0 ? t->n_pos : 0;   /* G <= 0: every gain 0 */
	(void)prep;
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		if (h->pos > d)
			break;
		if (h->id < npos)
			s += (double)t->grade[h->id] / G * m->tab[h->pos - 1];
	}
	out[0] = s;
}

const struct measure_def measure_insq_graded = {
	.name = "INSQ",
	.synopsis = "INSQ(T=T,gain=graded[,max=G])[@k]",
	.n_out = 1,
	.parse = insq_graded_parse,
	.names = insq_graded_names,
	.setup = insq_setup,
	.copies = 1,
	.call_when_gain = 1,
	.score = insq_graded_score,
};

const struct measure_def measure_insq = {
	.name = "INSQ",
	.binary = 1,
	.synopsis = "INSQ(T=T)[@k]",
	.n_out = 1,
	.parse = insq_parse,
	.names = insq_names,
	.setup = insq_setup,
	.copies = 1,
	.score = insq_score,
#ifdef MEASURE_HAVE_LANES
	.score_lanes = insq_score_lanes,
#endif
};
