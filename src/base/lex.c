/*
 * lex.c - field splitting and strict number parsing (see lex.h).  Called
 * once per input line, so the splitter is a single pass over the bytes.
 */
#include "lex.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

/* Byte classes of lex_split: 0 inside a field, 1 a separator (space,
 * tab), 2 a control byte (refused). */
static const unsigned char byte_class[256] = {
	2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	1, [0x7f] = 2
};

/* The byte loop: any length, any machine. */
static int split_bytes(const char *line, size_t len, struct fields *fs,
		       size_t *at)
{
	const unsigned char *p = (const unsigned char *)line;
	size_t i = 0;
	fs->n = 0;
	while (i < len) {
		size_t start;
		unsigned c = byte_class[p[i]];
		if (c == 1) {
			i++;
			continue;
		}
		start = i;
		while (i < len && (c = byte_class[p[i]]) == 0)
			i++;
		if (c == 2 && i < len) {
			*at = i;
			return p[i] + 1;
		}
		if (fs->n < LEX_MAX_FIELDS) {
			fs->f[fs->n] = line + start;
			fs->len[fs->n] = i - start;
		}
		fs->n++;
	}
	return 0;
}

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>

/* Bit i of *sep is set when byte i of the 16 at p is a space or a tab,
 * of *bad when it is another control byte (below 0x20, or 0x7f). */
static inline void classify16(const unsigned char *p, unsigned *sep,
			      unsigned *bad)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i sp = _mm_cmpeq_epi8(v, _mm_set1_epi8(' '));
	__m128i tab = _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'));
	/* bytes 0x00..0x1f: below 0x20 as signed, and not negative */
	__m128i low = _mm_and_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)),
				    _mm_cmpgt_epi8(v, _mm_set1_epi8(-1)));
	__m128i del = _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7f));
	*sep = (unsigned)_mm_movemask_epi8(_mm_or_si128(sp, tab));
	*bad = (unsigned)_mm_movemask_epi8(
		_mm_or_si128(_mm_andnot_si128(tab, low), del));
}

/* A line of at most 64 bytes, as run and qrels lines are: classify it 16
 * bytes at a time into one 64-bit mask of separators (the bytes past its
 * end count as separators), then read the fields' starts and ends off the
 * mask's edges. */
static int split_short(const char *line, size_t len, struct fields *fs,
		       size_t *at)
{
	const unsigned char *p = (const unsigned char *)line;
	unsigned char tail[16];
	uint64_t sep = 0, bad = 0, start, end;
	size_t i = 0, n = 0;
	for (; i + 16 <= len; i += 16) {
		unsigned s, b;
		classify16(p + i, &s, &b);
		sep |= (uint64_t)s << i;
		bad |= (uint64_t)b << i;
	}
	if (i < len && len >= 16) {
		/* the last 16 bytes, of which the first 16 - (len - i) are
		 * classified already */
		unsigned s, b, drop = (unsigned)(16 - (len - i));
		classify16(p + len - 16, &s, &b);
		sep |= (uint64_t)(s >> drop) << i;
		bad |= (uint64_t)(b >> drop) << i;
	} else if (i < len) {
		unsigned s, b;
		memset(tail, ' ', sizeof tail);
		memcpy(tail, p, len);
		classify16(tail, &s, &b);
		sep |= s;
		bad |= b;
	}
	if (bad) {
		*at = (size_t)__builtin_ctzll(bad);
		return p[*at] + 1;
	}
	if (len < 64)
		sep |= ~(uint64_t)0 << len;
	/* a field starts at a non-separator after a separator (or at 0) and
	 * ends at a separator after a non-separator (or at 64) */
	start = ~sep & ((sep << 1) | 1);
	end = sep & ~(sep << 1) & ~(uint64_t)1;
	while (start) {
		size_t a = (size_t)__builtin_ctzll(start);
		size_t b = end ? (size_t)__builtin_ctzll(end) : 64;
		if (n < LEX_MAX_FIELDS) {
			fs->f[n] = line + a;
			fs->len[n] = b - a;
		}
		n++;
		start &= start - 1;
		end &= end - 1;
	}
	fs->n = n;
	return 0;
}

