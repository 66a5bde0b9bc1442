/*
 * test_meld_scan.c - --meld's scoring of melded sub-collections
 * (meld_scan.h) against the one scorer, bit for bit.
 *
 * For random collections (graded qrels with negative grades, score ties,
 * a run lacking a topic, a topic with no relevant document, a topic with
 * no labelled document, unlabelled documents, and every fifth case a
 * ranking of 3,000 labelled documents, past the 16-bit sums), random L/R
 * labels, splits 1 and 2, meld factors 0, 0.5 and 1 and images 1..11 (a
 * full block of MELD_LANES and a partial one): every value of
 * meld_scan_score, in every lane and part, is the same double as
 * score_topic_mult's on the image's multiplicities with the documents not
 * melded into the part set to 0 (what --meld scored before, and what
 * t_meld.sh checks against materialised sub-collections), computed with
 * the full scorer (residuals and judged spans included) while
 * meld_scan_score uses meld_scorer_init's scorer without the residuals.
 * This for the SSE2 sums and the portable loop (meld_scan.plain), and
 * for four selections of measures, since what the scan builds depends on
 * them: many measures (judged spans to the end for bpref, negative
 * grades, lengths, copies, a second relevance level); the three of
 * `make bench` (no spans at all); judged@k and unj@k alone (spans cut at
 * shallow depths, inside stretches); bpref alone.  Each selection must
 * give every output a non-zero value somewhere.
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "collection.h"
#include "image.h"
#include "measure.h"
#include "meld_labels.h"
#include "meld_scan.h"
#include "pool.h"
#include "run.h"
#include "score.h"
#include "strmap.h"
#include "xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint64_t rng;
static uint64_t next(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}
static unsigned below(unsigned n) { return (unsigned)(next() % n); }

#define MAXR 4
#define BIG 4000
#define NB 11     /* images 1..NB */

/* ---- a random collection as files -------------------------------------- */

static FILE *open_in(const char *dir, const char *name)
{
	char path[600];
	FILE *f;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	return f;
}

/* Topics 0..nt-1 over pools of documents "t<topic>-<i>" (some "s<i>",
 * shared by every topic); topic 0 of a big case has a pool of BIG + 50,
 * which run 0 ranks in full.  Topic 1 has no relevant document.  Run 1
 * lacks the last topic. */
static void write_coll(const char *dir, int nt, int nr, int big)
{
	FILE *q = open_in(dir, "qrels");
	for (int r = 0; r < nr; r++) {
		char name[16];
		FILE *f;
		snprintf(name, sizeof name, "run%d", r);
		f = open_in(dir, name);
		for (int t = 0; t < nt; t++) {
			int pool = big && t == 0 ? BIG + 50 : 25 + (t * 13) % 40;
			for (int i = 0; i < pool; i++) {
				if (r == 1 && t == nt - 1)
					break;
				if (big && t == 0 && r == 0 ? i >= BIG : below(3) == 0)
					continue;
				fprintf(f, "%d Q0 %s%d-%d %d %g x%d\n", 100 + t,
					i % 9 == 0 ? "s" : "t", i % 9 == 0 ? 0 : t,
					i, i + 1, (double)below(10) * 0.5, r);
			}
		}
		fclose(f);
	}
	for (int t = 0; t < nt; t++) {
		int pool = big && t == 0 ? BIG + 50 : 25 + (t * 13) % 40;
		for (int i = 0; i < pool; i++) {
			/* -1 .. 4 in the first third, -1 or 0 below it: the
			 * scan's extent ei (the last hit) comes before the
			 * end of the judged stretches, ej */
			int g = i < pool / 3 ? (int)below(6) - 1 : (int)below(2) - 1;
			if (below(10) < 4)
				continue;            /* unjudged */
			if (t == 1 && g > 0)
				g = 0;
			fprintf(q, "%d 0 %s%d-%d %d\n", 100 + t, i % 9 == 0 ? "s" : "t",
				i % 9 == 0 ? 0 : t, i, g);
		}
	}
	fclose(q);
}

struct loaded {
	struct collection c;
	struct run runs[MAXR];
	char paths[MAXR][600];
	size_t nr;
	struct scorer s;
	uint8_t **lab;          /* [topic][doc] labels */
};

/* Load the files of dir and label the documents by their hash: a quarter
 * unlabelled, the rest L or R (none at all in topic 2). */
