/*
 * tests/ref_sensitivity.c - a slow, independent reference for
 * `cbeval --sensitivity` (shared spec sensitivity.md; random draws from
 * draws.md, streams 1, 2 and 3), used by tests/t_sensitivity.sh.
 *
 * It includes no project header and shares no code with cbeval: its own
 * copy of the draw functions, its own statistics, and its own Student t
 * p-value (the regularized incomplete beta by its hypergeometric power
 * series, DLMF 8.17.8, not the continued fraction of src/base/stats.c).  It is
 * written the obvious way: loops over pairs, samples and topics, every
 * per-pair quantity recomputed for each pair, the draws recomputed where
 * they are used, O(T x pairs x n) per measure.
 *
 * Usage:
 *   ref_sensitivity S T P [KIND:NAME]... < VALUES
 *       VALUES: the per-topic values of `cbeval -q -p 17 -m SPEC QRELS RUN...`
 *       (TSV "run qid measure value" with its header; the rows of qid "all"
 *       are ignored), or an --images dump ("run qid measure image value",
 *       image 0 is used).  Runs, topics and measures are taken in the order
 *       of their first appearance.  S = seed, T = number of samples,
 *       P = the -p of the table.  KIND:NAME, in output order: KIND is mean,
 *       sum or gm; without them every measure of the input is used, with
 *       KIND gm for GM(...), sum for num_ret, num_rel and num_rel_ret, mean
 *       otherwise.  Residual measures (NAME ending in ".residual") are
 *       skipped either way.  Prints the table of the spec on stdout.
 *   ref_sensitivity --selftest
 *       the test vectors of draws.md and of the hand-computed case of
 *       t_sensitivity.sh through this file's draw functions, and the
 *       p-values against closed forms; "ok - ..." / "not ok - ..." lines,
 *       exit status 1 on a failure.
 *   ref_sensitivity --draws S STREAM B N COUNT
 *       prints index(word(S,STREAM,B,i), N) for i = 0..COUNT-1.
 *
 * Choices where the spec leaves room (see also t_sensitivity.sh):
 *  1. Every aggregate (root or sample) sums its values left to right in
 *     slot order i = 0..n-1 (topic order at the root) in double and then
 *     divides by n (mean) or not (sum); GM sums ln(x + 0.00001) the same
 *     way, divides by n, takes exp and subtracts 0.00001 (as bias.md pins
 *     down for --bias).  Differences D are agg(A) - agg(B) of these doubles.
 *  2. mean(v) is the same left-to-right sum / n; sd(v) is the two-pass
 *     sqrt(sum (v_i - mean)^2 / (n-1)); "sd(v) = 0" is the exact double
 *     test on that result.  t(v) = mean / (sd / sqrt(n)), and when sd = 0:
 *     0 if mean = 0, else +inf (-inf for a negative mean in t_paired).
 *  3. w_t = z_t - mean(z) once per pair; w*b takes w at p_(b,i).
 *  4. t_paired and p_ttest of a GM measure use the log form of the paired
 *     test (z_t = ln(x_t + 0.00001) - ln(y_t + 0.00001)); p_ttest is the
 *     p-value of t_paired (df = n - 1; 1 when t = 0, 0 when t = +-inf).
 *  5. reqdiff_paired reports |mean(w*b)| (a mean even for sum measures,
 *     and in log space for GM), as the spec says.
 *  6. asl = count / T as a double, compared with 0.05 and 0.01 (doubles)
 *     for discpower; k = floor(T * A) with T * A in double (equal to the
 *     exact floor because the doubles 0.05 and 0.01 exceed 1/20 and 1/100).
 *  7. f = i / 100.0 (i = 1..20); EQ when mx == my or |mx - my| <
 *     f * fmax(mx, my); bins: the largest i in 0..20 with |D| >= i / 100.0.
 *     (0.01 * i == i / 100.0 for every i here, so that choice is moot.)
 *  8. A swap needs D != 0, D' != 0 and opposite signs.
 *  9. swap_abs_0.05: i = 0..20 is accepted when every bin j >= i with
 *     count > 0 has swaps / count <= 0.05; vacuously true when the bins
 *     >= i are empty (so NA only when bin 20 has a count and a rate above
 *     0.05); swap_abs = 0.01 * i; swap_sensitivity counts |D| >= swap_abs.
 * 10. tau-b compares doubles exactly (sign of x_i - x_j); ties in both
 *     rankings count in both n_x and n_y (R's cor(method = "kendall")).
 *     tau_se uses the two-pass sd over the T' samples with a defined tau-b.
 * 11. Fewer than 2 topics: t_paired, p_ttest, asl_*, discpower_* and
 *     reqdiff_* are NA; the rest is computed (every sample is the one
 *     topic).  reqdiff_*_A is NA when k = 0.
 * 13. Ties (cbeval's rule, manual page SENSITIVITY): every comparison that
 *     decides a count treats two numbers within 1e-10 of the larger
 *     magnitude as equal (never a finite number and an infinity):
 *     |t*| >= |t|, |d*| >= |d|, the bins |D| >= i/100, mx = my and the
 *     MR-PT rule, D and D' non-zero, |D| >= swap_abs, and the order of two
 *     runs in the rankings of tau-b.  In the paired test a mean of at
 *     most 1e-10 times the pair's largest |z_t| makes t = 0, and such an
 *     sd is 0 (values equal
 *     in real arithmetic but apart by rounding, 0.3 - 0.2 and 0.1, give
 *     sd 0).
 *     With these rules the order of the sums no longer matters, so the
 *     reference keeps its left-to-right sums.
 * 12. Numbers: whole numbers with %lu; asl_*, p_ttest and tau_p with
 *     %.*g, P significant digits (1 when P = 0); the others with %.*f;
 *     t_paired +-inf as inf / -inf.
 *
 * The parts, in tests/parts/ref_sensitivity/: stats.c (draws, ties,
 * statistics), input.c (the values), analyse.c (the table), selftest.c;
 * ref_sensitivity.h holds their shared context (struct sens).  This file
 * reads the command line, checks the values and prints the table.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "parts/ref_sensitivity/ref_sensitivity.h"

/* --draws S STREAM B N COUNT: prints the draws; returns the exit status. */
static int draws(char **argv)
{
	uint64_t seed = num_arg(argv[2], 0, UINT64_MAX, "S");
	uint64_t st = num_arg(argv[3], 0, UINT64_MAX, "STREAM");
	uint64_t b = num_arg(argv[4], 0, UINT64_MAX, "B");
	uint64_t m = num_arg(argv[5], 0, UINT64_MAX, "N");
	uint64_t c = num_arg(argv[6], 0, 1000000, "COUNT");
	if (m == 0)
		die("N must be >= 1", NULL);
	for (uint64_t i = 0; i < c; i++)
		printf("%s%" PRIu64, i ? " " : "", windex(word2(seed, st, b, i), m));
	printf("\n");
	return 0;
}

