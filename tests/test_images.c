/*
 * test_images.c - exactness of the corpus bootstrap.
 *
 * 1. For random small collections (graded qrels with negative grades,
 *    score ties, topics with one relevant document so that images often
 *    have R = 0, a deep ranking that crosses the depth bound 1000 of RBP
 *    and INSQ and the cutoff 1000, a run lacking a topic), every
 *    per-image value of the fast path equals a slow reference that writes
 *    the image out explicitly as files - each document repeated k times
 *    in place, as copies "docno~1".."docno~k" in both run and qrels - and
 *    scores those files as a root evaluation.  The reference computes k
 *    with its own floating-point implementation of the documented image
 *    function (u < F(k) in doubles), so the integer thresholds of the
 *    fast path are checked too.  This is done for three selections of
 *    measures, since what the scan computes depends on them: all
 *    measures (judged spans to the end for bpref), a few with judged
 *    spans only down to 20, and bpref with num_rel alone.  GM(M) is
 *    checked there per topic (its values are M's), and per image for
 *    "all": boot_run's aggregate of every slot of every image equals the
 *    mean, sum or geometric mean exp(mean ln(x + 1e-5)) - 1e-5 (for
 *    gm_map and gm_bpref trec_eval's exp(mean ln max(x, 1e-5))) over
 *    topics of the reference's values, computed here; and, bit for bit,
 *    that of the scorer's own values of the images added in topic order
 *    (boot_run's sums: with only means and sums, the values themselves).
 * 2. Q >= AP on binary judgements (grades 0/1, level 1), at the root and
 *    in images, with equality at the root when no relevant document is
 *    ranked below position R.
 *    Images scored eight side by side (score_topic_images) equal those
 *    scored one by one, bit for bit.
 * 3. The image function fits Poisson(1) over 10^6 (docno, image) pairs
 *    (chi-square, 5 degrees of freedom, p > 0.001 <=> X2 < 20.515) and
 *    agrees with the floating-point definition on every pair.
 * 4. image_fill_lanes, with its AVX-512 path where the processor has it
 *    and with the plain loop, equals image_fill lane by lane: 16, 8 and 5
 *    lanes, 1 image to as many as lanes, the root among them or not,
 *    20,000 random hashes (so that every k from 0 to at least 7 occurs).
 */
#define _POSIX_C_SOURCE 200809L
#include "boot.h"
#include "check.h"
#include "collection.h"
#include "image.h"
#include "measure.h"
#include "run.h"
#include "score.h"
#include "score_int.h"
#include "xalloc.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the documented image function, written again from the spec ------- */

static uint64_t ref_mix(uint64_t z)
{
	z ^= z >> 30;
	z *= 0xbf58476d1ce4e5b9ULL;
	z ^= z >> 27;
	z *= 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return z;
}

static unsigned ref_k(const char *docno, uint64_t seed, uint64_t b)
{
	uint64_t h = 0xcbf29ce484222325ULL, key;
	double u, t, F;
	unsigned k = 0;
	if (b == 0)
		return 1;
	for (const unsigned char *p = (const unsigned char *)docno; *p; p++) {
		h ^= *p;
		h *= 0x100000001b3ULL;
	}
	key = ref_mix(seed * 0x9e3779b97f4a7c15ULL + b);
	u = (double)(ref_mix(h ^ key) >> 11) * 0x1p-53;
	t = exp(-1.0);
	F = t;
	while (!(u < F)) {
		k++;
		t = t / (double)k;
		F = F + t;
	}
	return k;
}

/* ---- a random collection ----------------------------------------------- */
/* Grades -1 to 3, and 6 for a few documents. */

static uint64_t rng;
static uint64_t next(void)
{
	rng += 0x9e3779b97f4a7c15ULL;
	return ref_mix(rng);
}
static unsigned below(unsigned n) { return (unsigned)(next() % n); }

#define MAXT 6
#define MAXR 4
#define MAXD 1500

struct rentry { char docno[32]; double score; };
struct rtopic { int n; struct rentry e[1200]; };
struct rrun { struct rtopic t[MAXT]; };
struct qent { char docno[32]; int grade; };
struct qtop { int n; struct qent e[MAXD]; };

struct coll {
	int nt, nr;
	char qid[MAXT][8];
	struct qtop q[MAXT];
	struct rrun r[MAXR];
};

static void docname(char *out, int topic, int d)
{
	/* Some documents recur across topics (same docno, same k). */
	static const char *const style[] = { "FBIS3-%d", "LA0101%02d-0001", "d%d", "WTX%03d-B01" };
	if (d % 7 == 0)
		snprintf(out, 32, "shared-%d", d);
	else
		snprintf(out, 32, style[d % 4], topic * 10000 + d);
}