static int load(struct loaded *L, const char *dir, int nr, struct measure *m,
		size_t nm, uint64_t seed)
{
	struct qrels_opts qo = { .level = 2, .dedup = 0 };
	struct run_opts ro = { .order = ORDER_SCORE, .max_docs = 0, .dedup = 0 };
	struct warnings w;
	struct diag d = { .set = 0 };
	struct run_scratch sc;
	char qpath[600];
	memset(L, 0, sizeof *L);
	collection_init(&L->c);
	warnings_init(&w);
	snprintf(qpath, sizeof qpath, "%s/qrels", dir);
	if (qrels_load(&L->c, qpath, &qo, &w, &d) != 0) {
		CHECK(0, "qrels: %s", d.msg);
		return -1;
	}
	warnings_release(&w);
	run_scratch_init(&sc);
	for (int r = 0; r < nr; r++) {
		snprintf(L->paths[r], sizeof L->paths[r], "%s/run%d", dir, r);
		run_init(&L->runs[r], L->paths[r]);
		if (run_load(&L->runs[r], &L->c, &ro, &sc, &d) != 0)
			CHECK(0, "run %d: %s", r, d.msg);
	}
	run_scratch_release(&sc);
	L->nr = (size_t)nr;
	run_names(L->runs, L->nr, 0);
	collection_freeze(&L->c);
	scorer_init(&L->s, &L->c, L->runs, L->nr, m, nm, seed);
	L->lab = xcalloc(L->c.n, sizeof *L->lab);
	for (size_t t = 0; t < L->c.n; t++) {
		const struct topic *tp = &L->c.topic[t];
		L->lab[t] = xcalloc(tp->n_docs ? tp->n_docs : 1, 1);
		for (uint32_t i = 0; i < tp->n_docs && t != 2; i++) {
			unsigned v = (unsigned)(tp->hash[i] >> 40) % 8;
			L->lab[t][i] = v < 2 ? MELD_NONE : v < 5 ? MELD_L : MELD_R;
		}
	}
	return 0;
}

static void unload(struct loaded *L)
{
	for (size_t t = 0; t < L->c.n; t++)
		free(L->lab[t]);
	free(L->lab);
	scorer_release(&L->s);
	for (size_t r = 0; r < L->nr; r++)
		run_release(&L->runs[r]);
	collection_release(&L->c);
}

/* ---- the comparison ---------------------------------------------------- */

struct tally {
	long compared, differ, big;
	long *nonzero;          /* [own slot] */
};

/* The slot of s that own's slot k is (same measure, same output). */
static size_t full_slot(const struct scorer *s, const struct scorer *own,
			size_t k)
{
	size_t i = own->slots[k].measure, at = 0;
	for (size_t u = 0; u < i; u++)
		at += (size_t)s->m[u].n_out;
	return at + (size_t)own->slots[k].out;
}

/* Topic t, block blk of split sp at mf: meld_scan_score against
 * score_topic_mult on every image of the block below NB + 1 and both
 * parts. */
static void compare_block(const struct loaded *L, const struct scorer *own,
			  struct meld_scan *ms, struct meld_scratch *w,
			  struct score_scratch *x, size_t t, size_t blk,
			  uint64_t seed, uint64_t sp, double mf, double *out,
			  double *ref, uint8_t *kb, struct tally *ty)
{
	const struct scorer *s = &L->s;
	const struct topic *tp = &L->c.topic[t];
	uint64_t key = meld_key(seed, sp);
	size_t block = s->nruns * own->nslots;
	meld_scan_meld(ms, t, key, mf);
	meld_scan_score(ms, t, blk, w, out);
	for (size_t j = 0; j < MELD_LANES && blk * MELD_LANES + j < NB; j++) {
		image_fill(&s->imf, seed, blk * MELD_LANES + j + 1, tp->hash,
			   tp->n_docs, kb);
		for (int p = 0; p < 2; p++) {
			for (uint32_t d = 0; d < tp->n_docs; d++) {
				uint8_t b = L->lab[t][d];
				uint8_t lb = b && meld_flips(tp->hash[d], key, mf)
					     ? (uint8_t)(3 - b) : b;
				x->k[d] = lb == (p ? MELD_R : MELD_L) ? kb[d] : 0;
			}
			score_topic_mult(s, t, x, ref);
			for (size_t r = 0; r < s->nruns; r++)
				for (size_t k = 0; k < own->nslots; k++) {
					double a = out[(j * 2 + (size_t)p) * block +
						       r * own->nslots + k];
					double e = ref[r * s->nslots +
						       full_slot(s, own, k)];
					ty->compared++;
					ty->differ += memcmp(&a, &e, sizeof a) != 0;
					ty->nonzero[k] += a != 0;
				}
		}
	}
}

static void compare_case(const struct loaded *L, uint64_t seed,
			 struct pool *pool, struct tally *ty)
{
	const struct scorer *s = &L->s;
	struct scorer own;
	struct measure *mc;
	struct score_scratch x;
	double *out, *ref;
	uint8_t *kb;
	static const double mfs[] = { 0, 0.5, 1 };

