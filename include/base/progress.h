/*
 * progress.h - the progress line on standard error ("cbeval: images: 120
 * of 1000, 45.2/s, 19 s left"), shown only when standard error is a
 * terminal (the caller decides: on) and the work has lasted a second.
 *
 * Workers count what they finish with progress_add (an atomic add); one
 * thread at a time may print (worker 0 passes may_print), at most four
 * times a second.  progress_end clears exactly the width printed, so no
 * stray characters remain whatever the size of the numbers.
 */
#ifndef CBEVAL_PROGRESS_H
#define CBEVAL_PROGRESS_H

#include <stdatomic.h>
#include <time.h>

struct progress {
	int on;
	const char *what;          /* "images", "pairs", ... (not owned) */
	unsigned long total;       /* units of work */
	unsigned long per;         /* units per item shown (topics per image) */
	atomic_ulong done;
	struct timespec start;
	double last;               /* seconds at the last print */
	int width;                 /* characters of the widest line printed */
};

/* Start counting total units of work, shown as items of per units each
 * (the bootstrap counts topic-images and shows images); nothing is
 * printed when !on. */
void progress_init(struct progress *p, int on, const char *what,
		   unsigned long total, unsigned long per);
/* Count n more units done; print the line when may_print and it is time. */
void progress_add(struct progress *p, unsigned long n, int may_print);
/* Clear the line if anything was printed. */
void progress_end(struct progress *p);

#endif
