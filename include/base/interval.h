/*
 * interval.h - the 95% bootstrap intervals of the summaries (the
 * "summarise" step): the percentile interval of Zobel & Rashidi, the
 * basic (reverse percentile) interval, and Efron's bias-corrected
 * percentile interval (shared spec intervals.md; cbeval-bootstrap(7),
 * INTERVALS).  Pure functions; no allocation.
 *
 * An interval is computed in two steps, so that each caller keeps its own
 * way of finding quantiles (a sorted copy in the summary, a pass over the
 * tails in --pairs): ci_levels says at which probabilities to take the
 * type-7 quantiles of the B image values, and ci_finish turns those two
 * quantiles into the interval's ends.
 *
 * Sizes: B from 1 to a few million image values per cell; O(B) for bc
 * (one counting pass), O(1) otherwise.
 */
#ifndef CBEVAL_INTERVAL_H
#define CBEVAL_INTERVAL_H

#include <stddef.h>

enum ci_method { CI_PERCENTILE, CI_BASIC, CI_BC };

/* The method named s ("percentile", "basic" or "bc"): 0, or -1 when s
 * names none. */
int ci_method_parse(const char *s, enum ci_method *m);
/* The name of m, as ci_method_parse reads it (a static string). */
const char *ci_method_name(enum ci_method m);

/* The standard normal distribution function, 0.5 erfc(-z / sqrt 2). */
double ci_phi(double z);
/* Its inverse, by Wichura's algorithm AS 241 (PPND16, relative error
 * about 1e-16); -inf at 0, +inf at 1, NaN outside [0, 1]. */
double ci_phi_inv(double p);

/* Whether image value x ties the root theta under the project's rule:
 * |x - theta| <= 1e-10 max(1, |x|, |theta|). */
int ci_tie(double x, double theta);

/* The probabilities at which the interval of method m takes the type-7
 * quantiles of the B image values x (in any order) of a cell whose root
 * is theta: *lo and *hi.  Returns 0, or -1 when the interval is NA
 * (basic and bc with B < 2, or a root that is NaN). */
int ci_levels(enum ci_method m, const double *x, size_t B, double theta,
	      double *lo, double *hi);

/* The interval's ends from the quantiles qlo = q(*lo) and qhi = q(*hi)
 * that ci_levels asked for: [qlo, qhi], or for basic [2 theta - qhi,
 * 2 theta - qlo] (not clipped to the measure's range). */
void ci_finish(enum ci_method m, double theta, double qlo, double qhi,
	       double *lo, double *hi);

#endif
