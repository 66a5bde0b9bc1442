/*
 * tests/ref_bias.c - a slow, independent reference for `cbeval --bias`
 * (shared spec bias.md, after Cormack & Grossman, SIGIR 2019; random draws
 * from draws.md, streams 8, 9 and 10), used by tests/t_bias.sh.
 *
 * It includes no project header and shares no code with cbeval: its own
 * parser of qrels and runs, its own ordering of rankings, its own copy of
 * the draw functions and of the image function (ref_common.h: the
 * floating-point definition of the manual page, THE BOOTSTRAP IMAGE), its
 * own pools, engineered runs, Kendall tau-b and estimates.  Every
 * per-topic value comes from plain cbeval: for each replicate of each
 * collection the reference MATERIALISES the qrels and every run as files
 * (in an image b, each document of multiplicity k repeated in place as the
 * copies "docno~1".."docno~k" in run and qrels, as tests/test_images.c
 * does; at the root the docnos unchanged), scores them with
 * `cbeval -b 1 --images F -q --order file` and reads image 0 (the plain
 * evaluation printed with %.17g, so the values read back as cbeval's own
 * doubles).  Then it computes the table of the spec the obvious way: for
 * every collection, set and sample the draws recomputed from word(), every
 * run's sample score summed slot by slot, tau-b by the O(s^2) pair count.
 *
 * This file holds the command line and main; the rest is in
 * tests/parts/ref_bias/ (ref_bias.h: the context of an invocation and the
 * parts: base.c, input.c, materialise.c, analysis.c, selftest.c).
 *
 * Usage:
 *   ref_bias [OPTIONS] QRELS RUN...
 *       the table of the spec on stdout.  OPTIONS, as cbeval's:
 *       --bias (accepted and ignored), --against SPEC (repeatable),
 *       -t T (1000), --topics N (the number of reference topics),
 *       --engineered, -b B, --top N, -m SPEC (repeatable; cbeval's
 *       default measures without it), --seed S (1), -p P (4), -l N, -M N,
 *       --order KEY; and the reference's own:
 *       --cbeval PATH   the cbeval that scores the files ($CBEVAL, else
 *                       ./cbeval)
 *       --keep DIR      materialise into DIR (created) and keep the files:
 *                       cC.rR.qrels and cC.rR.runJ for replicate R
 *                       (0-based) of collection C (0 = the reference) and
 *                       run position J (the kept runs, then the engineered
 *                       ones), cC.rR.images, and root.images (the runs as
 *                       given, scored for --top and the names)
 *       --fragile FILE  write the cells that hang on a near-tie (choice 9)
 *                       to FILE: "measure collection truth statistic LO HI"
 *                       (the range every decision of the near-ties gives),
 *                       or "... * *" (any value: NA or not hangs on them)
 *       --trace FILE    write every sample's tau-b to FILE:
 *                       "tau MEASURE sigma C - B VALUE" (sets 1 and 2 of
 *                       collection C) and "tau MEASURE Delta C D B VALUE"
 *                       (set 1 of C, set 2 of D); VALUE NA when undefined
 *       --alt-order     sum the sample scores right to left, the replicates
 *                       in reverse and tau-b's denominator as two roots: a
 *                       stand-in for an implementation that rounds
 *                       otherwise, to check that t_bias.sh tolerates what
 *                       it should (near-ties); not used by the test itself
 *   ref_bias --values FILE [-t T] [--topics N] [--seed S] [-p P]
 *                       [--fragile FILE] [--trace FILE]
 *       the same analysis on given per-topic values: FILE is TSV with the
 *       header "collection replicate run qid measure value"; collections,
 *       runs, topics (in topic order) and measures in the order of first
 *       appearance, the first collection being c = 0; a collection has
 *       1 + its largest replicate number; every cell must be given.
 *       Measures named GM(...) aggregate geometrically.
 *   ref_bias --selftest
 *       draws.md's vectors through this file's draw functions, vectors of
 *       streams 8, 9 and 10 computed with draws.md's Python, the image
 *       function against the manual page's example, tau-b on hand cases
 *       with ties, the aggregate's order of additions, the engineered
 *       permutation by hand, the number format.
 *   ref_bias --draws S STREAM N COUNT [I1 ...]
 *       prints index(word(S, STREAM, I1, ..., i), N) for i = 0..COUNT-1.
 *
 * Choices where the spec leaves room (to reconcile with cbeval):
 *  1. Topics are the reference qrels' qids in natural order (numeric when
 *     every qid is a string of digits: leading zeros ignored, then by
 *     length and bytes, equal numbers by bytes; byte order otherwise);
 *     topic position t is 0-based in that order.  The reference checks
 *     that cbeval prints its topics in the same order.
 *  2. Rankings: lines of qids that are not reference topics are dropped;
 *     --order score sorts by score descending and ties by docno
 *     descending (strcmp), rank by rank ascending and ties in file order,
 *     file keeps the file order; then the ranking is cut at -M.  The same
 *     docno twice in a topic is an error (cbeval without --dedup).  The
 *     materialised runs are written in this order and scored with
 *     --order file (copies adjacent, in place).
 *  3. Run names are cbeval's: the tag of the first run line; a name taken
 *     by an earlier file (or "all") becomes TAG#2, TAG#3, ...  The
 *     reference checks them against cbeval's root evaluation and writes
 *     each materialised run with its name as tag.  --top N keeps the N
 *     runs with the highest `all` value of the first output measure in
 *     cbeval's root evaluation of the files as given (with -l, -M,
 *     --order), ties by command-line position, in command-line order.
 *  4. Engineered runs (--engineered): for kept run j and topic t, the m
 *     documents of the ranking judged in the reference with grade >= -l,
 *     in rank order, fill slots 0..m-1; for i = m-1 down to 1 slot i is
 *     swapped with slot index(word(S,10,j,t,i), i+1); the permuted
 *     documents go back to the ranks that held relevant documents, in
 *     rank order.  Named NAME~perm, after the kept runs, in their order.
 *     The permutation is made once, at the root; an image repeats each
 *     document of the engineered ranking by its own k.
 *  5. Collections: c = 0 the reference (QRELS), then each --against in
 *     order, named by SPEC as given.  "pool:K" (K >= 1 digits): per topic,
 *     the documents at positions 1..K of at least one kept command-line
 *     run (never an engineered run) - with -b, positions in the image,
 *     where a document of multiplicity k occupies k positions and is in
 *     the pool when its first copy is at a position <= K (all its copies
 *     are then judged: the pool is a set of documents, as pools.md's
 *     multiplicities say) - and the reference judgements of those
 *     documents.  A SPEC with a comma is a list of qrels files, one
 *     replicate each (with -b a usage error); otherwise a qrels file.
 *     Every file must judge exactly the reference topics (exit 2 naming
 *     the file and the topic).  Without -b r_c = 1 (the root); with -b B
 *     the replicates of a single-file collection and of a pool are images
 *     1..B (replicate r = image r+1).
 *  6. A topic of the reference without a line in a materialised qrels
 *     (every judged document of multiplicity 0, or nothing judged in the
 *     pool) gets the line "QID 0 NEVER -2147483647" for a docno NEVER
 *     that no run retrieves, so that plain cbeval keeps the topic (R = 0:
 *     every measure 0 except num_ret and judged@k, which the line does not
 *     change).  Only such topics get it (bpref counts judged nonrelevant
 *     documents).  With -l -2147483647 the line would be relevant: the
 *     reference refuses that level.  Every materialised run starts with a
 *     line for a qid that is no reference topic, tagged with the run's
 *     name, so that a run emptied by an image is still a run.
 *  7. score(c, t, r, j) is run j's image-0 value on topic t in replicate r
 *     of collection c (for GM(M), M's per-topic value, which cbeval -q
 *     prints as GM(M)'s).  agg of values v_0..v_{k-1}: s = 0, s += v_i
 *     (GM: s += log(v_i + 0.00001)) for i = 0..k-1 in double, then s / k
 *     (GM: exp(s / k) - 0.00001), for every measure (num_ret too: a mean).
 *     Sample b of set h of collection c, slot i: t = index(word(S,9,c,h,
 *     b,i), n), r = index(word(S,8,c,h,b,i), r_c).  The root score of a
 *     run in c is agg over t = 0..n-1 of (sum over r = 0..r_c-1 in order
 *     of score(c,t,r,j)) / r_c.
 *  8. tau-b compares the doubles exactly: n0 = s(s-1)/2, n1 (n2) the pairs
 *     tied in x (y), S = concordant - discordant as integers;
 *     tau = S / sqrt((double)(n0-n1) * (double)(n0-n2)); undefined when
 *     n0 = n1 or n0 = n2.  delta^2 = (1 - tau) * (1 - tau).  A mean is the
 *     sum over the defined samples in b order / their count, NA when there
 *     is none.  sigma2 = mean / 2; b2 = (Delta - sigma2(c)) - sigma2(d);
 *     rmse^2 = Delta - sigma2(d); root = sqrt(x) for x >= 0, else
 *     -sqrt(-x).
 *  9. Near-ties (--fragile): the spec compares the sample scores exactly,
 *     but per-topic values that are equal in real arithmetic may differ in
 *     the last bits between two correct implementations (an image's value
 *     computed from multiplicities or from copies), and sums of the same
 *     values in other slot orders differ by rounding.  Two runs of a sample
 *     (or of the root scores) whose scores are within 1e-10 x the larger
 *     magnitude (equal included) and whose values are not identical slot
 *     by slot (topic by topic at the root) are a near-tie: their order may
 *     be <, = or >.  Identical values slot by slot tie exactly in any
 *     implementation that sums in slot order, so they are never near-ties
 *     - at the root, where the values are cbeval's own; in images (-b)
 *     only when the two runs also have the same signature on each slot's
 *     topic and replicate (the judgement, grade and multiplicity of each
 *     document of the image in rank order, all that a value is a function
 *     of; for a
 *     measure without graded gains - all but nDCG, nCG, Q and their GM -
 *     the grade only as its class: relevant at -l or not, negative or
 *     not, as the manual page's MEASURES define them) or the
 *     values are 0 (nothing relevant found: 0 in any implementation), as
 *     other values equal by coincidence may differ in the last bit when
 *     computed from multiplicities.
 *     For every tau-b the reference bounds the value over every decision
 *     of the near-ties of both rankings, each pair decided independently
 *     (a superset of what an implementation can reach): S = C - D within
 *     [Smin, Smax], n1 and n2 within their ranges, tau-b within
 *     [Smin / denominator, Smax / denominator] at the extreme denominators,
 *     clamped to [-1, 1]; delta^2 within the squares.  The ranges carry
 *     through the means (sum of lows and of highs / the count), sigma2,
 *     Delta, b2 = Delta - sigma2(c) - sigma2(d) (interval arithmetic:
 *     low Delta - high sigma2s, ...), rmse^2 and the roots, which are
 *     monotone.  A cell whose range is not one value is listed with it; a
 *     cell that uses a sample whose definedness (all tied or not) hangs on
 *     near-ties is listed with "*".  The table prints the reference's own
 *     decision, the exact comparison of its doubles.
 * 10. Numbers: `replicates` with %.0f; the rest %.*f with P decimals, a
 *     result that reads as zero printed without its minus sign; NA.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parts/ref_bias/ref_bias.h"

/* What the command line names besides the options kept in the context. */
struct args {
	const char *values, *keep, *fragfile, *tracefile;
	char **files, **against;
	size_t nfiles, nagainst;
};

