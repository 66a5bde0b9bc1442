/*
 * cmp_run.c - --compare (see cmp.h; every definition in cbeval-analyses(7),
 * section COMPARE): the comparisons in output order, one task of the pool
 * each, computing for every measure the difference, the effect size and
 * the p-value of every test of --test; then the corrections per measure
 * and test over the comparisons, and the TSV table (or the report,
 * cmp_report.c).
 *
 * The randomization test draws the R x n sign bits of a comparison once
 * (stream 11, each permutation's bits packed in 64-bit words) for all its
 * measures; the sum of the flipped values of a permutation is sum(z) - 2
 * times the sum of the flipped ones, added up by tables of the sums of
 * every subset of 8 consecutive topics (256 entries per 8 topics), so a
 * permutation costs n/8 look-ups per measure; the bits come 8 (AVX-512)
 * or 4 (AVX2) topics a step where the processor has them.  The bootstrap
 * test draws each sample's topics once (stream 12) as distinct topics
 * with counts.
 * Nothing depends on the thread count.
 */
#include "cmp_int.h"
#include "draws.h"
#include "output.h"
#include "sensitivity.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { DRAW_CMP_RAND = 11, DRAW_CMP_BOOT = 12 };

size_t cmp_test_at(const struct cmp *x, enum cmp_test t)
{
	for (size_t k = 0; k < x->K; k++)
		if (x->o->tests[k] == t)
			return k;
	return SIZE_MAX;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CMP_HAVE_WIDE 1
#include <immintrin.h>

/* The bits of one permutation (zr = its word before the topic index),
 * 8 topics a step with AVX-512 (64-bit multiplies, sign bits to a mask):
 * the same bits as the plain loop. */
__attribute__((target("avx512f,avx512dq")))
static void perm_bits_wide(uint64_t zr, size_t n, uint64_t *b)
{
	const __m512i step = _mm512_set1_epi64(8);
	const __m512i c1 = _mm512_set1_epi64((long long)0xbf58476d1ce4e5b9ULL);
	const __m512i c2 = _mm512_set1_epi64((long long)0x94d049bb133111ebULL);
	__m512i v = _mm512_add_epi64(_mm512_set1_epi64((long long)zr),
				     _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0));
	for (size_t t = 0; t < n; t += 8, v = _mm512_add_epi64(v, step)) {
		__m512i z = _mm512_xor_si512(v, _mm512_srli_epi64(v, 30));
		uint64_t m;
		z = _mm512_mullo_epi64(z, c1);
		z = _mm512_xor_si512(z, _mm512_srli_epi64(z, 27));
		z = _mm512_mullo_epi64(z, c2);
		z = _mm512_xor_si512(z, _mm512_srli_epi64(z, 31));
		m = _mm512_movepi64_mask(z);
		if (n - t < 8)
			m &= ((uint64_t)1 << (n - t)) - 1;
		b[t >> 6] |= m << (t & 63);
	}
}

/* a * c modulo 2^64 in each 64-bit lane, from 32-bit multiplies. */
__attribute__((target("avx2")))
static inline __m256i mul64_avx2(__m256i a, uint64_t c)
{
	__m256i clo = _mm256_set1_epi64x((long long)(c & 0xffffffffu));
	__m256i chi = _mm256_set1_epi64x((long long)(c >> 32));
	__m256i lo = _mm256_mul_epu32(a, clo);
	__m256i mid = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(a, 32), clo),
				       _mm256_mul_epu32(a, chi));
	return _mm256_add_epi64(lo, _mm256_slli_epi64(mid, 32));
}

/* The same bits 4 topics a step with AVX2 (the top bit of mix is that of
 * its value before the last shift). */
