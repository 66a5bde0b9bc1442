/*
 * tests/ref_compare.c - a slow, independent reference for
 * `cbeval --compare` (shared spec compare.md; draws from draws.md,
 * streams 11 and 12), used by tests/t_cmp.sh.
 *
 * It includes no project header and shares no code with cbeval: its own
 * draws and Student t p-value (ref_common.h), its own ranks, corrections
 * and tests, written the obvious way: every comparison recomputed from
 * the values, every randomization drawn and summed topic by topic, every
 * bootstrap sample drawn and its t computed in draw order (two passes).
 *
 * Usage:
 *   ref_compare BASE TESTS CORRECT ALPHA R T SEED P [KIND:NAME]... < VALUES
 *       VALUES: an --images dump of `cbeval -b 1 --images FILE` ("run qid
 *       measure image value", image 0 used) or `cbeval -q -p 17` output.
 *       BASE: a run name or "all"; TESTS: comma list of t, wilcoxon, rand,
 *       boot; CORRECT: none, bonferroni, holm or bh; P: the -p of the
 *       table.  KIND: mean, sum, gm (ln(x + 1e-5)) or gmt (ln(max(x,
 *       1e-5)), trec_eval's gm_map); without KIND:NAME arguments every
 *       measure but residuals is a mean.  Prints the TSV table.
 *   ref_compare --marks BASE ... (the same arguments)
 *       prints "run measure markers" per run and measure instead: the
 *       report's superscripts for the first test.
 *   ref_compare --selftest
 *       the test vectors of compare.md; ok / not ok lines.
 *
 * Tie rule (compare.md): two numbers tie when |a - b| <= 1e-10 max(1, |a|,
 * |b|); a difference is zero when it ties with 0.  t(): a mean within
 * 1e-10 of max |z| is 0, an sd within it is 0 (t = +-inf); |t*| >= |t0|
 * counts a |t*| within 1e-10 relative below |t0|.
 */
#define REF_PROG "ref_compare"
#include "ref_common.h"

#define TIE 1e-10

static int tie(double a, double b)
{
	return fabs(a - b) <= TIE * fmax(1, fmax(fabs(a), fabs(b)));
}

/* ---- input ---------------------------------------------------------------- */

struct data {
	char **run, **qid, **mname;
	size_t S, n, M;
	double *v;      /* [run][topic][measure], NaN when absent */
	size_t cap;
	char **rrun, **rq, **rm;
	double *rx;
	size_t nrows;
};

static size_t intern(char ***v, size_t *n, const char *s)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i], s) == 0)
			return i;
	*v = xrealloc(*v, (*n + 1) * sizeof **v);
	(*v)[*n] = xstrdup(s);
	return (*n)++;
}

static void read_values(struct data *d, FILE *in)
{
	char *line = NULL, *f[6];
	size_t cap = 0, lineno = 0, *ri = NULL, *qi = NULL, *mi = NULL, nr = 0;
	double *x = NULL;
	ssize_t len;
	int images = 0;
	while ((len = getline(&line, &cap, in)) != -1) {
		int nf;
		char *end;
		chomp(line, &len);
		nf = split_tabs(line, f, 5);
		if (++lineno == 1) {
			images = nf == 5;
			continue;
		}
		if (nf != 4 + images)
			die("input: wrong number of fields", line);
		if ((images && strcmp(f[3], "0") != 0) || strcmp(f[1], "all") == 0)
			continue;
		ri = xrealloc(ri, (nr + 1) * sizeof *ri);
		qi = xrealloc(qi, (nr + 1) * sizeof *qi);
		mi = xrealloc(mi, (nr + 1) * sizeof *mi);
		x = xrealloc(x, (nr + 1) * sizeof *x);
		ri[nr] = intern(&d->run, &d->S, f[0]);
		qi[nr] = intern(&d->qid, &d->n, f[1]);
		mi[nr] = intern(&d->mname, &d->M, f[2]);
		x[nr] = strtod(f[3 + images], &end);
		if (*end)
			die("input: bad value", f[3 + images]);
		nr++;
	}
	free(line);
	d->v = xcalloc(d->S * d->n * d->M, sizeof *d->v);
	for (size_t i = 0; i < d->S * d->n * d->M; i++)
		d->v[i] = NAN;
	for (size_t i = 0; i < nr; i++)
		d->v[(ri[i] * d->n + qi[i]) * d->M + mi[i]] = x[i];
	free(ri);
	free(qi);
	free(mi);
	free(x);
}

