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

/* gzip -dc on path, or with path NULL on what comes from the fd in (its
 * standard input), its output to r->fd.  Returns 0, or -1 with d set. */
static int spawn_gzip(struct reader *r, const char *path, int in,
		      struct diag *d)
{
	int fds[2], efds[2];
	posix_spawn_file_actions_t fa;
	char *argv[] = { "gzip", "-dc", "--", (char *)path, NULL };
	int err;
	if (!path)
		argv[2] = NULL;

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
	if (!path) {
		posix_spawn_file_actions_adddup2(&fa, in, 0);
		posix_spawn_file_actions_addclose(&fa, in);
	}
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
			if (spawn_gzip(r, path, -1, d) != 0)
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

/* Write the n bytes at p to fd, whole; 0 or -1. */
static int write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* gzip data on standard input: from now on read what gzip -dc makes of
 * it.  A child process feeds gzip the bytes already read, then the rest
 * of standard input (fork: it only reads and writes, then _exits).
 * Returns 0, or -1 with d set. */
static int stdin_gzip(struct reader *r, struct diag *d)
{
	int in[2];
	pid_t feeder;
	if (pipe(in) != 0) {
		diag_at(d, r->name, 0, "cannot create pipe: %s", strerror(errno));
		return -1;
	}
	feeder = fork();
	if (feeder < 0) {
		diag_at(d, r->name, 0, "cannot fork: %s", strerror(errno));
		close(in[0]);
		close(in[1]);
		return -1;
	}
	if (feeder == 0) {
		char buf[65536];
		ssize_t got;
		close(in[0]);
		if (write_all(in[1], r->buf, r->len) != 0)
			_exit(1);
		while ((got = read(0, buf, sizeof buf)) != 0) {
			if (got < 0 && errno == EINTR)
				continue;
			if (got < 0 || write_all(in[1], buf, (size_t)got) != 0)
				_exit(1);
		}
		_exit(0);
	}
	close(in[1]);
	r->feeder = feeder;
	if (spawn_gzip(r, NULL, in[0], d) != 0) {
		close(in[0]);
		return -1;
	}
	close(in[0]);
	r->len = r->pos = r->keep = 0;
	return 0;
}

/* The magic bytes of compressed data at the start of a file read as
 * text: 1 with d set, else 0. */
static int compressed(const struct reader *r, struct diag *d)
{
	static const struct {
		const char *name, *magic, *cmd;   /* cmd: what decompresses */
		size_t n;
	} kinds[] = {
		{ "bzip2", "BZh", "bzip2 -dc", 3 },
		{ "xz", "\xfd" "7zXZ\0", "xz -dc", 6 },
		{ "zstd", "\x28\xb5\x2f\xfd", "zstd -dc", 4 },
		{ "zip", "PK\x03\x04", "unzip -p", 4 },
	};
	const unsigned char *b = (const unsigned char *)r->buf;
	if (r->len >= 2 && b[0] == 0x1f && b[1] == 0x8b) {
		diag_at(d, r->name, 0,
			"gzip data? (only files named *.gz and standard input are decompressed)");
		return 1;
	}
	for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
		if (r->len >= kinds[i].n && memcmp(b, kinds[i].magic, kinds[i].n) == 0 &&
		    (i != 0 || (r->len > 3 && b[3] >= '1' && b[3] <= '9'))) {
			diag_at(d, r->name, 0,
				"compressed data (%s)? decompress it first, or pipe it to - (%s FILE | cbeval ... -)",
				kinds[i].name, kinds[i].cmd);
			return 1;
		}
	return 0;
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
	if (!r->child && r->line == 0 && r->pos == 0 && r->fd == 0 &&
	    r->len >= 2 && (unsigned char)r->buf[0] == 0x1f &&
	    (unsigned char)r->buf[1] == 0x8b)
		return stdin_gzip(r, d) != 0 ? -1 : fill(r, d);
	if (!r->child && r->line == 0 && r->pos == 0 && compressed(r, d))
		return -1;
	return 1;
}

int reader_next(struct reader *r, char **line, size_t *len, struct diag *d)
{
	for (;;) {
		/* a UTF-8 byte-order mark before the first line is skipped */
		if (r->line == 0 && r->pos == 0 && r->len >= 3 &&
		    memcmp(r->buf, "\xef\xbb\xbf", 3) == 0)
			r->pos = r->keep = 3;
		/* text has no NUL byte: a file with one in its first 4 KiB is
		 * binary, said once rather than on every line */
		if (r->line == 0 && r->pos <= 3 && r->len > 0) {
			size_t n = r->len < 4096 ? r->len : 4096;
			const char *nul = memchr(r->buf, '\0', n);
			if (nul) {
				unsigned long ln = 1;
				const char *bol = r->buf;
				for (const char *q = r->buf; q < nul; q++)
					if (*q == '\n') {
						ln++;
						bol = q + 1;
					}
				diag_at(d, r->name, ln,
					"a NUL byte at column %zu: binary data, not a text file of qrels or run lines",
					(size_t)(nul - bol) + 1);
				return READER_ERROR;
			}
		}
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
	if (r->feeder) {
		int status;
		kill(r->feeder, SIGTERM);
		waitpid(r->feeder, &status, 0);
		r->feeder = 0;
	}
	free(r->buf);
	r->buf = NULL;
}
