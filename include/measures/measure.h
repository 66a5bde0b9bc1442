/*
 * measure.h - the measures and the table that registers them (the
 * trec_eval pattern: each measure a small pure function in its own file
 * under src/measures/, one row in the table in src/measures/measure.c).
 *
 * What a measure sees of one ranking of one topic in one bootstrap image
 * (image 0, the root, has every multiplicity 1):
 *   struct topic_image - the topic's judged documents and each judged
 *       document's multiplicity k in this image; R = relevant documents
 *       counted with multiplicity.  With --pool, k is 0 for a judged
 *       document outside the image's pool (it counts as unjudged), so
 *       that R, ideal rankings and every judged count see only the pooled
 *       judgements; the ranking's positions still count every copy.
 *   struct ranked - the ranking as a short list of hits, in rank order:
 *       h: documents that are relevant or have positive gain (ids < n_int);
 *       a hit is a document with multiplicity k = hit_k() >= 1 occupying
 *       positions pos .. pos+k-1 of the image (1-based);
 *     c: the same hits one copy at a time, with measure_def.copies: a hit
 *       of multiplicity k is k entries with positions pos .. pos+k-1 and
 *       its id, so that a measure sums term by term in rank order with
 *       one loop and no branch on k (the scorer expands them once per
 *       ranking for every measure that asks);
 *     and, for measures that ask for them (measure.judged_depth), the
 *       spans of positions occupied by judged documents (any grade),
 *       complete down to that depth; with measure_def.needs_negative, the
 *       judged documents with a negative grade as hits (neg), complete
 *       down to the same depth; with measure_def.needs_length, the number
 *       of positions of the whole ranking in the image (len).  Unjudged
 *       documents only advance positions.
 * A measure sees a topic whose image has R = 0 only if it sets
 * call_when_r0 (or call_when_gain and the image has a judged document of
 * positive grade), and an empty ranking (the run has no document for the
 * topic, or none with k >= 1 in this image) only if it sets
 * call_when_empty; otherwise the scorer gives it 0 there.  An empty
 * ranking is a struct ranked with n = nj = nneg = len = 0.
 */
#ifndef CBEVAL_MEASURE_H
#define CBEVAL_MEASURE_H

#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>

#include "collection.h"

#define MEASURE_NAME_MAX 64
#define MEASURE_REL_MAX 1000000   /* largest N of (rel=N) */
#define MEASURE_REL_LEVELS 7      /* different N of (rel=N) in one list */
#define MEASURE_MAX_OUT 2
#define MEASURE_DEPTH 1000   /* depth bound D of RBP, INSQ and Q */
#define MEASURE_GAINS_MAX 8  /* levels of nDCG(gains=L:G,...) */
/* judged_depth of a measure that needs every judged span (bpref). */
#define MEASURE_JUDGED_ALL UINT64_MAX

struct topic_image {
	const struct topic *t;
	const uint8_t *k;       /* [t->n_docs] multiplicities */
	uint64_t R;             /* sum of k over relevant judged documents */
	/* The largest grade of any judged document of any topic of the
	 * qrels file (0 when it has none): the G of the graded RBP and
	 * INSQ (gain = grade / G).  A property of the file, not of the
	 * topic or the image: the same under every bootstrap image and
	 * pool (the scorer computes it once, in scorer_init). */
	int32_t max_grade;
};

struct hit {
	uint32_t pos;           /* position of the first copy, 1-based */
	uint32_t id;            /* topic-local document id */
};

/* Multiplicity (>= 1) of a hit: its copies occupy pos .. pos+k-1.  Kept
 * out of struct hit so that a hit is 8 bytes; positions fit 32 bits since
 * rankings are limited to CB_MAX_RANKING documents. */
static inline uint32_t hit_k(const struct topic_image *ti, const struct hit *h)
{
	return ti->k[h->id];
}

struct span {
	uint32_t start, end;    /* positions start .. end-1, 1-based */
};

struct ranked {
	const struct hit *h;
	size_t n;
	const struct hit *c;        /* copies of the hits (measure_def.copies) */
	size_t nc;
	/* The judged spans, in order, adjacent or not: span i at
	 * judged[i * jstride] (ranked_span).  With jstride 1 none is empty;
	 * with a larger stride (the spans of several images interleaved)
	 * some may be (start = end), which covers no position. */
	const struct span *judged;
	size_t nj, jstride;
	const struct hit *neg;      /* judged with grade < 0, in order */
	size_t nneg;
	uint64_t len;               /* positions of the whole ranking */
};