/* ---- statistics ----------------------------------------------------------- */

static double mean_of(const double *z, size_t n)
{
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += z[i];
	return s / (double)n;
}

static double sd_of(const double *z, size_t n, double m)
{
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += (z[i] - m) * (z[i] - m);
	return sqrt(s / (double)(n - 1));
}

/* t of z with the tie rule at scale; *mean gets the mean. */
static double tstat(const double *z, size_t n, double scale, double *mean)
{
	double m = mean_of(z, n), sd = sd_of(z, n, m);
	*mean = m;
	if (fabs(m) <= TIE * scale)
		return 0;
	if (sd <= TIE * scale)
		return m > 0 ? INFINITY : -INFINITY;
	return m / (sd / sqrt((double)n));
}

static double maxabs(const double *z, size_t n)
{
	double s = 0;
	for (size_t i = 0; i < n; i++)
		if (fabs(z[i]) > s)
			s = fabs(z[i]);
	return s;
}

static double t_p(const double *z, size_t n)
{
	double m;
	if (n < 2)
		return NAN;
	return tpval(tstat(z, n, maxabs(z, n), &m), (double)n - 1);
}

static double effect_of(const double *z, size_t n)
{
	double m, sd;
	if (n < 2)
		return NAN;
	m = mean_of(z, n);
	sd = sd_of(z, n, m);
	return sd <= TIE * maxabs(z, n) ? NAN : m / sd;
}

static double wilcoxon_p(const double *z, size_t n)
{
	double *a = xcalloc(n, sizeof *a), *rank = xcalloc(n, sizeof *rank);
	double w = 0, ties = 0, k, var, p;
	size_t m = 0;
	if (n < 2) {
		free(a);
		free(rank);
		return NAN;
	}
	for (size_t i = 0; i < n; i++)
		if (!tie(z[i], 0))
			a[m++] = z[i];
	/* insertion sort by |a| */
	for (size_t i = 1; i < m; i++)
		for (size_t j = i; j > 0 && fabs(a[j - 1]) > fabs(a[j]); j--) {
			double t = a[j];
			a[j] = a[j - 1];
			a[j - 1] = t;
		}
	for (size_t i = 0; i < m;) {
		size_t j = i;
		while (j + 1 < m && tie(fabs(a[j]), fabs(a[j + 1])))
			j++;
		for (size_t q = i; q <= j; q++)
			rank[q] = (double)(i + j + 2) / 2;
		ties += pow((double)(j - i + 1), 3) - (double)(j - i + 1);
		i = j + 1;
	}
	for (size_t i = 0; i < m; i++)
		if (a[i] > 0)
			w += rank[i];
	k = (double)m;
	var = k * (k + 1) * (2 * k + 1) / 24 - ties / 48;
	p = m == 0 || var <= 0 ? 1 : erfc(fabs(w - k * (k + 1) / 4) / sqrt(var) / sqrt(2));
	free(a);
	free(rank);
	return p;
}

