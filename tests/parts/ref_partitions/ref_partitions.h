/*
 * tests/parts/ref_partitions/ref_partitions.h - what the parts of the slow
 * reference of `cbeval --partitions` share (tests/ref_partitions.c, which
 * has main and the description of the program, and the files beside this
 * one): the context of one run of the reference (its options, the names
 * and values read, the state of the rows being printed), and the
 * functions one part calls in another.  Sizes as in the tests: a few to a
 * few dozen runs, topics and measures; X <= 64 parts, K <= 1000 splits,
 * M <= 10^6 resamples, R <= 10^7 randomizations.  Every function dies
 * (ref_common.h's die, exit status 2) on bad input or a failed cbeval;
 * memory a function returns belongs to the caller.
 */
#ifndef REF_PARTITIONS_H
#define REF_PARTITIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define REF_PROG "ref_partitions"
#include "../ref_shared/ref_shared.h"

/* Two sides within TIE x the split's largest |y| are equal (choice 1). */
#define TIE 1e-10
#define PI 3.14159265358979323846

/* One run of the reference: options, data and output state. */
struct ctx {
	/* options */
	uint64_t S;			/* --seed */
	unsigned X;			/* --partitions */
	unsigned long K, M, R;		/* --splits, --resamples, --randomizations */
	int P;				/* -p */
	int alt_order;			/* --alt-order */
	FILE *ffrag, *ftrace;		/* --fragile, --trace (or NULL) */
	const char *cbeval_path;	/* --cbeval */
	char **mspecs;			/* -m, nmspecs of them */
	int nmspecs;
	const char *opt_l, *opt_M, *opt_order;	/* -l, -M, --order (or NULL) */
	int opt_dedup, keep_files;	/* --dedup; --keep given */
	/* data */
	struct names runs, topics, meas;	/* meas: every measure read */
	size_t *outm, noutm;		/* output measures (residuals left out) */
	double *full;			/* [(m * nr + r) * nt + t] */
	double *yv;			/* [((((s-1) * nm + m) * nr + r) * nt + t) * X + k] */
	unsigned char *kept;		/* [(s-1) * nt + t] */
	/* the rows being printed */
	const char *cur_m;		/* measure name */
	char cur_s[32];			/* split */
};

/* stats.c: the draws of streams 4, 5, 6 and the statistics */
unsigned part_of(uint64_t seed, const char *docno, size_t len, uint64_t s, unsigned x);
size_t resid_index(uint64_t seed, uint64_t s, uint64_t m, uint64_t c, size_t N);
unsigned flip(uint64_t seed, uint64_t r, uint64_t t);
double quantile7(const double *v, size_t n, double p);
void anova(const double *y, size_t n, size_t J, size_t X, double *eff, double *eint,
	   double *enoint, int alt_order);
void boot_effects(const double *e, const size_t *idx, size_t n, size_t J, size_t X,
		  const double *eff, double *out, int alt_order);
void bh(const double *p, size_t P, double *q);
double ttest_p(const double *z, size_t n);
unsigned long rand_count(uint64_t seed, const double *z, size_t n, unsigned long R);

/* data.c: names, the value arrays, --images and --values input */
double *ref_y(const struct ctx *c, size_t s, size_t m, size_t r, size_t t);
void alloc_values(struct ctx *c);
void alloc_full(struct ctx *c);

void set_outm(struct ctx *c);
void read_values(struct ctx *c, const char *path);
void warn_dropped(const struct ctx *c);

/* runs.c: reading run files (the -M path) */
/* One run line kept for the -M path. */
struct rline {
	char *text;	/* the line as read, without the newline */
	char *qid, *docno;
	double score;
	long long rank;
	size_t pos;	/* line number */
};
struct rline *ordered_run(const struct ctx *c, const char *path, unsigned long long cut,
			  size_t *nout);
char *first_tag(const char *path);

/* materialise.c: the part files and the plain cbeval runs */
void materialise_and_score(struct ctx *c, const char *qrels, char **runfiles, size_t nrun,
			   const char *dir);

/* analyse.c: the table of one measure */
void analyse_measure(struct ctx *c, size_t m);

/* selftest.c: --selftest */
int selftest(void);

#endif
