/*
 * qrels.c - parse a qrels file into the collection's topics (parse step of
 * the pipeline; see collection.h for the id layout it produces).
 *
 * Format: "qid iter docno rel", exactly four whitespace-separated fields,
 * rel an integer (negative = judged, gain 0).  Blank lines and lines whose
 * first byte is '#' are skipped.  The same (qid, docno) twice is an error
 * naming both lines unless --dedup, which keeps the first.
 *
 * Lines after the first of a topic are split by lexscan when they are
 * short and plain (fast_lines), as parse_line would take them.
 *
 * Memory: the judged documents are held once, interned per topic; a
 * temporary array of line numbers is freed at the end.
 */
#include "collection.h"
#include "lex.h"
#include "lexscan.h"
#include "pool.h"
#include "reader.h"
#include "xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Per-topic state while reading: grades and first lines by file-order id. */
struct qtopic {
	int32_t *grade;
	unsigned long *line;
	size_t cap;
};

void collection_init(struct collection *c)
{
	memset(c, 0, sizeof *c);
	strmap_init(&c->qids);
}

void collection_release(struct collection *c)
{
	for (size_t i = 0; i < c->n; i++) {
		struct topic *t = &c->topic[i];
		free(t->grade);
		free(t->hash);
		strmap_release(&t->docs);
		pthread_mutex_destroy(&t->lock);
	}
	free(c->topic);
	strmap_release(&c->qids);
	collection_init(c);
}

long collection_find(const struct collection *c, const char *qid, size_t n)
{
	uint32_t id = strmap_find(&c->qids, qid, n, strmap_key(qid, n));
	return id == UINT32_MAX ? -1 : (long)id;
}

int qid_natural_cmp(const char *a, const char *b, int numeric)
{
	if (numeric) {
		const char *x = a, *y = b;
		size_t lx, ly;
		int r;
		while (*x == '0' && x[1])
			x++;
		while (*y == '0' && y[1])
			y++;
		lx = strlen(x);
		ly = strlen(y);
		if (lx != ly)
			return lx < ly ? -1 : 1;
		r = strcmp(x, y);
		if (r)
			return r;
	}
	return strcmp(a, b);
}

struct qsort_ctx_item {
	const char *qid;
	uint32_t old;
	int numeric;
};

static int cmp_qitem(const void *pa, const void *pb)
{
	const struct qsort_ctx_item *a = pa, *b = pb;
	return qid_natural_cmp(a->qid, b->qid, a->numeric);
}

/* Order of judged documents: grade descending, file order on ties. */
struct gitem {
	int32_t grade;
	uint32_t old;
};

static int cmp_gitem(const void *pa, const void *pb)
{
	const struct gitem *a = pa, *b = pb;
	if (a->grade != b->grade)
		return a->grade > b->grade ? -1 : 1;
	return a->old < b->old ? -1 : a->old > b->old;
}

void topic_count(struct topic *t, int level)
{
	t->n_rel = t->n_pos = t->n_nonneg = 0;
	for (uint32_t j = 0; j < t->n_judged; j++) {
		if (t->grade[j] >= level)
			t->n_rel = j + 1;
		if (t->grade[j] >= 1)
			t->n_pos = j + 1;
		if (t->grade[j] >= 0)
			t->n_nonneg = j + 1;
	}
	t->n_int = t->n_rel > t->n_pos ? t->n_rel : t->n_pos;
}

/* Record the grade of document did of topic q and the line that gave
 * it, growing q's arrays as needed. */
static void qtopic_set(struct qtopic *q, uint32_t did, int32_t grade,
		       unsigned long line)
{
	if (did >= q->cap) {
		size_t cap = q->cap;
		xgrow(&q->grade, &cap, (size_t)did + 1, sizeof *q->grade);
		q->line = xreallocarray(q->line, cap, sizeof *q->line);
		q->cap = cap;
	}
	q->grade[did] = grade;
	q->line[did] = line;
}