static double rand_p(const double *z, size_t n, uint64_t S, size_t c,
		     unsigned long R)
{
	double s0 = 0, a = 0;
	unsigned long cnt = 0;
	for (size_t t = 0; t < n; t++) {
		s0 += z[t];
		a += fabs(z[t]);
	}
	for (unsigned long r = 1; r <= R; r++) {
		double s = 0;
		for (size_t t = 0; t < n; t++) {
			uint64_t idx[3] = { c, r, t };
			s += wbit(word(S, 11, idx, 3)) ? -z[t] : z[t];
		}
		cnt += fabs(s) >= fabs(s0) - 1e-9 * a;
	}
	return (1 + (double)cnt) / ((double)R + 1);
}

static int ge(double a, double b)
{
	if (a >= b)
		return 1;
	if (isinf(a) || isinf(b))
		return 0;
	return b - a <= TIE * fmax(fabs(a), fabs(b));
}

static double boot_p(const double *z, size_t n, uint64_t S, size_t c,
		     unsigned long T)
{
	double *w = xcalloc(n, sizeof *w), *s = xcalloc(n, sizeof *s);
	double scale = maxabs(z, n), m, t0, mb;
	unsigned long cnt = 0;
	if (n < 2) {
		free(w);
		free(s);
		return NAN;
	}
	t0 = fabs(tstat(z, n, scale, &m));
	for (size_t t = 0; t < n; t++)
		w[t] = z[t] - m;
	for (unsigned long b = 1; b <= T; b++) {
		for (size_t i = 0; i < n; i++) {
			uint64_t idx[3] = { c, b, i };
			s[i] = w[windex(word(S, 12, idx, 3), n)];
		}
		cnt += ge(fabs(tstat(s, n, scale, &mb)), t0);
	}
	free(w);
	free(s);
	return (double)cnt / (double)T;
}

/* ---- corrections ---------------------------------------------------------- */

/* q for the p of the m entries (NaN: no part). */
static void correct(const double *p, size_t m, const char *how, double *q)
{
	size_t *o = xcalloc(m, sizeof *o), k = 0;
	for (size_t i = 0; i < m; i++) {
		q[i] = NAN;
		if (!isnan(p[i]))
			o[k++] = i;
	}
	/* insertion sort of the indices by (p, index) */
	for (size_t i = 1; i < k; i++)
		for (size_t j = i; j > 0 && p[o[j - 1]] > p[o[j]]; j--) {
			size_t t = o[j];
			o[j] = o[j - 1];
			o[j - 1] = t;
		}
	for (size_t i = 0; i < k; i++) {
		double v = p[o[i]];
		if (strcmp(how, "bonferroni") == 0)
			v = fmin(1, (double)k * p[o[i]]);
		else if (strcmp(how, "holm") == 0) {
			v = 0;
			for (size_t j = 0; j <= i; j++)
				v = fmax(v, (double)(k - j) * p[o[j]]);
			v = fmin(1, v);
		} else if (strcmp(how, "bh") == 0) {
			v = 1;
			for (size_t j = i; j < k; j++)
				v = fmin(v, (double)k * p[o[j]] / (double)(j + 1));
		}
		q[o[i]] = v;
	}
	free(o);
}

/* ---- the table ------------------------------------------------------------ */

struct args {
	const char *base, *correct;
	char tests[4][10];
	size_t ntests;
	double alpha;
	unsigned long R, T;
	uint64_t S;
	int P, marks;
	char **kind;       /* [M] */
};

static double term(const char *kind, double x)
{
	if (strcmp(kind, "gm") == 0)
		return log(x + 0.00001);
	if (strcmp(kind, "gmt") == 0)
		return log(x > 0.00001 ? x : 0.00001);
	return x;
}

static double agg(const char *kind, double s, size_t n)
{
	if (strcmp(kind, "sum") == 0)
		return s;
	if (strcmp(kind, "gm") == 0)
		return exp(s / (double)n) - 0.00001;
	if (strcmp(kind, "gmt") == 0)
		return exp(s / (double)n);
	return s / (double)n;
}

