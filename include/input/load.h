/*
 * load.h - load every run file of the command line against the collection
 * (the qrels' topics), on the threads of the pool: parse, intern and order
 * (run.h).  Sizes: up to thousands of files; with T threads, up to 32
 * files per thread and 256 in all are open at once.
 */
#ifndef CBEVAL_LOAD_H
#define CBEVAL_LOAD_H

#include <stddef.h>

#include "collection.h"
#include "diag.h"
#include "options.h"
#include "pool.h"
#include "run.h"

/* Load runs[0..n) (each set up by run_init).  Returns 0, or -1 with d
 * holding the errors of every failing run, in command-line order (as
 * run_load reports them, whichever way a file was read).  The runs are
 * the caller's to release, loaded or not. */
int load_runs(struct run *runs, size_t n, struct collection *c,
	      const struct options *o, struct pool *pool, struct diag *d);

#endif
