/*
 * tests/parts/ref_meld/materialise.c - how ref_meld gets its per-topic
 * values: it writes every sub-collection (mf, split, image, part) as
 * files - each document k times in place, as copies docno~1..docno~k, in
 * the qrels and in every run, plus the extra judgement per topic and the
 * extra run line of choices 1 and 2 - scores them with plain cbeval
 * (image 0 of `cbeval -b 1 --images`) and reads the values back.  Before
 * that it scores the materialised root and dies unless it equals the
 * plain evaluation of the given files value for value.  Sizes: one
 * sub-collection's files at a time, in c->dir (removed unless --keep).
 */
#include "ref_meld.h"

/* One sub-collection: mf index i, split s, image b, part (0 L, 1 R);
 * i = SIZE_MAX is the root. */
struct sub {
	size_t i;
	unsigned long s, b;
	int part;
};

/* The files of one materialised sub-collection (all newly allocated). */
struct matfiles {
	char *qrels;
	char **runs;	/* c->nruns of them and the extra run */
	char *img, *err;
};

/* Score QRELS and the run files with plain cbeval into --images img:
 * materialised files with --order file, the given ones with the user's
 * -M and --order. */
static void score(const struct meld *c, const char *qrels, char **runfiles, size_t nrun,
		  const char *img, const char *errpath, int materialised)
{
	struct ref_opts o = { c->cbeval_path, c->mspecs, c->nmspecs, c->opt_l, c->opt_M,
			      c->opt_order, 0 };
	ref_score(&o, qrels, runfiles, nrun, img, errpath, 0, materialised);
}

/* Multiplicity of a docno with label index lab in sub-collection u; root:
 * 1 for every docno. */
static unsigned mult(const struct meld *c, long lab, const struct sub *u)
{
	if (u->i == SIZE_MAX)
		return 1;
	if (lab < 0)
		return 0;
	if (melded(c, (size_t)lab, u->i, u->s) != u->part)
		return 0;
	return c->klab[(size_t)lab * c->B + u->b - 1];
}

/* Write the qrels of u to STEM.qrels; returns its path. */
static char *write_qrels(const struct meld *c, const struct sub *u, const char *stem)
{
	char path[4300];
	snprintf(path, sizeof path, "%s.qrels", stem);
	char *qpath = xstrdup(path);
	FILE *f = xfopen(qpath, "w");
	for (size_t q = 0; q < c->nql; q++) {
		unsigned k = mult(c, c->ql[q].lab, u);
		for (unsigned x = 1; x <= k; x++)
			fprintf(f, "%s 0 %s~%u %ld\n", c->ql[q].qid, c->ql[q].docno, x, c->ql[q].grade);
	}
	for (size_t t = 0; t < NT(c); t++)
		fprintf(f, "%s 0 ref-meld-none %s\n", c->topics.v[t], DUMMY_GRADE);
	xfclose(f, qpath);
	return qpath;
}

/* Write the runs of u to STEM.runJ and the extra run to STEM.runx;
 * returns their c->nruns + 1 paths. */
static char **write_runs(const struct meld *c, const struct sub *u, const char *stem)
{
	char path[4300];
	char **rpath = xmalloc(c->nruns * sizeof *rpath);
	for (size_t j = 0; j < c->nruns; j++) {
		snprintf(path, sizeof path, "%s.run%zu", stem, j);
		rpath[j] = xstrdup(path);
		FILE *f = xfopen(rpath[j], "w");
		for (size_t t = 0; t < NT(c); t++) {
			const struct rtop *rt = &c->rk[j * NT(c) + t];
			unsigned long pos = 0;
			for (size_t e = 0; e < rt->n; e++) {
				unsigned k = mult(c, rt->e[e].lab, u);
				for (unsigned x = 1; x <= k; x++)
					fprintf(f, "%s Q0 %s~%u %lu 0 ref-meld-%zu\n", c->topics.v[t],
						rt->e[e].docno, x, ++pos, j);
			}
		}
		fprintf(f, "%s Q0 ref-meld-none 1 0 ref-meld-%zu\n", c->dummy_qid, j);
		xfclose(f, rpath[j]);
	}

	/* One more run, whose values are not read, that retrieves a judged
	 * document of a topic: cbeval refuses qrels that share no topic with
	 * any run, as a half whose runs kept no document would be. */
	rpath = xrealloc(rpath, (c->nruns + 1) * sizeof *rpath);
	snprintf(path, sizeof path, "%s.runx", stem);
	rpath[c->nruns] = xstrdup(path);
	FILE *f = xfopen(rpath[c->nruns], "w");
	fprintf(f, "%s Q0 ref-meld-none 1 0 ref-meld-extra\n", c->topics.v[0]);
	xfclose(f, rpath[c->nruns]);
	return rpath;
}

