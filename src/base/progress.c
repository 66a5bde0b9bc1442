/*
 * progress.c - the progress line on standard error (see progress.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include <stdio.h>

static double since(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) +
	       (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

void progress_init(struct progress *p, int on, const char *what,
		   unsigned long total, unsigned long per)
{
	p->per = per ? per : 1;
	p->on = on;
	p->what = what;
	p->total = total;
	atomic_init(&p->done, 0);
	clock_gettime(CLOCK_MONOTONIC, &p->start);
	p->last = 0;
	p->width = 0;
}

void progress_add(struct progress *p, unsigned long n, int may_print)
{
	unsigned long done = atomic_fetch_add(&p->done, n) + n;
	double el, rate;
	int w;
	if (!p->on || !may_print)
		return;
	el = since(&p->start);
	if (el < 1.0 || el - p->last < 0.25)
		return;
	p->last = el;
	rate = (double)done / el;
	w = fprintf(stderr, "\rcbeval: %s: %lu of %lu, %.1f/s, %.0f s left",
		    p->what, done / p->per, p->total / p->per,
		    rate / (double)p->per,
		    rate > 0 ? ((double)p->total - (double)done) / rate : 0.0);
	if (w > 0 && w - 1 < p->width)   /* rub out the end of a longer line */
		fprintf(stderr, "%*s", p->width - (w - 1), "");
	if (w - 1 > p->width)
		p->width = w - 1;
	fflush(stderr);
}

void progress_end(struct progress *p)
{
	if (!p->on || p->width == 0)
		return;
	fprintf(stderr, "\r%*s\r", p->width, "");
	fflush(stderr);
	p->width = 0;
}
