/*
 * sens_out.c - the --sensitivity table (see sensitivity.h, sens_int.h and
 * cbeval-analyses(7), section SENSITIVITY): one long row per statistic.
 */
#include "sens_int.h"
#include "output.h"
#include "stats.h"

#include <math.h>

/* ---- output ------------------------------------------------------------ */

struct out {
	FILE *f;
	int decimals;
};

static void row_num(const struct out *o, const char *meas, const char *a,
		    const char *b, const char *stat, double v)
{
	fprintf(o->f, "%s\t%s\t%s\t%s", meas, a, b, stat);
	output_num(o->f, v, o->decimals);
	fputc('\n', o->f);
}

static void row_p(const struct out *o, const char *meas, const char *a,
		  const char *b, const char *stat, double v)
{
	fprintf(o->f, "%s\t%s\t%s\t%s", meas, a, b, stat);
	output_p(o->f, v, o->decimals);
	fputc('\n', o->f);
}

static void row_count(const struct out *o, const char *meas, const char *stat,
		      double v)
{
	if (isnan(v))
		fprintf(o->f, "%s\tall\tall\t%s\tNA\n", meas, stat);
	else
		fprintf(o->f, "%s\tall\tall\t%s\t%.0f\n", meas, stat, v);
}

/* The swap rows of one measure (Sakai's swap method): the comparisons
 * and swaps per bin of difference, and the sensitivity at 0.05. */
static void print_swaps(const struct out *o, const char *name,
			const unsigned long *bins, double smax, double total)
{
	double abs05 = NAN;
	unsigned long above = 0;
	char stat[40];
	int i05 = -1;

	for (int i = 0; i < NBIN; i++) {
		unsigned long cnt = bins[i * 2], sw = bins[i * 2 + 1];
		snprintf(stat, sizeof stat, "swap_count_%02d", i);
		row_count(o, name, stat, (double)cnt);
		snprintf(stat, sizeof stat, "swap_swaps_%02d", i);
		row_count(o, name, stat, (double)sw);
		snprintf(stat, sizeof stat, "swap_rate_%02d", i);
		row_num(o, name, "all", "all", stat,
			cnt ? (double)sw / (double)cnt : NAN);
	}
	/* the smallest bin from which every bin with comparisons has a swap
	 * rate of at most 0.05 */
	for (int i = 0; i < NBIN && i05 < 0; i++) {
		int good = 1;
		for (int k = i; k < NBIN; k++)
			if (bins[k * 2] && (double)bins[k * 2 + 1] / (double)bins[k * 2] > 0.05)
				good = 0;
		if (good)
			i05 = i;
	}
	if (i05 >= 0) {
		abs05 = (double)i05 / 100;
		for (int k = i05; k < NBIN; k++)
			above += bins[k * 2];
	}
	row_num(o, name, "all", "all", "swap_abs_0.05", abs05);
	row_num(o, name, "all", "all", "swap_max", smax);
	row_num(o, name, "all", "all", "swap_rel_0.05",
		isnan(abs05) || !(smax > 0) ? NAN : abs05 / smax);
	row_num(o, name, "all", "all", "swap_sensitivity_0.05",
		isnan(abs05) ? NAN : (double)above / total);
}

