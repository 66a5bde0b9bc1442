/*
 * bias.c - --bias (see bias.h and cbeval-analyses(7), BIAS): score every
 * replicate of every collection, draw the topic bootstrap samples, rank
 * the runs in each and print sigma, bias, RMSE, Delta and the root tau.
 *
 * Scores are kept as v[c][r][t][j][q] (collection, replicate, topic, table
 * measure, run), so a sample adds contiguous run vectors, slot after slot,
 * in slot order: the sums, and so the rankings, are the same for every
 * thread count.  Samples are independent tasks; each stores its squared
 * distances in a slot of its own, and the means are taken in sample order.
 */
#include "bias.h"
#include "draws.h"
#include "output.h"
#include "progress.h"
#include "stats.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct bias {
	const struct scorer *s;
	const struct bias_set *b;
	const struct bias_opts *o;
	size_t C, n, J, m, np, nw;   /* collections, topics, runs, measures, n' */
	size_t *slot;                /* [m] scorer slots of the table measures */
	enum measure_agg *agg;       /* [m] */
	size_t *nrep;                /* [C] replicates */
	struct scorer **sc;          /* [C][nsc[c]] the scorers of c */
	size_t *nsc;
	double **v;                  /* [C] [r][t][m][J] raw scores */
	double **lg;                 /* [C] the same as agg terms (GM), or NULL */
	double *root;                /* [C][m][J] by agg of replicate means */
	double *dsig;                /* [m][C][T] delta^2 of (c,1,b), (c,2,b) */
	double *ddel;                /* [m][C][C][T] of (c,1,b), (d,2,b) */
	/* per worker */
	double *acc;                 /* [nw][2C][m][J] sample scores */
	double *scratch;             /* [nw][4J] for tau */
	uint32_t *tt, *rr;           /* [nw][n'] a sample's topics, replicates */
	struct progress prog;
	/* the collection being scored */
	size_t cur;
	struct score_scratch *x;     /* [nw] */
	double *tmp;                 /* [nw][J nslots] */
};

static double *vcell(const struct bias *B, size_t c, size_t r, size_t t)
{
	return B->v[c] + ((r * B->n + t) * B->m) * B->J;
}

/* ---- scoring -------------------------------------------------------------- */

/* Replicate r of collection c: its scorer and image. */
static const struct scorer *replicate(const struct bias *B, size_t c,
				      size_t r, uint64_t *image)
{
	*image = B->o->B ? r + 1 : 0;
	return &B->sc[c][B->nsc[c] > 1 ? r : 0];
}

static void score_task(void *ctx, size_t task, unsigned w)
{
	struct bias *B = ctx;
	size_t c = B->cur, t = task % B->n, r = task / B->n;
	uint64_t image;
	const struct scorer *s = replicate(B, c, r, &image);
	double *tmp = B->tmp + w * B->J * s->nslots, *out = vcell(B, c, r, t);
	score_topic_image(s, t, image, &B->x[w], tmp);
	for (size_t j = 0; j < B->m; j++)
		for (size_t q = 0; q < B->J; q++) {
			double x = tmp[q * s->nslots + B->slot[j]];
			out[j * B->J + q] = x;
			if (B->lg[c])
				B->lg[c][(out - B->v[c]) + j * B->J + q] =
					measure_agg_term(B->agg[j], x);
		}
}

/* Score every replicate of collection c; then the root rankings. */
static void score_collection(struct bias *B, size_t c)
{
	struct scorer big = B->sc[c][0];
	size_t R = B->nrep[c];
	for (size_t k = 1; k < B->nsc[c]; k++)
		if (B->sc[c][k].max_docs > big.max_docs)
			big.max_docs = B->sc[c][k].max_docs;
	B->cur = c;
	for (size_t w = 0; w < B->nw; w++)
		score_scratch_init(&B->x[w], &big);
	pool_run(B->o->pool, R * B->n, score_task, B);
	for (size_t w = 0; w < B->nw; w++)
		score_scratch_release(&B->x[w]);
	/* agg over topics, in topic order, of the replicate means */
	for (size_t j = 0; j < B->m; j++)
		for (size_t q = 0; q < B->J; q++) {
			double acc = 0;
			for (size_t t = 0; t < B->n; t++) {
				double sum = 0;
				for (size_t r = 0; r < R; r++)
					sum += vcell(B, c, r, t)[j * B->J + q];
				acc += measure_agg_term(B->agg[j], sum / (double)R);
			}
			B->root[(c * B->m + j) * B->J + q] =
				measure_agg_finish(B->agg[j], acc, B->n);
		}
}

/* ---- samples -------------------------------------------------------------- */

