/*
 * run.c - parse, intern and order one run file (see run.h).
 *
 * Flow for one file: the reader hands over lines in blocks; each line is
 * split and checked and becomes a batch record pointing into the reader's
 * buffer (after the first line of a topic's block, the lines of the block
 * are read at the speed of a scan by run_fast.c, and those of a topic not
 * in the qrels only checked); at each block end the batch is interned into the topics' document
 * maps (one lock acquisition per stretch of lines of the same topic) and
 * appended as 48-byte entries (struct run_ent: key, docno prefix and
 * interned docno, id, line, topic).  At the end each topic's entries are
 * found - in place when the file keeps each topic's lines together, as
 * run files do, else by a stable counting sort into a second array - and
 * each ranking is ordered (run_order.c), checked for duplicates, cut at
 * -M and reduced to its ids.
 *
 * Memory while loading a file: 48 bytes per line of the file (96 for a
 * file whose topics are interleaved), besides what is kept: the interned
 * documents and 4 bytes per retrieved document.
 *
 * This is the one complete way of loading a file; run_group.c reads the
 * usual files faster, many at once, with these steps (run_int.h), and
 * gives back to run_load any file out of the ordinary.
 */
#include "run.h"
#include "run_int.h"
#include "lex.h"
#include "reader.h"
#include "xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void run_scratch_init(struct run_scratch *s)
{
	memset(s, 0, sizeof *s);
}

void run_scratch_release(struct run_scratch *s)
{
	free(s->batch);
	free(s->ent);
	free(s->stamp);
	free(s->stamp_at);
	run_scratch_init(s);
}

void run_init(struct run *r, const char *path)
{
	memset(r, 0, sizeof *r);
	r->path = path;
	r->label = strcmp(path, "-") == 0 ? "<stdin>" : path;
	warnings_init(&r->warn);
}

void run_release(struct run *r)
{
	free(r->tag);
	free(r->last_tag);
	free(r->present);
	free(r->name);
	free(r->mixed_tag);
	free(r->off);
	free(r->ids);
	free(r->inter);
	free(r->inter_off);
	free(r->jspan);
	free(r->jspan_off);
	warnings_release(&r->warn);
	memset(r, 0, sizeof *r);
}

void run_intern_recs(struct load *L, const struct rec *b, size_t n,
		     struct topic *t)
{
	struct run_ent *e;
	xgrow(&L->s->ent, &L->s->ent_cap, L->nent + n, sizeof(struct run_ent));
	e = (struct run_ent *)L->s->ent + L->nent;
	L->nent += n;
	pthread_mutex_lock(&t->lock);
	for (size_t i = 0; i < n; i++, e++) {
		int added;
		e->id = strmap_lookup(&t->docs, b[i].docno, b[i].len,
				      b[i].hash);
		if (e->id == UINT32_MAX)
			e->id = strmap_intern(&t->docs, b[i].docno, b[i].len,
					      b[i].hash, &added);
		e->doc = strmap_str(&t->docs, e->id);
		e->len = b[i].len;
		e->line = (uint32_t)b[i].line;
		e->key = b[i].key;
		e->topic = b[i].topic;
	}
	pthread_mutex_unlock(&t->lock);
}

/* Intern the batch, stretch of lines of one topic by stretch, and empty
 * it. */
static void flush_batch(struct load *L)
{
	const struct rec *b = L->s->batch;
	size_t i = 0;
	while (i < L->nbatch) {
		struct topic *t = &L->c->topic[b[i].topic];
		size_t j = i + 1;
		while (j < L->nbatch && b[j].topic == b[i].topic)
			j++;
		run_intern_recs(L, b + i, j - i, t);
		i = j;
	}
	L->nbatch = 0;
}

/* The key a line is ordered by: its score (checked even when the order
 * is another), its rank with --order=rank, 0 with --order=file.
 * Returns 0, or -1 with d set. */
