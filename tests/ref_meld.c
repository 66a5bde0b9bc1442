/*
 * tests/ref_meld.c - a slow, independent reference for `cbeval --meld`
 * (shared spec meld.md; the meld flip is stream 7 of draws.md, the
 * multiplicities the bootstrap image of the manual page), used by
 * tests/t_meld.sh.
 *
 * It includes no project header and shares no code with cbeval: its own
 * copy of the draw functions and of the floating-point image function
 * (ref_common.h: u < F(k) in doubles, F summed left to right from exp(-1), as
 * the manual page writes it, not cbeval's integer thresholds), its own
 * paired t-test (Student t by the power series of ref_common.h), its own
 * quantiles, labels and Rank labelling.  It does everything the obvious
 * way: for every mf, split s = 1..K, image b = 1..B and part L, R it
 * MATERIALISES the sub-collection as files - every document written k
 * times in place, as copies "docno~1" .. "docno~k", in the qrels (file
 * order) and in every run (evaluation order), k = k_b(d) when d's melded
 * label is the part and 0 otherwise - and scores them with plain cbeval
 * (`cbeval -b 1 --images F --order file`, image 0, which is the plain
 * evaluation printed with %.17g, so that the values read back are
 * cbeval's own doubles).  Then it computes the table of the spec by
 * explicit loops over measures, mf, runs, pairs, splits, images, topics.
 *
 * This file holds the command line and main; the rest is in
 * tests/parts/ref_meld/ (ref_meld.h: the context struct every function
 * takes; common.c, ttest.c, input.c, materialise.c, report.c,
 * outputs.c, selftest.c).  Sizes: test collections (a few runs, tens of
 * topics, K x B x |mf| x 2 materialised sub-collections, each scored by
 * a cbeval process).
 *
 * Usage:
 *   ref_meld --meld LABELS|rank -b B [OPTIONS] QRELS RUN...
 *       the table of the spec on stdout.  OPTIONS, as cbeval's:
 *       --mf LIST (1.0,0.8,0.6,0.4,0.2,0.0), --splits K (10), --seed S
 *       (1), -p P (4), -m SPEC (repeatable; cbeval's default measures
 *       without it), -l N, -M N, --order KEY, --images FILE (-j N is
 *       accepted and ignored); and the reference's own:
 *       --cbeval PATH   the cbeval that scores ($CBEVAL, else ./cbeval)
 *       --keep DIR      materialise into DIR (created) and keep the files:
 *                       I.S.B.P.qrels and I.S.B.P.runJ (I the position
 *                       of mf in --mf from 0, S split, B image, P part L
 *                       or R, J run position from 0), root.qrels and
 *                       root.runJ (the root check, below)
 *       --fragile FILE  write the cells whose value hangs on a threshold
 *                       comparison that rounding decides (below) to FILE
 *       --labels-out FILE  write the labelling (docno, r or -, base
 *                       label, then the melded label of split 1 for each
 *                       mf) to FILE
 *   ref_meld --values FILE --mf LIST --splits K -b B [-p P] [--fragile F]
 *       the same statistics on given per-topic values instead of
 *       cbeval's: FILE is TSV with the header "mf split image part run
 *       qid measure value" (mf a string of LIST; part L or R); runs,
 *       topics and measures in the order of first appearance; every
 *       combination must be given.  Without labels or qrels there is no
 *       `all` block.
 *   ref_meld --draws S K B DOCNO...
 *       per docno: docno, uniform(docword(S,7,docno,s)) for s = 1..K
 *       (%.17g) and k_b(docno) of seed S for b = 1..B (tab-separated).
 *   ref_meld --selftest
 *       the stream-7 vector of draws.md and the image example of the
 *       manual page through this file's functions, the image function's
 *       Poisson(1) frequencies; the one-sided paired t-test against
 *       closed forms (df 1: Cauchy; df 2), its zero rule and sd = 0
 *       cases; type-7 quantiles; natural topic order; the number format;
 *       the median of the Rank labelling.
 *
 * Choices (those of the brief of cbeval's --meld; the spec leaves room):
 *  1. Topics are the qrels topics in natural order (numeric when every
 *     qid is digits - compared by value, leading zeros ignored, then
 *     bytes - else byte order).  Every topic is scored in every
 *     sub-collection: each materialised qrels has one extra line per
 *     topic, "QID 0 ref-meld-none -2147483647", a document no run
 *     retrieves with a grade that is never relevant (for -l above
 *     -2147483647, which the reference requires), so that a topic whose
 *     documents are all absent stays a topic and scores what cbeval
 *     scores for it (0, except num_ret and judged@k).  To check that this
 *     and the writing of the runs change nothing, every invocation first
 *     scores the materialised ROOT (every docno once, labelled or not,
 *     the same extra lines and run files) and dies unless it equals the
 *     plain evaluation of the given files value for value (exactly).
 *  2. Runs: ordered by the reference itself (--order: score descending,
 *     ties by docno descending in byte order; rank ascending, ties in
 *     file order; or file order), lines of topics not in the qrels
 *     dropped, cut at -M; written in that order and scored with --order
 *     file (no -M).  Each materialised run file ends with one line for a
 *     qid that is not a topic, so that a run with no document left is
 *     still a run; its tag is "ref-meld-J" and the run keeps the name
 *     cbeval gives the original file (read from the plain evaluation).
 *     Names, measures (and their order) come from the plain evaluation;
 *     residuals (names ending in ".residual") are left out of the table.
 *  3. Labels file: lines "docno label", label L or R; blank lines and
 *     lines starting with '#' skipped; anything else an error.  Rank
 *     labelling: r = the smallest 1-based position of a docno over every
 *     run and qrels topic (evaluation order, after -M), docnos with
 *     r <= 100 only; m = the type-7 median of these r (one per docno);
 *     L when r < m, R otherwise.
 *  4. Melded label of labelled d in split s at mf: the base label,
 *     swapped when uniform(docword(S,7,d,s)) < mf / 2 (mf parsed with
 *     strtod, mf / 2 in double).  Multiplicity in part P of image b: k_b(d)
 *     when the melded label is P, else 0; unlabelled: 0.
 *  5. The paired test of z_0..z_{n-1}: mean = left-to-right sum / n;
 *     |mean| <= 1e-12: mean 0, t 0, p 0.5; else sd = sqrt(sum (z_t -
 *     mean)^2 / (n - 1)) (raw mean, two passes); sd == 0: p = 0 (mean > 0)
 *     or 1; else t = mean / (sd / sqrt n), p = P(T_{n-1} >= t): tpval(t) / 2
 *     for t > 0, 1 - tpval(-t) / 2 for t < 0.  With n < 2 there is no p.
 *  6. Self: z_t = A_L(t) - A_R(t) for every run, split, image; counts
 *     p < X, p > X as doubles, fractions count / self_n.
 *  7. Pairs (i < j, command-line order), split, image: d_L = mean of
 *     x_i,L - x_j,L with the zero rule; d_L < 0 swaps the pair; then z_t
 *     = x_A - x_B on L and on R, d_L, d_R, p_L, p_R as in 5.  window:
 *     0.009 <= p_L <= 0.011; nonsupport: d_R <= 0 (the zeroed d_R);
 *     notsig: p_R >= 0.05; nonsupport_all over p_L < 0.05.  dLR = |d_L| -
 *     |d_R|, dR = d_R (zeroed values); type-7 quantiles (R's default) of
 *     the pairs_n values at 0.01 0.05 0.25 0.5 0.75 0.95 0.99.
 *  8. `all`: docs_L, docs_R over the labelling (labels file: every docno
 *     of the file; rank: every docno with r <= 100), melded labels of
 *     split 1; judged_*_pct over every qrels line, rel_*_pct over lines
 *     with grade >= -l (default 1); NA when the denominator is 0.
 *  9. NA: with n < 2 topics self_p_*, window_n, nonsupport_pct,
 *     notsig_pct and nonsupport_all_pct; nonsupport_pct and notsig_pct
 *     when window_n = 0; nonsupport_all_pct when no case has p_L < 0.05.
 * 10. Numbers: counts (self_n, pairs_n, window_n, docs_L, docs_R) with
 *     %.0f, the others with %.*f (P decimals), "-0.00" printed "0.00".
 *     The warning of the spec (R of the unmelded labels holds below 5% of
 *     the judgements or of the relevant ones) is one line on stderr.
 *     --images: rows by mf, run, split, image, part (L, R), qid (natural
 *     order, then all), measure; values %.17g; `all` the mean over topics
 *     (left to right / n), the sum for num_ret, num_rel, num_rel_ret, and
 *     exp(sum ln(x + 0.00001) / n) - 0.00001 for GM(...).
 * 11. Fragile cells (--fragile, "measure mf statistic lo hi", "*" for
 *     any): a threshold comparison that rounding may decide: p within
 *     1e-9 x X of a threshold X; a mean whose |value| is within 1e-13 of
 *     the 1e-12 of the zero rule (then p may be 0.5 or the computed one,
 *     d_R <= 0 either way, and a d_L near -1e-12 may orient the pair
 *     either way: then every pair statistic of the block is "*").  Counts
 *     get the range of what either decision gives; the percentages the
 *     range lo = 100 a_lo / w_hi, hi = 100 a_hi / w_lo ("*" when w_lo =
 *     0 and w_hi > 0); quantiles +-2e-12 when a d is near the zero rule.
 *     The table prints the decision of the exact rules.
 */