/* Images of one ranking side by side (measure_def.score_lanes). */
#define MEASURE_LANES 16

/* Copy j of a hit in the lanes (ranked_lanes.cm): the lanes that have
 * it, and where the list of copies has it (lanes 0 to 7 from at, 8 to
 * 15 from at + lo). */
struct lanes_copy {
	uint16_t m, lo;
	uint32_t at;
};
_Static_assert(MEASURE_LANES == 16, "ranked_lanes.cm holds 16 lanes");
/* Copies of each hit that ranked_lanes.cm always lists. */
#define MEASURE_LANES_COPIES 4
/* Doubles of ranked_lanes.cv past the last copy's. */
#define MEASURE_LANES_CV_SPARE 48

/* One ranking in MEASURE_LANES images at once: what struct ranked says
 * of each image, without a list per image.  Entry e of the ranking
 * (e = 0, 1, ...) holds document ids[e]; P[e * MEASURE_LANES + l] is the
 * position of its first copy in lane l's image (rows computed on
 * [0, last]; 16-bit numbers with p16, else 32-bit), and
 * k[id * MEASURE_LANES + l] the multiplicity of document
 * id in lane l.  The hits are the entries hit[0..n) (documents relevant
 * or of positive gain, in rank order), the same in every lane: in lane l
 * one is a hit of the image when its k > 0, with copies at positions
 * P .. P+k-1.  The judged stretches are the entries [sp[2j], sp[2j+1])
 * for j < nsp (maximal runs of judged documents, in rank order): in lane
 * l, stretch j spans the positions P[a] .. P[b] - 1, empty when P[a] =
 * P[b], as the judged spans of struct ranked do, rows past last read as
 * row last.  Past last every lane's positions are beyond the scorer's
 * judged depth (of any measure), so a span there is past it too, and
 * row last bounds it; spans are needed down to that depth only.  The
 * hit vector of lane l is empty when no entry has k > 0 there; the
 * scorer does not call a measure on such a lane (it writes 0 there,
 * unless call_when_empty, which no measure with score_lanes sets). */
struct ranked_lanes {
	const uint32_t *ids;
	const uint32_t *hit;
	size_t n;
	const uint32_t *sp;
	size_t nsp;
	const void *P;  /* uint16_t when p16 (short rankings), else uint32_t */
	int p16;
	size_t last;
	const uint8_t *k;
	/* The copies of the hits, listed: hit i's are cq[cqo[i] ..
	 * cqo[i+1]), each as its position - 1, copy 0 of every lane that has
	 * one (k > 0) in lane order, then copy 1, ...; cm[cmo[i] + j].m has
	 * bit l set when lane l has a copy j (k > j), for j < cmo[i+1] -
	 * cmo[i], which is the hit's largest k or MEASURE_LANES_COPIES when
	 * that is more (masks of copies no lane has are 0 then, so that the
	 * loops over the first copies need no branch).  Values computed copy
	 * by copy can so be computed for the copies alone, and added lane by
	 * lane in the order of the copies; cm[..].at is where the list has
	 * copy j of the first of those lanes, and of lane 8 and on, at + lo. */
	const uint32_t *cq, *cqo, *cmo;
	const struct lanes_copy *cm;
	double *cv;     /* scratch: a double per copy (cqo[n]) and
			   MEASURE_LANES_CV_SPARE more */
};

/* Judged span i of r (i < r->nj). */
static inline const struct span *ranked_span(const struct ranked *r, size_t i)
{
	return &r->judged[i * r->jstride];
}

/* Relevant positions among 1..k of the ranking (each copy of a relevant
 * hit counts): the count behind P@k, R@k and Rprec. */
static inline uint64_t measure_rel_at(const struct ranked *r,
				      const struct topic_image *ti, uint64_t k)
{
	uint64_t cnt = 0;
	for (size_t i = 0; i < r->n; i++) {
		const struct hit *h = &r->h[i];
		if (h->pos > k)
			break;
		if (h->id < ti->t->n_rel) {
			uint64_t kk = hit_k(ti, h);
			cnt += h->pos + kk - 1 <= k ? kk : k - h->pos + 1;
		}
	}
	return cnt;
}