static int line_key(const struct load *L, const struct fields *fs,
		    double *key, struct diag *d)
{
	const struct reader *rd = &L->rd;
	const char *why;
	char qb[80];
	if (lex_double(fs->f[4], fs->len[4], key, &why) != 0) {
		diag_at(d, rd->name, rd->line, "score '%s': %s",
			diag_quote(qb, sizeof qb, fs->f[4], fs->len[4]), why);
		return -1;
	}
	if (L->o->order == ORDER_RANK) {
		long rank;
		/* Ranks are compared as doubles: keep them exact. */
		if (lex_long(fs->f[3], fs->len[3], -(1L << 53), 1L << 53, &rank,
			     &why) != 0) {
			diag_at(d, rd->name, rd->line, "rank '%s': %s",
				diag_quote(qb, sizeof qb, fs->f[3], fs->len[3]),
				why);
			return -1;
		}
		*key = (double)rank;
	} else if (L->o->order == ORDER_FILE) {
		*key = 0;
	}
	return 0;
}

int run_parse_line(struct load *L, char *line, size_t len, struct diag *d)
{
	struct fields fs;
	int k;
	long topic;
	double key;
	struct rec *rec;
	const struct reader *rd = &L->rd;

	if (len == 0 || line[0] == '#')
		return 0;
	if (rd->line > UINT32_MAX) {
		diag_at(d, rd->name, rd->line, "more than %lu lines in one file",
			(unsigned long)UINT32_MAX);
		return -1;
	}
	k = lex_record(rd->name, rd->line, line, len, &fs, 6, SIZE_MAX, "run",
		       "6 (qid iter docno rank score tag)", d);
	if (k <= 0)
		return k;
	if (fs.len[0] > CB_MAX_DOCNO || fs.len[2] > CB_MAX_DOCNO ||
	    fs.len[5] > CB_MAX_DOCNO) {
		diag_at(d, rd->name, rd->line, "%s longer than %d bytes",
			fs.len[0] > CB_MAX_DOCNO ? "qid" :
			fs.len[2] > CB_MAX_DOCNO ? "docno" : "tag",
			CB_MAX_DOCNO);
		return -1;
	}
	if (line_key(L, &fs, &key, d) != 0)
		return -1;
	if (L->nlines++ == 0) {
		L->r->tag = xstrndup(fs.f[5], fs.len[5]);
	} else {
		const char *last = L->r->last_tag ? L->r->last_tag : L->r->tag;
		if (strlen(last) != fs.len[5] || memcmp(last, fs.f[5], fs.len[5])) {
			if (!L->mixed_line) {
				L->mixed_line = rd->line;
				L->mixed_tag = xstrndup(fs.f[5], fs.len[5]);
			}
			free(L->r->last_tag);
			L->r->last_tag = xstrndup(fs.f[5], fs.len[5]);
		}
	}
	if (L->lastq_len && fs.len[0] == L->lastq_len &&
	    memcmp(fs.f[0], L->lastq, fs.len[0]) == 0) {
		topic = L->last_topic;
	} else {
		topic = collection_find(L->c, fs.f[0], fs.len[0]);
		memcpy(L->lastq, fs.f[0], fs.len[0]);
		L->lastq_len = fs.len[0];
		L->last_topic = topic;
	}
	if (topic < 0) {
		int added;
		strmap_intern(&L->unknown, fs.f[0], fs.len[0],
			      strmap_key(fs.f[0], fs.len[0]), &added);
		return 0;
	}
	xgrow(&L->s->batch, &L->s->batch_cap, L->nbatch + 1, sizeof *rec);
	rec = (struct rec *)L->s->batch + L->nbatch++;
	rec->docno = fs.f[2];
	rec->len = (uint32_t)fs.len[2];
	rec->hash = strmap_key(fs.f[2], fs.len[2]);
	rec->line = rd->line;
	rec->key = key;
	rec->topic = (uint32_t)topic;
	return 0;
}

/* The docno of entry e, quoted for a message. */
static char *docno_quote(const struct run_ent *e, char *buf, size_t sz)
{
	return diag_quote(buf, sz, e->doc, e->len);
}