__attribute__((target("avx2")))
static void perm_bits_avx2(uint64_t zr, size_t n, uint64_t *b)
{
	const __m256i step = _mm256_set1_epi64x(4);
	__m256i v = _mm256_add_epi64(_mm256_set1_epi64x((long long)zr),
				     _mm256_set_epi64x(3, 2, 1, 0));
	for (size_t t = 0; t < n; t += 4, v = _mm256_add_epi64(v, step)) {
		__m256i z = _mm256_xor_si256(v, _mm256_srli_epi64(v, 30));
		uint64_t m;
		z = mul64_avx2(z, 0xbf58476d1ce4e5b9ULL);
		z = _mm256_xor_si256(z, _mm256_srli_epi64(z, 27));
		z = mul64_avx2(z, 0x94d049bb133111ebULL);
		m = (uint64_t)_mm256_movemask_pd(_mm256_castsi256_pd(z));
		if (n - t < 4)
			m &= ((uint64_t)1 << (n - t)) - 1;
		b[t >> 6] |= m << (t & 63);
	}
}
#endif

int cmp_bits_wide(void)
{
#ifdef CMP_HAVE_WIDE
	if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq"))
		return 2;
	return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
	return 0;
#endif
}

void cmp_perm_bits(uint64_t seed, size_t c, unsigned long r, size_t n,
		   int wide, uint64_t *b)
{
	uint64_t zr = image_mix(draw_word1(seed, DRAW_CMP_RAND, c) + r);
	memset(b, 0, (n + 63) / 64 * sizeof *b);
#ifdef CMP_HAVE_WIDE
	if (wide >= 2) {
		perm_bits_wide(zr, n, b);
		return;
	}
	if (wide == 1) {
		perm_bits_avx2(zr, n, b);
		return;
	}
#else
	(void)wide;
#endif
	for (size_t t = 0; t < n; t++)
		b[t >> 6] |= (image_mix(zr + t) >> 63) << (t & 63);
}

/* The sign bits of comparison c: bit t % 64 of bits[r - 1][t / 64] is
 * bit(word(S, 11, c, r, t)). */
static void rand_bits(const struct cmp *x, size_t c, uint64_t *bits)
{
	for (unsigned long r = 1; r <= x->o->R; r++)
		cmp_perm_bits(x->o->seed, c, r, x->n, x->wide, bits + (r - 1) * x->nw64);
}

/* The p of the randomization test of z under the bits. */
static double rand_p(const struct cmp *x, const double *z,
		     const uint64_t *bits, double *tab)
{
	double s0 = 0, a = 0, thr;
	unsigned long R = x->o->R, cnt = 0, r;
	size_t nch = x->nch, nw = x->nw64;
	for (size_t t = 0; t < x->n; t++) {
		s0 += z[t];
		a += fabs(z[t]);
	}
	thr = fabs(s0) - 1e-9 * a;
	for (size_t k = 0; k < nch; k++) {
		double *tk = tab + k * 256;
		tk[0] = 0;
		for (size_t i = 0; i < 8; i++) {
			size_t t = k * 8 + i, h = (size_t)1 << i;
			double v = t < x->n ? z[t] : 0;
			for (size_t u = 0; u < h; u++)
				tk[u | h] = tk[u] + v;
		}
	}
	/* four permutations side by side: four chains of additions */
	for (r = 0; r + 4 <= R; r += 4) {
		const uint64_t *b = bits + r * nw;
		double f0 = 0, f1 = 0, f2 = 0, f3 = 0;
		for (size_t k = 0; k < nch; k++) {
			const double *tk = tab + k * 256;
			size_t w = k >> 3;
			unsigned sh = (unsigned)(k & 7) * 8;
			f0 += tk[(b[w] >> sh) & 255];
			f1 += tk[(b[nw + w] >> sh) & 255];
			f2 += tk[(b[2 * nw + w] >> sh) & 255];
			f3 += tk[(b[3 * nw + w] >> sh) & 255];
		}
		cnt += (fabs(s0 - 2 * f0) >= thr) + (fabs(s0 - 2 * f1) >= thr) +
		       (fabs(s0 - 2 * f2) >= thr) + (fabs(s0 - 2 * f3) >= thr);
	}
	for (; r < R; r++) {
		const uint64_t *b = bits + r * nw;
		double f = 0;
		for (size_t k = 0; k < nch; k++)
			f += tab[k * 256 + ((b[k >> 3] >> ((k & 7) * 8)) & 255)];
		cnt += fabs(s0 - 2 * f) >= thr;
	}
	return (1 + (double)cnt) / ((double)R + 1);
}

/* The bootstrap samples of comparison c: sample b's distinct topics and
 * counts at dtop/dcnt[doff[b] .. doff[b+1]). */
