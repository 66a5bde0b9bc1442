/*
 * imgfile.c - the binary image files of --image-range: writing them, and
 * reading, checking and merging them for --from-images (see imgfile.h,
 * which gives the byte layout).
 */
#define _POSIX_C_SOURCE 200809L
#include "imgfile.h"
#include "xalloc.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const unsigned char magic[8] = { 'C', 'B', 'E', 'V', 'I', 'M', 'G', 0 };

#define STR_MAX 65536u   /* longest string a header may hold */

_Static_assert(sizeof(double) == sizeof(uint64_t), "double is 64 bits");

/* ---- writing ------------------------------------------------------------ */

static void put_u64(FILE *f, uint64_t x, int bytes)
{
	for (int i = 0; i < bytes; i++)
		fputc((int)((x >> (8 * i)) & 0xff), f);
}

static void put_str(FILE *f, const char *s)
{
	size_t n = strlen(s);
	put_u64(f, n, 4);
	fwrite(s, 1, n, f);
}

uint64_t imgfile_root_digest(const struct scorer *s, struct pool *pool)
{
	double *root = score_root(s, pool);
	size_t n = s->nruns * s->c->n * s->nslots;
	uint64_t h = 0xcbf29ce484222325ULL;
	for (size_t i = 0; i < n; i++) {
		uint64_t x;
		memcpy(&x, &root[i], sizeof x);
		for (int b = 0; b < 8; b++) {
			h ^= (x >> (8 * b)) & 0xff;
			h *= 0x100000001b3ULL;
		}
	}
	free(root);
	return h;
}

int imgfile_write_head(FILE *f, const struct scorer *s,
		       const struct options *o, uint64_t digest)
{
	fwrite(magic, 1, sizeof magic, f);
	put_u64(f, IMGFILE_VERSION, 4);
	put_str(f, CBEVAL_VERSION);
	put_u64(f, s->seed, 8);
	put_u64(f, o->images, 8);
	put_u64(f, o->range_first, 8);
	put_u64(f, o->range_last, 8);
	put_u64(f, (uint64_t)(int64_t)o->level, 8);
	put_u64(f, (uint64_t)o->ro.order, 4);
	put_u64(f, (uint64_t)o->ro.dedup, 4);
	put_u64(f, o->ro.max_docs, 8);
	put_u64(f, o->pool, 8);
	put_u64(f, o->top, 8);
	put_str(f, o->top_by ? o->top_by : "");
	put_u64(f, s->nm, 4);
	for (size_t i = 0; i < s->nm; i++)
		put_str(f, s->m[i].name[0]);
	put_u64(f, s->nslots, 4);
	put_u64(f, s->nruns, 4);
	for (size_t r = 0; r < s->nruns; r++)
		put_str(f, s->runs[r].name);
	put_u64(f, s->c->n, 4);
	for (size_t t = 0; t < s->c->n; t++)
		put_str(f, s->c->topic[t].qid);
	put_u64(f, digest, 8);
	return ferror(f) ? -1 : 0;
}

int imgfile_write_topic(FILE *f, const double *v, size_t n)
{
	unsigned char buf[8 * 512];
	/* The values as they are, in one write of about 2 MB rather than
	 * stdio's blocks of 4 KiB: a tenth of a second of system time per
	 * range file. */
	if (reader_host_le())
		return fwrite(v, 8, n, f) == n ? 0 : -1;
	for (size_t i = 0; i < n; i += 512) {
		size_t m = n - i < 512 ? n - i : 512;
		for (size_t j = 0; j < m; j++) {
			uint64_t x;
			memcpy(&x, &v[i + j], sizeof x);
			for (int b = 0; b < 8; b++)
				buf[8 * j + (size_t)b] = (unsigned char)(x >> (8 * b));
		}
		if (fwrite(buf, 8, m, f) != m)
			return -1;
	}
	return 0;
}

/* ---- reading a header --------------------------------------------------- */

/* Read n bytes; a short read is a truncated header.  0, or -1 with d. */
static int get(struct imgfile *f, void *p, size_t n, struct diag *d)
{
	long got = reader_read(&f->rd, p, n, d);
	if (got < 0)
		return -1;
	f->h.size += (uint64_t)got;
	if ((size_t)got < n) {
		diag_at(d, f->path, 0, "truncated: the file ends inside its header");
		return -1;
	}
	return 0;
}

static int get_u(struct imgfile *f, uint64_t *x, int bytes, struct diag *d)
{
	unsigned char b[8];
	if (get(f, b, (size_t)bytes, d) != 0)
		return -1;
	*x = reader_le(b, bytes);
	return 0;
}

