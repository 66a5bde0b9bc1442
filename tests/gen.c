/*
 * tests/gen.c - deterministic generator of synthetic TREC-style test
 * collections for cbeval's tests and benchmarks.
 *
 * It writes OUTDIR/qrels and one run file per system, OUTDIR/runs/genNNN.run,
 * shaped like a TREC ad hoc track: topics numbered 401, 402, ...; documents
 * with distinct docnos in several real TREC styles (FBIS3-12345,
 * LA010189-0001, FT921-1234, FR940104-0-00001, WTX001-B01-1,
 * clueweb09-en0000-00-00000 and plain numbers) drawn from one global
 * document space, so that a document occasionally recurs across topics;
 * systems of varied quality whose rankings overlap (their scores share
 * noise per document and per "site" of related systems); about a quarter
 * of the systems round their scores to a coarse grid, so tied scores are
 * common, and others print negative, log-probability-like scores; and
 * graded qrels (0..3) judged, with a little assessor noise, over the union
 * of every run's top POOLDEPTH documents per topic.  Every topic has at
 * least one relevant document and relevant documents outside a run's
 * ranking are common.  With -J N only every N-th topic (401, 401 + N,
 * ...) is judged: the runs' lines of the others name topics the qrels do
 * not have, as in the TREC Deep Learning tracks, where about three
 * quarters of the topics of a run are never judged.
 *
 * The model: each topic has 20*DOCS candidate documents, each with a
 * latent grade (mostly 0; 0.05% to 1.2% of them, depending on the topic,
 * are 1, 2 or 3).  A system's score for a candidate is its quality on the
 * topic times the grade plus three approximately normal noises: one
 * shared by every system, one shared by the systems of its site and its
 * own.  Each run lists its DOCS best candidates per topic, ranks 1..DOCS,
 * scores non-increasing, tag = file name (gen000, gen001, ...).
 *
 * The output depends only on the arguments: every random number comes from
 * the program's own splitmix64/xoshiro256** generators and every score is
 * an integer number of millionths, printed with integer arithmetic, so the
 * files are byte-identical on any machine.  Existing files in OUTDIR/runs
 * that the current arguments do not name are left alone.
 *
 * Usage: gen [-r RUNS] [-t TOPICS] [-d DOCS] [-s SEED] [-P POOLDEPTH]
 *            [-J N] OUTDIR
 *   -r RUNS       number of systems (default 10)
 *   -t TOPICS     number of topics (default 20)
 *   -d DOCS       documents retrieved per topic by every run (default 1000)
 *   -s SEED       seed, 0..2^64-1 (default 1)
 *   -P POOLDEPTH  judging pool depth (default 100)
 *   -J N          judge only topics 0, N, 2N, ... of the runs (default 1:
 *                 every topic); the runs are the same whatever N
 * Exit status 0 on success, 1 on a usage error, 2 on an I/O or memory error.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#define MAX_RUNS   100000L
#define MAX_TOPICS 100000L
#define MAX_DOCS   100000L     /* keeps 20*DOCS candidates below 2^24 */
#define MAX_POOL   1000000L
#define CAND_PER_DOC 20        /* candidates per topic = 20 * DOCS */
#define SPACE_PER_CAND 10      /* global space = 10 * candidates * topics */
#define UNIT 1000000           /* scores are integers in millionths */
#define IDX_BITS 24
#define KEY_BIAS ((int64_t)1 << 30)
#define DOCNO_MAX 96

static const char *prog = "gen";

/* ---- random numbers ---------------------------------------------------- */

static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

#define GOLDEN UINT64_C(0x9e3779b97f4a7c15)

/* A key naming one random stream: hash of the seed and three labels. */
static uint64_t stream_key(uint64_t seed, uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t h = mix64(seed + GOLDEN);
	h = mix64(h ^ (a + 1) * GOLDEN);
	h = mix64(h ^ (b + 1) * UINT64_C(0xd1b54a32d192ed03));
	return mix64(h ^ (c + 1) * UINT64_C(0xaef17502108ef2d9));
}

