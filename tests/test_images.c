/*
 * test_images.c - exactness of the corpus bootstrap.
 *
 * 1. For random small collections (graded qrels with negative grades,
 *    score ties, topics with one relevant document so that images often
 *    have R = 0, a deep ranking that crosses the depth bound 1000 of RBP
 *    and INSQ and the cutoff 1000, a run lacking a topic), every
 *    per-image value of the fast path equals a slow reference that writes
 *    the image out explicitly as files - each document repeated k times
 *    in place, as copies "docno~1".."docno~k" in both run and qrels - and
 *    scores those files as a root evaluation.  The reference computes k
 *    with its own floating-point implementation of the documented image
 *    function (u < F(k) in doubles), so the integer thresholds of the
 *    fast path are checked too.  This is done for three selections of
 *    measures, since what the scan computes depends on them: all
 *    measures (judged spans to the end for bpref), a few with judged
 *    spans only down to 20, and bpref with num_rel alone.  GM(M) is
 *    checked there per topic (its values are M's), and per image for
 *    "all": boot_run's aggregate of every slot of every image equals the
 *    mean, sum or geometric mean exp(mean ln(x + 1e-5)) - 1e-5 (for
 *    gm_map and gm_bpref trec_eval's exp(mean ln max(x, 1e-5))) over
 *    topics of the reference's values, computed here; and, bit for bit,
 *    that of the scorer's own values of the images added in topic order
 *    (boot_run's sums: with only means and sums, the values themselves).
 * 2. Q >= AP on binary judgements (grades 0/1, level 1), at the root and
 *    in images, with equality at the root when no relevant document is
 *    ranked below position R.
 *    Images scored eight side by side (score_topic_images) equal those
 *    scored one by one, bit for bit.
 * 3. The image function fits Poisson(1) over 10^6 (docno, image) pairs
 *    (chi-square, 5 degrees of freedom, p > 0.001 <=> X2 < 20.515) and
 *    agrees with the floating-point definition on every pair.
 * 4. image_fill_lanes, with its AVX-512 path where the processor has it
 *    and with the plain loop, equals image_fill lane by lane: 16, 8 and 5
 *    lanes, 1 image to as many as lanes, the root among them or not,
 *    20,000 random hashes (so that every k from 0 to at least 7 occurs).
 * 5. RBP sums its judged spans only down to where its prefix sums stop
 *    changing, bit for bit as down to the depth bound 1000.
 *
 * The checks are here; the references, collections and side-by-side
 * comparisons they use are in tests/parts/test_images/ (coll.c, loaded.c,
 * lanes.c, sharing test_images.h), which print nothing.
 */
#define _POSIX_C_SOURCE 200809L
#include "boot.h"
#include "check.h"
#include "image.h"
#include "parts/test_images/test_images.h"
#include "xalloc.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* load's report of a run file that failed to load: a failed check. */
static void load_error(const char *msg)
{
	CHECK(0, "unexpected load error: %s", msg);
}

/* boot_run's value for "all" in images 0..6 against agg (see exactness):
 * returns the larger of worst and the largest relative difference.
 * Against aggf too, the terms of the scorer's own values (score_topic_image)
 * added in topic order as boot_run adds them: the same double, or one
 * more in *exact_bad. */
static double check_aggregates(const struct scorer *s, const double *agg,
			       const double *aggf, long *exact_bad, double worst)
{
	struct pool *pool = pool_create(2);
	struct boot_opts bo;
	struct boot_result br;
	struct diag d = { .set = 0 };
	size_t ns = s->nslots, nt = s->c->n;
	memset(&bo, 0, sizeof bo);
	bo.B = 6;
	bo.pool = pool;
	if (boot_run(s, &bo, &br, &d) != 0) {
		CHECK(0, "boot_run: %s", d.msg);
		pool_release(pool);
		return worst;
	}
	for (size_t r = 0; r < s->nruns; r++)
		for (size_t k = 0; k < ns; k++)
			for (size_t b = 0; b <= 6; b++) {
				const struct measure *m = &s->m[s->slots[k].measure];
				double a = agg[(r * ns + k) * 7 + b], want, dlt;
				want = measure_agg_finish(measure_agg(m), a, nt);
				dlt = fabs(br.sys[(r * ns + k) * 7 + b] - want) /
				      (1 + fabs(want));
				*exact_bad += br.sys[(r * ns + k) * 7 + b] !=
					      measure_agg_finish(measure_agg(m),
								 aggf[(r * ns + k) * 7 + b], nt);
				if (dlt > worst)
					worst = dlt;
			}
	boot_result_release(&br);
	pool_release(pool);
	return worst;
}