static int get_u32(struct imgfile *f, uint32_t *x, struct diag *d)
{
	uint64_t v;
	if (get_u(f, &v, 4, d) != 0)
		return -1;
	*x = (uint32_t)v;
	return 0;
}

static int get_str(struct imgfile *f, char **s, struct diag *d)
{
	uint32_t n;
	if (get_u32(f, &n, d) != 0)
		return -1;
	if (n > STR_MAX) {
		diag_at(d, f->path, 0, "corrupt header: a name of %" PRIu32 " bytes", n);
		return -1;
	}
	*s = xcalloc((size_t)n + 1, 1);
	return get(f, *s, n, d);
}

/* A count, then that many strings. */
static int get_strs(struct imgfile *f, char ***v, uint32_t *n, struct diag *d)
{
	if (get_u32(f, n, d) != 0)
		return -1;
	for (uint32_t i = 0; i < *n; i++) {
		if ((i & (i - 1)) == 0)   /* 0, 1, 2, 4, ...: grow */
			*v = xreallocarray(*v, i ? 2 * (size_t)i : 1, sizeof **v);
		(*v)[i] = NULL;
		if (get_str(f, &(*v)[i], d) != 0) {
			*n = i + 1;   /* release what was read */
			return -1;
		}
	}
	return 0;
}

static int get_magic(struct imgfile *f, struct diag *d)
{
	unsigned char b[sizeof magic];
	uint32_t version;
	long got = reader_read(&f->rd, b, sizeof b, d);
	if (got < 0)
		return -1;
	f->h.size = (uint64_t)got;
	if ((size_t)got < sizeof b || memcmp(b, magic, sizeof b) != 0) {
		diag_at(d, f->path, 0,
			"not a cbeval image file (those are written by --image-range with --images)");
		return -1;
	}
	if (get_u32(f, &version, d) != 0)
		return -1;
	if (version != IMGFILE_VERSION) {
		diag_at(d, f->path, 0,
			"image file format version %" PRIu32 ": this cbeval reads version %u",
			version, IMGFILE_VERSION);
		return -1;
	}
	return 0;
}

static int read_head(struct imgfile *f, struct diag *d)
{
	struct imgfile_head *h = &f->h;
	uint64_t lv;
	if (get_magic(f, d) != 0 || get_str(f, &h->cbeval, d) != 0 ||
	    get_u(f, &h->seed, 8, d) != 0 || get_u(f, &h->B, 8, d) != 0 ||
	    get_u(f, &h->first, 8, d) != 0 || get_u(f, &h->last, 8, d) != 0 ||
	    get_u(f, &lv, 8, d) != 0 || get_u32(f, &h->order, d) != 0 ||
	    get_u32(f, &h->dedup, d) != 0 || get_u(f, &h->max_docs, 8, d) != 0 ||
	    get_u(f, &h->pool, 8, d) != 0 || get_u(f, &h->top, 8, d) != 0 ||
	    get_str(f, &h->top_by, d) != 0 ||
	    get_strs(f, &h->measure, &h->nm, d) != 0 ||
	    get_u32(f, &h->nslots, d) != 0 ||
	    get_strs(f, &h->run, &h->nruns, d) != 0 ||
	    get_strs(f, &h->qid, &h->nt, d) != 0 ||
	    get_u(f, &h->digest, 8, d) != 0)
		return -1;
	h->level = (int64_t)lv;
	if (h->first < 1 || h->first > h->last || h->last > h->B ||
	    h->B > 10000000 || h->nm == 0 || h->nslots < h->nm ||
	    h->nruns == 0 || h->nt == 0 ||
	    /* more values than any file can hold: a corrupt count */
	    (double)h->nruns * h->nslots * (double)(h->last - h->first + 2) *
	    h->nt > 1e17) {
		diag_at(d, f->path, 0, "corrupt header: images %" PRIu64 "-%" PRIu64
			" of -b %" PRIu64 ", %" PRIu32 " measures, %" PRIu32
			" runs, %" PRIu32 " topics", h->first, h->last, h->B,
			h->nm, h->nruns, h->nt);
		return -1;
	}
	f->nvals = size_mul(size_mul(h->nruns, h->nslots),
			    (size_t)(h->last - h->first + 2));
	return 0;
}

/* ---- checking the files against each other ------------------------------ */

static int same_strs(char **a, uint32_t na, char **b, uint32_t nb)
{
	if (na != nb)
		return 0;
	for (uint32_t i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) != 0)
			return 0;
	return 1;
}

