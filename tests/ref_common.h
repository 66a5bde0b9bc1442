/*
 * tests/ref_common.h - what the slow reference programs of the tests
 * (ref_sensitivity.c, ref_partitions.c, ref_bias.c) share: allocation
 * that dies on failure, their own copy of the random draws of the
 * specification (draws.md), and Student's t p-value by the power series of the
 * regularized incomplete beta (DLMF 8.17.8), written independently of
 * cbeval's src/stats.c.  It includes no project header, so the references
 * stay independent of the code they check.  Define REF_PROG (the
 * program's name for messages) before including it.
 */
#ifndef REF_COMMON_H
#define REF_COMMON_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline void die(const char *msg, const char *arg)
{
	fprintf(stderr, "%s: %s%s%s\n", REF_PROG, msg, arg ? ": " : "", arg ? arg : "");
	exit(2);
}

static inline void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die("out of memory", NULL);
	return p;
}

static inline void *xcalloc(size_t n, size_t s)
{
	void *p = calloc(n ? n : 1, s ? s : 1);
	if (!p)
		die("out of memory", NULL);
	return p;
}

static inline void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory", NULL);
	return p;
}

static inline char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = xmalloc(n);
	memcpy(p, s, n);
	return p;
}

/* ---- the draws of draws.md (own copy) ---------------------------------- */

static inline uint64_t mix(uint64_t z)
{
	z ^= z >> 30;
	z *= 0xbf58476d1ce4e5b9ULL;
	z ^= z >> 27;
	z *= 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline uint64_t fnv(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h;
}

static inline uint64_t word(uint64_t seed, uint64_t stream, const uint64_t *idx, int k)
{
	uint64_t z = mix((seed * 0x9e3779b97f4a7c15ULL) ^ (stream * 0xd1b54a32d192ed03ULL));
	for (int i = 0; i < k; i++)
		z = mix(z + idx[i]);
	return z;
}

static inline uint64_t docword(uint64_t seed, uint64_t stream, const char *docno,
			       size_t len, const uint64_t *idx, int k)
{
	return mix(fnv(docno, len) ^ word(seed, stream, idx, k));
}

static inline double uniform(uint64_t w) { return (double)(w >> 11) * ldexp(1.0, -53); }
static inline uint64_t windex(uint64_t w, uint64_t n) { return w % n; }
static inline unsigned wbit(uint64_t w) { return (unsigned)(w >> 63); }

/* ---- Student's t ------------------------------------------------------------ */

/*
 * I_x(a, b) by the power series of DLMF 8.17.8:
 *   I_x(a,b) = x^a y^b / (a B(a,b)) * sum_k (a+b)_k / (a+1)_k x^k,  y = 1-x,
 * every term positive.  Called with x <= (a+1)/(a+b+2).
 */
static inline double ibeta_series(double x, double y, double a, double b)
{
	double lpre = a * log(x) + b * log(y) - log(a) -
		      (lgamma(a) + lgamma(b) - lgamma(a + b));
	double term = 1, sum = 1;
	for (long k = 0; k < 100000000L; k++) {
		term *= (a + b + (double)k) / (a + 1 + (double)k) * x;
		sum += term;
		if (term <= sum * 1e-17)
			break;
	}
	return exp(lpre) * sum;
}

/* Two-sided p of Student's t with df degrees of freedom:
 * p = I_x(df/2, 1/2), x = df / (df + t^2). */
static inline double tpval(double t, double df)
{
	if (isinf(t))
		return 0;
	if (t == 0)
		return 1;
	double a = df / 2, b = 0.5, t2 = t * t;
	double x = df / (df + t2), y = t2 / (df + t2);
	if (x <= (a + 1) / (a + b + 2))
		return ibeta_series(x, y, a, b);
	return 1 - ibeta_series(y, x, b, a);
}

#endif