/* --draws S STREAM N COUNT [I1 ...]: prints the indices; returns 0. */
static int draws_mode(int argc, char **argv)
{
	uint64_t seed = num_arg(argv[2], 0, UINT64_MAX, "S");
	uint64_t st = num_arg(argv[3], 0, UINT64_MAX, "STREAM");
	uint64_t n = num_arg(argv[4], 1, UINT64_MAX, "N");
	uint64_t cnt = num_arg(argv[5], 0, 1000000, "COUNT");
	int k = argc - 6;
	if (k > 15)
		die("too many indices", NULL);
	uint64_t idx[16];
	for (int a = 0; a < k; a++)
		idx[a] = num_arg(argv[6 + a], 0, UINT64_MAX, "index");
	for (uint64_t x = 0; x < cnt; x++) {
		idx[k] = x;
		printf("%s%" PRIu64, x ? " " : "", windex(word(seed, st, idx, k + 1), n));
	}
	printf("\n");
	return 0;
}

#define NEED() do { if (!v) udie("option needs a value", a); } while (0)

/* Option a with value v (NULL when none follows) of the analysis, as
 * cbeval's; returns 1 when it took v, 0 when it took none, -1 when a is
 * not one of them. */
static int analysis_option(struct rb *ctx, const char *a, const char *v)
{
	if (!strcmp(a, "--bias")) {
		return 0;
	} else if (!strcmp(a, "-t")) {
		NEED(); ctx->T = (unsigned long)num_arg(v, 1, 1000000, a);
	} else if (!strcmp(a, "--topics")) {
		NEED(); ctx->NP = (unsigned long)num_arg(v, 1, 100000000, a);
	} else if (!strcmp(a, "--engineered")) {
		ctx->engineered = 1;
		return 0;
	} else if (!strcmp(a, "-b")) {
		NEED(); ctx->B = (unsigned long)num_arg(v, 0, 10000000, a);
	} else if (!strcmp(a, "--top")) {
		NEED(); ctx->TOP = (unsigned long)num_arg(v, 1, ULONG_MAX, a);
	} else if (!strcmp(a, "--seed")) {
		NEED(); ctx->S = num_arg(v, 0, 9223372036854775807ULL, a);
	} else if (!strcmp(a, "-p")) {
		NEED(); ctx->P = (int)num_arg(v, 0, 17, a);
	} else if (!strcmp(a, "-m")) {
		NEED(); ctx->mspecs[ctx->nmspecs++] = (char *)v;
	} else if (!strcmp(a, "-l")) {
		NEED(); ctx->opt_l = v;
		char *end;
		errno = 0;
		ctx->level = strtol(v, &end, 10);
		if (end == v || *end || errno || ctx->level < -2147483647L || ctx->level > 2147483647L)
			udie("bad -l", v);
		if (ctx->level == -2147483647L)
			die("-l -2147483647 is not supported (choice 6)", NULL);
	} else if (!strcmp(a, "-M")) {
		NEED(); ctx->opt_M = v; num_arg(v, 1, ~0ULL, a);
	} else if (!strcmp(a, "--order")) {
		NEED(); ctx->opt_order = v;
		if (strcmp(v, "score") && strcmp(v, "rank") && strcmp(v, "file"))
			udie("bad --order", v);
		ctx->order_key = v;
	} else {
		return -1;
	}
	return 1;
}

