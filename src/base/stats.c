/*
 * stats.c - summary statistics (see stats.h).  The sort is an inlined
 * quicksort (median of three, insertion sort below 16 elements) because
 * summaries sort one vector of B values per run, topic and measure, and
 * qsort's indirect comparisons cost several times more.  The bootstrap
 * summary's own sorts go faster still, with no comparison to mispredict:
 * B values by a radix sort of their bits (stats_sort_radix), B ranks by
 * counting (stats_sort_whole), and the ranks of a few hundred runs by
 * their definition (stats_ranks).  On the bench collection (129 runs, 7
 * measures, B = 1000) the summary took about 100 ms on 2 cores with the
 * quicksort and binary searches alone, 40 ms with these.
 */
#include "stats.h"
#include "xalloc.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

double stats_mean(const double *x, size_t n)
{
	double s = 0;
	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		s += x[i];
	return s / (double)n;
}

double stats_sd(const double *x, size_t n, double mean)
{
	double s = 0;
	if (n < 2)
		return NAN;
	for (size_t i = 0; i < n; i++)
		s += (x[i] - mean) * (x[i] - mean);
	return sqrt(s / (double)(n - 1));
}

static void insertion(double *x, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		double v = x[i];
		size_t j = i;
		while (j > 0 && x[j - 1] > v) {
			x[j] = x[j - 1];
			j--;
		}
		x[j] = v;
	}
}

static void swap(double *a, double *b)
{
	double t = *a;
	*a = *b;
	*b = t;
}

/* Hoare's partition of x[0..n), n >= 3, around the median of x[0],
 * x[n/2] and x[n-1]: returns j with x[0..j] <= pivot <= x[j+1..n), both
 * sides non-empty. */
static size_t partition(double *x, size_t n)
{
	size_t m = n / 2, i = 0, j = n - 1;
	double pivot;
	if (x[m] < x[0])
		swap(&x[m], &x[0]);
	if (x[n - 1] < x[0])
		swap(&x[n - 1], &x[0]);
	if (x[n - 1] < x[m])
		swap(&x[n - 1], &x[m]);
	pivot = x[m];
	for (;;) {
		while (x[i] < pivot)
			i++;
		while (pivot < x[j])
			j--;
		if (i >= j)
			return j;
		swap(&x[i], &x[j]);
		i++;
		j--;
	}
}

void stats_sort(double *x, size_t n)
{
#ifndef NDEBUG
	for (size_t i = 0; i < n; i++)
		assert(!isnan(x[i]));
#endif
	/* Recurse on the smaller side, loop on the larger: O(log n) stack. */
	while (n > 16) {
		size_t j = partition(x, n);
		if (j + 1 < n - j - 1) {
			stats_sort(x, j + 1);
			x += j + 1;
			n -= j + 1;
		} else {
			stats_sort(x + j + 1, n - j - 1);
			n = j + 1;
		}
	}
	insertion(x, n);
}

/* The key of x whose unsigned order is the order of the doubles (no
 * NaN): the sign bit flipped for x >= +0, every bit for x <= -0. */
static uint64_t radix_key(double x)
{
	uint64_t u;
	memcpy(&u, &x, sizeof u);
	return u ^ (((uint64_t)0 - (u >> 63)) | ((uint64_t)1 << 63));
}

static double radix_value(uint64_t k)
{
	double x;
	k ^= (k >> 63) ? (uint64_t)1 << 63 : ~(uint64_t)0;
	memcpy(&x, &k, sizeof x);
	return x;
}

void stats_sort_radix(double *x, size_t n, uint64_t *scratch)
{
	size_t count[8][256] = {{0}};
	uint64_t *a = scratch, *b = scratch + n;
	if (n < 64) {
		stats_sort(x, n);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t k = radix_key(x[i]);
		a[i] = k;
		for (int d = 0; d < 8; d++)
			count[d][(k >> (8 * d)) & 0xff]++;
	}
	for (int d = 0; d < 8; d++) {
		size_t *c = count[d], sum = 0;
		uint64_t *t;
		if (c[(a[0] >> (8 * d)) & 0xff] == n)
			continue;       /* every key has this byte */
		for (int v = 0; v < 256; v++) {
			size_t m = c[v];
			c[v] = sum;
			sum += m;
		}
		for (size_t i = 0; i < n; i++)
			b[c[(a[i] >> (8 * d)) & 0xff]++] = a[i];
		t = a;
		a = b;
		b = t;
	}
	for (size_t i = 0; i < n; i++)
		x[i] = radix_value(a[i]);
}