#include <dirent.h>
#include <sys/stat.h>

#include "parts/ref_meld/ref_meld.h"

/* The temporary directory to remove at exit.  The one file-scope
 * variable: die() (ref_common.h) exits from anywhere, and only an atexit
 * handler, which takes no argument, can then remove the directory. */
static char *cleanup_dir;

/* Remove cleanup_dir and the files in it (an atexit handler). */
static void cleanup(void)
{
	if (!cleanup_dir)
		return;
	DIR *d = opendir(cleanup_dir);
	if (d) {
		struct dirent *e;
		char path[8192];
		while ((e = readdir(d)) != NULL) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			snprintf(path, sizeof path, "%s/%s", cleanup_dir, e->d_name);
			remove(path);
		}
		closedir(d);
	}
	if (rmdir(cleanup_dir) != 0)
		fprintf(stderr, "%s: warning: could not remove %s\n", REF_PROG, cleanup_dir);
	free(cleanup_dir);
	cleanup_dir = NULL;
}

/* --draws S K B DOCNO...: per docno its meld draws of splits 1..K and
 * multiplicities in images 1..B.  Returns the exit status. */
static int draws(int argc, char **argv)
{
	uint64_t seed = num_arg(argv[2], 0, 9223372036854775807ULL, "--draws S");
	unsigned long k = (unsigned long)num_arg(argv[3], 0, 1000, "--draws K");
	unsigned long b = (unsigned long)num_arg(argv[4], 0, 100000, "--draws B");
	for (int a = 5; a < argc; a++) {
		size_t len = strlen(argv[a]);
		printf("%s", argv[a]);
		for (unsigned long s = 1; s <= k; s++)
			printf("\t%.17g", meld_u(seed, argv[a], len, s));
		for (unsigned long x = 1; x <= b; x++)
			printf("\t%u", ref_image_k(argv[a], len, seed, x));
		printf("\n");
	}
	return 0;
}

