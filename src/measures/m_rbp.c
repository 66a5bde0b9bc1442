/*
 * m_rbp.c - rank-biased precision (Moffat & Zobel, TOIS 2008) and its
 * residual, with depth bound D = 1000:
 *   RBP(p) = (1-p) * sum over i <= min(D, n) of rel(d_i) p^(i-1)
 *   residual = (1-p) * sum over unjudged d_i, i <= min(D, n), of p^(i-1)
 *              + p^min(D, n)
 * The residual is computed as 1 - (1-p) * sum over judged d_i, i <= D, of
 * p^(i-1), which is the same quantity: the unjudged positions and the
 * positions past the end of the ranking together are all positions not
 * judged.  That sum is taken over spans of judged positions by prefix
 * sums, which agrees with the term by term sum to about 1e-15.  Output names: RBP(p=P) and RBP(p=P).residual.
 *
 * RBP(p=P)@k (any of the forms below too) is RBP of the ranking cut at
 * k, as ir_measures' RBP@k (trectools' get_rbp with depth k): the sums
 * above over i <= min(k, D, n), the residual's tail p^min(k, D, n), so
 * that it is 1 - (1-p) * sum over judged d_i, i <= min(k, D), of
 * p^(i-1).  Output names RBP(p=P)@k, RBP(p=P)@k.residual; -F trec
 * rbp_P_cut_k, rbp_P_cut_k_residual.
 *
 * The graded RBP, as cwl_eval computes it from a gains file holding
 * grade / G (RBP(p=P,gain=graded), RBP(p=P,gain=graded,max=G)):
 *   RBP = (1-p) * sum over i <= min(D, n) of g(d_i) p^(i-1),
 *   g(d) = max(grade(d), 0) / G, 0 for an unjudged d,
 * G = max=G, else the largest grade of the qrels file (every topic:
 * topic_image.max_grade).  A grade above G (max=G below the file's
 * largest) gives a gain above 1, as cwl_eval's gains file would (it
 * takes the gains as they are); ir_measures' cwl_eval bridge would clip
 * it to 1.  It does not binarise, so it takes no (rel=N), and it is
 * scored whenever the topic has a document of positive grade
 * (call_when_gain).  The residual is the binary one's (it depends only on
 * which positions are judged); same tables, the run of each hit times
 * its gain.  Output names: RBP(p=P,gain=graded[,max=G]) and its
 * .residual; -F trec rbp_P_graded[_maxG][_residual].
 */
#include "lanes.h"
#include "measure.h"
#include "xalloc.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int rbp_parse(struct measure *m, const char *arg, char *err, size_t errsz)
{
	char buf[MEASURE_NAME_MAX * 2];
	if (!(arg = measure_split_cutoff(m, arg, buf, sizeof buf, err, errsz)))
		return -1;
	return measure_parse_param(arg, "p", 0, 1, 1, 1, &m->p, err, errsz);
}

static void rbp_names(const struct measure *m, int o, char *name, char *trec)
{
	char p[32], k[32] = "", tk[32] = "";
	measure_fmt_param(p, sizeof p, m->p);
	if (m->k > 0) {
		snprintf(k, sizeof k, "@%ld", m->k);
		snprintf(tk, sizeof tk, "_cut_%ld", m->k);
	}
	char buf[160];
	snprintf(buf, sizeof buf, "RBP(p=%s)%s%s", p, k, o ? ".residual" : "");
	measure_set_name(name, buf);
	snprintf(buf, sizeof buf, "rbp_%s%s%s", p, tk, o ? "_residual" : "");
	measure_set_name(trec, buf);
}

/* tab[i-1] = p^(i-1) for i = 1..D; then cum[i] = sum of tab[0..i-1] for
 * i = 0..D at tab + D, so a stretch of positions costs one subtraction.
 * Once p^i is below half a unit in the last place of cum, the additions
 * leave cum as it is: from some c on, cum[c] = ... = cum[D] (c is about
 * 660 for p = 0.95, 150 for p = 0.8).  A span from c on then adds
 * cum[D] - cum[D] = +0 to the judged sum, which leaves it as it is, and
 * one that crosses c adds cum[c] - cum[a] = cum[D] - cum[a]: the sum
 * over the judged spans down to c alone is bit for bit the sum down to
 * D.  So the judged depth, down to which the scan finds spans, is c. */
