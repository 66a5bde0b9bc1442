/*
 * score.h - scoring: turn rankings plus one image's multiplicities into
 * the hit vectors measures see (struct ranked) and apply every selected
 * measure (the "score" step of the pipeline).
 *
 * The unit of work is one topic in one image: the topic's multiplicities
 * are computed once (image.h), R and the measures' per-topic preparations
 * (such as IDCG) once, then every run's ranking of that topic is scanned
 * once for all measures together.  A topic's rankings are a few hundred KB
 * at TREC scale, so they stay in cache across the runs of one image.
 *
 * Values are laid out out[run * nslots + slot]; a slot is one output of
 * one measure (RBP has two: the score and the residual).
 *
 * Shallow pools (--pool K): in every image the judgements of documents
 * outside the pool - the documents at positions 1..K of the pooling runs'
 * rankings of the image - are masked before the measures run: a second
 * multiplicity vector (score_scratch.kj) holds k for pooled judged
 * documents and 0 for the others, and is what the judged side sees (R,
 * ideal gains, hits, judged spans), while positions count every copy
 * (score_scratch.k).  The pool of the whole scorer (every run) is
 * computed once per topic and image; a pair's pool, and the scan of its
 * two runs, by pairpool.c (score_int.h).
 */
#ifndef CBEVAL_SCORE_H
#define CBEVAL_SCORE_H

#include <stddef.h>
#include <stdint.h>

#include "collection.h"
#include "image.h"
#include "measure.h"
#include "pool.h"
#include "run.h"

struct slot {
	size_t measure;         /* index into scorer.m */
	int out;                /* output of that measure */
	const char *name;       /* canonical name, owned by the measure */
	const char *trec;       /* trec_eval-style name */
};

/* Relevance levels a scorer serves at once: the -l of the collection
 * (level index 0) and up to SCORE_LEVELS - 1 levels of measures with
 * (rel=N) (struct measure.rel). */
#define SCORE_LEVELS (MEASURE_REL_LEVELS + 1)

struct scorer {
	const struct collection *c;
	const struct run *runs;
	size_t nruns;
	const struct measure *m;
	size_t nm;
	struct slot *slots;     /* owned */
	size_t nslots;
	uint64_t judged_depth;  /* max over measures of judged_depth */
	int needs_length;       /* some measure sets needs_length */
	int needs_negative;     /* some measure sets needs_negative */
	int copies;             /* some measure sets copies */
	int any_r0;             /* some measure sets call_when_r0 */
	int any_gain;           /* some measure sets call_when_gain */
	uint64_t pool;          /* --pool K: pool depth, 0 = every judgement
				   counts (set by the caller after scorer_init) */
	size_t pool_runs;       /* the runs that pool: the first pool_runs
				   (0 = all; --bias's engineered runs do not) */
	size_t prep_n;          /* doubles of all the measures' prep areas */
	size_t max_ranking;     /* longest ranking of any run */
	size_t max_docs;        /* most documents of any topic */
	size_t max_spans;       /* most stretches of judged entries in a ranking */
	size_t max_hits;        /* most hits (inter entries) in a ranking */
	int pos16;              /* positions fit 16 bits: 1 + IMAGE_KMAX *
				   max_ranking <= 65535 */
	int wide_lanes;         /* score_topic_images may use AVX-512: the
				   scan's vector loops and the measures'
				   score_lanes (set by scorer_init from the
				   processor; 0 forces the plain loops and
				   the measures image by image, as the tests
				   do to compare) */
	uint8_t *mlanes;        /* [nm], owned: 1 where the measure has
				   score_lanes (used when wide_lanes) */
	int rest_copies;        /* some measure without score_lanes sets
				   copies */
	struct image_fn imf;
	uint64_t seed;
	int32_t max_grade;      /* largest grade of the qrels, every topic
				   (topic_image.max_grade; 0: no judgement) */
	/* (rel=N): level index of each measure (0: the collection's -l),
	 * and per extra level i >= 1 its value and a copy of every topic
	 * whose relevance counts (n_rel) are at that level. */
	uint8_t *mlevel;        /* [nm], owned */
	size_t nlevels;         /* 1 + extra levels */
	int level[SCORE_LEVELS];
	struct topic *ltopic[SCORE_LEVELS];   /* [i][topic] for i >= 1, owned */
};

