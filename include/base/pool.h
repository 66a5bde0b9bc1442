/*
 * pool.h - the one parallel loop of cbeval: a pool of worker threads,
 * started once per run of the program, that runs fn(ctx, task, worker)
 * for every task in [0, ntasks) (the caller's thread is worker 0).
 * Tasks are handed out one at a time from an atomic counter, so uneven
 * tasks balance.  pool_run returns when all tasks are done.
 *
 * Sizes: 1 to 1024 threads; thousands of pool_run calls per run (one per
 * topic of the bootstrap), so a call wakes only as many workers as it has
 * tasks for and costs a few microseconds, not a thread start.  A failure
 * to start a thread is not an error: the pool is smaller.
 */
#ifndef CBEVAL_POOL_H
#define CBEVAL_POOL_H

#include <stddef.h>

typedef void (*pool_fn)(void *ctx, size_t task, unsigned worker);

struct pool;

/* A pool of nthreads workers, the caller's thread included (up to
 * nthreads - 1 threads, started when a call first has tasks for them).
 * Release with pool_release. */
struct pool *pool_create(unsigned nthreads);
/* Stop and join the workers and free the pool; NULL is allowed. */
void pool_release(struct pool *p);
/* Number of workers asked for (>= 1): worker ids passed to fn are below
 * it (fewer may run when threads could not be started). */
unsigned pool_size(const struct pool *p);

/* Run every task; not reentrant (fn must not call pool_run). */
void pool_run(struct pool *p, size_t ntasks, pool_fn fn, void *ctx);

/* Online CPUs, at least 1. */
unsigned pool_cpus(void);

#endif