static void boot_samples(const struct cmp *x, size_t c, size_t *doff,
			 uint32_t *dtop, uint32_t *dcnt, uint32_t *cnt)
{
	size_t n = x->n, k = 0;
	doff[0] = 0;
	for (unsigned long b = 0; b < x->o->T; b++) {
		memset(cnt, 0, n * sizeof *cnt);
		for (size_t i = 0; i < n; i++)
			cnt[draw_index(draw_word3(x->o->seed, DRAW_CMP_BOOT, c, b + 1, i), n)]++;
		for (size_t t = 0; t < n; t++)
			if (cnt[t]) {
				dtop[k] = (uint32_t)t;
				dcnt[k++] = cnt[t];
			}
		doff[b + 1] = k;
	}
}

/* The p of the paired bootstrap test of z (changed: centred). */
static double boot_p(const struct cmp *x, double *z, const size_t *doff,
		     const uint32_t *dtop, const uint32_t *dcnt, uint32_t *all)
{
	size_t n = x->n;
	double scale, mz, t0;
	unsigned long cnt = 0;
	if (n < 2)
		return NAN;
	t0 = fabs(cmp_root_t(z, n, all, &scale, &mz));
	for (size_t t = 0; t < n; t++)
		z[t] -= mz;
	for (unsigned long b = 0; b < x->o->T; b++) {
		double mb, tb = sens_sample_t(z, dtop + doff[b], dcnt + doff[b],
					      doff[b + 1] - doff[b], n, scale, &mb);
		cnt += sens_ge(fabs(tb), t0);
	}
	return (double)cnt / (double)x->o->T;
}

/* The differences of measure j in comparison c into z; the difference
 * of the aggregates and the effect size into the results. */
static void diffs(struct cmp *x, size_t c, size_t j, double *z)
{
	size_t n = x->n;
	const double *a = x->tv + (j * x->S + x->ca[c]) * n;
	const double *b = x->tv + (j * x->S + x->cb[c]) * n;
	double sz = 0, sa = 0, sb = 0;
	for (size_t t = 0; t < n; t++) {
		z[t] = a[t] - b[t];
		sz += z[t];
		sa += a[t];
		sb += b[t];
	}
	x->diff[c * x->m + j] = measure_agg_log(x->agg[j])
		? measure_agg_finish(x->agg[j], sa, n) - measure_agg_finish(x->agg[j], sb, n)
		: measure_agg_finish(x->agg[j], sz, n);
}

static void cmp_task(void *ctx, size_t c, unsigned w)
{
	struct cmp *x = ctx;
	size_t n = x->n, m = x->m, K = x->K;
	size_t kr = cmp_test_at(x, CMP_RAND), kb = cmp_test_at(x, CMP_BOOT);
	uint64_t *bits = x->bits + (size_t)w * x->o->R * x->nw64 * (kr != SIZE_MAX);
	double *tab = x->tab + (size_t)w * x->nch * 256;
	double *z = x->z + (size_t)w * m * n, *dscr = x->dscr + (size_t)w * n;
	uint32_t *uscr = x->uscr + (size_t)w * 2 * n;
	size_t *doff = x->doff + (size_t)w * (x->o->T + 1);
	uint32_t *dtop = x->dtop + (size_t)w * x->o->T * n;
	uint32_t *dcnt = x->dcnt + (size_t)w * x->o->T * n;

	if (kr != SIZE_MAX)
		rand_bits(x, c, bits);
	if (kb != SIZE_MAX && n >= 2)
		boot_samples(x, c, doff, dtop, dcnt, uscr);
	for (size_t j = 0; j < m; j++) {
		double *zj = z + j * n, *p = x->p + (c * m + j) * K, tp;
		diffs(x, c, j, zj);
		tp = cmp_t_p(zj, n, &x->effect[c * m + j], uscr);
		for (size_t k = 0; k < K; k++) {
			enum cmp_test t = x->o->tests[k];
			p[k] = t == CMP_T ? tp : t == CMP_WILCOXON
				? cmp_wilcoxon_p(zj, n, dscr) : t == CMP_RAND
				? rand_p(x, zj, bits, tab) : NAN;
		}
		if (kb != SIZE_MAX)
			p[kb] = boot_p(x, zj, doff, dtop, dcnt, uscr);
	}
	progress_add(&x->prog, 1, w == 0);
}