/* Option a with value v of the reference's own (and --against); returns
 * as analysis_option. */
static int own_option(struct rb *ctx, struct args *ar, const char *a, const char *v)
{
	if (!strcmp(a, "--against")) {
		NEED(); ar->against[ar->nagainst++] = (char *)v;
	} else if (!strcmp(a, "--cbeval")) {
		NEED(); ctx->cbeval_path = v;
	} else if (!strcmp(a, "--keep")) {
		NEED(); ar->keep = v;
	} else if (!strcmp(a, "--fragile")) {
		NEED(); ar->fragfile = v;
	} else if (!strcmp(a, "--trace")) {
		NEED(); ar->tracefile = v;
	} else if (!strcmp(a, "--alt-order")) {
		ctx->alt_order = 1;
		return 0;
	} else if (!strcmp(a, "--values")) {
		NEED(); ar->values = v;
	} else {
		return -1;
	}
	return 1;
}

#undef NEED

/* Parses the command line into ctx and ar (usage error on a bad one);
 * opens --fragile and --trace. */
static void parse_args(struct rb *ctx, struct args *ar, int argc, char **argv)
{
	ar->files = xmalloc((size_t)argc * sizeof *ar->files);
	ar->against = xmalloc((size_t)argc * sizeof *ar->against);
	ctx->mspecs = xmalloc((size_t)argc * sizeof *ctx->mspecs);
	ctx->cbeval_path = getenv("CBEVAL") ? getenv("CBEVAL") : "./cbeval";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--") == 0) {
			for (i++; i < argc; i++)
				ar->files[ar->nfiles++] = argv[i];
			break;
		}
		int took = analysis_option(ctx, a, v);
		if (took < 0)
			took = own_option(ctx, ar, a, v);
		if (took < 0 && a[0] == '-' && a[1])
			udie("unknown option", a);
		if (took < 0)
			ar->files[ar->nfiles++] = argv[i];
		else
			i += took;
	}
	if (ar->fragfile && !(ctx->ffrag = fopen(ar->fragfile, "w")))
		die("cannot write", ar->fragfile);
	if (ar->tracefile && !(ctx->ftrace = fopen(ar->tracefile, "w")))
		die("cannot write", ar->tracefile);
}

