/*
 * tests/parts/ref_sensitivity/ref_sensitivity.h - what the parts of the
 * reference tests/ref_sensitivity.c share: the per-topic values as read
 * (names interned in order of first appearance, then a dense table), the
 * settings S, T and P, all in one context struct (struct sens) that main
 * fills and passes down, and the functions of each part.  Sizes as in
 * t_sensitivity.sh: tens of runs, tens of topics, a few measures, T up
 * to a few thousand samples.
 */
#ifndef REF_SENSITIVITY_H
#define REF_SENSITIVITY_H

#include <stdint.h>
#include <stdio.h>

#define REF_PROG "ref_sensitivity"
#include "../ref_shared/ref_shared.h"

enum { K_MEAN, K_SUM, K_GM };

#define TIE 1e-10
#define GM_EPS 0.00001
#define PI 3.14159265358979323846

/* One input value: run, topic and measure (indices in the names). */
struct row {
	size_t r, q, m;
	double x;
};

/* A measure of the output: its name, KIND and column in the table. */
struct measure {
	const char *name;
	int kind;
	size_t col;	/* index in mnames */
};

/* The reference's state: settings, input and the dense table. */
struct sens {
	uint64_t S;             /* the seed */
	unsigned long T;        /* the number of samples */
	int P;                  /* -p */
	struct names runs, qids, mnames;
	struct row *rows;
	size_t nrows, caprows;
	size_t nr, nq;          /* runs, topics */
	double *val;            /* val[(col * nr + r) * nq + t] */
};

/* stats.c: draws, ties and statistics (see the choices of ref_sensitivity.c) */
uint64_t word2(uint64_t seed, uint64_t stream, uint64_t a, uint64_t b);
size_t draw(uint64_t seed, uint64_t stream, uint64_t b, uint64_t i, size_t m);
int ge_scaled(double a, double b, double scale);
int ge(double a, double b);
int is_zero(double d, double a, double b);
double agg(const double *v, const size_t *pos, size_t n, int kind);
double vmean(const double *v, size_t n);
double vsd(const double *v, size_t n);
double tstat(const double *v, size_t n, double scale);
int taub(const double *x, const double *y, size_t s, double *tau);

/* input.c: the values, and a measure's default KIND */
void read_input(struct sens *c, FILE *in);
int kind_of(const char *name);

/* analyse.c: the rows of one measure, and of a pair of measures (tau) */
void analyse_measure(const struct sens *c, const struct measure *M);
void analyse_tau(const struct sens *c, const struct measure *m1, const struct measure *m2);

/* selftest.c: --selftest; returns the exit status */
int selftest(void);

#endif