static void make_coll(struct coll *c, int deep)
{
	c->nt = 3 + (int)below(MAXT - 2);
	c->nr = 2 + (int)below(MAXR - 1);
	for (int t = 0; t < c->nt; t++) {
		int pool = (deep && t == 0) ? 1300 : 20 + (int)below(30);
		int one_rel = t == 1, no_rel = t == 2 && c->nt > 3;
		struct qtop *q = &c->q[t];
		snprintf(c->qid[t], sizeof c->qid[t], "%d", 300 + t * 7);
		q->n = 0;
		for (int d = 0; d < pool; d++) {
			int g;
			if (below(10) < 4 && !(deep && t == 0 && d > 200))
				continue; /* unjudged */
			g = (int)below(5) - 1; /* -1..3 */
			if (g > 0 && below(3) == 0)
				g = 0;
			if (g == 3 && d % 5 == 0)
				g = 6;  /* a grade past the gains nDCG tabulates */
			if (one_rel || no_rel)
				g = g > 0 ? 0 : g;
			docname(q->e[q->n].docno, t, d);
			q->e[q->n++].grade = g;
		}
		if (one_rel) {
			docname(q->e[q->n].docno, t, pool + 1);
			q->e[q->n++].grade = 2;
		}
		for (int r = 0; r < c->nr; r++) {
			struct rtopic *rt = &c->r[r].t[t];
			int want = (deep && t == 0 && r == 0) ? 1100
				   : 3 + (int)below(25);
			rt->n = 0;
			if (r == 1 && t == c->nt - 1)
				continue; /* a run that lacks a topic */
			for (int d = 0; d < pool + 2 && rt->n < want; d++) {
				if (below(3) == 0 && !(deep && t == 0 && r == 0))
					continue;
				docname(rt->e[rt->n].docno, t, d);
				/* scores on a 0.5 grid: many ties */
				rt->e[rt->n].score = (double)below(12) * 0.5;
				rt->n++;
			}
		}
	}
}

static int cmp_eval(const void *pa, const void *pb)
{
	const struct rentry *a = pa, *b = pb;
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return strcmp(b->docno, a->docno);
}

static FILE *xopen(const char *dir, const char *name)
{
	char path[1024];
	FILE *f;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	return f;
}

/* Write image b of c: every document repeated k times as docno~j; the runs
 * already in evaluation order.  Returns the number of lines per file in
 * nlines[0] (qrels) and nlines[1 + r]. */
static void write_image(const struct coll *c, const char *dir, uint64_t seed,
			uint64_t b, long *nlines)
{
	FILE *f = xopen(dir, "qrels");
	nlines[0] = 0;
	for (int t = 0; t < c->nt; t++)
		for (int i = 0; i < c->q[t].n; i++) {
			unsigned k = ref_k(c->q[t].e[i].docno, seed, b);
			for (unsigned j = 1; j <= k; j++, nlines[0]++)
				fprintf(f, "%s 0 %s~%u %d\n", c->qid[t],
					c->q[t].e[i].docno, j, c->q[t].e[i].grade);
		}
	/* A topic stays a topic of the image when all its judged documents
	 * have k = 0 (num_ret and judged@k are computed when R = 0): keep
	 * it in the qrels with a grade -1 document no run retrieves, which
	 * no measure counts. */
	for (int t = 0; t < c->nt; t++, nlines[0]++)
		fprintf(f, "%s 0 never-retrieved -1\n", c->qid[t]);
	fclose(f);
	for (int r = 0; r < c->nr; r++) {
		char name[16];
		snprintf(name, sizeof name, "run%d", r);
		f = xopen(dir, name);
		nlines[1 + r] = 0;
		for (int t = 0; t < c->nt; t++) {
			struct rtopic rt = c->r[r].t[t];
			long rank = 1;
			qsort(rt.e, (size_t)rt.n, sizeof rt.e[0], cmp_eval);
			for (int i = 0; i < rt.n; i++) {
				unsigned k = ref_k(rt.e[i].docno, seed, b);
				for (unsigned j = 1; j <= k; j++, nlines[1 + r]++)
					fprintf(f, "%s Q0 %s~%u %ld %g sys%d\n",
						c->qid[t], rt.e[i].docno, j,
						rank++, rt.e[i].score, r);
			}
		}
		/* A run stays a run when the image empties it (num_rel is
		 * R there): one line for a topic not in the qrels. */
		fprintf(f, "99999 Q0 elsewhere 1 0 sys%d\n", r);
		nlines[1 + r]++;
		fclose(f);
	}
}

/* The root collection as files, runs in a scrambled line order. */
static void write_root(const struct coll *c, const char *dir)
{
	FILE *f = xopen(dir, "qrels");
	for (int t = 0; t < c->nt; t++)
		for (int i = 0; i < c->q[t].n; i++)
			fprintf(f, "%s 0 %s %d\n", c->qid[t], c->q[t].e[i].docno,
				c->q[t].e[i].grade);
	fclose(f);
	for (int r = 0; r < c->nr; r++) {
		char name[16];
		snprintf(name, sizeof name, "run%d", r);
		f = xopen(dir, name);
		for (int t = c->nt - 1; t >= 0; t--)
			for (int i = c->r[r].t[t].n - 1; i >= 0; i--)
				fprintf(f, "%s Q0 %s %d %g sys%d\n", c->qid[t],
					c->r[r].t[t].e[i].docno, i + 1,
					c->r[r].t[t].e[i].score, r);
		fclose(f);
	}
}

/* A loaded evaluation: collection, runs, scorer. */
struct loaded {
	struct collection c;
	struct run runs[MAXR];
	char paths[MAXR][512];
	int present[MAXR];   /* run file loaded (not empty) */
	int ok;              /* qrels loaded */
	struct scorer s;
};

/* The selections of measures: cutoffs 5 and 20 are crossed by the short
 * rankings (3 to 27 documents), 1000 by the deep one (1100). */
