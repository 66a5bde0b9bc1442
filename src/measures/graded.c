/*
 * graded.c - the parameters of the graded RBP and INSQ (m_rbp.c,
 * m_insq.c): "(p=0.8,gain=graded)" and "(p=0.8,gain=graded,max=3)", in
 * any order, and their -F trec spelling "(p=0.8_graded)" and
 * "(p=0.8_graded_max3)" as the alias rbp_ / insq_ hands it over
 * (rbp_0.8_graded_max3), each with a cutoff @k after it
 * (RBP(p=0.8,gain=graded)@10, -F trec rbp_0.8_graded_cut_10).  See
 * measure_parse_graded in measure.h.
 */
#include "measure.h"
#include "lex.h"

#include <stdio.h>
#include <string.h>

/* "(P=X_graded[_maxG])" into "(P=X,gain=graded[,max=G])" in out; arg
 * itself when it is not of that form. */
static const char *from_trec(const char *arg, char *out, size_t outsz)
{
	const char *g = strstr(arg, "_graded"), *rest;
	size_t n = strlen(arg);
	if (!g || n < 2 || arg[n - 1] != ')' || strchr(arg, ','))
		return arg;
	rest = g + 7;
	if (rest[0] == ')' && rest[1] == '\0')
		snprintf(out, outsz, "%.*s,gain=graded)", (int)(g - arg), arg);
	else if (strncmp(rest, "_max", 4) == 0)
		snprintf(out, outsz, "%.*s,gain=graded,max=%s", (int)(g - arg),
			 arg, rest + 4);
	else
		return arg;
	return out;
}

/* One item key=value of the list (n bytes at item) into m; *seen gets
 * bit 1 for the parameter pname, 2 for gain, 4 for max. */
static int graded_item(struct measure *m, const char *item, size_t n,
		       const char *pname, const double lim[2], const int open[2],
		       unsigned *seen, char *err, size_t errsz)
{
	const char *eq = memchr(item, '=', n), *why;
	size_t kl = eq ? (size_t)(eq - item) : n, vl = eq ? n - kl - 1 : 0;
	unsigned bit = 0;
	long g;
	char one[MEASURE_NAME_MAX * 2];
	if (eq && kl == strlen(pname) && strncmp(item, pname, kl) == 0) {
		bit = 1;
		snprintf(one, sizeof one, "(%.*s)", (int)n, item);
		if (measure_parse_param(one, pname, lim[0], lim[1], open[0],
					open[1], &m->p, err, errsz) != 0)
			return -1;
	} else if (eq && kl == 4 && strncmp(item, "gain", 4) == 0) {
		bit = 2;
		if (vl != 6 || strncmp(eq + 1, "graded", 6) != 0) {
			snprintf(err, errsz, "gain=%.*s: the only gain= is gain=graded (without it the measure is binary)",
				 (int)vl, eq + 1);
			return -1;
		}
	} else if (eq && kl == 3 && strncmp(item, "max", 3) == 0) {
		bit = 4;
		if (lex_long(eq + 1, vl, 1, MEASURE_REL_MAX, &g, &why) != 0) {
			snprintf(err, errsz, "max=%.*s: G must be a whole number from 1 to %d",
				 (int)vl, eq + 1, MEASURE_REL_MAX);
			return -1;
		}
		m->coef[0] = (double)g;
	} else {
		snprintf(err, errsz, "unknown parameter '%.*s' (expected %s=VALUE, gain=graded, max=G)",
			 (int)n, item, pname);
		return -1;
	}
	if (*seen & bit) {
		snprintf(err, errsz, "%.*s given twice", (int)kl, item);
		return -1;
	}
	*seen |= bit;
	return 0;
}

int measure_parse_graded(struct measure *m, const char *arg, const char *pname,
			 double lo, double hi, int lo_open, int hi_open,
			 char *err, size_t errsz)
{
	char buf[MEASURE_NAME_MAX * 2];
	const double lim[2] = { lo, hi };
	const int open[2] = { lo_open, hi_open };
	char cut[MEASURE_NAME_MAX * 2];
	const char *a, *item, *end, *close;
	unsigned seen = 0;
	size_t n;
	if (!(arg = measure_split_cutoff(m, arg, cut, sizeof cut, err, errsz)))
		return -1;
	a = from_trec(arg, buf, sizeof buf);
	n = strlen(a);
	/* Without gain= or max= it is the binary form's spec, which its row
	 * rejected: its reason again. */
	if (!strstr(a, "gain=") && !strstr(a, "max=")) {
		if (measure_parse_param(a, pname, lo, hi, lo_open, hi_open, &m->p,
					err, errsz) == 0)
			snprintf(err, errsz, "expected (%s=VALUE) after the name", pname);
		return -1;
	}
	if (n < 2 || a[0] != '(' || a[n - 1] != ')') {
		snprintf(err, errsz, "expected (%s=VALUE,gain=graded[,max=G]) after the name",
			 pname);
		return -1;
	}
	close = a + n - 1;
	for (item = a + 1; item <= close; item = end + 1) {
		end = memchr(item, ',', (size_t)(close - item));
		if (!end)
			end = close;
		if (graded_item(m, item, (size_t)(end - item), pname, lim, open,
				&seen, err, errsz) != 0)
			return -1;
	}
	if (!(seen & 2)) {
		snprintf(err, errsz, "max=G applies to gain=graded only");
		return -1;
	}
	if (!(seen & 1)) {
		snprintf(err, errsz, "expected (%s=VALUE,gain=graded[,max=G]) after the name",
			 pname);
		return -1;
	}
	return 0;
}

void measure_graded_names(const struct measure *m, const char *stem,
			  const char *pname, const char *tstem, int o,
			  char *name, char *trec)
{
	char p[32], g[32] = "", k[32] = "", tk[32] = "";
	measure_fmt_param(p, sizeof p, m->p);
	if (m->coef[0] > 0)
		snprintf(g, sizeof g, "%.0f", m->coef[0]);
	if (m->k > 0) {
		snprintf(k, sizeof k, "@%ld", m->k);
		snprintf(tk, sizeof tk, "_cut_%ld", m->k);
	}
	char buf[256];
	snprintf(buf, sizeof buf, "%s(%s=%s,gain=graded%s%s)%s%s", stem,
		 pname, p, g[0] ? ",max=" : "", g, k, o ? ".residual" : "");
	measure_set_name(name, buf);
	snprintf(buf, sizeof buf, "%s_%s_graded%s%s%s%s", tstem, p,
		 g[0] ? "_max" : "", g, tk, o ? "_residual" : "");
	measure_set_name(trec, buf);
}
