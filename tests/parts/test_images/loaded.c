/*
 * tests/parts/test_images/loaded.c - test_images' selections of measures
 * (what the scan computes depends on them) and its collections loaded
 * from files - the root collection, or an image written out explicitly -
 * with their scorer, and the value of one run, topic and slot of a root
 * scoring.  At most MAXR runs and NSPEC_MAX measures.
 */
#include "test_images.h"

#include <string.h>

/* The selections of measures: cutoffs 5 and 20 are crossed by the short
 * rankings (3 to 27 documents), 1000 by the deep one (1100). */
static const char *const specs_all[NSPEC_MAX] = {
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

_Static_assert(sizeof specs_all / sizeof specs_all[0] == NSPEC_MAX,
	       "NSPEC_MAX is the number of specs_all");

#define SELECTION(label, specs) { label, specs, sizeof specs / sizeof specs[0] }
const struct selection selections[NSELECTIONS] = {
	SELECTION("all measures", specs_all),
	SELECTION("judged spans to 20", specs_shallow),
	SELECTION("measures side by side", specs_lanes),
	SELECTION("bpref alone", specs_bpref),
	SELECTION("num_nonrel_judged_ret alone", specs_nonrel),
};

/* Load dir/qrels and dir/run0..run<nr-1> into L (L->ok: the qrels
 * loaded; L->present[r]: run r loaded) and set up its scorer of the nm
 * measures m with seed.  A run file with no lines is left out; one that
 * fails to load otherwise is also reported with report(message).  Release
 * L with unload. */
void load(struct loaded *L, const char *dir, int nr, int level,
	  enum run_order order, struct measure *m, size_t nm, uint64_t seed,
	  load_report report)
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
			report(d.msg);
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

/* Release what load set up in L. */
void unload(struct loaded *L)
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
double ref_value(const struct loaded *L, const double *vals, int r,
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