/* Remove duplicates from an ordered ranking; returns its new length or
 * (size_t)-1 with d set. */
static size_t dedup_ranking(struct load *L, struct run_ent *e, size_t n,
			    unsigned long *ndup, char *dupmsg, size_t dupsz,
			    struct diag *d)
{
	struct run_scratch *s = L->s;
	uint32_t maxid = 0, serial;
	size_t out = 0;
	char db[80], qb[80];
	for (size_t i = 0; i < n; i++)
		if (e[i].id > maxid)
			maxid = e[i].id;
	if ((size_t)maxid + 1 > s->stamp_cap) {
		size_t cap = s->stamp_cap, old = cap;
		xgrow(&s->stamp, &cap, (size_t)maxid + 1, sizeof *s->stamp);
		s->stamp_at = xreallocarray(s->stamp_at, cap, sizeof *s->stamp_at);
		memset(s->stamp + old, 0, (cap - old) * sizeof *s->stamp);
		s->stamp_cap = cap;
	}
	serial = ++s->serial;
	if (serial == 0) { /* wrapped: clear and start again */
		memset(s->stamp, 0, s->stamp_cap * sizeof *s->stamp);
		serial = s->serial = 1;
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t id = e[i].id;
		if (s->stamp[id] == serial) {
			const struct run_ent *first = &e[s->stamp_at[id]];
			unsigned long a = first->line, b = e[i].line;
			if (!L->o->dedup) {
				diag_at(d, L->rd.name, a > b ? a : b,
					"duplicate document %s in topic %s (also on line %lu)",
					docno_quote(&e[i], db, sizeof db),
					diag_quote(qb, sizeof qb,
						   L->c->topic[e[i].topic].qid,
						   strlen(L->c->topic[e[i].topic].qid)),
					a > b ? b : a);
				return (size_t)-1;
			}
			if ((*ndup)++ == 0)
				snprintf(dupmsg, dupsz,
					 "document %s in topic %s on lines %lu and %lu",
					 docno_quote(&e[i], db, sizeof db),
					 diag_quote(qb, sizeof qb,
						    L->c->topic[e[i].topic].qid,
						    strlen(L->c->topic[e[i].topic].qid)),
					 (unsigned long)first->line,
					 (unsigned long)e[i].line);
			continue;
		}
		s->stamp[id] = serial;
		s->stamp_at[id] = (uint32_t)out;
		if (out != i)   /* after a duplicate only */
			e[out] = e[i];
		out++;
	}
	return out;
}

void run_list_names(char *buf, size_t sz, const char *const *names,
		    size_t n)
{
	size_t o = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n && i < 10 && o < sz; i++) {
		char q[80];
		diag_quote(q, sizeof q, names[i], strlen(names[i]));
		o += (size_t)snprintf(buf + o, sz - o, "%s%s", i ? ", " : "", q);
	}
	if (n > 10 && o < sz)
		snprintf(buf + o, sz - o, " and %zu more", n - 10);
}

/* The classification of one ranking of n ids of topic tp, appended at
 * inter + *ni and jspan + 2 * *ns, which have room for n and for n + 2
 * pairs.  Without a branch on an id (whether a document is judged is as
 * good as random along a ranking): every step writes where an entry
 * would go and moves the count when it does go (the slots past the
 * last are scratch); a span's end is written as n when it opens and
 * moved back when it closes. */
static void classify_ranking(const uint32_t *ids, size_t n,
			     const struct topic *tp, uint32_t *inter,
			     size_t *ni, uint32_t *jspan, size_t *ns)
{
	size_t a = *ni, b = *ns;
	unsigned in = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned judged = ids[i] < tp->n_judged;
		unsigned open = judged & (in ^ 1), close = (judged ^ 1) & in;
		inter[a] = (uint32_t)i;
		a += ids[i] < tp->n_int;
		jspan[2 * b] = (uint32_t)i;            /* start, if it opens */
		jspan[2 * b + 1] = (uint32_t)n;
		b += open;
		/* the open span's end, or a slot past the spans */
		jspan[close ? 2 * b - 1 : 2 * b + 1] = (uint32_t)i;
		in = judged;
	}
	*ni = a;
	*ns = b;
}

