/*
 * cmp_stats.c - the statistics of --compare that work on one vector of
 * per-topic differences (see cmp.h and cbeval-analyses(7), COMPARE): the
 * tie rule, the paired t-test and the effect size, the Wilcoxon
 * signed-rank test, the corrections for multiple comparisons, the base
 * run and the names of tests and corrections.  Vectors are one value per
 * topic (tens to thousands).
 */
#include "cmp.h"
#include "sensitivity.h"
#include "stats.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CMP_TIE 1e-10

int cmp_tie(double a, double b)
{
	return fabs(a - b) <= CMP_TIE * fmax(1, fmax(fabs(a), fabs(b)));
}

double cmp_root_t(const double *z, size_t n, uint32_t *scratch,
		  double *scale, double *mean)
{
	*scale = 0;
	for (size_t i = 0; i < n; i++) {
		*scale = fmax(*scale, fabs(z[i]));
		scratch[i] = (uint32_t)i;
		scratch[n + i] = 1;
	}
	return sens_sample_t(z, scratch, scratch + n, n, n, *scale, mean);
}

double cmp_t_p(const double *z, size_t n, double *effect, uint32_t *scratch)
{
	double scale, mean, ss = 0, t, sd;
	*effect = NAN;
	if (n < 2)
		return NAN;
	t = cmp_root_t(z, n, scratch, &scale, &mean);
	for (size_t i = 0; i < n; i++)
		ss += (z[i] - mean) * (z[i] - mean);
	sd = sqrt(ss / (double)(n - 1));
	if (sd > CMP_TIE * scale)
		*effect = mean / sd;
	return stats_t_p(t, (double)n - 1);
}

static int cmp_abs(const void *pa, const void *pb)
{
	double a = fabs(*(const double *)pa), b = fabs(*(const double *)pb);
	return (a > b) - (a < b);
}

double cmp_wilcoxon_p(const double *z, size_t n, double *scratch)
{
	size_t k = 0;
	double wplus = 0, ties = 0, nn, var;
	if (n < 2)
		return NAN;
	for (size_t i = 0; i < n; i++)
		if (!cmp_tie(z[i], 0))
			scratch[k++] = z[i];
	if (k == 0)
		return 1;
	qsort(scratch, k, sizeof *scratch, cmp_abs);
	for (size_t i = 0, j; i < k; i = j + 1) {
		double rank, t, pos = 0;
		/* a tie group: each |z| tied with the one before it */
		for (j = i; j + 1 < k && cmp_tie(fabs(scratch[j]), fabs(scratch[j + 1])); j++)
			;
		rank = ((double)i + 1 + (double)j + 1) / 2;
		t = (double)(j - i + 1);
		for (size_t q = i; q <= j; q++)
			pos += scratch[q] > 0;
		wplus += pos * rank;
		ties += t * t * t - t;
	}
	nn = (double)k;
	var = nn * (nn + 1) * (2 * nn + 1) / 24 - ties / 48;
	if (!(var > 0))
		return 1;
	return erfc(fabs((wplus - nn * (nn + 1) / 4) / sqrt(var)) / sqrt(2.0));
}

void cmp_adjust(const double *p, size_t m, enum cmp_correct how, double *q)
{
	double *v = xcalloc(m + 1, sizeof *v);
	size_t *at = xcalloc(m + 1, sizeof *at), k = 0;
	for (size_t i = 0; i < m; i++)
		if (!isnan(p[i])) {
			at[k] = i;
			v[k++] = p[i];
		}
	if (how == CORRECT_HOLM)
		stats_holm(v, k, v);
	else if (how == CORRECT_BH)
		stats_bh(v, k, v);
	else if (how == CORRECT_BONFERRONI)
		for (size_t i = 0; i < k; i++)
			v[i] = fmin(1, (double)k * v[i]);
	for (size_t i = 0; i < m; i++)
		q[i] = NAN;
	for (size_t i = 0; i < k; i++)
		q[at[i]] = v[i];
	free(v);
	free(at);
}

void cmp_label(char *buf, size_t i)
{
	char t[3];
	size_t k = 0;
	for (i++; i > 0 && k < 3; i /= 26) {
		i--;
		t[k++] = (char)('a' + i % 26);
	}
	for (size_t j = 0; j < k; j++)
		buf[j] = t[k - 1 - j];
	buf[k] = '\0';
}

const char *cmp_test_name(enum cmp_test t)
{
	static const char *const names[CMP_NTESTS] = { "t", "wilcoxon", "rand", "boot" };
	return names[t];
}

const char *cmp_correct_name(enum cmp_correct c)
{
	static const char *const names[] = { "holm", "none", "bonferroni", "bh" };
	return names[c];
}

int cmp_base(const struct scorer *s, const char *base, size_t *idx,
	     struct diag *d)
{
	size_t len = 0;
	char *names, *p;
	if (strcmp(base, "all") == 0) {
		*idx = SIZE_MAX;
		return 0;
	}
	for (size_t r = 0; r < s->nruns; r++)
		if (strcmp(s->runs[r].name, base) == 0) {
			*idx = r;
			return 0;
		}
	for (size_t r = 0; r < s->nruns; r++)
		if (s->runs[r].path && strcmp(s->runs[r].path, base) == 0) {
			*idx = r;
			return 0;
		}
	for (size_t r = 0; r < s->nruns; r++)
		len = size_add(len, strlen(s->runs[r].name) + 2);
	p = names = xmalloc(size_add(len, 1));
	*p = '\0';
	for (size_t r = 0; r < s->nruns; r++)
		p += sprintf(p, "%s%s", r ? ", " : "", s->runs[r].name);
	diag_set(d, "option --compare: '%s' is not one of the runs (%s) nor 'all'",
		 base, names);
	free(names);
	return -1;
}
