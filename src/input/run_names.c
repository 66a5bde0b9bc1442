/*
 * run_names.c - the names runs are printed under (see run.h): each run's
 * tag, made unique across the command line ("tag#2" for a later file with
 * a tag already taken, or the reserved "all"), and unique names for the
 * runs --engineered makes.  Sizes: hundreds of runs.
 */
#include "run.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 when base (n bytes) ends in ext and has more before it. */
static int ends(const char *base, size_t n, const char *ext)
{
	size_t e = strlen(ext);
	return n > e && strncmp(base + n - e, ext, e) == 0;
}

/* The name of r under --names file: its file name without directory and
 * without .gz, then .run, .txt or .tsv; its tag for standard input. */
static char *file_name(const struct run *r)
{
	static const char *const ext[] = { ".run", ".txt", ".tsv" };
	const char *base = strrchr(r->path, '/');
	size_t n;
	if (strcmp(r->path, "-") == 0)
		return xstrdup(r->tag);
	base = base ? base + 1 : r->path;
	n = strlen(base);
	if (ends(base, n, ".gz"))
		n -= 3;
	for (size_t i = 0; i < sizeof ext / sizeof *ext; i++)
		if (ends(base, n, ext[i])) {
			n -= strlen(ext[i]);
			break;
		}
	return xstrndup(base, n);
}

void run_names(struct run *runs, size_t n, int by_file)
{
	struct strmap taken;
	char a[80], b[80], c[80];
	strmap_init(&taken);
	/* "all" names the rows of every run in --reliability. */
	{
		int added;
		strmap_intern(&taken, "all", 3, strmap_key("all", 3), &added);
	}
	for (size_t i = 0; i < n; i++) {
		struct run *r = &runs[i];
		char *fname = by_file ? file_name(r) : NULL;
		const char *tag = by_file ? fname : r->tag;
		size_t len = strlen(tag);
		int added;
		strmap_intern(&taken, tag, len, strmap_key(tag, len), &added);
		if (added) {
			r->name = xstrdup(tag);
		} else {
			for (unsigned long k = 2;; k++) {
				char buf[CB_MAX_DOCNO + 32];
				size_t m = (size_t)snprintf(buf, sizeof buf, "%s#%lu", tag, k);
				strmap_intern(&taken, buf, m, strmap_key(buf, m), &added);
				if (added) {
					r->name = xstrdup(buf);
					break;
				}
			}
		}
		diag_quote(a, sizeof a, tag, len);
		diag_quote(c, sizeof c, r->name, strlen(r->name));
		if (r->mixed_line && by_file) {
			char where[CB_MAX_DOCNO * 4 + 32];
			snprintf(where, sizeof where, "%s:%lu", r->label,
				 r->mixed_line);
			warnings_add(&r->warn, where,
				     "tag %s differs from the first line's %s",
				     diag_quote(b, sizeof b, r->mixed_tag,
						strlen(r->mixed_tag)),
				     diag_quote(a, sizeof a, r->tag, strlen(r->tag)));
		} else if (r->mixed_line) {
			char where[CB_MAX_DOCNO * 4 + 32];
			snprintf(where, sizeof where, "%s:%lu", r->label,
				 r->mixed_line);
			warnings_add(&r->warn, where,
				     "tag %s differs from the first line's %s; the run is named %s",
				     diag_quote(b, sizeof b, r->mixed_tag,
						strlen(r->mixed_tag)), a, c);
		} else if (strcmp(tag, "all") == 0)
			warnings_add(&r->warn, r->label,
				     "run name all is reserved for rows about every run; this run is named %s",
				     c);
		else if (strcmp(tag, r->name) != 0)
			warnings_add(&r->warn, r->label,
				     "run name %s is already taken by an earlier file; this run is named %s",
				     a, c);
		free(fname);
	}
	strmap_release(&taken);
}

/* 1 when name is the name of one of runs[0..n). */
static int name_taken(const char *name, const struct run *runs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(runs[i].name, name) == 0)
			return 1;
	return 0;
}

void run_name_unique(struct run *r, const struct run *runs, size_t n)
{
	size_t len = strlen(r->name);
	char *buf;
	if (!name_taken(r->name, runs, n))
		return;
	buf = xcalloc(size_add(len, 24), 1);
	for (unsigned long k = 2;; k++) {
		snprintf(buf, len + 24, "%s#%lu", r->name, k);
		if (!name_taken(buf, runs, n))
			break;
	}
	free(r->name);
	r->name = buf;
}