/* The sample scores of collection c, set h, sample b into acc[m][J]. */
static void sample(const struct bias *B, size_t c, uint64_t h, uint64_t b,
		   unsigned w, double *acc)
{
	uint32_t *tt = B->tt + w * B->np, *rr = B->rr + w * B->np;
	const double *src = B->lg[c] ? B->lg[c] : B->v[c];
	for (size_t i = 0; i < B->np; i++) {
		uint64_t idx[4] = { c, h, b, i };
		tt[i] = (uint32_t)draw_index(draw_word(B->o->seed, DRAW_BIAS_TOPICS,
						       idx, 4), B->n);
		rr[i] = (uint32_t)draw_index(draw_word(B->o->seed, DRAW_REPLICATE,
						       idx, 4), B->nrep[c]);
	}
	memset(acc, 0, B->m * B->J * sizeof *acc);
	for (size_t i = 0; i < B->np; i++) {
		const double *row = src + ((rr[i] * B->n + tt[i]) * B->m) * B->J;
		for (size_t k = 0; k < B->m * B->J; k++)
			acc[k] += row[k];
	}
	for (size_t j = 0; j < B->m; j++)
		for (size_t q = 0; q < B->J; q++) {
			double *a = &acc[j * B->J + q];
			*a = measure_agg_log(B->agg[j])
				? measure_agg_finish(B->agg[j], *a, B->np)
				: *a / (double)B->np;
		}
}

static double delta2(double tau)
{
	return isnan(tau) ? NAN : (1 - tau) * (1 - tau);
}

static void sample_task(void *ctx, size_t k, unsigned w)
{
	struct bias *B = ctx;
	size_t C = B->C, T = B->o->T, mj = B->m * B->J;
	double *acc = B->acc + w * 2 * C * mj;
	double *sc = B->scratch + w * 4 * B->J;
	for (size_t c = 0; c < C; c++)
		for (uint64_t h = 1; h <= 2; h++)
			sample(B, c, h, k + 1, w, acc + (c * 2 + h - 1) * mj);
	for (size_t j = 0; j < B->m; j++)
		for (size_t c = 0; c < C; c++) {
			const double *x1 = acc + (c * 2) * mj + j * B->J;
			B->dsig[(j * C + c) * T + k] = delta2(stats_tau_b_fast(
				x1, acc + (c * 2 + 1) * mj + j * B->J, B->J, sc));
			for (size_t d = 0; d < C; d++)
				if (d != c)
					B->ddel[((j * C + c) * C + d) * T + k] =
						delta2(stats_tau_b_fast(x1,
							acc + (d * 2 + 1) * mj + j * B->J,
							B->J, sc));
		}
	progress_add(&B->prog, 1, w == 0);
}

/* The mean of the defined values of x[0..n), in order; NaN if none. */
static double mean_defined(const double *x, size_t n)
{
	double s = 0;
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (!isnan(x[i])) {
			s += x[i];
			k++;
		}
	return k ? s / (double)k : NAN;
}

static double signed_root(double v)
{
	return isnan(v) ? NAN : v >= 0 ? sqrt(v) : -sqrt(-v);
}

/* ---- set-up and the table -------------------------------------------------- */

static void bias_init(struct bias *B, const struct scorer *s,
		      const struct bias_set *b, const struct bias_opts *o)
{
	memset(B, 0, sizeof *B);
	B->s = s;
	B->b = b;
	B->o = o;
	B->C = b->n;
	B->n = s->c->n;
	B->J = s->nruns;
	B->np = o->topics ? o->topics : B->n;
	B->nw = pool_size(o->pool);
	B->slot = xcalloc(s->nslots, sizeof *B->slot);
	B->agg = xcalloc(s->nslots, sizeof *B->agg);
	for (size_t k = 0; k < s->nslots; k++)
		if (s->slots[k].out == 0) {   /* residuals are not scores */
			B->agg[B->m] = scorer_slot_agg(s, k);
			B->slot[B->m++] = k;
		}
	B->nrep = xcalloc(B->C, sizeof *B->nrep);
	B->nsc = xcalloc(B->C, sizeof *B->nsc);
	B->sc = xcalloc(B->C, sizeof *B->sc);
	B->v = xcalloc(B->C, sizeof *B->v);
	B->lg = xcalloc(B->C, sizeof *B->lg);
	for (size_t c = 0; c < B->C; c++) {
		const struct bias_coll *bc = &b->coll[c];
		int gm = 0;
		size_t cells;
		B->nsc[c] = bc->nfiles ? bc->nfiles : 1;
		B->sc[c] = xcalloc(B->nsc[c], sizeof *B->sc[c]);
		for (size_t k = 0; k < B->nsc[c]; k++) {
			scorer_init(&B->sc[c][k], bc->nfiles ? &bc->c[k] : s->c,
				    bc->nfiles ? bc->runs[k] : s->runs, B->J,
				    s->m, s->nm, s->seed);
			B->sc[c][k].pool = bc->pool;
			B->sc[c][k].pool_runs = o->npool;
		}
		B->nrep[c] = o->B ? o->B : B->nsc[c];
		cells = size_mul(size_mul(B->nrep[c], B->n), size_mul(B->m, B->J));
		B->v[c] = xcalloc(cells, sizeof *B->v[c]);
		for (size_t j = 0; j < B->m; j++)
			gm |= measure_agg_log(B->agg[j]);
		if (gm)
			B->lg[c] = xcalloc(cells, sizeof *B->lg[c]);
	}
	B->root = xcalloc(size_mul(B->C * B->m, B->J), sizeof *B->root);
	B->dsig = xcalloc(size_mul(B->m * B->C, o->T), sizeof *B->dsig);
	B->ddel = xcalloc(size_mul(B->m * B->C * B->C, o->T), sizeof *B->ddel);
	B->acc = xcalloc(size_mul(B->nw * 2 * B->C, B->m * B->J), sizeof *B->acc);
	B->scratch = xcalloc(size_mul(B->nw, 4 * B->J), sizeof *B->scratch);
	B->tt = xcalloc(size_mul(B->nw, B->np), sizeof *B->tt);
	B->rr = xcalloc(size_mul(B->nw, B->np), sizeof *B->rr);
	B->x = xcalloc(B->nw, sizeof *B->x);
	B->tmp = xcalloc(size_mul(B->nw, B->J * s->nslots), sizeof *B->tmp);
}