/* What the command line gives besides the options kept in the context. */
struct args {
	const char *values, *keep, *fragfile, *labels, *images, *labels_out;
	char **files;	/* QRELS RUN... */
	size_t nfiles;
};

/* Dies unless option a has its value v. */
static void need(const char *a, const char *v)
{
	if (!v)
		die("option needs a value", a);
}

/* An option of cbeval's that the reference takes: a with value v (NULL
 * when a is the last argument).  Returns 1 when a is one (and took v),
 * else 0; dies on a bad value. */
static int cbeval_option(struct meld *c, struct args *g, const char *a, const char *v)
{
	if (!strcmp(a, "--meld")) {
		need(a, v); g->labels = v;
	} else if (!strcmp(a, "-b")) {
		need(a, v); c->B = (unsigned long)num_arg(v, 1, 100000, a);
	} else if (!strcmp(a, "--mf")) {
		need(a, v); parse_mf(c, v);
	} else if (!strcmp(a, "--splits")) {
		need(a, v); c->K = (unsigned long)num_arg(v, 1, 1000, a);
	} else if (!strcmp(a, "--seed")) {
		need(a, v); c->S = num_arg(v, 0, 9223372036854775807ULL, a);
	} else if (!strcmp(a, "-p")) {
		need(a, v); c->P = (int)num_arg(v, 0, 17, a);
	} else if (!strcmp(a, "-m")) {
		need(a, v); c->mspecs[c->nmspecs++] = (char *)v;
	} else if (!strcmp(a, "-l")) {
		need(a, v); c->opt_l = v;
		char *end;
		errno = 0;
		c->level = strtol(v, &end, 10);
		if (end == v || *end || errno || c->level <= -2147483647L || c->level > 2147483647L)
			die("bad -l (the reference needs -l > -2147483647)", v);
	} else if (!strcmp(a, "-M")) {
		need(a, v); c->opt_M = v; num_arg(v, 1, ~0ULL, a);
	} else if (!strcmp(a, "--order")) {
		need(a, v); c->opt_order = v;
		if (strcmp(v, "score") && strcmp(v, "rank") && strcmp(v, "file"))
			die("bad --order", v);
	} else if (!strcmp(a, "--images")) {
		need(a, v); g->images = v;
	} else if (!strcmp(a, "-j")) {
		need(a, v);	/* accepted and ignored: the reference is serial */
	} else {
		return 0;
	}
	return 1;
}

