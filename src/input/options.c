/*
 * options.c - struct options (see options.h): its defaults, its release,
 * and the rules read from several options at once.
 */
#include "options.h"
#include "lex.h"

#include <stdlib.h>
#include <string.h>

void options_init(struct options *o)
{
	memset(o, 0, sizeof *o);
	o->level = 1;
	o->decimals = 4;
	o->seed = 1;
	o->ro.order = ORDER_SCORE;
}

void options_release(struct options *o)
{
	free(o->runs);
	free(o->mspec);
	free(o->against);
	free(o->from);
	free(o->mf_buf);
	free(o->mf_text);
	free(o->mf);
	options_init(o);
}

enum mean_over options_mean(const struct options *o)
{
	if (o->mean_given)
		return o->mean;
	if (o->format == FORMAT_TREC && !o->complete)
		return MEAN_RUN;
	return MEAN_QRELS;
}


int options_num(const char *opt, const char *v, long lo, long hi, long *out,
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
