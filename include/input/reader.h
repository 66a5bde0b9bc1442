/*
 * reader.h - streaming line reader for qrels and run files.
 *
 * Reads a file, standard input ("-") or a gzip file (name ending in ".gz",
 * or gzip data on standard input, decompressed by a spawned "gzip -dc";
 * a UTF-8 byte-order mark is skipped) in 1 MiB blocks, so memory does not
 * grow with the file.  Lines are returned in place, NUL-terminated, with the
 * "\n" (and a "\r" just before it) removed, numbered physically from 1.
 *
 * Batching: every line returned since the last reader_release stays valid,
 * so a caller can keep pointers into several lines.  When the buffer must be
 * recycled, reader_next returns READER_FLUSH instead of a line: the caller
 * finishes with its pending lines, calls reader_release and asks again.
 *
 * A line longer than READER_MAX_LINE bytes is an error, as is a file that is
 * a directory, unreadable, or a .gz that gzip cannot decompress (gzip's own
 * message is passed on), or a file not named .gz that starts with gzip's
 * magic bytes ("gzip data?"), or with those of bzip2, xz, zstd or zip.
 */
#ifndef CBEVAL_READER_H
#define CBEVAL_READER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include "diag.h"

#define READER_MAX_LINE (64 * 1024)

enum { READER_ERROR = -1, READER_EOF = 0, READER_LINE = 1, READER_FLUSH = 2 };

struct reader {
	const char *name;       /* for messages: the path, or "<stdin>" */
	int fd;
	int own_fd;
	int errfd;              /* gzip's standard error, or -1 */
	pid_t child;            /* gzip, or 0 */
	pid_t feeder;           /* what feeds gzip standard input, or 0 */
	char *buf;
	size_t cap, len;        /* bytes buffered */
	size_t pos;             /* start of the next unread line */
	size_t keep;            /* start of the oldest unreleased line */
	unsigned long line;     /* physical number of the last line returned */
	int eof;
};

/* Open path ("-" = standard input).  Returns 0, or -1 with d set (missing,
 * unreadable, a directory, gzip not runnable). */
int reader_open(struct reader *r, const char *path, struct diag *d);
/* The same with blocks of the given size (at least 4 KiB) instead of
 * 1 MiB: for a caller that keeps many files open at once. */
int reader_open_block(struct reader *r, const char *path, size_t block,
		      struct diag *d);
/* Next line: READER_LINE with *line and *len set, READER_FLUSH, READER_EOF, or
 * READER_ERROR with d set.  At EOF a gzip child is reaped and its failure
 * reported as an error. */
int reader_next(struct reader *r, char **line, size_t *len, struct diag *d);
/* Binary reading (the --from-images and --collection files): copy the
 * next n bytes to dst.  Returns the bytes copied (fewer than n only at
 * EOF), or -1 with d set.  Not to be mixed with reader_next on one
 * reader. */
long reader_read(struct reader *r, void *dst, size_t n, struct diag *d);

/* Whether path names a file read through gzip -dc (it ends in ".gz"). */
int reader_gz_name(const char *path);

/* The binary files store integers little-endian: 1 when the host does
 * too (so their bytes can be copied as they are). */
static inline int reader_host_le(void)
{
	const uint64_t one = 1;
	unsigned char c;
	memcpy(&c, &one, 1);
	return c == 1;
}

/* The little-endian integer of the bytes p[0..bytes). */
static inline uint64_t reader_le(const unsigned char *p, int bytes)
{
	uint64_t x = 0;
	for (int i = bytes - 1; i >= 0; i--)
		x = (x << 8) | p[i];
	return x;
}
/* For a caller that scans lines itself, after the first line: the bytes
 * read but not yet returned, *n of them at the pointer returned (they
 * stay until the next call of reader_next); reader_skip then passes over
 * the first bytes of them, which must be whole lines, lines of them, as
 * if reader_next had returned those lines. */
static inline const char *reader_ahead(const struct reader *r, size_t *n)
{
	*n = r->len - r->pos;
	return r->buf + r->pos;
}

static inline void reader_skip(struct reader *r, size_t bytes,
			       unsigned long lines)
{
	r->pos += bytes;
	r->line += lines;
}

/* Allow the buffer space of every line returned so far to be reused. */
void reader_release(struct reader *r);
/* Close the file and reap any child; safe after an error. */
void reader_close(struct reader *r);

#endif
