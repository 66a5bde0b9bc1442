/*
 * top.h - --top N and --top-by M: which runs an analysis keeps, ranked by
 * the root score of one measure over every topic.
 */
#ifndef CBEVAL_TOP_H
#define CBEVAL_TOP_H

#include <stddef.h>
#include <stdint.h>

#include "options.h"
#include "collection.h"
#include "diag.h"
#include "measure.h"
#include "pool.h"
#include "run.h"

/* The measure --top ranks by: --top-by, or the first -m measure (a copy
 * of m[0]) into *out (release with measure_release).  Returns 0, or -1
 * with d set to a usage error. */
int top_measure(const struct options *o, const struct measure *m,
		struct measure *out, struct diag *d);

/* The N runs with the highest root aggregate of tm (ties by command-line
 * order), kept in command-line order, as shallow copies in *kept (the
 * caller frees the array, not the runs).  Returns the count. */
size_t select_top(const struct run *runs, size_t nruns,
		  const struct collection *c, const struct measure *tm,
		  unsigned long N, uint64_t seed, struct pool *pool,
		  struct run **kept);

#endif