/* The index in c->runs, c->topics, c->meas of every run, topic and
 * measure name of a materialised evaluation (SIZE_MAX: the extra run,
 * not read); dies on a name it should not have.  The caller frees
 * them. */
static void map_names(const struct meld *c, const struct names *rn, const struct names *tn,
		      const struct names *mn, size_t **rmap, size_t **tmap, size_t **mmap)
{
	*rmap = xmalloc((rn->n + 1) * sizeof **rmap);
	*tmap = xmalloc((tn->n + 1) * sizeof **tmap);
	*mmap = xmalloc((mn->n + 1) * sizeof **mmap);
	for (size_t x = 0; x < rn->n; x++) {
		unsigned long jj;
		char tail;
		if (strcmp(rn->v[x], "ref-meld-extra") == 0) {
			(*rmap)[x] = SIZE_MAX;   /* not read */
			continue;
		}
		if (sscanf(rn->v[x], "ref-meld-%lu%c", &jj, &tail) != 1 || jj >= c->nruns)
			die("a materialised run has an unexpected name", rn->v[x]);
		(*rmap)[x] = jj;
	}
	for (size_t x = 0; x < tn->n; x++) {
		long t = names_find(&c->topics, tn->v[x]);
		if (t < 0)
			die("a materialised evaluation has a topic not in the qrels", tn->v[x]);
		(*tmap)[x] = (size_t)t;
	}
	for (size_t x = 0; x < mn->n; x++) {
		long m = names_find(&c->meas, mn->v[x]);
		if (m < 0)
			die("a materialised evaluation has another measure", mn->v[x]);
		(*mmap)[x] = (size_t)m;
	}
}

/* Read the --images file img of a materialised evaluation into
 * out[(j * NM + m) * NT + t]; dies unless every value is there. */
static void read_back(const struct meld *c, const char *img, const char *stem, double *out)
{
	struct names rn = { 0 }, tn = { 0 }, mn = { 0 };
	size_t nrows;
	struct vrow *rows = images_read(img, &rn, &tn, &mn, &nrows);
	size_t total = NR(c) * NM(c) * NT(c);
	for (size_t x = 0; x < total; x++)
		out[x] = NAN;
	size_t *rmap, *tmap, *mmap;
	map_names(c, &rn, &tn, &mn, &rmap, &tmap, &mmap);
	for (size_t x = 0; x < nrows; x++)
		if (rmap[rows[x].r] != SIZE_MAX)
			out[(rmap[rows[x].r] * NM(c) + mmap[rows[x].m]) * NT(c) + tmap[rows[x].t]] = rows[x].x;
	for (size_t x = 0; x < total; x++)
		if (isnan(out[x]))
			die("a materialised evaluation lacks a value", stem);
	free(rows); free(rmap); free(tmap); free(mmap);
	names_free(&rn); names_free(&tn); names_free(&mn);
}

/* Remove the files of m (unless --keep) and free m's paths. */
static void drop_files(const struct meld *c, struct matfiles *m)
{
	if (!c->keep_files) {
		remove(m->qrels);
		for (size_t j = 0; j <= c->nruns; j++)
			remove(m->runs[j]);
		remove(m->img);
		remove(m->err);
	}
	for (size_t j = 0; j <= c->nruns; j++)
		free(m->runs[j]);
	free(m->runs); free(m->qrels); free(m->img); free(m->err);
}

/*
 * Write one sub-collection (or the root) as files and score it; the
 * values go to out[(j * NM + m) * NT + t] (every one must be filled).
 */
