/*
 * numfmt.c - "%.*f" without printf (see numfmt.h).
 *
 * A finite double is m * 2^e exactly, with m < 2^53 a whole number.
 * Printed with d decimals, it is the whole number q nearest to
 * m * 10^d * 2^e (ties to even, as printf rounds the exact binary value
 * in the default rounding mode), written with a point d digits from the
 * right.  m * 10^d is below 2^83 for d <= 9, so one 128-bit product and
 * one shift give q and the bits shifted out, which decide the rounding.
 * The path is taken when q < 2^63 (|v| < 9e18 / 10^d); everything else
 * is snprintf's.  Sizes: one value per call, a few dozen instructions.
 */
#include "numfmt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 numfmt_u128;
#define NUMFMT_FAST 1
#endif

size_t numfmt_u64(char *buf, uint64_t u)
{
	char t[20];
	size_t n = 0, len;
	do {
		t[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	len = n;
	for (size_t i = 0; i < len; i++)
		buf[i] = t[--n];
	buf[len] = '\0';
	return len;
}

size_t numfmt_long(char *buf, long x)
{
	if (x >= 0)
		return numfmt_u64(buf, (uint64_t)x);
	buf[0] = '-';
	/* the magnitude, LONG_MIN's too, without overflow */
	return 1 + numfmt_u64(buf + 1, (uint64_t)0 - (uint64_t)x);
}

#ifdef NUMFMT_FAST
/* q = v's magnitude times 10^d, rounded half to even, for v finite with
 * |v| * 10^d < 2^63; p = 10^d. */
static uint64_t scaled(double v, uint64_t p)
{
	uint64_t bits, m;
	unsigned ex;
	int e;
	numfmt_u128 M;
	memcpy(&bits, &v, sizeof bits);
	ex = (unsigned)(bits >> 52) & 0x7ff;
	m = bits & (((uint64_t)1 << 52) - 1);
	if (ex == 0) {
		e = -1074;                  /* zero and the subnormals */
	} else {
		m |= (uint64_t)1 << 52;
		e = (int)ex - 1075;
	}
	M = (numfmt_u128)m * p;
	if (e >= 0)
		return (uint64_t)(M << e);  /* below 2^63 by the caller's test */
	if (e <= -128)
		return 0;                   /* M < 2^83: far below one half */
	{
		unsigned s = (unsigned)-e;
		numfmt_u128 half = (numfmt_u128)1 << (s - 1);
		numfmt_u128 rem = M & ((half << 1) - 1);
		uint64_t q = (uint64_t)(M >> s);
		return q + (rem > half || (rem == half && (q & 1)));
	}
}
#endif

size_t numfmt_fixed(char *buf, double v, int decimals)
{
#ifdef NUMFMT_FAST
	static const uint64_t p10[10] = {
		1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
		100000000, 1000000000
	};
	if (decimals >= 0 && decimals <= 9 &&
	    fabs(v) < 9.0e18 / (double)p10[decimals]) {
		uint64_t q = scaled(v, p10[decimals]);
		char t[32];
		size_t n = 0, len = 0;
		for (int i = 0; i < decimals; i++) {
			t[n++] = (char)('0' + q % 10);
			q /= 10;
		}
		if (decimals > 0)
			t[n++] = '.';
		do {
			t[n++] = (char)('0' + q % 10);
			q /= 10;
		} while (q);
		if (signbit(v))
			buf[len++] = '-';
		while (n)
			buf[len++] = t[--n];
		buf[len] = '\0';
		return len;
	}
#endif
	{
		int k = snprintf(buf, NUMFMT_SIZE, "%.*f", decimals, v);
		return k < 0 ? 0 : (size_t)k;
	}
}