static void rbp_setup(struct measure *m)
{
	double *cum;
	size_t c = MEASURE_DEPTH;
	m->ntab = MEASURE_DEPTH;
	m->tab = xcalloc(2 * MEASURE_DEPTH + 1, sizeof *m->tab);
	cum = m->tab + MEASURE_DEPTH;
	for (size_t i = 0; i < MEASURE_DEPTH; i++) {
		m->tab[i] = pow(m->p, (double)i);
		cum[i + 1] = cum[i] + m->tab[i];
	}
	while (c > 1 && cum[c - 1] == cum[MEASURE_DEPTH])
		c--;
	m->judged_depth = c < measure_depth(m) ? c : measure_depth(m);
}

/* x when c is 1, +0 when c is 0, chosen by a bit mask: compilers turn
 * x * (double)c back into a branch on c. */
static inline double keep_if(double x, unsigned c)
{
	uint64_t u;
	memcpy(&u, &x, sizeof u);
	u &= (uint64_t)0 - (uint64_t)c;
	memcpy(&x, &u, sizeof x);
	return x;
}

/* Weight sum of the k positions from pos on, cut at the depth d
 * (measure_depth): the textbook term by term sum from 0.  For k <= 4
 * away from the depth it
 * is the same sum without a branch on k (which is random, and a branch on
 * it mispredicted about every other hit): a term beyond k is +0, and
 * adding +0 to the positive sum leaves it as it is. */
static double rbp_run(const struct measure *m, uint64_t d, uint32_t pos,
		      uint32_t k)
{
	const double *t = m->tab + pos - 1;
	double s = 0;
	if (k <= 4 && pos + 3 <= d)
		return ((t[0] + keep_if(t[1], k > 1)) + keep_if(t[2], k > 2)) +
		       keep_if(t[3], k > 3);
	for (uint32_t j = 0; j < k && pos + j <= d; j++)
		s += t[j];
	return s;
}

/* Sum of p^(i-1) over the judged positions within the depth: one
 * difference of prefix sums per span, down to c = m->judged_depth, past
 * which cum is constant (rbp_setup), or to the cutoff k when that comes
 * first. */
static double rbp_sum_judged(const struct measure *m, const struct ranked *r)
{
	const double *cum = m->tab + MEASURE_DEPTH;
	const uint64_t c = m->judged_depth;
	double s = 0;
	for (size_t i = 0; i < r->nj; i++) {
		uint64_t a = (uint64_t)ranked_span(r, i)->start - 1;
		uint64_t b = (uint64_t)ranked_span(r, i)->end - 1;
		if (a >= c)
			break;
		s += cum[b < c ? b : c] - cum[a];
	}
	return s;
}

static void rbp_score(const struct measure *m, const struct ranked *r,
		      const struct topic_image *ti, const double *prep, double *out)
{
	const uint64_t d = measure_depth(m);
	double rel = 0;
	uint32_t nrel = ti->t->n_rel;
	(void)prep;
	for (size_t i = 0; i < r->n; i++) {
		const struct hit *h = &r->h[i];
		if (h->pos > d)
			break;
		if (h->id < nrel)
			rel += rbp_run(m, d, h->pos, hit_k(ti, h));
	}
	out[0] = (1 - m->p) * rel;
	out[1] = 1 - (1 - m->p) * rbp_sum_judged(m, r);
	/* The residual is at least p^D > 0; rounding in 1 - (1-p) * sum can
	 * leave -1e-16 when every position is judged: print 0, not -0.0000. */
	if (out[1] < 0)
		out[1] = 0;
}

#ifdef MEASURE_HAVE_LANES
/* rbp_sum_judged in MEASURE_LANES images (lanes.h): per stretch, the
 * difference of cum at both ends of its span, each end cut at c.  A
 * span past c (which rbp_sum_judged does not reach), or one a lane's
 * image leaves empty, adds cum[x] - cum[x] = +0; a span cut at a lane's
 * end of the scan reaches c anyway (past last every position is beyond
 * the judged depth, which c does not pass). */
