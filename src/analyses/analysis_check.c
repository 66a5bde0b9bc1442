/*
 * analysis_check.c - the usage rules that come from the table of
 * analyses (see analysis.h): an analysis's option needs the analysis, one
 * analysis at a time, each row's own rules, and the rules read from the
 * rows' fields (two runs, --pool, --from-images).  Pure checks on a
 * parsed struct options: the first broken rule is reported, with the
 * option it concerns first.
 */
#include "analysis.h"

#include <stdio.h>
#include <string.h>

/* The selecting options of the rows that register option name (all rows
 * when name is NULL but those with an own message, alone), as "A", "A or
 * B", "A, B or C" ("and" for all rows) into buf. */
static void rows_list(const char *name, char *buf, size_t size)
{
	const char *opt[16];
	size_t n = 0, len = 0;
	for (size_t i = 0; i < analysis_table_len && n < 16; i++) {
		const struct analysis *a = analysis_table[i];
		int has = 0;
		if (!a->option)
			continue;
		for (size_t k = 0; name && k < a->nopts; k++)
			has |= strcmp(a->opts[k].name, name) == 0;
		if (name ? has : !a->alone)
			opt[n++] = a->option;
	}
	buf[0] = '\0';
	for (size_t k = 0; k < n && len < size; k++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					k == 0 ? "" : k + 1 < n ? ", "
					: name ? " or " : " and ", opt[k]);
}

int analysis_check_given(const struct options *o, struct diag *d)
{
	const struct analysis *a = analysis_select(o);
	char list[200];
	for (size_t i = 0; i < o->ngiven; i++) {
		int mine = 0;
		for (size_t r = 0; r < analysis_table_len; r++) {
			const struct analysis *b = analysis_table[r];
			if (b->selected && b->selected(o))
				for (size_t k = 0; k < b->nopts; k++)
					mine |= strcmp(b->opts[k].name, o->given[i]) == 0;
		}
		if (!mine) {
			rows_list(o->given[i], list, sizeof list);
			diag_set(d, "option %s needs %s", o->given[i], list);
			return -1;
		}
	}
	if ((o->format == FORMAT_MARKDOWN || o->format == FORMAT_LATEX) &&
	    !(a->flags & AN_REPORT)) {
		const char *by = NULL;
		for (size_t i = 0; !by && i < analysis_table_len; i++)
			if (analysis_table[i]->flags & AN_REPORT)
				by = analysis_table[i]->option;
		diag_set(d, "option -F %s: the report is of %s",
			 o->format == FORMAT_MARKDOWN ? "markdown" : "latex", by);
		return -1;
	}
	return 0;
}

int analysis_check_one(const struct options *o, struct diag *d)
{
	const struct analysis *sel[16], *alone = NULL, *other = NULL;
	size_t n = 0;
	char list[300];
	for (size_t i = 0; i < analysis_table_len && n < 16; i++)
		if (analysis_table[i]->selected && analysis_table[i]->selected(o))
			sel[n++] = analysis_table[i];
	if (n < 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (sel[i]->alone && !alone)
			alone = sel[i];
		else if (!other)
			other = sel[i];
	if (alone) {
		diag_set(d, "option %s: not with %s (%s)", alone->option,
			 other->option, alone->alone);
		return -1;
	}
	rows_list(NULL, list, sizeof list);
	diag_set(d, "options %s each print a table of their own: give one", list);
	return -1;
}

int analysis_check_rows(const struct options *o, struct diag *d)
{
	for (size_t i = 0; i < analysis_table_len; i++) {
		const struct analysis *a = analysis_table[i];
		if (a->check && a->check(o, a->selected && a->selected(o), d) != 0)
			return -1;
	}
	return 0;
}

int analysis_check_common(const struct options *o, struct diag *d)
{
	const struct analysis *a = analysis_select(o);
	if (o->images_file && o->images == 0 && !o->nfrom) {
		diag_set(d, "option --images needs -b with at least 1 image");
		return -1;
	}
	if (a->flags & AN_TWO_RUNS) {
		/* the runs of --collection are counted when it is read */
		if (o->nruns < 2 && !o->nfrom && !o->collection) {
			diag_set(d, "option %s needs at least 2 runs", a->option);
			return -1;
		}
		if (o->top == 1) {
			diag_set(d, "option --top 1: %s needs at least 2 runs",
				 a->option);
			return -1;
		}
	}
	if (o->pool && a->pool_refusal) {
		diag_set(d, "option --pool judges the top documents of bootstrap images: not with %s",
			 a->pool_refusal);
		return -1;
	}
	return 0;
}

int analysis_check_from(const struct options *o, struct diag *d)
{
	const struct analysis *a = analysis_select(o);
	if (!a->option || a->input == IN_IMAGES)
		return 0;
	if (a->from_refusal)
		diag_set(d, "%s", a->from_refusal);
	else
		diag_set(d, "option %s is not computed from corpus images: not with --from-images",
			 a->option);
	return -1;
}

int analysis_images_stdout(const struct options *o, const char *option,
			   struct diag *d)
{
	if (!o->images_file || strcmp(o->images_file, "-") != 0)
		return 0;
	diag_set(d, "option --images -: standard output already carries the %s table",
		 option);
	return -1;
}