int stats_sort_whole(double *x, size_t n, size_t max, size_t *count)
{
	size_t o = 0;
	memset(count, 0, (max + 1) * sizeof *count);
	for (size_t i = 0; i < n; i++) {
		double v = x[i];
		if (!(v >= 0 && v <= (double)max) || v != floor(v))
			return -1;
		count[(size_t)v]++;
	}
	for (size_t k = 0; k <= max; k++)
		for (size_t c = count[k]; c > 0; c--)
			x[o++] = (double)k;
	return 0;
}

/* Type 7's lower order statistic lo = floor((n-1)p), n >= 1, and the
 * weight *f = (n-1)p - lo of the next one. */
size_t stats_type7(size_t n, double p, double *f)
{
	double h = (double)(n - 1) * p;
	size_t lo = (size_t)floor(h);
	*f = h - (double)lo;
	return lo;
}

double stats_quantile(const double *sorted, size_t n, double p)
{
	double f;
	size_t lo;
	if (n == 0)
		return NAN;
	lo = stats_type7(n, p, &f);
	if (lo >= n - 1)
		return sorted[n - 1];
	return sorted[lo] + f * (sorted[lo + 1] - sorted[lo]);
}

/* Move the values of x[0..n) below p (lt) or equal to p (!lt) to the
 * front, keeping the rest after them; returns how many.  Branch-free (the
 * outcome of each comparison is as random as the data): the value is
 * swapped with the first of the rest either way, and the front grows
 * when it belongs there. */
static size_t split_at(double *x, size_t n, double p, int lt)
{
	size_t s = 0;
	for (size_t i = 0; i < n; i++) {
		double v = x[i];
		x[i] = x[s];
		x[s] = v;
		s += lt ? v < p : v == p;
	}
	return s;
}

/* The median of x[a], x[b], x[c] as a value. */
static double median3(double a, double b, double c)
{
	double lo = a < b ? a : b, hi = a < b ? b : a;
	return c < lo ? lo : c > hi ? hi : c;
}

double stats_select(double *x, size_t n, size_t from, size_t k, double *next)
{
	size_t lo = from, hi = n;   /* k is in [lo, hi) */
	assert(from <= k && k < n);
	while (hi - lo > 16) {
		size_t m = hi - lo, s;
		/* the median of three values of the range: a value of it */
		double p = median3(x[lo], x[lo + m / 2], x[hi - 1]);
		s = lo + split_at(x + lo, m, p, 1);      /* [lo, s) < p */
		if (k < s) {
			hi = s;
		} else if (s > lo) {
			lo = s;     /* values >= p: fewer, as p's are not */
		} else {
			/* p is the least value: its copies to the front, the
			 * rest (> p) after, so the range always shrinks */
			s = lo + split_at(x + lo, m, p, 0);
			if (k < s)
				break;
			lo = s;
		}
	}
	if (hi - lo <= 16)
		insertion(x + lo, hi - lo);
	if (next) {
		*next = k + 1 < n ? x[k + 1] : x[k];
		for (size_t i = k + 2; i < n; i++)
			if (x[i] < *next)
				*next = x[i];
	}
	return x[k];
}

double stats_quantile_select(double *x, size_t n, size_t from, double p)
{
	double f, a, b;
	size_t lo;
	if (n == 0)
		return NAN;
	lo = stats_type7(n, p, &f);
	if (lo >= n - 1)
		return stats_select(x, n, from, n - 1, NULL);
	a = stats_select(x, n, from, lo, &b);
	return a + f * (b - a);
}

/* Rankings up to this long are ranked by the definition (n^2 / 2
 * comparisons without a branch); longer ones by a sort. */
#define RANKS_DIRECT 256

/* rank[i] for a short v: each row's comparisons without a branch, two
 * at a time where SSE2 is there (every x86-64). */
