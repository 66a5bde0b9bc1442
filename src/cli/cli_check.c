/*
 * cli_check.c - the usage rules between options (see cli.h): which
 * options need which, which exclude each other.  The rules of the
 * analyses come from their rows (analysis.h, analysis_check.c); these are
 * the rules of the options common to all.  Pure checks on a parsed
 * struct options; the first broken rule is reported, as git does, with
 * the option it concerns first.
 */
#include "analysis.h"
#include "cli_int.h"
#include "reader.h"

#include <string.h>

/* The rules of the selected analysis and of the options that concern
 * every analysis (--top-by, --images, two runs, --pool). */
static int check_analysis(const struct options *o, struct diag *d)
{
	if (o->top_by && !o->top) {
		diag_set(d, "option --top-by needs --top");
		return -1;
	}
	if (analysis_check_rows(o, d) != 0)
		return -1;
	return analysis_check_common(o, d);
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
	if (o->scoring) {
		diag_set(d, "option %s: with --from-images the scoring options, -b and --seed come from the image files",
			 o->scoring);
		return -1;
	}
	if (analysis_check_from(o, d) != 0)
		return -1;
	if (o->range_first) {
		diag_set(d, "option --image-range computes images: not with --from-images");
		return -1;
	}
	if (o->format == FORMAT_TREC) {
		diag_set(d, "option -F trec: the bootstrap summaries are TSV only");
		return -1;
	}
	if (check_svg(o, d) != 0)
		return -1;
	return check_analysis(o, d);
}

/* --image-range: images FIRST..LAST of -b B into an image file; the
 * analyses are computed when the files are merged. */
static int range_check(const struct options *o, struct diag *d)
{
	const char *a = analysis_select(o)->option;
	if (!a)
		a = o->per_topic ? "-q" : o->svg ? "--svg" : NULL;
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
	return 0;
}

/* --ci: the interval of the bootstrap summary and of --pairs (shared
 * spec intervals.md); the other analyses' intervals are their papers'. */
static int ci_check(const struct options *o, struct diag *d)
{
	const char *a = analysis_select(o)->ci_refusal;
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

/* -F trec: the evaluation's layout, not of the analyses' tables. */
static int check_trec(const struct options *o, struct diag *d)
{
	const char *why = analysis_select(o)->trec_refusal;
	if (o->format != FORMAT_TREC || (!why && o->images == 0))
		return 0;
	diag_set(d, "%s", why ? why : "option -F trec: the bootstrap summaries (-b) are TSV only");
	return -1;
}

int cli_check(const struct options *o, struct diag *d)
{
	if (analysis_check_given(o, d) != 0 || analysis_check_one(o, d) != 0)
		return -1;
	if (coll_check(o, d) != 0 || check_gz(o, d) != 0 || ci_check(o, d) != 0)
		return -1;
	if (o->nfrom)
		return from_check(o, d);
	if (o->range_first && range_check(o, d) != 0)
		return -1;
	if (check_trec(o, d) != 0 || check_svg(o, d) != 0)
		return -1;
	return check_analysis(o, d);
}
