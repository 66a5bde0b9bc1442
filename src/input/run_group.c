/*
 * run_group.c - load a group of run files in topic lockstep (see run.h,
 * run_load_group): the fast path of loading, for the usual run files
 * that keep each topic's lines together.
 *
 * Why: interning a line looks its docno up in the document map of its
 * topic (a few hundred KB for 10,000 documents).  Read one file after
 * another, every topic's map is visited once per file and is cold each
 * time; read in lockstep - the block of topic T of every file of the
 * group, then the next topic - the map stays in the cache while the
 * group's lines of that topic go through it.  On the bench collection
 * (50 topics, 129 runs) that saved about a quarter of the loading time.
 * The topic's lock is held only while a batch is interned, not while
 * lines are read and rankings ordered: the threads' groups go through
 * the topics in the same order, and a thread that held a topic for a
 * whole round made the other, when it caught up, wait for the round
 * (on the bench collection with two threads, 14 to 77 such waits of up
 * to 10 ms in a run of 0.4 to 0.7 s).
 *
 * A block's lines after its first are read by run_fast.c, at the speed
 * of a scan, as run_load reads them.
 *
 * Memory: per file of the group, a reader with 64 KiB blocks, its ids as
 * they are kept (4 bytes per document) and two uint32 per topic; the
 * 48-byte entries of one block only.  Anything out of the ordinary - a
 * file that is not a regular file, a bad line, a topic whose lines are
 * not together, a duplicate document, no run lines - sends the file back
 * to run_load, whose results and messages are therefore those of the one
 * way of loading; a file's part loaded here is simply dropped (the
 * documents it interned are documents run_load interns too).
 */
#include "run.h"
#include "run_int.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define GROUP_BLOCK (64 * 1024)   /* reader block of a file in a group */
#define NO_BLOCK UINT32_MAX       /* blen of a topic not yet seen */

enum gstate { G_ACTIVE, G_EOF, G_DONE, G_REDO };

struct gfile {
	struct load L;
	enum gstate state;
	struct rec next;         /* the first line of the file's next block */
	uint32_t *bstart, *blen; /* [topics]: each topic's block in ids */
	uint32_t *ids;           /* the blocks' ids, in file order */
	size_t nids, cap;
	struct diag one;         /* an error (dropped: run_load reports it) */
};

static void gfile_release(struct gfile *g)
{
	free(g->L.mixed_tag);
	g->L.mixed_tag = NULL;
	strmap_release(&g->L.unknown);
	reader_close(&g->L.rd);
	free(g->bstart);
	free(g->blen);
	free(g->ids);
	g->bstart = g->blen = g->ids = NULL;
}

/* Give the file back to run_load: drop what was loaded. */
static void gfile_redo(struct gfile *g)
{
	struct run *r = g->L.r;
	const char *path = r->path;
	gfile_release(g);
	run_release(r);
	run_init(r, path);
	g->state = G_REDO;
}

/* Intern the batch, all of topic t, and empty it. */
static void intern_batch(struct load *L, struct topic *t)
{
	run_intern_recs(L, L->s->batch, L->nbatch, t);
	L->nbatch = 0;
}

/* Read on until the next record, appended to the batch: returns 1, 0 at
 * the end of the file, -1 for a file to redo.  Records batched before are
 * all of topic held; they are interned when the reader must recycle its
 * buffer, and at the end of the file. */
static int next_rec(struct gfile *g, struct topic *held)
{
	struct load *L = &g->L;
	for (;;) {
		char *line;
		size_t len;
		int k = reader_next(&L->rd, &line, &len, &g->one);
		if (k == READER_LINE) {
			size_t nb = L->nbatch;
			if (run_parse_line(L, line, len, &g->one) != 0)
				return -1;
			if (L->nbatch > nb)
				return 1;
			if (L->last_topic < 0)
				run_fast_lines(L);   /* lines to pass over */
			continue;
		}
		if (k == READER_ERROR)
			return -1;
		if (L->nbatch)
			intern_batch(L, held);
		if (k == READER_EOF)
			return 0;
		reader_release(&L->rd);
	}
}

/* Take the record just parsed (the last of the batch) as the file's next
 * block's first line. */
static void take_next(struct gfile *g)
{
	struct load *L = &g->L;
	g->next = ((const struct rec *)L->s->batch)[--L->nbatch];
}

/* Open, and read to the first record.  Returns 0, or -1 for a file to
 * redo. */
static int gfile_start(struct gfile *g, struct run *r, struct collection *c,
		       const struct run_opts *o, struct run_scratch *s)
{
	struct stat st;
	int k;
	memset(g, 0, sizeof *g);
	g->L.r = r;
	g->L.c = c;
	g->L.o = o;
	g->L.s = s;
	strmap_init(&g->L.unknown);
	g->L.rd.fd = -1;      /* nothing to close yet */
	g->L.rd.errfd = -1;
	g->state = G_REDO;
	/* Only a regular file can be read again by run_load. */
	if (strcmp(r->path, "-") == 0 || stat(r->path, &st) != 0 ||
	    !S_ISREG(st.st_mode) ||
	    reader_open_block(&g->L.rd, r->path, GROUP_BLOCK, &g->one) != 0)
		return -1;
	g->bstart = xcalloc(c->n ? c->n : 1, sizeof *g->bstart);
	g->blen = xmalloc(size_mul(c->n ? c->n : 1, sizeof *g->blen));
	for (size_t t = 0; t < c->n; t++)
		g->blen[t] = NO_BLOCK;
	k = next_rec(g, NULL);
	if (k < 0)
		return -1;
	g->state = k ? G_ACTIVE : G_EOF;
	if (k)
		take_next(g);
	return 0;
}