/* The measures of the output into ms: the KIND:NAME arguments argv[4..),
 * or every measure of the input; residuals left out.  Returns how many;
 * dies on a bad argument. */
static size_t measures(const struct sens *c, int argc, char **argv, struct measure *ms)
{
	size_t nm = 0;
	if (argc > 4) {
		for (int i = 4; i < argc; i++) {
			char *colon = strchr(argv[i], ':');
			if (!colon)
				die("measure argument is not KIND:NAME", argv[i]);
			*colon = 0;
			int kind = !strcmp(argv[i], "mean") ? K_MEAN : !strcmp(argv[i], "sum") ? K_SUM :
				   !strcmp(argv[i], "gm") ? K_GM : -1;
			if (kind < 0)
				die("unknown KIND (mean, sum or gm)", argv[i]);
			const char *name = colon + 1;
			if (is_residual(name))
				continue;
			long col = names_find(&c->mnames, name);
			if (col < 0)
				die("measure not in the input", name);
			ms[nm].name = name;
			ms[nm].kind = kind;
			ms[nm].col = (size_t)col;
			nm++;
		}
	} else {
		for (size_t i = 0; i < c->mnames.n; i++) {
			if (is_residual(c->mnames.v[i]))
				continue;
			ms[nm].name = c->mnames.v[i];
			ms[nm].kind = kind_of(c->mnames.v[i]);
			ms[nm].col = i;
			nm++;
		}
	}
	return nm;
}

