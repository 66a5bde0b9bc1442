/*
 * part_out.c - --partitions: setting up, the comparators on the full
 * collection (the paired t-test and the randomization test, stream 6),
 * and the table (see partitions.h and cbeval-analyses(7), PARTITIONS).
 */
#include "part_int.h"
#include "draws.h"
#include "output.h"
#include "stats.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void part_init(struct part *p, const struct scorer *s,
		      const struct part_opts *o)
{
	size_t ns = s->nslots, K = o->K;
	memset(p, 0, sizeof *p);
	p->s = s;
	p->o = o;
	p->n = s->c->n;
	p->J = s->nruns;
	p->P = p->J * (p->J - 1) / 2;
	p->slot = xcalloc(ns, sizeof *p->slot);
	for (size_t k = 0; k < ns; k++)
		if (s->slots[k].out == 0)   /* residuals are not scores */
			p->slot[p->m++] = k;
	p->pa = xcalloc(p->P + 1, sizeof *p->pa);
	p->pb = xcalloc(p->P + 1, sizeof *p->pb);
	for (size_t A = 0, q = 0; A < p->J; A++)
		for (size_t B = A + 1; B < p->J; B++, q++) {
			p->pa[q] = A;
			p->pb[q] = B;
		}
	p->Nmax = size_mul(size_mul(p->n, p->J), o->X);
	p->y = xcalloc(size_mul(p->m, p->Nmax) + 1, sizeof *p->y);
	p->ok = xcalloc(p->n + 1, 1);
	p->kept = xcalloc(p->n + 1, sizeof *p->kept);
	p->cells = xcalloc(p->Nmax + 1, sizeof *p->cells);
	p->scratch = xcalloc(size_mul(p->n, p->J) + p->n + p->J + 1,
			     sizeof *p->scratch);
	p->eff = xcalloc(size_mul(p->m, p->J) + 1, sizeof *p->eff);
	p->tol = xcalloc(p->m + 1, sizeof *p->tol);
	p->e = xcalloc(size_mul(size_mul(p->m, 2), p->Nmax) + 1, sizeof *p->e);
	p->effs = xcalloc(size_mul(size_mul(p->m, 2 * p->J), o->M) + 1,
			  sizeof *p->effs);
	p->runrow = xcalloc(size_mul(size_mul(p->m, K), p->J * PR_N) + 1,
			    sizeof *p->runrow);
	p->pairrow = xcalloc(size_mul(size_mul(p->m, K), p->P * PP_N) + 1,
			     sizeof *p->pairrow);
	for (size_t i = 0; i < p->m * K * p->J * PR_N; i++)
		p->runrow[i] = NAN;
	for (size_t i = 0; i < p->m * K * p->P * PP_N; i++)
		p->pairrow[i] = NAN;
	p->used = xcalloc(K, sizeof *p->used);
}

static void part_release(struct part *p)
{
	free(p->slot);
	free(p->pa);
	free(p->pb);
	free(p->y);
	free(p->ok);
	free(p->kept);
	free(p->cells);
	free(p->scratch);
	free(p->eff);
	free(p->tol);
	free(p->e);
	free(p->effs);
	free(p->runrow);
	free(p->pairrow);
	free(p->used);
}

/* ---- comparators on the full collection -------------------------------- */

struct cmp_job {
	const struct part *p;
	const double *root;
	size_t j;
	signed char *sign;     /* [R][n]: -1 where topic t is flipped */
	double *u;             /* [J][R]: sum over topics of the signed values */
	double *pt, *pr;       /* [m][P] p_ttest, p_rand */
	double *z;             /* per worker: n */
};

static double rootval(const struct cmp_job *c, size_t r, size_t t)
{
	const struct part *p = c->p;
	return c->root[(r * p->n + t) * p->s->nslots + p->slot[c->j]];
}

static void u_task(void *ctx, size_t r, unsigned w)
{
	struct cmp_job *c = ctx;
	size_t n = c->p->n;
	(void)w;
	for (unsigned long rr = 0; rr < c->p->o->R; rr++) {
		const signed char *sg = c->sign + rr * n;
		double s = 0;
		for (size_t t = 0; t < n; t++)
			s += sg[t] * rootval(c, r, t);
		c->u[r * c->p->o->R + rr] = s;
	}
}

static void cmp_task(void *ctx, size_t q, unsigned w)
{
	struct cmp_job *c = ctx;
	const struct part *p = c->p;
	size_t n = p->n, A = p->pa[q], B = p->pb[q];
	unsigned long R = p->o->R, cnt = 0;
	const double *ua = c->u + A * R, *ub = c->u + B * R;
	double *z = c->z + (size_t)w * n, sum = 0, abs = 0, lim;
	for (size_t t = 0; t < n; t++) {
		z[t] = rootval(c, A, t) - rootval(c, B, t);
		sum += z[t];
		abs += fabs(z[t]);
	}
	c->pt[c->j * p->P + q] = n < 2 ? NAN : stats_t_p(stats_t_stat(z, n), (double)n - 1);
	lim = fabs(sum) - 1e-9 * abs;
	for (unsigned long r = 0; r < R; r++)
		cnt += fabs(ua[r] - ub[r]) >= lim;
	c->pr[c->j * p->P + q] = (double)cnt / (double)R;
}

