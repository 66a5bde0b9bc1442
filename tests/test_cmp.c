/*
 * test_cmp.c - the statistics of --compare against the test vectors of
 * the shared spec compare.md and cases worked by hand (the arithmetic is
 * in the comments): the paired t-test and its effect size, the Wilcoxon
 * signed-rank test (ties, zeros), the corrections (Holm, Bonferroni, BH,
 * NaN left out), the tie rule, and the randomization test's sign bits
 * (AVX-512, AVX2 and the plain loop against draws.md's word()).
 */
#include "check.h"
#include "cmp.h"
#include "draws.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static void test_t(void)
{
	double z[4] = { 0.1, 0.2, -0.3, 0.5 }, e, zero[3] = { 0, 0, 0 };
	double same[3] = { 0.3 - 0.2, 0.1, 0.2 - 0.1 };
	uint32_t scr[8];
	/* spec: mean 0.125, sd 0.33040379335998354, t 0.7566499084579774 */
	check_near(cmp_t_p(z, 4, &e, scr), 0.5042577334309546, 1e-14,
		   "t-test p of the spec's z (3 df)");
	check_near(e, 0.125 / 0.33040379335998354, 1e-14,
		   "effect = mean / sd = 0.125 / 0.33040379335998354");
	CHECK(cmp_t_p(zero, 3, &e, scr) == 1 && isnan(e),
	      "all differences 0: p = 1, effect NA");
	/* 0.3 - 0.2, 0.1 and 0.2 - 0.1 differ by rounding only: sd 0 under
	 * the tie rule, a mean of 0.1: p = 0, effect NA */
	CHECK(cmp_t_p(same, 3, &e, scr) == 0 && isnan(e),
	      "equal differences up to rounding: p = 0, effect NA");
	CHECK(isnan(cmp_t_p(z, 1, &e, scr)) && isnan(e), "1 topic: p and effect NA");
}

static void test_wilcoxon(void)
{
	double z[4] = { 0.1, 0.2, -0.3, 0.5 }, scr[8];
	double tied[4] = { 0.3 - 0.2, 0.2 - 0.1, 0.5, -0.5 };
	double zeros[5] = { 0, 0.3 - 0.2 - 0.1, 0.2, -0.1, 0.4 };
	double none[2] = { 0, 0 };
	/* spec: W+ = 7, z = 2 / sqrt(7.5) = 0.7302967433402214 */
	check_near(cmp_wilcoxon_p(z, 4, scr), 0.46520881845214174, 1e-15,
		   "Wilcoxon p of the spec's z");
	/* |z| 0.1 0.1 0.5 0.5 (0.3-0.2 and 0.2-0.1 tie): ranks 1.5 1.5 3.5
	 * 3.5, W+ = 6.5, var = 7.5 - (6 + 6)/48 = 7.25 */
	check_near(cmp_wilcoxon_p(tied, 4, scr), erfc(1.5 / sqrt(7.25) / sqrt(2.0)),
		   1e-15, "Wilcoxon with tied |z|: average ranks and tie term");
	/* 0 and 0.3-0.2-0.1 (-2.8e-17) dropped: n' = 3, |z| 0.1 0.2 0.4,
	 * W+ = 2 + 3 = 5, mean 3, var 3.5: z = 2 / sqrt(3.5) */
	check_near(cmp_wilcoxon_p(zeros, 5, scr), erfc(2 / sqrt(3.5) / sqrt(2.0)),
		   1e-15, "Wilcoxon drops zero differences (tie rule)");
	CHECK(cmp_wilcoxon_p(none, 2, scr) == 1, "Wilcoxon with every z 0: p = 1");
	CHECK(isnan(cmp_wilcoxon_p(z, 1, scr)), "Wilcoxon of 1 topic: NA");
}