/* Load the block of topic T that g->next starts: its lines, interned
 * (under T's lock), ordered and reduced to ids.  Returns 0, or -1 for a
 * file to redo. */
static int gfile_block(struct gfile *g, uint32_t T)
{
	struct load *L = &g->L;
	struct topic *tp = &L->c->topic[T];
	unsigned long ndup = 0;
	char dupmsg[400];
	size_t n;
	int k;

	if (g->blen[T] != NO_BLOCK)   /* the topic's lines are not together */
		return -1;
	L->nent = 0;
	xgrow(&L->s->batch, &L->s->batch_cap, 1, sizeof g->next);
	((struct rec *)L->s->batch)[0] = g->next;
	L->nbatch = 1;
	/* the lines of T that follow, each record's (run_fast.c) */
	run_fast_lines(L);
	while ((k = next_rec(g, tp)) > 0) {
		if (((const struct rec *)L->s->batch)[L->nbatch - 1].topic != T) {
			take_next(g);
			break;
		}
		run_fast_lines(L);
	}
	if (k < 0)
		return -1;
	if (L->nbatch)
		intern_batch(L, tp);
	if (k == 0)
		g->state = G_EOF;
	n = run_rank(L, L->s->ent, L->nent, tp, &ndup, dupmsg, sizeof dupmsg,
		     &g->one);
	if (n == (size_t)-1 || ndup)
		return -1;
	xgrow(&g->ids, &g->cap, g->nids + n, sizeof *g->ids);
	for (size_t i = 0; i < n; i++)
		g->ids[g->nids + i] = ((const struct run_ent *)L->s->ent)[i].id;
	g->bstart[T] = (uint32_t)g->nids;
	g->blen[T] = (uint32_t)n;
	g->nids += n;
	return 0;
}

/* At the end of the file: the rankings in topic order, the file's checks
 * and warnings.  Returns 0, or -1 for a file to redo. */
static int gfile_finish(struct gfile *g)
{
	struct load *L = &g->L;
	struct run *r = L->r;
	size_t nt = L->c->n, total = 0, nmiss = 0;
	const char **miss;
	int in_order = 1;
	if (run_check_parsed(L, &g->one) != 0)
		return -1;
	r->off = xcalloc(nt + 1, sizeof *r->off);
	miss = xcalloc(nt ? nt : 1, sizeof *miss);
	for (size_t t = 0; t < nt; t++) {
		r->off[t] = total;
		if (g->blen[t] == NO_BLOCK)
			miss[nmiss++] = L->c->topic[t].qid;
		else
			in_order &= g->bstart[t] == total;
		total += g->blen[t] == NO_BLOCK ? 0 : g->blen[t];
	}
	r->off[nt] = total;
	if (in_order) {
		/* the file's topics came in the collection's order, as they
		 * mostly do: the ids are in place, trimmed to size */
		r->ids = xrealloc(g->ids, (total ? total : 1) * sizeof *r->ids);
		g->ids = NULL;
	} else {
		r->ids = xcalloc(total ? total : 1, sizeof *r->ids);
		for (size_t t = 0; t < nt; t++)
			if (g->blen[t] != NO_BLOCK)
				memcpy(r->ids + r->off[t], g->ids + g->bstart[t],
				       g->blen[t] * sizeof *r->ids);
	}
	run_finish(L, miss, nmiss, 0, "");
	free(miss);
	gfile_release(g);
	g->state = G_DONE;
	return 0;
}

/* Finish the files of g[first..n) that reached their end. */
static void finish_ended(struct gfile *g, size_t n, size_t first)
{
	for (size_t i = first; i < n; i++)
		if (g[i].state == G_EOF && gfile_finish(&g[i]) != 0)
			gfile_redo(&g[i]);
}

/* One round: the block of topic T of every active file whose next block
 * is T's; then the files that ended are finished. */
static void round_of(struct gfile *g, size_t n, size_t first)
{
	uint32_t T = g[first].next.topic;
	for (size_t i = first; i < n; i++)
		if (g[i].state == G_ACTIVE && g[i].next.topic == T &&
		    gfile_block(&g[i], T) != 0)
			gfile_redo(&g[i]);
	finish_ended(g, n, first);
}

void run_load_group(struct run *rs, size_t n, struct collection *c,
		    const struct run_opts *o, struct run_scratch *s, int *redo)
{
	struct gfile *g = xcalloc(n ? n : 1, sizeof *g);
	size_t first = 0;
	for (size_t i = 0; i < n; i++)
		if (gfile_start(&g[i], &rs[i], c, o, s) != 0)
			gfile_redo(&g[i]);
	finish_ended(g, n, 0);
	for (;;) {
		while (first < n && g[first].state != G_ACTIVE)
			first++;
		if (first == n)
			break;
		round_of(g, n, first);
	}
	for (size_t i = 0; i < n; i++)
		redo[i] = g[i].state == G_REDO;
	free(g);
}
