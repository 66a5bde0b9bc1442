/*
 * pool.c - parallel for-loop over tasks with POSIX threads (see pool.h).
 * Threads are created per call; calls are few (one per pipeline stage or
 * per topic), so a persistent pool would buy nothing measurable.
 */
#define _POSIX_C_SOURCE 200809L
#include "pool.h"
#include "xalloc.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

struct pool {
	pool_fn fn;
	void *ctx;
	size_t ntasks;
	atomic_size_t next;
};

struct worker {
	struct pool *p;
	unsigned id;
};

static void work(struct pool *p, unsigned id)
{
	for (;;) {
		size_t t = atomic_fetch_add(&p->next, 1);
		if (t >= p->ntasks)
			return;
		p->fn(p->ctx, t, id);
	}
}

static void *thread_main(void *arg)
{
	struct worker *w = arg;
	work(w->p, w->id);
	return NULL;
}

void pool_run(unsigned nthreads, size_t ntasks, pool_fn fn, void *ctx)
{
	struct pool p;
	pthread_t *th;
	struct worker *w;
	unsigned started = 0;

	p.fn = fn;
	p.ctx = ctx;
	p.ntasks = ntasks;
	atomic_init(&p.next, 0);
	if (nthreads > ntasks)
		nthreads = ntasks ? (unsigned)ntasks : 1;
	if (nthreads <= 1) {
		work(&p, 0);
		return;
	}
	th = xcalloc(nthreads, sizeof *th);
	w = xcalloc(nthreads, sizeof *w);
	for (unsigned i = 1; i < nthreads; i++) {
		w[i].p = &p;
		w[i].id = i;
		if (pthread_create(&th[i], NULL, thread_main, &w[i]) != 0)
			break;
		started = i;
	}
	work(&p, 0);
	for (unsigned i = 1; i <= started; i++)
		pthread_join(th[i], NULL);
	free(th);
	free(w);
}

unsigned pool_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 1024 ? 1024 : (unsigned)n;
}
