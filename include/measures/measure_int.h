/*
 * measure_int.h - what measure_name.c shares with measure_list.c; not
 * an interface for anything else (see measure.h).
 */
#ifndef CBEVAL_MEASURE_INT_H
#define CBEVAL_MEASURE_INT_H

#include <stddef.h>

/* The trec_eval prefix "name." of the one-parameter measure whose
 * canonical stem is stem ("Rprec_mult." for Rprec_mult) into prev, so
 * that a bare number after it continues it; prev is left as it is when
 * the measure has none. */
void measure_dotted_prefix(const char *stem, char *prev, size_t prevsz);

#endif