/* The running totals of exactness over its collections. */
struct exact {
	struct measure *m;      /* the selection's nspec measures */
	size_t nspec;
	const char *rootdir, *imgdir;
	struct coll *c;         /* the collection of the current case */
	int cases, worst_case;
	double worst;
	long compared, rzero, lanes_bad, spans_bad, spans_n;
	long nonzero[NSPEC_MAX * MEASURE_MAX_OUT];
	double max_ret, agg_worst;
	long agg_exact_bad;
};

/* One collection of exactness: its root loaded and scored image by image
 * (out), and the sums over topics of the reference's values (agg) and of
 * the scorer's (aggf) for each run, slot and image. */
struct exact_case {
	struct loaded fast;
	struct score_scratch x;
	double *out, *agg, *aggf;
	size_t ns;
	uint64_t seed;
	int level, cs;
};

/* Compare the fast path's values of topic t in image b with the
 * reference's (ref's root scoring rv of the written image), into E's
 * totals, and add both to K's sums. */
static void exact_topic(struct exact *E, struct exact_case *K,
			const struct loaded *ref, const double *rv, size_t t,
			uint64_t b)
{
	struct loaded *fast = &K->fast;
	const char *qid = fast->c.topic[t].qid;
	size_t ns = K->ns;
	score_topic_image(&fast->s, t, b, &K->x, K->out);
	for (int r = 0; r < E->c->nr; r++)
		for (size_t k = 0; k < fast->s.nslots; k++) {
			double got = K->out[(size_t)r * fast->s.nslots + k];
			double want = ref_value(ref, rv, r, qid, k);
			double dlt = fabs(got - want);
			K->agg[((size_t)r * ns + k) * 7 + b] +=
				measure_agg_term(measure_agg(
					&fast->s.m[fast->s.slots[k].measure]),
					want);
			K->aggf[((size_t)r * ns + k) * 7 + b] +=
				measure_agg_term(measure_agg(
					&fast->s.m[fast->s.slots[k].measure]),
					got);
			E->compared++;
			if (want == 0 && got == 0)
				E->rzero++;
			if (got != 0)
				E->nonzero[k]++;
			if (strcmp(fast->s.slots[k].name, "num_ret") == 0 &&
			    got > E->max_ret)
				E->max_ret = got;
			if (dlt > E->worst) {
				E->worst = dlt;
				E->worst_case = K->cs;
			}
		}
}

/* Image b of the case K: written out as files, loaded and scored as a
 * root evaluation, and compared topic by topic with the fast path. */
static void exact_image(struct exact *E, struct exact_case *K, uint64_t b)
{
	struct loaded ref;
	double *rv = NULL;
	long nlines[1 + MAXR];
	write_image(E->c, E->imgdir, K->seed, b, nlines);
	load(&ref, E->imgdir, E->c->nr, K->level, ORDER_FILE, E->m, E->nspec,
	     K->seed, load_error);
	if (ref.ok) {
		struct pool *one = pool_create(1);
		/* G of the graded RBP and INSQ is the qrels
		 * file's largest grade, which the image's
		 * files may lack (k = 0): the root's. */
		ref.s.max_grade = K->fast.s.max_grade;
		rv = score_root(&ref.s, one);
		pool_release(one);
	}
	for (size_t t = 0; t < K->fast.c.n; t++)
		exact_topic(E, K, &ref, rv, t, b);
	free(rv);
	unload(&ref);
}

/* Case cs of exactness: a random collection, its images 0..6 against the
 * written ones, its lanes and spans, and boot_run's aggregates. */
