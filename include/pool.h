/*
 * pool.h - the one parallel loop of cbeval: run fn(ctx, task, worker) for
 * every task in [0, ntasks) on up to nthreads threads (the caller's thread
 * is worker 0).  Tasks are handed out one at a time from an atomic counter,
 * so uneven tasks balance.  Returns when all tasks are done.  A failure to
 * start a thread is not an error: the remaining workers take its share.
 */
#ifndef CBEVAL_POOL_H
#define CBEVAL_POOL_H

#include <stddef.h>

typedef void (*pool_fn)(void *ctx, size_t task, unsigned worker);

void pool_run(unsigned nthreads, size_t ntasks, pool_fn fn, void *ctx);

/* Online CPUs, at least 1. */
unsigned pool_cpus(void);

#endif
