/*
 * tests/parts/ref_pools/ref_pools.h - what the parts of the reference
 * tests/ref_pools.c share: the collection as read (topics with their
 * judgements, runs as ranked docnos per topic), the settings of the
 * command line and the tables of values, all in one context struct
 * (struct pools) that main fills and passes down, and the functions of
 * each part.  Sizes as in t_pools.sh: a few runs, a few topics, tens of
 * documents per ranking, B of a few images, at most MMAX measure outputs.
 */
#ifndef REF_POOLS_H
#define REF_POOLS_H

#define REF_PROG "ref_pools"
#include "../ref_shared/ref_shared.h"

struct judged { char *docno; long grade; };
struct topic {
	char *qid;
	struct judged *j;
	size_t nj;
	int numeric;            /* every qid of the qrels is digits (the sort) */
};
struct run {
	char *tag;
	char ***docs;           /* [topic][i]: docnos in evaluation order */
	size_t *n;              /* [topic] */
};

/* At most this many measure outputs. */
#define MMAX 96   /* measure outputs (t_pools.sh has about 75) */
/* The value of the i-th run scored, topic t (nt: "all"), measure m. */
#define VAL(v, nt, i, t, m) ((v)[((i) * ((nt) + 1) + (t)) * MMAX + (m)])

/* The reference's state: the input, the settings and the values. */
struct pools {
	struct topic *T;        /* the qrels' topics, in cbeval's qid order */
	size_t NT;
	struct run *RUN;        /* the runs, in command-line order */
	size_t NR;
	unsigned long B, K;     /* -b and --pool */
	uint64_t SEED;          /* --seed (1) */
	long LEVEL;             /* -l (1) */
	unsigned long long CUT; /* -M, 0 = none */
	char **MSPEC;           /* the -m arguments */
	int NMSPEC;
	const char *CBEVAL;     /* the plain cbeval that scores the images */
	char *WORK;             /* the directory of the materialised images */
	char **MNAME;           /* measure names, in cbeval's output order */
	size_t NM;
	double *SUMV;           /* the summary's values, as SV reads them */
};

/* input.c */
long topic_of(const struct pools *ctx, const char *qid);
void read_qrels(struct pools *ctx, const char *path);
void read_run(const struct pools *ctx, const char *path, struct run *r);

/* image.c */
void materialise(const struct pools *ctx, const size_t *runs, size_t nrun, uint64_t b);
double *score(struct pools *ctx, size_t nrun);

/* tables.c */
void summary(struct pools *ctx, const char *path);
void pairs(struct pools *ctx, const char *ppath, const char *ipath);

#endif
