/*
 * sens_int.h - what the two files of --sensitivity share: sensitivity.c
 * (the draws, the tests and the counters) and sens_out.c (the table).
 * Not an interface for anything else; see sensitivity.h.
 */
#ifndef CBEVAL_SENS_INT_H
#define CBEVAL_SENS_INT_H

#include <stdint.h>
#include <stdio.h>

#include "progress.h"
#include "sensitivity.h"

#define NF 20           /* MR-PT at f = 1/100 .. 20/100 */
#define NBIN 21         /* swap bins 0..20 */
/* Comparisons that decide a count treat numbers within TIE of their size
 * as equal, so that ties in real arithmetic (frequent with measures such
 * as P@10 that take few values) count the same whatever the order in
 * which the floating-point sums were taken. */
#define TIE 1e-10

/* Per pair: the rows of the table and what the summaries need. */
enum { PR_DIFF, PR_T, PR_P, PR_ASLP, PR_ASLU, PR_RQP5, PR_RQP1, PR_RQU5,
       PR_RQU1, PR_N };

/* Per worker, per measure and pair, for MR-PT: samples in which A (B) is
 * higher at every f, and at each f where the rule needed a closer look. */
struct mrcount {
	uint32_t all[2];
	uint32_t at[2][NF];
};

struct sens {
	const struct scorer *s;
	const struct sens_opts *o;
	size_t S, n, P, m;      /* runs, topics, pairs, table measures */
	unsigned long T;
	size_t *slot;           /* [m] the scorer slot of table measure j */
	enum measure_agg *agg;  /* [m] */
	double *tv;             /* [m][S][n] aggregation terms of the values */
	size_t *doff;           /* [T+1]: sample b's distinct topics are */
	uint32_t *dtop, *dcnt;  /* dtop/dcnt[doff[b] .. doff[b+1]) (stream 1) */
	double *a1, *a2;        /* [m][S][T] aggregates, streams 1 and 2 */
	double *u;              /* [m][S][4][T] unpaired partial sums */
	size_t *pa, *pb;        /* [P] the runs of each pair */
	/* pair tasks (measure j) */
	size_t j;
	double *row;            /* [m][P][PR_N] */
	double *pscratch;       /* per worker */
	uint32_t *pord;         /* per worker: pord_n = max(T, 2n) */
	size_t pord_n;
	size_t pscratch_n;
	/* sample tasks */
	struct mrcount *mr;     /* per worker: [m][P] */
	unsigned long *bins;    /* per worker: [m][NBIN][2] count, swaps */
	double *smax;           /* per worker: [m] */
	uint32_t *cnt;          /* per worker: 6n draw counts */
	double *tscratch;       /* per worker: 2S */
	double *tau;            /* [m(m-1)/2][T] */
	struct progress prog;
};

/* Print the rows of table measure j after its pairs: discriminative
 * power, required differences, MR-PT, swaps (counters merged already). */
void sens_print_summary(FILE *f, int decimals, const struct sens *x, size_t j,
			const struct mrcount *mr, const unsigned long *bins,
			double smax);
/* Print tau, tau_se, tau_z0, tau_p of table measures j1 < j2 (measure
 * pair jp); buf holds 2 max(S, T) doubles. */
void sens_print_tau(FILE *f, int decimals, const struct sens *x, size_t j1,
		    size_t j2, size_t jp, double *buf);
/* Kendall's tau-b of (x[i], y[i]) with the tie rule of TIE: two values
 * within TIE of their size are tied.  NaN when undefined. */
double sens_tau_b(const double *x, const double *y, size_t n);
/* The tie rule (sens_tie.c): a >= b, ties included, a within TIE of the
 * larger of scale, |a| and |b| below b counting as b (sens_ge: scale 0);
 * d, a difference of a and b, is 0 up to ties (sens_is_zero). */
int sens_ge_at(double a, double b, double scale);
int sens_is_zero(double d, double a, double b);
/* Print one pair's rows. */
void sens_print_pair(FILE *f, int decimals, const struct sens *x, size_t j,
		     size_t q);

#endif
