/*
 * cli_check.c - the usage rules between options (see cli.h): which
 * options need which, which exclude each other, what needs two runs.
 * Pure checks on a parsed struct options; the first broken rule is
 * reported, as git does, with the option it concerns first.
 */
#include "cli_int.h"
#include "reader.h"

#include <string.h>

/* --pool and --pair-images against the other options (after those of the
 * analyses are checked): 0, or -1 with d set. */
static int check_pools(const struct options *o, struct diag *d)
{
	if (o->pool && (o->sensitivity || o->partitions || o->meld || o->bias)) {
		diag_set(d, "option --pool judges the top documents of bootstrap images: not with %s",
			 o->sensitivity ? "--sensitivity" : o->partitions
			 ? "--partitions" : o->meld ? "--meld"
			 : "--bias (use --against pool:K)");
		return -1;
	}
	if (o->pair_images && !o->pairs) {
		diag_set(d, "option --pair-images needs --pairs");
		return -1;
	}
	if (o->pair_images && strcmp(o->pair_images, "-") == 0) {
		diag_set(d, "option --pair-images -: standard output already carries the --pairs table");
		return -1;
	}
	if (o->pool && o->pairs && o->images_file) {
		diag_set(d, "option --images: with --pairs and --pool each pair has its own pool (see --pair-images)");
		return -1;
	}
	return 0;
}

/* The usage rules of --meld and --mf (shared spec meld.md). */
static int meld_check(const struct options *o, struct diag *d)
{
	if (!o->meld) {
		if (o->nmf)
			diag_set(d, "option --mf needs --meld");
		return o->nmf ? -1 : 0;
	}
	if (o->images == 0)
		diag_set(d, "option --meld needs -b with at least 1 image");
	else if (o->images_file && strcmp(o->images_file, "-") == 0)
		diag_set(d, "option --images -: standard output already carries the --meld table");
	else
		return 0;
	return -1;
}

/* The usage rules of --bias and its options (shared spec bias.md). */
static int bias_check(const struct options *o, struct diag *d)
{
	if (!o->bias) {
		const char *opt = o->nagainst ? "--against" : o->topics
			? "--topics" : o->engineered ? "--engineered" : NULL;
		if (opt)
			diag_set(d, "option %s needs --bias", opt);
		return opt ? -1 : 0;
	}
	if (!o->nagainst) {
		diag_set(d, "option --bias needs at least one --against (a qrels file, a comma list of them, or pool:K)");
		return -1;
	}
	for (size_t i = 0; o->images && i < o->nagainst; i++)
		if (strncmp(o->against[i], "pool:", 5) != 0 &&
		    strchr(o->against[i], ',')) {
			diag_set(d, "option --against %s: replicate qrels files are not with -b (the images are the replicates)",
				 o->against[i]);
			return -1;
		}
	if (o->images_file) {
		diag_set(d, "option --images: not with --bias");
		return -1;
	}
	if (o->format == FORMAT_TREC && !o->images) {
		diag_set(d, "option -F trec: the --bias table is TSV only");
		return -1;
	}
	return 0;
}

/* The analyses that resample topics or split documents (--partitions,
 * --sensitivity) and what they exclude. */
static int check_replicates(const struct options *o, struct diag *d)
{
	if (o->partitions && o->images > 0) {
		diag_set(d, "option --partitions makes its own replicates: not with -b (images of the corpus)");
		return -1;
	}
	if (o->partitions && o->images_file) {
		diag_set(d, "option --images needs -b: not with --partitions");
		return -1;
	}
	if (o->partitions && o->format == FORMAT_TREC) {
		diag_set(d, "option -F trec: the --partitions table is TSV only");
		return -1;
	}
	if (!o->partitions && !o->meld && o->splits) {
		diag_set(d, "option --splits needs --partitions or --meld");
		return -1;
	}
	if (!o->partitions && (o->resamples ||
				(o->randomizations && !o->compare))) {
		diag_set(d, "option %s needs --partitions%s",
			 o->resamples ? "--resamples" : "--randomizations",
			 o->resamples ? "" : " or --compare");
		return -1;
	}
	if (o->sensitivity && o->images > 0) {
		diag_set(d, "option --sensitivity resamples topics: not with -b (images of the corpus)");
		return -1;
	}
	if (o->sensitivity && o->per_topic) {
		diag_set(d, "option -q: --sensitivity has no per-topic rows");
		return -1;
	}
	if (o->sensitivity && o->format == FORMAT_TREC) {
		diag_set(d, "option -F trec: the --sensitivity table is TSV only");
		return -1;
	}
	if (o->samples && !o->sensitivity && !o->bias && !o->compare) {
		diag_set(d, "option -t needs --sensitivity, --bias or --compare");
		return -1;
	}
	return 0;
}

