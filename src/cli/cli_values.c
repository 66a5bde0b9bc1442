/*
 * cli_values.c - the values of the options that are lists, files or
 * ranges (see cli_int.h): --order, --image-range, --from-images.  A few
 * options; no sizes to speak of.
 */
#include "cli_int.h"
#include "lex.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --order KEY. */
int cli_parse_order(const char *v, struct options *o, struct diag *d)
{
	if (strcmp(v, "score") == 0)
		o->ro.order = ORDER_SCORE;
	else if (strcmp(v, "rank") == 0)
		o->ro.order = ORDER_RANK;
	else if (strcmp(v, "file") == 0)
		o->ro.order = ORDER_FILE;
	else {
		diag_set(d, "option --order: '%s' is not score, rank or file", v);
		return -1;
	}
	return 0;
}

/* --image-range FIRST-LAST, 1 <= FIRST <= LAST <= 10000000. */
int cli_parse_range(struct options *o, const char *v, struct diag *d)
{
	const char *dash = strchr(v, '-'), *why;
	long a, b;
	if (!dash || lex_long(v, (size_t)(dash - v), 1, 10000000, &a, &why) != 0 ||
	    lex_long(dash + 1, strlen(dash + 1), 1, 10000000, &b, &why) != 0) {
		diag_set(d, "option --image-range: '%s' is not FIRST-LAST (whole numbers from 1 to 10000000)",
			 v);
		return -1;
	}
	if (a > b) {
		diag_set(d, "option --image-range: '%s': FIRST is more than LAST", v);
		return -1;
	}
	o->range_first = (unsigned long)a;
	o->range_last = (unsigned long)b;
	return 0;
}

/* --from-images FILE, repeatable. */
int cli_add_from(struct options *o, const char *v, struct diag *d)
{
	if (!*v || strcmp(v, "-") == 0) {
		diag_set(d, "option --from-images: %s", *v
			 ? "an image file cannot be standard input" : "empty file name");
		return -1;
	}
	o->from = xreallocarray(o->from, o->nfrom + 1, sizeof *o->from);
	o->from[o->nfrom++] = (char *)v;
	return 0;
}