/* The topic of qid q (n bytes), added with its reading state when new. */
static uint32_t topic_of(struct collection *c, struct qtopic **qt,
			 size_t *qtcap, const char *q, size_t n)
{
	uint32_t tid = c->qids.n - 1;
	int added;
	/* qrels hold a topic's lines together: most lines are of the topic
	 * added last */
	if (c->qids.n && strmap_len(&c->qids, tid) == n &&
	    memcmp(strmap_str(&c->qids, tid), q, n) == 0)
		return tid;
	tid = strmap_intern(&c->qids, q, n, strmap_key(q, n), &added);
	if (added) {
		xgrow(&c->topic, &c->n, tid + 1, sizeof *c->topic);
		xgrow(qt, qtcap, tid + 1, sizeof **qt);
		memset(&c->topic[tid], 0, sizeof c->topic[tid]);
		memset(&(*qt)[tid], 0, sizeof (*qt)[tid]);
		strmap_init(&c->topic[tid].docs);
	}
	return tid;
}

static int parse_line(struct collection *c, struct qtopic **qt, size_t *qtcap,
		      const struct reader *r, char *line, size_t len,
		      const struct qrels_opts *o, unsigned long *ndup,
		      char *dupmsg, size_t dupsz, struct diag *d)
{
	struct fields fs;
	long grade;
	const char *why;
	uint32_t tid, did;
	int added;
	struct topic *t;
	struct qtopic *q;
	char qb[80], db[80];

	int k = lex_record(r->name, r->line, line, len, &fs, 4, 4, "qrels",
			   "4 (qid iter docno rel)", d);
	if (k <= 0)
		return k;
	if (fs.len[0] > CB_MAX_DOCNO || fs.len[2] > CB_MAX_DOCNO) {
		diag_at(d, r->name, r->line, "%s longer than %d bytes",
			fs.len[0] > CB_MAX_DOCNO ? "qid" : "docno",
			CB_MAX_DOCNO);
		return -1;
	}
	if (lex_long(fs.f[3], fs.len[3], -INT32_MAX, INT32_MAX, &grade,
		     &why) != 0) {
		diag_at(d, r->name, r->line, "relevance grade '%s': %s",
			diag_quote(db, sizeof db, fs.f[3], fs.len[3]), why);
		return -1;
	}
	if (fs.len[0] == 3 && memcmp(fs.f[0], "all", 3) == 0) {
		diag_at(d, r->name, r->line,
			"topic id 'all' is reserved for the mean over topics");
		return -1;
	}
	tid = topic_of(c, qt, qtcap, fs.f[0], fs.len[0]);
	t = &c->topic[tid];
	q = &(*qt)[tid];
	did = strmap_intern(&t->docs, fs.f[2], fs.len[2],
			    strmap_key(fs.f[2], fs.len[2]), &added);
	if (!added) {
		if (!o->dedup) {
			diag_at(d, r->name, r->line,
				"duplicate judgement of document %s for topic %s (first on line %lu)",
				diag_quote(db, sizeof db, fs.f[2], fs.len[2]),
				diag_quote(qb, sizeof qb, fs.f[0], fs.len[0]),
				q->line[did]);
			return -1;
		}
		if ((*ndup)++ == 0)
			snprintf(dupmsg, dupsz,
				 "document %s for topic %s on lines %lu and %lu",
				 diag_quote(db, sizeof db, fs.f[2], fs.len[2]),
				 diag_quote(qb, sizeof qb, fs.f[0], fs.len[0]),
				 q->line[did], r->line);
		return 0;
	}
	qtopic_set(q, did, (int32_t)grade, r->line);
	return 0;
}

/* Put the n items at g in cmp_gitem's order: grade descending, file
 * order on ties.  Grades are mostly a few small numbers: a counting sort
 * then (stable, so file order stays), else qsort. */
static void sort_grades(struct gitem *g, uint32_t n)
{
	int32_t lo = INT32_MAX, hi = INT32_MIN;
	uint32_t cnt[65] = { 0 };
	struct gitem *tmp;
	for (uint32_t j = 0; j < n; j++) {
		lo = g[j].grade < lo ? g[j].grade : lo;
		hi = g[j].grade > hi ? g[j].grade : hi;
	}
	if (n < 2 || (int64_t)hi - lo >= 64) {
		qsort(g, n, sizeof *g, cmp_gitem);
		return;
	}
	/* cnt[k + 1]: the items of grade hi - k; then where they start */
	for (uint32_t j = 0; j < n; j++)
		cnt[hi - g[j].grade + 1]++;
	for (int k = 1; k < 65; k++)
		cnt[k] += cnt[k - 1];
	tmp = xcalloc(n, sizeof *tmp);
	for (uint32_t j = 0; j < n; j++)
		tmp[cnt[hi - g[j].grade]++] = g[j];
	memcpy(g, tmp, n * sizeof *g);
	free(tmp);
}