static const char *const specs_all[] = {
	"AP", "nDCG@1000", "P@10", "RBP(p=0.95)", "INSQ(T=5)", "RR",
	"P@5", "nDCG@5", "RBP(p=0.5)", "INSQ(T=1)",
	"R@5", "R@20", "R@1000", "Rprec", "bpref", "judged@5", "judged@20",
	"judged@1000", "num_ret", "num_rel", "num_rel_ret",
	"Q", "nCG@5", "nCG@1000", "GM(AP)", "GM(RBP(p=0.8))",
	"AP@5", "AP@1000", "Success@5", "RR@5", "SetP", "SetR", "SetAP",
	"SetRelP", "SetF", "SetF(beta=0.25)", "relative_P@5",
	"relative_P@1000", "num_q", "num_nonrel_judged_ret",
	"IPrec@0", "IPrec@0.3", "IPrec@1", "11pt_avg", "infAP", "gm_map",
	"gm_bpref", "utility", "utility(a=2,b=-1,c=-0.5,d=0.25)",
	"Rprec_mult(m=0.2)", "Rprec_mult(m=2)", "unj@5", "unj@20",
	"RBP(p=0.8,gain=graded)", "RBP(p=0.95,gain=graded,max=1)",
	"INSQ(T=2,gain=graded)", "INSQ(T=1,gain=graded,max=2)",
	"GM(RBP(p=0.8,gain=graded))", "nDCG", "nDCG(gains=1:3.5,2:9,4:-1)",
	"nDCG(gains=1:5,2:0)", "ndcg_rel", "ndcg_rel(gains=1:3,2:0.5)",
	"Rndcg", "Rndcg(gains=1:4,3:-1)", "G", "G(gains=1:2.5,2:0)",
	"rbp(p=0.8,gains=1:2,3:5)",
	"nDCG(gains=-2:0.75,-1:-0.25,0:0.5,1:2)", "nDCG(gains=0:0.5,-1:-0.25,1:2)",
	"ndcg_rel(gains=-1:0.5,0:0.25)", "Rndcg(gains=-2:-1,0:1.5)",
	"G(gains=-1:0.5,0:0.25)", "rbp(p=0.8,gains=-2:1,-1:-0.5,0:0.5,3:5)",
	"rbp(p=0.9,gains=2:-1)", "RBP(p=0.8)@10", "RBP(p=0.95)@1000",
	"RBP(p=0.95,gain=graded)@20", "INSQ(T=2)@5",
	"INSQ(T=1,gain=graded,max=2)@20", "GM(RBP(p=0.8)@5)",
};
static const char *const specs_shallow[] = {
	"judged@5", "judged@20", "num_ret", "R@20", "P@5", "AP",
	"GM(num_ret)", "GM(Q)", "nCG@20",
};
/* Measures that all score images side by side (score_lanes): the scan
 * then lists no image's hits. */
static const char *const specs_lanes[] = {
	"AP", "nDCG@1000", "nDCG@5", "P@10", "P@5", "RBP(p=0.95)", "RBP(p=0.5)",
	"RBP(p=0.8)@10", "INSQ(T=5)", "INSQ(T=2)@5", "RR", "GM(AP)",
	"GM(RBP(p=0.8))", "P@5(rel=2)", "RBP(p=0.95,rel=2)",
};
static const char *const specs_bpref[] = { "bpref", "num_rel" };
static const char *const specs_nonrel[] = { "num_nonrel_judged_ret", "SetF" };
#define NSPEC_MAX (sizeof specs_all / sizeof specs_all[0])

static void load(struct loaded *L, const char *dir, int nr, int level,
		 enum run_order order, struct measure *m, size_t nm,
		 uint64_t seed)
{
	struct qrels_opts qo = { .level = level, .dedup = 0 };
	struct run_opts ro = { .order = order, .max_docs = 0, .dedup = 0 };
	struct warnings w;
	struct diag d = { .set = 0 };
	char qpath[512];
	struct run_scratch sc;
	size_t n = 0;
	struct run tmp[MAXR];

	memset(L, 0, sizeof *L);
	collection_init(&L->c);
	warnings_init(&w);
	snprintf(qpath, sizeof qpath, "%s/qrels", dir);
	L->ok = qrels_load(&L->c, qpath, &qo, &w, &d) == 0;
	warnings_release(&w);
	if (!L->ok)
		return;
	run_scratch_init(&sc);
	for (int r = 0; r < nr; r++) {
		snprintf(L->paths[r], sizeof L->paths[r], "%s/run%d", dir, r);
		run_init(&L->runs[r], L->paths[r]);
		d.set = 0;
		L->present[r] = run_load(&L->runs[r], &L->c, &ro, &sc, &d) == 0;
		if (!L->present[r] && !strstr(d.msg, "no run lines"))
			CHECK(0, "unexpected load error: %s", d.msg);
	}
	run_scratch_release(&sc);
	/* Score only the runs that loaded; keep them in a dense array. */
	for (int r = 0; r < nr; r++)
		if (L->present[r])
			tmp[n++] = L->runs[r];
	for (size_t i = 0; i < n; i++)
		L->runs[i] = tmp[i];
	run_names(L->runs, n, 0);
	collection_freeze(&L->c);
	scorer_init(&L->s, &L->c, L->runs, n, m, nm, seed);
}

static void unload(struct loaded *L)
{
	size_t n = L->s.nruns;
	if (!L->ok) {
		collection_release(&L->c);
		return;
	}
	scorer_release(&L->s);
	for (size_t i = 0; i < n; i++)
		run_release(&L->runs[i]);
	collection_release(&L->c);
}

/* Value of run r (original index), topic qid, slot k in a root scoring of
 * L; 0 when the topic or run is absent (the image lost it). */
