/*
 * analysis.c - the table of analyses (see analysis.h) and what is read
 * from it: which analysis the options select, the options of the
 * analyses and their values, their defaults.  A dozen rows, a few
 * options each: linear searches.
 */
#include "analysis.h"
#include "room.h"

#include <string.h>

const struct analysis *const analysis_table[] = {
	&room_evaluation, &room_summary, &room_pairs, &room_reliability,
	&room_sensitivity, &room_partitions, &room_meld, &room_bias,
	&room_compare,
};
const size_t analysis_table_len = sizeof analysis_table / sizeof *analysis_table;

const struct analysis *analysis_select(const struct options *o)
{
	for (size_t i = 0; i < analysis_table_len; i++)
		if (analysis_table[i]->selected && analysis_table[i]->selected(o))
			return analysis_table[i];
	return o->images ? &room_summary : &room_evaluation;
}

int analysis_named(const struct options *o)
{
	return analysis_select(o)->option != NULL;
}

/* The registration of option name (n bytes) in row a, or NULL. */
static const struct analysis_opt *opt_in(const struct analysis *a,
					 const char *name, size_t n)
{
	for (size_t k = 0; k < a->nopts; k++)
		if (strlen(a->opts[k].name) == n &&
		    strncmp(a->opts[k].name, name, n) == 0)
			return &a->opts[k];
	return NULL;
}

const struct analysis_opt *analysis_opt_find(const char *name, size_t n)
{
	const struct analysis_opt *r;
	for (size_t i = 0; i < analysis_table_len; i++)
		if ((r = opt_in(analysis_table[i], name, n)))
			return r;
	return NULL;
}

const struct analysis *analysis_by_option(const char *name, size_t n)
{
	for (size_t i = 0; i < analysis_table_len; i++) {
		const char *opt = analysis_table[i]->option;
		if (opt && strlen(opt) == n && strncmp(opt, name, n) == 0)
			return analysis_table[i];
	}
	return NULL;
}

size_t analysis_opt_names(const char **out, size_t max)
{
	size_t m = 0;
	for (size_t i = 0; i < analysis_table_len; i++)
		for (size_t k = 0; k < analysis_table[i]->nopts; k++) {
			const char *name = analysis_table[i]->opts[k].name;
			if (m < max && name[1] == '-' &&
			    analysis_opt_find(name, strlen(name)) ==
			    &analysis_table[i]->opts[k])
				out[m++] = name + 2;
		}
	return m;
}

int analysis_set(struct options *o, const char *name, const char *v,
		 struct diag *d)
{
	const struct analysis_opt *r = analysis_opt_find(name, strlen(name));
	size_t i;
	if (!r) {
		diag_set(d, "unknown option %s", name);
		return -1;
	}
	if (!analysis_by_option(r->name, strlen(r->name))) {
		for (i = 0; i < o->ngiven && strcmp(o->given[i], r->name) != 0; i++)
			;
		if (i == o->ngiven && o->ngiven < sizeof o->given / sizeof *o->given)
			o->given[o->ngiven++] = r->name;
	}
	if (!r->set) {
		*(int *)(void *)((char *)o + r->flag) = 1;
		return 0;
	}
	return r->set(o, v, d);
}

int analysis_defaults(struct options *o, struct diag *d)
{
	const struct analysis *a = analysis_select(o);
	return a->defaults ? a->defaults(o, d) : 0;
}

int room_count(const char *opt, const char *v, long lo, long hi,
	       unsigned long *out, struct diag *d)
{
	long n;
	if (options_num(opt, v, lo, hi, &n, d) != 0)
		return -1;
	*out = (unsigned long)n;
	return 0;
}

int room_set_samples(struct options *o, const char *v, struct diag *d)
{
	return room_count("-t", v, 1, 1000000, &o->samples, d);
}

int room_set_splits(struct options *o, const char *v, struct diag *d)
{
	return room_count("--splits", v, 1, 1000, &o->splits, d);
}

int room_set_randomizations(struct options *o, const char *v, struct diag *d)
{
	return room_count("--randomizations", v, 1, 10000000,
			  &o->randomizations, d);
}

int room_defaults_samples(struct options *o, struct diag *d)
{
	(void)d;
	if (!o->samples)
		o->samples = 1000;
	return 0;
}
