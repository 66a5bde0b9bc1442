/*
 * fuzz_qrels.c - libFuzzer target: the qrels parser on arbitrary bytes,
 * with and without --dedup and at two relevance levels.
 */
#include "fuzz.h"
#include "collection.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	const char *path = fuzz_file(0, data, n);
	for (int v = 0; v < 2; v++) {
		struct collection c;
		struct warnings w;
		struct diag d = { .set = 0 };
		struct qrels_opts o = { .level = v ? 2 : 1, .dedup = v };
		collection_init(&c);
		warnings_init(&w);
		if (qrels_load(&c, path, &o, &w, &d) == 0) {
			/* invariants of the id layout */
			for (size_t t = 0; t < c.n; t++) {
				const struct topic *tp = &c.topic[t];
				if (tp->n_rel > tp->n_judged || tp->n_pos > tp->n_judged ||
				    tp->n_int != (tp->n_rel > tp->n_pos ? tp->n_rel : tp->n_pos))
					abort();
				for (uint32_t j = 1; j < tp->n_judged; j++)
					if (tp->grade[j - 1] < tp->grade[j])
						abort();
			}
			collection_freeze(&c);
		} else if (!d.set || strncmp(d.msg, path, strlen(path)) != 0) {
			abort();   /* every failure names the file */
		}
		warnings_release(&w);
		diag_release(&d);
		collection_release(&c);
	}
	return 0;
}