static double ref_value(const struct loaded *L, const double *vals, int r,
			const char *qid, size_t k)
{
	size_t idx = 0;
	long t;
	if (!L->ok || !L->present[r])
		return 0;
	for (int i = 0; i < r; i++)
		idx += (size_t)L->present[i];
	t = collection_find(&L->c, qid, strlen(qid));
	if (t < 0)
		return 0;
	return vals[(idx * L->c.n + (size_t)t) * L->s.nslots + k];
}

/* boot_run's value for "all" in images 0..6 against agg (see exactness):
 * returns the larger of worst and the largest relative difference.
 * Against aggf too, the terms of the scorer's own values (score_topic_image)
 * added in topic order as boot_run adds them: the same double, or one
 * more in *exact_bad. */
static double check_aggregates(const struct scorer *s, const double *agg,
			       const double *aggf, long *exact_bad, double worst)
{
	struct pool *pool = pool_create(2);
	struct boot_opts bo;
	struct boot_result br;
	struct diag d = { .set = 0 };
	size_t ns = s->nslots, nt = s->c->n;
	memset(&bo, 0, sizeof bo);
	bo.B = 6;
	bo.pool = pool;
	if (boot_run(s, &bo, &br, &d) != 0) {
		CHECK(0, "boot_run: %s", d.msg);
		pool_release(pool);
		return worst;
	}
	for (size_t r = 0; r < s->nruns; r++)
		for (size_t k = 0; k < ns; k++)
			for (size_t b = 0; b <= 6; b++) {
				const struct measure *m = &s->m[s->slots[k].measure];
				double a = agg[(r * ns + k) * 7 + b], want, dlt;
				want = measure_agg_finish(measure_agg(m), a, nt);
				dlt = fabs(br.sys[(r * ns + k) * 7 + b] - want) /
				      (1 + fabs(want));
				*exact_bad += br.sys[(r * ns + k) * 7 + b] !=
					      measure_agg_finish(measure_agg(m),
								 aggf[(r * ns + k) * 7 + b], nt);
				if (dlt > worst)
					worst = dlt;
			}
	boot_result_release(&br);
	pool_release(pool);
	return worst;
}

/* The values of score_topic_images for a few runs of consecutive images
 * (more than SCORE_LANES, as many, fewer, with and without the root)
 * against score_topic_image one image at a time: the count of values
 * that are not the same double.  Side by side three ways: where the
 * processor has AVX-512 (scorer.wide_lanes), with the scan's vector
 * loops and the measures' score_lanes, with positions in 16 bits where
 * they fit (scorer.pos16: every collection here) and in 32 bits, and
 * with the plain loops and every measure image by image. */
static long lanes_differ(const struct scorer *s, struct score_scratch *x)
{
	enum { RUNS = 5 };
	static const uint64_t from[RUNS] = { 0, 1, 5, 17, 3 };
	static const uint64_t count[RUNS] = { 11, 3, 16, 37, 2 };
	size_t block = s->nruns * s->nslots;
	double *one = xcalloc(block, sizeof *one);
	double *many = xcalloc(block * 37, sizeof *many);
	struct scorer plain = *s, wide32 = *s;
	const struct scorer *way[3] = { s, &wide32, &plain };
	long bad = 0;
	plain.wide_lanes = 0;
	wide32.pos16 = 0;
	for (size_t t = 0; t < s->c->n; t++)
		for (size_t c = 0; c < 3 * RUNS; c++) {
			score_topic_images(way[c / RUNS], t, from[c % RUNS],
					   count[c % RUNS], x, many);
			for (uint64_t i = 0; i < count[c % RUNS]; i++) {
				score_topic_image(s, t, from[c % RUNS] + i, x, one);
				for (size_t v = 0; v < block; v++)
					bad += memcmp(&one[v], &many[i * block + v],
						      sizeof *one) != 0;
			}
		}
	free(one);
	free(many);
	return bad;
}

/* The positions of scan_positions_lanes16 (16-bit numbers) and
 * scan_positions_lanes's, with AVX-512 and with the plain loops, all
 * the same, and where they stop: 1 when they differ, else 0.  buf holds
 * (max_ranking + 1) * SCORE_LANES 32-bit numbers. */
static long positions_differ(const struct scan_layout *l, uint64_t depth,
			     const uint8_t *kL, uint32_t *buf)
{
	size_t n = 0, ib[4];
	uint16_t *p16 = (uint16_t *)(void *)buf;
	uint32_t *want = buf + (l->n + 1) * SCORE_LANES;
	long bad = 0;
	ib[0] = scan_positions_lanes(0, l, depth, kL, want);
	for (int v = 1; v < 4; v++) {
		if (v == 1)
			ib[v] = scan_positions_lanes(1, l, depth, kL, buf);
		else
			ib[v] = scan_positions_lanes16(v == 3, l, depth, kL, p16);
		bad |= ib[v] != ib[0];
		n = (ib[0] + 1) * SCORE_LANES;
		for (size_t i = 0; i < n && ib[v] == ib[0]; i++)
			bad |= (v == 1 ? buf[i] : p16[i]) != want[i];
	}
	return bad;
}

/* scan_copies_lanes's AVX-512 pass against its plain loop, on the
 * positions in x->PL of the ranking of l under x->kL: 1 when the lists
 * differ (into x's arrays and cq, cqo, cm, cmo), else 0. */
