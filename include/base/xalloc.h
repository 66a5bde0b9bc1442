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

/* The allocator's policy for the process, set once by main before anything
 * is allocated.  With the GNU C library: blocks of XALLOC_MMAP_THRESHOLD
 * bytes or more are mapped on their own and given back to the system when
 * freed.  glibc's default starts at the same 128 KiB but raises the
 * threshold (up to 32 MiB) each time such a block is freed, after which
 * the large blocks of loading (documents' tables growing, buffers) are
 * cut from the heap and leave holes that later tables cannot use: on the
 * bench collection the plain evaluation peaked at 77 to 82 MB and -b 1000
 * at 91 MB, against 71 and 72 MB with the fixed threshold, in the same
 * time.  Elsewhere it does nothing. */
#define XALLOC_MMAP_THRESHOLD (128 * 1024)
void xalloc_setup(void);

/* Never returns NULL; exits with status 2 on failure.  Caller owns the block. */
void *xmalloc(size_t n);
/* Zero-filled n*size bytes; the product is checked for overflow. */
void *xcalloc(size_t n, size_t size);
/* xcalloc with the block aligned to XALLOC_LINE bytes, a cache line, so
 * that vector loads of whole lines from it do not straddle two: for the
 * tables the vector loops read most.  Freed by free(). */
#define XALLOC_LINE 64
void *xcalloc_line(size_t n, size_t size);
/* The same not zero-filled: for a table every byte of which its writers
 * fill, so that nothing is written twice and the pages are first
 * touched by the writers (the workers) rather than here.  Freed by
 * free(). */
void *xmalloc_line(size_t n, size_t size);
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
