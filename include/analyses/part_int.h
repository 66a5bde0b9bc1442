/*
 * part_int.h - what the two files of --partitions share: partitions.c
 * (the replicates, the ANOVA, the residual bootstrap, the tests of a
 * split) and part_out.c (the comparators on the full collection, and the
 * table).  Not an interface for anything else; see partitions.h.
 */
#ifndef CBEVAL_PART_INT_H
#define CBEVAL_PART_INT_H

#include <stdint.h>

#include "partitions.h"
#include "progress.h"

/* Per run and split: the effect and its intervals; model 0 is the one
 * with interactions ("_int"), model 1 the one without ("_noint"). */
enum { PR_EFF, PR_LO0, PR_HI0, PR_LO1, PR_HI1, PR_N };
/* Per pair and split. */
enum { PP_DIFF, PP_P0, PP_Q0, PP_PD0, PP_P1, PP_Q1, PP_PD1, PP_N };

/* The tie rule of the tests of a split: two sides within PART_TIE of the
 * largest |y| of the measure in the split are equal (cbeval-analyses(7)). */
#define PART_TIE 1e-10

struct part {
	const struct scorer *s;
	const struct part_opts *o;
	size_t n, J, P, m;      /* topics, runs, pairs, table measures */
	size_t *slot;           /* [m] scorer slot of table measure j */
	size_t *pa, *pb;        /* [P] the runs of each pair */
	/* the current split */
	unsigned long cur;      /* 0..K-1 */
	double *y;              /* [m][n][J][X] scores of the parts */
	unsigned char *ok;      /* [n] a relevant document in every part */
	size_t *kept, nk;       /* the kept topics */
	size_t Nmax;            /* n J X */
	double *cells;          /* Nmax: the kept cells of one measure */
	double *scratch;        /* n J + n + J */
	double *eff;            /* [m][J] */
	double *tol;            /* [m] PART_TIE x the largest |y| of the split */
	double *e;              /* [m][2][Nmax] residuals */
	double *effs;           /* [m][2][J][M] bootstrap effects */
	/* every split, for the table */
	double *runrow;         /* [m][K][J][PR_N] */
	double *pairrow;        /* [m][K][P][PP_N] */
	size_t *used;           /* [K] topics kept */
	struct progress prog;
};

static inline double *part_effs(const struct part *p, size_t j, int md,
				size_t r)
{
	return p->effs + ((j * 2 + (size_t)md) * p->J + r) * p->o->M;
}

static inline double *part_run(const struct part *p, size_t j, size_t r)
{
	return p->runrow + ((j * p->o->K + p->cur) * p->J + r) * PR_N;
}

static inline double *part_pair(const struct part *p, size_t j, size_t q)
{
	return p->pairrow + ((j * p->o->K + p->cur) * p->P + q) * PP_N;
}

/* The two-way ANOVA of table measure j over the kept topics p->kept[0..
 * nk) of p->y: effects p->eff[j][r] and the residuals of both models
 * e[j][model][c], c = (i * J + r) * X + k (model 0 with interactions).
 * Exported for tests. */
void part_anova(struct part *p, size_t j);

/* Score split (1..K) into p->y, keep its topics, and when 2 or more are
 * kept fit both models, bootstrap them and fill the split's rows. */
void part_split(struct part *p, uint64_t split);

#endif