/* p_ttest and p_rand of every measure and pair into pt, pr ([m][P]). */
static void comparators(const struct part *p, const double *root, double *pt,
			double *pr)
{
	struct cmp_job c;
	unsigned long R = p->o->R;
	unsigned nw = pool_size(p->o->pool);
	c.p = p;
	c.root = root;
	c.pt = pt;
	c.pr = pr;
	c.sign = xcalloc(size_mul(R, p->n) + 1, 1);
	c.u = xcalloc(size_mul(p->J, R) + 1, sizeof *c.u);
	c.z = xcalloc(size_mul(nw, p->n) + 1, sizeof *c.z);
	for (unsigned long r = 0; r < R; r++)
		for (size_t t = 0; t < p->n; t++)
			c.sign[r * p->n + t] =
				draw_bit(draw_word2(p->o->seed, DRAW_RANDOMIZE, r + 1, t)) ? -1 : 1;
	for (c.j = 0; c.j < p->m; c.j++) {
		pool_run(p->o->pool, p->J, u_task, &c);
		pool_run(p->o->pool, p->P, cmp_task, &c);
	}
	free(c.sign);
	free(c.u);
	free(c.z);
}

/* ---- the table ----------------------------------------------------------- */

struct out {
	FILE *f;
	int dec;
	const char *meas;
	char split[24];
};

static void num(const struct out *o, const char *a, const char *b,
		const char *stat, double v)
{
	fprintf(o->f, "%s\t%s\t%s\t%s\t%s", o->meas, o->split, a, b, stat);
	output_num(o->f, v, o->dec);
	fputc('\n', o->f);
}

static void pval(const struct out *o, const char *a, const char *b,
		 const char *stat, double v)
{
	fprintf(o->f, "%s\t%s\t%s\t%s\t%s", o->meas, o->split, a, b, stat);
	output_p(o->f, v, o->dec);
	fputc('\n', o->f);
}

static void count(const struct out *o, const char *stat, double v)
{
	fprintf(o->f, "%s\t%s\tall\tall\t%s\t", o->meas, o->split, stat);
	if (isnan(v))
		fputs("NA\n", o->f);
	else
		fprintf(o->f, "%.0f\n", v);
}

/* The rows of one split of measure j (p->cur set). */
static void print_split(const struct out *o, const struct part *p, size_t j)
{
	static const char *const rn[PR_N] = { "effect", "ci_lo_int", "ci_hi_int",
		"ci_lo_noint", "ci_hi_noint" };
	static const char *const pn[PP_N] = { "diff", "p_int", "q_int", "pd_int",
		"p_noint", "q_noint", "pd_noint" };
	const struct run *runs = p->s->runs;
	int na = p->used[p->cur] < 2;
	double len[2][3], sig[2][2] = { { 0, 0 }, { 0, 0 } };

	for (size_t r = 0; r < p->J; r++) {
		const double *v = part_run(p, j, r);
		for (int c = 0; c < PR_N; c++)
			num(o, runs[r].name, "all", rn[c], v[c]);
	}
	for (size_t q = 0; q < p->P; q++) {
		const double *v = part_pair(p, j, q);
		const char *a = runs[p->pa[q]].name, *b = runs[p->pb[q]].name;
		for (int c = 0; c < PP_N; c++)
			if (c == PP_DIFF)
				num(o, a, b, pn[c], v[c]);
			else
				pval(o, a, b, pn[c], v[c]);
		for (int md = 0; md < 2; md++) {
			sig[md][0] += v[md ? PP_Q1 : PP_Q0] < 0.05;
			sig[md][1] += v[md ? PP_Q1 : PP_Q0] < 0.01;
		}
	}
	for (int md = 0; md < 2; md++) {
		len[md][0] = 0;
		len[md][1] = len[md][2] = NAN;
		for (size_t r = 0; r < p->J; r++) {
			const double *v = part_run(p, j, r);
			double l = v[md ? PR_HI1 : PR_HI0] - v[md ? PR_LO1 : PR_LO0];
			len[md][0] += l;
			if (isnan(len[md][1]) || l < len[md][1])
				len[md][1] = l;
			if (isnan(len[md][2]) || l > len[md][2])
				len[md][2] = l;
		}
		len[md][0] /= (double)p->J;
	}
	count(o, "topics_used", (double)p->used[p->cur]);
	count(o, "topics_dropped", (double)(p->n - p->used[p->cur]));
	num(o, "all", "all", "ci_len_mean_int", na ? NAN : len[0][0]);
	num(o, "all", "all", "ci_len_min_int", na ? NAN : len[0][1]);
	num(o, "all", "all", "ci_len_max_int", na ? NAN : len[0][2]);
	num(o, "all", "all", "ci_len_mean_noint", na ? NAN : len[1][0]);
	num(o, "all", "all", "ci_len_min_noint", na ? NAN : len[1][1]);
	num(o, "all", "all", "ci_len_max_noint", na ? NAN : len[1][2]);
	count(o, "sig_int_0.05", na ? NAN : sig[0][0]);
	count(o, "sig_int_0.01", na ? NAN : sig[0][1]);
	count(o, "sig_noint_0.05", na ? NAN : sig[1][0]);
	count(o, "sig_noint_0.01", na ? NAN : sig[1][1]);
}