#if defined(__SSE2__)
static void ranks_direct(const double *v, size_t n, double *rank)
{
	for (size_t i = 0; i < n; i++) {
		const __m128d x = _mm_set1_pd(v[i]);
		__m128i c0 = _mm_setzero_si128(), c1 = _mm_setzero_si128();
		size_t j = 0;
		uint64_t c[2];
		for (; j + 4 <= n; j += 4) {
			c0 = _mm_sub_epi64(c0, _mm_castpd_si128(_mm_cmpgt_pd(_mm_loadu_pd(v + j), x)));
			c1 = _mm_sub_epi64(c1, _mm_castpd_si128(_mm_cmpgt_pd(_mm_loadu_pd(v + j + 2), x)));
		}
		_mm_storeu_si128((__m128i *)(void *)c, _mm_add_epi64(c0, c1));
		for (; j < n; j++)
			c[0] += v[j] > v[i];
		rank[i] = (double)(1 + c[0] + c[1]);
	}
}
#else
static void ranks_direct(const double *v, size_t n, double *rank)
{
	for (size_t i = 0; i < n; i++) {
		size_t c = 0;
		for (size_t j = 0; j < n; j++)
			c += v[j] > v[i];
		rank[i] = (double)(1 + c);
	}
}
#endif

void stats_ranks(const double *v, size_t n, double *rank, double *scratch)
{
	if (n <= RANKS_DIRECT) {
		ranks_direct(v, n, rank);
		return;
	}
	for (size_t i = 0; i < n; i++)
		scratch[i] = v[i];
	stats_sort(scratch, n);
	/* rank = 1 + count of values > v[i] = 1 + n - (index after the last
	 * value <= v[i]) in the ascending order: a search without a branch
	 * on the comparisons (which go either way at random), the range
	 * halved by moving its base. */
	for (size_t i = 0; i < n; i++) {
		const double *base = scratch;
		size_t len = n;
		while (len > 1) {
			size_t half = len / 2;
			base = base[half - 1] <= v[i] ? base + half : base;
			len -= half;
		}
		rank[i] = (double)(1 + n - (size_t)(base - scratch) -
				   (*base <= v[i]));
	}
}

/* One step of the modified Lentz method with numerator num: updates the
 * running c and d and returns the factor to multiply the result by. */
static double lentz_step(double *c, double *d, double num)
{
	const double tiny = 1e-300;
	*d = 1 + num * *d;
	if (fabs(*d) < tiny)
		*d = tiny;
	*c = 1 + num / *c;
	if (fabs(*c) < tiny)
		*c = tiny;
	*d = 1 / *d;
	return *d * *c;
}

/* Continued fraction of I_x(a, b) (Lentz's method); converges fast for
 * x < (a + 1) / (a + b + 2), which stats_ibeta arranges. */
static double ibeta_cf(double a, double b, double x)
{
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;
	if (fabs(d) < 1e-300)
		d = 1e-300;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= 10000; m++) {
		double m2 = 2.0 * m, del;
		h *= lentz_step(&c, &d, m * (b - m) * x / ((a + m2 - 1) * (a + m2)));
		del = lentz_step(&c, &d,
				 -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1)));
		h *= del;
		if (fabs(del - 1) < 1e-16)
			break;
	}
	return h;
}

double stats_ibeta(double a, double b, double x)
{
	double lbt;
	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	lbt = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
	      b * log1p(-x);
	if (x < (a + 1) / (a + b + 2))
		return exp(lbt) * ibeta_cf(a, b, x) / a;
	return 1 - exp(lbt) * ibeta_cf(b, a, 1 - x) / b;
}

double stats_t_p(double t, double df)
{
	if (isinf(t))
		return 0;
	if (t == 0)
		return 1;
	return stats_ibeta(df / 2, 0.5, df / (df + t * t));
}

double stats_t_stat(const double *z, size_t n)
{
	double m, sd;
	if (n < 2)
		return NAN;
	m = stats_mean(z, n);
	sd = stats_sd(z, n, m);
	if (sd == 0)
		return m == 0 ? 0 : (m > 0 ? INFINITY : -INFINITY);
	return m / (sd / sqrt((double)n));
}