/* After a line read by parse_line: take the lines that follow it in the
 * reader's buffer for as long as they are lines of the topic added last,
 * each of a new document and with a grade lex_long takes - what
 * parse_line would take without a word - as it takes them, split by
 * lexscan (lexscan.h).  Anything else (another topic, a duplicate, a
 * long or bad line, the buffer's last lines) is left to parse_line.
 * Returns the lines taken. */
static unsigned long fast_lines(struct collection *c, struct qtopic *qt,
				struct reader *r)
{
	struct lexscan sc;
	struct topic *t;
	struct qtopic *q;
	const char *qid, *p, *why;
	size_t qlen, avail, at = 0;
	unsigned long n = 0;
	uint32_t tid;
	if (c->qids.n == 0)
		return 0;
	tid = c->qids.n - 1;
	t = &c->topic[tid];
	q = &qt[tid];
	qid = strmap_str(&c->qids, tid);
	qlen = strmap_len(&c->qids, tid);
	p = reader_ahead(r, &avail);
	lexscan_init(&sc, p, avail);
	for (;; n++) {
		struct lex_line6 f;
		const char *l = p + at;
		size_t k = lexscan_line(&sc, at, &f, 4);
		uint32_t did;
		long grade;
		int added;
		if (k == 0 || f.s[0] != 0 || f.e[0] != qlen ||
		    !strmap_same(l, qid, qlen))
			break;
		/* a grade is mostly one digit */
		if (f.e[3] - f.s[3] == 1 && l[f.s[3]] >= '0' && l[f.s[3]] <= '9')
			grade = l[f.s[3]] - '0';
		else if (lex_long(l + f.s[3], (size_t)(f.e[3] - f.s[3]),
				  -INT32_MAX, INT32_MAX, &grade, &why) != 0)
			break;
		did = strmap_intern(&t->docs, l + f.s[2],
				    (size_t)(f.e[2] - f.s[2]),
				    strmap_key(l + f.s[2],
					       (size_t)(f.e[2] - f.s[2])),
				    &added);
		if (!added)     /* a duplicate: changed nothing */
			break;
		qtopic_set(q, did, (int32_t)grade, r->line + n + 1);
		at += k;
	}
	reader_skip(r, at, n);
	return n;
}

/* Renumber topics into natural order and each topic's judged documents into
 * grade-descending order; fill the id-layout counts. */
static void finish(struct collection *c, struct qtopic *qt, int level)
{
	size_t n = c->qids.n;
	struct qsort_ctx_item *it = xcalloc(n, sizeof *it);
	uint32_t *perm = xcalloc(n, sizeof *perm);
	struct topic *topics = xcalloc(n, sizeof *topics);
	struct qtopic *q2 = xcalloc(n, sizeof *q2);
	int numeric = 1;

	for (size_t i = 0; i < n; i++)
		if (!lex_all_digits(strmap_str(&c->qids, (uint32_t)i)))
			numeric = 0;
	for (size_t i = 0; i < n; i++) {
		it[i].qid = strmap_str(&c->qids, (uint32_t)i);
		it[i].old = (uint32_t)i;
		it[i].numeric = numeric;
	}
	qsort(it, n, sizeof *it, cmp_qitem);
	for (size_t i = 0; i < n; i++) {
		perm[it[i].old] = (uint32_t)i;
		topics[i] = c->topic[it[i].old];
		q2[i] = qt[it[i].old];
	}
	strmap_permute(&c->qids, perm);
	free(c->topic);
	c->topic = topics;
	c->n = n;

	for (size_t i = 0; i < n; i++) {
		struct topic *t = &c->topic[i];
		uint32_t nj = t->docs.n;
		struct gitem *g = xcalloc(nj, sizeof *g);
		uint32_t *dp = xcalloc(nj, sizeof *dp);
		t->qid = strmap_str(&c->qids, (uint32_t)i);
		for (uint32_t j = 0; j < nj; j++) {
			g[j].grade = q2[i].grade[j];
			g[j].old = j;
		}
		sort_grades(g, nj);
		t->grade = xcalloc(nj, sizeof *t->grade);
		for (uint32_t j = 0; j < nj; j++) {
			dp[g[j].old] = j;
			t->grade[j] = g[j].grade;
		}
		strmap_permute(&t->docs, dp);
		t->n_judged = t->n_docs = nj;
		topic_count(t, level);
		pthread_mutex_init(&t->lock, NULL);
		free(g);
		free(dp);
		free(q2[i].grade);
		free(q2[i].line);
	}
	free(q2);
	free(it);
	free(perm);
}

