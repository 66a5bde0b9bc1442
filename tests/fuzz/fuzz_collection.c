/*
 * fuzz_collection.c - libFuzzer target: the reader of --collection files
 * on arbitrary bytes.  A file it accepts must hold a collection the
 * scorer can take: every id below its topic's count, the class counts
 * those of the grades, the classification of every ranking in range.
 */
#include "fuzz.h"
#include "collfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	const char *path = fuzz_file(0, data, n);
	struct collection c;
	struct collfile_runs in;
	struct run_opts ro;
	struct diag d = { .set = 0 };
	int level = 1;
	collection_init(&c);
	if (collfile_read(path, &c, &in, &level, &ro, 1, &d) == 0) {
		collection_freeze(&c);
		for (size_t r = 0; r < in.n; r++)
			for (size_t t = 0; t < c.n; t++) {
				const struct topic *tp = &c.topic[t];
				const struct run *run = &in.run[r];
				if (tp->n_int > tp->n_judged || tp->n_judged > tp->n_docs)
					abort();
				for (size_t e = run->off[t]; e < run->off[t + 1]; e++)
					if (run->ids[e] >= tp->n_docs)
						abort();
				for (size_t i = run->inter_off[t]; i < run->inter_off[t + 1]; i++)
					if (run->inter[i] >= run->off[t + 1] - run->off[t])
						abort();
			}
	} else if (!d.set || strncmp(d.msg, path, strlen(path)) != 0) {
		abort();   /* every failure names the file */
	}
	diag_release(&d);
	collfile_runs_release(&in);
	collection_release(&c);
	return 0;
}