static long copies_differ(const struct scan_layout *l, struct score_scratch *x,
			  uint32_t *cq, uint32_t *cqo, struct lanes_copy *cm,
			  uint32_t *cmo)
{
	scan_copies_lanes(1, l, x->PL, 0, x->kL, x->cq, x->cqo, x->cm, x->cmo);
	scan_copies_lanes(0, l, x->PL, 0, x->kL, cq, cqo, cm, cmo);
	return memcmp(cqo, x->cqo, (l->ni + 1) * sizeof *cqo) != 0 ||
	       memcmp(cmo, x->cmo, (l->ni + 1) * sizeof *cmo) != 0 ||
	       memcmp(cq, x->cq, cqo[l->ni] * sizeof *cq) != 0 ||
	       memcmp(cm, x->cm, cmo[l->ni] * sizeof *cm) != 0;
}

/* scan_spans_lanes's one AVX-512 pass against its plain loop: the same
 * interleaved spans, entry for entry, for every run and topic of images
 * 1..16, at the scorer's depth and at depths 1, 3 and 20 (which cut
 * lanes at different entries and stop them at different spans).  (That
 * they are the spans each lane's image has, empty ones aside, the scores
 * of lanes_differ show.)  Returns the count of lanes whose spans differ;
 * *n counts those compared. */
static long spans_differ(const struct scorer *s, struct score_scratch *x,
			 long *n)
{
	static const uint64_t depths[] = { 0, 1, 3, 20 };
	size_t ia[SCORE_LANES], nw[SCORE_LANES], np[SCORE_LANES];
	struct span *plain = xcalloc((s->max_spans + 1) * SCORE_LANES,
				     sizeof *plain);
	size_t nq = (s->max_hits * SCORE_LANES + 1) * IMAGE_KMAX + SCORE_LANES;
	uint32_t *cq = xcalloc(nq, sizeof *cq), *cqo = xcalloc(s->max_hits + 1, 4);
	uint32_t *cmo = xcalloc(s->max_hits + 1, sizeof *cmo);
	struct lanes_copy *cm = xcalloc((s->max_hits + 1) * IMAGE_KMAX, sizeof *cm);
	long bad = 0, copies_bad = 0;
	uint32_t *pos = xcalloc(2 * (s->max_ranking + 1) * SCORE_LANES, sizeof *pos);
	if (!s->wide_lanes) {
		free(pos);
		free(plain);
		free(cq);
		free(cqo);
		free(cmo);
		free(cm);
		return 0;
	}
	for (size_t t = 0; t < s->c->n; t++)
		for (uint64_t b0 = 1; b0 < 17; b0 += SCORE_LANES) {
			const struct topic *tp = &s->c->topic[t];
			image_fill_lanes(&s->imf, s->seed, b0, SCORE_LANES,
					 SCORE_LANES, tp->hash, tp->n_docs, x->kL);
			for (size_t r = 0; r < s->nruns; r++)
				for (size_t d = 0; d < 4; d++) {
					uint64_t depth = d ? depths[d] : s->judged_depth;
					struct scan_layout l;
					size_t ib;
					scan_layout_of(s, &s->runs[r], t, &l);
					if (!l.n || !s->judged_depth)
						continue;
					l.nsp = s->runs[r].jspan_off[t + 1] - s->runs[r].jspan_off[t];
					ib = scan_positions_lanes(s->wide_lanes, &l, depth, x->kL, x->PL);
					for (size_t j = 0; j < SCORE_LANES; j++)
						ia[j] = scan_lane_stop(&l, depth, x->PL, j, ib);
					scan_spans_lanes(1, &l, x->PL, ib, ia, depth, x->oL, nw);
					scan_spans_lanes(0, &l, x->PL, ib, ia, depth, plain, np);
					copies_bad += copies_differ(&l, x, cq, cqo, cm, cmo);
					copies_bad += positions_differ(&l, depth, x->kL, pos);
					for (size_t j = 0; j < SCORE_LANES; j++) {
						int differ = nw[j] != np[j];
						for (size_t i = 0; i < np[j] && !differ; i++) {
							const struct span *u = &x->oL[i * SCORE_LANES + j];
							const struct span *v = &plain[i * SCORE_LANES + j];
							differ = u->start != v->start || u->end != v->end;
						}
						(*n)++;
						bad += differ;
					}
				}
		}
	free(plain);
	free(pos);
	free(cq);
	free(cqo);
	free(cmo);
	free(cm);
	return bad + copies_bad;
}