/* The analyses of corpus images (--pairs, --reliability, --images), the
 * runs every comparison needs, and --top-by. */
static int check_images(const struct options *o, struct diag *d)
{
	if (o->top_by && !o->top) {
		diag_set(d, "option --top-by needs --top");
		return -1;
	}
	if (o->pairs && o->images == 0 && !o->nfrom) {
		diag_set(d, "option --pairs needs -b with at least 1 image");
		return -1;
	}
	if (o->reliability && o->images < 2 && !o->nfrom) {
		diag_set(d, "option --reliability needs -b with at least 2 images");
		return -1;
	}
	if (o->reliability && o->per_topic) {
		diag_set(d, "option -q: --reliability has no per-topic rows (its qid column names the topic of per-topic statistics)");
		return -1;
	}
	if ((o->pairs || o->reliability) && o->images_file &&
	    strcmp(o->images_file, "-") == 0) {
		diag_set(d, "option --images -: standard output already carries the %s table",
			 o->pairs ? "--pairs" : "--reliability");
		return -1;
	}
	if (o->images_file && o->images == 0 && !o->nfrom) {
		diag_set(d, "option --images needs -b with at least 1 image");
		return -1;
	}
	if (o->pairs || o->sensitivity || o->partitions || o->meld || o->bias) {
		const char *what = o->pairs ? "--pairs" : o->sensitivity
			? "--sensitivity" : o->partitions ? "--partitions"
			: o->meld ? "--meld" : "--bias";
		/* the runs of --collection are counted when it is read */
		if (o->nruns < 2 && !o->nfrom && !o->collection) {
			diag_set(d, "option %s needs at least 2 runs", what);
			return -1;
		}
		if (o->top == 1) {
			diag_set(d, "option --top 1: %s needs at least 2 runs", what);
			return -1;
		}
	}
	if (check_pools(o, d) != 0)
		return -1;
	return 0;
}

/* --svg draws the TSV table printed on standard output. */
static int check_svg(const struct options *o, struct diag *d)
{
	if (!o->svg)
		return 0;
	if (o->format == FORMAT_TREC)
		diag_set(d, "option --svg: no figure of the -F trec layout (the figure is of the TSV table)");
	else if (o->images_file && strcmp(o->images_file, "-") == 0)
		diag_set(d, "option --svg: no figure with --images - (standard output carries the images, not a table)");
	else
		return 0;
	return -1;
}

/* --from-images: the scores and the images come from the files; only
 * the analyses of corpus images, computed from them. */
static int from_check(const struct options *o, struct diag *d)
{
	const char *other = o->sensitivity ? "--sensitivity" : o->partitions
		? "--partitions" : o->meld ? "--meld" : o->bias ? "--bias" : NULL;
	if (o->scoring) {
		diag_set(d, "option %s: with --from-images the scoring options, -b and --seed come from the image files",
			 o->scoring);
		return -1;
	}
	if (other) {
		diag_set(d, "option %s is not computed from corpus images: not with --from-images",
			 other);
		return -1;
	}
	if (o->range_first) {
		diag_set(d, "option --image-range computes images: not with --from-images");
		return -1;
	}
	if (o->format == FORMAT_TREC) {
		diag_set(d, "option -F trec: the bootstrap summaries are TSV only");
		return -1;
	}
	if (o->pairs && o->reliability) {
		diag_set(d, "options --pairs, --reliability, --sensitivity, --partitions, --meld and --bias each print a table of their own: give one");
		return -1;
	}
	if (check_svg(o, d) != 0)
		return -1;
	return check_images(o, d);
}

/* --image-range: images FIRST..LAST of -b B into an image file; the
 * analyses are computed when the files are merged. */
