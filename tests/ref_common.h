/*
 * tests/ref_common.h - what the slow reference programs of the tests
 * (ref_sensitivity.c, ref_partitions.c, ref_meld.c, ref_bias.c,
 * ref_pools.c) share: allocation that dies on failure, their own copy of
 * the random draws of the specification (draws.md), Student's t p-value
 * by the power series of the regularized incomplete beta (DLMF 8.17.8),
 * written independently of cbeval's src/stats.c, the image function of
 * the manual page in doubles, and the small file and process helpers
 * with which they read inputs and run plain cbeval (ref_score).  It
 * includes no project header, so the references stay independent of the
 * code they check.  What they share beyond these static inline helpers
 * (name sets, line, --values and --images readers) is compiled into each
 * of them from tests/parts/ref_shared/.  Define REF_PROG (the program's name for messages)
 * before including it.
 */
#ifndef REF_COMMON_H
#define REF_COMMON_H

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static inline void die(const char *msg, const char *arg)
{
	fprintf(stderr, "%s: %s%s%s\n", REF_PROG, msg, arg ? ": " : "", arg ? arg : "");
	exit(2);
}

static inline void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die("out of memory", NULL);
	return p;
}

static inline void *xcalloc(size_t n, size_t s)
{
	void *p = calloc(n ? n : 1, s ? s : 1);
	if (!p)
		die("out of memory", NULL);
	return p;
}

static inline void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory", NULL);
	return p;
}

static inline char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = xmalloc(n);
	memcpy(p, s, n);
	return p;
}

/* A whole number from lo to hi on the command line (what names it), or
 * exit with REF_USAGE_STATUS (2 unless the program defines it before
 * including this file). */
#ifndef REF_USAGE_STATUS
#define REF_USAGE_STATUS 2
#endif
static inline unsigned long long num_arg(const char *s, unsigned long long lo,
					 unsigned long long hi, const char *what)
{
	char *end;
	unsigned long long x;
	errno = 0;
	if (*s == '-' || *s == '+') {
		fprintf(stderr, "%s: bad number: %s\n", REF_PROG, what);
		exit(REF_USAGE_STATUS);
	}
	x = strtoull(s, &end, 10);
	if (end == s || *end || errno || x < lo || x > hi) {
		fprintf(stderr, "%s: bad number: %s\n", REF_PROG, what);
		exit(REF_USAGE_STATUS);
	}
	return x;
}

/* ---- the draws of draws.md (own copy) ---------------------------------- */

static inline uint64_t mix(uint64_t z)
{
	z ^= z >> 30;
	z *= 0xbf58476d1ce4e5b9ULL;
	z ^= z >> 27;
	z *= 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline uint64_t fnv(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h;
}

static inline uint64_t word(uint64_t seed, uint64_t stream, const uint64_t *idx, int k)
{
	uint64_t z = mix((seed * 0x9e3779b97f4a7c15ULL) ^ (stream * 0xd1b54a32d192ed03ULL));
	for (int i = 0; i < k; i++)
		z = mix(z + idx[i]);
	return z;
}

static inline uint64_t docword(uint64_t seed, uint64_t stream, const char *docno,
			       size_t len, const uint64_t *idx, int k)
{
	return mix(fnv(docno, len) ^ word(seed, stream, idx, k));
}

static inline double uniform(uint64_t w) { return (double)(w >> 11) * ldexp(1.0, -53); }
static inline uint64_t windex(uint64_t w, uint64_t n) { return w % n; }
static inline unsigned wbit(uint64_t w) { return (unsigned)(w >> 63); }

/* k of the docno (len bytes) in image b of seed (b = 0: the root, 1):
 * the image function of the manual page (THE BOOTSTRAP IMAGE), u against
 * the Poisson(1) CDF summed in doubles, not cbeval's integer thresholds. */
static inline unsigned ref_image_k(const char *docno, size_t len, uint64_t seed,
				   uint64_t b)
{
	uint64_t key = mix(seed * 0x9e3779b97f4a7c15ULL + b);
	double u = (double)(mix(fnv(docno, len) ^ key) >> 11) * ldexp(1.0, -53);
	double t = exp(-1.0), F = t;
	unsigned k = 0;
	if (b == 0)
		return 1;
	while (!(u < F)) {
		k++;
		t = t / (double)k;
		F = F + t;
	}
	return k;
}

/* ---- Student's t ------------------------------------------------------------ */

/*
 * I_x(a, b) by the power series of DLMF 8.17.8:
 *   I_x(a,b) = x^a y^b / (a B(a,b)) * sum_k (a+b)_k / (a+1)_k x^k,  y = 1-x,
 * every term positive.  Called with x <= (a+1)/(a+b+2).
 */
static inline double ibeta_series(double x, double y, double a, double b)
{
	double lpre = a * log(x) + b * log(y) - log(a) -
		      (lgamma(a) + lgamma(b) - lgamma(a + b));
	double term = 1, sum = 1;
	for (long k = 0; k < 100000000L; k++) {
		term *= (a + b + (double)k) / (a + 1 + (double)k) * x;
		sum += term;
		if (term <= sum * 1e-17)
			break;
	}
	return exp(lpre) * sum;
}

/* Two-sided p of Student's t with df degrees of freedom:
 * p = I_x(df/2, 1/2), x = df / (df + t^2). */
static inline double tpval(double t, double df)
{
	if (isinf(t))
		return 0;
	if (t == 0)
		return 1;
	double a = df / 2, b = 0.5, t2 = t * t;
	double x = df / (df + t2), y = t2 / (df + t2);
	if (x <= (a + 1) / (a + b + 2))
		return ibeta_series(x, y, a, b);
	return 1 - ibeta_series(y, x, b, a);
}


/* ---- files and processes -------------------------------------------------- */

/* fopen, or die naming the file. */
static inline FILE *xfopen(const char *path, const char *mode)
{
	FILE *f = fopen(path, mode);
	if (!f)
		die("cannot open", path);
	return f;
}

/* fclose a file written, or die on a write error. */
static inline void xfclose(FILE *f, const char *path)
{
	if (ferror(f) || fclose(f))
		die("write error", path);
}

/* Drop the line end ("\n", "\r\n") of a line of *len bytes. */
static inline void chomp(char *line, ssize_t *len)
{
	while (*len > 0 && (line[*len - 1] == '\n' || line[*len - 1] == '\r'))
		line[--*len] = 0;
}

/* Split line at tabs into f[0..max): the number of fields, or max + 1
 * when there are more. */
static inline int split_tabs(char *line, char **f, int max)
{
	int n = 0;
	f[n++] = line;
	for (char *p = line; *p; p++)
		if (*p == '\t') {
			*p = 0;
			if (n == max)
				return max + 1;
			f[n++] = p + 1;
		}
	return n;
}

/* Split line at runs of blanks (space, tab, CR, LF) into f[0..max): the
 * number of fields, or max + 1 when there are more. */
static inline int fields(char *line, char **f, int max)
{
	int n = 0;
	char *p = line;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			p++;
		if (!*p)
			return n;
		if (n == max)
			return max + 1;
		f[n++] = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
			p++;
		if (*p)
			*p++ = 0;
	}
}

