/*
 * fig_out.c - the table and figure of --svg (see figure.h): the analysis
 * prints its table into memory (open_memstream), the text is parsed back
 * and drawn, and the caller copies the very same text to standard
 * output, so that the output does not depend on --svg and the figure
 * always shows the rows printed.
 */
#include "analysis.h"
#include "figure.h"
#include "xalloc.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fig_capture_open(struct fig_capture *c)
{
	c->buf = NULL;
	c->len = 0;
	c->f = open_memstream(&c->buf, &c->len);
	if (!c->f)
		xalloc_die();
}

void fig_capture_close(struct fig_capture *c)
{
	if (c->f && fclose(c->f) != 0)
		xalloc_die();   /* a memory stream fails only for memory */
	c->f = NULL;
}

/* The header and the rows of measure m and qid "all" of the --pair-images
 * text (len bytes at buf): all the figure reads, a fraction of the rows
 * to parse.  Returns a malloc'd text and sets *out to its length. */
static char *pair_rows(const char *buf, size_t len, const char *m,
		       size_t *out)
{
	char *keep = xmalloc(size_add(len, 1)), *w = keep;
	size_t ml = strlen(m);
	for (const char *p = buf, *end = buf + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *f = p;
		size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
		for (int tabs = 0; tabs < 2 && f; tabs++) {   /* f: the 3rd field */
			f = memchr(f, '\t', (size_t)(p + n - f));
			if (f)
				f++;
		}
		if (p == buf || (f && p + n - f > (ptrdiff_t)ml + 5 &&
				 memcmp(f, m, ml) == 0 && memcmp(f + ml, "\tall\t", 5) == 0)) {
			memcpy(w, p, n);
			w += n;
		}
		p += n;
	}
	*out = (size_t)(w - keep);
	return keep;
}

int figure_print(const struct analysis *a, const struct analysis_in *in,
		 struct fig_capture *pi, FILE *svg, struct fig_capture *tab)
{
	struct fig_table t, pt;
	struct fig_in fi;
	int rc;

	fig_capture_open(tab);
	rc = a->print(tab->f, in);
	fig_capture_close(tab);
	if (pi)
		fig_capture_close(pi);
	if (rc != 0)
		return -1;
	fig_table_parse(&t, tab->buf, tab->len);
	fi.t = &t;
	fi.pi = NULL;
	fi.per_topic = in->o->per_topic;
	if (pi) {
		size_t n;
		char *rows = pair_rows(pi->buf, pi->len, fig_first(&t, "measure"), &n);
		fig_table_parse(&pt, rows, n);
		free(rows);
		fi.pi = &pt;
	}
	a->figure(svg, &fi);
	fig_table_release(&t);
	if (pi)
		fig_table_release(&pt);
	return 0;
}
