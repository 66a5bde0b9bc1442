/*
 * fuzz_pipeline.c - libFuzzer target: the whole pipeline.  The input is a
 * qrels and a run separated by a line "%%"; when both load, the run is
 * scored at the root and in three bootstrap images, summarised, and
 * compared with itself (--pairs, --reliability), output to /dev/null.
 * Checks: every value is finite and the root equals image 0.
 */
#include "fuzz.h"
#include "boot.h"
#include "collection.h"
#include "compare.h"
#include "measure.h"
#include "run.h"
#include "score.h"

#include <math.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	static const char *const specs[] = { "AP", "nDCG@5", "P@3", "RBP(p=0.5)",
					     "INSQ(T=2)", "RR", "R@3", "Rprec",
					     "bpref", "judged@3" };
	enum { NM = sizeof specs / sizeof specs[0] };
	struct measure m[NM];
	struct collection c;
	struct warnings w;
	struct diag d = { .set = 0 };
	struct qrels_opts qo = { .level = 1, .dedup = 1 };
	struct run_opts ro = { .order = ORDER_SCORE, .max_docs = 0, .dedup = 1 };
	struct run runs[2];
	struct run_scratch s;
	size_t n1, n2;
	const uint8_t *p2;
	const char *qpath, *rpath;
	char err[200];
	int ok;

	fuzz_split(data, n, &n1, &p2, &n2);
	qpath = fuzz_file(0, data, n1);
	rpath = fuzz_file(1, p2, n2);
	collection_init(&c);
	warnings_init(&w);
	run_init(&runs[0], rpath);
	run_init(&runs[1], rpath);
	run_scratch_init(&s);
	ok = qrels_load(&c, qpath, &qo, &w, &d) == 0 &&
	     run_load(&runs[0], &c, &ro, &s, &d) == 0 &&
	     run_load(&runs[1], &c, &ro, &s, &d) == 0;
	run_scratch_release(&s);
	if (ok) {
		struct scorer sc;
		struct pool *pool = pool_create(2);
		struct boot_opts bo = { .B = 3, .pool = pool,
					.per_topic = 1,
					.images = NULL, .progress = 0, .keep = 1 };
		struct boot_result br;
		struct compare_opts co = { .B = 3, .pool = pool,
					   .per_topic = 1, .decimals = 4 };
		double *vals;
		FILE *null = fopen("/dev/null", "w");
		run_names(runs, 2, 0);
		collection_freeze(&c);
		for (int i = 0; i < NM; i++)
			if (measure_parse(&m[i], specs[i], err, sizeof err) != 0)
				abort();
		scorer_init(&sc, &c, runs, 2, m, NM, 7);
		vals = score_root(&sc, pool);
		for (size_t i = 0; i < 2 * c.n * sc.nslots; i++)
			if (!isfinite(vals[i]) || vals[i] < 0 || vals[i] > 1 + 1e-12)
				abort();
		if (boot_run(&sc, &bo, &br, &d) != 0)
			abort();
		for (size_t r = 0; r < 2; r++)
			for (size_t t = 0; t < c.n; t++)
				for (size_t k = 0; k < sc.nslots; k++)
					if (br.full[boot_full_at(c.n, 2, 4, k, t, r, 0)] !=
					    vals[(r * c.n + t) * sc.nslots + k])
						abort();
		if (compare_pairs(null, &sc, &br, &co) != 0 ||
		    compare_reliability(null, &sc, &br, &co) != 0)
			abort();
		fclose(null);
		pool_release(pool);
		boot_result_release(&br);
		free(vals);
		scorer_release(&sc);
		for (int i = 0; i < NM; i++)
			measure_release(&m[i]);
	}
	run_release(&runs[0]);
	run_release(&runs[1]);
	warnings_release(&w);
	diag_release(&d);
	collection_release(&c);
	return 0;
}