/* The directory of the materialised files: --keep's (created), else a
 * new temporary one; the caller frees the name. */
static char *make_dir(struct rb *ctx, const char *keep)
{
	char *tmpdir;
	if (keep) {
		if (mkdir(keep, 0755) != 0 && errno != EEXIST)
			die("cannot create", keep);
		tmpdir = xstrdup(keep);
		ctx->keep_files = 1;
	} else {
		const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
		tmpdir = xprintf("%s/ref_bias.XXXXXX", base);
		if (!mkdtemp(tmpdir))
			die("cannot create a temporary directory", tmpdir);
	}
	return tmpdir;
}

/* The reference and the runs: read, named, --top kept (root evaluation in
 * dir), engineered; the runs' names checked.  Returns the array of the
 * runs as read (all[0..*nr-1]), which the caller frees. */
static struct run *read_runs(struct rb *ctx, const struct args *ar, const char *dir, size_t *nr)
{
	read_qrels(ctx, &ctx->refq, ar->files[0], 1);
	*nr = ar->nfiles - 1;
	struct run *all = xcalloc(*nr, sizeof *all);
	unsigned long long cut = ctx->opt_M ? strtoull(ctx->opt_M, NULL, 10) : 0;
	for (size_t j = 0; j < *nr; j++)
		read_run(ctx, &all[j], ar->files[1 + j], cut);
	name_runs(all, *nr);
	ctx->runs = xcalloc(2 * *nr, sizeof *ctx->runs);
	root_eval(ctx, ar->files[0], ar->files + 1, *nr, all, dir);
	size_t nj = ctx->nkept;
	if (ctx->engineered)
		for (size_t j = 0; j < ctx->nkept; j++)
			engineer(ctx, &ctx->runs[nj++], &ctx->runs[j], j, &ctx->refq);
	for (size_t j = 0; j < nj; j++)
		if (st_find(&ctx->runnames, ctx->runs[j].name) >= 0 || !strcmp(ctx->runs[j].name, "all"))
			die("two runs would have the same name", ctx->runs[j].name);
		else
			st_intern(&ctx->runnames, ctx->runs[j].name);
	return all;
}

