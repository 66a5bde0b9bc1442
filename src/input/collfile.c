/*
 * collfile.c - prepared collection files (--save-collection, --collection;
 * collfile.h gives the byte layout).  Writing goes through a 64 KiB
 * buffer whose bytes feed the checksum as they leave; reading checks each
 * count as it goes and grows its arrays with what has arrived, so that a
 * truncated or corrupt file fails before any large allocation.  A file
 * of 129 runs x 50 topics x 1000 documents is about 35 MB; reading it
 * costs a fifth of parsing the runs (0.13 against 0.65 s).
 */
#include "collfile.h"
#include "options.h"
#include "mix.h"
#include "reader.h"
#include "xalloc.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned char magic[8] = { 'C', 'B', 'E', 'V', 'C', 'O', 'L', 0 };

/* ---- the checksum ------------------------------------------------------- */

/* The bytes as 8-byte little-endian words (the last one padded with
 * zero bytes), each mixed in as strmap_key does, then the byte count and
 * the splitmix64 finaliser (mix64). */
struct csum {
	uint64_t h, w, total;
	unsigned nb;            /* bytes in w */
};

static void csum_init(struct csum *c)
{
	memset(c, 0, sizeof *c);
	c->h = 0x9e3779b97f4a7c15ULL;
}

static void csum_word(struct csum *c, uint64_t w)
{
	c->h = (c->h ^ w) * 0xbf58476d1ce4e5b9ULL;
	c->h ^= c->h >> 29;
}

static void csum_add(struct csum *c, const unsigned char *p, size_t n)
{
	c->total += n;
	for (; n && c->nb; p++, n--) {
		c->w |= (uint64_t)*p << (8 * c->nb);
		if (++c->nb == 8) {
			csum_word(c, c->w);
			c->w = 0;
			c->nb = 0;
		}
	}
	for (; n >= 8; p += 8, n -= 8) {
		uint64_t w;
		if (reader_host_le())
			memcpy(&w, p, 8);
		else
			w = reader_le(p, 8);
		csum_word(c, w);
	}
	for (; n; p++, n--)
		c->w |= (uint64_t)*p << (8 * c->nb++);
}

static uint64_t csum_end(struct csum *c)
{
	if (c->nb)
		csum_word(c, c->w);
	csum_word(c, c->total);
	return mix64(c->h);
}

/* ---- writing ------------------------------------------------------------ */

struct cw {
	FILE *f;
	struct csum cs;
	size_t n;
	unsigned char buf[1 << 16];
};

static void cw_flush(struct cw *w)
{
	csum_add(&w->cs, w->buf, w->n);
	fwrite(w->buf, 1, w->n, w->f);
	w->n = 0;
}

static void cw_bytes(struct cw *w, const void *p, size_t n)
{
	const unsigned char *s = p;
	while (n) {
		size_t m = sizeof w->buf - w->n < n ? sizeof w->buf - w->n : n;
		memcpy(w->buf + w->n, s, m);
		w->n += m;
		s += m;
		n -= m;
		if (w->n == sizeof w->buf)
			cw_flush(w);
	}
}

/* The low bytes bytes of x, little-endian, straight into the buffer (written
 * first when they would not fit: the file's bytes are the same). */
static void cw_u(struct cw *w, uint64_t x, int bytes)
{
	if (sizeof w->buf - w->n < (size_t)bytes)
		cw_flush(w);
	for (int i = 0; i < bytes; i++)
		w->buf[w->n++] = (unsigned char)(x >> (8 * i));
}

static void cw_str(struct cw *w, const char *s, size_t n)
{
	cw_u(w, n, 4);
	cw_bytes(w, s, n);
}

/* The documents of a topic renumbered so that the file does not depend
 * on which thread interned which document first: the judged ones keep
 * ids 0..J-1 (qrels order), the others follow in the order the runs first
 * retrieve them (runs as given, rankings in evaluation order), then any
 * left (cut by -M) by docno.  map[old id] = new id, old[new id] = old. */
struct renum {
	uint32_t **map, **old;
	size_t n;
};

struct left {
	const char *s;          /* the docno (NUL-terminated in the map) */
	uint32_t id;
};

static int by_docno(const void *pa, const void *pb)
{
	const struct left *a = pa, *b = pb;
	return strcmp(a->s, b->s);
}

