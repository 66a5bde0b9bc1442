/*
 * reader.c - streaming line reader (see reader.h).
 *
 * Buffer policy: the buffer starts at 1 MiB and grows only to hold one line
 * of up to READER_MAX_LINE bytes plus the unreleased lines the caller keeps,
 * so memory is bounded by the caller's batch, not by the file.
 */
#define _POSIX_C_SOURCE 200809L
#include "reader.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define BLOCK (1024 * 1024)

int reader_gz_name(const char *path)
{
	size_t n = strlen(path);
	return n > 3 && strcmp(path + n - 3, ".gz") == 0;
}

static int spawn_gzip(struct reader *r, const char *path, struct diag *d)
{
	int fds[2], efds[2];
	posix_spawn_file_actions_t fa;
	char *argv[] = { "gzip", "-dc", "--", (char *)path, NULL };
	int err;

	if (pipe(fds) != 0) {
		diag_at(d, r->name, 0, "cannot create pipe: %s", strerror(errno));
		return -1;
	}
	if (pipe(efds) != 0) {
		diag_at(d, r->name, 0, "cannot create pipe: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	/* gzip's standard error goes to a pipe of its own, read when gzip
	 * has ended, so that its message ("unexpected end of file") can be
	 * passed on. */
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
	posix_spawn_file_actions_adddup2(&fa, efds[1], 2);
	posix_spawn_file_actions_addclose(&fa, fds[0]);
	posix_spawn_file_actions_addclose(&fa, fds[1]);
	posix_spawn_file_actions_addclose(&fa, efds[0]);
	posix_spawn_file_actions_addclose(&fa, efds[1]);
	err = posix_spawnp(&r->child, "gzip", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fds[1]);
	close(efds[1]);
	if (err) {
		close(fds[0]);
		close(efds[0]);
		r->child = 0;
		diag_at(d, r->name, 0,
			"cannot run gzip to read a .gz file: %s (is gzip installed?)",
			strerror(err));
		return -1;
	}
	r->fd = fds[0];
	r->errfd = efds[0];
	r->own_fd = 1;
	return 0;
}

/* The first line of what gzip wrote to its standard error, into out
 * (empty if nothing); closes the pipe. */
static void gzip_message(struct reader *r, char *out, size_t outsz)
{
	size_t n = 0;
	out[0] = '\0';
	if (r->errfd < 0)
		return;
	for (;;) {
		ssize_t got = read(r->errfd, out + n, outsz - 1 - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		n += (size_t)got;
		if (n == outsz - 1)
			break;
	}
	out[n] = '\0';
	/* gzip starts some messages with a newline: take the first line
	 * with text. */
	{
		size_t lead = strspn(out, "\r\n");
		memmove(out, out + lead, n - lead + 1);
	}
	out[strcspn(out, "\r\n")] = '\0';
	close(r->errfd);
	r->errfd = -1;
}

int reader_open(struct reader *r, const char *path, struct diag *d)
{
	return reader_open_block(r, path, BLOCK, d);
}

int reader_open_block(struct reader *r, const char *path, size_t block,
		      struct diag *d)
{
	struct stat st;
	memset(r, 0, sizeof *r);
	r->fd = -1;
	r->errfd = -1;
	r->name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	if (strcmp(path, "-") == 0) {
		r->fd = 0;
	} else {
		if (stat(path, &st) != 0) {
			diag_at(d, r->name, 0, "cannot open: %s", strerror(errno));
			return -1;
		}
		if (S_ISDIR(st.st_mode)) {
			diag_at(d, r->name, 0, "is a directory, not a file");
			return -1;
		}
		if (reader_gz_name(path)) {
			/* Check readability ourselves: gzip's own message is hidden. */
			int fd = open(path, O_RDONLY);
			if (fd < 0) {
				diag_at(d, r->name, 0, "cannot open: %s",
					strerror(errno));
				return -1;
			}
			close(fd);
			if (spawn_gzip(r, path, d) != 0)
				return -1;
		} else {
			r->fd = open(path, O_RDONLY);
			if (r->fd < 0) {
				diag_at(d, r->name, 0, "cannot open: %s",
					strerror(errno));
				return -1;
			}
			r->own_fd = 1;
		}
	}
	/* A small regular file needs no 1 MiB buffer; the buffer still grows
	 * when a line needs it. */
	r->cap = block < 4096 ? 4096 : block;
	if (r->fd > 0 && !r->child && fstat(r->fd, &st) == 0 &&
	    S_ISREG(st.st_mode) && (size_t)st.st_size < r->cap)
		r->cap = st.st_size < 4096 ? 4096 : (size_t)st.st_size + 1;
	r->buf = xmalloc(r->cap + 1);
	return 0;
}

static int reap(struct reader *r, struct diag *d)
{
	int status;
	char msg[300];
	pid_t c = r->child;
	r->child = 0;
	gzip_message(r, msg, sizeof msg);
	while (waitpid(c, &status, 0) < 0) {
		if (errno != EINTR) {
			diag_at(d, r->name, 0, "cannot wait for gzip: %s",
				strerror(errno));
			return -1;
		}
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		diag_at(d, r->name, 0,
			"cannot run gzip to read a .gz file (is gzip installed?)");
	else if (msg[0])
		diag_at(d, r->name, 0, "cannot decompress: %s", msg);
	else
		diag_at(d, r->name, 0,
			"cannot decompress: not a valid gzip file (gzip exit status %d)",
			WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return -1;
}

/* One read(2) of up to n bytes into dst: the bytes read, 0 at EOF (the
 * reader is then at its end and any gzip child reaped), or -1 with d
 * set. */
static ssize_t read_into(struct reader *r, char *dst, size_t n,
			 struct diag *d)
{
	ssize_t got;
	for (;;) {
		got = read(r->fd, dst, n);
		if (got >= 0)
			break;
		if (errno == EINTR)
			continue;
		diag_at(d, r->name, r->line + 1, "read error: %s",
			strerror(errno));
		return -1;
	}
	if (got == 0) {
		r->eof = 1;
		if (r->child && reap(r, d) != 0)
			return -1;
	}
	return got;
}

/* Read more bytes; returns 1 if some were read, 0 at EOF, -1 on error. */
static int fill(struct reader *r, struct diag *d)
{
	ssize_t got;
	if (r->keep > 0) {
		memmove(r->buf, r->buf + r->keep, r->len - r->keep);
		r->len -= r->keep;
		r->pos -= r->keep;
		r->keep = 0;
	}
	if (r->len == r->cap) {
		r->cap = size_mul(r->cap, 2);
		r->buf = xrealloc(r->buf, size_add(r->cap, 1));
	}
	got = read_into(r, r->buf + r->len, r->cap - r->len, d);
	if (got <= 0)
		return (int)got;
	r->len += (size_t)got;
	/* gzip's magic bytes at the start of a file read as text. */
	if (!r->child && r->line == 0 && r->pos == 0 && r->len >= 2 &&
	    (unsigned char)r->buf[0] == 0x1f && (unsigned char)r->buf[1] == 0x8b) {
		diag_at(d, r->name, 0,
			"gzip data? (only files named *.gz are decompressed)");
		return -1;
	}
	return 1;
}

int reader_next(struct reader *r, char **line, size_t *len, struct diag *d)
{
	for (;;) {
		char *start = r->buf + r->pos;
		size_t avail = r->len - r->pos;
		char *nl = memchr(start, '\n', avail);
		size_t n;
		if (!nl && !r->eof) {
			if (avail > READER_MAX_LINE) {
				diag_at(d, r->name, r->line + 1,
					"line longer than %d bytes",
					READER_MAX_LINE);
				return READER_ERROR;
			}
			/* Need more bytes: the unreleased lines would move. */
			if (r->keep < r->pos)
				return READER_FLUSH;
			if (fill(r, d) < 0)
				return READER_ERROR;
			continue;
		}
		if (!nl) {
			/* EOF: a last line without a newline still counts. */
			if (avail == 0)
				return READER_EOF;
			if (avail > READER_MAX_LINE) {
				diag_at(d, r->name, r->line + 1,
					"line longer than %d bytes",
					READER_MAX_LINE);
				return READER_ERROR;
			}
			n = avail;
			r->pos = r->len;
		} else {
			n = (size_t)(nl - start);
			if (n > READER_MAX_LINE) {
				diag_at(d, r->name, r->line + 1,
					"line longer than %d bytes",
					READER_MAX_LINE);
				return READER_ERROR;
			}
			r->pos += n + 1;
		}
		if (n > 0 && start[n - 1] == '\r')
			n--;
		start[n] = '\0';
		r->line++;
		*line = start;
		*len = n;
		return READER_LINE;
	}
}

long reader_read(struct reader *r, void *dst, size_t n, struct diag *d)
{
	size_t got = 0;
	while (got < n) {
		size_t avail = r->len - r->pos, take;
		if (avail == 0) {
			if (r->eof)
				break;
			if (n - got >= r->cap) {
				/* A large read goes straight to dst. */
				ssize_t k = read_into(r, (char *)dst + got,
						      n - got, d);
				if (k < 0)
					return -1;
				got += (size_t)k;
				continue;
			}
			r->keep = r->pos;
			if (fill(r, d) < 0)
				return -1;
			continue;
		}
		take = avail < n - got ? avail : n - got;
		memcpy((char *)dst + got, r->buf + r->pos, take);
		r->pos += take;
		got += take;
	}
	return (long)got;
}

void reader_release(struct reader *r)
{
	r->keep = r->pos;
}

void reader_close(struct reader *r)
{
	if (r->own_fd && r->fd >= 0)
		close(r->fd);
	r->fd = -1;
	if (r->errfd >= 0)
		close(r->errfd);
	r->errfd = -1;
	if (r->child) {
		int status;
		kill(r->child, SIGTERM);
		waitpid(r->child, &status, 0);
		r->child = 0;
	}
	free(r->buf);
	r->buf = NULL;
}
