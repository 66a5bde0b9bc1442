/*
 * tests/parts/ref_shared/lines.c - how the slow references read text: a
 * file line by line (getline, the line end dropped, lines counted), the
 * test for a blank or comment line of qrels and runs, the parse of a
 * finite value, the rows of --values files, and the rows of image 0 of
 * cbeval's --images output.
 * Sizes: any number of lines, each as long as memory allows.  See
 * ref_shared.h.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "ref_shared.h"

void lines_open(struct lines *l, const char *path)
{
	l->f = xfopen(path, "r");
	l->line = NULL;
	l->cap = l->lineno = 0;
}

char *lines_next(struct lines *l)
{
	ssize_t len = getline(&l->line, &l->cap, l->f);
	if (len == -1)
		return NULL;
	l->lineno++;
	chomp(l->line, &len);
	return l->line;
}

char *lines_data(struct lines *l)
{
	char *line;
	while ((line = lines_next(l)) && line_skipped(line))
		;
	return line;
}

void lines_close(struct lines *l)
{
	free(l->line);
	fclose(l->f);
	l->line = NULL;
	l->f = NULL;
}

int line_skipped(const char *line)
{
	if (line[0] == '#')
		return 1;
	for (const char *p = line; *p; p++)
		if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
			return 0;
	return 1;
}

double finite_value(const char *s)
{
	char *end;
	errno = 0;
	double x = strtod(s, &end);
	if (end == s || *end || errno || !isfinite(x))
		die("bad value", s);
	return x;
}

int values_next(struct lines *l, const struct tsv_form *form, char **fld)
{
	char *line;
	while ((line = lines_next(l))) {
		if (form->skip_empty && !*line)
			continue;
		int nf = split_tabs(line, fld, form->nf);
		if (l->lineno == 1) {
			int bad = nf != form->nf;
			for (int i = 0; !bad && form->head[i]; i++)
				bad = strcmp(fld[i], form->head[i]) != 0;
			if (bad)
				die(form->badhead, NULL);
			continue;
		}
		if (nf != form->nf)
			die("--values: wrong number of fields", NULL);
		return 1;
	}
	return 0;
}

int images_next(struct lines *l, const char *path, char **fld, const char *badline)
{
	char *line;
	while ((line = lines_next(l))) {
		int nf = split_tabs(line, fld, 5);
		if (l->lineno == 1) {
			if (nf != 5 || strcmp(fld[3], "image") != 0)
				die("not an --images file", path);
			continue;
		}
		if (nf != 5)
			die(badline, path);
		if (strcmp(fld[3], "0") == 0)
			return 1;
	}
	return 0;
}

struct vrow *images_read(const char *path, struct names *rn, struct names *tn,
			 struct names *mn, size_t *nrows)
{
	struct lines l;
	char *fld[6];
	size_t n = 0, capr = 0;
	struct vrow *rows = NULL;
	lines_open(&l, path);
	while (images_next(&l, path, fld, "bad line in an --images file")) {
		if (strcmp(fld[1], "all") == 0)
			continue;
		if (n == capr) {
			capr = capr ? 2 * capr : 1024;
			rows = xrealloc(rows, capr * sizeof *rows);
		}
		rows[n].r = names_intern(rn, fld[0]);
		rows[n].t = names_intern(tn, fld[1]);
		rows[n].m = names_intern(mn, fld[2]);
		rows[n].x = finite_value(fld[4]);
		n++;
	}
	lines_close(&l);
	*nrows = n;
	return rows;
}