/* xoshiro256** seeded by splitmix64. */
struct rng { uint64_t s[4]; };

static void rng_seed(struct rng *r, uint64_t key)
{
	for (int i = 0; i < 4; i++) {
		key += GOLDEN;
		r->s[i] = mix64(key);
	}
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
	s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
	s[2] ^= t; s[3] = rotl(s[3], 45);
	return out;
}

/* Uniform in [0, n), n > 0 (the tiny modulo bias is irrelevant here). */
static uint64_t rng_below(struct rng *r, uint64_t n) { return rng_next(r) % n; }

/* Approximately standard normal, in millionths: the Irwin-Hall sum of the
 * four 16-bit quarters of x (mean 131070, sd 65536/sqrt 3 = 37837.2),
 * rescaled with integer arithmetic; bounded by about +-3.46 sd. */
static int32_t normal_u(uint64_t x)
{
	int64_t s = (int64_t)(x & 0xffff) + (int64_t)((x >> 16) & 0xffff) +
		    (int64_t)((x >> 32) & 0xffff) + (int64_t)(x >> 48);
	return (int32_t)((s - 131070) * 264290 / 10000);
}

/* ---- docnos ------------------------------------------------------------ */

/* The docno of global document id: the style is id mod 7 and the rest of
 * id is spread over that style's fields so that docnos are distinct. */
static int docno(char *buf, size_t size, uint64_t id)
{
	unsigned long long k = id / 7, d;
	switch (id % 7) {
	case 0:
		return snprintf(buf, size, "FBIS%llu-%llu", 3 + k / 1000000,
				k % 1000000 + 1);
	case 1:
		d = k / 10000;
		return snprintf(buf, size, "LA%02llu%02llu%02llu-%04llu",
				d / 28 % 12 + 1, d % 28 + 1, 89 + d / 336,
				k % 10000 + 1);
	case 2:
		d = k / 100000;
		return snprintf(buf, size, "FT%llu%llu-%llu", 91 + d / 4,
				d % 4 + 1, k % 100000 + 1);
	case 3:
		d = k / 3000;
		return snprintf(buf, size, "FR%02llu%02llu%02llu-%llu-%05llu",
				94 + d / 336, d / 28 % 12 + 1, d % 28 + 1,
				k / 1000 % 3, k % 1000 + 1);
	case 4:
		return snprintf(buf, size, "WTX%03llu-B%02llu-%llu",
				k / 20000 + 1, k / 200 % 100 + 1, k % 200 + 1);
	case 5:
		return snprintf(buf, size, "clueweb09-en%04llu-%02llu-%05llu",
				k / 4000000, k / 40000 % 100, k % 40000);
	default:
		return snprintf(buf, size, "%llu", 1000000 + k);
	}
}

/* ---- the collection ---------------------------------------------------- */

struct cand {
	uint64_t id;       /* global document id */
	int32_t shared;    /* noise shared by every system, millionths */
	uint8_t grade;     /* latent relevance 0..3 */
	uint8_t pooled;    /* in some run's top POOLDEPTH */
};

struct topic {
	struct cand *c;
	size_t n;
	char *docnos;      /* n docnos, '\0'-terminated, at off[i] */
	uint32_t *off;
};

enum style { FINE, COARSE, NEGATIVE };

struct sys {
	int64_t quality;   /* weight of the latent grade, thousandths */
	uint64_t site;     /* systems of one site share extra noise */
	enum style style;
	int64_t mult;      /* score multiplier (FINE, COARSE) */
	int decimals;      /* printed decimals (FINE, NEGATIVE) */
};

static void die_mem(void)
{
	fprintf(stderr, "%s: out of memory\n", prog);
	exit(2);
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die_mem();
	return p;
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		die_mem();
	return p;
}