/* The comparisons in output order: each run against the baseline, or
 * every pair in command-line order. */
static void comparisons(struct cmp *x)
{
	size_t S = x->S, c = 0;
	x->C = x->base == SIZE_MAX ? S * (S - 1) / 2 : S - 1;
	x->ca = xcalloc(x->C + 1, sizeof *x->ca);
	x->cb = xcalloc(x->C + 1, sizeof *x->cb);
	for (size_t a = 0; a < S; a++)
		for (size_t b = a + 1; b < S; b++)
			if (x->base == SIZE_MAX) {
				x->ca[c] = a;
				x->cb[c++] = b;
			}
	for (size_t a = 0; x->base != SIZE_MAX && a < S; a++)
		if (a != x->base) {
			x->ca[c] = a;
			x->cb[c++] = x->base;
		}
}

static void cmp_init(struct cmp *x, const struct scorer *s, const double *vals,
		     const struct cmp_opts *o, size_t base)
{
	size_t ns = s->nslots, nw = pool_size(o->pool), n = s->c->n;
	double *agg = score_aggregates(s, vals, 0);
	int rand = 0, boot = 0;
	memset(x, 0, sizeof *x);
	x->s = s;
	x->o = o;
	x->S = s->nruns;
	x->n = n;
	x->K = o->ntests;
	x->base = base;
	x->slot = xcalloc(ns, sizeof *x->slot);
	x->agg = xcalloc(ns, sizeof *x->agg);
	for (size_t k = 0; k < ns; k++)     /* RBP's residual is not compared */
		if (s->slots[k].out == 0) {
			x->agg[x->m] = scorer_slot_agg(s, k);
			x->slot[x->m++] = k;
		}
	x->tv = xcalloc(size_mul(size_mul(x->m, x->S), n) + 1, sizeof *x->tv);
	x->score = xcalloc(size_mul(x->S, x->m) + 1, sizeof *x->score);
	for (size_t j = 0; j < x->m; j++)
		for (size_t r = 0; r < x->S; r++) {
			x->score[r * x->m + j] = agg[r * ns + x->slot[j]];
			for (size_t t = 0; t < n; t++)
				x->tv[(j * x->S + r) * n + t] = measure_agg_term(
					x->agg[j], vals[(r * n + t) * ns + x->slot[j]]);
		}
	free(agg);
	comparisons(x);
	x->p = xcalloc(size_mul(size_mul(x->C, x->m), x->K) + 1, sizeof *x->p);
	x->padj = xcalloc(size_mul(size_mul(x->C, x->m), x->K) + 1, sizeof *x->padj);
	x->diff = xcalloc(size_mul(x->C, x->m) + 1, sizeof *x->diff);
	x->effect = xcalloc(size_mul(x->C, x->m) + 1, sizeof *x->effect);
	for (size_t k = 0; k < x->K; k++) {
		rand |= o->tests[k] == CMP_RAND;
		boot |= o->tests[k] == CMP_BOOT;
	}
	x->wide = cmp_bits_wide();
	x->nw64 = (n + 63) / 64;
	x->nch = (n + 7) / 8;
	x->bits = xcalloc(rand ? size_mul(nw, size_mul(o->R, x->nw64)) : 1, sizeof *x->bits);
	x->tab = xcalloc(size_mul(nw, x->nch * 256), sizeof *x->tab);
	x->z = xcalloc(size_mul(nw, size_mul(x->m, n)) + 1, sizeof *x->z);
	x->dscr = xcalloc(size_mul(nw, n) + 1, sizeof *x->dscr);
	x->uscr = xcalloc(size_mul(nw, 2 * n) + 1, sizeof *x->uscr);
	x->doff = xcalloc(size_mul(nw, o->T + 1), sizeof *x->doff);
	x->dtop = xcalloc(boot ? size_mul(nw, size_mul(o->T, n)) : 1, sizeof *x->dtop);
	x->dcnt = xcalloc(boot ? size_mul(nw, size_mul(o->T, n)) : 1, sizeof *x->dcnt);
}