/* qsort: doubles ascending. */
static inline int cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return (a > b) - (a < b);
}

/* Type-7 quantile of sorted v[0..n-1] (n >= 1): h = (n-1) p,
 * v[floor h] + (h - floor h) (v[floor h + 1] - v[floor h]). */
static inline double ref_q7(const double *v, size_t n, double p)
{
	double h = (double)(n - 1) * p;
	size_t lo = (size_t)floor(h);
	if (lo + 1 >= n)
		return v[n - 1];
	return v[lo] + (h - (double)lo) * (v[lo + 1] - v[lo]);
}

/* 1 when s is one or more ASCII digits. */
static inline int all_digits(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

/* 1 for an output named "....residual" (RBP's residual). */
static inline int is_residual(const char *name)
{
	size_t n = strlen(name), k = strlen(".residual");
	return n >= k && strcmp(name + n - k, ".residual") == 0;
}

/* Run argv with stdout to /dev/null and stderr to errpath; its exit
 * status (128 when it did not exit). */
static inline int run_cmd(char **argv, const char *errpath)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0)
		die("fork failed", NULL);
	if (pid == 0) {
		int o = open("/dev/null", O_WRONLY), e = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (o < 0 || e < 0)
			_exit(127);
		dup2(o, 1);
		dup2(e, 2);
		execv(argv[0], argv);
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			die("waitpid failed", NULL);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* The options of the plain cbeval runs a reference makes, as its own
 * command line gave them (NULL or 0: not given). */
struct ref_opts {
	const char *cbeval;             /* the binary */
	char **mspecs;                  /* -m, nmspecs of them */
	int nmspecs;
	const char *l, *M, *order;      /* -l, -M, --order */
	int dedup;                      /* --dedup */
};

static inline void show_file(const char *path);

/* Score qrels and the nrun run files with plain cbeval into the --images
 * file img (-b 1, -j 1, with -q when per_topic), with o's options; files
 * a reference wrote out already cut and in order (materialised) get
 * --order file instead of o's -M and --order.  Exits 2 with cbeval's
 * messages (kept in errpath) when it fails. */
static inline void ref_score(const struct ref_opts *o, const char *qrels,
			     char **runfiles, size_t nrun, const char *img,
			     const char *errpath, int per_topic, int materialised)
{
	char **argv = xmalloc((24 + 2 * (size_t)o->nmspecs + nrun) * sizeof *argv);
	size_t n = 0;
	argv[n++] = (char *)o->cbeval;
	argv[n++] = "-b";
	argv[n++] = "1";
	argv[n++] = "--images";
	argv[n++] = (char *)img;
	argv[n++] = "-j";
	argv[n++] = "1";
	if (per_topic)
		argv[n++] = "-q";
	for (int i = 0; i < o->nmspecs; i++) {
		argv[n++] = "-m";
		argv[n++] = o->mspecs[i];
	}
	if (o->l) {
		argv[n++] = "-l";
		argv[n++] = (char *)o->l;
	}
	if (materialised) {
		argv[n++] = "--order";
		argv[n++] = "file";
	} else {
		if (o->M) {
			argv[n++] = "-M";
			argv[n++] = (char *)o->M;
		}
		if (o->order) {
			argv[n++] = "--order";
			argv[n++] = (char *)o->order;
		}
	}
	if (o->dedup)
		argv[n++] = "--dedup";
	argv[n++] = "--";
	argv[n++] = (char *)qrels;
	for (size_t i = 0; i < nrun; i++)
		argv[n++] = runfiles[i];
	argv[n] = NULL;
	int rc = run_cmd(argv, errpath);
	if (rc != 0) {
		fprintf(stderr, "%s: %s exited with status %d on %s:\n", REF_PROG,
			o->cbeval, rc, qrels);
		show_file(errpath);
		exit(2);
	}
	free(argv);
}

/* Copy the first 20 lines of a file to stderr, indented (an error
 * message of the cbeval run). */
static inline void show_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char buf[512];
	if (!f)
		return;
	for (int i = 0; i < 20 && fgets(buf, sizeof buf, f); i++)
		fprintf(stderr, "  %s", buf);
	fclose(f);
}

#endif