/* f against the reference file r: 0, or -1 with d set. */
static int check_same(const struct imgfile *f, const struct imgfile *r,
		      struct diag *d)
{
	const struct imgfile_head *a = &f->h, *b = &r->h;
	const char *what = NULL, *why = "";
	if (strcmp(a->cbeval, b->cbeval) != 0) {
		diag_at(d, f->path, 0, "written by cbeval %s, %s by cbeval %s",
			a->cbeval, r->path, b->cbeval);
		return -1;
	}
	if (a->seed != b->seed || a->B != b->B) {
		diag_at(d, f->path, 0, "--seed %" PRIu64 " -b %" PRIu64
			", but %s has --seed %" PRIu64 " -b %" PRIu64,
			a->seed, a->B, r->path, b->seed, b->B);
		return -1;
	}
	if (a->level != b->level || a->order != b->order ||
	    a->dedup != b->dedup || a->max_docs != b->max_docs ||
	    a->pool != b->pool || a->top != b->top ||
	    strcmp(a->top_by, b->top_by) != 0)
		what = "scoring options (-l, -M, --order, --dedup, --pool, --top, --top-by)";
	else if (!same_strs(a->measure, a->nm, b->measure, b->nm) ||
		 a->nslots != b->nslots)
		what = "measures";
	else if (!same_strs(a->run, a->nruns, b->run, b->nruns))
		what = "runs";
	else if (!same_strs(a->qid, a->nt, b->qid, b->nt))
		what = "topics";
	else if (a->digest != b->digest) {
		what = "root scores";
		why = " (written from other qrels or runs?)";
	}
	if (what) {
		diag_at(d, f->path, 0, "other %s than %s%s", what, r->path, why);
		return -1;
	}
	return 0;
}

static int by_first(const void *pa, const void *pb)
{
	const struct imgfile *a = pa, *b = pb;
	if (a->h.first != b->h.first)
		return a->h.first < b->h.first ? -1 : 1;
	return a->h.last < b->h.last ? -1 : a->h.last > b->h.last;
}

static void missing(struct diag *d, uint64_t lo, uint64_t hi)
{
	if (lo == hi)
		diag_set(d, "image %" PRIu64 " is missing (no file holds it)", lo);
	else
		diag_set(d, "images %" PRIu64 "-%" PRIu64 " are missing (no file holds them)",
			 lo, hi);
}

/* The files sorted by FIRST: every image 1..B in exactly one. */
static int check_cover(const struct imgset *set, struct diag *d)
{
	uint64_t end = 0;           /* images 1..end are covered */
	size_t at = 0;              /* the file that ends at end */
	for (size_t i = 0; i < set->n; i++) {
		const struct imgfile *f = &set->f[i];
		if (f->h.first <= end) {
			diag_at(d, f->path, 0, "images %" PRIu64 "-%" PRIu64
				" overlap %s (images %" PRIu64 "-%" PRIu64 ")",
				f->h.first, f->h.last, set->f[at].path,
				set->f[at].h.first, set->f[at].h.last);
			return -1;
		}
		if (f->h.first > end + 1) {
			missing(d, end + 1, f->h.first - 1);
			return -1;
		}
		end = f->h.last;
		at = i;
	}
	if (end < set->f[0].h.B) {
		missing(d, end + 1, set->f[0].h.B);
		return -1;
	}
	return 0;
}

/* The size of f against its header: by fstat for a plain file, else by
 * reading it through once more.  0, or -1 with d set. */
static int check_size(const struct imgfile *f, struct diag *d)
{
	uint64_t want = f->h.size + (uint64_t)f->nvals * 8 * f->h.nt, have = 0;
	struct stat st;
	if (!f->rd.child && fstat(f->rd.fd, &st) == 0 && S_ISREG(st.st_mode)) {
		have = (uint64_t)st.st_size;
	} else {
		struct reader r;
		char *buf = xmalloc(1 << 16);
		long got;
		if (reader_open(&r, f->path, d) != 0) {
			free(buf);
			return -1;
		}
		while ((got = reader_read(&r, buf, 1 << 16, d)) > 0)
			have += (uint64_t)got;
		reader_close(&r);
		free(buf);
		if (got < 0)
			return -1;
	}
	if (have < want)
		diag_at(d, f->path, 0, "truncated: %" PRIu64 " bytes, but its header announces %"
			PRIu64 " (%" PRIu32 " topics x %zu values)", have, want,
			f->h.nt, f->nvals);
	else if (have > want)
		diag_at(d, f->path, 0, "%" PRIu64 " bytes after the images of the last topic",
			have - want);
	return have == want ? 0 : -1;
}

