/*
 * run_derive.c - runs made from loaded runs without reading a file again
 * (see run.h): the same rankings over another collection (--bias scores
 * every run against other judgements of the same topics), and Cormack &
 * Grossman's engineered runs, whose relevant documents are permuted among
 * the ranks that hold relevant documents.
 *
 * Sizes: one uint32 per ranked document, as for a loaded run; making one
 * costs a pass over its rankings.
 */
#include "draws.h"
#include "run.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* dst: a copy of src's offsets and name, with ids to be filled. */
static void derive(struct run *dst, const struct run *src,
		   const struct collection *c, const char *suffix)
{
	size_t nt = c->n, n = src->off[nt];
	size_t len = strlen(src->name), sl = strlen(suffix);
	run_init(dst, src->path);
	dst->label = src->label;
	dst->off = xcalloc(nt + 1, sizeof *dst->off);
	memcpy(dst->off, src->off, (nt + 1) * sizeof *dst->off);
	dst->ids = xcalloc(n ? n : 1, sizeof *dst->ids);
	dst->name = xcalloc(size_add(len, sl + 1), 1);
	memcpy(dst->name, src->name, len);
	memcpy(dst->name + len, suffix, sl + 1);
}

void run_remap(struct run *dst, const struct run *src,
	       const struct collection *c, uint32_t *const *map)
{
	derive(dst, src, c, "");
	for (size_t t = 0; t < c->n; t++)
		for (size_t i = src->off[t]; i < src->off[t + 1]; i++)
			dst->ids[i] = map[t][src->ids[i]];
	run_classify(dst, c);
}

void run_engineer(struct run *dst, const struct run *src,
		  const struct collection *c, uint64_t j, uint64_t seed)
{
	size_t maxn = 0;
	uint32_t *slot, *pos;
	derive(dst, src, c, "~perm");
	for (size_t t = 0; t < c->n; t++)
		if (src->off[t + 1] - src->off[t] > maxn)
			maxn = src->off[t + 1] - src->off[t];
	slot = xcalloc(maxn ? maxn : 1, sizeof *slot);
	pos = xcalloc(maxn ? maxn : 1, sizeof *pos);
	for (size_t t = 0; t < c->n; t++) {
		const uint32_t *ids = src->ids + src->off[t];
		uint32_t *out = dst->ids + src->off[t];
		size_t n = src->off[t + 1] - src->off[t], m = 0;
		for (size_t i = 0; i < n; i++) {
			out[i] = ids[i];
			if (ids[i] < c->topic[t].n_rel) {
				pos[m] = (uint32_t)i;
				slot[m++] = ids[i];
			}
		}
		for (size_t i = m; i-- > 1;) {
			uint64_t k = draw_index(draw_word3(seed, DRAW_ENGINEERED, j,
							   t, i), i + 1);
			uint32_t tmp = slot[i];
			slot[i] = slot[k];
			slot[k] = tmp;
		}
		for (size_t i = 0; i < m; i++)
			out[pos[i]] = slot[i];
	}
	free(slot);
	free(pos);
	run_classify(dst, c);
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