/* Per-thread scratch, sized by scorer_init's figures. */
struct score_scratch {
	struct hit *h;
	struct span *o;
	struct hit *g;          /* negative-grade documents (needs_negative) */
	struct hit *c;          /* the hits copy by copy (copies) */
	uint32_t *P;            /* positions of one ranking's entries */
	uint32_t *pe;           /* its pooled entries, under a pool */
	uint8_t *k;             /* multiplicities: positions */
	uint8_t *kj;            /* judged multiplicities under a pool */
	double *prep;           /* the measures' prep areas, in order */
	/* score_topic_images: SCORE_LANES images side by side */
	uint8_t *kL;            /* [doc][lane] multiplicities */
	uint32_t *PL;           /* [entry][lane] positions of one ranking */
	struct span *oL;        /* [span][lane] judged spans, interleaved
				   (max_spans + 1 rows) */
	uint8_t *kl;            /* [lane][judged doc] multiplicities */
	uint32_t *cq, *cqo, *cmo;   /* the copies of a ranking's hits in the
				   lanes (ranked_lanes): max_hits *
				   SCORE_LANES * IMAGE_KMAX, max_hits + 1,
				   max_hits + 1 */
	struct lanes_copy *cm;  /* max_hits * IMAGE_KMAX */
	double *cv;             /* as many as cq, and MEASURE_LANES_CV_SPARE */
	double *prep8;          /* [lane][prep_n] prep areas */
	/* score_topic_images, per measure with score_lanes, set once per
	 * batch: its lanes' topic images and prep areas ([measure][lane]),
	 * and the lanes it is called in whatever the ranking (its
	 * conditions on R and the gains, among the live lanes) */
	const struct topic_image **mtl;
	const double **mpl;
	uint64_t *muse;
};

/* Images scored side by side by score_topic_images: one pass over a
 * ranking computes the positions of its entries in all of them, and the
 * measures with score_lanes score them together. */
#define SCORE_LANES MEASURE_LANES

/* The measure behind slot k. */
static inline const struct measure *scorer_slot_measure(const struct scorer *s,
							size_t k)
{
	return &s->m[s->slots[k].measure];
}

/* Nonzero when slot k is an effectiveness score, 0 for a residual (which
 * gets no ranks and no ranking statistics). */
static inline int scorer_slot_is_score(const struct scorer *s, size_t k)
{
	return s->slots[k].out == 0;
}

/* How slot k aggregates over topics (see measure_agg). */
static inline enum measure_agg scorer_slot_agg(const struct scorer *s,
					       size_t k)
{
	return measure_agg(&s->m[s->slots[k].measure]);
}

/* Set up a scorer over loaded runs and parsed measures (borrowed: they
 * must outlive it).  The collection must be frozen. */
void scorer_init(struct scorer *s, const struct collection *c,
		 const struct run *runs, size_t nruns,
		 const struct measure *m, size_t nm, uint64_t seed);
void scorer_release(struct scorer *s);

void score_scratch_init(struct score_scratch *x, const struct scorer *s);
void score_scratch_release(struct score_scratch *x);

/* Score topic t under the multiplicities the caller wrote to x->k (one
 * byte per document of the topic, 0 to IMAGE_KMAX): any replicate of the
 * collection - a part of a partition has 0 or 1 - is scored this way,
 * by the one scorer, with the pool of every run when s->pool is set.
 * out[run * nslots + slot]. */
void score_topic_mult(const struct scorer *s, size_t t,
		      struct score_scratch *x, double *out);

/* Score topic t in image b (0 = root): out[run * nslots + slot]. */
void score_topic_image(const struct scorer *s, size_t t, uint64_t b,
		       struct score_scratch *x, double *out);

/* Score topic t in images b0 .. b0+nb-1: out[(i * nruns + run) * nslots
 * + slot] for image b0 + i, the values score_topic_image gives.  Up to
 * SCORE_LANES images share each pass over a ranking (under --pool they
 * are scored one by one). */
void score_topic_images(const struct scorer *s, size_t t, uint64_t b0,
			size_t nb, struct score_scratch *x, double *out);


/* Root scores of every run, topic and slot, in parallel on the pool:
 * vals[(run * ntopics + topic) * nslots + slot].  Caller frees. */
double *score_root(const struct scorer *s, struct pool *pool);

/* Each run's aggregate over topics of every slot (the value of "all": the
 * mean, the sum or the geometric mean, see measure_agg), from vals as
 * score_root lays them out: agg[run * nslots + slot].  With left_out
 * (--mean run), over the topics each run has (run.present) only; a run
 * with none gets NaN means.  Caller frees. */
double *score_aggregates(const struct scorer *s, const double *vals,
			 int left_out);

#endif
