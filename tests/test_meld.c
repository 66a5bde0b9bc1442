/*
 * test_meld.c - the meld draw of --meld (meld.h, stream 7 of the draws):
 *
 * 1. the draws.md vector: FBIS3-162447 changes label in split 1 exactly
 *    for mf > 2 x 0.014584245866719803;
 * 2. melds are nested: over 20,000 docnos, 5 splits and the factors
 *    0, 0.1, ..., 1, a docno that flips at one factor flips at every
 *    larger one; nothing flips at mf = 0;
 * 3. each docno flips with probability mf/2: the share of flips over the
 *    20,000 docnos lies within 5 binomial standard deviations of mf/2;
 * 4. splits are independent: the flips of splits 1 and 2 at mf = 1 agree
 *    on about half of the docnos (within 5 sd).
 */
#include "check.h"
#include "meld.h"
#include "strmap.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define ND 20000

int main(void)
{
	const char *doc = "FBIS3-162447";
	uint64_t h = fnv1a64(doc, strlen(doc)), key = meld_key(1, 1);
	double u = 0.014584245866719803;
	static uint64_t hash[ND];
	int nested = 1, zero = 1, rate = 1, indep;
	unsigned long agree = 0;

	CHECK(!meld_flips(h, key, 2 * u) && meld_flips(h, key, 2 * u + 1e-15) &&
	      meld_flips(h, key, 0.03) && !meld_flips(h, key, 0.029),
	      "FBIS3-162447 flips in split 1 exactly for mf > 2 x 0.014584245866719803");

	for (int i = 0; i < ND; i++) {
		char b[32];
		int n = snprintf(b, sizeof b, "DOC-%05d", i);
		hash[i] = fnv1a64(b, (size_t)n);
	}
	for (uint64_t s = 1; s <= 5; s++) {
		uint64_t k = meld_key(7, s);
		for (int f = 0; f <= 10; f++) {
			double mf = f / 10.0;
			unsigned long flips = 0;
			double sd = sqrt(ND * (mf / 2) * (1 - mf / 2));
			for (int i = 0; i < ND; i++) {
				int a = meld_flips(hash[i], k, mf);
				flips += (unsigned long)a;
				if (f == 0 && a)
					zero = 0;
				if (a && f < 10 && !meld_flips(hash[i], k, (f + 1) / 10.0))
					nested = 0;
			}
			if (fabs((double)flips - ND * mf / 2) > 5 * sd + 1e-9) {
				rate = 0;
				printf("# split %d mf %.1f: %lu flips of %d\n", (int)s,
				       mf, flips, ND);
			}
		}
	}
	CHECK(zero, "nothing flips at mf = 0");
	CHECK(nested, "a docno that flips at mf flips at every larger mf (5 splits, mf 0..1 by 0.1)");
	CHECK(rate, "each mf flips mf/2 of 20000 docnos, within 5 binomial sd");
	for (int i = 0; i < ND; i++)
		agree += meld_flips(hash[i], meld_key(7, 1), 1) ==
			 meld_flips(hash[i], meld_key(7, 2), 1);
	indep = fabs((double)agree - ND / 2.0) <= 5 * sqrt(ND / 4.0);
	CHECK(indep, "splits 1 and 2 flip independently (%lu of %d agree)", agree, ND);
	return check_exit();
}