/* trec_eval's order of its measures (te_trec_measures in its measures.c),
 * which -F trec follows within a topic and in the block "all": each
 * measure_def that computes a trec_eval measure says which in its
 * trec_order; 0 (TREC_ORDER_NONE) for cbeval's own measures, which come
 * after trec_eval's in -m order (see output.c).  Within one family the
 * parameters go in ascending order, as trec_eval sorts its cutoffs.
 * runid, relstring, dcg, ideal_dcg and the prefs measures are not cbeval
 * measures; they keep their places so that the list reads as trec_eval's. */
enum trec_order {
	TREC_ORDER_NONE = 0,
	TREC_ORDER_RUNID, TREC_ORDER_NUM_Q, TREC_ORDER_NUM_RET,
	TREC_ORDER_NUM_REL, TREC_ORDER_NUM_REL_RET, TREC_ORDER_MAP,
	TREC_ORDER_GM_MAP, TREC_ORDER_RPREC, TREC_ORDER_BPREF,
	TREC_ORDER_RECIP_RANK, TREC_ORDER_IPREC_AT_RECALL, TREC_ORDER_P,
	TREC_ORDER_RELSTRING, TREC_ORDER_RECALL, TREC_ORDER_INFAP,
	TREC_ORDER_GM_BPREF, TREC_ORDER_RPREC_MULT, TREC_ORDER_UTILITY,
	TREC_ORDER_11PT_AVG, TREC_ORDER_BING, TREC_ORDER_G, TREC_ORDER_DCG,
	TREC_ORDER_IDEAL_DCG, TREC_ORDER_NDCG, TREC_ORDER_NDCG_REL,
	TREC_ORDER_RNDCG, TREC_ORDER_NDCG_CUT, TREC_ORDER_MAP_CUT,
	TREC_ORDER_RELATIVE_P, TREC_ORDER_SUCCESS, TREC_ORDER_SET_P,
	TREC_ORDER_SET_RELATIVE_P, TREC_ORDER_SET_RECALL, TREC_ORDER_SET_MAP,
	TREC_ORDER_SET_F, TREC_ORDER_NUM_NONREL_JUDGED_RET, TREC_ORDER_PREFS,
	TREC_ORDER_RBP, TREC_ORDER_RBP_RESID, TREC_ORDER_UNJ
};

/* The position of the first relevant hit of the ranking at or above
 * position k (UINT64_MAX: anywhere), or 0 when there is none: RR, RR@k
 * and Success@k. */
static inline uint64_t measure_first_rel(const struct ranked *r,
					 const struct topic_image *ti,
					 uint64_t k)
{
	for (size_t i = 0; i < r->n && r->h[i].pos <= k; i++)
		if (r->h[i].id < ti->t->n_rel)
			return r->h[i].pos;
	return 0;
}

struct measure;

