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

void run_keep_judged(struct run *r, const struct collection *c)
{
	size_t nt = c->n, out = 0;
	for (size_t t = 0; t < nt; t++) {
		uint32_t keep = c->topic[t].n_nonneg;
		size_t a = r->off[t], b = r->off[t + 1];
		r->off[t] = out;
		for (size_t i = a; i < b; i++)
			if (r->ids[i] < keep)
				r->ids[out++] = r->ids[i];
	}
	r->off[nt] = out;
	free(r->inter);
	free(r->inter_off);
	free(r->jspan);
	free(r->jspan_off);
	r->inter = r->jspan = NULL;
	r->inter_off = r->jspan_off = NULL;
	run_classify(r, c);
}