static void num(double v, int P)
{
	char buf[400];
	if (isnan(v)) {
		fputs("\tNA", stdout);
		return;
	}
	snprintf(buf, sizeof buf, "%.*f", P, v);
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		printf("\t%s", buf + 1);
	else
		printf("\t%s", buf);
}

static void pnum(double v, int P)
{
	if (isnan(v))
		fputs("\tNA", stdout);
	else
		printf("\t%.*g", P > 0 ? P : 1, v);
}

static void letter(char *b, size_t i)
{
	if (i < 26)
		sprintf(b, "%c", (int)('a' + i));
	else
		sprintf(b, "%c%c", (int)('a' + i / 26 - 1), (int)('a' + i % 26));
}

/* The state of one table: the comparisons (ca[c] against cb[c]), and per
 * comparison c and selected measure j the diff, effect, p and p_adj of
 * every test k (p and q at (c * M + j) * K + k). */
struct table {
	const struct data *d;
	const struct args *a;
	const size_t *sel;
	size_t M, K, C, base;   /* base: the baseline run, SIZE_MAX for all */
	size_t *ca, *cb;
	double *p, *q, *diff, *eff;
	char *marks;            /* [run][measure], S * 4 + 4 bytes each */
};

/* Sets t->base and the comparisons: every run against the baseline, or
 * every pair i < j without one. */
static void list_comparisons(struct table *t)
{
	size_t S = t->d->S;
	t->base = SIZE_MAX;
	t->C = 0;
	t->ca = xcalloc(S * S, sizeof *t->ca);
	t->cb = xcalloc(S * S, sizeof *t->cb);
	for (size_t r = 0; r < S; r++)
		if (strcmp(t->d->run[r], t->a->base) == 0)
			t->base = r;
	for (size_t i = 0; i < S; i++)
		for (size_t j = 0; j < S; j++)
			if (t->base == SIZE_MAX ? i < j : (j == t->base && i != t->base)) {
				t->ca[t->C] = i;
				t->cb[t->C++] = j;
			}
}

/* The diff, the effect and the p of every test of comparison c on
 * selected measure j; z is scratch for n differences. */
static void compute_cell(struct table *tb, size_t c, size_t j, double *z)
{
	const struct data *d = tb->d;
	const struct args *a = tb->a;
	size_t n = d->n, M = tb->M, K = tb->K;
	const char *kind = a->kind[j];
	double sa = 0, sb = 0, sz = 0;
	for (size_t t = 0; t < n; t++) {
		double x = term(kind, d->v[(tb->ca[c] * n + t) * d->M + tb->sel[j]]);
		double y = term(kind, d->v[(tb->cb[c] * n + t) * d->M + tb->sel[j]]);
		z[t] = x - y;
		sz += z[t];
		sa += x;
		sb += y;
	}
	tb->diff[c * M + j] = kind[0] == 'g' ? agg(kind, sa, n) - agg(kind, sb, n)
		: strcmp(kind, "sum") == 0 ? sz : mean_of(z, n);
	tb->eff[c * M + j] = effect_of(z, n);
	for (size_t k = 0; k < K; k++) {
		const char *t = a->tests[k];
		tb->p[(c * M + j) * K + k] = strcmp(t, "t") == 0 ? t_p(z, n)
			: strcmp(t, "wilcoxon") == 0 ? wilcoxon_p(z, n)
			: strcmp(t, "rand") == 0 ? rand_p(z, n, a->S, c, a->R)
			: boot_p(z, n, a->S, c, a->T);
	}
}

/* q from p: each measure and test corrected over the comparisons. */
static void correct_all(struct table *t)
{
	size_t C = t->C, M = t->M, K = t->K;
	double *pv = xcalloc(C + 1, sizeof *pv), *qv = xcalloc(C + 1, sizeof *qv);
	for (size_t j = 0; j < M; j++)
		for (size_t k = 0; k < K; k++) {
			for (size_t c = 0; c < C; c++)
				pv[c] = t->p[(c * M + j) * K + k];
			correct(pv, C, t->a->correct, qv);
			for (size_t c = 0; c < C; c++)
				t->q[(c * M + j) * K + k] = qv[c];
		}
	free(pv);
	free(qv);
}

