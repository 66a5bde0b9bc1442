/*
 * gains.h - trec_eval's gain parameters of ndcg, ndcg_rel, Rndcg and G
 * (its gain_init.c): a gain G for the documents of relevance level
 * (grade) L, given as nDCG(gains=L:G,...) or trec_eval's ndcg.L=G,...
 * (ndcg_rel(gains=...), ndcg_rel.L=G,... and so on); a grade not listed
 * is its own gain.  Levels are whole numbers from 1 to MEASURE_REL_MAX
 * (documents of grade 0 or below are never hits, see measure.h, so a
 * gain for them could not be honoured), at most MEASURE_GAINS_MAX of
 * them, each once; gains are any finite numbers.
 *
 * The ideal ranking takes the documents of positive gain by descending
 * gain (each with its multiplicity k in the image) and none of gain 0 or
 * below, as trec_eval's te_calc_ndcg, which stops at the first level of
 * gain <= 0 in its order.  cbeval orders the levels exactly; trec_eval's
 * qsort compares gains truncated to int (comp_rel_gain), so with gains
 * less than 1 apart its order, and then its ideal, can differ.
 */
#ifndef CBEVAL_GAINS_H
#define CBEVAL_GAINS_H

#include "ideal.h"
#include "measure.h"

/* Parse the list "L:G,L:G,..." (or "L=G,...") of n bytes at s into
 * m->ngains, m->gain_lev, m->gain_val: levels ascending, the pairs with
 * G = L dropped (they are the default).  Returns 0 or -1 with err. */
int gains_parse(struct measure *m, const char *s, size_t n, char *err,
		size_t errsz);

/* The list as cbeval names it ("1:3.5,2:9,4:7", trec = 0) or as -F trec
 * does ("1=3.5,2=9.0,4=7.0": one decimal when that is exact, else the
 * shortest form) into buf; returns its length, as snprintf. */
size_t gains_text(const struct measure *m, int trec, char *buf, size_t bufsz);

/* The gain of a document of grade g. */
static inline double gains_of(const struct measure *m, int32_t g)
{
	for (int i = 0; i < m->ngains; i++)
		if (m->gain_lev[i] == g)
			return m->gain_val[i];
	return (double)g;
}

/* A walk down the ideal ranking of an image under m's gains, position
 * by position (as struct ideal walks it by grade when m has none). */
struct gains_walk {
	struct ideal w;            /* the walk by grade, without gains */
	const struct measure *m;
	const struct topic_image *ti;
	int ord[MEASURE_GAINS_MAX]; /* listed levels in the ideal, by gain */
	uint64_t cnt[MEASURE_GAINS_MAX]; /* their copies in the image */
	int n, j;                  /* levels in ord, the next of them */
	uint32_t id;               /* the next document of unlisted grade */
	uint64_t left;             /* copies of the current level or id */
	double g;                  /* their gain */
	uint64_t pos;              /* positions walked */
};

void gains_walk_init(struct gains_walk *w, const struct measure *m,
		     const struct topic_image *ti);
double gains_walk_step(struct gains_walk *w);

/* The gain (> 0) of the next position of the ideal ranking, the walk
 * moved past it; 0 (and the walk where it is) past the ranking's end,
 * the first position of gain <= 0. */
static inline double gains_walk_next(struct gains_walk *w)
{
	if (w->m->ngains == 0) {
		int32_t g = ideal_next(&w->w);
		w->pos = w->w.pos;
		return (double)g;
	}
	return gains_walk_step(w);
}

/* The IDCG of the whole ideal ranking of ti under m's gains (as
 * ideal_dcg when there are none), term by term in position order as
 * trec_eval sums it; tab is the table of ideal_setup; *npos gets the
 * positions of the ideal ranking. */
double gains_idcg(const struct measure *m, const double *tab,
		  const struct topic_image *ti, uint64_t *npos);

/* The parse of the measures that take gains: "" or "(gains=L:G,...)"
 * (see gains_parse), checked to fit the names of stem and tstem. */
int gains_parse_arg(struct measure *m, const char *arg, const char *stem,
		    const char *tstem, char *err, size_t errsz);
/* Their names: "STEM" and "TSTEM" without gains, else
 * "STEM(gains=1:3.5,...)" and "TSTEM_1=3.5,...". */
void gains_names(const struct measure *m, const char *stem,
		 const char *tstem, char *name, char *trec);

#endif
