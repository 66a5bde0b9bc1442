/*
 * tests/parts/ref_partitions/runs.c - what the reference of --partitions
 * reads from run files itself (the lines cbeval skips are ref_shared's
 * line_skipped): the tag of a run's first line (cbeval's name for the
 * run), and for -M the lines of a run for the qrels topics ordered as
 * --order says, duplicates removed with --dedup and each topic cut at M
 * (choice 11 of tests/ref_partitions.c).  Sizes: a run file is read whole into memory
 * (tens of thousands of lines); --dedup checks duplicates by a linear
 * search within a topic.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "ref_partitions.h"

/* The orders of --order: score, rank, file. */
enum okey { BY_SCORE, BY_RANK, BY_FILE };

/* Compare two run lines in the order key: qid, then for score the score
 * descending and the docno descending, for rank the rank ascending, and
 * last the line number. */
static int cmp_rline(const void *pa, const void *pb, enum okey key)
{
	const struct rline *a = pa, *b = pb;
	int c = strcmp(a->qid, b->qid);
	if (c)
		return c;
	if (key == BY_SCORE) {
		if (a->score != b->score)
			return a->score > b->score ? -1 : 1;
		c = strcmp(a->docno, b->docno);
		if (c)
			return -c;
	} else if (key == BY_RANK) {
		if (a->rank != b->rank)
			return a->rank < b->rank ? -1 : 1;
	}
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* qsort comparators of the three orders. */
static int cmp_score(const void *a, const void *b) { return cmp_rline(a, b, BY_SCORE); }
static int cmp_rank(const void *a, const void *b) { return cmp_rline(a, b, BY_RANK); }
static int cmp_file(const void *a, const void *b) { return cmp_rline(a, b, BY_FILE); }

/* The lines of a run for the qrels topics (*n of them), in file order. */
static struct rline *read_rlines(const struct ctx *c, const char *path, size_t *nout)
{
	struct lines l;
	char *line, *fld[8];
	size_t n = 0, capl = 0;
	struct rline *v = NULL;
	lines_open(&l, path);
	while ((line = lines_data(&l))) {
		char *copy = xstrdup(line);
		int nf = fields(line, fld, 7);
		if (nf < 6)
			die("short run line", path);
		if (names_find(&c->topics, fld[0]) < 0) {
			free(copy);
			continue;
		}
		if (n == capl) {
			capl = capl ? 2 * capl : 4096;
			v = xrealloc(v, capl * sizeof *v);
		}
		v[n].text = copy;
		v[n].qid = xstrdup(fld[0]);
		v[n].docno = xstrdup(fld[2]);
		v[n].score = strtod(fld[4], NULL);
		v[n].rank = strtoll(fld[3], NULL, 10);
		v[n].pos = l.lineno;
		n++;
	}
	lines_close(&l);
	*nout = n;
	return v;
}

/*
 * The -M path: the lines of a run for qrels topics in evaluation order,
 * duplicates removed with --dedup, each topic cut at M (choice 11).
 * Returns the lines (*nout of them; the caller frees them and their
 * strings).
 */
struct rline *ordered_run(const struct ctx *c, const char *path, unsigned long long cut,
			  size_t *nout)
{
	size_t n;
	struct rline *v = read_rlines(c, path, &n);
	const char *key = c->opt_order ? c->opt_order : "score";
	qsort(v, n, sizeof *v, strcmp(key, "score") == 0 ? cmp_score :
			       strcmp(key, "rank") == 0 ? cmp_rank : cmp_file);
	size_t w = 0, start = 0;
	while (start < n) {
		size_t end = start;
		while (end < n && strcmp(v[end].qid, v[start].qid) == 0)
			end++;
		unsigned long long kept_here = 0;
		size_t first_kept = w;
		for (size_t i = start; i < end; i++) {
			int dup = 0;
			if (c->opt_dedup)
				for (size_t j = first_kept; j < w; j++)
					if (strcmp(v[j].docno, v[i].docno) == 0) {
						dup = 1;
						break;
					}
			if (dup || kept_here >= cut) {
				free(v[i].text); free(v[i].qid); free(v[i].docno);
				continue;
			}
			v[w++] = v[i];
			kept_here++;
		}
		start = end;
	}
	*nout = w;
	return v;
}

/* The tag of the first run line of a file (cbeval's name before
 * renaming), a copy the caller frees. */
char *first_tag(const char *path)
{
	struct lines l;
	char *line, *fld[8], *tag = NULL;
	lines_open(&l, path);
	while ((line = lines_data(&l))) {
		if (fields(line, fld, 7) >= 6)
			tag = xstrdup(fld[5]);
		break;
	}
	lines_close(&l);
	if (!tag)
		die("no run line in", path);
	return tag;
}