static void exact_case(struct exact *E, int cs)
{
	struct exact_case K = { .seed = (uint64_t)cs * 31 + 7,
				.level = cs % 3 == 2 ? 2 : 1, .cs = cs };
	uint64_t rng = (uint64_t)cs + 1000;

	make_coll(E->c, cs % 6 == 0, &rng);
	write_root(E->c, E->rootdir);
	load(&K.fast, E->rootdir, E->c->nr, K.level, ORDER_SCORE, E->m,
	     E->nspec, K.seed, load_error);
	if (!K.fast.ok) {
		CHECK(0, "case %d: root collection did not load", cs);
		return;
	}
	score_scratch_init(&K.x, &K.fast.s);
	K.ns = K.fast.s.nslots;
	K.out = xcalloc(K.fast.s.nruns * K.ns, sizeof *K.out);
	/* agg[(r * ns + k) * 7 + b]: the reference's values of run r,
	 * slot k, image b, summed over topics (their logs for GM) */
	K.agg = xcalloc(K.fast.s.nruns * K.ns * 7, sizeof *K.agg);
	K.aggf = xcalloc(K.fast.s.nruns * K.ns * 7, sizeof *K.aggf);
	for (uint64_t b = 0; b <= 6; b++)
		exact_image(E, &K, b);
	E->lanes_bad += lanes_differ(&K.fast.s, &K.x);
	E->spans_bad += spans_differ(&K.fast.s, &K.x, &E->spans_n);
	E->agg_worst = check_aggregates(&K.fast.s, K.agg, K.aggf,
					&E->agg_exact_bad, E->agg_worst);
	free(K.agg);
	free(K.aggf);
	free(K.out);
	score_scratch_release(&K.x);
	unload(&K.fast);
	E->cases++;
}

/* The checks of exactness on its totals E (selection label). */
static void exact_report(const struct exact *E, const char *label)
{
	CHECK(E->worst <= 1e-12 && E->compared > 2000,
	      "fast images equal explicitly written images (%s): %d collections, %ld values (%ld zero), worst %.3g (case %d)",
	      label, E->cases, E->compared, E->rzero, E->worst, E->worst_case);
	CHECK(E->lanes_bad == 0,
	      "(%s) images scored side by side (score_topic_images: 0..10, 1..3, 5..20, 17..53, 3..4; AVX-512 and measures side by side, positions in 16 and 32 bits, and plain) equal images scored one by one, bit for bit: %ld differ",
	      label, E->lanes_bad);
	if (E->spans_n)
		CHECK(E->spans_bad == 0,
		      "(%s) the judged spans, the hits' copies and the positions (32 and 16 bits) of 16 images in AVX-512 passes equal those of the plain loops, at four depths: %ld of %ld lanes differ",
		      label, E->spans_bad, E->spans_n);
	else
		CHECK(1, "(%s) judged spans in one AVX-512 pass # SKIP %s", label,
		      "no AVX-512 here, or no measure wants spans");
	CHECK(E->agg_worst <= 1e-9,
	      "(%s) every image's value for all (mean, sum, geometric mean) equals the aggregate of the written images' values: worst relative difference %.3g",
	      label, E->agg_worst);
	CHECK(E->agg_exact_bad == 0,
	      "(%s) every image's value for all is the aggregate of the scorer's own values of the images, added in topic order, bit for bit: %ld differ",
	      label, E->agg_exact_bad);
	{
		/* Every output must be exercised: nonzero somewhere. */
		size_t ns = 0, bad = 0;
		for (size_t i = 0; i < E->nspec; i++)
			ns += (size_t)E->m[i].n_out;
		for (size_t k = 0; k < ns; k++)
			bad += E->nonzero[k] == 0;
		CHECK(bad == 0, "(%s) every one of %zu outputs is nonzero somewhere (%zu never)",
		      label, ns, bad);
	}
	if (E->max_ret > 0)
		CHECK(E->max_ret > 1000,
		      "(%s) the longest image of a ranking (%.0f) passes the cutoff 1000",
		      label, E->max_ret);
}

/* Check 1 for one selection of measures (specs[0..nspec), label): 24
 * random collections, images 0..6 of each against the written ones. */