/* Fill the static classification of every ranking (see run.h). */
void run_classify(struct run *r, const struct collection *c)
{
	size_t nt = c->n, ni = 0, ns = 0, icap = 0, scap = 0;
	r->inter_off = xcalloc(nt + 1, sizeof *r->inter_off);
	r->jspan_off = xcalloc(nt + 1, sizeof *r->jspan_off);
	for (size_t t = 0; t < nt; t++) {
		size_t n = r->off[t + 1] - r->off[t];
		r->inter_off[t] = ni;
		r->jspan_off[t] = ns;
		xgrow(&r->inter, &icap, ni + n + 1, sizeof *r->inter);
		xgrow(&r->jspan, &scap, 2 * (ns + n + 2), sizeof *r->jspan);
		classify_ranking(r->ids + r->off[t], n, &c->topic[t], r->inter,
				 &ni, r->jspan, &ns);
	}
	r->inter_off[nt] = ni;
	r->jspan_off[nt] = ns;
}

void run_mark_present(struct run *r, const struct collection *c)
{
	free(r->present);
	r->present = xcalloc(c->n ? c->n : 1, 1);
	for (size_t t = 0; t < c->n; t++)
		r->present[t] = r->off[t + 1] > r->off[t];
}

size_t run_rank(struct load *L, struct run_ent *x, size_t n,
		const struct topic *tp, unsigned long *ndup, char *dupmsg,
		size_t dupsz, struct diag *d)
{
	run_order_ranking(L->o->order, x, n);
	n = dedup_ranking(L, x, n, ndup, dupmsg, dupsz, d);
	if (n == (size_t)-1)
		return n;
	if (L->o->max_docs && n > L->o->max_docs)
		n = L->o->max_docs;
	if (n > CB_MAX_RANKING) {
		char qb[80];
		diag_at(d, L->rd.name, 0,
			"topic %s has %zu documents, more than the limit of %lu (use -M)",
			diag_quote(qb, sizeof qb, tp->qid, strlen(tp->qid)),
			n, CB_MAX_RANKING);
		return (size_t)-1;
	}
	return n;
}

void run_finish(struct load *L, const char *const *miss, size_t nmiss,
		unsigned long ndup, const char *dupmsg)
{
	struct run *r = L->r;
	size_t nt = L->c->n;
	run_classify(r, L->c);
	run_mark_present(r, L->c);
	if (ndup)
		warnings_add(&r->warn, r->label,
			     "%lu duplicate document%s removed, first: %s",
			     ndup, ndup == 1 ? "" : "s", dupmsg);
	if (nmiss) {
		char list[800];
		run_list_names(list, sizeof list, miss, nmiss);
		warnings_add(&r->warn, r->label, L->o->left_out
			     ? "run has no documents for %zu of %zu topics (%s); \"all\" leaves them out (give -c to count them as 0)"
			     : "run has no documents for %zu of %zu topics (%s); they score 0",
			     nmiss, nt, list);
	}
}

