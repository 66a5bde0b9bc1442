/*
 * tests/ref_partitions.c - a slow, independent reference for
 * `cbeval --partitions` (shared spec partitions.md; random draws from
 * draws.md, streams 4, 5 and 6), used by tests/t_partitions.sh.
 *
 * The program is split by meaning: this file has main and the options;
 * tests/parts/ref_partitions/ the rest (stats.c: draws and statistics;
 * data.c: names, values, --values; runs.c and materialise.c: the part
 * files and plain cbeval; analyse.c: the table; selftest.c: --selftest).
 *
 * It includes no project header and shares no code with cbeval: its own
 * copy of the draw functions, its own ANOVA, bootstrap, Benjamini-Hochberg,
 * t-test and randomization test.  It does everything the obvious way: for
 * each split s = 1..K it MATERIALISES the qrels and every run of each part
 * k as files (each line whose docno d has index(docword(S,4,d,s), X) = k,
 * in file order), scores them with plain cbeval (`cbeval -b 1 --images F`,
 * image 0, which is the plain evaluation printed with %.17g so that the
 * values read back as cbeval's own doubles), reads the per-topic values
 * y(i,j,k), and fits the two-way ANOVA by explicit means.  The full
 * collection is scored the same way for p_ttest and p_rand.
 *
 * Usage:
 *   ref_partitions [OPTIONS] QRELS RUN...
 *       the table of the spec on stdout.  OPTIONS, as cbeval's:
 *       --partitions X (required), --splits K (1), --resamples M (1000),
 *       --randomizations R (10000), --seed S (1), -p P (4), -m SPEC
 *       (repeatable; cbeval's default measures without it), -l N, -M N,
 *       --order KEY, --dedup; and the reference's own:
 *       --cbeval PATH   the cbeval that scores the parts ($CBEVAL, else
 *                       ./cbeval)
 *       --keep DIR      materialise into DIR (created) and keep the files
 *       --fragile FILE  write the cells whose value hangs on a near-tie
 *                       (below) to FILE
 *       --trace FILE    write effects, residuals, stream-5 indices and
 *                       bootstrap effects to FILE (for the hand cases)
 *       --alt-order     sum in other orders and group the operations
 *                       otherwise: a stand-in for an implementation that
 *                       rounds differently, to check that the comparison
 *                       of t_partitions.sh tolerates what it should (not
 *                       used by the test itself)
 *   ref_partitions --values FILE [OPTIONS]
 *       the same analysis on given per-topic values instead of cbeval's:
 *       FILE is TSV with the header "split part run qid measure value";
 *       split 0 (part 0) is the full collection, which fixes the runs,
 *       topics and measures in the order of first appearance; split
 *       s = 1..K, part k = 0..X-1 the replicates.  A topic takes part in
 *       split s when it has values in every part of s.
 *   ref_partitions --selftest
 *       the test vectors of draws.md (streams 4, 5, 6) through this file's
 *       draw functions; ANOVA identities on random data; Benjamini-Hochberg
 *       on hand-computed lists; type-7 quantiles; the randomization test on
 *       a case enumerated by hand; Student t p-values against closed forms.
 *
 * Choices where the spec leaves room (to reconcile with cbeval):
 *  1. Sums are taken left to right in cell order c = (i*J + j)*X + k
 *     (topic, then run, then part), in double, and then divided by the
 *     count: ybar_ij over k; ybar_i over j, k; ybar_j over i, k; ybar over
 *     all N cells.  effect_j = ybar_j - ybar; e_int = y - ybar_ij;
 *     e_noint = ((y - ybar_i) - ybar_j) + ybar.  A bootstrap effect is
 *     (effect_j + mean_j) - mean_all, mean_j the sum of run j's assigned
 *     residuals in cell order / (n X), mean_all the sum of all N in cell
 *     order / N.  The spec compares doubles (effect*_H <= effect_L,
 *     d* <= 0, d* >= 0) without a tolerance; cbeval adds the tie rule of
 *     --sensitivity (manual page, PARTITIONS), and so does the reference:
 *     two sides within tol = 1e-10 x the split's largest |y| of the
 *     measure are equal (H = A unless effect_B > effect_A + tol;
 *     effect*_H - effect_L <= tol counts; |d*| <= tol counts as both
 *     d* <= 0 and d* >= 0).  Since the rule makes both agree, the ranges
 *     below only widen the test's acceptance where it no longer needs to.
 *     Where the two sides are within 1e-10 of the split's largest |y|
 *     (a tie in exact arithmetic that rounding decides, common for P@10),
 *     the result depends on the order of the operations, so --fragile
 *     lists those cells with the range of values that either decision
 *     gives (p and pd: counting the near-ties or not, on a near-tie of
 *     effect_A and effect_B either run as H; q: BH of the low and of the
 *     high p vector, which is monotone; sig_*, splits_sig,
 *     sig_unanimous: the counts from the high and the low q; agree_*:
 *     "*", any value).  The table prints the decision of the tie rule.
 *  2. pd = min(1, (double)(2 * min(#{d* <= 0}, #{d* >= 0})) / M), with
 *     d*_m = effect*_A,m - effect*_B,m computed as a double difference.
 *  3. q: P * p_(r') and then / r', both doubles; min over r' >= r taken
 *     from r' = P down; then min(1, .).  Significant: q < 0.05 (double).
 *  4. ci_len_* are over the J runs of ci_hi - ci_lo (a double difference):
 *     the mean (left-to-right sum / J), the min and the max.
 *  5. Topics: the qrels topics (every topic cbeval prints, in its order).
 *     topics_used = the topics kept in the split, topics_dropped = the
 *     qrels topics not kept (including topics with no relevant document
 *     at all); they sum to the number of qrels topics.
 *     Relevance is counted from the materialised part qrels at level -l,
 *     the first line of a (qid, docno) only (as --dedup keeps it).
 *  6. A split with n < 2 topics kept: every row but topics_used and
 *     topics_dropped NA (the per-run and per-pair rows too, and the
 *     sig_* counts of the split); in `all` it counts as not significant.
 *  7. p_ttest: as --pairs root_p, exact double tests: sd == 0 gives p = 1
 *     if the mean == 0, else 0; mean = left-to-right sum / n; sd two-pass
 *     with n-1.  NA with fewer than 2 qrels topics; an NA p_ttest counts
 *     as not significant in sig_ttest_* (which stay whole numbers).
 *  8. p_rand: sums left to right over topic positions t = 0..n-1; the
 *     threshold |sum z| - 1e-9 * sum |z| is computed as written; count/R.
 *     Defined with one topic too (then it is 1).
 *  9. Numbers: whole numbers %lu; p_*, q_*, pd_*, p_ttest, p_rand with
 *     %.*g, P significant digits (1 when P = 0); the rest %.*f.
 * 10. Warnings: one line per split that drops topics, on stderr:
 *     "ref_partitions: warning: split S: N of T topics dropped (a part
 *     without a relevant document): QID QID ...".
 * 11. With -M the reference orders each ranking itself (--order, then
 *     --dedup, as the manual page says: score descending with ties by
 *     docno descending in byte order, rank ascending stably, or file
 *     order), cuts it at M on the full collection, writes the parts in
 *     that order and scores them with --order file; without -M the part
 *     files keep the lines of the input in file order and cbeval orders
 *     them.  Every part run file starts with one line for a topic that is
 *     not in the qrels, tagged with the run's first tag, so that a part in
 *     which a run has no document is still a valid run with the same name.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "parts/ref_partitions/ref_partitions.h"

/* The command line beside the options kept in the context. */
struct args {
	const char *values, *keep, *fragfile, *tracefile;
	char **files;	/* QRELS RUN..., nfiles of them */
	size_t nfiles;
};