/* Draw topic t's candidates: n distinct ids of the global space, each
 * with its latent grade and shared noise, and their docnos. */
static void make_topic(struct topic *T, uint64_t seed, long t, size_t n,
		       uint64_t space)
{
	struct rng r;
	size_t hsize = 1, i;
	uint64_t *hash;
	char buf[DOCNO_MAX];
	size_t cap, used = 0;

	rng_seed(&r, stream_key(seed, 1, (uint64_t)t, 0));
	while (hsize < 2 * n)
		hsize <<= 1;
	hash = xcalloc(hsize, sizeof *hash);   /* stores id + 1; 0 = empty */
	T->n = n;
	T->c = xcalloc(n, sizeof *T->c);
	T->off = xmalloc(n * sizeof *T->off);
	cap = n * 16 + 64;
	T->docnos = xmalloc(cap);

	/* Relevant documents: 0.05% to 1.2% of the candidates, per topic. */
	uint64_t rate = 5 + rng_below(&r, 116);      /* per ten thousand */
	for (i = 0; i < n; i++) {
		struct cand *c = &T->c[i];
		uint64_t id, h;
		do {
			id = rng_below(&r, space);
			h = mix64(id) & (hsize - 1);
			while (hash[h] && hash[h] != id + 1)
				h = (h + 1) & (hsize - 1);
		} while (hash[h]);
		hash[h] = id + 1;
		c->id = id;
		c->shared = normal_u(rng_next(&r));
		if (rng_below(&r, 10000) < rate) {
			uint64_t g = rng_below(&r, 100);
			c->grade = g < 60 ? 1 : g < 88 ? 2 : 3;
		}
		int len = docno(buf, sizeof buf, id);
		if (used + (size_t)len + 1 > cap) {
			cap *= 2;
			T->docnos = realloc(T->docnos, cap);
			if (!T->docnos)
				die_mem();
		}
		T->off[i] = (uint32_t)used;
		memcpy(T->docnos + used, buf, (size_t)len + 1);
		used += (size_t)len + 1;
	}
	free(hash);
}

static void make_systems(struct sys *S, long runs, uint64_t seed)
{
	struct rng r;
	uint64_t site = 0;
	long left_in_site = 0;

	rng_seed(&r, stream_key(seed, 2, 0, 0));
	for (long s = 0; s < runs; s++) {
		struct sys *y = &S[s];
		if (left_in_site == 0) {          /* sites submit 1 to 5 runs */
			site++;
			left_in_site = 1 + (long)rng_below(&r, 5);
		}
		left_in_site--;
		y->site = site;
		/* Quality 0.15 .. 2.0 noise sds per grade step. */
		y->quality = 150 + (int64_t)rng_below(&r, 1851);
		uint64_t st = rng_below(&r, 100);
		static const int64_t mults[] = { 1, 2, 5, 10 };
		y->mult = mults[rng_below(&r, 4)];
		if (st < 25) {          /* grid 0.25 over 5x .. 40x scores */
			static const int64_t coarse[] = { 5, 10, 20, 40 };
			y->style = COARSE;
			y->mult = coarse[rng_below(&r, 4)];
			y->decimals = 2;
		} else if (st < 45) {
			y->style = NEGATIVE;
			y->decimals = 4 + (int)rng_below(&r, 3);
			y->mult = 1;
		} else {
			y->style = FINE;
			y->decimals = 4 + (int)rng_below(&r, 3);
		}
	}
}

/* ---- output ------------------------------------------------------------ */

static char *put_u(char *p, unsigned long long v)
{
	char tmp[24];
	int n = 0;
	do
		tmp[n++] = (char)('0' + v % 10);
	while (v /= 10);
	while (n)
		*p++ = tmp[--n];
	return p;
}

/* Print v millionths with the given number of decimals (v truncated
 * towards zero; applied to monotone scores this keeps them monotone). */
