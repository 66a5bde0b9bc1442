/*
 * tests/parts/ref_meld/report.c - the table of ref_meld: for a measure
 * and an mf, the self-comparison (choice 6), the pairs (choice 7) with
 * their NA rules (choice 9), the `all` block of an mf (choice 8), the
 * number format (choice 10), the fragile cells with their ranges (choice
 * 11, to --fragile) and the warning about a shallow R.  Sizes: explicit
 * loops over runs, pairs, splits, images and topics; the pair
 * differences of one measure and mf are held for their quantiles.
 */
#include "ref_meld.h"

/* Print one row of the table: the current measure and mf, stat, val. */
static void out_row(const struct meld *c, const char *stat, const char *val)
{
	printf("%s\t%s\t%s\t%s\n", c->cur_m, c->cur_mf, stat, val);
}

/* A row whose value is a count. */
static void out_count(const struct meld *c, const char *stat, double x)
{
	char buf[64];
	snprintf(buf, sizeof buf, "%.0f", x);
	out_row(c, stat, buf);
}

/* A row whose value is a number with -p decimals, or NA (NAN). */
static void out_num(const struct meld *c, const char *stat, double x)
{
	char buf[64];
	out_row(c, stat, isnan(x) ? "NA" : fmt_fixed(x, c->P, buf));
}

/* A fragile cell whose value may lie in [lo, hi] (to --fragile). */
static void fragile(const struct meld *c, const char *stat, double lo, double hi)
{
	if (c->ffrag)
		fprintf(c->ffrag, "%s\t%s\t%s\t%.17g\t%.17g\n", c->cur_m, c->cur_mf, stat, lo, hi);
}

/* A fragile cell that may take any value. */
static void fragile_any(const struct meld *c, const char *stat)
{
	if (c->ffrag)
		fprintf(c->ffrag, "%s\t%s\t%s\t*\t*\n", c->cur_m, c->cur_mf, stat);
}

/* A count with its range: value v, sure lo, possible hi. */
struct cnt {
	unsigned long v, lo, hi;
};

/* Count a case: v its decision, maybe whether rounding could change it. */
static void cnt_add(struct cnt *c, int v, int maybe)
{
	c->v += (unsigned long)v;
	c->lo += (unsigned long)(v && !maybe);
	c->hi += (unsigned long)(v || maybe);
}

/* Count a conjunction of two decisions with their fragility: sure when
 * both sure, possible when both possible. */
static void cnt_and(struct cnt *c, int a, int ma, int b, int mb)
{
	c->v += (unsigned long)(a && b);
	c->lo += (unsigned long)(a && !ma && b && !mb);
	c->hi += (unsigned long)((a || ma) && (b || mb));
}

/* 100 a / w with ranges (NA when w = 0); wild: any value. */
static void out_pct(const struct meld *c, const char *stat, struct cnt a, struct cnt w, int wild)
{
	if (w.v == 0)
		out_row(c, stat, "NA");
	else
		out_num(c, stat, 100.0 * (double)a.v / (double)w.v);
	if (wild) {
		fragile_any(c, stat);
		return;
	}
	if (a.lo == a.hi && w.lo == w.hi)
		return;
	if (w.lo == 0)
		fragile_any(c, stat);
	else
		fragile(c, stat, w.hi ? 100.0 * (double)a.lo / (double)w.hi : 0,
			fmin(100.0, 100.0 * (double)a.hi / (double)w.lo));
}

static const double self_lt[6] = { 0.001, 0.01, 0.05, 0.1, 0.25, 0.5 };
static const char *self_lt_name[6] = { "0.001", "0.01", "0.05", "0.1", "0.25", "0.5" };
static const double self_gt[2] = { 0.95, 0.99 };
static const char *self_gt_name[2] = { "0.95", "0.99" };
static const double qp[7] = { 0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99 };
static const char *qname[7] = { "01", "05", "25", "50", "75", "95", "99" };

/* A self_p_ row: count / n (NA when na), fragile when its range is
 * wide. */
static void out_frac(const struct meld *c, const char *stat, struct cnt x, unsigned long n, int na)
{
	out_num(c, stat, na ? NAN : (double)x.v / (double)n);
	if (!na && x.lo != x.hi)
		fragile(c, stat, (double)x.lo / (double)n, (double)x.hi / (double)n);
}

/* The self-comparison rows of measure m at mf i (choice 6); z: room for
 * NT values. */
