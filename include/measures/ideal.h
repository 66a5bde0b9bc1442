/*
 * ideal.h - helpers shared by the graded measures of trec_eval (ndcg,
 * ndcg_rel, Rndcg, G): a walk down an image's ideal ranking, and the
 * discount log2(pos + 1) from a table.
 *
 * The ideal ranking of a topic in an image is its judged documents of
 * positive grade in descending order of grade (ids 0 .. n_pos - 1, see
 * collection.h), each repeated k times (its multiplicity in the image), so
 * that it is the ideal ranking of the image written out as files.
 */
#ifndef CBEVAL_IDEAL_H
#define CBEVAL_IDEAL_H

#include "measure.h"
#include "xalloc.h"

#include <math.h>
#include <stdint.h>

struct ideal {
	const struct topic_image *ti;
	uint32_t id;      /* the document of the next position */
	uint32_t left;    /* its copies not yet walked */
	uint64_t pos;     /* positions walked */
};

static inline void ideal_init(struct ideal *w, const struct topic_image *ti)
{
	w->ti = ti;
	w->id = 0;
	w->left = ti->t->n_pos > 0 ? ti->k[0] : 0;
	w->pos = 0;
}

/* The grade of the next position of the ideal ranking, the walk moved past
 * it; 0 (and the walk where it is) past the ranking's end. */
static inline int32_t ideal_next(struct ideal *w)
{
	const struct topic *t = w->ti->t;
	while (w->left == 0) {
		if (w->id + 1 >= t->n_pos)
			return 0;
		w->id++;
		w->left = w->ti->k[w->id];
	}
	w->left--;
	w->pos++;
	return t->grade[w->id];
}

/* Number of the table entries of the discounts (tab[i] = log2(i + 2)),
 * and the discount of position pos >= 1 from it. */
#define IDEAL_TAB 4096
static inline double ideal_disc(const double *tab, uint64_t pos)
{
	return pos <= IDEAL_TAB ? tab[pos - 1] : log2((double)pos + 1.0);
}

/* The IDCG of the whole ideal ranking with gain = grade, position by
 * position as trec_eval sums it; *npos gets its positions. */
static inline double ideal_dcg(const double *tab, const struct topic_image *ti,
			       uint64_t *npos)
{
	struct ideal w;
	double idcg = 0;
	int32_t g;
	ideal_init(&w, ti);
	while ((g = ideal_next(&w)) > 0)
		idcg += (double)g / ideal_disc(tab, w.pos);
	*npos = w.pos;
	return idcg;
}

/* setup of the measures that use ideal_disc: m->tab = the table. */
static inline void ideal_setup(struct measure *m)
{
	m->ntab = IDEAL_TAB;
	m->tab = xcalloc(IDEAL_TAB, sizeof *m->tab);
	for (size_t i = 0; i < IDEAL_TAB; i++)
		m->tab[i] = log2((double)i + 2.0);
}

#endif