struct measure_def {
	const char *name;        /* canonical stem: "AP", "P", "nDCG", ... */
	const char *synopsis;    /* the form of its -m spec, as --help lists it */
	int n_out;               /* values it produces (RBP: 2) */
	/* Parse what follows the stem ("", "@10", "(p=0.95)") into m; returns
	 * 0 or -1 with a reason written to err. */
	int (*parse)(struct measure *m, const char *arg, char *err, size_t errsz);
	/* Fill the names of output o: canonical and trec_eval style. */
	void (*names)(const struct measure *m, int o, char *name, char *trec);
	/* Precompute tables after parse (may be NULL); m owns m->tab. */
	void (*setup)(struct measure *m);
	/* Depth down to which judged spans are needed (0: none); the
	 * default of measure.judged_depth, which parse may change (judged@k
	 * sets k). */
	uint64_t judged_depth;
	/* Nonzero: only the outputs after the first (RBP's residual) read
	 * the judged spans: an instance that keeps its first output alone
	 * needs none (judged_depth 0; --meld scores so, as it drops the
	 * residuals). */
	int spans_residual_only;
	/* Nonzero: the measure reads ranked.len (the scan then sums k over
	 * the whole ranking). */
	int needs_length;
	/* Nonzero: the measure reads ranked.neg (the scan then lists the
	 * judged documents with a negative grade, down to judged_depth). */
	int needs_negative;
	/* Nonzero: called when the image of the topic has R = 0 (else the
	 * scorer writes 0). */
	int call_when_r0;
	/* Nonzero: called also when R = 0 but the image of the topic has a
	 * judged document of positive grade (nDCG, nCG: gains are the
	 * positive grades whatever the level, as trec_eval's ndcg_cut). */
	int call_when_gain;
	/* Nonzero: the measure reads ranked.c, the hits copy by copy. */
	int copies;
	/* Nonzero: called on an empty ranking (else the scorer writes 0). */
	int call_when_empty;
	/* Nonzero: the value for "all" (and each image's system value) is
	 * the sum over topics, not the mean (trec_eval's counts). */
	int sum_over_topics;
	/* Nonzero: values are whole numbers; -F trec prints them as
	 * trec_eval prints longs ("%ld"). */
	int integer;
	/* Nonzero: the measure binarises relevance at a level (it reads
	 * t->n_rel and R), so it takes (rel=N): the scorer then hands it a
	 * topic_image whose t->n_rel and R are at level N instead of -l. */
	int binary;
	/* Nonzero: the value for "all" is trec_eval's geometric mean
	 * (AGG_GEOM_TREC: gm_map, gm_bpref); -F trec prints no per-topic
	 * row, as trec_eval does not. */
	int trec_geom;
	/* Per topic and image, shared by all runs (may be NULL): fill the
	 * measure's area of prep_n doubles (1 when prep_n is 0), which score
	 * then reads as prep.  Called whenever score may be (R > 0, or
	 * call_when_r0, or call_when_gain with a positive grade); without
	 * prep, score sees prep[0] = 0. */
	void (*prep)(const struct measure *m, const struct topic_image *ti,
		     double *area);
	size_t prep_n;
	/* The measure itself: write n_out values to out. */
	void (*score)(const struct measure *m, const struct ranked *r,
		      const struct topic_image *ti, const double *prep,
		      double *out);
	/* The measure in MEASURE_LANES images at once (may be NULL; only
	 * where the processor has AVX-512, see lanes.h): out[o *
	 * MEASURE_LANES + l] is output o (o < m->n_out) of lane l, the value
	 * score gives for lane l's image, whose topic_image is ti[l] and
	 * prep area prep[l].  Every lane is computed; the scorer keeps those
	 * it calls the measure on (see call_when_r0, call_when_empty). */
	void (*score_lanes)(const struct measure *m, const struct ranked_lanes *r,
			    const struct topic_image *const *ti,
			    const double *const *prep, double *out);
	/* Nonzero: -F trec prints only the value for "all", as trec_eval
	 * prints num_q (the TSV output still has every topic's value). */
	int trec_all_only;
	/* Where -F trec prints it: the trec_eval measure it computes
	 * (enum trec_order), 0 for a measure trec_eval does not have. */
	enum trec_order trec_order;
};

/* Doubles of the per-topic area of a measure (see measure_def.prep). */
static inline size_t measure_prep_n(const struct measure_def *d)
{
	return d->prep_n ? d->prep_n : 1;
}

/* How a measure's values over topics make the value of "all" (and of a
 * system in an image or a topic sample): the mean, the sum (the counts),
 * or Sakai's geometric mean exp(mean ln(x + MEASURE_GM_EPS)) - MEASURE_GM_EPS
 * (GM(M)), or trec_eval's geometric mean exp(mean ln(max(x,
 * MEASURE_GM_TREC_MIN))) (gm_map, gm_bpref; trec_eval's MIN_GEO_MEAN).
 * Accumulate measure_agg_term of each value in topic order, then
 * measure_agg_finish. */
enum measure_agg { AGG_MEAN, AGG_SUM, AGG_GEOM, AGG_GEOM_TREC };
#define MEASURE_GM_EPS 0.00001
#define MEASURE_GM_TREC_MIN 0.00001

/* One selected measure.  GM(M) is M's measure_def with gm = 1: the same
 * per-topic values, aggregated by the geometric mean, with one output
 * (no residual) named "GM(name)". */
struct measure {
	const struct measure_def *def;
	int gm;                  /* GM(...): geometric mean over topics */
	int n_out;               /* outputs: def->n_out, 1 for GM */
	long k;                  /* cutoff of P@k, nDCG@k, R@k, judged@k */
	double p;                /* RBP p, INSQ T */
	double coef[4];          /* utility's a, b, c, d; coef[0] is G of
				    max=G of the graded RBP and INSQ (0:
				    topic_image.max_grade) */
	double *tab;             /* weights by position - 1, owned */
	size_t ntab;
	uint64_t judged_depth;   /* judged spans needed down to here */
	int rel_set;             /* (rel=N) given: relevance at grade >= rel */
	int rel;                 /* N of (rel=N), 1 .. MEASURE_REL_MAX */
	/* nDCG(gains=L:G,...): gain_val[i] is the gain of the documents of
	 * grade gain_lev[i] (levels ascending, none with G = L); any other
	 * grade is its own gain (see gains.h). */
	int ngains;
	int32_t gain_lev[MEASURE_GAINS_MAX];
	double gain_val[MEASURE_GAINS_MAX];
	char name[MEASURE_MAX_OUT][MEASURE_NAME_MAX];
	char trec[MEASURE_MAX_OUT][MEASURE_NAME_MAX];
};