static void analyse_self(const struct meld *c, size_t m, size_t i, double *z)
{
	char stat[64];
	size_t n = NT(c);
	int na = n < 2, maybe;
	struct cnt lt[6], gt[2];
	memset(lt, 0, sizeof lt);
	memset(gt, 0, sizeof gt);
	unsigned long self_n = 0;
	for (size_t j = 0; j < NR(c); j++)
		for (unsigned long s = 1; s <= c->K; s++)
			for (unsigned long b = 1; b <= c->B; b++) {
				for (size_t t = 0; t < n; t++)
					z[t] = VAL(c, i, s, b, 0, j, m, t) - VAL(c, i, s, b, 1, j, m, t);
				struct ttest r = paired(z, n);
				self_n++;
				if (na)
					continue;
				for (int x = 0; x < 6; x++) {
					int v = p_lt(&r, self_lt[x], &maybe);
					cnt_add(&lt[x], v, maybe);
				}
				for (int x = 0; x < 2; x++) {
					int v = p_gt(&r, self_gt[x], &maybe);
					cnt_add(&gt[x], v, maybe);
				}
			}
	out_count(c, "self_n", (double)self_n);
	for (int x = 0; x < 6; x++) {
		snprintf(stat, sizeof stat, "self_p_lt_%s", self_lt_name[x]);
		out_frac(c, stat, lt[x], self_n, na);
	}
	for (int x = 0; x < 2; x++) {
		snprintf(stat, sizeof stat, "self_p_gt_%s", self_gt_name[x]);
		out_frac(c, stat, gt[x], self_n, na);
	}
}

/* The pair statistics of one measure and mf while they are counted. */
struct pairs {
	double *z, *z2;		/* room for NT differences each */
	double *dlr, *dr;	/* the dLR and dR of every case */
	size_t c;		/* cases so far */
	struct cnt win, nons, nots, sig, nonsall;
	int wild, near0;	/* orientation / a mean near the zero rule */
};

/* Count the case of runs a < bb, split s, image b (choice 7); na: fewer
 * than 2 topics. */
static void pair_case(const struct meld *c, size_t m, size_t i, size_t a, size_t bb,
		      unsigned long s, unsigned long b, int na, struct pairs *q)
{
	size_t n = NT(c);
	double *z = q->z, *z2 = q->z2;
	for (size_t t = 0; t < n; t++)
		z[t] = VAL(c, i, s, b, 0, a, m, t) - VAL(c, i, s, b, 0, bb, m, t);
	struct ttest o = paired(z, n);
	size_t A = a, Bq = bb;
	if (o.mean < 0) {
		A = bb;
		Bq = a;
	}
	if (fabs(o.raw + ZERO) <= ZTOL)
		q->wild = 1;	/* the orientation hangs on rounding */
	for (size_t t = 0; t < n; t++) {
		z[t] = VAL(c, i, s, b, 0, A, m, t) - VAL(c, i, s, b, 0, Bq, m, t);
		z2[t] = VAL(c, i, s, b, 1, A, m, t) - VAL(c, i, s, b, 1, Bq, m, t);
	}
	struct ttest L = paired(z, n), R = paired(z2, n);
	q->near0 |= L.zfrag || R.zfrag;
	q->dlr[q->c] = fabs(L.mean) - fabs(R.mean);
	q->dr[q->c] = R.mean;
	q->c++;
	if (na)
		return;
	int mw, ms, mn, mt;
	int w = p_in(&L, 0.009, 0.011, &mw);
	int sg = p_lt(&L, 0.05, &ms);
	int ns = R.mean <= 0;
	mn = fabs(R.raw - ZERO) <= ZTOL;
	int nt = !p_lt(&R, 0.05, &mt);
	cnt_add(&q->win, w, mw);
	cnt_add(&q->sig, sg, ms);
	cnt_and(&q->nons, w, mw, ns, mn);
	cnt_and(&q->nots, w, mw, nt, mt);
	cnt_and(&q->nonsall, sg, ms, ns, mn);
}

/* The rows of the pairs: counts, percentages and the quantiles of dLR
 * and dR (sorts q's differences). */
