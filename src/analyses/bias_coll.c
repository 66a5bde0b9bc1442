/*
 * bias_coll.c - the collections of --bias (see bias.h): reading the
 * --against qrels files, checking that they judge the reference's topics,
 * mapping the reference's documents into them, and carrying the runs over.
 *
 * Sizes: a few collections, or up to hundreds of replicate files, each the
 * size of a qrels file plus one id per document of the reference's topics.
 */
#include "bias.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

void bias_set_init(struct bias_set *b, const struct options *o)
{
	b->n = o->nagainst + 1;
	b->coll = xcalloc(b->n, sizeof *b->coll);
	b->coll[0].name = "reference";
	for (size_t i = 0; i < o->nagainst; i++) {
		struct bias_coll *c = &b->coll[i + 1];
		const char *spec = o->against[i];
		c->name = spec;
		if (strncmp(spec, "pool:", 5) == 0) {
			c->pool = strtoul(spec + 5, NULL, 10);  /* checked by cli */
			continue;
		}
		c->buf = xstrdup(spec);
		c->nfiles = 1;
		for (const char *p = spec; *p; p++)
			c->nfiles += *p == ',';
		c->files = xcalloc(c->nfiles, sizeof *c->files);
		c->files[0] = c->buf;
		for (size_t k = 1; k < c->nfiles; k++) {
			char *comma = strchr(c->files[k - 1], ',');
			*comma = '\0';
			c->files[k] = comma + 1;
		}
		c->c = xcalloc(c->nfiles, sizeof *c->c);
		c->map = xcalloc(c->nfiles, sizeof *c->map);
		c->runs = xcalloc(c->nfiles, sizeof *c->runs);
		for (size_t k = 0; k < c->nfiles; k++)
			collection_init(&c->c[k]);
	}
}

void bias_set_release(struct bias_set *b)
{
	for (size_t i = 0; i < b->n; i++) {
		struct bias_coll *c = &b->coll[i];
		for (size_t k = 0; k < c->nfiles; k++) {
			if (c->map[k])
				for (size_t t = 0; t < c->c[k].n; t++)
					free(c->map[k][t]);
			free(c->map[k]);
			for (size_t j = 0; c->runs[k] && j < c->nruns; j++)
				run_release(&c->runs[k][j]);
			free(c->runs[k]);
			collection_release(&c->c[k]);
		}
		free(c->c);
		free(c->map);
		free(c->runs);
		free(c->files);
		free(c->buf);
	}
	free(b->coll);
	memset(b, 0, sizeof *b);
}

/* The first topic of a that b does not judge, or NULL. */
static const char *missing_topic(const struct collection *a,
				 const struct collection *b)
{
	for (size_t t = 0; t < a->n; t++)
		if (collection_find(b, a->topic[t].qid, strlen(a->topic[t].qid)) < 0)
			return a->topic[t].qid;
	return NULL;
}

/* The topics of c and ref must be the same: returns 0, or -1 with one
 * error naming the file and the first topic that differs. */
static int same_topics(const struct collection *c, const char *file,
		       const struct collection *ref, struct diag *d)
{
	const char *extra = missing_topic(c, ref);
	const char *lack = extra ? NULL : missing_topic(ref, c);
	char q[80];
	if (!extra && !lack)
		return 0;
	diag_quote(q, sizeof q, extra ? extra : lack, strlen(extra ? extra : lack));
	diag_at(d, file, 0, extra
		? "topic %s is not judged in the reference qrels (every collection of --bias judges the reference's topics)"
		: "topic %s of the reference qrels is not judged (every collection of --bias judges the reference's topics)",
		q);
	return -1;
}

/* Intern every document of ref's topics into c (same topics, so the
 * same natural order): map[t][i] = the id in c of ref's document i. */
static uint32_t **map_docs(struct collection *c, const struct collection *ref)
{
	uint32_t **map = xcalloc(ref->n ? ref->n : 1, sizeof *map);
	for (size_t t = 0; t < ref->n; t++) {
		const struct strmap *m = &ref->topic[t].docs;
		struct strmap *into = &c->topic[t].docs;
		map[t] = xcalloc(m->n ? m->n : 1, sizeof *map[t]);
		for (uint32_t i = 0; i < m->n; i++) {
			int added;
			map[t][i] = strmap_intern(into, strmap_str(m, i),
						  strmap_len(m, i),
						  strmap_hash(m, i), &added);
		}
	}
	return map;
}

int bias_set_load(struct bias_set *b, const struct collection *ref,
		  const struct qrels_opts *qo, struct warnings *w,
		  struct diag *d)
{
	int rc = 0;
	for (size_t i = 1; i < b->n; i++) {
		struct bias_coll *c = &b->coll[i];
		for (size_t k = 0; k < c->nfiles; k++) {
			struct diag one = { .set = 0 };
			if (qrels_load(&c->c[k], c->files[k], qo, w, &one) != 0 ||
			    (ref->n && same_topics(&c->c[k], c->files[k], ref,
						   &one) != 0)) {
				rc = -1;
			} else if (ref->n) {
				c->map[k] = map_docs(&c->c[k], ref);
				collection_freeze(&c->c[k]);
			}
			diag_keep(d, &one);
		}
	}
	return rc;
}

void bias_set_runs(struct bias_set *b, const struct run *runs, size_t n)
{
	for (size_t i = 1; i < b->n; i++) {
		struct bias_coll *c = &b->coll[i];
		c->nruns = n;
		for (size_t k = 0; k < c->nfiles; k++) {
			c->runs[k] = xcalloc(n ? n : 1, sizeof *c->runs[k]);
			for (size_t j = 0; j < n; j++)
				run_remap(&c->runs[k][j], &runs[j], &c->c[k],
					  c->map[k]);
		}
	}
}
