/*
 * tests/parts/test_images/test_images.h - what the parts of test_images
 * (tests/test_images.c: the checks and main; coll.c: the documented image
 * function written again, random small collections and their root and
 * image files; loaded.c: the selections of measures and a collection
 * loaded from files and scored; lanes.c: side-by-side scoring, spans,
 * copies and positions against their plain loops) share.  Sizes: at most
 * MAXT topics, MAXR runs and MAXD judged documents a topic (about 1.5 MB
 * a struct coll: allocate it).  The parts print nothing: every check is
 * reported by tests/test_images.c (check.h counts failures per file).
 */
#ifndef CBEVAL_TEST_IMAGES_H
#define CBEVAL_TEST_IMAGES_H

#include "collection.h"
#include "measure.h"
#include "run.h"
#include "score.h"
#include "score_int.h"

#include <stddef.h>
#include <stdint.h>

#define MAXT 6
#define MAXR 4
#define MAXD 1500
#define NSPEC_MAX 81      /* the measures of specs_all, the most of any selection */
#define NSELECTIONS 5

struct rentry { char docno[32]; double score; };
struct rtopic { int n; struct rentry e[1200]; };
struct rrun { struct rtopic t[MAXT]; };
struct qent { char docno[32]; int grade; };
struct qtop { int n; struct qent e[MAXD]; };

/* A random collection: qrels q of topics qid, runs r. */
struct coll {
	int nt, nr;
	char qid[MAXT][8];
	struct qtop q[MAXT];
	struct rrun r[MAXR];
};

/* A loaded evaluation: collection, runs, scorer. */
struct loaded {
	struct collection c;
	struct run runs[MAXR];
	char paths[MAXR][512];
	int present[MAXR];   /* run file loaded (not empty) */
	int ok;              /* qrels loaded */
	struct scorer s;
};

/* A selection of measures for the exactness checks: its label in the
 * checks' messages and the specs of its n measures. */
struct selection { const char *label; const char *const *specs; size_t n; };

/* The selections, in the order they are checked. */
extern const struct selection selections[NSELECTIONS];

/* How load reports a run file that did not load for another reason than
 * having no run lines: called with the message. */
typedef void (*load_report)(const char *msg);

/* coll.c */
unsigned ref_k(const char *docno, uint64_t seed, uint64_t b);
uint64_t draw_next(uint64_t *rng);
unsigned draw_below(uint64_t *rng, unsigned n);
void make_coll(struct coll *c, int deep, uint64_t *rng);
int cmp_eval(const void *pa, const void *pb);
void write_image(const struct coll *c, const char *dir, uint64_t seed,
		 uint64_t b, long *nlines);
void write_root(const struct coll *c, const char *dir);

/* loaded.c */
void load(struct loaded *L, const char *dir, int nr, int level,
	  enum run_order order, struct measure *m, size_t nm, uint64_t seed,
	  load_report report);
void unload(struct loaded *L);
double ref_value(const struct loaded *L, const double *vals, int r,
		 const char *qid, size_t k);

/* lanes.c */
long lanes_differ(const struct scorer *s, struct score_scratch *x);
long spans_differ(const struct scorer *s, struct score_scratch *x, long *n);

#endif