int lex_split(const char *line, size_t len, struct fields *fs, size_t *at)
{
	if (len <= 64)
		return split_short(line, len, fs, at);
	return split_bytes(line, len, fs, at);
}
#else
int lex_split(const char *line, size_t len, struct fields *fs, size_t *at)
{
	return split_bytes(line, len, fs, at);
}
#endif

int lex_record(const char *file, unsigned long lineno, const char *line,
	       size_t len, struct fields *fs, size_t nmin, size_t nmax,
	       const char *kind, const char *expect, struct diag *d)
{
	size_t at;
	int bad;
	if (len == 0 || line[0] == '#')
		return 0;
	bad = lex_split(line, len, fs, &at);
	if (bad) {
		diag_at(d, file, lineno,
			"control byte 0x%02x at column %zu (binary file?)",
			bad - 1, at + 1);
		return -1;
	}
	if (fs->n == 0)
		return 0;
	if (fs->n < nmin || fs->n > nmax) {
		diag_at(d, file, lineno, "%s line has %zu field%s, expected %s",
			kind, fs->n, fs->n == 1 ? "" : "s", expect);
		return -1;
	}
	return 1;
}

int lex_long(const char *s, size_t n, long lo, long hi, long *out,
	     const char **why)
{
	char buf[32];
	char *end;
	long v;
	size_t i = 0;
	if (n == 0 || n >= sizeof buf) {
		*why = n == 0 ? "not an integer" : "out of range";
		/* A long run of digits is out of range, anything else not a number. */
		if (n) {
			if (s[0] == '-' || s[0] == '+')
				i = 1;
			for (; i < n; i++)
				if (s[i] < '0' || s[i] > '9') {
					*why = "not an integer";
					break;
				}
		}
		return -1;
	}
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (buf[0] == '-' || buf[0] == '+')
		i = 1;
	if (i == n) {
		*why = "not an integer";
		return -1;
	}
	for (size_t k = i; k < n; k++)
		if (buf[k] < '0' || buf[k] > '9') {
			*why = "not an integer";
			return -1;
		}
	if (n - i <= 18) {
		/* what strtol gives, without it: at most 18 digits fit */
		long long x = 0;
		for (; i < n; i++)
			x = x * 10 + (buf[i] - '0');
		if (buf[0] == '-')
			x = -x;
		if (x < lo || x > hi) {
			*why = "out of range";
			return -1;
		}
		*out = (long)x;
		return 0;
	}
	errno = 0;
	v = strtol(buf, &end, 10);
	if (end != buf + n) {
		*why = "not an integer";
		return -1;
	}
	if (errno == ERANGE || v < lo || v > hi) {
		*why = "out of range";
		return -1;
	}
	*out = v;
	return 0;
}

/* Exact powers of ten: 10^k is a double without rounding for k <= 22. */
static const double pow10_exact[23] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
	1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

/* A decimal's parts as lex_double checks its grammar: the sign, the
 * significant digits as an integer m (fast = 0 past 19 of them), and the
 * power of ten ex that scales m. */
struct decimal {
	uint64_t m;
	long ex;
	int neg, fast;
};

/* Check s[0..n) against [+-] digits [. digits] [(e|E) [+-] digits], with
 * at least one digit in the mantissa, and gather its parts.  Returns 0,
 * or -1 when s is not such a number. */
