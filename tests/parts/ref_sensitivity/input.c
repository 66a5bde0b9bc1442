/*
 * tests/parts/ref_sensitivity/input.c - the input of the reference
 * ref_sensitivity: the per-topic values (TSV "run qid measure value" or
 * an --images dump "run qid measure image value", image 0), their names
 * interned in order of first appearance (ref_shared's names_intern, a
 * linear search: tens of runs and topics, a few measures), and the KIND a
 * measure takes by default.
 */
#include "ref_sensitivity.h"

/* Appends the value x of run, qid and measure name to c->rows. */
static void add_row(struct sens *c, char **f, double x)
{
	if (c->nrows == c->caprows) {
		c->caprows = c->caprows ? 2 * c->caprows : 1024;
		c->rows = xrealloc(c->rows, c->caprows * sizeof *c->rows);
	}
	c->rows[c->nrows].r = names_intern(&c->runs, f[0]);
	c->rows[c->nrows].q = names_intern(&c->qids, f[1]);
	c->rows[c->nrows].m = names_intern(&c->mnames, f[2]);
	c->rows[c->nrows].x = x;
	c->nrows++;
}

/* Reads the values of in into c (rows and names); the rows of qid "all"
 * and of images other than 0 are skipped.  Dies on a bad header, line or
 * value, or a read error. */
void read_input(struct sens *c, FILE *in)
{
	char *line = NULL, *f[6];
	size_t cap = 0, lineno = 0;
	ssize_t len;
	int images = 0;
	while ((len = getline(&line, &cap, in)) != -1) {
		lineno++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = 0;
		int nf = split_tabs(line, f, 5);
		if (lineno == 1) {
			if (nf == 4 && strcmp(f[0], "run") == 0 && strcmp(f[3], "value") == 0)
				continue;
			if (nf == 5 && strcmp(f[0], "run") == 0 && strcmp(f[3], "image") == 0) {
				images = 1;
				continue;
			}
			die("input: line 1 is not the header 'run qid measure value' (or 'run qid measure image value')", NULL);
		}
		if (nf != 4 + images)
			die("input: wrong number of fields on a line", NULL);
		if (images && strcmp(f[3], "0") != 0)
			continue;
		if (strcmp(f[1], "all") == 0)
			continue;
		char *end;
		errno = 0;
		double x = strtod(f[3 + images], &end);
		if (end == f[3 + images] || *end || errno || !isfinite(x))
			die("input: bad value", f[3 + images]);
		add_row(c, f, x);
	}
	free(line);
	if (ferror(in))
		die("input: read error", NULL);
}

/* The default KIND of a measure: gm for GM(...), sum for the counts,
 * mean otherwise. */
int kind_of(const char *name)
{
	if (strncmp(name, "GM(", 3) == 0)
		return K_GM;
	if (!strcmp(name, "num_ret") || !strcmp(name, "num_rel") || !strcmp(name, "num_rel_ret"))
		return K_SUM;
	return K_MEAN;
}