/* The report's marker of comparison c on measure j, when the first test
 * is significant: +/- on the run against the baseline, else the letter
 * of the loser on the winner. */
static void mark(struct table *t, size_t c, size_t j)
{
	size_t S = t->d->S, M = t->M;
	double dd = t->diff[c * M + j];
	int sig = t->q[(c * M + j) * t->K] < t->a->alpha;
	if (sig && dd != 0 && !isnan(dd)) {
		size_t win = dd > 0 ? t->ca[c] : t->cb[c], lose = dd > 0 ? t->cb[c] : t->ca[c];
		char *s = t->marks + (win * M + j) * (S * 4 + 4), l[4];
		if (t->base != SIZE_MAX) {
			strcpy(t->marks + (t->ca[c] * M + j) * (S * 4 + 4), dd > 0 ? "+" : "-");
		} else {
			letter(l, lose);
			if (*s && S > 26)
				strcat(s, ",");
			strcat(s, l);
		}
	}
}

/* The table's rows of comparison c on measure j, one per test. */
static void print_rows(const struct table *t, size_t c, size_t j)
{
	const struct data *d = t->d;
	const struct args *a = t->a;
	size_t M = t->M, K = t->K;
	for (size_t k = 0; k < K; k++) {
		size_t i = (c * M + j) * K + k;
		printf("%s\t%s\t%s\t%s\t%zu", d->run[t->ca[c]], d->run[t->cb[c]],
		       d->mname[t->sel[j]], a->tests[k], d->n);
		num(t->diff[c * M + j], a->P);
		num(t->eff[c * M + j], a->P);
		pnum(t->p[i], a->P);
		pnum(t->q[i], a->P);
		printf("\t%d\n", t->q[i] < a->alpha);
	}
}

/* Prints the table of the runs of d on the selected measures sel[0..M)
 * (or, with a->marks, the report's markers per run and measure). */
static void run_table(const struct data *d, const struct args *a,
		      const size_t *sel, size_t M)
{
	struct table t = { .d = d, .a = a, .sel = sel, .M = M, .K = a->ntests };
	size_t S = d->S, C;
	double *z = xcalloc(d->n, sizeof *z);
	list_comparisons(&t);
	C = t.C;
	t.p = xcalloc(C * M * t.K + 1, sizeof *t.p);
	t.q = xcalloc(C * M * t.K + 1, sizeof *t.q);
	t.diff = xcalloc(C * M + 1, sizeof *t.diff);
	t.eff = xcalloc(C * M + 1, sizeof *t.eff);
	for (size_t c = 0; c < C; c++)
		for (size_t j = 0; j < M; j++)
			compute_cell(&t, c, j, z);
	correct_all(&t);
	t.marks = xcalloc(S * M * (S * 4 + 4), 1);
	if (!a->marks)
		puts("runA\trunB\tmeasure\ttest\tn\tdiff\teffect\tp\tp_adj\tsig");
	for (size_t c = 0; c < C; c++)
		for (size_t j = 0; j < M; j++) {
			mark(&t, c, j);
			if (!a->marks)
				print_rows(&t, c, j);
		}
	for (size_t r = 0; a->marks && r < S; r++)
		for (size_t j = 0; j < M; j++)
			printf("%s\t%s\t%s\n", d->run[r], d->mname[sel[j]],
			       t.marks + (r * M + j) * (S * 4 + 4));
	free(t.ca); free(t.cb); free(t.p); free(t.q); free(t.diff); free(t.eff);
	free(z); free(t.marks);
}

/* ---- self-test and main --------------------------------------------------- */

