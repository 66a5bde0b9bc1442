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
	fi.ci = ci_method_name(in->o->ci);
	if (pi) {
		fig_table_parse(&pt, pi->buf, pi->len);
		fi.pi = &pt;
	}
	a->figure(svg, &fi);
	fig_table_release(&t);
	if (pi)
		fig_table_release(&pt);
	return 0;
}