/* The split = all rows of measure j. */
static void print_all(const struct out *o, struct part *p, size_t j,
		      const double *pt, const double *pr)
{
	unsigned long K = p->o->K, *agree = xcalloc(K + 1, sizeof *agree);
	double st5 = 0, st1 = 0, sr5 = 0, sr1 = 0, unan = 0;
	char stat[48];
	for (size_t q = 0; q < p->P; q++) {
		const char *a = p->s->runs[p->pa[q]].name, *b = p->s->runs[p->pb[q]].name;
		double vt = pt[j * p->P + q], vr = pr[j * p->P + q];
		unsigned long sig = 0;
		for (p->cur = 0; p->cur < K; p->cur++)
			sig += part_pair(p, j, q)[PP_Q0] < 0.05;   /* NaN: no */
		pval(o, a, b, "p_ttest", vt);
		pval(o, a, b, "p_rand", vr);
		fprintf(o->f, "%s\t%s\t%s\t%s\tsplits_sig\t%lu\n", o->meas, o->split,
			a, b, sig);
		st5 += vt < 0.05;
		st1 += vt < 0.01;
		sr5 += vr < 0.05;
		sr1 += vr < 0.01;
		unan += sig == K;
		agree[sig > K - sig ? sig : K - sig]++;
	}
	count(o, "pairs", (double)p->P);
	count(o, "sig_ttest_0.05", st5);
	count(o, "sig_ttest_0.01", st1);
	count(o, "sig_rand_0.05", sr5);
	count(o, "sig_rand_0.01", sr1);
	count(o, "sig_unanimous_0.05", unan);
	if (K >= 2)
		for (unsigned long h = K; h >= (K + 1) / 2; h--) {
			snprintf(stat, sizeof stat, "agree_%lu_%lu", h, K - h);
			count(o, stat, (double)agree[h]);
		}
	free(agree);
}

/* The warning naming the topics a split left out. */
static void warn_dropped(const struct part *p, unsigned long split)
{
	char list[600];
	size_t o = 0, nd = 0;
	list[0] = '\0';
	for (size_t t = 0; t < p->n; t++) {
		if (p->ok[t])
			continue;
		if (nd < 10 && o < sizeof list)
			o += (size_t)snprintf(list + o, sizeof list - o, "%s%s",
					      nd ? ", " : "", p->s->c->topic[t].qid);
		nd++;
	}
	if (nd > 10 && o < sizeof list)
		snprintf(list + o, sizeof list - o, " and %zu more", nd - 10);
	warnings_add(p->o->warn, "--partitions",
		     "split %lu: %zu topic%s without a relevant document in every part left out (%s)",
		     split, nd, nd == 1 ? "" : "s", list);
}

int partitions_print(FILE *f, const struct scorer *s, const double *root,
		     const struct part_opts *o)
{
	struct part p;
	struct out out;
	double *pt, *pr;

	part_init(&p, s, o);
	progress_init(&p.prog, o->progress, "resamples",
		      (unsigned long)(o->K * o->M), o->M);
	for (p.cur = 0; p.cur < o->K; p.cur++) {
		part_split(&p, p.cur + 1);
		p.used[p.cur] = p.nk;
		if (p.nk < p.n && o->warn)
			warn_dropped(&p, p.cur + 1);
	}
	progress_end(&p.prog);
	pt = xcalloc(size_mul(p.m, p.P) + 1, sizeof *pt);
	pr = xcalloc(size_mul(p.m, p.P) + 1, sizeof *pr);
	comparators(&p, root, pt, pr);

	fputs("measure\tsplit\trunA\trunB\tstatistic\tvalue\n", f);
	out.f = f;
	out.dec = o->decimals;
	for (size_t j = 0; j < p.m; j++) {
		out.meas = s->slots[p.slot[j]].name;
		for (p.cur = 0; p.cur < o->K; p.cur++) {
			snprintf(out.split, sizeof out.split, "%lu", p.cur + 1);
			print_split(&out, &p, j);
		}
		snprintf(out.split, sizeof out.split, "all");
		print_all(&out, &p, j, pt, pr);
	}
	free(pt);
	free(pr);
	part_release(&p);
	return fflush(f) != 0 || ferror(f) ? -1 : 0;
}