static void exactness(const char *label, const char *const *specs,
		      size_t nspec)
{
	struct measure m[NSPEC_MAX];
	char base[] = "/tmp/cbeval-img-XXXXXX", rootdir[600], imgdir[600];
	char err[200];
	long nlines[1 + MAXR];
	int cases = 0, worst_case = -1;
	double worst = 0;
	long compared = 0, rzero = 0, lanes_bad = 0, spans_bad = 0, spans_n = 0;
	long nonzero[NSPEC_MAX * MEASURE_MAX_OUT] = { 0 };
	double max_ret = 0, agg_worst = 0;
	long agg_exact_bad = 0;

	for (size_t i = 0; i < nspec; i++)
		if (measure_parse(&m[i], specs[i], err, sizeof err) != 0) {
			CHECK(0, "parse %s: %s", specs[i], err);
			return;
		}
	if (!mkdtemp(base)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(rootdir, sizeof rootdir, "%s/root", base);
	snprintf(imgdir, sizeof imgdir, "%s/img", base);
	{
		char cmd[1400];
		snprintf(cmd, sizeof cmd, "mkdir -p %s %s", rootdir, imgdir);
		if (system(cmd) != 0) {
			CHECK(0, "mkdir");
			return;
		}
	}
	for (int cs = 0; cs < 24; cs++) {
		static struct coll c;
		uint64_t seed = (uint64_t)cs * 31 + 7;
		int level = cs % 3 == 2 ? 2 : 1;
		struct loaded fast;
		struct score_scratch x;
		double *out, *agg, *aggf;
		size_t ns;

		rng = (uint64_t)cs + 1000;
		make_coll(&c, cs % 6 == 0);
		write_root(&c, rootdir);
		load(&fast, rootdir, c.nr, level, ORDER_SCORE, m, nspec, seed);
		if (!fast.ok) {
			CHECK(0, "case %d: root collection did not load", cs);
			continue;
		}
		score_scratch_init(&x, &fast.s);
		ns = fast.s.nslots;
		out = xcalloc(fast.s.nruns * ns, sizeof *out);
		/* agg[(r * ns + k) * 7 + b]: the reference's values of run r,
		 * slot k, image b, summed over topics (their logs for GM) */
		agg = xcalloc(fast.s.nruns * ns * 7, sizeof *agg);
		aggf = xcalloc(fast.s.nruns * ns * 7, sizeof *aggf);
		for (uint64_t b = 0; b <= 6; b++) {
			struct loaded ref;
			double *rv = NULL;
			write_image(&c, imgdir, seed, b, nlines);
			load(&ref, imgdir, c.nr, level, ORDER_FILE, m, nspec,
			     seed);
			if (ref.ok) {
				struct pool *one = pool_create(1);
				/* G of the graded RBP and INSQ is the qrels
				 * file's largest grade, which the image's
				 * files may lack (k = 0): the root's. */
				ref.s.max_grade = fast.s.max_grade;
				rv = score_root(&ref.s, one);
				pool_release(one);
			}
			for (size_t t = 0; t < fast.c.n; t++) {
				const char *qid = fast.c.topic[t].qid;
				score_topic_image(&fast.s, t, b, &x, out);
				for (int r = 0; r < c.nr; r++)
					for (size_t k = 0; k < fast.s.nslots; k++) {
						double got = out[(size_t)r * fast.s.nslots + k];
						double want = ref_value(&ref, rv, r, qid, k);
						double dlt = fabs(got - want);
						agg[((size_t)r * ns + k) * 7 + b] +=
							measure_agg_term(measure_agg(
								&fast.s.m[fast.s.slots[k].measure]),
								want);
						aggf[((size_t)r * ns + k) * 7 + b] +=
							measure_agg_term(measure_agg(
								&fast.s.m[fast.s.slots[k].measure]),
								got);
						compared++;
						if (want == 0 && got == 0)
							rzero++;
						if (got != 0)
							nonzero[k]++;
						if (strcmp(fast.s.slots[k].name, "num_ret") == 0 &&
						    got > max_ret)
							max_ret = got;
						if (dlt > worst) {
							worst = dlt;
							worst_case = cs;
						}
					}
			}
			free(rv);
			unload(&ref);
		}
		lanes_bad += lanes_differ(&fast.s, &x);
		spans_bad += spans_differ(&fast.s, &x, &spans_n);
		agg_worst = check_aggregates(&fast.s, agg, aggf, &agg_exact_bad,
					     agg_worst);
		free(agg);
		free(aggf);
		free(out);
		score_scratch_release(&x);
		unload(&fast);
		cases++;
	}
	CHECK(worst <= 1e-12 && compared > 2000,
	      "fast images equal explicitly written images (%s): %d collections, %ld values (%ld zero), worst %.3g (case %d)",
	      label, cases, compared, rzero, worst, worst_case);
	CHECK(lanes_bad == 0,
	      "(%s) images scored side by side (score_topic_images: 0..10, 1..3, 5..20, 17..53, 3..4; AVX-512 and measures side by side, positions in 16 and 32 bits, and plain) equal images scored one by one, bit for bit: %ld differ",
	      label, lanes_bad);
	if (spans_n)
		CHECK(spans_bad == 0,
		      "(%s) the judged spans, the hits' copies and the positions (32 and 16 bits) of 16 images in AVX-512 passes equal those of the plain loops, at four depths: %ld of %ld lanes differ",
		      label, spans_bad, spans_n);
	else
		CHECK(1, "(%s) judged spans in one AVX-512 pass # SKIP %s", label,
		      "no AVX-512 here, or no measure wants spans");
	CHECK(agg_worst <= 1e-9,
	      "(%s) every image's value for all (mean, sum, geometric mean) equals the aggregate of the written images' values: worst relative difference %.3g",
	      label, agg_worst);
	CHECK(agg_exact_bad == 0,
	      "(%s) every image's value for all is the aggregate of the scorer's own values of the images, added in topic order, bit for bit: %ld differ",
	      label, agg_exact_bad);
	{
		/* Every output must be exercised: nonzero somewhere. */
		size_t ns = 0, bad = 0;
		for (size_t i = 0; i < nspec; i++)
			ns += (size_t)m[i].n_out;
		for (size_t k = 0; k < ns; k++)
			bad += nonzero[k] == 0;
		CHECK(bad == 0, "(%s) every one of %zu outputs is nonzero somewhere (%zu never)",
		      label, ns, bad);
	}
	if (max_ret > 0)
		CHECK(max_ret > 1000,
		      "(%s) the longest image of a ranking (%.0f) passes the cutoff 1000",
		      label, max_ret);
	{
		char cmd[1400];
		snprintf(cmd, sizeof cmd, "rm -rf %s", base);
		if (system(cmd) != 0)
			CHECK(0, "cleanup");
	}
	for (size_t i = 0; i < nspec; i++)
		measure_release(&m[i]);
}

/* Q >= AP on binary judgements: random collections with grades -1, 0, 1
 * (level 1, short rankings), root and images 1..6; at the root Q = AP
 * exactly when every relevant document retrieved is at position <= R. */
static void q_ge_ap(void)
{
	static const char *const specs[] = { "Q", "AP" };
	struct measure m[2];
	char base[] = "/tmp/cbeval-qap-XXXXXX", err[200];
	long n = 0, below = 0, eq_want = 0, eq_bad = 0, greater = 0;
	double worst = 0;
	for (int i = 0; i < 2; i++)
		if (measure_parse(&m[i], specs[i], err, sizeof err) != 0) {
			CHECK(0, "parse %s: %s", specs[i], err);
			return;
		}
	if (!mkdtemp(base)) {
		CHECK(0, "mkdtemp");
		return;
	}
	for (int cs = 0; cs < 40; cs++) {
		static struct coll c;
		struct loaded L;
		struct score_scratch x;
		double out[MAXR * 2];
		rng = (uint64_t)cs + 5000;
		make_coll(&c, 0);
		for (int t = 0; t < c.nt; t++)
			for (int i = 0; i < c.q[t].n; i++)
				if (c.q[t].e[i].grade > 1)
					c.q[t].e[i].grade = 1;
		write_root(&c, base);
		load(&L, base, c.nr, 1, ORDER_SCORE, m, 2, (uint64_t)cs + 3);
		if (!L.ok || L.s.nruns != (size_t)c.nr) {
			CHECK(0, "case %d: collection did not load", cs);
			unload(&L);
			continue;
		}
		score_scratch_init(&x, &L.s);
		for (size_t t = 0; t < L.c.n; t++)
			for (uint64_t b = 0; b <= 6; b++) {
				score_topic_image(&L.s, t, b, &x, out);
				for (int r = 0; r < c.nr; r++) {
					double q = out[r * 2], ap = out[r * 2 + 1];
					n++;
					greater += q > ap;
					if (q < ap) {
						below++;
						if (ap - q > worst)
							worst = ap - q;
					}
				}
			}
		/* Root: Q = AP when no relevant document is below position R. */
		for (int t = 0; t < c.nt; t++) {
			long t_idx = collection_find(&L.c, c.qid[t], strlen(c.qid[t]));
			int R = 0;
			for (int i = 0; i < c.q[t].n; i++)
				R += c.q[t].e[i].grade >= 1;
			score_topic_image(&L.s, (size_t)t_idx, 0, &x, out);
			for (int r = 0; r < c.nr; r++) {
				struct rtopic rt = c.r[r].t[t];
				int deep = 0;
				qsort(rt.e, (size_t)rt.n, sizeof rt.e[0], cmp_eval);
				for (int i = 0; i < rt.n; i++)
					for (int j = 0; j < c.q[t].n; j++)
						if (strcmp(rt.e[i].docno, c.q[t].e[j].docno) == 0 &&
						    c.q[t].e[j].grade >= 1 && i + 1 > R)
							deep = 1;
				if (!deep) {
					eq_want++;
					eq_bad += out[r * 2] != out[r * 2 + 1];
				}
			}
		}
		score_scratch_release(&x);
		unload(&L);
	}
	CHECK(below == 0 && greater > 100 && n > 2000,
	      "Q >= AP on binary judgements: %ld values (root and images 1..6), %ld with Q > AP, %ld with Q < AP (worst %.3g)",
	      n, greater, below, worst);
	CHECK(eq_bad == 0 && eq_want > 50,
	      "Q = AP exactly at the root when no relevant document is below position R: %ld rankings, %ld differ",
	      eq_want, eq_bad);
	{
		char cmd[200];
		snprintf(cmd, sizeof cmd, "rm -rf %s", base);
		if (system(cmd) != 0)
			CHECK(0, "cleanup");
	}
	for (int i = 0; i < 2; i++)
		measure_release(&m[i]);
}

static void poisson_fit(void)
{
	struct image_fn f;
	long count[6] = { 0 };
	long n = 0, mismatch = 0;
	double p[6], x2 = 0;
	image_fn_init(&f);
	for (int d = 0; d < 100000; d++) {
		char docno[32];
		size_t len = (size_t)snprintf(docno, sizeof docno, "DOC-%07d", d);
		uint64_t h = fnv1a64(docno, len);
		for (uint64_t b = 1; b <= 10; b++) {
			unsigned k = image_k(&f, h, image_key(1, b));
			if (k != ref_k(docno, 1, b))
				mismatch++;
			count[k < 5 ? k : 5]++;
			n++;
		}
	}
	CHECK(mismatch == 0,
	      "integer thresholds equal u < F(k) in doubles on %ld pairs (%ld differ)",
	      n, mismatch);
	p[0] = exp(-1.0);
	for (int k = 1; k < 5; k++)
		p[k] = p[k - 1] / k;
	p[5] = 1 - (p[0] + p[1] + p[2] + p[3] + p[4]);
	for (int k = 0; k < 6; k++) {
		double e = p[k] * (double)n;
		x2 += ((double)count[k] - e) * ((double)count[k] - e) / e;
	}
	CHECK(x2 < 20.515,
	      "k over %ld (docno, image) pairs fits Poisson(1): X2 = %.2f < 20.515 (df 5, p > 0.001); counts %ld %ld %ld %ld %ld %ld",
	      n, x2, count[0], count[1], count[2], count[3], count[4], count[5]);
	CHECK(f.nthr <= IMAGE_KMAX && f.thr[f.nthr - 1] < (1ULL << 53),
	      "F(k) reaches 1 by k = %d", f.nthr);
}

/* Check 4: the lanes of image_fill_lanes against image_fill. */
static void fill_lanes(void)
{
	enum { N = 20000 };
	struct image_fn f;
	uint64_t *hash = xcalloc(N, sizeof *hash);
	uint8_t *lanes = xcalloc(N * 16, 1), *one = xcalloc(N, 1);
	static const size_t Ls[] = { 5, 8, 16 };
	static const uint64_t b0s[] = { 0, 1, 17, 993 };
	long bad = 0, cases = 0;
	unsigned maxk = 0;
	int wide;
	image_fn_init(&f);
	wide = f.wide;
	for (size_t i = 0; i < N; i++)
		hash[i] = next();
	for (int w = wide; w >= 0; w--) {
		f.wide = w;
		for (size_t li = 0, L; li < 3 && (L = Ls[li]); li++)
			for (size_t bi = 0; bi < sizeof b0s / sizeof *b0s; bi++)
				for (size_t nb = 1; nb <= L; nb++) {
					uint64_t seed = 1 + bi * 7 + nb;
					image_fill_lanes(&f, seed, b0s[bi], nb, L,
							 hash, N, lanes);
					cases++;
					for (size_t l = 0; l < L; l++) {
						uint64_t b = b0s[bi] + (l < nb ? l : 0);
						image_fill(&f, seed, b, hash, N, one);
						for (size_t i = 0; i < N; i++) {
							bad += lanes[i * L + l] != one[i];
							if (one[i] > maxk)
								maxk = one[i];
						}
					}
				}
	}
	CHECK(bad == 0 && maxk >= 7,
	      "image_fill_lanes equals image_fill in every lane (%ld cases, k up to %u, %s): %ld differ",
	      cases, maxk, wide ? "AVX-512 path and plain loop"
				: "plain loop; this processor has no AVX-512", bad);
	free(hash);
	free(lanes);
	free(one);
}

/* RBP's residual sums its judged spans only down to the position past
 * which its prefix sums no longer change (m->judged_depth, from
 * rbp_setup), not down to the depth bound 1000.  Bit for bit the same as
 * the sum down to 1000, written out here from the measure's own table:
 * random spans, adjacent or not, short and long, down to 1200. */
static void rbp_cut(void)
{
	static const char *const specs[] = {
		"RBP(p=0.1)", "RBP(p=0.5)", "RBP(p=0.8)", "RBP(p=0.95)",
		"RBP(p=0.99)", "RBP(p=0.999)"
	};
	static struct span sp[1300];
	struct topic tp;
	struct topic_image ti;
	long bad = 0, cases = 0;
	int cut = 1;
	memset(&tp, 0, sizeof tp);
	ti.t = &tp;
	ti.k = NULL;
	ti.R = 1;
	rng = 7;
	for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
		struct measure m;
		char err[256];
		const double *cum;
		if (measure_parse(&m, specs[i], err, sizeof err) != 0) {
			CHECK(0, "parse %s: %s", specs[i], err);
			continue;
		}
		cum = m.tab + MEASURE_DEPTH;
		if (i == 3)     /* p = 0.95: cut near position 660 */
			cut = m.judged_depth > 500 && m.judged_depth < 800;
		for (int rep = 0; rep < 300; rep++) {
			struct ranked r;
			double out[2], s = 0, want;
			uint32_t pos = 1 + below(3), last = 200 + below(1001);
			size_t n = 0;
			while (pos <= last && n < sizeof sp / sizeof sp[0]) {
				sp[n].start = pos;
				sp[n].end = pos + 1 + (below(4) ? below(4) : below(40));
				pos = sp[n++].end + (below(3) ? below(4) : 0);
			}
			memset(&r, 0, sizeof r);
			r.judged = sp;
			r.nj = n;
			r.jstride = 1;
			m.def->score(&m, &r, &ti, NULL, out);
			for (size_t j = 0; j < n; j++) {
				uint32_t a = sp[j].start - 1, b = sp[j].end - 1;
				if (a >= MEASURE_DEPTH)
					break;
				s += cum[b < MEASURE_DEPTH ? b : MEASURE_DEPTH] - cum[a];
			}
			want = 1 - (1 - m.p) * s;
			if (want < 0)
				want = 0;
			bad += memcmp(&want, &out[1], sizeof want) != 0;
			cases++;
		}
		measure_release(&m);
	}
	CHECK(cut, "RBP(p=0.95) sums its judged spans down to about 660, not 1000");
	CHECK(bad == 0,
	      "RBP's residual summed down to where its prefix sums stop changing equals the sum down to 1000, bit for bit (%ld rankings, p from 0.1 to 0.999): %ld differ",
	      cases, bad);
}

int main(void)
{
	fill_lanes();
	poisson_fit();
	rbp_cut();
	exactness("all measures", specs_all, NSPEC_MAX);
	exactness("judged spans to 20",  specs_shallow,
		  sizeof specs_shallow / sizeof specs_shallow[0]);
	exactness("measures side by side", specs_lanes,
		  sizeof specs_lanes / sizeof specs_lanes[0]);
	exactness("bpref alone", specs_bpref,
		  sizeof specs_bpref / sizeof specs_bpref[0]);
	exactness("num_nonrel_judged_ret alone", specs_nonrel,
		  sizeof specs_nonrel / sizeof specs_nonrel[0]);
	q_ge_ap();
	return check_exit();
}