/* Collection c of --against spec: a pool, or qrels files (a comma list:
 * one replicate each). */
static void read_collection(struct rb *ctx, size_t c, const char *spec)
{
	ctx->cname[c] = (char *)spec;
	if (pool_spec(spec, &ctx->colls[c].K)) {
		ctx->colls[c].kind = C_POOL;
		return;
	}
	ctx->colls[c].kind = C_FILE;
	char *copy = xstrdup(spec);
	size_t nq = 1;
	for (const char *p = spec; *p; p++)
		nq += *p == ',';
	if (nq > 1 && ctx->B)
		udie("a comma list of qrels files with -b", spec);
	ctx->colls[c].nq = nq;
	ctx->colls[c].q = xcalloc(nq, sizeof *ctx->colls[c].q);
	char *p = copy;
	for (size_t k = 0; k < nq; k++) {
		char *e = strchr(p, ',');
		if (e)
			*e = 0;
		if (!*p)
			udie("an empty file name in", spec);
		read_qrels(ctx, &ctx->colls[c].q[k], xstrdup(p), 0);
		p = e ? e + 1 : p;
	}
	free(copy);
}

/* The collections (choice 5) and their replicates. */
static void read_collections(struct rb *ctx, const struct args *ar)
{
	ctx->NC = 1 + ar->nagainst;
	ctx->colls = xcalloc(ctx->NC, sizeof *ctx->colls);
	ctx->cname = xmalloc(ctx->NC * sizeof *ctx->cname);
	ctx->nrep = xcalloc(ctx->NC, sizeof *ctx->nrep);
	ctx->roff = xcalloc(ctx->NC, sizeof *ctx->roff);
	ctx->cname[0] = "reference";
	ctx->colls[0].kind = C_FILE;
	ctx->colls[0].nq = 1;
	ctx->colls[0].q = &ctx->refq;
	for (size_t c = 1; c < ctx->NC; c++)
		read_collection(ctx, c, ar->against[c - 1]);
	ctx->NREP = 0;
	for (size_t c = 0; c < ctx->NC; c++) {
		ctx->nrep[c] = ctx->B ? ctx->B : (ctx->colls[c].kind == C_POOL ? 1 : ctx->colls[c].nq);
		ctx->roff[c] = ctx->NREP;
		ctx->NREP += ctx->nrep[c];
	}
}

/* The docno no run retrieves and the qid that is no topic (choice 6);
 * with -b, no docno may hold '~'. */
static void choose_fillers(struct rb *ctx)
{
	/* the copies docno~k of an image must not meet a docno as given */
	if (ctx->B)
		for (size_t d = 0; d < ctx->docs.n; d++)
			if (strchr(ctx->docs.s[d], '~'))
				die("a docno with '~' (the copies of an image would be ambiguous)", ctx->docs.s[d]);
	for (unsigned long k = 0;; k++) {
		ctx->never_doc = xprintf("ref-bias-never-retrieved-%lu", k);
		if (st_find(&ctx->docs, ctx->never_doc) < 0)
			break;
		free(ctx->never_doc);
	}
	for (unsigned long k = 0;; k++) {
		ctx->none_qid = xprintf("ref-bias-none-%lu", k);
		if (st_find(&ctx->topics, ctx->none_qid) < 0)
			break;
		free(ctx->none_qid);
	}
}