static inline enum measure_agg measure_agg(const struct measure *m)
{
	return m->gm ? AGG_GEOM : m->def->trec_geom ? AGG_GEOM_TREC
	       : m->def->sum_over_topics ? AGG_SUM : AGG_MEAN;
}

/* Nonzero when the terms of a are logarithms (a geometric mean). */
static inline int measure_agg_log(enum measure_agg a)
{
	return a == AGG_GEOM || a == AGG_GEOM_TREC;
}

/* Nonzero when values print as whole numbers with -F trec (a count, and
 * not its geometric mean). */
static inline int measure_integer(const struct measure *m)
{
	return m->def->integer && !m->gm;
}

static inline double measure_agg_term(enum measure_agg a, double x)
{
	if (a == AGG_GEOM_TREC)
		return log(x > MEASURE_GM_TREC_MIN ? x : MEASURE_GM_TREC_MIN);
	return a == AGG_GEOM ? log(x + MEASURE_GM_EPS) : x;
}

/* The aggregate of n values whose terms add up to acc. */
static inline double measure_agg_finish(enum measure_agg a, double acc,
					size_t n)
{
	if (a == AGG_SUM)
		return acc;
	if (a == AGG_GEOM)
		return exp(acc / (double)n) - MEASURE_GM_EPS;
	if (a == AGG_GEOM_TREC)
		return exp(acc / (double)n);
	return acc / (double)n;
}

/* The measures selected by default (Zobel & Rashidi, CIKM 2020). */
extern const char *const measure_default_spec;

/* Parse one spec such as "nDCG@10", "RBP(p=0.8)", a trec_eval name
 * ("map", "P_10", "ndcg_cut.10") or "GM(M)" with M any of those but a
 * residual or a GM ("GM(AP)", "GM(rbp_0.95)") into m, with tables set up.
 * Returns 0, or -1 with a reason in err. */
int measure_parse(struct measure *m, const char *spec, char *err,
		  size_t errsz);
void measure_release(struct measure *m);

/* The items of trec_eval's group name (official, set, all_trec) as -m
 * takes them, in trec_eval's print order, comma-separated; NULL when
 * name is none of them.  runid and relstring, which are not measures,
 * are not among them. */
const char *measure_group_items(const char *name);

/* Parse the -m arguments (specs[0..nspecs), none = the default set): each
 * a comma list of specs, where a trec_eval family name alone ("P",
 * "ndcg_cut") stands for trec_eval's nine default cutoffs and a bare
 * number continues the cutoff measure before it ("P.5,10").  Measures
 * equal in kind and parameters (measure_same) are kept once, at their
 * first position.  Returns 0 with a malloc'd array the caller releases
 * (measure_release on each, then free), or -1 with a reason in err. */
int measure_parse_list(const char *const *specs, size_t nspecs,
		       struct measure **out, size_t *nout, char *err,
		       size_t errsz);

/* 1 when a and b are the same measure with the same parameters. */
int measure_same(const struct measure *a, const struct measure *b);

/* Write v as the shortest decimal ("%.*g") that reads back as v, for
 * measure names: parameters that differ in any digit get different
 * names, and every printed name is accepted back by -m. */
void measure_fmt_param(char *out, size_t outsz, double v);
/* Copy the name src into dst[MEASURE_NAME_MAX], cut to fit (the parsers
 * check that names fit, so this does not cut in practice). */
void measure_set_name(char *dst, const char *src);
/* v as trec_eval names its real parameters ("%3.2f": 0.20, 1.50) when
 * that reads back as v, else as measure_fmt_param (0.125), so that the
 * name tells the measure apart where trec_eval's would not. */
void measure_fmt_param2(char *out, size_t outsz, double v);

/* trec_eval's place of m (enum trec_order), 0 when m is not one of
 * trec_eval's measures: a measure_def with no trec_order, a GM(M) or a
 * (rel=N) form. */