/* An option of the reference's own, as cbeval_option. */
static int ref_option(struct meld *c, struct args *g, const char *a, const char *v)
{
	if (!strcmp(a, "--cbeval")) {
		need(a, v); c->cbeval_path = v;
	} else if (!strcmp(a, "--keep")) {
		need(a, v); g->keep = v;
	} else if (!strcmp(a, "--fragile")) {
		need(a, v); g->fragfile = v;
	} else if (!strcmp(a, "--labels-out")) {
		need(a, v); g->labels_out = v;
	} else if (!strcmp(a, "--values")) {
		need(a, v); g->values = v;
	} else {
		return 0;
	}
	return 1;
}

/* Read the command line into c and g; dies on an unknown option or a
 * bad value. */
static void parse_args(struct meld *c, struct args *g, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--") == 0) {
			for (i++; i < argc; i++)
				g->files[g->nfiles++] = argv[i];
			break;
		}
		if (cbeval_option(c, g, a, v) || ref_option(c, g, a, v))
			i++;
		else if (a[0] == '-' && a[1])
			die("unknown option", a);
		else
			g->files[g->nfiles++] = argv[i];
	}
}

/* The directory to materialise into: keep (created; *keep_files set), or
 * a new temporary one removed at exit.  The caller frees the path. */
static char *work_dir(const char *keep, int *keep_files)
{
	char *tmpdir;
	if (keep) {
		if (mkdir(keep, 0755) != 0 && errno != EEXIST)
			die("cannot create", keep);
		tmpdir = xstrdup(keep);
		*keep_files = 1;
	} else {
		const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
		tmpdir = xprintf2(base, "/ref_meld.XXXXXX");
		if (!mkdtemp(tmpdir))
			die("cannot create a temporary directory", tmpdir);
		cleanup_dir = xstrdup(tmpdir);
		atexit(cleanup);
	}
	return tmpdir;
}

/* Read QRELS, the runs and the labelling, and score every
 * sub-collection into c->V.  Returns the work directory (the caller
 * frees it). */