static void renum_topic(struct renum *rn, size_t t, const struct topic *tp,
			const struct run *runs, size_t nruns)
{
	uint32_t nd = tp->docs.n, next = tp->n_judged, nleft = 0;
	uint32_t *map = rn->map[t] = xcalloc(nd ? nd : 1, sizeof *map);
	uint32_t *old = rn->old[t] = xcalloc(nd ? nd : 1, sizeof *old);
	struct left *left;
	for (uint32_t id = 0; id < nd; id++)
		map[id] = id < tp->n_judged ? id : UINT32_MAX;
	for (size_t r = 0; r < nruns; r++)
		for (size_t e = runs[r].off[t]; e < runs[r].off[t + 1]; e++)
			if (map[runs[r].ids[e]] == UINT32_MAX)
				map[runs[r].ids[e]] = next++;
	left = xcalloc(nd - next + 1, sizeof *left);
	for (uint32_t id = 0; id < nd; id++)
		if (map[id] == UINT32_MAX) {
			left[nleft].s = strmap_str(&tp->docs, id);
			left[nleft++].id = id;
		}
	qsort(left, nleft, sizeof *left, by_docno);
	for (uint32_t i = 0; i < nleft; i++)
		map[left[i].id] = next++;
	free(left);
	for (uint32_t id = 0; id < nd; id++)
		old[map[id]] = id;
}

static void renum_init(struct renum *rn, const struct collection *c,
		       const struct run *runs, size_t nruns)
{
	rn->n = c->n;
	rn->map = xcalloc(c->n + 1, sizeof *rn->map);
	rn->old = xcalloc(c->n + 1, sizeof *rn->old);
	for (size_t t = 0; t < c->n; t++)
		renum_topic(rn, t, &c->topic[t], runs, nruns);
}

static void renum_release(struct renum *rn)
{
	for (size_t t = 0; t < rn->n; t++) {
		free(rn->map[t]);
		free(rn->old[t]);
	}
	free(rn->map);
	free(rn->old);
}

static void write_topic(struct cw *w, const struct topic *t,
			const uint32_t *old)
{
	cw_str(w, t->qid, strlen(t->qid));
	cw_u(w, t->n_judged, 4);
	for (uint32_t j = 0; j < t->n_judged; j++)
		cw_u(w, (uint32_t)t->grade[j], 4);
	cw_u(w, t->docs.n, 4);
	for (uint32_t id = 0; id < t->docs.n; id++)
		cw_str(w, strmap_str(&t->docs, old[id]),
		       strmap_len(&t->docs, old[id]));
}

static void write_run(struct cw *w, const struct run *r,
		      const struct renum *rn)
{
	cw_str(w, r->path, strlen(r->path));
	cw_str(w, r->tag ? r->tag : "", r->tag ? strlen(r->tag) : 0);
	cw_str(w, r->name, strlen(r->name));
	for (size_t t = 0; t < rn->n; t++)
		cw_u(w, r->off[t + 1] - r->off[t], 8);
	for (size_t t = 0; t < rn->n; t++)
		for (size_t e = r->off[t]; e < r->off[t + 1]; e++)
			cw_u(w, rn->map[t][r->ids[e]], 4);
}

int collfile_write(const char *path, const struct collection *c,
		   const struct run *runs, size_t nruns, int level,
		   const struct run_opts *ro, struct diag *d)
{
	struct cw *w = xcalloc(1, sizeof *w);
	struct renum rn;
	int bad;
	w->f = fopen(path, "wb");
	if (!w->f) {
		diag_set(d, "%s: cannot open for writing: %s", path,
			 strerror(errno));
		free(w);
		return -1;
	}
	csum_init(&w->cs);
	cw_bytes(w, magic, sizeof magic);
	cw_u(w, COLLFILE_VERSION, 4);
	cw_str(w, CBEVAL_VERSION, strlen(CBEVAL_VERSION));
	cw_u(w, (uint64_t)(int64_t)level, 8);
	cw_u(w, (uint64_t)ro->order, 4);
	cw_u(w, (uint64_t)ro->dedup, 4);
	cw_u(w, ro->max_docs, 8);
	renum_init(&rn, c, runs, nruns);
	cw_u(w, c->n, 4);
	for (size_t t = 0; t < c->n; t++)
		write_topic(w, &c->topic[t], rn.old[t]);
	cw_u(w, nruns, 4);
	for (size_t r = 0; r < nruns; r++)
		write_run(w, &runs[r], &rn);
	renum_release(&rn);
	cw_flush(w);
	{
		unsigned char b[8];
		uint64_t h = csum_end(&w->cs);
		for (int i = 0; i < 8; i++)
			b[i] = (unsigned char)(h >> (8 * i));
		fwrite(b, 1, sizeof b, w->f);
	}
	bad = ferror(w->f);
	errno = 0;
	if (fclose(w->f) != 0 || bad) {
		diag_set(d, "%s: cannot write: %s", path,
			 errno ? strerror(errno) : "write error");
		free(w);
		return -1;
	}
	free(w);
	return 0;
}

