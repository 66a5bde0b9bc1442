/*
 * tests/ref_pools.c - a slow, independent reference for `cbeval --pool K`
 * (shared spec pools.md) in the bootstrap summary, `--pairs` and
 * `--pair-images`, used by tests/t_pools.sh.
 *
 * It includes no project header and shares no code with cbeval but what
 * ref_common.h holds for every reference.  It does everything the obvious
 * way: for each image b = 0..B it MATERIALISES the image as files - every
 * document of every ranking and of the qrels repeated k times in place, as
 * copies "docno~1" .. "docno~k", k from its own floating-point image
 * function (u < F(k) summed in doubles, as the manual page defines it) -
 * computes the pool from those files (the base docnos of the first K lines
 * of each pooling run's ranking of each topic: every run for the summary,
 * the two runs of the pair for --pairs), drops the qrels lines of the
 * documents outside it, and scores the files with plain cbeval (`cbeval
 * -b 1 --images F --order file`, image 0, which is the plain evaluation
 * printed with %.17g).  The summary, the pairs and the pair images are
 * then computed here from those values.
 *
 * Choices (to reconcile with cbeval):
 *  1. A document is in the pool when one of its copies is among the first
 *     K lines of a pooling run's topic; then every copy of its judgement
 *     is kept (a pool holds documents; the manual page, POOLS).
 *  2. A topic keeps a qrels line in every image, so that it stays a topic
 *     when all its judgements leave the pool (cbeval scores every qrels
 *     topic): "QID 0 ref-pools-placeholder G" with G = min(-1, level - 1),
 *     a document no run retrieves, not relevant, of no gain, and skipped
 *     by bpref as a negative grade: no measure counts it.
 *  3. Every materialised run starts with a line for a qid that is not a
 *     topic, so that a run emptied by an image is still a run.
 *  4. Statistics: means are left-to-right sums divided by the count, sd
 *     two-pass with n - 1, quantiles type 7, ranks 1 + the number of runs
 *     with a strictly greater value (the residual: NA), t = mean / (sd /
 *     sqrt(n)) over the topics with p from ref_common.h (sd = 0: p = 1 if
 *     the mean is 0, else 0).  The per-system value of a run in an image
 *     is cbeval's "all" row of the materialised image (the mean, sum or
 *     geometric mean over its topics, as in plain evaluation).
 *  5. Runs are ordered by score descending, ties by docno descending in
 *     byte order (cbeval's default --order score), then cut at -M; run
 *     tags must be distinct; duplicates are not supported.
 *
 * Usage:
 *   ref_pools -b B --pool K [--seed S] [-l N] [-M N] [-m SPEC]...
 *             [--cbeval PATH] [--keep DIR] OUTDIR QRELS RUN...
 * writes OUTDIR/summary.tsv (as `cbeval -q -b B --pool K`),
 * OUTDIR/pairs.tsv (`--pairs -q`) and OUTDIR/pair_images.tsv
 * (`--pair-images` with -q), every value with %.17g.
 *
 * The parts, in tests/parts/ref_pools/: input.c reads the qrels and the
 * runs, image.c writes an image out and scores it with cbeval, tables.c
 * computes and writes the three tables; ref_pools.h holds their shared
 * context (struct pools).  This file reads the command line.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "parts/ref_pools/ref_pools.h"

/* "a/b" (the caller frees). */
static char *join(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 2;
	char *p = xmalloc(n);
	snprintf(p, n, "%s/%s", a, b);
	return p;
}

/* Reads the options into ctx (and *keep), the operands into files[0..);
 * returns the number of operands.  Dies on an unknown option. */
static size_t parse_args(struct pools *ctx, int argc, char **argv, const char **keep,
			 char **files)
{
	size_t nfiles = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (i + 1 < argc && strcmp(a, "-b") == 0)
			ctx->B = strtoul(argv[++i], NULL, 10);
		else if (i + 1 < argc && strcmp(a, "--pool") == 0)
			ctx->K = strtoul(argv[++i], NULL, 10);
		else if (i + 1 < argc && strcmp(a, "--seed") == 0)
			ctx->SEED = strtoull(argv[++i], NULL, 10);
		else if (i + 1 < argc && strcmp(a, "-l") == 0)
			ctx->LEVEL = strtol(argv[++i], NULL, 10);
		else if (i + 1 < argc && strcmp(a, "-M") == 0)
			ctx->CUT = strtoull(argv[++i], NULL, 10);
		else if (i + 1 < argc && strcmp(a, "-m") == 0)
			ctx->MSPEC[ctx->NMSPEC++] = argv[++i];
		else if (i + 1 < argc && strcmp(a, "--cbeval") == 0)
			ctx->CBEVAL = argv[++i];
		else if (i + 1 < argc && strcmp(a, "--keep") == 0)
			*keep = argv[++i];
		else if (a[0] == '-' && a[1])
			die("unknown option", a);
		else
			files[nfiles++] = argv[i];
	}
	return nfiles;
}

/* Reads the qrels and the runs files[1..nfiles) into ctx; dies on a
 * repeated run tag. */
static void read_input(struct pools *ctx, char **files, size_t nfiles)
{
	read_qrels(ctx, files[1]);
	ctx->NR = nfiles - 2;
	ctx->RUN = xcalloc(ctx->NR, sizeof *ctx->RUN);
	for (size_t r = 0; r < ctx->NR; r++) {
		read_run(ctx, files[2 + r], &ctx->RUN[r]);
		for (size_t o = 0; o < r; o++)
			if (strcmp(ctx->RUN[o].tag, ctx->RUN[r].tag) == 0)
				die("run tags must differ", ctx->RUN[r].tag);
	}
}

int main(int argc, char **argv)
{
	struct pools ctx = { .SEED = 1, .LEVEL = 1 };
	const char *keep = NULL, *out = NULL;
	char **files = xcalloc((size_t)argc + 1, sizeof *files);
	size_t nfiles;
	char tmpl[] = "/tmp/ref-pools-XXXXXX";
	ctx.CBEVAL = getenv("CBEVAL") ? getenv("CBEVAL") : "./cbeval";
	ctx.MSPEC = xcalloc((size_t)argc + 1, sizeof *ctx.MSPEC);
	nfiles = parse_args(&ctx, argc, argv, &keep, files);
	if (ctx.B < 2 || ctx.K < 1 || nfiles < 4)
		die("usage: ref_pools -b B (>= 2) --pool K [--seed S] [-l N] [-M N] [-m SPEC]... "
		    "[--cbeval PATH] [--keep DIR] OUTDIR QRELS RUN RUN...", NULL);
	if (access(ctx.CBEVAL, X_OK) != 0)
		die("cannot run cbeval", ctx.CBEVAL);
	out = files[0];
	if (keep) {
		mkdir(keep, 0755);
		ctx.WORK = xstrdup(keep);
	} else {
		if (!mkdtemp(tmpl))
			die("mkdtemp failed", NULL);
		ctx.WORK = xstrdup(tmpl);
	}
	read_input(&ctx, files, nfiles);
	ctx.SUMV = xcalloc(ctx.NR * (ctx.NT + 1) * MMAX * (ctx.B + 1), sizeof *ctx.SUMV);
	{
		char *s = join(out, "summary.tsv"), *p = join(out, "pairs.tsv"),
		     *g = join(out, "pair_images.tsv");
		summary(&ctx, s);
		pairs(&ctx, p, g);
		free(s);
		free(p);
		free(g);
	}
	if (!keep) {
		char cmd[256];
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", ctx.WORK);
		if (system(cmd) != 0)
			die("cannot remove", ctx.WORK);
	}
	return 0;
}
