/*
 * xalloc.c - checked allocation (see xalloc.h).  Tiny and dependency free;
 * everything else in cbeval allocates through here.
 */
#include "xalloc.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

void xalloc_setup(void)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
	(void)mallopt(M_MMAP_THRESHOLD, XALLOC_MMAP_THRESHOLD);
#endif
}

_Noreturn void xalloc_die(void)
{
	/* The one mutable static of cbeval: a latch, so that when several
	 * threads run out of memory at once one of them reports it and ends
	 * the process, and the others wait for that. */
	static atomic_flag dying = ATOMIC_FLAG_INIT;
	static const char msg[] = "cbeval: out of memory\n";
	if (!atomic_flag_test_and_set(&dying)) {
		/* write(2) rather than stdio: stdio may itself need memory. */
		ssize_t w = write(2, msg, sizeof msg - 1);
		(void)w;
		_Exit(2);
	}
	for (;;)
		pause();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		xalloc_die();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		xalloc_die();
	return p;
}

/* The bytes of n*size rounded up to whole lines (at least one). */
static size_t line_bytes(size_t n, size_t size)
{
	size_t bytes = size_mul(n ? n : 1, size ? size : 1);
	return size_add(bytes, XALLOC_LINE - 1) / XALLOC_LINE * XALLOC_LINE;
}

void *xmalloc_line(size_t n, size_t size)
{
	void *p = aligned_alloc(XALLOC_LINE, line_bytes(n, size));
	if (!p)
		xalloc_die();
	return p;
}

void *xcalloc_line(size_t n, size_t size)
{
	return memset(xmalloc_line(n, size), 0, line_bytes(n, size));
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		xalloc_die();
	return q;
}

void *xreallocarray(void *p, size_t n, size_t size)
{
	return xrealloc(p, size_mul(n, size));
}

char *xstrndup(const char *s, size_t n)
{
	char *d = xmalloc(size_add(n, 1));
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

size_t size_mul(size_t a, size_t b)
{
	if (b && a > SIZE_MAX / b)
		xalloc_die();
	return a * b;
}

size_t size_add(size_t a, size_t b)
{
	if (a > SIZE_MAX - b)
		xalloc_die();
	return a + b;
}

void xgrow(void *p, size_t *cap, size_t need, size_t esz)
{
	void **pp = p;
	size_t c = *cap;
	if (need <= c)
		return;
	if (c < 16)
		c = 16;
	while (c < need)
		c = size_mul(c, 2);
	*pp = xreallocarray(*pp, c, esz);
	*cap = c;
}
