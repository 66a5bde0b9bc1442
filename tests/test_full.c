/*
 * test_full.c - the layout of the kept values (boot.h, boot_full_at,
 * boot_full_size, boot_full_row): over shapes of 1 to 3 slots, 1 to 7
 * topics, 1 to 5 runs and 1 to 200 images (block sizes and their
 * remainders), every (slot, topic, run, image) has its own place inside
 * the size, one run's block of images in every topic is one stretch of
 * topics x BOOT_FULL_BLOCK doubles starting at a multiple of
 * BOOT_FULL_BLOCK, and boot_full_row gives back each row as written.
 */
#include "boot.h"
#include "check.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	static const size_t nimgs[] = { 1, 2, 63, 64, 65, 100, 128, 129, 200 };
	long bad_place = 0, bad_block = 0, bad_row = 0;
	double *row = xcalloc(200, sizeof *row);
	for (size_t ns = 1; ns <= 3; ns++)
		for (size_t nt = 1; nt <= 7; nt += 3)
			for (size_t S = 1; S <= 5; S += 2)
				for (size_t q = 0; q < sizeof nimgs / sizeof *nimgs; q++) {
		size_t nimg = nimgs[q], size = boot_full_size(ns, nt, S, nimg);
		double *full = xcalloc(size, sizeof *full);
		unsigned char *seen = xcalloc(size, 1);
		for (size_t k = 0; k < ns; k++)
			for (size_t t = 0; t < nt; t++)
				for (size_t r = 0; r < S; r++)
					for (size_t b = 0; b < nimg; b++) {
			size_t at = boot_full_at(nt, S, nimg, k, t, r, b);
			size_t blk0 = boot_full_at(nt, S, nimg, k, 0, r,
						   b - b % BOOT_FULL_BLOCK);
			if (at >= size || seen[at]++) {
				bad_place++;
				continue;
			}
			/* the block of run r: topics x BOOT_FULL_BLOCK doubles
			 * from a multiple of BOOT_FULL_BLOCK */
			bad_block += blk0 % BOOT_FULL_BLOCK != 0 ||
				     at != blk0 + t * BOOT_FULL_BLOCK + b % BOOT_FULL_BLOCK;
			full[at] = (double)(((k * 10 + t) * 10 + r) * 1000 + b);
		}
		for (size_t k = 0; k < ns; k++)
			for (size_t t = 0; t < nt; t++)
				for (size_t r = 0; r < S; r++) {
					boot_full_row(full, nt, S, nimg, k, t, r, row);
					for (size_t b = 0; b < nimg; b++)
						bad_row += row[b] != (double)(((k * 10 + t) * 10 + r) * 1000 + b);
				}
		free(full);
		free(seen);
	}
	CHECK(bad_place == 0, "boot_full_at: every value of 243 shapes has a place of its own within boot_full_size (%ld do not)",
	      bad_place);
	CHECK(bad_block == 0, "boot_full_at: a run's block of images is its topics' rows of BOOT_FULL_BLOCK side by side, from a multiple of BOOT_FULL_BLOCK (%ld values elsewhere)",
	      bad_block);
	CHECK(bad_row == 0, "boot_full_row gives back every row as written (%ld values differ)",
	      bad_row);
	free(row);
	return check_exit();
}
