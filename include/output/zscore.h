/*
 * zscore.h - trec_eval's -Z: a file of lines "qid measure mean stddev"
 * (trec_eval's Zmean file), and each per-topic value v of a measure
 * printed as (v - mean) / stddev.  As trec_eval: a topic or measure that
 * the file lacks gets ZSCORE_MISSING, as does v != mean where stddev is
 * 0 (v = mean gives 0).  trec_eval finds them by a binary search that
 * reads one entry past its table for a name that sorts after every
 * entry; that case is refused (zscore_convert fails) instead of giving a
 * number that depends on trec_eval's memory.  Files of up to millions of
 * lines; lookups are binary searches.
 */
#ifndef CBEVAL_ZSCORE_H
#define CBEVAL_ZSCORE_H

#include <stddef.h>

#include "diag.h"

#define ZSCORE_MISSING (-1000000.0)

struct zscore_ent {
	const char *qid, *meas;     /* into buf */
	double mean, sd;
};

struct zscores {
	const char *path;
	char *buf;                  /* the names, NUL-terminated */
	struct zscore_ent *e;       /* [n] sorted by qid, then measure */
	size_t n;
	size_t *qstart;             /* [nq + 1]: topic i is e[qstart[i]..) */
	size_t nq;
};

void zscores_init(struct zscores *z);
void zscores_release(struct zscores *z);

/* Read path into z.  Returns 0, or -1 with d set ("FILE:LINE: what"): a
 * line without four fields, a mean or stddev that is not a number, an
 * empty file. */
int zscores_load(struct zscores *z, const char *path, struct diag *d);

/* Convert the values v[0..n) of topic qid, whose printed measure names
 * are names[0..n), in place.  Returns 0, or -1 with d set when trec_eval's
 * lookup would read past its table (see above). */
int zscore_convert(const struct zscores *z, const char *qid,
		   const char *const *names, double *v, size_t n,
		   struct diag *d);

#endif
