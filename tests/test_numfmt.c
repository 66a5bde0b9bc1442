/*
 * test_numfmt.c - numfmt_fixed and numfmt_u64 (numfmt.h) write the bytes
 * snprintf writes: hand-worked values first (ties to even, signed zeros,
 * the tiniest subnormal), then for every decimals from 0 to 17, exact
 * ties (odd / 2^(d+1) is a tie at d decimals: 10^d times it is an odd
 * multiple of 5^d over 2), their neighbours one ulp away, values of the
 * form k / 10^d and their neighbours, the edge of the integer path
 * (9e18 / 10^d), non-finite values, and values with random bits over
 * every magnitude.
 */
#include "check.h"
#include "numfmt.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

struct tally {
	unsigned long n, bad;
	char first[400];
};

static uint64_t next_u64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Compare numfmt_fixed with snprintf on v at d decimals. */
static void one(struct tally *t, double v, int d)
{
	char a[NUMFMT_SIZE], b[NUMFMT_SIZE];
	size_t n = numfmt_fixed(a, v, d);
	int k = snprintf(b, sizeof b, "%.*f", d, v);
	t->n++;
	if (strcmp(a, b) != 0 || (int)n != k) {
		if (!t->bad++)
			snprintf(t->first, sizeof t->first,
				 "%a at %d decimals: '%.60s' (%zu), printf '%.60s'",
				 v, d, a, n, b);
	}
}

static void report(const struct tally *t, const char *what)
{
	CHECK(t->bad == 0 && t->n > 0, "numfmt_fixed: %s, %lu values as printf writes them (%lu differ; first: %s)",
	      what, t->n, t->bad, t->bad ? t->first : "none");
}

static void hand_worked(void)
{
	static const struct { double v; int d; const char *want; } c[] = {
		{ 0.03125, 4, "0.0312" },      /* 312.5: a tie, to even */
		{ 0.09375, 4, "0.0938" },      /* 937.5: to even, up */
		{ 0.5, 0, "0" }, { 1.5, 0, "2" }, { 2.5, 0, "2" },
		{ -2.5, 0, "-2" }, { 0.125, 2, "0.12" }, { 0.375, 2, "0.38" },
		{ -0.0, 4, "-0.0000" }, { 0.0, 4, "0.0000" },
		{ -1e-9, 4, "-0.0000" },       /* rounds to zero, keeps its sign */
		{ 0.1, 4, "0.1000" }, { 0.00005, 4, "0.0001" },  /* above .5 */
		{ 0.00015, 4, "0.0001" },      /* 0.000149999...: down */
		{ 123456.789, 2, "123456.79" }, { 1.0, 0, "1" },
		{ 5e-324, 9, "0.000000000" }, { 0.9999999, 4, "1.0000" },
		{ 99.99995, 4, "99.9999" },    /* 99.9999499999999983...: down */
		{ 99.999950000000013, 4, "100.0000" },  /* just above: up */
	};
	int bad = 0;
	char buf[NUMFMT_SIZE], first[500] = "none";
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		numfmt_fixed(buf, c[i].v, c[i].d);
		if (strcmp(buf, c[i].want) != 0 && !bad++)
			snprintf(first, sizeof first, "%.17g at %d: '%.60s', want '%s'",
				 c[i].v, c[i].d, buf, c[i].want);
	}
	CHECK(bad == 0, "numfmt_fixed: %zu hand-worked values (ties to even, signed zeros, a subnormal) (%d wrong; first: %s)",
	      sizeof c / sizeof *c, bad, first);
}

/* Ties at d decimals, and one ulp either side, both signs. */
static void ties(struct tally *t, uint64_t *s)
{
	for (int d = 0; d <= 17; d++)
		for (int i = 0; i < 4000; i++) {
			/* odd / 2^(d+1), the odd part up to 2^(53 - d) */
			int bits = 53 - (d < 40 ? d : 40);
			uint64_t x = (next_u64(s) >> (64 - bits)) | 1;
			double v = ldexp((double)x, -(d + 1)), w = v;
			if (i % 2)
				w = -w;
			one(t, w, d);
			one(t, nextafter(w, INFINITY), d);
			one(t, nextafter(w, -INFINITY), d);
		}
}