	meld_scorer_init(&own, &mc, s);
	score_scratch_init(&x, s);
	out = xcalloc(2 * MELD_LANES * s->nruns * own.nslots, sizeof *out);
	ref = xcalloc(s->nruns * s->nslots, sizeof *ref);
	kb = xcalloc(s->max_docs ? s->max_docs : 1, 1);
	for (int plain = 0; plain < 2; plain++) {
		struct meld_scan ms;
		struct meld_scratch w;
		meld_scan_init(&ms, &own, (const uint8_t *const *)L->lab, seed,
			       NB, pool);
		ms.plain = plain;
		meld_scratch_init(&w, &ms);
		for (size_t t = 0; t < L->c.n; t++)
			for (size_t r = 0; r < s->nruns && !plain; r++)
				ty->big += ms.topic[t].run[r].nent > UINT16_MAX / IMAGE_KMAX;
		for (uint64_t sp = 1; sp <= 2; sp++)
			for (size_t f = 0; f < 3; f++)
				for (size_t t = 0; t < L->c.n; t++)
					for (size_t blk = 0; blk < ms.nblk; blk++)
						compare_block(L, &own, &ms, &w, &x, t,
							      blk, seed, sp, mfs[f],
							      out, ref, kb, ty);
		meld_scratch_release(&w);
		meld_scan_release(&ms);
	}
	free(out);
	free(ref);
	free(kb);
	score_scratch_release(&x);
	meld_scorer_release(&own, mc);
}

static void exactness(const char *label, const char *const *specs,
		      size_t nspec, int ncases)
{
	struct measure m[64];
	char dir[] = "/tmp/cbeval-meldscan-XXXXXX", err[200];
	struct pool *pool = pool_create(2);
	struct tally ty = { 0, 0, 0, NULL };
	size_t nslots = 0, never = 0;
	int ok = 1;

	for (size_t i = 0; i < nspec; i++)
		if (measure_parse(&m[i], specs[i], err, sizeof err) != 0) {
			CHECK(0, "parse %s: %s", specs[i], err);
			ok = 0;
		}
	if (!ok || !mkdtemp(dir)) {
		CHECK(0, "(%s) set-up", label);
		pool_release(pool);
		return;
	}
	ty.nonzero = xcalloc(nspec * MEASURE_MAX_OUT, sizeof *ty.nonzero);
	for (int cs = 0; cs < ncases; cs++) {
		struct loaded L;
		uint64_t seed = 11 + (uint64_t)cs * 977;
		rng = 4242 + (uint64_t)cs;
		write_coll(dir, 4 + cs % 2, 2 + cs % 3, cs % 5 == 0);
		if (load(&L, dir, 2 + cs % 3, m, nspec, seed) != 0)
			continue;
		if (cs == 0)
			for (size_t k = 0; k < L.s.nslots; k++)
				nslots += L.s.slots[k].out == 0 ||
					  !scorer_slot_measure(&L.s, k)->def->spans_residual_only;
		compare_case(&L, seed, pool, &ty);
		unload(&L);
	}
	for (size_t k = 0; k < nslots; k++)
		never += ty.nonzero[k] == 0;
	CHECK(ty.differ == 0 && ty.compared > 10000,
	      "(%s) the melded halves scored from compacted rankings (SSE2 sums and the portable loop) equal score_topic_mult on the masked images, bit for bit: %ld of %ld values differ",
	      label, ty.differ, ty.compared);
	CHECK(never == 0, "(%s) every one of %zu outputs is non-zero somewhere (%zu never)",
	      label, nslots, never);
	CHECK(ty.big > 0, "(%s) %ld rankings pass the 16-bit sums (the portable loop takes them)",
	      label, ty.big);
	{
		char cmd[700];
		snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
		if (system(cmd) != 0)
			CHECK(0, "cleanup");
	}
	free(ty.nonzero);
	for (size_t i = 0; i < nspec; i++)
		measure_release(&m[i]);
	pool_release(pool);
}

static const char *const specs_many[] = {
	"AP", "nDCG@1000", "RBP(p=0.95)", "RBP(p=0.5)", "P@10", "RR", "Q",
	"bpref", "judged@5", "judged@20", "unj@5", "num_ret", "num_rel",
	"num_rel_ret", "Rprec", "infAP", "num_nonrel_judged_ret", "SetF",
	"11pt_avg", "utility", "INSQ(T=2)", "nCG@20", "GM(AP)",
	"GM(RBP(p=0.8))", "RBP(p=0.8,gain=graded)", "RBP(p=0.9)@10",
	"rbp(p=0.8,gains=1:2,3:5)", "nDCG(gains=-1:-0.25,0:0.5,1:2)", "G",
	"ndcg_rel", "Rndcg", "AP(rel=3)", "P@5(rel=1)",
};
static const char *const specs_bench[] = { "AP", "nDCG@1000", "RBP(p=0.95)" };
static const char *const specs_shallow[] = { "judged@5", "unj@5" };
static const char *const specs_bpref[] = { "bpref" };

int main(void)
{
	exactness("many measures", specs_many,
		  sizeof specs_many / sizeof specs_many[0], 10);
	exactness("AP, nDCG@1000, RBP(p=0.95)", specs_bench,
		  sizeof specs_bench / sizeof specs_bench[0], 10);
	exactness("judged@k and unj@k", specs_shallow,
		  sizeof specs_shallow / sizeof specs_shallow[0], 10);
	exactness("bpref alone", specs_bpref,
		  sizeof specs_bpref / sizeof specs_bpref[0], 5);
	return check_exit();
}
