/*
 * tests/parts/ref_meld/ref_meld.h - what the parts of the slow reference
 * of `cbeval --meld` (tests/ref_meld.c, whose opening comment describes
 * the program and its choices) share: the context struct that holds the
 * options and every input and value of one invocation (no mutable
 * globals: every function takes it), the records of qrels lines, labels,
 * run entries and paired t-tests, and the functions one part calls in
 * another.  Sizes: a few runs and topics, K x B up to some thousands of
 * sub-collections, each materialised as files; the per-topic values of
 * all of them are held at once (nmf x K x B x 2 x runs x measures x
 * topics doubles).
 */
#ifndef REF_MELD_H
#define REF_MELD_H

#define REF_PROG "ref_meld"
#include "../ref_shared/ref_shared.h"

#define PI 3.14159265358979323846
#define ZERO 1e-12	/* the zero rule of the spec */
#define ZTOL 1e-13	/* a mean this close to +-ZERO is fragile */
#define PTOL 1e-9	/* a p this close (relative) to a threshold is fragile */
#define DUMMY_GRADE "-2147483647"

/* A qrels line. */
struct qline {
	char *qid, *docno, *text;
	long grade;
	long lab;	/* index into lbl, -1 unlabelled */
};

/* A labelled docno (the labels are sorted by docno). */
struct label {
	char *docno;
	int lab;	/* 0 L, 1 R */
	long r;		/* Rank labelling: the shallowest position; else -1 */
};

/* An entry of an evaluation-ordered run, and one topic of a run. */
struct rent {
	char *docno;
	long lab;
};
struct rtop {
	struct rent *e;
	size_t n;
};

/* The result of the paired test (choice 5). */
struct ttest {
	double raw;	/* the left-to-right mean */
	double mean;	/* after the zero rule */
	double p;	/* NAN with n < 2 */
	double palt;	/* the other p when the zero rule is fragile, else p */
	int pex, paltex;	/* p, palt set by a rule (0.5, 0, 1), not from t */
	int zfrag;	/* |raw| within ZTOL of ZERO */
};

/* One invocation: its options, inputs, the per-topic values of every
 * sub-collection, and the measure and mf of the rows being printed. */
struct meld {
	/* options */
	uint64_t S;			/* --seed */
	unsigned long K, B;		/* --splits, -b */
	int P;				/* -p */
	char **mfs;			/* the --mf strings */
	double *mfv;			/* their values */
	size_t nmf;
	const char *cbeval_path, *opt_l, *opt_M, *opt_order;
	char **mspecs;
	int nmspecs, keep_files;
	long level;			/* -l */
	FILE *ffrag;			/* --fragile, or NULL */
	/* runs, topics, measures (meas: every measure of the plain
	 * evaluation; outm: those of the table, residuals left out) */
	struct names runs, topics, meas;
	size_t *outm, noutm;
	double *V;			/* the per-topic values, see VAL */
	struct qline *ql;		/* qrels lines */
	size_t nql;
	struct label *lbl;		/* labels, sorted by docno */
	size_t nlabs;
	double *ulab;			/* [d * K + s - 1] meld draws */
	unsigned char *klab;		/* [d * B + b - 1] multiplicities */
	struct rtop *rk;		/* evaluation-ordered runs: rk[j * NT + t] */
	size_t nruns;
	/* materialising */
	char dummy_buf[64];		/* a qid that is no topic */
	const char *dir, *dummy_qid;
	/* output: the measure and mf of the rows being printed */
	const char *cur_m, *cur_mf;
};

#define NR(c) ((c)->runs.n)
#define NT(c) ((c)->topics.n)
#define NM(c) ((c)->meas.n)
#define VAL(c, i, s, b, part, j, m, t) (c)->V[vidx(c, i, s, b, part, j, m, t)]

/* common.c */
double meld_u(uint64_t seed, const char *docno, size_t len, uint64_t s);
void sort_topics(struct names *t);
void parse_mf(struct meld *c, const char *list);
size_t vidx(const struct meld *c, size_t i, unsigned long s, unsigned long b, int part,
	    size_t j, size_t m, size_t t);
void alloc_values(struct meld *c);
int melded(const struct meld *c, size_t d, size_t i, unsigned long s);

/* ttest.c */
double upper_p(double t, double df);
struct ttest paired(const double *z, size_t n);
int p_lt(const struct ttest *r, double X, int *maybe);
int p_gt(const struct ttest *r, double X, int *maybe);
int p_in(const struct ttest *r, double a, double b, int *maybe);

/* input.c */
void read_qrels(struct meld *c, const char *path);
void read_run(struct meld *c, size_t j, const char *path);
void read_labels(struct meld *c, const char *path);
void rank_labels(struct meld *c);
void prepare_draws(struct meld *c);
void read_values(struct meld *c, const char *path);

/* materialise.c */
void evaluate(struct meld *c, const char *qrels, char **runfiles, size_t nrun);

/* report.c */
void analyse(struct meld *c, size_t m, size_t i);
void analyse_all(struct meld *c, size_t i);
void warn_shallow(const struct meld *c);

/* outputs.c */
void write_images(const struct meld *c, const char *path);
void write_labels(const struct meld *c, const char *path);

/* selftest.c */
int selftest(void);

#endif
