/*
 * tests/parts/ref_bias/ref_bias.h - what the parts of the slow reference
 * of `cbeval --bias` (tests/ref_bias.c, which documents the program and
 * its choices) share: the string table, qrels, runs and collections, the
 * context of one invocation (options and data, owned by main, passed to
 * every function that needs it; no globals), and the functions of the
 * parts: base.c (helpers, string table, draws, statistics, the value
 * array), input.c (qrels, runs, names, engineered runs, --values),
 * materialise.c (collections written as files and scored with plain
 * cbeval), analysis.c (the table) and selftest.c.  Sizes are a test's:
 * tens of runs and topics, a few collections, T up to thousands; the value
 * array holds replicates x measures x runs x topics doubles.
 */
#ifndef REF_BIAS_H
#define REF_BIAS_H

#include <stdint.h>
#include <stdio.h>

#define REF_PROG "ref_bias"
#define REF_USAGE_STATUS 1   /* as cbeval's usage errors */
#include "../ref_shared/ref_shared.h"

#define GM_EPS 0.00001
#define NEAR 1e-10

/* A string table (docnos, names) with a hash: the strings in the order
 * they were first interned, each owned by the table (stable pointers). */
struct strtab {
	char **s;
	size_t n, cap;
	size_t *slot;	/* open addressing: index + 1, 0 empty */
	size_t nslot;
};

struct judg {
	size_t d;	/* docno id */
	long g;		/* grade */
};

struct qrels {
	const char *path;
	struct judg **v;	/* [t] in file order */
	size_t *n;		/* [t] */
	struct judg **sorted;	/* [t] by docno id */
};

struct run {
	const char *path;	/* NULL for an engineered run */
	char *tag, *name;
	size_t **d;		/* [t] the ranking (docno ids) */
	size_t *n;		/* [t] */
};

enum { C_FILE, C_POOL };

/* A collection (choice 5): qrels files or a pool. */
struct coll {
	int kind;
	size_t nq;		/* qrels files (C_FILE) */
	struct qrels *q;
	unsigned long long K;	/* C_POOL */
};

/* The context of one invocation: the options, then the data of the
 * analysis.  main owns it and everything it points to. */
struct rb {
	/* configuration */
	uint64_t S;			/* --seed */
	int alt_order;			/* --alt-order */
	unsigned long T, NP;		/* samples, n' (0: n) */
	unsigned long B;		/* -b */
	unsigned long TOP;		/* --top (0: none) */
	int P, engineered;
	long level;
	const char *opt_l, *opt_M, *opt_order;
	const char *order_key;		/* score, rank or file */
	const char *cbeval_path;
	char **mspecs;
	int nmspecs;
	FILE *ffrag, *ftrace;
	/* the data of the analysis */
	struct strtab topics, runnames, meas;	/* topic order, run order, measure order */
	struct strtab docs;		/* every docno read */
	size_t NC;			/* collections */
	char **cname;			/* [c] */
	size_t *nrep, *roff;		/* [c] replicates, offset */
	size_t NREP;			/* sum of nrep */
	double *val;			/* [((roff[c] + r) * NM + m) * NJ + j) * NT + t] */
	uint64_t *sig, *sigb;		/* with -b: [((roff[c] + r) * NJ + j) * NT + t] */
	struct run *runs;		/* kept runs, then engineered ones */
	size_t nkept;
	struct coll *colls;
	struct qrels refq;
	/* materialising */
	char *never_doc, *none_qid;
	int keep_files;
	unsigned *kcur;			/* multiplicities of the current image, per docno id */
	uint64_t kcur_b;		/* its image (UINT64_MAX: none yet) */
	/* the analysis */
	size_t nprime;
	size_t *dt, *dr;		/* draws: [((c * 2 + h - 1) * T + b - 1) * n' + i] */
	unsigned char *ux, *uy;		/* NJ x NJ scratch */
};

/* Topics, runs and measures of the context ctx in scope. */
#define NT (ctx->topics.n)
#define NJ (ctx->runnames.n)
#define NM (ctx->meas.n)

/* base.c */
void udie(const char *msg, const char *arg);
char *xprintf(const char *fmt, ...);
int skipped(const char *line);
double parse_double(const char *s, const char *what);
long st_find(const struct strtab *t, const char *s);
size_t st_intern(struct strtab *t, const char *s);
void st_free(struct strtab *t);
unsigned image_k(const char *docno, uint64_t seed, uint64_t b);
size_t draw_topic(const struct rb *ctx, uint64_t c, uint64_t h, uint64_t b, uint64_t i, size_t n);
size_t draw_rep(const struct rb *ctx, uint64_t c, uint64_t h, uint64_t b, uint64_t i, size_t r);
void permute(const struct rb *ctx, size_t *slot, size_t m, uint64_t j, uint64_t t);
double agg(const struct rb *ctx, const double *v, size_t k, int gm);
int sgn(double a, double b);
int taub(const struct rb *ctx, const double *x, const double *y, size_t s, double *tau);
double sroot(double x);
int near(double a, double b);
double *V(const struct rb *ctx, size_t c, size_t r, size_t m, size_t j);
void alloc_values(struct rb *ctx);
uint64_t SIG(const struct rb *ctx, size_t m, size_t c, size_t r, size_t j, size_t t);
int is_gm(const char *name);
void sort_qids(const char **v, size_t n, int numeric);

/* input.c */
void read_qrels(struct rb *ctx, struct qrels *q, const char *path, int ref);
long grade_of(const struct qrels *q, size_t t, size_t d, int *judged);
void read_run(struct rb *ctx, struct run *r, const char *path, unsigned long long cut);
void free_run(const struct rb *ctx, struct run *r);
void free_qrels(const struct rb *ctx, struct qrels *q);
void name_runs(struct run *r, size_t n);
void engineer(const struct rb *ctx, struct run *e, const struct run *r, size_t j, const struct qrels *ref);
void read_values(struct rb *ctx, const char *path);

/* materialise.c */
int pool_spec(const char *spec, unsigned long long *K);
void materialise(struct rb *ctx, size_t c, size_t r, const char *dir);
void root_eval(struct rb *ctx, const char *qrels, char **files, size_t nfiles, struct run *all,
	       const char *dir);

/* analysis.c */
void fmt(const struct rb *ctx, char *buf, double x);
void analyse(struct rb *ctx);

/* selftest.c */
int selftest(struct rb *ctx);

#endif