/* ---- reading ------------------------------------------------------------ */

#define CHUNK (1u << 20)   /* bytes read into an array at a time */

struct cr {
	const char *path;
	struct reader rd;
	struct csum cs;
	unsigned char *chunk;   /* CHUNK bytes for cr_u32s */
	char str[CB_MAX_DOCNO + 1];
	size_t nstr;
	int keep_docnos;        /* also each topic's docno map */
};

static int corrupt(struct cr *r, const char *what, struct diag *d)
{
	diag_at(d, r->path, 0, "corrupt collection file: %s", what);
	return -1;
}

/* Read n bytes into p; a short read is a truncated file. */
static int cr_get(struct cr *r, void *p, size_t n, struct diag *d)
{
	long got = reader_read(&r->rd, p, n, d);
	if (got < 0)
		return -1;
	if ((size_t)got < n) {
		diag_at(d, r->path, 0, "truncated collection file");
		return -1;
	}
	csum_add(&r->cs, p, n);
	return 0;
}

static int cr_u(struct cr *r, uint64_t *x, int bytes, struct diag *d)
{
	unsigned char b[8];
	if (cr_get(r, b, (size_t)bytes, d) != 0)
		return -1;
	*x = reader_le(b, bytes);
	return 0;
}

static int cr_u32(struct cr *r, uint32_t *x, struct diag *d)
{
	uint64_t v;
	if (cr_u(r, &v, 4, d) != 0)
		return -1;
	*x = (uint32_t)v;
	return 0;
}

/* A string of at most CB_MAX_DOCNO bytes into r->str (NUL-terminated),
 * its length into r->nstr; empty ones only when empty_ok. */
static int cr_str(struct cr *r, const char *what, int empty_ok,
		  struct diag *d)
{
	uint32_t n;
	if (cr_u32(r, &n, d) != 0)
		return -1;
	if (n > CB_MAX_DOCNO || (n == 0 && !empty_ok)) {
		char msg[96];
		snprintf(msg, sizeof msg, "%s of %" PRIu32 " bytes", what, n);
		return corrupt(r, msg, d);
	}
	r->nstr = n;
	r->str[n] = '\0';
	return cr_get(r, r->str, n, d);
}

/* n u32 values into the array *a (grown as they arrive), from index at. */
static int cr_u32s(struct cr *r, uint32_t **a, size_t *cap, size_t at,
		   uint64_t n, struct diag *d)
{
	unsigned char *b = r->chunk;
	int rc = 0;
	while (n && rc == 0) {
		size_t m = n < CHUNK / 4 ? (size_t)n : CHUNK / 4;
		xgrow(a, cap, at + m, sizeof **a);
		if (reader_host_le()) {     /* the file's bytes are the array's */
			rc = cr_get(r, *a + at, 4 * m, d);
		} else {
			rc = cr_get(r, b, 4 * m, d);
			for (size_t i = 0; rc == 0 && i < m; i++)
				(*a)[at + i] = (uint32_t)reader_le(b + 4 * i, 4);
		}
		at += m;
		n -= m;
	}
	return rc;
}

