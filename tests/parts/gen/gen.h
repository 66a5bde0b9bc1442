/*
 * tests/parts/gen/gen.h - what the parts of the collection generator
 * (tests/gen.c, its main and arguments; random.c, its random numbers;
 * collection.c, its topics, documents and systems; output.c, the run and
 * qrels files) share: the limits, the model's structs and the run's
 * context.  Sizes: up to MAX_TOPICS topics of 20 * MAX_DOCS candidates
 * and MAX_RUNS systems, all in memory.
 */
#ifndef CBEVAL_GEN_H
#define CBEVAL_GEN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PROG "gen"             /* the name in error messages */
#define MAX_RUNS   100000L
#define MAX_TOPICS 100000L
#define MAX_DOCS   100000L     /* keeps 20*DOCS candidates below 2^24 */
#define MAX_POOL   1000000L
#define CAND_PER_DOC 20        /* candidates per topic = 20 * DOCS */
#define SPACE_PER_CAND 10      /* global space = 10 * candidates * topics */
#define UNIT 1000000           /* scores are integers in millionths */
#define IDX_BITS 24
#define KEY_BIAS ((int64_t)1 << 30)
#define DOCNO_MAX 96
#define GOLDEN UINT64_C(0x9e3779b97f4a7c15)

/* xoshiro256** seeded by splitmix64. */
struct rng { uint64_t s[4]; };

struct cand {
	uint64_t id;       /* global document id */
	int32_t shared;    /* noise shared by every system, millionths */
	uint8_t grade;     /* latent relevance 0..3 */
	uint8_t pooled;    /* in some run's top POOLDEPTH */
};

struct topic {
	struct cand *c;
	size_t n;
	char *docnos;      /* n docnos, '\0'-terminated, at off[i] */
	uint32_t *off;
};

enum style { FINE, COARSE, NEGATIVE };

struct sys {
	int64_t quality;   /* weight of the latent grade, thousandths */
	uint64_t site;     /* systems of one site share extra noise */
	enum style style;
	int64_t mult;      /* score multiplier (FINE, COARSE) */
	int decimals;      /* printed decimals (FINE, NEGATIVE) */
};

/* One run of the generator: its arguments and the collection drawn. */
struct gen {
	long runs, topics, docs, pool, judge_every;
	uint64_t seed;
	const char *outdir;
	char *path;        /* plen bytes: the path of the file written */
	size_t plen;
	size_t ncand;      /* candidates per topic */
	struct topic *T;   /* topics[topics] */
	struct sys *S;     /* systems[runs] */
};

/* random.c */
uint64_t mix64(uint64_t z);
uint64_t stream_key(uint64_t seed, uint64_t a, uint64_t b, uint64_t c);
void rng_seed(struct rng *r, uint64_t key);
uint64_t rng_next(struct rng *r);
uint64_t rng_below(struct rng *r, uint64_t n);
int32_t normal_u(uint64_t x);

/* collection.c */
void die_mem(void);
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void make_topic(struct topic *T, uint64_t seed, long t, size_t n,
		uint64_t space);
void make_systems(struct sys *S, long runs, uint64_t seed);

/* output.c */
int write_runs(struct gen *g);
int write_qrels(struct gen *g);

#endif
