/*
 * gains.h - trec_eval's gain parameters of ndcg, ndcg_rel, Rndcg and G
 * (its gain_init.c): a gain G for the documents of relevance level
 * (grade) L, given as nDCG(gains=L:G,...) or trec_eval's ndcg.L=G,...
 * (ndcg_rel(gains=...), ndcg_rel.L=G,... and so on); a grade not listed
 * is its own gain.  Levels are whole numbers from -MEASURE_REL_MAX to
 * MEASURE_REL_MAX, at most MEASURE_GAINS_MAX of them, each once; gains
 * are any finite numbers.  As in trec_eval's form_res_rels.c, a retrieved
 * document's level is its grade when it is judged with a grade >= 0,
 * GAINS_UNJUDGED (-1) when it is not in the topic's qrels (and, with
 * --pool, when it is judged outside the image's pool) and GAINS_NEGATIVE
 * (-2) when its grade is negative; a level below -2 matches no document.
 * A level of 1 or more not listed is its own gain, levels 0, -1 and -2
 * not listed gain 0.
 *
 * Documents of level 1 or more are hits (measure.h) and the measures read
 * them as before; the other levels cost nothing unless a measure's list
 * gives one of them a gain (gains_low): its measure_def is then a variant
 * that asks for every judged span, the negative grades and the ranking's
 * length, and reads the ranking as runs of positions of one level
 * (gains_runs), unjudged stretches and stretches of grade 0 as one run
 * each, summed by prefix sums of the discount (gains_disc_sum).
 *
 * The ideal ranking takes the judged documents of grade >= 0 and
 * positive gain by descending gain (each with its multiplicity k in the
 * image; grade 0 too when level 0 has a positive gain) and none of gain
 * 0 or below, nor any of a negative level, as trec_eval's te_calc_ndcg, which stops at the first level of
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
 * G = L >= 0 dropped (they are the default; -1 = -1 is not).  Returns 0 or -1 with err. */
int gains_parse(struct measure *m, const char *s, size_t n, char *err,
		size_t errsz);

/* The list as cbeval names it ("1:3.5,2:9,4:7", trec = 0) or as -F trec
 * does ("1=3.5,2=9.0,4=7.0": one decimal when that is exact, else the
 * shortest form) into buf; returns its length, as snprintf. */
size_t gains_text(const struct measure *m, int trec, char *buf, size_t bufsz);

#define GAINS_UNJUDGED (-1)   /* trec_eval's RELVALUE_NONPOOL */
#define GAINS_NEGATIVE (-2)   /* trec_eval's RELVALUE_UNJUDGED */

/* The gain of a document of level g: the listed gain, else g for g >= 1
 * and 0 for the others. */
static inline double gains_of(const struct measure *m, int32_t g)
{
	for (int i = 0; i < m->ngains; i++)
		if (m->gain_lev[i] == g)
			return m->gain_val[i];
	return g > 0 ? (double)g : 0;
}

/* Nonzero when m lists a nonzero gain for level 0, -1 or -2: the
 * measure then reads the positions that are not hits (gains_runs). */
static inline int gains_low(const struct measure *m)
{
	for (int i = 0; i < m->ngains && m->gain_lev[i] <= 0; i++)
		if (m->gain_lev[i] >= GAINS_NEGATIVE && m->gain_val[i] != 0)
			return 1;
	return 0;
}

/* The judged ids whose levels can be listed: [0, n_nonneg) when level 0
 * is (its documents may join the ideal ranking), else [0, n_pos). */
static inline uint32_t gains_bound(const struct measure *m,
				   const struct topic *t)
{
	for (int i = 0; i < m->ngains && m->gain_lev[i] <= 0; i++)
		if (m->gain_lev[i] == 0)
			return t->n_nonneg;
	return t->n_pos;
}

/* What the measure_def of a variant for gains_low asks for, with copies
 * (gains_runs reads it all). */
#define GAINS_LOW_NEEDS \
	.judged_depth = MEASURE_JUDGED_ALL, .needs_length = 1, \
	.needs_negative = 1

/* The measure_def of a measure whose list has gains_low: low, with
 * judged spans wanted to the end of the ranking. */
static inline void gains_use_low(struct measure *m,
				 const struct measure_def *low)
{
	if (gains_low(m)) {
		m->def = low;
		m->judged_depth = MEASURE_JUDGED_ALL;
	}
}

/* A walk along a ranking as runs of positions of one level: a hit's copy
 * (its grade, 0 or GAINS_NEGATIVE), a copy of a judged document of
 * negative grade, a stretch of grade-0 judged positions, or an unjudged
 * stretch.  Reads ranked.c, the judged spans (all of them), neg and len:
 * a measure_def with copies, judged_depth MEASURE_JUDGED_ALL,
 * needs_negative and needs_length. */
struct gains_runs {
	const struct ranked *r;
	const struct topic_image *ti;
	size_t ic, in, is;          /* next copy, negative, span */
	uint64_t pos;               /* the next position not walked */
	int skip[3];                /* levels 0, -1, -2: runs left out */
};

/* Start the walk; runs of level 0, -1 or -2 whose gain (g0, gu, gn) is 0
 * are left out (a hit's copy is never). */
void gains_runs_init(struct gains_runs *it, const struct ranked *r,
		     const struct topic_image *ti, double g0, double gu,
		     double gn);
/* The next run within positions <= lim into positions [*a, *b) and its
 * level *lev, the walk moved past it (a run that crosses lim is cut
 * there, its rest the next run); 0 when there is none. */
int gains_runs_next(struct gains_runs *it, uint64_t lim, uint64_t *a,
		    uint64_t *b, int32_t *lev);

/* Entries of gains_setup's prefix sums of the discount. */
#define GAINS_CUM 65536
/* setup of the variants for gains_low: ideal_setup's table of
 * discounts, then the prefix sums cum[i] = sum over positions 1..i of
 * 1 / log2(pos + 1), i = 0..GAINS_CUM, at tab + IDEAL_TAB. */
void gains_setup(struct measure *m);
/* Sum of 1 / log2(pos + 1) over positions a..b-1 (1 <= a < b) from the
 * table of gains_setup: one difference within it, term by term past it. */
double gains_disc_sum(const double *tab, uint64_t a, uint64_t b);
/* The DCG of a run: gain / log2(a + 1) for one position (the term
 * trec_eval adds), gain * gains_disc_sum for more. */
static inline double gains_run_dcg(const double *tab, double gain,
				   uint64_t a, uint64_t b)
{
	return b == a + 1 ? gain / ideal_disc(tab, a)
			  : gain * gains_disc_sum(tab, a, b);
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
