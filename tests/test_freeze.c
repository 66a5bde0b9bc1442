/*
 * test_freeze.c - the collection frozen with and without the documents'
 * hashes (collection_freeze_on, collection.h): the same documents and
 * counts, every hash FNV-1a of its docno with them and 0 without, and the
 * same scores of the runs as they are, measure by measure and topic by
 * topic (the plain evaluation freezes without them: no image is drawn).
 *
 * Input: data/qrels and the bundled runs (run from the top of the tree).
 */
#include "check.h"
#include "collection.h"
#include "measure.h"
#include "pool.h"
#include "run.h"
#include "score.h"
#include "strmap.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

#define NRUNS 4

struct side {
	struct collection c;
	struct run runs[NRUNS];
	char paths[NRUNS][64];
};

/* Load data/qrels and the first NRUNS bundled runs into sd.  Returns 1 on
 * success. */
static int load(struct side *sd)
{
	struct qrels_opts qo = { .level = 1, .dedup = 0 };
	struct run_opts ro = { .order = ORDER_SCORE };
	struct warnings w;
	struct diag d = { .set = 0 };
	struct run_scratch sc;
	int ok;
	collection_init(&sd->c);
	warnings_init(&w);
	ok = qrels_load(&sd->c, "data/qrels", &qo, &w, &d) == 0;
	warnings_release(&w);
	run_scratch_init(&sc);
	for (int r = 0; ok && r < NRUNS; r++) {
		snprintf(sd->paths[r], sizeof sd->paths[r],
			 "data/runs/gen%03d.run", r);
		run_init(&sd->runs[r], sd->paths[r]);
		ok = run_load(&sd->runs[r], &sd->c, &ro, &sc, &d) == 0;
	}
	run_scratch_release(&sc);
	if (ok)
		run_names(sd->runs, NRUNS, 0);
	else
		CHECK(0, "loading: %s", d.msg);
	return ok;
}

static void unload(struct side *sd)
{
	for (int r = 0; r < NRUNS; r++)
		run_release(&sd->runs[r]);
	collection_release(&sd->c);
}

/* The FNV-1a hash of every document of every topic, before the freeze. */
static uint64_t **docno_hashes(const struct collection *c)
{
	uint64_t **h = xcalloc(c->n, sizeof *h);
	for (size_t t = 0; t < c->n; t++) {
		const struct strmap *m = &c->topic[t].docs;
		h[t] = xcalloc(m->n ? m->n : 1, sizeof *h[t]);
		for (uint32_t d = 0; d < m->n; d++)
			h[t][d] = fnv1a64(strmap_str(m, d), strmap_len(m, d));
	}
	return h;
}

/* Every topic's counts equal in a and b. */
static int same_counts(const struct collection *a, const struct collection *b)
{
	if (a->n != b->n)
		return 0;
	for (size_t t = 0; t < a->n; t++) {
		const struct topic *x = &a->topic[t], *y = &b->topic[t];
		if (x->n_docs != y->n_docs || x->n_judged != y->n_judged ||
		    x->n_rel != y->n_rel || x->n_int != y->n_int)
			return 0;
	}
	return 1;
}

/* The root scores of the runs of sd with measures m, or NULL. */
static double *root_scores(struct side *sd, const struct measure *m,
			   size_t nm, struct pool *p, size_t *n)
{
	struct scorer s;
	double *v;
	scorer_init(&s, &sd->c, sd->runs, NRUNS, m, nm, 1);
	v = score_root(&s, p);
	*n = (size_t)NRUNS * sd->c.n * s.nslots;
	scorer_release(&s);
	return v;
}

int main(void)
{
	static const char *const specs[] = { "AP,nDCG,P@10,RBP(p=0.8),bpref,RR" };
	struct side a, b;
	struct pool *p = pool_create(2);
	struct measure *m = NULL;
	size_t nm = 0, na = 0, nb = 0, ndocs = 0;
	char err[200] = "";
	uint64_t **h;
	int hashed = 1, zero = 1;
	double *va, *vb;

	if (!load(&a) || !load(&b))
		return check_exit();
	h = docno_hashes(&a.c);
	collection_freeze_on(&a.c, p, 1);
	collection_freeze_on(&b.c, p, 0);
	CHECK(!a.c.hashless && b.c.hashless,
	      "frozen with hashes: not hashless; without: hashless");
	CHECK(same_counts(&a.c, &b.c),
	      "the same documents and counts per topic either way");
	for (size_t t = 0; t < a.c.n; t++) {
		for (uint32_t d = 0; d < a.c.topic[t].n_docs; d++) {
			hashed &= a.c.topic[t].hash[d] == h[t][d];
			zero &= b.c.topic[t].hash[d] == 0;
		}
		ndocs += a.c.topic[t].n_docs;
		free(h[t]);
	}
	free(h);
	CHECK(hashed && ndocs > 1000,
	      "with hashes: each of the %zu documents' hash is FNV-1a of its docno",
	      ndocs);
	CHECK(zero, "without: every hash left 0");
	CHECK(measure_parse_list(specs, 1, &m, &nm, err, sizeof err) == 0,
	      "measures parse (%s)", err);
	va = root_scores(&a, m, nm, p, &na);
	vb = root_scores(&b, m, nm, p, &nb);
	CHECK(na == nb && na > 0 && memcmp(va, vb, na * sizeof *va) == 0,
	      "the %zu root scores (runs x topics x measures) the same, bit for bit",
	      na);
	free(va);
	free(vb);
	for (size_t i = 0; i < nm; i++)
		measure_release(&m[i]);
	free(m);
	unload(&a);
	unload(&b);
	pool_release(p);
	return check_exit();
}