int imgset_open(struct imgset *set, char *const *paths, size_t n,
		struct diag *d)
{
	memset(set, 0, sizeof *set);
	collection_init(&set->c);
	set->f = xcalloc(n, sizeof *set->f);
	for (size_t i = 0; i < n; i++) {
		struct imgfile *f = &set->f[i];
		f->path = paths[i];
		f->rd.fd = -1;
		f->rd.errfd = -1;
		set->n = i + 1;
		if (reader_open(&f->rd, f->path, d) != 0 || read_head(f, d) != 0 ||
		    (i > 0 && check_same(f, &set->f[0], d) != 0))
			return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (check_size(&set->f[i], d) != 0)
			return -1;
	/* the readers move with their files: nothing points into them */
	qsort(set->f, n, sizeof *set->f, by_first);
	if (check_cover(set, d) != 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		set->f[i].raw = xmalloc(size_mul(set->f[i].nvals, 8));
	return 0;
}

/* ---- the merge ---------------------------------------------------------- */

int imgset_scorer(struct imgset *set, struct scorer *s, struct diag *d)
{
	const struct imgfile_head *h = &set->f[0].h;
	size_t nslots = 0;
	char err[300];
	set->c.topic = xcalloc(h->nt, sizeof *set->c.topic);
	set->c.n = h->nt;
	for (size_t t = 0; t < h->nt; t++)
		set->c.topic[t].qid = h->qid[t];
	set->off = xcalloc((size_t)h->nt + 1, sizeof *set->off);
	set->runs = xcalloc(h->nruns, sizeof *set->runs);
	for (size_t r = 0; r < h->nruns; r++) {
		set->runs[r].name = h->run[r];
		set->runs[r].off = set->off;
	}
	set->m = xcalloc(h->nm, sizeof *set->m);
	for (size_t i = 0; i < h->nm; i++) {
		if (measure_parse(&set->m[i], h->measure[i], err, sizeof err) != 0) {
			diag_at(d, set->f[0].path, 0, "measure %s: %s", h->measure[i], err);
			return -1;
		}
		set->nm = i + 1;
		nslots += (size_t)set->m[i].n_out;
	}
	if (nslots != h->nslots) {
		diag_at(d, set->f[0].path, 0, "corrupt header: %zu outputs of its measures, not %" PRIu32,
			nslots, h->nslots);
		return -1;
	}
	scorer_init(s, &set->c, set->runs, h->nruns, set->m, set->nm, h->seed);
	return 0;
}

int imgset_topic(void *ctx, size_t t, double *v, struct diag *d)
{
	struct imgset *set = ctx;
	size_t cells = (size_t)set->f[0].h.nruns * set->f[0].h.nslots;
	size_t nimg = set->f[0].h.B + 1;
	int le_host = reader_host_le();
	for (size_t i = 0; i < set->n; i++) {
		struct imgfile *f = &set->f[i];
		size_t per = f->nvals / cells;
		long got = reader_read(&f->rd, f->raw, f->nvals * 8, d);
		if (got < 0)
			return -1;
		if ((size_t)got < f->nvals * 8) {
			diag_at(d, f->path, 0, "truncated: the file ends in topic %s",
				set->c.topic[t].qid);
			return -1;
		}
		for (size_t c = 0; c < cells; c++) {
			const unsigned char *p = f->raw + c * per * 8;
			double *out = v + c * nimg + f->h.first - 1;
			uint64_t x = reader_le(p, 8), root;
			memcpy(&root, &v[c * nimg], sizeof root);
			if (i == 0) {
				memcpy(&v[c * nimg], &x, sizeof x);
			} else if (x != root) {
				diag_at(d, f->path, 0, "topic %s: root scores differ from %s (other qrels or runs?)",
					set->c.topic[t].qid, set->f[0].path);
				return -1;
			}
			if (le_host) {
				memcpy(&out[1], p + 8, (per - 1) * 8);
				continue;
			}
			for (size_t b = 1; b < per; b++) {
				x = reader_le(p + 8 * b, 8);
				memcpy(&out[b], &x, sizeof x);
			}
		}
	}
	return 0;
}

static void free_strs(char **v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void imgset_release(struct imgset *set)
{
	for (size_t i = 0; i < set->n; i++) {
		struct imgfile *f = &set->f[i];
		struct imgfile_head *h = &f->h;
		reader_close(&f->rd);
		free(h->cbeval);
		free(h->top_by);
		free_strs(h->measure, h->nm);
		free_strs(h->run, h->nruns);
		free_strs(h->qid, h->nt);
		free(f->raw);
	}
	free(set->f);
	for (size_t i = 0; i < set->nm; i++)
		measure_release(&set->m[i]);
	free(set->m);
	free(set->runs);
	free(set->off);
	free(set->c.topic);
	memset(set, 0, sizeof *set);
}