static void cmp_release(struct cmp *x)
{
	free(x->slot);
	free(x->agg);
	free(x->tv);
	free(x->score);
	free(x->ca);
	free(x->cb);
	free(x->p);
	free(x->padj);
	free(x->diff);
	free(x->effect);
	free(x->bits);
	free(x->tab);
	free(x->z);
	free(x->dscr);
	free(x->uscr);
	free(x->doff);
	free(x->dtop);
	free(x->dcnt);
}

/* The corrections: per measure and test, over the comparisons. */
static void adjust_all(struct cmp *x)
{
	size_t m = x->m, K = x->K;
	double *v = xcalloc(x->C + 1, sizeof *v);
	for (size_t j = 0; j < m; j++)
		for (size_t k = 0; k < K; k++) {
			for (size_t c = 0; c < x->C; c++)
				v[c] = x->p[(c * m + j) * K + k];
			cmp_adjust(v, x->C, x->o->correct, v);
			for (size_t c = 0; c < x->C; c++)
				x->padj[(c * m + j) * K + k] = v[c];
		}
	free(v);
}

static void print_tsv(FILE *f, const struct cmp *x)
{
	const struct scorer *s = x->s;
	int dec = x->o->decimals;
	fputs("runA\trunB\tmeasure\ttest\tn\tdiff\teffect\tp\tp_adj\tsig\n", f);
	for (size_t c = 0; c < x->C; c++)
		for (size_t j = 0; j < x->m; j++)
			for (size_t k = 0; k < x->K; k++) {
				size_t i = (c * x->m + j) * x->K + k;
				fprintf(f, "%s\t%s\t%s\t%s\t%zu", s->runs[x->ca[c]].name,
					s->runs[x->cb[c]].name,
					s->slots[x->slot[j]].name,
					cmp_test_name(x->o->tests[k]), x->n);
				output_num(f, x->diff[c * x->m + j], dec);
				output_num(f, x->effect[c * x->m + j], dec);
				output_p(f, x->p[i], dec);
				output_p(f, x->padj[i], dec);
				fprintf(f, "\t%d\n", x->padj[i] < x->o->alpha);
			}
}

/* The rows of the figure: run measure mean ci_lo ci_hi letter. */
static void print_fig_rows(FILE *f, const struct cmp *x)
{
	const struct boot_result *br = x->o->br;
	size_t ns = x->s->nslots;
	fputs("run\tmeasure\tmean\tci_lo\tci_hi\trole\n", f);
	for (size_t r = 0; r < x->S; r++)
		for (size_t j = 0; j < x->m; j++) {
			const double *st = br ? br->all + (r * ns + x->slot[j]) * ST_N : NULL;
			fprintf(f, "%s\t%s\t%.17g", x->s->runs[r].name,
				x->s->slots[x->slot[j]].name, x->score[r * x->m + j]);
			if (st)
				fprintf(f, "\t%.17g\t%.17g", st[ST_CI_LO], st[ST_CI_HI]);
			else
				fputs("\tNA\tNA", f);
			fprintf(f, "\t%s\n", r == x->base ? "baseline"
				: x->base == SIZE_MAX ? "all" : "run");
		}
}

int cmp_print(FILE *f, const struct scorer *s, const double *vals,
	      const struct cmp_opts *o)
{
	struct cmp x;
	struct diag d;
	size_t base;
	int rc;
	memset(&d, 0, sizeof d);
	rc = cmp_base(s, o->base, &base, &d);
	diag_release(&d);
	if (rc != 0)
		return -1;      /* eval_main checked it first */
	cmp_init(&x, s, vals, o, base);
	progress_init(&x.prog, o->progress, "compare", x.C, 1);
	pool_run(o->pool, x.C, cmp_task, &x);
	progress_end(&x.prog);
	adjust_all(&x);
	if (o->format == FORMAT_MARKDOWN || o->format == FORMAT_LATEX)
		rc = cmp_report(f, &x);
	else
		print_tsv(f, &x);
	if (o->fig)
		print_fig_rows(o->fig, &x);
	cmp_release(&x);
	return rc != 0 || fflush(f) != 0 || ferror(f) ? -1 : 0;
}