/* The dense table c->val from the rows; every (run, topic, measure)
 * exactly once, and a value for each of the nm measures ms.  Dies
 * otherwise. */
static void dense_table(struct sens *c, const struct measure *ms, size_t nm)
{
	size_t cells = c->mnames.n * c->nr * c->nq, nr = c->nr, nq = c->nq;
	c->val = xmalloc(cells * sizeof *c->val);
	unsigned char *seen = calloc(cells ? cells : 1, 1);
	if (!seen)
		die("out of memory", NULL);
	for (size_t i = 0; i < c->nrows; i++) {
		const struct row *w = &c->rows[i];
		size_t k = (w->m * nr + w->r) * nq + w->q;
		if (seen[k])
			die("input: a (run, qid, measure) appears twice", c->runs.v[w->r]);
		seen[k] = 1;
		c->val[k] = w->x;
	}
	for (size_t k = 0; k < nm; k++)
		for (size_t r = 0; r < nr; r++)
			for (size_t t = 0; t < nq; t++)
				if (!seen[(ms[k].col * nr + r) * nq + t])
					die("input: a value is missing for run", c->runs.v[r]);
	free(seen);
}

/* Frees the names and the values of c. */
static void free_sens(struct sens *c)
{
	free(c->val);
	free(c->rows);
	for (size_t i = 0; i < c->runs.n; i++) free(c->runs.v[i]);
	for (size_t i = 0; i < c->qids.n; i++) free(c->qids.v[i]);
	for (size_t i = 0; i < c->mnames.n; i++) free(c->mnames.v[i]);
	free(c->runs.v); free(c->qids.v); free(c->mnames.v);
}

int main(int argc, char **argv)
{
	struct sens c = { .P = 4 };
	if (argc == 2 && strcmp(argv[1], "--selftest") == 0)
		return selftest();
	if (argc == 7 && strcmp(argv[1], "--draws") == 0)
		return draws(argv);
	if (argc < 4) {
		fprintf(stderr, "usage: %s S T P [KIND:NAME]... < VALUES\n"
				"       %s --selftest\n"
				"       %s --draws S STREAM B N COUNT\n", REF_PROG, REF_PROG, REF_PROG);
		return 2;
	}
	c.S = num_arg(argv[1], 0, UINT64_MAX, "S");
	c.T = (unsigned long)num_arg(argv[2], 0, 1000000, "T");
	c.P = (int)num_arg(argv[3], 0, 100, "P");
	if (c.T < 1)
		die("T must be >= 1", NULL);
	read_input(&c, stdin);
	c.nr = c.runs.n;
	c.nq = c.qids.n;
	if (c.nr < 2)
		die("fewer than 2 runs in the input", NULL);
	if (c.nq < 1)
		die("no topics in the input", NULL);

	struct measure *ms = xmalloc((c.mnames.n + (size_t)argc) * sizeof *ms);
	size_t nm = measures(&c, argc, argv, ms);
	dense_table(&c, ms, nm);
	if (c.nq < 2)
		fprintf(stderr, "%s: warning: fewer than 2 topics: t_paired, p_ttest, asl_*, discpower_* and reqdiff_* are NA\n", REF_PROG);

	printf("measure\trunA\trunB\tstatistic\tvalue\n");
	for (size_t k = 0; k < nm; k++)
		analyse_measure(&c, &ms[k]);
	for (size_t i = 0; i < nm; i++)
		for (size_t j = i + 1; j < nm; j++)
			analyse_tau(&c, &ms[i], &ms[j]);
	if (fflush(stdout) || ferror(stdout))
		die("write error", NULL);
	free(ms);
	free_sens(&c);
	return 0;
}