/* Read the options into c and a (dies on a bad one). */
static void parse_args(struct ctx *c, struct args *a, int argc, char **argv)
{
	int i;
	for (i = 1; i < argc; i++) {
		const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED() do { if (!v) die("option needs a value", o); i++; } while (0)
		if (strcmp(o, "--") == 0) {
			for (i++; i < argc; i++)
				a->files[a->nfiles++] = argv[i];
			break;
		} else if (!strcmp(o, "--partitions")) {
			NEED(); c->X = (unsigned)num_arg(v, 2, 64, o);
		} else if (!strcmp(o, "--splits")) {
			NEED(); c->K = (unsigned long)num_arg(v, 1, 1000, o);
		} else if (!strcmp(o, "--resamples")) {
			NEED(); c->M = (unsigned long)num_arg(v, 1, 1000000, o);
		} else if (!strcmp(o, "--randomizations")) {
			NEED(); c->R = (unsigned long)num_arg(v, 1, 10000000, o);
		} else if (!strcmp(o, "--seed")) {
			NEED(); c->S = num_arg(v, 0, 9223372036854775807ULL, o);
		} else if (!strcmp(o, "-p")) {
			NEED(); c->P = (int)num_arg(v, 0, 17, o);
		} else if (!strcmp(o, "-m")) {
			NEED(); c->mspecs[c->nmspecs++] = (char *)v;
		} else if (!strcmp(o, "-l")) {
			NEED(); c->opt_l = v;
		} else if (!strcmp(o, "-M")) {
			NEED(); c->opt_M = v; num_arg(v, 1, ~0ULL, o);
		} else if (!strcmp(o, "--order")) {
			NEED(); c->opt_order = v;
			if (strcmp(v, "score") && strcmp(v, "rank") && strcmp(v, "file"))
				die("bad --order", v);
		} else if (!strcmp(o, "--dedup")) {
			c->opt_dedup = 1;
		} else if (!strcmp(o, "--cbeval")) {
			NEED(); c->cbeval_path = v;
		} else if (!strcmp(o, "--keep")) {
			NEED(); a->keep = v;
		} else if (!strcmp(o, "--fragile")) {
			NEED(); a->fragfile = v;
		} else if (!strcmp(o, "--trace")) {
			NEED(); a->tracefile = v;
		} else if (!strcmp(o, "--alt-order")) {
			c->alt_order = 1;
		} else if (!strcmp(o, "--values")) {
			NEED(); a->values = v;
		} else if (o[0] == '-' && o[1]) {
			die("unknown option", o);
		} else {
			a->files[a->nfiles++] = argv[i];
		}
#undef NEED
	}
}

