/*
 * tests/parts/ref_meld/outputs.c - the files ref_meld writes besides its
 * table: --images (every per-topic value of every mf, run, split, image
 * and part, with the `all` aggregate of choice 10, %.17g) and
 * --labels-out (the labelling and the melded labels of split 1).  Sizes:
 * one line per value or docno, written as computed.
 */
#include "ref_meld.h"

/* How `all` aggregates a measure: 0 mean, 1 sum, 2 GM. */
static int agg_kind(const char *name)
{
	if (strncmp(name, "GM(", 3) == 0)
		return 2;
	if (!strcmp(name, "num_ret") || !strcmp(name, "num_rel") || !strcmp(name, "num_rel_ret"))
		return 1;
	return 0;
}

/* The `all` value of measure m in sub-collection (i, s, b, part), run j:
 * the mean over topics (left to right / n), the sum, or the GM. */
static double agg_value(const struct meld *c, size_t i, unsigned long s, unsigned long b,
			int part, size_t j, size_t m)
{
	int kind = agg_kind(c->meas.v[m]);
	double acc = 0;
	for (size_t u = 0; u < NT(c); u++) {
		double y = VAL(c, i, s, b, part, j, m, u);
		acc += kind == 2 ? log(y + 0.00001) : y;
	}
	return kind == 1 ? acc : kind == 2 ?
		exp(acc / (double)NT(c)) - 0.00001 : acc / (double)NT(c);
}

/* Write the --images file: rows by mf, run, split, image, part, qid
 * (natural order, then all), measure. */
void write_images(const struct meld *c, const char *path)
{
	FILE *f = xfopen(path, "w");
	fprintf(f, "run\tmf\tsplit\timage\tpart\tqid\tmeasure\tvalue\n");
	for (size_t i = 0; i < c->nmf; i++)
		for (size_t j = 0; j < NR(c); j++)
			for (unsigned long s = 1; s <= c->K; s++)
				for (unsigned long b = 1; b <= c->B; b++)
					for (int part = 0; part < 2; part++)
						for (size_t t = 0; t <= NT(c); t++)
							for (size_t k = 0; k < c->noutm; k++) {
								size_t m = c->outm[k];
								double x = t < NT(c) ? VAL(c, i, s, b, part, j, m, t) :
									agg_value(c, i, s, b, part, j, m);
								fprintf(f, "%s\t%s\t%lu\t%lu\t%c\t%s\t%s\t%.17g\n",
									c->runs.v[j], c->mfs[i], s, b, part ? 'R' : 'L',
									t < NT(c) ? c->topics.v[t] : "all", c->meas.v[m], x);
							}
	xfclose(f, path);
}

/* Write the --labels-out file: docno, r or -, base label, then the
 * melded label of split 1 for each mf. */
void write_labels(const struct meld *c, const char *path)
{
	FILE *f = xfopen(path, "w");
	for (size_t d = 0; d < c->nlabs; d++) {
		if (c->lbl[d].r >= 0)
			fprintf(f, "%s\t%ld\t%c", c->lbl[d].docno, c->lbl[d].r, c->lbl[d].lab ? 'R' : 'L');
		else
			fprintf(f, "%s\t-\t%c", c->lbl[d].docno, c->lbl[d].lab ? 'R' : 'L');
		for (size_t i = 0; i < c->nmf; i++)
			fprintf(f, "\t%c", melded(c, d, i, 1) ? 'R' : 'L');
		fprintf(f, "\n");
	}
	xfclose(f, path);
}