int keep_line_error(struct diag *d, struct diag *one, unsigned *nerr)
{
	diag_keep(d, one);   /* the same error again folds: reading goes on */
	*nerr = (unsigned)diag_count(d);
	return *nerr >= DIAG_KEEP;
}

int qrels_load(struct collection *c, const char *path,
	       const struct qrels_opts *o, struct warnings *w, struct diag *d)
{
	struct reader r;
	struct qtopic *qt = NULL;
	size_t qtcap = 0;
	unsigned long ndup = 0;
	char dupmsg[400] = "";
	struct diag one = { .set = 0 };
	unsigned nerr = 0;
	int rc = -1;

	if (reader_open(&r, path, d) != 0)
		return -1;
	for (;;) {
		char *line;
		size_t len;
		int k = reader_next(&r, &line, &len, d);
		if (k == READER_ERROR)
			goto out;
		if (k == READER_EOF)
			break;
		if (k == READER_FLUSH) {
			reader_release(&r);
			continue;
		}
		reader_release(&r);
		if (parse_line(c, &qt, &qtcap, &r, line, len, o, &ndup, dupmsg,
			       sizeof dupmsg, &one) != 0 &&
		    keep_line_error(d, &one, &nerr))
			goto out;
		fast_lines(c, qt, &r);
	}
	if (nerr)
		goto out;
	if (c->qids.n == 0) {
		diag_at(d, r.name, 0, "no judgements (empty qrels file?)");
		goto out;
	}
	if (ndup)
		warnings_add(w, r.name, "%lu duplicate judgement%s ignored, first: %s",
			     ndup, ndup == 1 ? "" : "s", dupmsg);
	finish(c, qt, o->level);
	free(qt);
	qt = NULL;
	rc = 0;
out:
	if (qt) {
		for (size_t i = 0; i < c->qids.n; i++) {
			free(qt[i].grade);
			free(qt[i].line);
			strmap_release(&c->topic[i].docs);
		}
		free(qt);
		free(c->topic);
		c->topic = NULL;
		c->n = 0;
		strmap_release(&c->qids);
		strmap_init(&c->qids);
	}
	reader_close(&r);
	return rc;
}

/* collection_freeze of one topic, with its documents' hashes or not. */
static void freeze_topic(struct topic *t, int hashes)
{
	if (t->hash) {        /* read frozen from a collection file */
		strmap_release(&t->docs);   /* its docnos, if kept */
		return;
	}
	t->n_docs = t->docs.n;
	t->hash = xcalloc(t->n_docs, sizeof *t->hash);
	for (uint32_t d = 0; hashes && d < t->n_docs; d++)
		t->hash[d] = fnv1a64(strmap_str(&t->docs, d),
				     strmap_len(&t->docs, d));
	strmap_release(&t->docs);
}

void collection_freeze(struct collection *c)
{
	for (size_t i = 0; i < c->n; i++)
		freeze_topic(&c->topic[i], 1);
}

static void freeze_task(void *ctx, size_t i, unsigned w)
{
	struct collection *c = ctx;
	(void)w;
	freeze_topic(&c->topic[i], !c->hashless);
}

void collection_freeze_on(struct collection *c, struct pool *p, int hashes)
{
	c->hashless = !hashes;
	pool_run(p, c->n, freeze_task, c);
}