/* Reads the inputs, materialises and scores every replicate of every
 * collection in a directory (returned; the caller frees its name), *all
 * the runs as read. */
static char *prepare(struct rb *ctx, const struct args *ar, struct run **all, size_t *nr)
{
	if (ar->nfiles < 3)
		udie("need QRELS and at least 2 RUN files", NULL);
	if (ar->nagainst == 0)
		udie("no --against: nothing to compare with the reference", NULL);
	if (access(ctx->cbeval_path, X_OK) != 0)
		die("cannot run cbeval", ctx->cbeval_path);
	char *tmpdir = make_dir(ctx, ar->keep);
	*all = read_runs(ctx, ar, tmpdir, nr);
	read_collections(ctx, ar);
	choose_fillers(ctx);
	alloc_values(ctx);
	for (size_t c = 0; c < ctx->NC; c++)
		for (size_t r = 0; r < ctx->nrep[c]; r++)
			materialise(ctx, c, r, tmpdir);
	return tmpdir;
}

/* Frees everything, for the sanitizers. */
static void free_all(struct rb *ctx, struct args *ar, struct run *all)
{
	if (ar->values) {
		for (size_t c = 0; c < ctx->NC; c++)
			free(ctx->cname[c]);
	} else {
		for (size_t j = 0; j < NJ; j++)
			free_run(ctx, &ctx->runs[j]);
		for (size_t c = 1; c < ctx->NC; c++) {
			for (size_t k = 0; ctx->colls[c].kind == C_FILE && k < ctx->colls[c].nq; k++) {
				free((char *)ctx->colls[c].q[k].path);
				free_qrels(ctx, &ctx->colls[c].q[k]);
			}
			free(ctx->colls[c].q);
		}
		free_qrels(ctx, &ctx->refq);
		free(ctx->colls);
		free(ctx->never_doc);
		free(ctx->none_qid);
	}
	free(all);
	free(ctx->runs);
	free(ctx->cname);
	free(ctx->nrep);
	free(ctx->roff);
	free(ctx->val);
	free(ctx->sig);
	free(ctx->sigb);
	free(ctx->dt);
	free(ctx->dr);
	free(ctx->ux);
	free(ctx->uy);
	free(ctx->kcur);
	free(ar->files);
	free(ar->against);
	free(ctx->mspecs);
	st_free(&ctx->docs);
	st_free(&ctx->topics);
	st_free(&ctx->runnames);
	st_free(&ctx->meas);
}

/* --selftest, --draws, or the table: exit 0, 1 on a usage error, 2 on
 * any other failure (die). */
int main(int argc, char **argv)
{
	struct rb ctx = { 0 };
	struct args ar = { 0 };
	ctx.S = 1;
	ctx.T = 1000;
	ctx.P = 4;
	ctx.level = 1;
	ctx.order_key = "score";
	ctx.kcur_b = UINT64_MAX;

	if (argc == 2 && strcmp(argv[1], "--selftest") == 0)
		return selftest(&ctx);
	if (argc >= 6 && strcmp(argv[1], "--draws") == 0)
		return draws_mode(argc, argv);
	parse_args(&ctx, &ar, argc, argv);

	char *tmpdir = NULL;
	struct run *all = NULL;
	size_t nr = 0;
	if (ar.values) {
		if (ar.nfiles || ar.nagainst || ctx.B || ctx.engineered || ctx.TOP || ctx.nmspecs)
			die("--values takes no QRELS, RUN, --against, -b, --engineered, --top or -m", NULL);
		read_values(&ctx, ar.values);
	} else {
		tmpdir = prepare(&ctx, &ar, &all, &nr);
	}
	analyse(&ctx);
	if (ctx.ffrag && fclose(ctx.ffrag))
		die("write error", ar.fragfile);
	if (ctx.ftrace && fclose(ctx.ftrace))
		die("write error", ar.tracefile);
	if (tmpdir && !ar.keep && rmdir(tmpdir) != 0)
		fprintf(stderr, "%s: warning: could not remove %s\n", REF_PROG, tmpdir);
	free(tmpdir);
	free_all(&ctx, &ar, all);
	return 0;
}
