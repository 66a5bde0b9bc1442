/*
 * pool.c - a persistent pool of POSIX threads (see pool.h).
 *
 * Threads are started when a call first has tasks for them, with a 1 MiB
 * stack.  Each worker sleeps on a semaphore of its own.  pool_run posts the
 * semaphores of the workers it needs (at most one per task beyond the
 * caller's), works as worker 0, and waits on the pool's "done" semaphore
 * once per worker it woke.  Workers it did not wake stay asleep, so a
 * pool of 1024 threads costs little on a call with ten tasks.
 */
#define _POSIX_C_SOURCE 200809L
#include "pool.h"
#include "xalloc.h"

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

struct worker {
	struct pool *p;
	unsigned id;
	sem_t go;
	pthread_t th;
};

struct pool {
	unsigned n;                /* workers started, the caller included */
	unsigned want;             /* workers asked for */
	int failed;                /* a thread could not be started */
	struct worker *w;          /* [n]; w[0] is the caller */
	sem_t done;
	int stop;
	/* the current call */
	pool_fn fn;
	void *ctx;
	size_t ntasks;
	atomic_size_t next;
};

static void sem_wait_retry(sem_t *s)
{
	while (sem_wait(s) != 0 && errno == EINTR)
		;
}

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
	struct pool *p = w->p;
	for (;;) {
		sem_wait_retry(&w->go);
		if (p->stop)
			return NULL;
		work(p, w->id);
		sem_post(&p->done);
	}
}

struct pool *pool_create(unsigned nthreads)
{
	struct pool *p = xcalloc(1, sizeof *p);
	if (nthreads < 1)
		nthreads = 1;
	p->w = xcalloc(nthreads, sizeof *p->w);
	p->want = nthreads;
	p->n = 1;
	atomic_init(&p->next, 0);
	sem_init(&p->done, 0, 0);
	return p;
}

/* Start workers up to id need - 1 (threads are started when a call first
 * has tasks for them, so -j 1024 costs nothing until there is work for
 * 1024).  A thread that cannot be started leaves the pool smaller. */
static void grow(struct pool *p, unsigned need)
{
	pthread_attr_t attr;
	int attr_ok;
	if (need > p->want)
		need = p->want;
	if (p->n >= need || p->failed)
		return;
	attr_ok = pthread_attr_init(&attr) == 0;
	if (attr_ok)   /* the workers need little stack */
		pthread_attr_setstacksize(&attr, 1 << 20);
	while (p->n < need) {
		struct worker *w = &p->w[p->n];
		w->p = p;
		w->id = p->n;
		if (sem_init(&w->go, 0, 0) != 0) {
			p->failed = 1;
			break;
		}
		if (pthread_create(&w->th, attr_ok ? &attr : NULL, thread_main, w) != 0) {
			sem_destroy(&w->go);
			p->failed = 1;
			break;
		}
		p->n++;
	}
	if (attr_ok)
		pthread_attr_destroy(&attr);
}

void pool_release(struct pool *p)
{
	if (!p)
		return;
	p->stop = 1;
	for (unsigned i = 1; i < p->n; i++)
		sem_post(&p->w[i].go);
	for (unsigned i = 1; i < p->n; i++) {
		pthread_join(p->w[i].th, NULL);
		sem_destroy(&p->w[i].go);
	}
	sem_destroy(&p->done);
	free(p->w);
	free(p);
}

unsigned pool_size(const struct pool *p)
{
	return p->want;
}

void pool_run(struct pool *p, size_t ntasks, pool_fn fn, void *ctx)
{
	unsigned wake;
	if (ntasks == 0)
		return;
	p->fn = fn;
	p->ctx = ctx;
	p->ntasks = ntasks;
	atomic_store(&p->next, 0);
	grow(p, ntasks < p->want ? (unsigned)ntasks : p->want);
	/* sem_post orders these writes before the workers read them. */
	wake = ntasks - 1 < (size_t)p->n - 1 ? (unsigned)(ntasks - 1) : p->n - 1;
	for (unsigned i = 1; i <= wake; i++)
		sem_post(&p->w[i].go);
	work(p, 0);
	for (unsigned i = 0; i < wake; i++)
		sem_wait_retry(&p->done);
}

unsigned pool_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 1024 ? 1024 : (unsigned)n;
}
