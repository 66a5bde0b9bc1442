/*
 * boot.h - the corpus bootstrap: score every topic in images 0..B and
 * summarise (the "image" and "summarise" steps of the pipeline).
 *
 * Work is topic-major: for one topic, images 0..B are scored in parallel
 * chunks (each worker with its own scratch, so no allocation per image),
 * the per-image values land in a [run][slot][image] block, are added in
 * topic order to the per-image sums behind the "all" rows (divided by the
 * number of topics except for sum_over_topics measures; so results are
 * the same for every thread count), optionally written to --images, and
 * with -q summarised.  Memory is O(runs x slots x B), independent of the
 * number of topics: 129 runs x 7 slots x 1001 images is 7 MB per block.
 *
 * The block of a topic comes from scoring or, for --from-images, from
 * the image files (a source, imgfile.h); all that follows is the same
 * code, so a merge prints the bytes of the single run.  --image-range
 * scores the root and a range of images only and writes the blocks to
 * an image file instead.
 */
#ifndef CBEVAL_BOOT_H
#define CBEVAL_BOOT_H

#include <stdio.h>

#include "diag.h"
#include "interval.h"
#include "pool.h"
#include "score.h"

/* Columns of a summary row, in output order after run, qid, measure. */
enum {
	ST_ROOT, ST_MEAN, ST_BIAS, ST_SD, ST_CI_LO, ST_Q25, ST_MEDIAN, ST_Q75, ST_CI_HI,
	ST_RANK, ST_RANK_MIN, ST_RANK_Q25, ST_RANK_MEDIAN, ST_RANK_Q75,
	ST_RANK_MAX, ST_N
};

struct boot_opts {
	unsigned long B;
	struct pool *pool;      /* the threads */
	int per_topic;          /* keep per-topic summaries (-q) */
	FILE *images;           /* --images stream, or NULL */
	int progress;           /* print progress on stderr */
	int keep;               /* keep every per-topic value (--pairs, --reliability) */
	enum ci_method ci;      /* the interval of ci_lo and ci_hi (--ci) */
	/* --image-range: score only the root and images first..last, and
	 * write them to images as an image file (imgfile.h) instead of the
	 * table; nothing is summarised.  first = 0: images 1..B. */
	unsigned long first, last;
	/* Where each topic's values v[run][slot][0..B] come from: NULL to
	 * score them, or a reader of image files (imgset_topic) that fills
	 * them or returns -1 with d set; everything after is the same. */
	int (*source)(void *ctx, size_t topic, double *v, struct diag *d);
	void *source_ctx;
};

struct boot_result {
	double *all;            /* [run][slot][ST_N] */
	double *topic;          /* [run][topic][slot][ST_N] with per_topic */
	double *sys;            /* [run][slot][B+1]: per-image means over topics
				   (sums for measures with sum_over_topics) */
	double *full;           /* with keep, else NULL: every value, in
				   blocks of images (boot_full_at) */
};

/* The kept values (boot_result.full) in blocks of BOOT_FULL_BLOCK
 * consecutive images: [slot][block][run][topic][BOOT_FULL_BLOCK], the
 * last block padded with zeros.  One run's values of a block of images in every
 * topic are together (25.6 KB at 50 topics), as --pairs reads them,
 * each block on a cache line of its own (xmalloc_line); a run's row of
 * one topic is read piece by piece (boot_full_row). */
#define BOOT_FULL_BLOCK 64

/* Doubles the kept values of ns slots, nt topics, nruns runs and nimg
 * images take (exits when that overflows). */
size_t boot_full_size(size_t ns, size_t nt, size_t nruns, size_t nimg);

/* Where the value of slot k, topic t, run r and image b is in the kept
 * values of nt topics, nruns runs and nimg images. */
static inline size_t boot_full_at(size_t nt, size_t nruns, size_t nimg,
				  size_t k, size_t t, size_t r, size_t b)
{
	size_t nblk = (nimg + BOOT_FULL_BLOCK - 1) / BOOT_FULL_BLOCK;
	return (((k * nblk + b / BOOT_FULL_BLOCK) * nruns + r) * nt + t) *
	       BOOT_FULL_BLOCK + b % BOOT_FULL_BLOCK;
}

/* Run r's values of topic t in slot k, images 0..nimg-1, from the kept
 * values full into dst (nimg doubles). */
void boot_full_row(const double *full, size_t nt, size_t nruns, size_t nimg,
		   size_t k, size_t t, size_t r, double *dst);

/* The other way: images b .. b + n - 1 of run r, topic t, slot k into
 * the kept values full, image b + i from x[i * stride]; a stretch of
 * consecutive doubles per block of images.  With the row's last image
 * (b + n = nimg), the zeros of its padding too: the table is allocated
 * without zeroing, and each byte written once. */
void boot_full_put(double *full, size_t nt, size_t nruns, size_t nimg,
		   size_t k, size_t t, size_t r, size_t b, size_t n,
		   const double *x, size_t stride);

/* Run the bootstrap.  Returns 0, or -1 with d set when writing --images
 * or the source failed.  Caller releases r with boot_result_release. */
int boot_run(const struct scorer *s, const struct boot_opts *o,
	     struct boot_result *r, struct diag *d);
void boot_result_release(struct boot_result *r);

/* Summarise values v[cell][B+1] (image 0 = root) of nruns x nslots cells
 * into rows[cell][ST_N]: bias = mean - root, ci_lo and ci_hi by method
 * ci (interval.h; NaN where it is NA); ranks compare runs within each
 * slot and image.  Exported for tests. */
void boot_summarise(const double *v, size_t nruns, size_t nslots,
		    unsigned long B, enum ci_method ci, struct pool *pool,
		    double *rows);

#endif
