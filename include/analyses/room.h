/*
 * room.h - what the rows of the analyses (the *_room.c files) share: the
 * rows themselves, for the table in analysis.c, and small readers of
 * option values.  Not an interface for anything outside src/analyses/.
 */
#ifndef CBEVAL_ROOM_H
#define CBEVAL_ROOM_H

#include "analysis.h"

extern const struct analysis room_evaluation;  /* eval_room.c */
extern const struct analysis room_summary;     /* eval_room.c */
extern const struct analysis room_pairs;       /* pairs_room.c */
extern const struct analysis room_reliability; /* pairs_room.c */
extern const struct analysis room_sensitivity; /* sens_room.c */
extern const struct analysis room_partitions;  /* part_room.c */
extern const struct analysis room_meld;        /* meld_room.c */
extern const struct analysis room_bias;        /* bias_room.c */
extern const struct analysis room_compare;     /* cmp_room.c */

/* The whole number v of option opt in [lo, hi] into *out: 0, or -1 with
 * d set (options_num). */
int room_count(const char *opt, const char *v, long lo, long hi,
	       unsigned long *out, struct diag *d);

/* -t T, the topic samples of --sensitivity, --bias and --compare. */
int room_set_samples(struct options *o, const char *v, struct diag *d);
/* --splits K (--partitions, --meld) and --randomizations R
 * (--partitions, --compare). */
int room_set_splits(struct options *o, const char *v, struct diag *d);
int room_set_randomizations(struct options *o, const char *v,
			    struct diag *d);

/* The default of -t (1000 topic samples): always 0. */
int room_defaults_samples(struct options *o, struct diag *d);

#endif