static void materialise(const struct meld *c, const struct sub *u, double *out)
{
	char stem[4200], path[4300];
	struct matfiles m;
	if (u->i == SIZE_MAX)
		snprintf(stem, sizeof stem, "%s/root", c->dir);
	else
		snprintf(stem, sizeof stem, "%s/%zu.%lu.%lu.%c", c->dir, u->i, u->s, u->b,
			 u->part ? 'R' : 'L');
	m.qrels = write_qrels(c, u, stem);
	m.runs = write_runs(c, u, stem);
	snprintf(path, sizeof path, "%s.images", stem);
	m.img = xstrdup(path);
	snprintf(path, sizeof path, "%s.err", stem);
	m.err = xstrdup(path);
	score(c, m.qrels, m.runs, c->nruns + 1, m.img, m.err, 1);
	read_back(c, m.img, stem, out);
	drop_files(c, &m);
}

/* The plain evaluation of the given files: sets c->runs, c->meas (and
 * checks the topics) and returns its values [(j * NM + m) * NT + t]. */
static double *plain_values(struct meld *c, const char *qrels, char **runfiles, size_t nrun)
{
	char path[4300];
	snprintf(path, sizeof path, "%s/plain.images", c->dir);
	char *img = xstrdup(path);
	snprintf(path, sizeof path, "%s/plain.err", c->dir);
	char *err = xstrdup(path);
	score(c, qrels, runfiles, nrun, img, err, 0);
	struct names tn = { 0 };
	size_t nrows;
	struct vrow *rows = images_read(img, &c->runs, &tn, &c->meas, &nrows);
	if (NR(c) != nrun)
		die("cbeval named a different number of runs than given", NULL);
	if (tn.n != NT(c))
		die("cbeval's plain evaluation has other topics than the qrels", NULL);
	for (size_t t = 0; t < NT(c); t++)
		if (strcmp(tn.v[t], c->topics.v[t]) != 0)
			die("cbeval's topic order is not the natural order of the reference", tn.v[t]);
	double *root = xmalloc(NR(c) * NM(c) * NT(c) * sizeof *root);
	for (size_t x = 0; x < NR(c) * NM(c) * NT(c); x++)
		root[x] = NAN;
	for (size_t x = 0; x < nrows; x++)
		root[(rows[x].r * NM(c) + rows[x].m) * NT(c) + rows[x].t] = rows[x].x;
	free(rows);
	names_free(&tn);
	if (!c->keep_files) {
		remove(img);
		remove(err);
	}
	free(img);
	free(err);
	return root;
}

/* Choice 1: the materialised root equals the plain evaluation root[];
 * exits 2 otherwise. */
static void check_root(const struct meld *c, const double *root)
{
	double *mat = xmalloc(NR(c) * NM(c) * NT(c) * sizeof *mat);
	struct sub u = { SIZE_MAX, 0, 0, 0 };
	materialise(c, &u, mat);
	for (size_t j = 0; j < NR(c); j++)
		for (size_t m = 0; m < NM(c); m++)
			for (size_t t = 0; t < NT(c); t++) {
				double a = root[(j * NM(c) + m) * NT(c) + t], b = mat[(j * NM(c) + m) * NT(c) + t];
				if (!(a == b)) {
					fprintf(stderr, "%s: the materialised root differs from the plain evaluation: "
						"run %s topic %s %s: %.17g, not %.17g\n", REF_PROG, c->runs.v[j],
						c->topics.v[t], c->meas.v[m], b, a);
					exit(2);
				}
			}
	free(mat);
}

/* The plain evaluation (names, measures, topics), the root check, and
 * every sub-collection into c->V. */
void evaluate(struct meld *c, const char *qrels, char **runfiles, size_t nrun)
{
	double *root = plain_values(c, qrels, runfiles, nrun);
	check_root(c, root);
	free(root);

	alloc_values(c);
	double *out = xmalloc(NR(c) * NM(c) * NT(c) * sizeof *out);
	for (size_t i = 0; i < c->nmf; i++)
		for (unsigned long s = 1; s <= c->K; s++)
			for (unsigned long b = 1; b <= c->B; b++)
				for (int part = 0; part < 2; part++) {
					struct sub u = { i, s, b, part };
					materialise(c, &u, out);
					for (size_t j = 0; j < NR(c); j++)
						for (size_t m = 0; m < NM(c); m++)
							for (size_t t = 0; t < NT(c); t++)
								VAL(c, i, s, b, part, j, m, t) = out[(j * NM(c) + m) * NT(c) + t];
				}
	free(out);
}
