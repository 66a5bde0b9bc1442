/*
 * meld_room.c - the row of --meld (see analysis.h; computed by meld.c):
 * its options (--meld, --mf, --splits), usage rules, defaults, --help
 * lines, and its own input, the labels (meld_labels.h).  --mf is a few
 * meld factors.
 */
#include "lex.h"
#include "meld.h"
#include "meld_labels.h"
#include "room.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

static int print_meld(FILE *f, const struct analysis_in *in)
{
	struct meld_opts mo;
	mo.mf = in->o->mf;
	mo.mf_text = (const char *const *)in->o->mf_text;
	mo.nmf = in->o->nmf;
	mo.K = in->o->splits;
	mo.B = in->o->images;
	mo.seed = in->o->seed;
	mo.decimals = in->o->decimals;
	mo.progress = in->progress;
	mo.pool = in->pool;
	mo.images = in->images;
	mo.warn = in->warn;
	return meld_print(f, in->s, in->extra, &mo);
}

static int set_meld(struct options *o, const char *v, struct diag *d)
{
	if (!*v || strcmp(v, "-") == 0) {
		diag_set(d, "option --meld: %s (a labels file or 'rank')",
			 *v ? "the labels cannot come from standard input"
			    : "empty file name");
		return -1;
	}
	o->meld = v;
	return 0;
}

/* --mf LIST: comma-separated decimals in [0, 1], no empty element and no
 * value twice; each kept as written, for the output. */
static int set_mf(struct options *o, const char *v, struct diag *d)
{
	size_t n = 1;
	char *p;
	free(o->mf_buf);
	free(o->mf_text);
	free(o->mf);
	for (const char *q = v; *q; q++)
		n += *q == ',';
	o->mf_buf = xstrdup(v);
	o->mf_text = xcalloc(n, sizeof *o->mf_text);
	o->mf = xcalloc(n, sizeof *o->mf);
	o->nmf = n;
	p = o->mf_buf;
	for (size_t k = 0; k < n; k++) {
		char *comma = strchr(p, ',');
		const char *why = "out of range";
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		double x;
		if (comma)
			*comma = '\0';
		if (len == 0) {
			diag_set(d, "option --mf: '%s' has an empty element", v);
			return -1;
		}
		if (lex_double(p, len, &x, &why) != 0 || !(x >= 0 && x <= 1)) {
			diag_set(d, "option --mf: '%s' is %s (expected a decimal from 0 to 1)",
				 p, why);
			return -1;
		}
		for (size_t i = 0; i < k; i++)
			if (o->mf[i] == x) {
				diag_set(d, "option --mf: '%s' and '%s' are the same meld factor",
					 o->mf_text[i], p);
				return -1;
			}
		o->mf_text[k] = p;
		o->mf[k] = x;
		p += len + 1;
	}
	return 0;
}

static int sel_meld(const struct options *o)
{
	return o->meld != NULL;
}

static int check_meld(const struct options *o, int sel, struct diag *d)
{
	if (!sel)
		return 0;
	if (o->images == 0) {
		diag_set(d, "option --meld needs -b with at least 1 image");
		return -1;
	}
	return analysis_images_stdout(o, "--meld", d);
}

static int defaults_meld(struct options *o, struct diag *d)
{
	if (!o->splits)
		o->splits = 10;
	return o->nmf ? 0 : set_mf(o, "1.0,0.8,0.6,0.4,0.2,0.0", d);
}

static void *labels_new(const struct options *o)
{
	struct meld_labels *ml = xcalloc(1, sizeof *ml);
	meld_labels_init(ml, o->meld);
	return ml;
}

/* A labels file is read, and attached to the documents. */
static int labels_load(void *x, const struct collection *c,
		       const struct options *o, const struct qrels_opts *qo,
		       struct warnings *w, struct diag *d)
{
	(void)o;
	(void)qo;
	(void)w;
	if (meld_labels_read(x, d) != 0)
		return -1;
	meld_labels_attach(x, c);
	return 0;
}

/* The Rank labelling (no labels file) reads the runs kept by --top. */
static const struct run *labels_runs(void *x, const struct collection *c,
				     const struct options *o,
				     const struct run *kept, size_t *n)
{
	struct meld_labels *ml = x;
	(void)o;
	if (!ml->path)
		meld_labels_rank(ml, c, kept, *n);
	return kept;
}

static void labels_free(void *x, size_t nkept)
{
	(void)nkept;
	meld_labels_release(x);
	free(x);
}

static const struct analysis_opt meld_opts[] = {
	{ .name = "--meld", .arg = "LABELS|rank", .set = set_meld },
	{ .name = "--mf", .arg = "LIST", .set = set_mf },
	{ .name = "--splits", .arg = "K", .set = room_set_splits },
};

const struct analysis room_meld = {
	.name = "meld",
	.option = "--meld",
	.input = IN_OWN,
	.flags = AN_TWO_RUNS | AN_DOCNOS,
	.pool_refusal = "--meld",
	.ci_refusal = "--meld",
	.trec_refusal = "option -F trec: the bootstrap table of --meld (-b) is TSV only",
	.opts = meld_opts,
	.nopts = sizeof meld_opts / sizeof *meld_opts,
	.help = "  --meld LABELS   with -b: predictivity (Rashidi, Zobel & Moffat): documents\n"
		"                  labelled L or R (LABELS: lines 'docno L|R'; or 'rank':\n"
		"                  by the runs' shallowest rank against its median), labels\n"
		"                  melded, each sub-collection bootstrapped; self-comparison\n"
		"                  p-values and non-support of pairs significant on L\n"
		"  --mf LIST       with --meld: meld factors (default 1.0,0.8,0.6,0.4,0.2,0.0)\n",
	.columns = "--meld: measure mf statistic value",
	.selected = sel_meld,
	.check = check_meld,
	.defaults = defaults_meld,
	.extra_new = labels_new,
	.extra_load = labels_load,
	.extra_runs = labels_runs,
	.extra_free = labels_free,
	.print = print_meld,
	.figure = fig_meld,
};