static int read_head(struct cr *r, int *level, struct run_opts *ro,
		     struct diag *d)
{
	unsigned char b[sizeof magic];
	uint64_t lv, md;
	uint32_t version, order, dedup;
	long got = reader_read(&r->rd, b, sizeof b, d);
	if (got < 0)
		return -1;
	if ((size_t)got < sizeof b || memcmp(b, magic, sizeof b) != 0) {
		diag_at(d, r->path, 0, "not a cbeval collection file (those are written by --save-collection)");
		return -1;
	}
	csum_add(&r->cs, b, sizeof b);
	if (cr_u32(r, &version, d) != 0)
		return -1;
	if (version != COLLFILE_VERSION) {
		diag_at(d, r->path, 0, "collection file format version %" PRIu32
			": this cbeval reads version %u", version,
			COLLFILE_VERSION);
		return -1;
	}
	if (cr_str(r, "a version", 0, d) != 0)
		return -1;
	if (strcmp(r->str, CBEVAL_VERSION) != 0) {
		diag_at(d, r->path, 0, "written by cbeval %s, read by cbeval %s: save it again with this one",
			r->str, CBEVAL_VERSION);
		return -1;
	}
	if (cr_u(r, &lv, 8, d) != 0 || cr_u32(r, &order, d) != 0 ||
	    cr_u32(r, &dedup, d) != 0 || cr_u(r, &md, 8, d) != 0)
		return -1;
	if ((int64_t)lv < -INT32_MAX || (int64_t)lv > INT32_MAX ||
	    order > ORDER_FILE || dedup > 1)
		return corrupt(r, "options out of range", d);
	*level = (int)(int64_t)lv;
	ro->order = (enum run_order)order;
	ro->dedup = (int)dedup;
	ro->max_docs = md;
	return 0;
}

/* One topic into c (its qid interned as the next topic). */
static int read_topic(struct cr *r, struct collection *c, size_t *cap,
		      int level, struct diag *d)
{
	struct topic *t;
	uint32_t nj, nd, *g = NULL;
	size_t gcap = 0, hcap = 0;
	int added, rc;
	if (cr_str(r, "a qid", 0, d) != 0)
		return -1;
	strmap_intern(&c->qids, r->str, r->nstr,
		      strmap_key(r->str, r->nstr), &added);
	if (!added)
		return corrupt(r, "a qid twice", d);
	xgrow(&c->topic, cap, c->n + 1, sizeof *c->topic);
	t = &c->topic[c->n++];
	memset(t, 0, sizeof *t);
	strmap_init(&t->docs);
	pthread_mutex_init(&t->lock, NULL);
	t->qid = strmap_str(&c->qids, (uint32_t)(c->n - 1));
	if (cr_u32(r, &nj, d) != 0)
		return -1;
	t->n_judged = nj;
	rc = cr_u32s(r, &g, &gcap, 0, nj, d);
	t->grade = (int32_t *)g;   /* the same bits, as written */
	if (rc != 0)
		return -1;
	for (uint32_t j = 1; j < nj; j++)
		if (t->grade[j] > t->grade[j - 1])
			return corrupt(r, "grades not in descending order", d);
	topic_count(t, level);
	if (cr_u32(r, &nd, d) != 0)
		return -1;
	if (nd < nj || nd == UINT32_MAX)
		return corrupt(r, "fewer documents than judgements", d);
	/* as collection_freeze leaves a topic: the hashes, no map */
	for (uint32_t id = 0; id < nd; id++) {
		if (cr_str(r, "a docno", 0, d) != 0)
			return -1;
		xgrow(&t->hash, &hcap, (size_t)id + 1, sizeof *t->hash);
		t->hash[id] = fnv1a64(r->str, r->nstr);
		t->n_docs = id + 1;
		if (r->keep_docnos &&
		    (strmap_intern(&t->docs, r->str, r->nstr,
				   strmap_key(r->str, r->nstr), &added) != id ||
		     !added))
			return corrupt(r, "a docno twice in a topic", d);
	}
	return 0;
}

/* One run's rankings: lengths, then ids, each below its topic's count
 * and none twice in a ranking (seen[id] = the serial of the last ranking
 * that held id; seen has a slot for every document of every topic). */
