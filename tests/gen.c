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
 *
 * This file has the arguments and main; the rest is in tests/parts/gen/
 * (random.c, collection.c, output.c, sharing gen.h).
 */
#include "parts/gen/gen.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

/* Print the usage line and exit with status 1. */
static void usage(void)
{
	fprintf(stderr,
		"usage: %s [-r RUNS] [-t TOPICS] [-d DOCS] [-s SEED] "
		"[-P POOLDEPTH] [-J N] OUTDIR\n", PROG);
	exit(1);
}

/* The integer s of option opt, from min to max, or exit with status 1
 * after a message. */
static long parse_long(const char *opt, const char *s, long min, long max)
{
	char *end;
	long v;
	errno = 0;
	v = strtol(s, &end, 10);
	if ((s[0] != '-' && (s[0] < '0' || s[0] > '9')) || end == s || *end != '\0' || errno == ERANGE || v < min || v > max) {
		fprintf(stderr, "%s: %s '%s': expected an integer from %ld to %ld\n",
			PROG, opt, s, min, max);
		exit(1);
	}
	return v;
}

/* The seed s, 0..2^64-1, or exit with status 1 after a message. */
static uint64_t parse_seed(const char *s)
{
	char *end;
	unsigned long long v;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (s[0] < '0' || s[0] > '9' || *end != '\0' || errno == ERANGE ||
	    v > UINT64_MAX) {
		fprintf(stderr, "%s: -s '%s': expected an integer from 0 to "
			"18446744073709551615\n", PROG, s);
		exit(1);
	}
	return (uint64_t)v;
}

/* mkdir -p path; returns 0, or -1 after a message. */
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
			fprintf(stderr, "%s: mkdir %s: %s\n", PROG, p, strerror(errno));
			free(p);
			return -1;
		}
		p[i] = saved;
	}
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "%s: %s: not a directory\n", PROG, path);
		free(p);
		return -1;
	}
	free(p);
	return 0;
}

/* Read the arguments into g (exits with status 1 on a usage error). */
static void parse_args(int argc, char **argv, struct gen *g)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v;
		if (a[0] != '-' || a[1] == '\0') {
			if (g->outdir)
				usage();
			g->outdir = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			if (g->outdir || i + 2 != argc)
				usage();
			g->outdir = argv[++i];
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
		case 'r': g->runs = parse_long("-r", v, 1, MAX_RUNS); break;
		case 't': g->topics = parse_long("-t", v, 1, MAX_TOPICS); break;
		case 'd': g->docs = parse_long("-d", v, 1, MAX_DOCS); break;
		case 'P': g->pool = parse_long("-P", v, 1, MAX_POOL); break;
		case 'J': g->judge_every = parse_long("-J", v, 1, MAX_TOPICS); break;
		default: g->seed = parse_seed(v); break;
		}
	}
	if (!g->outdir)
		usage();
}

int main(int argc, char **argv)
{
	struct gen g = { .runs = 10, .topics = 20, .docs = 1000, .pool = 100,
			 .judge_every = 1, .seed = 1, .outdir = NULL };

	parse_args(argc, argv, &g);
	g.plen = strlen(g.outdir) + 64;
	g.path = xmalloc(g.plen);
	snprintf(g.path, g.plen, "%s/runs", g.outdir);
	if (make_dirs(g.path) != 0)
		return 2;

	g.ncand = (size_t)g.docs * CAND_PER_DOC;
	uint64_t space = (uint64_t)g.ncand * SPACE_PER_CAND * (uint64_t)g.topics;
	g.T = xcalloc((size_t)g.topics, sizeof *g.T);
	for (long t = 0; t < g.topics; t++)
		make_topic(&g.T[t], g.seed, t, g.ncand, space);
	g.S = xcalloc((size_t)g.runs, sizeof *g.S);
	make_systems(g.S, g.runs, g.seed);

	if (write_runs(&g) != 0 || write_qrels(&g) != 0)
		return 2;

	for (long t = 0; t < g.topics; t++) {
		free(g.T[t].c);
		free(g.T[t].off);
		free(g.T[t].docnos);
	}
	free(g.T);
	free(g.S);
	free(g.path);
	return 0;
}