/* Prints an ok / not ok line for got against want; returns 1 when they differ. */
static int near(double got, double want, const char *what)
{
	int ok = fabs(got - want) <= 1e-13 * fmax(1, fabs(want));
	printf("%s - ref_compare: %s = %.17g (spec %.17g)\n", ok ? "ok" : "not ok",
	       what, got, want);
	return !ok;
}

static int selftest(void)
{
	int bad = 0;
	double z[4] = { 0.1, 0.2, -0.3, 0.5 }, p[3] = { 0.01, 0.04, 0.03 }, q[3];
	double m = mean_of(z, 4), zz[4] = { 0.3 - 0.2, 0.2 - 0.1, 0.5, -0.5 };
	bad |= near(m, 0.125, "mean of the spec's z");
	bad |= near(sd_of(z, 4, m), 0.33040379335998354, "sd");
	bad |= near(m / (sd_of(z, 4, m) / 2), 0.7566499084579774, "t");
	bad |= near(t_p(z, 4), 0.5042577334309546, "p of t (3 df)");
	bad |= near(wilcoxon_p(z, 4), 0.46520881845214174, "Wilcoxon p");
	correct(p, 3, "holm", q);
	bad |= near(q[0], 0.03, "Holm p_adj 1");
	bad |= near(q[1], 0.06, "Holm p_adj 2");
	bad |= near(q[2], 0.06, "Holm p_adj 3");
	/* 0.3 - 0.2 and 0.2 - 0.1 tie: ranks 1.5 1.5 3.5 3.5, W+ = 6.5,
	 * var = 30/4 - (6 + 6)/48 = 7.25, z = 1.5 / sqrt(7.25) */
	bad |= near(wilcoxon_p(zz, 4), erfc(1.5 / sqrt(7.25) / sqrt(2)), "Wilcoxon p with ties");
	return bad;
}

int main(int argc, char **argv)
{
	struct data d;
	struct args a;
	size_t *sel, M = 0;
	int i = 1;
	if (argc == 2 && strcmp(argv[1], "--selftest") == 0)
		return selftest();
	memset(&a, 0, sizeof a);
	memset(&d, 0, sizeof d);
	if (argc > 1 && strcmp(argv[1], "--marks") == 0) {
		a.marks = 1;
		i++;
	}
	if (argc - i < 8)
		die("usage: ref_compare [--marks] BASE TESTS CORRECT ALPHA R T SEED P [KIND:NAME]...", NULL);
	a.base = argv[i];
	for (char *t = strtok(argv[i + 1], ","); t; t = strtok(NULL, ","))
		snprintf(a.tests[a.ntests++], sizeof a.tests[0], "%s", t);
	a.correct = argv[i + 2];
	a.alpha = strtod(argv[i + 3], NULL);
	a.R = strtoul(argv[i + 4], NULL, 10);
	a.T = strtoul(argv[i + 5], NULL, 10);
	a.S = strtoull(argv[i + 6], NULL, 10);
	a.P = (int)strtol(argv[i + 7], NULL, 10);
	read_values(&d, stdin);
	sel = xcalloc(d.M + (size_t)argc, sizeof *sel);
	a.kind = xcalloc(d.M + (size_t)argc, sizeof *a.kind);
	for (int k = i + 8; k < argc; k++) {
		char *colon = strchr(argv[k], ':');
		size_t j;
		if (!colon)
			die("not KIND:NAME", argv[k]);
		*colon = 0;
		for (j = 0; j < d.M && strcmp(d.mname[j], colon + 1) != 0; j++)
			;
		if (j == d.M)
			die("no such measure", colon + 1);
		a.kind[M] = argv[k];
		sel[M++] = j;
	}
	for (size_t j = 0; i + 8 == argc && j < d.M; j++)
		if (!is_residual(d.mname[j])) {
			a.kind[M] = "mean";
			sel[M++] = j;
		}
	run_table(&d, &a, sel, M);
	return 0;
}
