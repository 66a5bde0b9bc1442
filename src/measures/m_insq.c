/*
 * m_insq.c - INSQ (Moffat, Scholer & Thomas, ADCS 2012), as the
 * C/W/L framework defines it with C(i) = ((i+2T-1)/(i+2T))^2 and as
 * cwl_eval normalises it, with depth bound D = 1000:
 *   W(i) = (i+2T-1)^-2 / sum_{j=1..D} (j+2T-1)^-2
 *   INSQ(T) = sum over i <= min(D, n) of rel(d_i) W(i)
 */
#include "measure.h"
#include "xalloc.h"

#include <math.h>
#include <stdio.h>

static int insq_parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	return measure_parse_param(arg, "T", 0, 1e9, 1, 0, &m->p, err, errsz);
}

static void insq_names(const struct measure *m, int o, char *name, char *trec)
{
	char t[32];
	(void)o;
	measure_fmt_param(t, sizeof t, m->p);
	snprintf(name, MEASURE_NAME_MAX, "INSQ(T=%s)", t);
	snprintf(trec, MEASURE_NAME_MAX, "insq_%s", t);
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
	double s = 0;
	(void)prep;
	for (size_t i = 0; i < r->nc; i++) {
		const struct hit *h = &r->c[i];
		if (h->pos > MEASURE_DEPTH)
			break;
		if (h->id < ti->t->n_rel)
			s += m->tab[h->pos - 1];
	}
	out[0] = s;
}

const struct measure_def measure_insq = {
	.name = "INSQ",
	.binary = 1,
	.synopsis = "INSQ(T=T)",
	.n_out = 1,
	.parse = insq_parse,
	.names = insq_names,
	.setup = insq_setup,
	.copies = 1,
	.score = insq_score,
};