static char *put_score(char *p, int64_t v, int decimals)
{
	unsigned long long a, pw = 1;
	int i;

	if (v < 0) {
		*p++ = '-';
		a = (unsigned long long)(-v);
	} else
		a = (unsigned long long)v;
	for (i = decimals; i < 6; i++)
		a /= 10;
	for (i = 0; i < decimals; i++)
		pw *= 10;
	p = put_u(p, a / pw);
	if (decimals > 0) {
		unsigned long long f = a % pw;
		*p++ = '.';
		for (i = decimals - 1; i >= 0; i--) {
			p[i] = (char)('0' + f % 10);
			f /= 10;
		}
		p += decimals;
	}
	return p;
}

/* Transform a system's internal score (millionths, |v| < 40 units) into
 * the score it prints, in millionths. */
static int64_t out_score(const struct sys *y, int64_t v)
{
	int64_t w;
	switch (y->style) {
	case COARSE:     /* a grid of 0.25: many ties */
		w = v * y->mult + (int64_t)1000 * UNIT;
		w -= w % (UNIT / 4);
		return w - (int64_t)1000 * UNIT + (int64_t)50 * UNIT * y->mult;
	case NEGATIVE:   /* log-probability-like, always < 0 */
		return v - (int64_t)60 * UNIT;
	default:
		return v * y->mult + (int64_t)50 * UNIT * y->mult;
	}
}

static int cmp_desc(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? 1 : x > y ? -1 : 0;
}

/* Rearrange k[0..n) so that its m largest values come first. */
static void select_top(uint64_t *k, size_t n, size_t m, struct rng *r)
{
	size_t lo = 0, hi = n;     /* the boundary m lies in [lo, hi) */
	if (m >= n)
		return;
	while (hi - lo > 1) {
		uint64_t pivot = k[lo + rng_below(r, hi - lo)], t;
		size_t i = lo, j = lo, g = hi;
		/* three-way partition: > pivot | == pivot | < pivot */
		while (j < g) {
			if (k[j] > pivot) {
				t = k[i]; k[i] = k[j]; k[j] = t;
				i++; j++;
			} else if (k[j] < pivot) {
				g--;
				t = k[g]; k[g] = k[j]; k[j] = t;
			} else
				j++;
		}
		if (m < i)
			hi = i;
		else if (m <= g)
			return;
		else
			lo = g;
	}
}

static int write_all(FILE *f, const char *path, const char *buf, size_t n)
{
	if (fwrite(buf, 1, n, f) != n) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
		return -1;
	}
	return 0;
}

static int close_file(FILE *f, const char *path)
{
	if (ferror(f) | fclose(f)) {
		fprintf(stderr, "%s: %s: write error\n", prog, path);
		return -1;
	}
	return 0;
}

/* ---- arguments --------------------------------------------------------- */

static void usage(void)
{
	fprintf(stderr,
		"usage: %s [-r RUNS] [-t TOPICS] [-d DOCS] [-s SEED] "
		"[-P POOLDEPTH] [-J N] OUTDIR\n", prog);
	exit(1);
}

static long parse_long(const char *opt, const char *s, long min, long max)
{
	char *end;
	long v;
	errno = 0;
	v = strtol(s, &end, 10);
	if ((s[0] != '-' && (s[0] < '0' || s[0] > '9')) || end == s || *end != '\0' || errno == ERANGE || v < min || v > max) {
		fprintf(stderr, "%s: %s '%s': expected an integer from %ld to %ld\n",
			prog, opt, s, min, max);
		exit(1);
	}
	return v;
}

static uint64_t parse_seed(const char *s)
{
	char *end;
	unsigned long long v;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (s[0] < '0' || s[0] > '9' || *end != '\0' || errno == ERANGE ||
	    v > UINT64_MAX) {
		fprintf(stderr, "%s: -s '%s': expected an integer from 0 to "
			"18446744073709551615\n", prog, s);
		exit(1);
	}
	return (uint64_t)v;
}