static int read_ranks(struct cr *r, const struct collection *c,
		      struct run *run, uint32_t *seen, uint32_t *serial,
		      struct diag *d)
{
	size_t nt = c->n, cap = 0;
	run->off = xcalloc(nt + 1, sizeof *run->off);
	for (size_t t = 0; t < nt; t++) {
		uint64_t n;
		if (cr_u(r, &n, 8, d) != 0)
			return -1;
		if (n > CB_MAX_RANKING)
			return corrupt(r, "a ranking too long", d);
		run->off[t + 1] = run->off[t] + (size_t)n;
	}
	for (size_t t = 0; t < nt; t++) {
		size_t a = run->off[t], b = run->off[t + 1];
		uint32_t s = ++*serial;
		if (cr_u32s(r, &run->ids, &cap, a, b - a, d) != 0)
			return -1;
		for (size_t e = a; e < b; e++) {
			uint32_t id = run->ids[e];
			if (id >= c->topic[t].n_docs)
				return corrupt(r, "a document id out of range", d);
			if (seen[id] == s)
				return corrupt(r, "a document twice in a ranking", d);
			seen[id] = s;
		}
	}
	return 0;
}

static int read_run(struct cr *r, const struct collection *c,
		    struct collfile_runs *out, uint32_t *seen,
		    uint32_t *serial, struct diag *d)
{
	struct run *run;
	size_t i = out->n;
	if (cr_str(r, "a path", 0, d) != 0)
		return -1;
	out->run = xreallocarray(out->run, i + 1, sizeof *out->run);
	out->path = xreallocarray(out->path, i + 1, sizeof *out->path);
	out->path[i] = xstrndup(r->str, r->nstr);
	run = &out->run[i];
	run_init(run, out->path[i]);
	out->n++;
	if (cr_str(r, "a tag", 1, d) != 0)
		return -1;
	run->tag = xstrndup(r->str, r->nstr);
	if (cr_str(r, "a run name", 0, d) != 0)
		return -1;
	run->name = xstrndup(r->str, r->nstr);
	if (read_ranks(r, c, run, seen, serial, d) != 0)
		return -1;
	if (!run->ids)      /* every ranking empty: still an array */
		run->ids = xcalloc(1, sizeof *run->ids);
	run_classify(run, c);
	run_mark_present(run, c);
	return 0;
}

/* The runs, the checksum and the end of the file. */
static int read_runs(struct cr *r, const struct collection *c,
		     struct collfile_runs *out, struct diag *d)
{
	uint32_t nr, serial = 0, *seen;
	uint64_t want, got;
	size_t most = 1;
	unsigned char extra;
	int rc = 0;
	if (cr_u32(r, &nr, d) != 0)
		return -1;
	if (nr == 0)
		return corrupt(r, "no runs", d);
	for (size_t t = 0; t < c->n; t++)
		if (c->topic[t].n_docs > most)
			most = c->topic[t].n_docs;
	seen = xcalloc(most, sizeof *seen);
	for (uint32_t i = 0; i < nr && rc == 0; i++)
		rc = read_run(r, c, out, seen, &serial, d);
	free(seen);
	if (rc != 0)
		return -1;
	want = csum_end(&r->cs);
	if (cr_u(r, &got, 8, d) != 0)
		return -1;
	if (got != want)
		return corrupt(r, "checksum mismatch", d);
	switch (reader_read(&r->rd, &extra, 1, d)) {
	case -1:
		return -1;
	case 0:
		return 0;
	default:
		return corrupt(r, "bytes after the checksum", d);
	}
}

int collfile_read(const char *path, struct collection *c,
		  struct collfile_runs *out, int *level, struct run_opts *ro,
		  int keep_docnos, struct diag *d)
{
	struct cr *r = xcalloc(1, sizeof *r);
	size_t cap = 0;
	uint32_t nt;
	int rc = -1;
	memset(out, 0, sizeof *out);
	r->keep_docnos = keep_docnos;
	r->path = strcmp(path, "-") == 0 ? "<stdin>" : path;
	csum_init(&r->cs);
	if (reader_open(&r->rd, path, d) != 0) {
		free(r);
		return -1;
	}
	r->chunk = xmalloc(CHUNK);
	if (read_head(r, level, ro, d) != 0 || cr_u32(r, &nt, d) != 0)
		goto out;
	for (uint32_t t = 0; t < nt; t++)
		if (read_topic(r, c, &cap, *level, d) != 0)
			goto out;
	rc = read_runs(r, c, out, d);
out:
	reader_close(&r->rd);
	free(r->chunk);
	free(r);
	return rc;
}

void collfile_runs_release(struct collfile_runs *r)
{
	for (size_t i = 0; i < r->n; i++) {
		run_release(&r->run[i]);
		if (r->path)
			free(r->path[i]);
	}
	free(r->run);
	free(r->path);
	memset(r, 0, sizeof *r);
}