int measure_trec_order(const struct measure *m);
/* Compare a and b as -F trec orders them: by trec_order (0 last), then
 * within one trec_eval measure by ascending parameters; 0 when -F trec
 * keeps their -m order. */
int measure_trec_cmp(const struct measure *a, const struct measure *b);

/* Print the lines of --help listing the measures (every synopsis of the
 * table) and their trec_eval aliases. */
void measure_help(FILE *f);

/* The table, for --help. */
extern const struct measure_def *const measure_table[];
extern const size_t measure_table_len;

/* trec_eval's rbp and rbp_resid (m_te_rbp.c, m_rbp_resid.c): their
 * default p, and m->tab[i] = p^i for i < MEASURE_TE_RBP_TAB by repeated
 * multiplication, as trec_eval computes the powers (so that the sums are
 * its own to the last bit); measure_te_rbp_pow gives p^e for any e. */
#define MEASURE_TE_RBP_P 0.9
#define MEASURE_TE_RBP_TAB 16384
void measure_te_rbp_setup(struct measure *m);
static inline double measure_te_rbp_pow(const struct measure *m, uint64_t e)
{
	return e < MEASURE_TE_RBP_TAB ? m->tab[e] : pow(m->p, (double)e);
}

/* Split a trailing "@k" off arg, what follows a measure's name
 * ("(p=0.8)@10"): k into m->k as measure_parse_cutoff takes it, the rest
 * into buf.  Returns the rest (arg itself, m->k left 0, when there is no
 * "@" after the last ')'), or NULL with err. */
const char *measure_split_cutoff(struct measure *m, const char *arg,
				 char *buf, size_t bufsz, char *err,
				 size_t errsz);
/* The positions RBP and INSQ sum over: min(k, MEASURE_DEPTH) for
 * RBP(...)@k and INSQ(...)@k (the ranking cut at k), MEASURE_DEPTH
 * without a cutoff. */
static inline uint64_t measure_depth(const struct measure *m)
{
	return m->k > 0 && m->k < MEASURE_DEPTH ? (uint64_t)m->k : MEASURE_DEPTH;
}

/* Helpers shared by the measure files. */
int measure_parse_none(const char *name, const char *arg, char *err,
		       size_t errsz);
int measure_parse_cutoff(struct measure *m, const char *arg, char *err,
			 size_t errsz);
int measure_parse_param(const char *arg, const char *pname, double lo,
			double hi, int lo_open, int hi_open, double *out,
			char *err, size_t errsz);
/* The parameters of the graded RBP and INSQ: "(P=V,gain=graded)" or
 * "(P=V,gain=graded,max=G)" in any order (P = pname, V as
 * measure_parse_param takes it, into m->p; G a whole number from 1 to
 * MEASURE_REL_MAX, into m->coef[0]), or the -F trec spelling
 * "(P=V_graded)", "(P=V_graded_maxG)"; each may be followed by "@k"
 * (into m->k, measure_split_cutoff).  Returns 0 or -1 with err. */
int measure_parse_graded(struct measure *m, const char *arg, const char *pname,
			 double lo, double hi, int lo_open, int hi_open,
			 char *err, size_t errsz);
/* Their names: "STEM(P=V,gain=graded[,max=G])[@k][.residual]" and
 * "TSTEM_V_graded[_maxG][_cut_k][_residual]" (output o: 1 the
 * residual). */
void measure_graded_names(const struct measure *m, const char *stem,
			  const char *pname, const char *tstem, int o,
			  char *name, char *trec);
/* G of a graded RBP or INSQ: max=G, else the qrels file's largest
 * grade; gains are max(grade, 0) / G, 0 for every document when G <= 0. */
static inline double measure_graded_g(const struct measure *m,
				      const struct topic_image *ti)
{
	return m->coef[0] > 0 ? m->coef[0] : (double)ti->max_grade;
}

/* Interpolated precision, as trec_eval's iprec_at_recall: for each of
 * the n recall levels lev[0..n), out[i] = the largest precision at the
 * position where the ranking reaches C = lround(lev[i] * R) relevant
 * documents (the first when C = 0) or at any later position; 0 when
 * fewer than C are ranked.  Reads the copies (measure_def.copies). */
void measure_iprec(const struct ranked *r, const struct topic_image *ti,
		   const double *lev, size_t n, double *out);

#endif
