/*
 * test_xalloc.c - xcalloc_line (xalloc.h): blocks aligned to a cache
 * line, zero-filled over all the bytes asked for, for sizes from none to
 * a few megabytes (below and above the threshold at which the allocator
 * maps a block on its own), and each one writable to its last byte
 * (ASan's build checks that too).
 */
#include "check.h"
#include "xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	static const size_t ns[] = { 0, 1, 7, 8, 63, 64, 65, 1000, 16383,
				     XALLOC_MMAP_THRESHOLD / 8 + 3,
				     (size_t)3 << 20 };
	int misaligned = 0, dirty = 0;
	xalloc_setup();
	for (size_t i = 0; i < sizeof ns / sizeof *ns; i++)
		for (size_t round = 0; round < 3; round++) {
			size_t n = ns[i] + round;
			double *p = xcalloc_line(n, sizeof *p);
			unsigned char *u = (unsigned char *)p;
			misaligned += (uintptr_t)p % XALLOC_LINE != 0;
			for (size_t b = 0; b < n * sizeof *p; b++)
				dirty += u[b] != 0;
			memset(p, 0xa5, n * sizeof *p);
			free(p);
			/* a small block freed and taken again by malloc is
			 * dirty: the next xcalloc_line must still be zero */
			free(malloc(n * sizeof *p + 1));
		}
	CHECK(misaligned == 0, "xcalloc_line: every block starts on a %d-byte line (%d did not)",
	      XALLOC_LINE, misaligned);
	CHECK(dirty == 0, "xcalloc_line: every byte asked for is zero, blocks freed dirty before (%d bytes were not)",
	      dirty);
	return check_exit();
}
