/*
 * m_utility.c - trec_eval's set utility (m_utility.c), with coefficients
 * a, b, c, d (default 1, -1, 0, 0):
 *   utility = a * rel_ret + b * (ret - rel_ret) + c * (R - rel_ret)
 *             + d * (N + rel_ret - ret - R)
 * with ret the ranking's positions (after -M; with multiplicity),
 * rel_ret the relevant ones and N the documents in the collection, which
 * trec_eval takes from its -N option, 0 by default; so does cbeval (-N
 * sets m->p, see eval.c; it is not part of the name, as in trec_eval).
 * Evaluated in double precision in that order, as trec_eval.  Computed
 * when R = 0 too (then b * ret - d * ret).  An empty ranking scores as
 * trec_eval -c scores a topic the run lacks: trec_eval ranks one
 * document of its own there ("ceci_nest_pas_un_docno", not relevant),
 * so the value is b + c * R - d * (1 + R) (ret = 1, rel_ret = 0), except
 * with the default coefficients, printed "utility", which trec_eval
 * resets to 0 for such a topic.  The value for "all" is the mean.
 * Names: utility(a=A,b=B,c=C,d=D), always with the four coefficients;
 * -m also takes utility(A,B,C,D), utility.A,B,C,D and utility_A,B,C,D
 * (the comma list of -m keeps the three commas after "utility." or
 * "utility_" in the measure).  trec_eval: utility with the defaults,
 * else utility_A,B,C,D (trec_eval prints the text given to -m; cbeval the
 * shortest form of each number, and utility for 1,-1,0,0 however
 * written).
 */
#include "measure.h"
#include "lex.h"

#include <stdio.h>
#include <string.h>

static const double utility_default[4] = { 1, -1, 0, 0 };

/* The canonical name (trec = 0) or the trec_eval name of coefficients
 * u into buf; returns its length. */
static size_t utility_text(const double *u, int trec, char *buf,
			   size_t bufsz)
{
	char p[4][32];
	int len;
	for (int i = 0; i < 4; i++)
		measure_fmt_param(p[i], sizeof p[i], u[i]);
	if (trec && memcmp(u, utility_default, sizeof utility_default) == 0)
		len = snprintf(buf, bufsz, "utility");
	else if (trec)
		len = snprintf(buf, bufsz, "utility_%s,%s,%s,%s", p[0], p[1],
			       p[2], p[3]);
	else
		len = snprintf(buf, bufsz, "utility(a=%s,b=%s,c=%s,d=%s)",
			       p[0], p[1], p[2], p[3]);
	return len < 0 ? bufsz : (size_t)len;
}

static int utility_parse(struct measure *m, const char *arg, char *err,
			 size_t errsz)
{
	static const char letter[4] = { 'a', 'b', 'c', 'd' };
	size_t n = strlen(arg), at = 1;
	memcpy(m->coef, utility_default, sizeof m->coef);
	if (n == 0)
		return 0;
	if (n < 2 || arg[0] != '(' || arg[n - 1] != ')')
		goto bad;
	for (int i = 0; i < 4; i++) {
		size_t len = strcspn(arg + at, ",)");
		const char *why, *s = arg + at;
		if (at + len >= n || (arg[at + len] == ')') != (i == 3))
			goto bad;
		if (len > 2 && s[0] == letter[i] && s[1] == '=') {
			s += 2;
			len -= 2;
		}
		if (lex_double(s, len, &m->coef[i], &why) != 0)
			goto bad;
		at += (size_t)(s - (arg + at)) + len + 1;
	}
	if (at == n) {
		char buf[256];
		if (utility_text(m->coef, 0, buf, sizeof buf) < MEASURE_NAME_MAX)
			return 0;
		snprintf(err, errsz, "coefficients too long for a measure name");
		return -1;
	}
bad:
	snprintf(err, errsz,
		 "expected nothing or (a=A,b=B,c=C,d=D) after the name");
	return -1;
}

static void utility_names(const struct measure *m, int o, char *name,
			  char *trec)
{
	char buf[256];
	size_t len;
	(void)o;
	/* utility_parse checked that the names fit */
	len = utility_text(m->coef, 0, buf, sizeof buf);
	buf[len < MEASURE_NAME_MAX ? len : MEASURE_NAME_MAX - 1] = '\0';
	memcpy(name, buf, strlen(buf) + 1);
	len = utility_text(m->coef, 1, buf, sizeof buf);
	buf[len < MEASURE_NAME_MAX ? len : MEASURE_NAME_MAX - 1] = '\0';
	memcpy(trec, buf, strlen(buf) + 1);
}

static void utility_score(const struct measure *m, const struct ranked *r,
			  const struct topic_image *ti, const double *prep,
			  double *out)
{
	uint32_t nrel = ti->t->n_rel;
	int64_t rr = 0, ret = (int64_t)r->len, R = (int64_t)ti->R;
	const double *u = m->coef;
	(void)prep;
	if (ret == 0) {
		/* trec_eval -c: its one-document ranking, or 0 by default */
		if (memcmp(u, utility_default, sizeof utility_default) == 0) {
			out[0] = 0;
			return;
		}
		ret = 1;
	}
	for (size_t i = 0; i < r->n; i++)
		if (r->h[i].id < nrel)
			rr += hit_k(ti, &r->h[i]);
	out[0] = u[0] * (double)rr + u[1] * (double)(ret - rr) +
		 u[2] * (double)(R - rr) +
		 u[3] * (double)((int64_t)m->p + rr - ret - R);
}

const struct measure_def measure_utility = {
	.trec_order = TREC_ORDER_UTILITY,
	.name = "utility",
	.binary = 1,
	.synopsis = "utility(a=A,b=B,c=C,d=D)",
	.n_out = 1,
	.parse = utility_parse,
	.names = utility_names,
	.needs_length = 1,
	.call_when_r0 = 1,
	.call_when_empty = 1,
	.score = utility_score,
};