double stats_kendall_tau_b(const double *x, const double *y, size_t n)
{
	double n0 = (double)n * (double)(n - 1) / 2, n1 = 0, n2 = 0, s = 0;
	if (n < 2)
		return NAN;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			int a = (x[i] > x[j]) - (x[i] < x[j]);
			int b = (y[i] > y[j]) - (y[i] < y[j]);
			n1 += a == 0;
			n2 += b == 0;
			s += a * b;
		}
	if (n0 == n1 || n0 == n2)
		return NAN;
	return s / sqrt((n0 - n1) * (n0 - n2));
}

/* Ascending by x, then by y. */
static int cmp_xy(const void *pa, const void *pb)
{
	const double *a = pa, *b = pb;
	if (a[0] != b[0])
		return a[0] < b[0] ? -1 : 1;
	return (a[1] > b[1]) - (a[1] < b[1]);
}

/* Sort y[0..n) ascending by merging (tmp holds n); returns the number of
 * pairs i < j with y[i] > y[j] it undid. */
static double merge_count(double *y, double *tmp, size_t n)
{
	double swaps = 0;
	for (size_t w = 1; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n;
			size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t i = lo, j = mid, k = lo;
			while (i < mid && j < hi) {
				if (y[j] < y[i]) {
					swaps += (double)(mid - i);
					tmp[k++] = y[j++];
				} else {
					tmp[k++] = y[i++];
				}
			}
			while (i < mid)
				tmp[k++] = y[i++];
			while (j < hi)
				tmp[k++] = y[j++];
		}
		memcpy(y, tmp, n * sizeof *y);
	}
	return swaps;
}

/* Pairs tied within runs of equal values of the sorted v (stride st). */
static double tied_pairs(const double *v, size_t n, size_t st)
{
	double t = 0;
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && v[j * st] == v[i * st]; j++)
			;
		t += (double)(j - i) * (double)(j - i - 1) / 2;
	}
	return t;
}

double stats_tau_b_fast(const double *x, const double *y, size_t n,
			double *scratch)
{
	double *xy = scratch, *yy = scratch + 2 * n, *tmp = yy + n;
	double n0 = (double)n * (double)(n - 1) / 2, n1, n2, n3 = 0, d;
	if (n < 2)
		return NAN;
	for (size_t i = 0; i < n; i++) {
		xy[2 * i] = x[i];
		xy[2 * i + 1] = y[i];
	}
	qsort(xy, n, 2 * sizeof *xy, cmp_xy);
	n1 = tied_pairs(xy, n, 2);
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && xy[2 * j] == xy[2 * i] &&
			       xy[2 * j + 1] == xy[2 * i + 1]; j++)
			;
		n3 += (double)(j - i) * (double)(j - i - 1) / 2;
	}
	for (size_t i = 0; i < n; i++)
		yy[i] = xy[2 * i + 1];
	d = merge_count(yy, tmp, n);
	n2 = tied_pairs(yy, n, 1);
	if (n0 == n1 || n0 == n2)
		return NAN;
	return (n0 - n1 - n2 + n3 - 2 * d) / sqrt((n0 - n1) * (n0 - n2));
}

struct pidx {
	double p;
	size_t i;
};

static int cmp_pidx(const void *pa, const void *pb)
{
	const struct pidx *a = pa, *b = pb;
	if (a->p != b->p)
		return a->p < b->p ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

/* p[0..n) sorted ascending, ties in index order (malloc'd). */
static struct pidx *p_sorted(const double *p, size_t n)
{
	struct pidx *v = xcalloc(n + 1, sizeof *v);
	for (size_t i = 0; i < n; i++) {
		v[i].p = p[i];
		v[i].i = i;
	}
	qsort(v, n, sizeof *v, cmp_pidx);
	return v;
}

void stats_bh(const double *p, size_t n, double *q)
{
	struct pidx *v = p_sorted(p, n);
	double run = INFINITY;
	for (size_t r = n; r-- > 0;) {
		double x = (double)n * v[r].p / (double)(r + 1);
		if (x < run)
			run = x;
		q[v[r].i] = run < 1 ? run : 1;
	}
	free(v);
}

void stats_holm(const double *p, size_t n, double *q)
{
	struct pidx *v = p_sorted(p, n);
	double run = 0;
	for (size_t k = 0; k < n; k++) {
		double x = (double)(n - k) * v[k].p;
		if (x > run)
			run = x;
		q[v[k].i] = run < 1 ? run : 1;
	}
	free(v);
}
