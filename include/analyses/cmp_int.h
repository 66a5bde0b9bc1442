/*
 * cmp_int.h - what the files of --compare share: cmp_run.c (the
 * comparisons, the tests, the corrections and the TSV table) and
 * cmp_report.c (the report of -F markdown and -F latex).  Not an
 * interface for anything else; see cmp.h.
 */
#ifndef CBEVAL_CMP_INT_H
#define CBEVAL_CMP_INT_H

#include "cmp.h"
#include "progress.h"

struct cmp {
	const struct scorer *s;
	const struct cmp_opts *o;
	size_t S, n, m, C, K;   /* runs, topics, measures, comparisons, tests */
	size_t base;            /* the baseline, or SIZE_MAX (all) */
	size_t *slot;           /* [m] the scorer slot of measure j */
	enum measure_agg *agg;  /* [m] */
	double *tv;             /* [m][S][n] aggregation terms */
	double *score;          /* [S][m] root aggregates */
	size_t *ca, *cb;        /* [C] runA (x) and runB (y) */
	double *p, *padj;       /* [C][m][K] */
	double *diff, *effect;  /* [C][m] */
	/* per worker scratch */
	size_t nw64, nch;       /* words of one permutation's bits, 8-topic chunks */
	int wide;               /* the bits by AVX-512 (2), AVX2 (1) or the
				   plain loop (0): cmp_bits_wide() */
	uint64_t *bits;         /* [R][nw64] */
	double *tab;            /* [nch][256] */
	double *z;              /* [m][n] */
	double *dscr;           /* [n] */
	uint32_t *uscr;         /* [2n] */
	size_t *doff;           /* [T+1] */
	uint32_t *dtop, *dcnt;  /* [T][n] */
	struct progress prog;
};

/* The index of test t in --test order, or SIZE_MAX. */
size_t cmp_test_at(const struct cmp *x, enum cmp_test t);

/* Print the report (-F markdown or latex).  Returns 0, or -1 when
 * writing failed. */
int cmp_report(FILE *f, const struct cmp *x);

#endif