static int range_check(const struct options *o, struct diag *d)
{
	const char *a = o->pairs ? "--pairs" : o->reliability ? "--reliability"
		: o->sensitivity ? "--sensitivity" : o->partitions
		? "--partitions" : o->meld ? "--meld" : o->bias ? "--bias"
		: o->compare ? "--compare" : o->per_topic ? "-q" : o->svg
		? "--svg" : NULL;
	if (o->range_last > o->images) {
		diag_set(d, "option --image-range %lu-%lu: LAST is more than -b %lu",
			 o->range_first, o->range_last, o->images);
		return -1;
	}
	if (!o->images_file) {
		diag_set(d, "option --image-range needs --images FILE (the image file it writes)");
		return -1;
	}
	if (a) {
		diag_set(d, "option %s: with --image-range nothing is printed (give it to the merge, --from-images)",
			 a);
		return -1;
	}
	return 0;
}

/* The binary files cbeval writes and reads back (--save-collection, the
 * --images file of --image-range) are not compressed: a .gz name would
 * be a file that cannot be read back. */
static int check_gz(const struct options *o, struct diag *d)
{
	const char *opt = o->save_coll && reader_gz_name(o->save_coll)
		? "--save-collection" : o->range_first && o->images_file &&
		reader_gz_name(o->images_file) ? "--images" : NULL;
	if (!opt)
		return 0;
	diag_set(d, "option %s: %s would not be gzip data (cbeval reads .gz files through gzip -dc, but writes no gzip): name it without .gz, and gzip it afterwards",
		 opt, opt[2] == 's' ? o->save_coll : o->images_file);
	return -1;
}

/* --collection reads the loaded inputs from a file; --save-collection
 * writes them.  The analyses that need two runs, or the documents' names
 * of other files, take QRELS and RUN files. */
static int coll_check(const struct options *o, struct diag *d)
{
	const char *a = o->pairs ? "--pairs" : o->sensitivity
		? "--sensitivity" : o->partitions ? "--partitions" : o->meld
		? "--meld" : o->bias ? "--bias" : o->engineered
		? "--engineered" : NULL;
	if (o->save_coll && (o->nfrom || o->collection)) {
		diag_set(d, "option --save-collection: not with %s (it saves what QRELS and RUN files load)",
			 o->nfrom ? "--from-images" : "--collection");
		return -1;
	}
	if (!o->collection)
		return 0;
	if (o->loading) {
		diag_set(d, "option %s: with --collection, -l, -M, --order and --dedup come from the collection file (give them to --save-collection)",
			 o->loading);
		return -1;
	}
	(void)a;
	return 0;
}

/* --ci: the interval of the bootstrap summary and of --pairs (shared
 * spec intervals.md); the other analyses' intervals are their papers'. */
static int ci_check(const struct options *o, struct diag *d)
{
	const char *a = o->reliability ? "--reliability (its held-out and leave-one-out intervals are percentile intervals)"
		: o->sensitivity ? "--sensitivity" : o->partitions
		? "--partitions" : o->meld ? "--meld" : o->bias ? "--bias" : NULL;
	if (!o->ci_given)
		return 0;
	if (a)
		diag_set(d, "option --ci: not with %s", a);
	else if (o->range_first)
		diag_set(d, "option --ci: with --image-range nothing is printed (give it to the merge, --from-images)");
	else if (!o->images && !o->nfrom)
		diag_set(d, "option --ci needs -b (it sets the interval of the bootstrap summary and of --pairs)");
	else
		return 0;
	return -1;
}

int cli_check(const struct options *o, struct diag *d)
{
	if (cli_compare_check(o, d) != 0)
		return -1;
	if (coll_check(o, d) != 0 || check_gz(o, d) != 0 || ci_check(o, d) != 0)
		return -1;
	if (o->nfrom)
		return from_check(o, d);
	if (o->range_first && range_check(o, d) != 0)
		return -1;
	if (o->format == FORMAT_TREC && o->images > 0) {
		diag_set(d, "option -F trec: the bootstrap %s (-b) %s TSV only",
			 o->meld ? "table of --meld" : "summaries",
			 o->meld ? "is" : "are");
		return -1;
	}
	if (o->pairs + o->reliability + o->sensitivity + (o->partitions > 0) +
	    (o->meld != NULL) + o->bias > 1) {
		diag_set(d, "options --pairs, --reliability, --sensitivity, --partitions, --meld and --bias each print a table of their own: give one");
		return -1;
	}
	if (meld_check(o, d) != 0 || bias_check(o, d) != 0 ||
	    check_svg(o, d) != 0)
		return -1;
	return check_replicates(o, d) != 0 || check_images(o, d) != 0 ? -1 : 0;
}