static void pairs_rows(const struct meld *c, struct pairs *q, size_t npairs, int na)
{
	char stat[64];
	out_count(c, "pairs_n", (double)npairs);
	if (na) {
		out_row(c, "window_n", "NA");
		out_row(c, "nonsupport_pct", "NA");
		out_row(c, "notsig_pct", "NA");
		out_row(c, "nonsupport_all_pct", "NA");
	} else {
		out_count(c, "window_n", (double)q->win.v);
		if (q->wild)
			fragile_any(c, "window_n");
		else if (q->win.lo != q->win.hi)
			fragile(c, "window_n", (double)q->win.lo, (double)q->win.hi);
		out_pct(c, "nonsupport_pct", q->nons, q->win, q->wild);
		out_pct(c, "notsig_pct", q->nots, q->win, q->wild);
		out_pct(c, "nonsupport_all_pct", q->nonsall, q->sig, q->wild);
	}
	qsort(q->dlr, npairs, sizeof *q->dlr, cmp_double);
	qsort(q->dr, npairs, sizeof *q->dr, cmp_double);
	for (int v = 0; v < 2; v++)
		for (int x = 0; x < 7; x++) {
			double qv = ref_q7(v ? q->dr : q->dlr, npairs, qp[x]);
			snprintf(stat, sizeof stat, "%s_q%s", v ? "dR" : "dLR", qname[x]);
			out_num(c, stat, qv);
			if (q->wild)
				fragile_any(c, stat);
			else if (q->near0)
				fragile(c, stat, qv - 2e-12, qv + 2e-12);
		}
}

/* The rows of measure m at mf i: self-comparison, then pairs. */
void analyse(struct meld *c, size_t m, size_t i)
{
	size_t n = NT(c), J = NR(c);
	struct pairs q;
	memset(&q, 0, sizeof q);
	q.z = xmalloc(n * sizeof *q.z);
	q.z2 = xmalloc(n * sizeof *q.z2);
	int na = n < 2;
	c->cur_m = c->meas.v[m];
	c->cur_mf = c->mfs[i];

	analyse_self(c, m, i, q.z);

	size_t npairs = J * (J - 1) / 2 * c->K * c->B;
	q.dlr = xmalloc((npairs + 1) * sizeof *q.dlr);
	q.dr = xmalloc((npairs + 1) * sizeof *q.dr);
	for (size_t a = 0; a < J; a++)
		for (size_t bb = a + 1; bb < J; bb++)
			for (unsigned long s = 1; s <= c->K; s++)
				for (unsigned long b = 1; b <= c->B; b++)
					pair_case(c, m, i, a, bb, s, b, na, &q);
	pairs_rows(c, &q, npairs, na);
	free(q.dlr); free(q.dr); free(q.z); free(q.z2);
}

/* The `all` block of mf i (choice 8). */
void analyse_all(struct meld *c, size_t i)
{
	c->cur_m = "all";
	c->cur_mf = c->mfs[i];
	unsigned long dl = 0, drr = 0, jl = 0, jr = 0, jn = 0, rl = 0, rr = 0, rn = 0;
	for (size_t d = 0; d < c->nlabs; d++) {
		if (melded(c, d, i, 1))
			drr++;
		else
			dl++;
	}
	for (size_t q = 0; q < c->nql; q++) {
		int rel = c->ql[q].grade >= c->level;
		jn++;
		rn += (unsigned long)rel;
		if (c->ql[q].lab < 0)
			continue;
		if (melded(c, (size_t)c->ql[q].lab, i, 1)) {
			jr++;
			rr += (unsigned long)rel;
		} else {
			jl++;
			rl += (unsigned long)rel;
		}
	}
	out_count(c, "docs_L", (double)dl);
	out_count(c, "docs_R", (double)drr);
	out_num(c, "judged_L_pct", jn ? 100.0 * (double)jl / (double)jn : NAN);
	out_num(c, "judged_R_pct", jn ? 100.0 * (double)jr / (double)jn : NAN);
	out_num(c, "rel_L_pct", rn ? 100.0 * (double)rl / (double)rn : NAN);
	out_num(c, "rel_R_pct", rn ? 100.0 * (double)rr / (double)rn : NAN);
}

/* The warning of the spec: judged_R_pct or rel_R_pct of the unmelded
 * labels below 5 (none when the denominator is 0). */
void warn_shallow(const struct meld *c)
{
	unsigned long jn = 0, rn = 0, jr = 0, rr = 0;
	for (size_t q = 0; q < c->nql; q++) {
		int rel = c->ql[q].grade >= c->level;
		jn++;
		rn += (unsigned long)rel;
		if (c->ql[q].lab >= 0 && c->lbl[c->ql[q].lab].lab) {
			jr++;
			rr += (unsigned long)rel;
		}
	}
	double pj = 100.0 * (double)jr / (double)jn, pr = rn ? 100.0 * (double)rr / (double)rn : NAN;
	if (pj < 5 || (rn && pr < 5))
		fprintf(stderr, "%s: warning: part R of the unmelded labels holds %.2f%% of the judgements and %.2f%% of the relevant ones\n",
			REF_PROG, pj, pr);
}