/* mkdir -p */
static int make_dirs(const char *path)
{
	size_t n = strlen(path);
	char *p = xmalloc(n + 1);
	struct stat st;
	memcpy(p, path, n + 1);
	for (size_t i = 1; i <= n; i++) {
		if (p[i] != '/' && p[i] != '\0')
			continue;
		char saved = p[i];
		p[i] = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			fprintf(stderr, "%s: mkdir %s: %s\n", prog, p, strerror(errno));
			free(p);
			return -1;
		}
		p[i] = saved;
	}
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "%s: %s: not a directory\n", prog, path);
		free(p);
		return -1;
	}
	free(p);
	return 0;
}

struct judged { const char *docno; int grade; };

static int cmp_judged(const void *a, const void *b)
{
	return strcmp(((const struct judged *)a)->docno,
		      ((const struct judged *)b)->docno);
}

int main(int argc, char **argv)
{
	long runs = 10, topics = 20, docs = 1000, pool = 100, judge_every = 1;
	uint64_t seed = 1;
	const char *outdir = NULL;
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v;
		if (a[0] != '-' || a[1] == '\0') {
			if (outdir)
				usage();
			outdir = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			if (outdir || i + 2 != argc)
				usage();
			outdir = argv[++i];
			continue;
		}
		if (strchr("rtdsPJ", a[1]) == NULL)
			usage();
		if (a[2] != '\0')
			v = a + 2;
		else if (i + 1 < argc)
			v = argv[++i];
		else
			usage();
		switch (a[1]) {
		case 'r': runs = parse_long("-r", v, 1, MAX_RUNS); break;
		case 't': topics = parse_long("-t", v, 1, MAX_TOPICS); break;
		case 'd': docs = parse_long("-d", v, 1, MAX_DOCS); break;
		case 'P': pool = parse_long("-P", v, 1, MAX_POOL); break;
		case 'J': judge_every = parse_long("-J", v, 1, MAX_TOPICS); break;
		default: seed = parse_seed(v); break;
		}
	}
	if (!outdir)
		usage();

	size_t plen = strlen(outdir) + 64;
	char *path = xmalloc(plen);
	snprintf(path, plen, "%s/runs", outdir);
	if (make_dirs(path) != 0)
		return 2;

	size_t ncand = (size_t)docs * CAND_PER_DOC;
	uint64_t space = (uint64_t)ncand * SPACE_PER_CAND * (uint64_t)topics;
	struct topic *T = xcalloc((size_t)topics, sizeof *T);
	for (long t = 0; t < topics; t++)
		make_topic(&T[t], seed, t, ncand, space);
	struct sys *S = xcalloc((size_t)runs, sizeof *S);
	make_systems(S, runs, seed);

	size_t K = (size_t)docs, depth = (size_t)pool < K ? (size_t)pool : K;
	uint64_t *keys = xmalloc(ncand * sizeof *keys);
	char *obuf = xmalloc(K * (DOCNO_MAX + 80));
	const uint64_t idx_mask = ((uint64_t)1 << IDX_BITS) - 1;

	for (long s = 0; s < runs; s++) {
		const struct sys *y = &S[s];
		char tag[32];
		snprintf(tag, sizeof tag, "gen%03ld", s);
		size_t taglen = strlen(tag);
		snprintf(path, plen, "%s/runs/%s.run", outdir, tag);
		FILE *f = fopen(path, "wb");
		if (!f) {
			fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
			return 2;
		}
		for (long t = 0; t < topics; t++) {
			struct topic *tp = &T[t];
			struct rng r, pr;
			rng_seed(&r, stream_key(seed, 3, (uint64_t)s, (uint64_t)t));
			rng_seed(&pr, stream_key(seed, 4, (uint64_t)s, (uint64_t)t));
			uint64_t sitekey = stream_key(seed, 5, y->site, (uint64_t)t);
			/* this system's quality on this topic: 0.5x .. 1.5x */
			int64_t q = y->quality * (500 + (int64_t)rng_below(&r, 1001)) / 1000;
			for (size_t c = 0; c < tp->n; c++) {
				const struct cand *cd = &tp->c[c];
				int64_t v = q * cd->grade * (UNIT / 1000) + cd->shared
					+ normal_u(mix64(sitekey + c * GOLDEN)) / 2
					+ normal_u(rng_next(&r)) * 7 / 10;
				keys[c] = ((uint64_t)(v + KEY_BIAS) << IDX_BITS) |
					  (idx_mask - c);
			}
			select_top(keys, tp->n, K, &pr);
			qsort(keys, K, sizeof *keys, cmp_desc);

			char *p = obuf;
			for (size_t k = 0; k < K; k++) {
				size_t c = idx_mask - (keys[k] & idx_mask);
				int64_t v = (int64_t)(keys[k] >> IDX_BITS) - KEY_BIAS;
				const char *dn = tp->docnos + tp->off[c];
				size_t dl = strlen(dn);
				if (k < depth)
					tp->c[c].pooled = 1;
				p = put_u(p, (unsigned long long)(401 + t));
				memcpy(p, " Q0 ", 4);
				p += 4;
				memcpy(p, dn, dl);
				p += dl;
				*p++ = ' ';
				p = put_u(p, k + 1);
				*p++ = ' ';
				p = put_score(p, out_score(y, v), y->decimals);
				*p++ = ' ';
				memcpy(p, tag, taglen);
				p += taglen;
				*p++ = '\n';
			}
			if (write_all(f, path, obuf, (size_t)(p - obuf)) != 0)
				return 2;
		}
		if (close_file(f, path) != 0)
			return 2;
	}

	/* Qrels: the pool, judged with the latent grade and a little assessor
	 * noise, sorted by docno within each topic; with -J, of every
	 * judge_every-th topic only. */
	snprintf(path, plen, "%s/qrels", outdir);
	FILE *f = fopen(path, "wb");
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
		return 2;
	}
	struct judged *J = xmalloc(ncand * sizeof *J);
	for (long t = 0; t < topics; t++) {
		struct topic *tp = &T[t];
		uint64_t akey = stream_key(seed, 6, (uint64_t)t, 0);
		size_t nj = 0, best = 0;
		int nrel = 0, bestg = -1;
		if (t % judge_every != 0)
			continue;
		for (size_t c = 0; c < tp->n; c++) {
			if (!tp->c[c].pooled)
				continue;
			int g = tp->c[c].grade;
			uint64_t h = mix64(akey + c * GOLDEN), u = h % 10000;
			if (g == 0) {
				if (u < 30)            /* 0.3% false positives */
					g = 1;
			} else if (u < 600) {          /* 6% off by one grade */
				g += (h >> 32) & 1 ? 1 : -1;
				g = g > 3 ? 3 : g;
			}
			if (tp->c[c].grade > bestg) {
				bestg = tp->c[c].grade;
				best = nj;
			}
			nrel += g > 0;
			J[nj].docno = tp->docnos + tp->off[c];
			J[nj].grade = g;
			nj++;
		}
		if (nrel == 0)      /* every topic has a relevant document */
			J[best].grade = bestg > 0 ? bestg : 1;
		qsort(J, nj, sizeof *J, cmp_judged);
		char line[DOCNO_MAX + 64];
		for (size_t j = 0; j < nj; j++) {
			int n = snprintf(line, sizeof line, "%ld 0 %s %d\n",
					 401 + t, J[j].docno, J[j].grade);
			if (write_all(f, path, line, (size_t)n) != 0)
				return 2;
		}
	}
	if (close_file(f, path) != 0)
		return 2;

	free(J);
	free(obuf);
	free(keys);
	for (long t = 0; t < topics; t++) {
		free(T[t].c);
		free(T[t].off);
		free(T[t].docnos);
	}
	free(T);
	free(S);
	free(path);
	return 0;
}
