/*
 * tests/ref_intervals.c - the slow, independent reference of the bias
 * column and the --ci intervals (shared spec intervals.md), recomputed
 * from an --images dump (tests/t_intervals.sh compares it with cbeval's
 * summary and --pairs tables).
 *
 * Usage: ref_intervals summary|pairs percentile|basic|bc IMAGES
 *
 * IMAGES is "run qid measure image value" with a header, images 0..B of
 * every cell.  summary prints "run qid measure bias ci_lo ci_hi" per
 * cell in the dump's order; pairs prints "runA runB measure qid bias
 * ci_lo ci_hi" for every two runs A before B (first appearance order)
 * and every measure and qid of A, of the differences A - B image by
 * image.  Values as %.17g, NA where undefined.
 *
 * The obvious way: each cell's values copied, sorted with qsort, the
 * type-7 quantiles written out; the inverse normal by bisection of libm's
 * erfc; the tie rule spelled out.  No project header.
 */
#define REF_PROG "ref_intervals"
#include "ref_common.h"

struct cell {
	char *run, *qid, *measure;
	double *v;              /* [B + 1] */
};

struct dump {
	struct cell *c;
	size_t n, cap;
	size_t B;               /* the largest image number */
};

static struct cell *find(struct dump *d, const char *run, const char *qid,
			 const char *m)
{
	for (size_t i = d->n; i-- > 0;)
		if (strcmp(d->c[i].run, run) == 0 && strcmp(d->c[i].qid, qid) == 0 &&
		    strcmp(d->c[i].measure, m) == 0)
			return &d->c[i];
	return NULL;
}

static void read_dump(struct dump *d, const char *path)
{
	FILE *f = xfopen(path, "r");
	char *line = NULL, *fl[6];
	size_t cap = 0, lineno = 0;
	ssize_t len;
	memset(d, 0, sizeof *d);
	while ((len = getline(&line, &cap, f)) > 0) {
		struct cell *c;
		unsigned long long b;
		chomp(line, &len);
		if (lineno++ == 0)
			continue;
		if (split_tabs(line, fl, 5) != 5)
			die("not 5 fields", path);
		b = num_arg(fl[3], 0, 100000, "image");
		if (!(c = find(d, fl[0], fl[1], fl[2]))) {
			if (d->n == d->cap) {
				d->cap = d->cap ? 2 * d->cap : 64;
				d->c = xrealloc(d->c, d->cap * sizeof *d->c);
			}
			c = &d->c[d->n++];
			c->run = xstrdup(fl[0]);
			c->qid = xstrdup(fl[1]);
			c->measure = xstrdup(fl[2]);
			c->v = xcalloc(100001, sizeof *c->v);
		}
		if (strcmp(fl[4], "NA") == 0) {
			c->v[b] = NAN;
		} else {
			char *end;
			c->v[b] = strtod(fl[4], &end);
			if (end == fl[4] || *end)
				die("bad value", fl[4]);
		}
		if (b > d->B)
			d->B = (size_t)b;
	}
	free(line);
	fclose(f);
}

static double phi(double z)
{
	return 0.5 * erfc(-z / sqrt(2.0));
}

static double phi_inv(double p)
{
	double a = -40, b = 40;
	if (p > 0.5)
		return -phi_inv(1 - p);
	for (int i = 0; i < 300; i++) {
		double m = 0.5 * (a + b);
		if (m == a || m == b)
			break;
		if (phi(m) < p)
			a = m;
		else
			b = m;
	}
	return 0.5 * (a + b);
}

/* x[0] the root, x[1..B] the images: bias, ci_lo and ci_hi. */
static void stats(const char *method, const double *x, size_t B, double *out)
{
	double *s = xcalloc(B, sizeof *s), sum = 0, th = x[0];
	for (size_t b = 1; b <= B; b++) {
		s[b - 1] = x[b];
		sum += x[b];
	}
	out[0] = sum / (double)B - th;
	qsort(s, B, sizeof *s, cmp_double);
	if (strcmp(method, "percentile") == 0) {
		out[1] = ref_q7(s, B, 0.025);
		out[2] = ref_q7(s, B, 0.975);
	} else if (B < 2) {
		out[1] = out[2] = NAN;
	} else if (strcmp(method, "basic") == 0) {
		out[1] = 2 * th - ref_q7(s, B, 0.975);
		out[2] = 2 * th - ref_q7(s, B, 0.025);
	} else {
		double below = 0, p0, z0, lo = 1 / (2.0 * (double)B);
		for (size_t b = 1; b <= B; b++) {
			double scale = fabs(x[b]) > fabs(th) ? fabs(x[b]) : fabs(th);
			if (scale < 1)
				scale = 1;
			if (fabs(x[b] - th) <= 1e-10 * scale)
				below += 0.5;
			else if (x[b] < th)
				below += 1;
		}
		p0 = below / (double)B;
		if (p0 < lo)
			p0 = lo;
		if (p0 > 1 - lo)
			p0 = 1 - lo;
		z0 = phi_inv(p0);
		out[1] = ref_q7(s, B, phi(2 * z0 + phi_inv(0.025)));
		out[2] = ref_q7(s, B, phi(2 * z0 + phi_inv(0.975)));
	}
	free(s);
}

static void print3(const double *o)
{
	for (int i = 0; i < 3; i++) {
		if (isnan(o[i]))
			printf("\tNA");
		else
			printf("\t%.17g", o[i]);
	}
	putchar('\n');
}

int main(int argc, char **argv)
{
	struct dump d;
	double out[3], *x;
	if (argc != 4)
		die("usage: ref_intervals summary|pairs percentile|basic|bc IMAGES", NULL);
	read_dump(&d, argv[3]);
	x = xcalloc(d.B + 1, sizeof *x);
	for (size_t i = 0; i < d.n && strcmp(argv[1], "summary") == 0; i++) {
		stats(argv[2], d.c[i].v, d.B, out);
		printf("%s\t%s\t%s", d.c[i].run, d.c[i].qid, d.c[i].measure);
		print3(out);
	}
	for (size_t i = 0; i < d.n && strcmp(argv[1], "pairs") == 0; i++)
		for (size_t j = 0; j < d.n; j++) {
			struct cell *a = &d.c[i], *b = &d.c[j];
			/* the dump lists a topic's runs in command-line
			 * order, so i < j is A before B */
			if (i >= j || strcmp(a->qid, b->qid) ||
			    strcmp(a->measure, b->measure) ||
			    !strcmp(a->run, b->run))
				continue;
			for (size_t k = 0; k <= d.B; k++)
				x[k] = a->v[k] - b->v[k];
			stats(argv[2], x, d.B, out);
			printf("%s\t%s\t%s\t%s", a->run, b->run, a->measure, a->qid);
			print3(out);
		}
	return 0;
}
