/*
 * meld_labels.c - the L/R labels of --meld (see meld_labels.h): the labels file,
 * read like the qrels, or the Rank labelling of the runs, attached to every
 * document of every topic; and the shares of L and R after a meld.
 *
 * Labels are per docno, so the same document is L or R in every topic.
 * Memory: the labelled docnos once (or, for rank, every docno of the
 * collection once) plus one byte per topic document.
 */
#include "meld_labels.h"
#include "lex.h"
#include "reader.h"
#include "stats.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

void meld_labels_init(struct meld_labels *ml, const char *spec)
{
	memset(ml, 0, sizeof *ml);
	strmap_init(&ml->docs);
	if (strcmp(spec, "rank") == 0) {
		ml->where = "--meld rank";
	} else {
		ml->path = spec;
		ml->where = spec;
	}
}

void meld_labels_release(struct meld_labels *ml)
{
	for (size_t t = 0; t < ml->ntopics; t++) {
		if (ml->gid)
			free(ml->gid[t]);
		free(ml->lab[t]);
	}
	free(ml->gid);
	free(ml->lab);
	free(ml->label);
	free(ml->fnv);
	strmap_release(&ml->docs);
	memset(ml, 0, sizeof *ml);
}

/* One line of a labels file; returns 0 or -1 with d set. */
static int parse_line(struct meld_labels *ml, unsigned long **line,
		      size_t *cap, const struct reader *r, const char *s,
		      size_t len, struct diag *d)
{
	struct fields fs;
	int added;
	uint32_t id;
	char q[80];

	int k = lex_record(r->name, r->line, s, len, &fs, 2, 2, "labels",
			   "2 (docno label)", d);
	if (k <= 0)
		return k;
	if (fs.len[0] > CB_MAX_DOCNO) {
		diag_at(d, r->name, r->line, "docno longer than %d bytes",
			CB_MAX_DOCNO);
		return -1;
	}
	if (fs.len[1] != 1 || (fs.f[1][0] != 'L' && fs.f[1][0] != 'R')) {
		diag_at(d, r->name, r->line, "label '%s' is not L or R",
			diag_quote(q, sizeof q, fs.f[1], fs.len[1]));
		return -1;
	}
	id = strmap_intern(&ml->docs, fs.f[0], fs.len[0],
			   strmap_key(fs.f[0], fs.len[0]), &added);
	if (!added) {
		diag_at(d, r->name, r->line,
			"duplicate label of document %s (first on line %lu)",
			diag_quote(q, sizeof q, fs.f[0], fs.len[0]), (*line)[id]);
		return -1;
	}
	if (id >= *cap) {
		size_t c2 = *cap;
		xgrow(line, &c2, (size_t)id + 1, sizeof **line);
		ml->label = xreallocarray(ml->label, c2, sizeof *ml->label);
		*cap = c2;
	}
	(*line)[id] = r->line;
	ml->label[id] = fs.f[1][0] == 'L' ? MELD_L : MELD_R;
	return 0;
}

int meld_labels_read(struct meld_labels *ml, struct diag *d)
{
	struct reader r;
	struct diag one = { .set = 0 };
	unsigned long *line = NULL;
	size_t cap = 0;
	unsigned nerr = 0;
	int rc = -1;

	if (!ml->path)
		return 0;
	if (reader_open(&r, ml->path, d) != 0)
		return -1;
	for (;;) {
		char *s;
		size_t len;
		int k = reader_next(&r, &s, &len, d);
		if (k == READER_ERROR)
			goto out;
		if (k == READER_EOF)
			break;
		reader_release(&r);
		if (k == READER_FLUSH)
			continue;
		if (parse_line(ml, &line, &cap, &r, s, len, &one) != 0 &&
		    keep_line_error(d, &one, &nerr))
			goto out;
	}
	if (nerr)
		goto out;
	if (ml->docs.n == 0) {
		diag_at(d, r.name, 0, "no labels (empty labels file?)");
		goto out;
	}
	rc = 0;
out:
	free(line);
	reader_close(&r);
	return rc;
}

