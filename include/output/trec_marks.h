/*
 * trec_marks.h - trec_eval's reading of its -m arguments, for -F trec
 * and the trec_eval link: each argument marks a measure (runid, num_q,
 * map, P, ...) or a nickname's measures (official, set, all_trec); a
 * measure is printed once, with the parameters of the first argument
 * that gives it some ("-m all_trec -m P.5" prints P_5 alone), and its
 * defaults otherwise; without -m, official.  cbeval's own names (nDCG@10,
 * RBP(p=0.8), ...) pass through unchanged, after trec_eval's.  The
 * result is a list of -m specs for measure_parse_list, plus what is not a
 * cbeval measure: the line runid and trec_eval's relstring.
 */
#ifndef CBEVAL_TREC_MARKS_H
#define CBEVAL_TREC_MARKS_H

#include <stddef.h>

#define TREC_RELSTRING_NAME_MAX 64

#define TREC_TEXT_MAX 10

struct trec_marks {
	/* The measures trec_eval names by their parameters as given
	 * ("ndcg_1=3,2=9"): trec_order and the text given. */
	int text_order[TREC_TEXT_MAX];
	const char *text[TREC_TEXT_MAX];   /* into items */
	size_t ntext;
	char **specs;           /* [nspecs] owned, for measure_parse_list */
	size_t nspecs;
	char **items;           /* the -m items that marked, owned */
	size_t nitems, nitems_cap;
	int runid;              /* print the line runid */
	int relstring;          /* print relstring with -q */
	long relstring_len;     /* its length (default 10) */
	char relstring_name[TREC_RELSTRING_NAME_MAX];
};

void trec_marks_init(struct trec_marks *tm);
void trec_marks_release(struct trec_marks *tm);

/* Read the n -m arguments args (n = 0: official) into tm.  Returns 0, or
 * -1 with err set: an empty parameter list ("P."), a measure of
 * trec_eval that cbeval does not compute (the preference measures,
 * dcg, ...), a relstring length that is not a number. */
int trec_marks_make(struct trec_marks *tm, const char *const *args, size_t n,
		    char *err, size_t errsz);

struct measure;
/* Give the measures among m[0..n) that trec_eval names by the text of
 * their parameters (ndcg, ndcg_rel, Rndcg, G, rbp, rbp_resid, utility,
 * set_F, 11pt_avg) that name: "family_" and the text given to -m. */
void trec_marks_rename(const struct trec_marks *tm, struct measure *m,
		       size_t n);

#endif