/* k / 10^d as the division rounds it, and its neighbours. */
static void decimals(struct tally *t, uint64_t *s)
{
	for (int d = 0; d <= 17; d++)
		for (int i = 0; i < 4000; i++) {
			double v = (double)(next_u64(s) % 2000001) / pow(10, d);
			one(t, v, d);
			one(t, -v, d);
			one(t, nextafter(v, INFINITY), d);
			one(t, nextafter(v, 0), d);
			one(t, v / 10, d);
		}
}

/* Around the integer path's edge, and beyond it. */
static void edges(struct tally *t)
{
	static const double x[] = {
		1.0, 0.5, DBL_MIN, DBL_TRUE_MIN, DBL_MAX, 1e300, 9.2e18,
		9007199254740992.0, 9007199254740993.0, 4503599627370495.5,
	};
	for (int d = 0; d <= 17; d++) {
		double lim = 9.0e18 / pow(10, d), u = lim;
		for (int i = 0; i < 50; i++) {
			one(t, u, d);
			one(t, -u, d);
			u = nextafter(u, 0);
		}
		u = lim;
		for (int i = 0; i < 50; i++) {
			one(t, u, d);
			u = nextafter(u, INFINITY);
		}
		for (size_t i = 0; i < sizeof x / sizeof *x; i++) {
			one(t, x[i], d);
			one(t, -x[i], d);
		}
		one(t, INFINITY, d);
		one(t, -INFINITY, d);
		one(t, NAN, d);
		one(t, -NAN, d);
	}
}

/* Random bit patterns: every exponent from subnormal to 2^70. */
static void random_bits(struct tally *t, uint64_t *s)
{
	for (int i = 0; i < 800000; i++) {
		uint64_t r = next_u64(s), bits;
		uint64_t ex = (r >> 52) % 1100;      /* up to 2^(1099-1023) */
		double v;
		bits = (r & 0x800fffffffffffffULL) | ex << 52;
		memcpy(&v, &bits, sizeof v);
		one(t, v, (int)(next_u64(s) % 18));
	}
	/* and the usual range of scores, 0 to 1, at the usual decimals */
	for (int i = 0; i < 500000; i++) {
		double v = (double)(next_u64(s) >> 11) * 0x1p-53;
		one(t, v, 4);
		one(t, -v, 4);
	}
}

static void u64s(uint64_t *s)
{
	static const uint64_t x[] = { 0, 1, 9, 10, 99, 100, UINT64_MAX,
				      UINT64_MAX - 1, (uint64_t)1 << 63 };
	char a[32], b[32];
	int bad = 0;
	unsigned long n = 0;
	for (int i = 0; i < 200000 + (int)(sizeof x / sizeof *x); i++) {
		uint64_t u = i < (int)(sizeof x / sizeof *x) ? x[i]
			     : next_u64(s) >> (next_u64(s) % 64);
		size_t k = numfmt_u64(a, u);
		snprintf(b, sizeof b, "%" PRIu64, u);
		bad += strcmp(a, b) != 0 || k != strlen(b);
		n++;
	}
	CHECK(bad == 0, "numfmt_u64: %lu whole numbers as printf writes them (%d differ)",
	      n, bad);
}

int main(void)
{
	uint64_t s = 20261127;
	struct tally t;
	hand_worked();
	memset(&t, 0, sizeof t);
	ties(&t, &s);
	report(&t, "exact ties and their neighbours at 0 to 17 decimals");
	memset(&t, 0, sizeof t);
	decimals(&t, &s);
	report(&t, "k / 10^d and their neighbours at 0 to 17 decimals");
	memset(&t, 0, sizeof t);
	edges(&t);
	report(&t, "the edge of the integer path, huge, subnormal and non-finite values");
	memset(&t, 0, sizeof t);
	random_bits(&t, &s);
	report(&t, "random bits over every magnitude, and scores in [0, 1)");
	u64s(&s);
	return check_exit();
}