void meld_labels_attach(struct meld_labels *ml, const struct collection *c)
{
	ml->ntopics = c->n;
	ml->lab = xcalloc(c->n ? c->n : 1, sizeof *ml->lab);
	if (!ml->path)
		ml->gid = xcalloc(c->n ? c->n : 1, sizeof *ml->gid);
	for (size_t t = 0; t < c->n; t++) {
		const struct strmap *m = &c->topic[t].docs;
		ml->lab[t] = xcalloc(m->n ? m->n : 1, 1);
		if (!ml->path)
			ml->gid[t] = xcalloc(m->n ? m->n : 1, sizeof *ml->gid[t]);
		for (uint32_t i = 0; i < m->n; i++) {
			if (ml->path) {
				uint32_t id = strmap_find(&ml->docs, strmap_str(m, i),
							  strmap_len(m, i),
							  strmap_hash(m, i));
				if (id != UINT32_MAX)
					ml->lab[t][i] = ml->label[id];
			} else {
				int added;
				ml->gid[t][i] = strmap_intern(&ml->docs, strmap_str(m, i),
							      strmap_len(m, i),
							      strmap_hash(m, i), &added);
			}
		}
	}
	ml->fnv = xcalloc(ml->docs.n ? ml->docs.n : 1, sizeof *ml->fnv);
	for (uint32_t g = 0; g < ml->docs.n; g++)
		ml->fnv[g] = fnv1a64(strmap_str(&ml->docs, g), strmap_len(&ml->docs, g));
}

void meld_labels_rank(struct meld_labels *ml, const struct collection *c,
		      const struct run *runs, size_t nruns)
{
	uint32_t n = ml->docs.n;
	uint8_t *r = xcalloc(n ? n : 1, 1);       /* 0 = not in a top 100 */
	double *v, median;
	size_t nv = 0;

	for (size_t j = 0; j < nruns; j++)
		for (size_t t = 0; t < c->n; t++) {
			size_t a = runs[j].off[t], b = runs[j].off[t + 1];
			if (b - a > MELD_RANK_DEPTH)
				b = a + MELD_RANK_DEPTH;
			for (size_t p = a; p < b; p++) {
				uint32_t g = ml->gid[t][runs[j].ids[p]];
				uint8_t pos = (uint8_t)(p - a + 1);
				if (!r[g] || pos < r[g])
					r[g] = pos;
			}
		}
	v = xcalloc(n ? n : 1, sizeof *v);
	for (uint32_t g = 0; g < n; g++)
		if (r[g])
			v[nv++] = r[g];
	stats_sort(v, nv);
	median = stats_quantile(v, nv, 0.5);
	ml->label = xcalloc(n ? n : 1, sizeof *ml->label);
	for (uint32_t g = 0; g < n; g++)
		if (r[g])
			ml->label[g] = r[g] < median ? MELD_L : MELD_R;
	for (size_t t = 0; t < c->n; t++) {
		for (uint32_t i = 0; i < c->topic[t].n_docs; i++)
			ml->lab[t][i] = ml->label[ml->gid[t][i]];
		free(ml->gid[t]);
	}
	free(ml->gid);
	ml->gid = NULL;
	free(v);
	free(r);
}

void meld_shares(const struct meld_labels *ml, const struct collection *c,
		 uint64_t seed, uint64_t s, double mf, unsigned long *out)
{
	uint64_t key = meld_key(seed, s);
	memset(out, 0, MS_N * sizeof *out);
	for (uint32_t g = 0; g < ml->docs.n; g++) {
		unsigned lab = ml->label[g];
		if (lab && meld_flips(ml->fnv[g], key, mf))
			lab = 3 - lab;
		out[MS_DOCS_L] += lab == MELD_L;
		out[MS_DOCS_R] += lab == MELD_R;
	}
	for (size_t t = 0; t < c->n; t++) {
		const struct topic *tp = &c->topic[t];
		for (uint32_t i = 0; i < tp->n_judged; i++) {
			unsigned lab = ml->lab[t][i];
			if (lab && meld_flips(tp->hash[i], key, mf))
				lab = 3 - lab;
			out[MS_JUDGED_L] += lab == MELD_L;
			out[MS_JUDGED_R] += lab == MELD_R;
			out[MS_JUDGED]++;
			if (i < tp->n_rel) {
				out[MS_REL_L] += lab == MELD_L;
				out[MS_REL_R] += lab == MELD_R;
				out[MS_REL]++;
			}
		}
	}
}