/* Group entries by topic, order, dedup, cut and store the ids. */
static int build(struct load *L, struct diag *d)
{
	struct collection *c = L->c;
	struct run *r = L->r;
	struct run_ent *e = L->s->ent, *g = e;
	size_t nt = c->n, total = 0, nmiss = 0;
	size_t *cnt = xcalloc(nt + 1, sizeof *cnt);
	size_t *start = xcalloc(nt + 1, sizeof *start);
	unsigned long ndup = 0;
	char dupmsg[400] = "";
	const char **miss;
	int together = 1, rc = -1;

	/* Where each topic starts, and whether its lines are contiguous. */
	for (size_t i = 0; i < L->nent; i++) {
		uint32_t t = e[i].topic;
		if (cnt[t + 1]++ == 0)
			start[t] = i;
		else if (e[i - 1].topic != t)
			together = 0;
	}
	for (size_t t = 0; t < nt; t++)
		cnt[t + 1] += cnt[t];
	if (!together) {
		/* Interleaved topics: a stable counting sort into a copy. */
		size_t *pos = xcalloc(nt + 1, sizeof *pos);
		g = xcalloc(L->nent ? L->nent : 1, sizeof *g);
		memcpy(pos, cnt, (nt + 1) * sizeof *pos);
		for (size_t i = 0; i < L->nent; i++)
			g[pos[e[i].topic]++] = e[i];
		free(pos);
		memcpy(start, cnt, (nt + 1) * sizeof *start);
	}
	r->off = xcalloc(nt + 1, sizeof *r->off);
	r->ids = xcalloc(L->nent ? L->nent : 1, sizeof *r->ids);
	miss = xcalloc(nt ? nt : 1, sizeof *miss);
	for (size_t t = 0; t < nt; t++) {
		size_t n = cnt[t + 1] - cnt[t];
		/* no entries at all: g may be NULL, and NULL + 0 is undefined */
		struct run_ent *x = n ? g + start[t] : NULL;
		struct topic *tp = &c->topic[t];
		r->off[t] = total;
		if (n == 0) {
			miss[nmiss++] = tp->qid;
			continue;
		}
		n = run_rank(L, x, n, tp, &ndup, dupmsg, sizeof dupmsg, d);
		if (n == (size_t)-1)
			goto out;
		for (size_t i = 0; i < n; i++)
			r->ids[total + i] = x[i].id;
		total += n;
	}
	r->off[nt] = total;
	run_finish(L, miss, nmiss, ndup, dupmsg);
	rc = 0;
out:
	free(miss);
	free(cnt);
	free(start);
	if (g != e)
		free(g);
	return rc;
}

int run_check_parsed(struct load *L, struct diag *d)
{
	struct run *r = L->r;
	if (L->nlines == 0) {
		diag_at(d, L->rd.name, 0, "no run lines (empty file?)");
		return -1;
	}
	if (L->mixed_line) {
		r->mixed_line = L->mixed_line;
		r->mixed_tag = L->mixed_tag;
		L->mixed_tag = NULL;
	}
	if (L->unknown.n) {
		char list[800];
		const char *names[10];
		for (uint32_t i = 0; i < L->unknown.n && i < 10; i++)
			names[i] = strmap_str(&L->unknown, i);
		run_list_names(list, sizeof list, names, L->unknown.n);
		warnings_add(&r->warn, r->label,
			     "%u topic%s not in the qrels ignored (%s)",
			     L->unknown.n, L->unknown.n == 1 ? "" : "s",
			     list);
	}
	return 0;
}

int run_load(struct run *r, struct collection *c, const struct run_opts *o,
	     struct run_scratch *s, struct diag *d)
{
	struct load L;
	struct diag one = { .set = 0 };
	unsigned nerr = 0;
	int rc = -1;

	memset(&L, 0, sizeof L);
	L.r = r;
	L.c = c;
	L.o = o;
	L.s = s;
	strmap_init(&L.unknown);
	if (reader_open(&L.rd, r->path, d) != 0)
		return -1;
	for (;;) {
		char *line;
		size_t len;
		int k = reader_next(&L.rd, &line, &len, d);
		if (k == READER_ERROR)
			goto out;
		if (k == READER_LINE) {
			if (run_parse_line(&L, line, len, &one) != 0 &&
			    keep_line_error(d, &one, &nerr))
				goto out;
			run_fast_lines(&L);
			continue;
		}
		flush_batch(&L);
		reader_release(&L.rd);
		if (k == READER_EOF)
			break;
	}
	if (nerr || run_check_parsed(&L, d) != 0)
		goto out;
	if (build(&L, d) != 0)
		goto out;
	rc = 0;
out:
	free(L.mixed_tag);
	strmap_release(&L.unknown);
	reader_close(&L.rd);
	return rc;
}
