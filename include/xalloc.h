/*
 * xalloc.h - the one out-of-memory policy of cbeval.
 *
 * Every allocation in cbeval goes through these wrappers.  On failure they
 * print "cbeval: out of memory" to standard error and exit with status 2
 * (the documented status for a failure caused by the input or the machine).
 * This is the single exception to "only main exits": an allocation failure
 * deep inside a worker thread has no better recovery.
 *
 * Size arithmetic that could overflow goes through size_mul/size_add, which
 * treat overflow as out of memory rather than wrapping silently.
 */
#ifndef CBEVAL_XALLOC_H
#define CBEVAL_XALLOC_H

#include <stddef.h>

/* Never returns NULL; exits with status 2 on failure.  Caller owns the block. */
void *xmalloc(size_t n);
/* Zero-filled n*size bytes; the product is checked for overflow. */
void *xcalloc(size_t n, size_t size);
/* Like realloc(p, n) but never returns NULL. */
void *xrealloc(void *p, size_t n);
/* realloc to n*size bytes with the product checked. */
void *xreallocarray(void *p, size_t n, size_t size);
/* A malloc'd copy of the first n bytes of s plus a terminating NUL. */
char *xstrndup(const char *s, size_t n);
/* A malloc'd copy of the NUL-terminated string s. */
char *xstrdup(const char *s);

/* a*b and a+b; on overflow report out of memory and exit. */
size_t size_mul(size_t a, size_t b);
size_t size_add(size_t a, size_t b);

/* Report out of memory and exit(2).  Used by xalloc and by callers whose
 * own allocation path (for instance posix_memalign) failed. */
_Noreturn void xalloc_die(void);

/* Grow a dynamic array *p of *cap elements of size esz so that it holds at
 * least need elements (doubling, minimum 16).  No-op when already large
 * enough. */
void xgrow(void *p, size_t *cap, size_t need, size_t esz);

#endif
