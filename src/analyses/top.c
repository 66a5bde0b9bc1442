/*
 * top.c - --top N: the runs kept, ranked by the root score of one measure
 * (see top.h).  One scoring pass over the runs given; sizes as theirs.
 */
#include "top.h"
#include "score.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

int top_measure(const struct options *o, const struct measure *m,
		struct measure *out, struct diag *d)
{
	struct measure *v = NULL;
	size_t n = 0, len;
	char err[300];
	if (!o->top_by) {
		char spec[MEASURE_NAME_MAX];
		snprintf(spec, sizeof spec, "%s", m[0].name[0]);
		return measure_parse(out, spec, err, sizeof err) == 0 ? 0 : -1;
	}
	len = strlen(o->top_by);
	if ((len > 9 && strcmp(o->top_by + len - 9, ".residual") == 0) ||
	    (len > 9 && strcmp(o->top_by + len - 9, "_residual") == 0)) {
		diag_set(d, "option --top-by: %s: a residual is not an effectiveness score",
			 o->top_by);
		return -1;
	}
	if (measure_parse_list(&o->top_by, 1, &v, &n, err, sizeof err) != 0) {
		diag_set(d, "option --top-by: %s", err);
		return -1;
	}
	if (n != 1) {
		diag_set(d, "option --top-by: %s names %zu measures, not one",
			 o->top_by, n);
		for (size_t i = 0; i < n; i++)
			measure_release(&v[i]);
		free(v);
		return -1;
	}
	*out = v[0];
	free(v);
	return 0;
}

struct ranked_run {
	double v;
	size_t i;
};

static int cmp_ranked_run(const void *pa, const void *pb)
{
	const struct ranked_run *a = pa, *b = pb;
	if (a->v != b->v)
		return a->v > b->v ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

size_t select_top(const struct run *runs, size_t nruns,
		  const struct collection *c, const struct measure *tm,
		  unsigned long N, uint64_t seed, struct pool *pool,
		  struct run **kept)
{
	struct scorer s;
	struct ranked_run *r = xcalloc(nruns, sizeof *r);
	size_t n = N < nruns ? (size_t)N : nruns;
	double *vals, *means;
	unsigned char *keep = xcalloc(nruns, 1);

	scorer_init(&s, c, runs, nruns, tm, 1, seed);
	vals = score_root(&s, pool);
	means = score_aggregates(&s, vals, 0);
	for (size_t i = 0; i < nruns; i++) {
		r[i].v = means[i * s.nslots];
		r[i].i = i;
	}
	qsort(r, nruns, sizeof *r, cmp_ranked_run);
	for (size_t i = 0; i < n; i++)
		keep[r[i].i] = 1;
	*kept = xcalloc(n ? n : 1, sizeof **kept);
	for (size_t i = 0, k = 0; i < nruns; i++)
		if (keep[i])
			(*kept)[k++] = runs[i];
	scorer_release(&s);
	free(vals);
	free(means);
	free(keep);
	free(r);
	return n;
}