static void exactness(const char *label, const char *const *specs,
		      size_t nspec)
{
	struct measure m[NSPEC_MAX];
	char base[] = "/tmp/cbeval-img-XXXXXX", rootdir[600], imgdir[600];
	char err[200];
	struct exact E = { .m = m, .nspec = nspec, .rootdir = rootdir,
			   .imgdir = imgdir, .worst_case = -1 };

	for (size_t i = 0; i < nspec; i++)
		if (measure_parse(&m[i], specs[i], err, sizeof err) != 0) {
			CHECK(0, "parse %s: %s", specs[i], err);
			return;
		}
	if (!mkdtemp(base)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(rootdir, sizeof rootdir, "%s/root", base);
	snprintf(imgdir, sizeof imgdir, "%s/img", base);
	{
		char cmd[1400];
		snprintf(cmd, sizeof cmd, "mkdir -p %s %s", rootdir, imgdir);
		if (system(cmd) != 0) {
			CHECK(0, "mkdir");
			return;
		}
	}
	E.c = xcalloc(1, sizeof *E.c);
	for (int cs = 0; cs < 24; cs++)
		exact_case(&E, cs);
	free(E.c);
	exact_report(&E, label);
	{
		char cmd[1400];
		snprintf(cmd, sizeof cmd, "rm -rf %s", base);
		if (system(cmd) != 0)
			CHECK(0, "cleanup");
	}
	for (size_t i = 0; i < nspec; i++)
		measure_release(&m[i]);
}

/* The totals of q_ge_ap: values compared (n), with Q < AP (below, worst
 * AP - Q), with Q > AP (greater); root rankings where Q = AP is due
 * (eq_want) and where it is not so (eq_bad). */
struct qap {
	long n, below, eq_want, eq_bad, greater;
	double worst;
};

/* The root of c (loaded in L): Q = AP when no relevant document is below
 * position R, counted into Q. */
static void qap_root(struct qap *Q, const struct coll *c, struct loaded *L,
		     struct score_scratch *x)
{
	double out[MAXR * 2];
	for (int t = 0; t < c->nt; t++) {
		long t_idx = collection_find(&L->c, c->qid[t], strlen(c->qid[t]));
		int R = 0;
		for (int i = 0; i < c->q[t].n; i++)
			R += c->q[t].e[i].grade >= 1;
		score_topic_image(&L->s, (size_t)t_idx, 0, x, out);
		for (int r = 0; r < c->nr; r++) {
			struct rtopic rt = c->r[r].t[t];
			int deep = 0;
			qsort(rt.e, (size_t)rt.n, sizeof rt.e[0], cmp_eval);
			for (int i = 0; i < rt.n; i++)
				for (int j = 0; j < c->q[t].n; j++)
					if (strcmp(rt.e[i].docno, c->q[t].e[j].docno) == 0 &&
					    c->q[t].e[j].grade >= 1 && i + 1 > R)
						deep = 1;
			if (!deep) {
				Q->eq_want++;
				Q->eq_bad += out[r * 2] != out[r * 2 + 1];
			}
		}
	}
}

/* Case cs of q_ge_ap (measures m: Q, AP; files in dir): a random
 * collection with binary grades, root and images 0..6, into Q. */
static void qap_case(struct qap *Q, struct coll *c, struct measure *m,
		     const char *dir, int cs)
{
	struct loaded L;
	struct score_scratch x;
	double out[MAXR * 2];
	uint64_t rng = (uint64_t)cs + 5000;
	make_coll(c, 0, &rng);
	for (int t = 0; t < c->nt; t++)
		for (int i = 0; i < c->q[t].n; i++)
			if (c->q[t].e[i].grade > 1)
				c->q[t].e[i].grade = 1;
	write_root(c, dir);
	load(&L, dir, c->nr, 1, ORDER_SCORE, m, 2, (uint64_t)cs + 3, load_error);
	if (!L.ok || L.s.nruns != (size_t)c->nr) {
		CHECK(0, "case %d: collection did not load", cs);
		unload(&L);
		return;
	}
	score_scratch_init(&x, &L.s);
	for (size_t t = 0; t < L.c.n; t++)
		for (uint64_t b = 0; b <= 6; b++) {
			score_topic_image(&L.s, t, b, &x, out);
			for (int r = 0; r < c->nr; r++) {
				double q = out[r * 2], ap = out[r * 2 + 1];
				Q->n++;
				Q->greater += q > ap;
				if (q < ap) {
					Q->below++;
					if (ap - q > Q->worst)
						Q->worst = ap - q;
				}
			}
		}
	/* Root: Q = AP when no relevant document is below position R. */
	qap_root(Q, c, &L, &x);
	score_scratch_release(&x);
	unload(&L);
}

/* Q >= AP on binary judgements: random collections with grades -1, 0, 1
 * (level 1, short rankings), root and images 1..6; at the root Q = AP
 * exactly when every relevant document retrieved is at position <= R. */
static void q_ge_ap(void)
{
	static const char *const specs[] = { "Q", "AP" };
	struct measure m[2];
	char base[] = "/tmp/cbeval-qap-XXXXXX", err[200];
	struct qap Q = { 0, 0, 0, 0, 0, 0 };
	struct coll *c;
	for (int i = 0; i < 2; i++)
		if (measure_parse(&m[i], specs[i], err, sizeof err) != 0) {
			CHECK(0, "parse %s: %s", specs[i], err);
			return;
		}
	if (!mkdtemp(base)) {
		CHECK(0, "mkdtemp");
		return;
	}
	c = xcalloc(1, sizeof *c);
	for (int cs = 0; cs < 40; cs++)
		qap_case(&Q, c, m, base, cs);
	free(c);
	CHECK(Q.below == 0 && Q.greater > 100 && Q.n > 2000,
	      "Q >= AP on binary judgements: %ld values (root and images 1..6), %ld with Q > AP, %ld with Q < AP (worst %.3g)",
	      Q.n, Q.greater, Q.below, Q.worst);
	CHECK(Q.eq_bad == 0 && Q.eq_want > 50,
	      "Q = AP exactly at the root when no relevant document is below position R: %ld rankings, %ld differ",
	      Q.eq_want, Q.eq_bad);
	{
		char cmd[200];
		snprintf(cmd, sizeof cmd, "rm -rf %s", base);
		if (system(cmd) != 0)
			CHECK(0, "cleanup");
	}
	for (int i = 0; i < 2; i++)
		measure_release(&m[i]);
}

/* Check 3: the image function against Poisson(1) and ref_k. */
static void poisson_fit(void)
{
	struct image_fn f;
	long count[6] = { 0 };
	long n = 0, mismatch = 0;
	double p[6], x2 = 0;
	image_fn_init(&f);
	for (int d = 0; d < 100000; d++) {
		char docno[32];
		size_t len = (size_t)snprintf(docno, sizeof docno, "DOC-%07d", d);
		uint64_t h = fnv1a64(docno, len);
		for (uint64_t b = 1; b <= 10; b++) {
			unsigned k = image_k(&f, h, image_key(1, b));
			if (k != ref_k(docno, 1, b))
				mismatch++;
			count[k < 5 ? k : 5]++;
			n++;
		}
	}
	CHECK(mismatch == 0,
	      "integer thresholds equal u < F(k) in doubles on %ld pairs (%ld differ)",
	      n, mismatch);
	p[0] = exp(-1.0);
	for (int k = 1; k < 5; k++)
		p[k] = p[k - 1] / k;
	p[5] = 1 - (p[0] + p[1] + p[2] + p[3] + p[4]);
	for (int k = 0; k < 6; k++) {
		double e = p[k] * (double)n;
		x2 += ((double)count[k] - e) * ((double)count[k] - e) / e;
	}
	CHECK(x2 < 20.515,
	      "k over %ld (docno, image) pairs fits Poisson(1): X2 = %.2f < 20.515 (df 5, p > 0.001); counts %ld %ld %ld %ld %ld %ld",
	      n, x2, count[0], count[1], count[2], count[3], count[4], count[5]);
	CHECK(f.nthr <= IMAGE_KMAX && f.thr[f.nthr - 1] < (1ULL << 53),
	      "F(k) reaches 1 by k = %d", f.nthr);
}

/* Check 4: the lanes of image_fill_lanes against image_fill. */
static void fill_lanes(void)
{
	enum { N = 20000 };
	struct image_fn f;
	uint64_t *hash = xcalloc(N, sizeof *hash);
	uint8_t *lanes = xcalloc(N * 16, 1), *one = xcalloc(N, 1);
	static const size_t Ls[] = { 5, 8, 16 };
	static const uint64_t b0s[] = { 0, 1, 17, 993 };
	long bad = 0, cases = 0;
	unsigned maxk = 0;
	int wide;
	uint64_t rng = 0;     /* the stream of the hashes */
	image_fn_init(&f);
	wide = f.wide;
	for (size_t i = 0; i < N; i++)
		hash[i] = draw_next(&rng);
	for (int w = wide; w >= 0; w--) {
		f.wide = w;
		for (size_t li = 0, L; li < 3 && (L = Ls[li]); li++)
			for (size_t bi = 0; bi < sizeof b0s / sizeof *b0s; bi++)
				for (size_t nb = 1; nb <= L; nb++) {
					uint64_t seed = 1 + bi * 7 + nb;
					image_fill_lanes(&f, seed, b0s[bi], nb, L,
							 hash, N, lanes);
					cases++;
					for (size_t l = 0; l < L; l++) {
						uint64_t b = b0s[bi] + (l < nb ? l : 0);
						image_fill(&f, seed, b, hash, N, one);
						for (size_t i = 0; i < N; i++) {
							bad += lanes[i * L + l] != one[i];
							if (one[i] > maxk)
								maxk = one[i];
						}
					}
				}
	}
	CHECK(bad == 0 && maxk >= 7,
	      "image_fill_lanes equals image_fill in every lane (%ld cases, k up to %u, %s): %ld differ",
	      cases, maxk, wide ? "AVX-512 path and plain loop"
				: "plain loop; this processor has no AVX-512", bad);
	free(hash);
	free(lanes);
	free(one);
}

/* RBP's residual sums its judged spans only down to the position past
 * which its prefix sums no longer change (m->judged_depth, from
 * rbp_setup), not down to the depth bound 1000.  Bit for bit the same as
 * the sum down to 1000, written out here from the measure's own table:
 * random spans, adjacent or not, short and long, down to 1200. */
static void rbp_cut(void)
{
	static const char *const specs[] = {
		"RBP(p=0.1)", "RBP(p=0.5)", "RBP(p=0.8)", "RBP(p=0.95)",
		"RBP(p=0.99)", "RBP(p=0.999)"
	};
	enum { NSP = 1300 };
	struct span *sp = xcalloc(NSP, sizeof *sp);
	struct topic tp;
	struct topic_image ti;
	long bad = 0, cases = 0;
	int cut = 1;
	memset(&tp, 0, sizeof tp);
	ti.t = &tp;
	ti.k = NULL;
	ti.R = 1;
	uint64_t rng = 7;
	for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
		struct measure m;
		char err[256];
		const double *cum;
		if (measure_parse(&m, specs[i], err, sizeof err) != 0) {
			CHECK(0, "parse %s: %s", specs[i], err);
			continue;
		}
		cum = m.tab + MEASURE_DEPTH;
		if (i == 3)     /* p = 0.95: cut near position 660 */
			cut = m.judged_depth > 500 && m.judged_depth < 800;
		for (int rep = 0; rep < 300; rep++) {
			struct ranked r;
			double out[2], s = 0, want;
			uint32_t pos = 1 + draw_below(&rng, 3),
				 last = 200 + draw_below(&rng, 1001);
			size_t n = 0;
			while (pos <= last && n < NSP) {
				sp[n].start = pos;
				sp[n].end = pos + 1 + (draw_below(&rng, 4) ?
					draw_below(&rng, 4) : draw_below(&rng, 40));
				pos = sp[n++].end +
				      (draw_below(&rng, 3) ? draw_below(&rng, 4) : 0);
			}
			memset(&r, 0, sizeof r);
			r.judged = sp;
			r.nj = n;
			r.jstride = 1;
			m.def->score(&m, &r, &ti, NULL, out);
			for (size_t j = 0; j < n; j++) {
				uint32_t a = sp[j].start - 1, b = sp[j].end - 1;
				if (a >= MEASURE_DEPTH)
					break;
				s += cum[b < MEASURE_DEPTH ? b : MEASURE_DEPTH] - cum[a];
			}
			want = 1 - (1 - m.p) * s;
			if (want < 0)
				want = 0;
			bad += memcmp(&want, &out[1], sizeof want) != 0;
			cases++;
		}
		measure_release(&m);
	}
	free(sp);
	CHECK(cut, "RBP(p=0.95) sums its judged spans down to about 660, not 1000");
	CHECK(bad == 0,
	      "RBP's residual summed down to where its prefix sums stop changing equals the sum down to 1000, bit for bit (%ld rankings, p from 0.1 to 0.999): %ld differ",
	      cases, bad);
}

int main(void)
{
	fill_lanes();
	poisson_fit();
	rbp_cut();
	for (int i = 0; i < NSELECTIONS; i++)
		exactness(selections[i].label, selections[i].specs,
			  selections[i].n);
	q_ge_ap();
	return check_exit();
}
