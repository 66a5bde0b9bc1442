/*
 * tests/test_suggest.c - the edit distance and the choice of a
 * suggestion (suggest.h), on hand-counted pairs.
 */
#include "check.h"
#include "suggest.h"

int main(void)
{
	const char *cand[] = { "AP", "nDCG", "RR", "recip_rank", "ndcg_cut", "P" };
	size_t n = sizeof cand / sizeof *cand;
	CHECK(suggest_distance("", "", 0) == 0 && suggest_distance("abc", "", 0) == 3 &&
	      suggest_distance("", "ab", 0) == 2, "distance to the empty name is the length");
	CHECK(suggest_distance("kitten", "sitting", 0) == 3, "kitten / sitting: 3");
	CHECK(suggest_distance("ndcgg", "nDCG", 1) == 1 && suggest_distance("ndcgg", "nDCG", 0) == 4,
	      "case folded only when asked: ndcgg / nDCG 1 folded, 4 not");
	CHECK(suggest_distance("recip_rnak", "recip_rank", 0) == 1,
	      "a swap of two adjacent letters costs 1");
	CHECK(suggest_distance("ca", "abc", 0) == 3,
	      "optimal string alignment: ca / abc is 3 (no edit of a swapped pair)");
	CHECK(suggest_best("ndcgg", cand, n) == 1, "ndcgg: nDCG");
	CHECK(suggest_best("recip_rnk", cand, n) == 3, "recip_rnk: recip_rank");
	CHECK(suggest_best("apx", cand, n) == 0, "apx (3 letters, 1 edit): AP");
	CHECK(suggest_best("axx", cand, n) == n, "axx (2 edits from AP, 3 letters): none");
	CHECK(suggest_best("ndcg_cux", cand, n) == 4, "ndcg_cux (8 letters, 1 edit): ndcg_cut");
	CHECK(suggest_best("ndcg_xxx", cand, n) == n, "ndcg_xxx (3 edits): none");
	CHECK(suggest_best("ap", cand, 3) == 3, "ap among AP, nDCG, RR: equal without case is no suggestion");
	return check_exit();
}