void sens_print_summary(FILE *f, int decimals, const struct sens *x, size_t j,
			const struct mrcount *mr, const unsigned long *bins,
			double smax)
{
	const struct out oo = { f, decimals }, *o = &oo;
	const char *name = x->s->slots[x->slot[j]].name;
	const double *rows = x->row + j * x->P * PR_N;
	static const int asl[4] = { PR_ASLP, PR_ASLU, PR_ASLP, PR_ASLU };
	static const int rq[4] = { PR_RQP5, PR_RQU5, PR_RQP1, PR_RQU1 };
	static const char *const dpn[4] = {
		"discpower_paired_0.05", "discpower_unpaired_0.05",
		"discpower_paired_0.01", "discpower_unpaired_0.01" };
	static const char *const rqn[4] = {
		"reqdiff_paired_0.05", "reqdiff_unpaired_0.05",
		"reqdiff_paired_0.01", "reqdiff_unpaired_0.01" };
	double total = (double)x->T * (double)x->P;
	char stat[40];

	for (int c = 0; c < 4; c++) {
		/* ASL = count / T < alpha, decided on the integers */
		double pct = c < 2 ? 5 : 1, cnt = 0;
		for (size_t q = 0; q < x->P; q++)
			cnt += rows[q * PR_N + asl[c]] * (double)x->T * 100 <
			       pct * (double)x->T;
		row_count(o, name, dpn[c], x->n < 2 ? NAN : cnt);
	}
	for (int c = 0; c < 4; c++) {
		double mx = NAN;
		for (size_t q = 0; q < x->P; q++) {
			double v = rows[q * PR_N + rq[c]];
			if (!isnan(v) && (isnan(mx) || v > mx))
				mx = v;
		}
		row_num(o, name, "all", "all", rqn[c], mx);
	}
	for (int f = 1; f <= NF; f++) {
		unsigned long mrs = 0, eq = 0;
		for (size_t q = 0; q < x->P; q++) {
			unsigned long g0 = mr[q].all[0] + mr[q].at[0][f - 1];
			unsigned long g1 = mr[q].all[1] + mr[q].at[1][f - 1];
			mrs += g0 < g1 ? g0 : g1;
			eq += x->T - g0 - g1;
		}
		snprintf(stat, sizeof stat, "mr_%.2f", (double)f / 100);
		row_num(o, name, "all", "all", stat, (double)mrs / total);
		snprintf(stat, sizeof stat, "pt_%.2f", (double)f / 100);
		row_num(o, name, "all", "all", stat, (double)eq / total);
	}
	print_swaps(o, name, bins, smax, total);
}

void sens_print_tau(FILE *f, int decimals, const struct sens *x, size_t j1,
		    size_t j2, size_t jp, double *buf)
{
	const struct out oo = { f, decimals }, *o = &oo;
	char name[2 * 64 + 2];
	double tau, z0 = NAN, se = NAN, s = (double)x->S;
	size_t nd = 0;
	double *a = buf, *b = buf + x->S;
	for (size_t r = 0; r < x->S; r++) {
		double sa = 0, sb = 0;
		for (size_t t = 0; t < x->n; t++) {
			sa += x->tv[(j1 * x->S + r) * x->n + t];
			sb += x->tv[(j2 * x->S + r) * x->n + t];
		}
		a[r] = measure_agg_finish(x->agg[j1], sa, x->n);
		b[r] = measure_agg_finish(x->agg[j2], sb, x->n);
	}
	tau = sens_tau_b(a, b, x->S);
	for (unsigned long k = 0; k < x->T; k++) {
		double v = x->tau[jp * x->T + k];
		if (!isnan(v))
			a[nd++] = v;
	}
	if (nd >= 2) {
		size_t same = 1;    /* equal taus: sd 0, not rounding noise */
		while (same < nd && a[same] == a[0])
			same++;
		se = same == nd ? 0 : stats_sd(a, nd, stats_mean(a, nd));
	}
	if (!isnan(tau))
		z0 = 3 * tau * sqrt(s * (s - 1)) / sqrt(2 * (2 * s + 5));
	snprintf(name, sizeof name, "%s~%s", x->s->slots[x->slot[j1]].name,
		 x->s->slots[x->slot[j2]].name);
	row_num(o, name, "all", "all", "tau", tau);
	row_num(o, name, "all", "all", "tau_se", se);
	row_num(o, name, "all", "all", "tau_z0", z0);
	row_p(o, name, "all", "all", "tau_p",
	      isnan(z0) ? NAN : erfc(fabs(z0) / sqrt(2.0)));
}


void sens_print_pair(FILE *f, int decimals, const struct sens *x, size_t j,
		     size_t q)
{
	const struct out o = { f, decimals };
	const double *r = x->row + (j * x->P + q) * PR_N;
	const char *name = x->s->slots[x->slot[j]].name;
	const char *a = x->s->runs[x->pa[q]].name, *b = x->s->runs[x->pb[q]].name;
	row_num(&o, name, a, b, "diff", r[PR_DIFF]);
	row_num(&o, name, a, b, "t_paired", r[PR_T]);
	row_p(&o, name, a, b, "p_ttest", r[PR_P]);
	row_p(&o, name, a, b, "asl_paired", r[PR_ASLP]);
	row_p(&o, name, a, b, "asl_unpaired", r[PR_ASLU]);
}