static char *load(struct meld *c, const struct args *g)
{
	if (g->nfiles < 3)
		die("need QRELS and at least 2 RUN files", NULL);
	if (access(c->cbeval_path, X_OK) != 0)
		die("cannot run cbeval", c->cbeval_path);
	read_qrels(c, g->files[0]);
	/* a qid that is no topic, for the last line of every run */
	for (unsigned long x = 0;; x++) {
		snprintf(c->dummy_buf, sizeof c->dummy_buf, "ref-meld-none-%lu", x);
		if (names_find(&c->topics, c->dummy_buf) < 0)
			break;
	}
	c->dummy_qid = c->dummy_buf;
	c->nruns = g->nfiles - 1;
	c->rk = xcalloc(c->nruns * NT(c), sizeof *c->rk);
	for (size_t j = 0; j < c->nruns; j++)
		read_run(c, j, g->files[1 + j]);
	if (strcmp(g->labels, "rank") == 0)
		rank_labels(c);
	else
		read_labels(c, g->labels);
	prepare_draws(c);
	char *tmpdir = work_dir(g->keep, &c->keep_files);
	c->dir = tmpdir;
	evaluate(c, g->files[0], g->files + 1, c->nruns);
	return tmpdir;
}

/* The table on stdout, the warning, and the --images, --labels-out and
 * --fragile files; dies on a write error. */
static void report(struct meld *c, const struct args *g)
{
	c->outm = xmalloc((NM(c) + 1) * sizeof *c->outm);
	for (size_t m = 0; m < NM(c); m++)
		if (!is_residual(c->meas.v[m]))
			c->outm[c->noutm++] = m;
	if (c->noutm == 0)
		die("no output measure", NULL);

	printf("measure\tmf\tstatistic\tvalue\n");
	for (size_t k = 0; k < c->noutm; k++)
		for (size_t x = 0; x < c->nmf; x++)
			analyse(c, c->outm[k], x);
	if (!g->values)
		for (size_t x = 0; x < c->nmf; x++)
			analyse_all(c, x);
	if (!g->values)
		warn_shallow(c);
	if (fflush(stdout) || ferror(stdout))
		die("write error", NULL);
	if (g->images)
		write_images(c, g->images);
	if (g->labels_out && !g->values)
		write_labels(c, g->labels_out);
	if (c->ffrag && fclose(c->ffrag))
		die("write error", g->fragfile);
}

/* The usage at the top of this file; exits 0, or 2 on an error. */
int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--selftest") == 0)
		return selftest();
	if (argc >= 5 && strcmp(argv[1], "--draws") == 0)
		return draws(argc, argv);

	struct meld c = { .S = 1, .K = 10, .P = 4, .level = 1 };
	struct args g = { 0 };
	g.files = xmalloc((size_t)argc * sizeof *g.files);
	c.mspecs = xmalloc((size_t)argc * sizeof *c.mspecs);
	c.cbeval_path = getenv("CBEVAL") ? getenv("CBEVAL") : "./cbeval";
	parse_mf(&c, "1.0,0.8,0.6,0.4,0.2,0.0");
	parse_args(&c, &g, argc, argv);
	if ((!g.labels && !g.values) || c.B == 0) {
		fprintf(stderr, "usage: %s --meld LABELS|rank -b B [--mf LIST] [--splits K] [--seed S] [-p P]\n"
				"         [-m SPEC]... [-l N] [-M N] [--order KEY] [--images FILE]\n"
				"         [--cbeval PATH] [--keep DIR] [--fragile FILE] [--labels-out FILE] QRELS RUN...\n"
				"       %s --values FILE --mf LIST --splits K -b B [-p P] [--fragile FILE]\n"
				"       %s --draws S K B DOCNO...\n"
				"       %s --selftest\n", REF_PROG, REF_PROG, REF_PROG, REF_PROG);
		return 2;
	}
	if (g.fragfile && !(c.ffrag = fopen(g.fragfile, "w")))
		die("cannot write", g.fragfile);

	char *tmpdir = NULL;
	if (g.values) {
		if (g.nfiles)
			die("--values takes no QRELS or RUN", NULL);
		read_values(&c, g.values);
	} else {
		tmpdir = load(&c, &g);
	}
	report(&c, &g);

	free(tmpdir);
	free(g.files);
	free(c.mspecs);
	free(c.outm);
	free(c.V);
	return 0;
}