static void test_adjust(void)
{
	double p[3] = { 0.01, 0.04, 0.03 }, q[3];
	double pn[4] = { 0.02, NAN, 0.01, 0.04 }, qn[4];
	cmp_adjust(p, 3, CORRECT_HOLM, q);
	CHECK(fabs(q[0] - 0.03) < 1e-15 && fabs(q[1] - 0.06) < 1e-15 &&
	      fabs(q[2] - 0.06) < 1e-15, "Holm of the spec: 0.03 0.06 0.06");
	cmp_adjust(p, 3, CORRECT_BONFERRONI, q);
	CHECK(fabs(q[0] - 0.03) < 1e-15 && fabs(q[1] - 0.12) < 1e-15 &&
	      fabs(q[2] - 0.09) < 1e-15, "Bonferroni: 0.03 0.12 0.09");
	/* BH: sorted 0.01 0.03 0.04 -> 3 x 0.01 / 1, 3 x 0.03 / 2, 3 x 0.04 / 3
	 * = 0.03 0.045 0.04 -> running min from the top: 0.03 0.04 0.04 */
	cmp_adjust(p, 3, CORRECT_BH, q);
	CHECK(fabs(q[0] - 0.03) < 1e-15 && fabs(q[1] - 0.04) < 1e-15 &&
	      fabs(q[2] - 0.04) < 1e-15, "BH: 0.03 0.04 0.04");
	/* m = 3 (the NaN takes no part): sorted 0.01 0.02 0.04 -> 0.03,
	 * max(0.03, 0.04), max(0.04, 0.04) */
	cmp_adjust(pn, 4, CORRECT_HOLM, qn);
	CHECK(fabs(qn[0] - 0.04) < 1e-15 && isnan(qn[1]) && fabs(qn[2] - 0.03) < 1e-15 &&
	      fabs(qn[3] - 0.04) < 1e-15, "Holm with an NA: m counts the others");
	cmp_adjust(p, 3, CORRECT_NONE, q);
	CHECK(q[0] == 0.01 && q[1] == 0.04 && q[2] == 0.03, "none: p_adj = p");
}

static void test_bits(void)
{
	size_t ns[5] = { 1, 3, 50, 64, 131 };
	for (int wide = 0; wide <= 2; wide++) {
		int ok = 1;
		if (wide > cmp_bits_wide()) {
			CHECK(1, "randomization bits, wide level %d # SKIP not on this processor", wide);
			continue;
		}
		for (int i = 0; i < 5; i++)
			for (unsigned long r = 1; r <= 40; r++) {
				uint64_t b[3];
				size_t n = ns[i];
				cmp_perm_bits(7, 5, r, n, wide, b);
				for (size_t t = 0; t < (n + 63) / 64 * 64; t++) {
					unsigned want = t < n ? draw_bit(draw_word3(7, 11, 5, r, t)) : 0;
					ok &= ((b[t / 64] >> (t % 64)) & 1) == want;
				}
			}
		CHECK(ok, "randomization bits: bit(word(S, 11, c, r, t)) and 0 past n, %s, n = 1, 3, 50, 64, 131",
		      wide == 2 ? "AVX-512" : wide == 1 ? "AVX2" : "plain loop");
	}
}

static void test_label(void)
{
	char a[4], b[4], c[4], d[4], e[4];
	cmp_label(a, 0);
	cmp_label(b, 25);
	cmp_label(c, 26);
	cmp_label(d, 701);
	cmp_label(e, 702);
	CHECK(!strcmp(a, "a") && !strcmp(b, "z") && !strcmp(c, "aa") &&
	      !strcmp(d, "zz") && !strcmp(e, "aaa"),
	      "run labels: 0 a, 25 z, 26 aa, 701 zz, 702 aaa (got %s %s %s %s %s)",
	      a, b, c, d, e);
}

static void test_tie(void)
{
	CHECK(cmp_tie(0.3 - 0.2, 0.2 - 0.1), "P@10 differences 0.3 - 0.2 and 0.2 - 0.1 tie");
	CHECK(!cmp_tie(0.1, 0.1 + 1e-9), "0.1 and 0.1 + 1e-9 do not tie");
	CHECK(cmp_tie(1e6, 1e6 + 1e-5), "relative above 1: 1e6 and 1e6 + 1e-5 tie");
}

int main(void)
{
	test_t();
	test_wilcoxon();
	test_adjust();
	test_bits();
	test_tie();
	test_label();
	return check_exit();
}
