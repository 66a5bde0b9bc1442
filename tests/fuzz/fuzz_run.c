/*
 * fuzz_run.c - libFuzzer target: the run parser on arbitrary bytes against
 * a fixed qrels, under every ordering, with and without --dedup and -M.
 */
#include "fuzz.h"
#include "collection.h"
#include "run.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

static const char qrels[] =
	"1 0 a 1\n1 0 b 0\n1 0 c 2\n2 0 a 1\n2 0 d -1\n10 0 x 3\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	const char *qpath = fuzz_file(0, (const uint8_t *)qrels, sizeof qrels - 1);
	const char *rpath = fuzz_file(1, data, n);
	for (int v = 0; v < 3; v++) {
		struct collection c;
		struct warnings w;
		struct diag d = { .set = 0 };
		struct qrels_opts qo = { .level = 1, .dedup = 0 };
		struct run_opts ro = { .order = (enum run_order)v,
				       .max_docs = v == 2 ? 3 : 0, .dedup = v == 1 };
		struct run r;
		struct run_scratch s;
		collection_init(&c);
		warnings_init(&w);
		if (qrels_load(&c, qpath, &qo, &w, &d) != 0)
			abort();
		run_init(&r, rpath);
		run_scratch_init(&s);
		if (run_load(&r, &c, &ro, &s, &d) == 0) {
			for (size_t t = 0; t < c.n; t++)
				for (size_t i = r.off[t]; i < r.off[t + 1]; i++)
					if (r.ids[i] >= c.topic[t].docs.n)
						abort();
			run_names(&r, 1, 0);
		} else if (!d.set || strncmp(d.msg, rpath, strlen(rpath)) != 0) {
			abort();
		}
		run_scratch_release(&s);
		run_release(&r);
		warnings_release(&w);
		diag_release(&d);
		collection_release(&c);
	}
	return 0;
}
