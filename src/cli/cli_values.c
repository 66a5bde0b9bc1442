/*
 * cli_values.c - the values of the options that are lists, files or
 * ranges (see cli_int.h): --order, --mf, --against, --image-range,
 * --from-images.  A few options; no sizes to speak of.
 */
#include "cli_int.h"
#include "lex.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_num_arg(const char *opt, const char *v, long lo, long hi, long *out,
		struct diag *d)
{
	const char *why;
	if (lex_long(v, strlen(v), lo, hi, out, &why) != 0) {
		diag_set(d, "option %s: '%s' is %s (expected a whole number from %ld to %ld)",
			 opt, v, why, lo, hi);
		return -1;
	}
	return 0;
}

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

/* --mf LIST: comma-separated decimals in [0, 1], no empty element and no
 * value twice; each kept as written, for the output. */
int cli_parse_mf(struct options *o, const char *v, struct diag *d)
{
	size_t n = 1, k = 0;
	char *p;
	free(o->against);
	free(o->mf_buf);
	free(o->mf_text);
	free(o->mf);
	for (const char *q = v; *q; q++)
		n += *q == ',';
	o->mf_buf = xstrdup(v);
	o->mf_text = xcalloc(n, sizeof *o->mf_text);
	o->mf = xcalloc(n, sizeof *o->mf);
	o->nmf = n;
	p = o->mf_buf;
	for (k = 0; k < n; k++) {
		char *comma = strchr(p, ',');
		const char *why = "out of range";
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		double x;
		if (comma)
			*comma = '\0';
		if (len == 0) {
			diag_set(d, "option --mf: '%s' has an empty element", v);
			return -1;
		}
		if (lex_double(p, len, &x, &why) != 0 || !(x >= 0 && x <= 1)) {
			diag_set(d, "option --mf: '%s' is %s (expected a decimal from 0 to 1)",
				 p, why);
			return -1;
		}
		for (size_t i = 0; i < k; i++)
			if (o->mf[i] == x) {
				diag_set(d, "option --mf: '%s' and '%s' are the same meld factor",
					 o->mf_text[i], p);
				return -1;
			}
		o->mf_text[k] = p;
		o->mf[k] = x;
		p += len + 1;
	}
	return 0;
}

/* --against SPEC: a qrels file, a comma list of them, or pool:K. */
int cli_parse_against(struct options *o, const char *v, struct diag *d)
{
	long k;
	if (!*v) {
		diag_set(d, "option --against: empty file name");
		return -1;
	}
	if (strncmp(v, "pool:", 5) == 0 &&
	    cli_num_arg("--against pool:K", v + 5, 1, 100000, &k, d))
		return -1;
	if (strncmp(v, "pool:", 5) != 0 && strchr(v, ',')) {
		size_t n = strlen(v);
		if (v[0] == ',' || v[n - 1] == ',' || strstr(v, ",,")) {
			diag_set(d, "option --against: '%s' has an empty file name", v);
			return -1;
		}
	}
	o->against = xreallocarray(o->against, o->nagainst + 1, sizeof *o->against);
	o->against[o->nagainst++] = (char *)v;
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