LANES_TARGET
static struct lanes_pd rbp_sum_judged_lanes(const struct measure *m,
					    const struct ranked_lanes *r)
{
	const double *cum = m->tab + MEASURE_DEPTH;
	const __m512i c = _mm512_set1_epi32((int)m->judged_depth);
	struct lanes_pd s = lanes_zero();
	for (size_t j = 0; j < r->nsp; j++) {
		size_t a = r->sp[2 * j], b = r->sp[2 * j + 1];
		__m512i A, B;
		if (a > r->last)
			break;
		A = lanes_plus(lanes_pos(r, a), -1);
		if (!_mm512_cmplt_epu32_mask(A, c))
			break;
		B = lanes_plus(lanes_pos(r, b < r->last ? b : r->last), -1);
		A = _mm512_min_epu32(A, c);
		B = _mm512_min_epu32(B, c);
		s = lanes_add(s, 0xffff, lanes_sub(lanes_gather(0xffff, B, cum),
						   lanes_gather(0xffff, A, cum)));
	}
	return s;
}

/* rbp_score in MEASURE_LANES images: each hit's run of copies summed
 * from +0 as rbp_run sums them, then added (+0 in a lane without a
 * copy, which leaves rel as it is). */
LANES_TARGET
static void rbp_score_lanes(const struct measure *m,
			    const struct ranked_lanes *r,
			    const struct topic_image *const *ti,
			    const double *const *prep, double *out)
{
	const struct lanes_pd w = lanes_set1(1 - m->p);
	struct lanes_pd rel, res;
	(void)prep;
	rel = lanes_sum_tab(r, m->tab, measure_depth(m), ti[0]->t->n_rel, 1);
	lanes_store(out, lanes_mul(w, rel));
	if (m->n_out < 2)
		return;
	res = lanes_sub(lanes_set1(1), lanes_mul(w, rbp_sum_judged_lanes(m, r)));
	lanes_store(out + MEASURE_LANES,
		    lanes_blend(res, lanes_lt(res, lanes_zero()), lanes_zero()));
}
#endif

static int rbp_graded_parse(struct measure *m, const char *arg, char *err,
			    size_t errsz)
{
	return measure_parse_graded(m, arg, "p", 0, 1, 1, 1, err, errsz);
}

static void rbp_graded_names(const struct measure *m, int o, char *name,
			     char *trec)
{
	measure_graded_names(m, "RBP", "p", "rbp", o, name, trec);
}

static void rbp_graded_score(const struct measure *m, const struct ranked *r,
			     const struct topic_image *ti, const double *prep,
			     double *out)
{
	const struct topic *t = ti->t;
	const uint64_t d = measure_depth(m);
	double s = 0, G = measure_graded_g(m, ti);
	uint32_t npos = G > 0 ? t->n_pos : 0;   /* G <= 0: every gain 0 */
	(void)prep;
	for (size_t i = 0; i < r->n; i++) {
		const struct hit *h = &r->h[i];
		if (h->pos > d)
			break;
		if (h->id < npos)
			s += (double)t->grade[h->id] / G *
			     rbp_run(m, d, h->pos, hit_k(ti, h));
	}
	out[0] = (1 - m->p) * s;
	out[1] = 1 - (1 - m->p) * rbp_sum_judged(m, r);
	if (out[1] < 0)
		out[1] = 0;
}

const struct measure_def measure_rbp_graded = {
	.name = "RBP",
	.synopsis = "RBP(p=P,gain=graded[,max=G])[@k]",
	.n_out = 2,
	.parse = rbp_graded_parse,
	.names = rbp_graded_names,
	.setup = rbp_setup,
	.judged_depth = MEASURE_DEPTH,
	.spans_residual_only = 1,
	.call_when_gain = 1,
	.score = rbp_graded_score,
};

const struct measure_def measure_rbp = {
	.name = "RBP",
	.binary = 1,
	.synopsis = "RBP(p=P)[@k]",
	.n_out = 2,
	.parse = rbp_parse,
	.names = rbp_names,
	.setup = rbp_setup,
	.judged_depth = MEASURE_DEPTH,
	.spans_residual_only = 1,
	.score = rbp_score,
#ifdef MEASURE_HAVE_LANES
	.score_lanes = rbp_score_lanes,
#endif
};