static void bias_release(struct bias *B)
{
	for (size_t c = 0; c < B->C; c++) {
		for (size_t k = 0; k < B->nsc[c]; k++) {
			scorer_release(&B->sc[c][k]);
		}
		free(B->sc[c]);
		free(B->v[c]);
		free(B->lg[c]);
	}
	free(B->sc);
	free(B->nsc);
	free(B->nrep);
	free(B->v);
	free(B->lg);
	free(B->slot);
	free(B->agg);
	free(B->root);
	free(B->dsig);
	free(B->ddel);
	free(B->acc);
	free(B->scratch);
	free(B->tt);
	free(B->rr);
	free(B->x);
	free(B->tmp);
}

static void row(FILE *f, const char *meas, const char *c, const char *d,
		const char *stat, double v, int decimals)
{
	fprintf(f, "%s\t%s\t%s\t%s", meas, c, d, stat);
	output_num(f, v, decimals);
	fputc('\n', f);
}

static void print_measure(FILE *f, const struct bias *B, size_t j)
{
	const char *meas = B->s->slots[B->slot[j]].name;
	size_t C = B->C, T = B->o->T;
	int dec = B->o->decimals;
	double *sig2 = xcalloc(C, sizeof *sig2), *sc = B->scratch;
	for (size_t c = 0; c < C; c++) {
		const char *name = B->b->coll[c].name;
		sig2[c] = mean_defined(B->dsig + (j * C + c) * T, T) / 2;
		row(f, meas, name, "NA", "sigma", signed_root(sig2[c]), dec);
		fprintf(f, "%s\t%s\tNA\treplicates\t%zu\n", meas, name, B->nrep[c]);
	}
	for (size_t c = 0; c < C; c++)
		for (size_t d = 0; d < C; d++) {
			const char *cn = B->b->coll[c].name, *dn = B->b->coll[d].name;
			double del, tau;
			if (d == c)
				continue;
			del = mean_defined(B->ddel + ((j * C + c) * C + d) * T, T);
			tau = stats_tau_b_fast(B->root + (c * B->m + j) * B->J,
					       B->root + (d * B->m + j) * B->J,
					       B->J, sc);
			row(f, meas, cn, dn, "bias",
			    signed_root(del - sig2[c] - sig2[d]), dec);
			row(f, meas, cn, dn, "rmse", signed_root(del - sig2[d]), dec);
			row(f, meas, cn, dn, "delta", del, dec);
			row(f, meas, cn, dn, "tau_root", tau, dec);
		}
	free(sig2);
}

int bias_print(FILE *f, const struct scorer *s, const struct bias_set *b,
	       const struct bias_opts *o)
{
	struct bias B;
	bias_init(&B, s, b, o);
	for (size_t c = 0; c < B.C; c++)
		score_collection(&B, c);
	progress_init(&B.prog, o->progress, "samples", o->T, 1);
	pool_run(o->pool, o->T, sample_task, &B);
	progress_end(&B.prog);
	fputs("measure\tcollection\ttruth\tstatistic\tvalue\n", f);
	for (size_t j = 0; j < B.m; j++)
		print_measure(f, &B, j);
	bias_release(&B);
	return ferror(f) || fflush(f) != 0 ? -1 : 0;
}
