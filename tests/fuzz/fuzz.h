/*
 * fuzz.h - shared helpers of the libFuzzer targets tests/fuzz/fuzz_NAME.c,
 * built by "make fuzz" with clang -fsanitize=fuzzer,address,undefined.
 *
 * The parsers read files, so an input is written to a file in /dev/shm
 * (or TMPDIR) that each process creates once and rewrites per input.
 */
#ifndef CBEVAL_FUZZ_H
#define CBEVAL_FUZZ_H

#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Write n bytes to the process's k-th scratch file; returns its path. */
static const char *fuzz_file(int k, const uint8_t *data, size_t n)
{
	static char path[4][64];
	static int made[4];
	FILE *f;
	if (!made[k]) {
		const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
		snprintf(path[k], sizeof path[k], "%s/cbeval-fuzz-%ld-%d", dir,
			 (long)getpid(), k);
		made[k] = 1;
	}
	f = fopen(path[k], "wb");
	if (!f)
		abort();
	if (n && fwrite(data, 1, n, f) != n)
		abort();
	fclose(f);
	return path[k];
}

/* Split data at the first "\n%%\n" into two parts (the second may be
 * empty). */
static void fuzz_split(const uint8_t *data, size_t n, size_t *n1,
		       const uint8_t **p2, size_t *n2)
{
	for (size_t i = 0; i + 4 <= n; i++)
		if (memcmp(data + i, "\n%%\n", 4) == 0) {
			*n1 = i + 1;
			*p2 = data + i + 4;
			*n2 = n - i - 4;
			return;
		}
	*n1 = n;
	*p2 = data + n;
	*n2 = 0;
}

#endif