static int decimal_scan(const char *s, size_t n, struct decimal *x)
{
	size_t i = 0, digits = 0, frac = 0, sig = 0;
	long e = 0;
	int eneg = 0;
	x->m = 0;
	x->neg = 0;
	x->fast = 1;
	if (s[i] == '+' || s[i] == '-')
		x->neg = s[i++] == '-';
	for (int part = 0; part < 2; part++) {
		while (i < n && s[i] >= '0' && s[i] <= '9') {
			unsigned dg = (unsigned)(s[i] - '0');
			if (x->m || dg)
				sig++;
			if (sig > 19)
				x->fast = 0;
			else
				x->m = x->m * 10 + dg;
			frac += (size_t)part;
			i++, digits++;
		}
		if (part == 0 && i < n && s[i] == '.')
			i++;
		else
			break;
	}
	if (digits == 0)
		return -1;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		size_t ne = 0;
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			eneg = s[i++] == '-';
		while (i < n && s[i] >= '0' && s[i] <= '9') {
			if (e < 100000)
				e = e * 10 + (s[i] - '0');
			i++, ne++;
		}
		if (ne == 0)
			return -1;
	}
	x->ex = (eneg ? -e : e) - (long)frac;
	return i == n ? 0 : -1;
}

/* The common case first: [+-] digits [. digits] with at most 15 digits
 * in all, so that the digits as an integer are below 10^15 < 2^53 and
 * Clinger's fast path below applies.  Returns 0 with *out set, or -1 to
 * leave the text to the general path. */
static int plain_decimal(const char *s, size_t n, double *out)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, digits = 0, frac = 0;
	uint64_t m = 0;
	int neg = 0;
	double v;
	if (u[0] == '+' || u[0] == '-')
		neg = u[i++] == '-';
	for (; i < n && (unsigned)(u[i] - '0') < 10u; i++, digits++)
		m = m * 10 + (u[i] - '0');
	if (i < n && u[i] == '.')
		for (i++; i < n && (unsigned)(u[i] - '0') < 10u; i++, frac++)
			m = m * 10 + (u[i] - '0');
	digits += frac;
	if (i != n || digits == 0 || digits > 15)
		return -1;
	v = (double)m / pow10_exact[frac];
	*out = neg ? -v : v;
	return 0;
}

int lex_double(const char *s, size_t n, double *out, const char **why)
{
	char buf[128];
	char *end;
	double v;
	struct decimal x;
	if (n == 0 || n >= sizeof buf) {
		*why = n == 0 ? "not a number" : "number too long";
		return -1;
	}
	if (plain_decimal(s, n, out) == 0)
		return 0;
	if (decimal_scan(s, n, &x) != 0) {
		*why = "not a number";
		return -1;
	}
	/* Clinger's fast path: a mantissa below 2^53 and a power of ten below
	 * 10^23 are both exact doubles, so one multiplication or division,
	 * correctly rounded, gives the correctly rounded value of the text -
	 * what strtod returns. */
	if (x.fast && x.m <= (UINT64_C(1) << 53) && x.ex >= -22 && x.ex <= 22) {
		v = (double)x.m;
		v = x.ex < 0 ? v / pow10_exact[-x.ex] : v * pow10_exact[x.ex];
		*out = x.neg ? -v : v;
		return 0;
	}
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	v = strtod(buf, &end);
	if (end != buf + n) {
		*why = "not a number";
		return -1;
	}
	if (!isfinite(v)) {
		*why = "out of range";
		return -1;
	}
	/* An underflow to zero or a subnormal is the correctly rounded value
	 * of the text: accept it. */
	*out = v;
	return 0;
}

int lex_u64(const char *s, size_t n, uint64_t lo, uint64_t hi, uint64_t *out,
	    const char **why)
{
	char buf[32];
	char *end;
	unsigned long long v;
	size_t i = n && (s[0] == '+' || s[0] == '-') ? 1 : 0;
	if (n == i) {
		*why = "not an integer";
		return -1;
	}
	for (size_t j = i; j < n; j++)
		if (s[j] < '0' || s[j] > '9') {
			*why = "not an integer";
			return -1;
		}
	if (n >= sizeof buf || s[0] == '-') {   /* too long, or negative */
		*why = "out of range";
		return -1;
	}
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	v = strtoull(buf, &end, 10);
	if (end != buf + n) {
		*why = "not an integer";
		return -1;
	}
	if (errno == ERANGE || v > UINT64_MAX || (uint64_t)v < lo ||
	    (uint64_t)v > hi) {
		*why = "out of range";
		return -1;
	}
	*out = (uint64_t)v;
	return 0;
}

int lex_all_digits(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}