/* The usage message on stderr; the exit status 2. */
static int usage(void)
{
	fprintf(stderr, "usage: %s --partitions X [--splits K] [--resamples M] [--randomizations R]\n"
			"         [--seed S] [-p P] [-m SPEC]... [-l N] [-M N] [--order KEY] [--dedup]\n"
			"         [--cbeval PATH] [--keep DIR] [--fragile FILE] [--trace FILE] QRELS RUN...\n"
			"       %s --values FILE --partitions X [...]\n"
			"       %s --selftest\n", REF_PROG, REF_PROG, REF_PROG);
	return 2;
}

/* The values into c: from --values, or by materialising and scoring the
 * parts in --keep's directory or a temporary one (returned, or NULL). */
static char *load(struct ctx *c, const struct args *a)
{
	char *tmpdir = NULL;
	if (a->values) {
		if (a->nfiles)
			die("--values takes no QRELS or RUN", NULL);
		read_values(c, a->values);
		return NULL;
	}
	if (a->nfiles < 3)
		die("need QRELS and at least 2 RUN files", NULL);
	if (access(c->cbeval_path, X_OK) != 0)
		die("cannot run cbeval", c->cbeval_path);
	if (a->keep) {
		if (mkdir(a->keep, 0755) != 0 && errno != EEXIST)
			die("cannot create", a->keep);
		tmpdir = xstrdup(a->keep);
		c->keep_files = 1;
	} else {
		const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
		tmpdir = xprintf2(base, "/ref_partitions.XXXXXX");
		if (!mkdtemp(tmpdir))
			die("cannot create a temporary directory", tmpdir);
	}
	materialise_and_score(c, a->files[0], a->files + 1, a->nfiles - 1, tmpdir);
	return tmpdir;
}

/* Remove the temporary directory (the part files are removed as they
 * are used) and free what c holds. */
static void cleanup(struct ctx *c, const struct args *a, char *tmpdir)
{
	if (tmpdir && !a->keep) {
		char buf[4096];
		snprintf(buf, sizeof buf, "%s/full.images", tmpdir); remove(buf);
		snprintf(buf, sizeof buf, "%s/full.err", tmpdir); remove(buf);
		if (rmdir(tmpdir) != 0)
			fprintf(stderr, "%s: warning: could not remove %s\n", REF_PROG, tmpdir);
	}
	free(tmpdir);
	free(c->mspecs);
	free(c->outm);
	free(c->full);
	free(c->yv);
	free(c->kept);
	names_free(&c->runs); names_free(&c->topics); names_free(&c->meas);
}

int main(int argc, char **argv)
{
	struct ctx c = { .S = 1, .K = 1, .M = 1000, .R = 10000, .P = 4 };
	struct args a = { 0 };

	if (argc == 2 && strcmp(argv[1], "--selftest") == 0)
		return selftest();
	a.files = xmalloc((size_t)argc * sizeof *a.files);
	c.mspecs = xmalloc((size_t)argc * sizeof *c.mspecs);
	c.cbeval_path = getenv("CBEVAL") ? getenv("CBEVAL") : "./cbeval";
	parse_args(&c, &a, argc, argv);
	if (c.X == 0)
		return usage();
	if (a.fragfile && !(c.ffrag = fopen(a.fragfile, "w")))
		die("cannot write", a.fragfile);
	if (a.tracefile && !(c.ftrace = fopen(a.tracefile, "w")))
		die("cannot write", a.tracefile);

	char *tmpdir = load(&c, &a);
	set_outm(&c);
	warn_dropped(&c);

	printf("measure\tsplit\trunA\trunB\tstatistic\tvalue\n");
	for (size_t k = 0; k < c.noutm; k++)
		analyse_measure(&c, c.outm[k]);
	if (fflush(stdout) || ferror(stdout))
		die("write error", NULL);
	if (c.ffrag && fclose(c.ffrag))
		die("write error", a.fragfile);
	if (c.ftrace && fclose(c.ftrace))
		die("write error", a.tracefile);

	cleanup(&c, &a, tmpdir);
	free(a.files);
	return 0;
}
