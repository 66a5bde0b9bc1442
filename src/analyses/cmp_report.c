/*
 * cmp_report.c - the report of --compare (-F markdown, -F latex; see
 * cmp.h and cbeval-analyses(7), COMPARE): one row per run in command-line
 * order, one column per measure, each cell the run's root score to -p
 * decimals (with -b followed by its interval), the highest printed value
 * of each column in bold, significance markers in superscript (+ or -
 * against the baseline; with all, the letters of the runs it beats), and
 * a legend line under the table.  Markdown is a GitHub pipe table;
 * LaTeX one booktabs tabular with every name escaped.  Runs: up to a few
 * hundred; a cell's markers are at most one letter label per run.
 */
#include "cmp_int.h"
#include "xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct rep {
	FILE *f;
	int latex;
	const struct cmp *x;
	char *marks;            /* [S][m] strings of mark_len bytes */
	size_t mark_len;
};

/* v to d decimals into buf ("NA" for NaN; no sign on a zero). */
static void fmt_num(char *buf, size_t len, double v, int d)
{
	if (isnan(v)) {
		snprintf(buf, len, "NA");
		return;
	}
	snprintf(buf, len, "%.*f", d, v);
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		memmove(buf, buf + 1, strlen(buf));
}

/* Write s escaped for the format. */
static void put_text(const struct rep *r, const char *s)
{
	static const char *const lx[][2] = {
		{ "\\", "\\textbackslash{}" }, { "~", "\\textasciitilde{}" },
		{ "^", "\\textasciicircum{}" }, { "|", "\\textbar{}" },
		{ "<", "\\textless{}" }, { ">", "\\textgreater{}" },
	};
	for (; *s; s++) {
		size_t k = 0;
		while (r->latex && k < sizeof lx / sizeof *lx && *s != lx[k][0][0])
			k++;
		if (r->latex && k < sizeof lx / sizeof *lx) {
			fputs(lx[k][1], r->f);
			continue;
		}
		if (strchr(r->latex ? "&%$#_{}" : "\\|*_`<>[]", *s))
			fputc('\\', r->f);
		fputc(*s, r->f);
	}
}

static char *mark_at(const struct rep *r, size_t run, size_t j)
{
	return r->marks + (run * r->x->m + j) * r->mark_len;
}

/* The markers of the first test of --test. */
static void marks_fill(struct rep *r)
{
	const struct cmp *x = r->x;
	size_t m = x->m, sep = x->S > 26;
	r->mark_len = x->S * 4 + 4;
	r->marks = xcalloc(size_mul(size_mul(x->S, m), r->mark_len), 1);
	for (size_t c = 0; c < x->C; c++)
		for (size_t j = 0; j < m; j++) {
			double d = x->diff[c * m + j];
			size_t win = d > 0 ? x->ca[c] : x->cb[c];
			size_t lose = d > 0 ? x->cb[c] : x->ca[c];
			char *s, l[4];
			if (!(x->padj[(c * m + j) * x->K] < x->o->alpha) || d == 0 || isnan(d))
				continue;
			if (x->base != SIZE_MAX) {
				strcpy(mark_at(r, x->ca[c], j), d > 0 ? "+" : "-");
				continue;
			}
			s = mark_at(r, win, j);
			cmp_label(l, lose);
			if (*s && sep)
				strcat(s, ",");
			strcat(s, l);
		}
}

static void put_sup(const struct rep *r, const char *s)
{
	if (!*s)
		return;
	fputs(r->latex ? "\\textsuperscript{" : "<sup>", r->f);
	if (r->latex && strcmp(s, "-") == 0)
		fputs("$-$", r->f);
	else
		fputs(s, r->f);
	fputs(r->latex ? "}" : "</sup>", r->f);
}

static void put_cell(const struct rep *r, size_t run, size_t j, double best)
{
	const struct cmp *x = r->x;
	const struct boot_result *br = x->o->br;
	int d = x->o->decimals;
	char buf[400];
	fmt_num(buf, sizeof buf, x->score[run * x->m + j], d);
	fputs(r->latex ? " & " : " | ", r->f);
	if (strcmp(buf, "NA") != 0 && strtod(buf, NULL) == best)
		fprintf(r->f, r->latex ? "\\textbf{%s}" : "**%s**", buf);
	else
		fputs(buf, r->f);
	put_sup(r, mark_at(r, run, j));
	if (br) {
		const double *st = br->all + (run * x->s->nslots + x->slot[j]) * ST_N;
		fmt_num(buf, sizeof buf, st[ST_CI_LO], d);
		fprintf(r->f, " [%s, ", buf);
		fmt_num(buf, sizeof buf, st[ST_CI_HI], d);
		fprintf(r->f, "%s]", buf);
	}
}

/* The highest printed value of measure j (-inf when none). */
static double best_of(const struct cmp *x, size_t j)
{
	double best = -INFINITY;
	char buf[400];
	for (size_t r = 0; r < x->S; r++) {
		fmt_num(buf, sizeof buf, x->score[r * x->m + j], x->o->decimals);
		if (strcmp(buf, "NA") != 0 && strtod(buf, NULL) > best)
			best = strtod(buf, NULL);
	}
	return best;
}

static void put_head(const struct rep *r)
{
	const struct cmp *x = r->x;
	int all = x->base == SIZE_MAX;
	if (r->latex) {
		fprintf(r->f, "\\begin{tabular}{%sl", all ? "l" : "");
		for (size_t j = 0; j < x->m; j++)
			fputc('r', r->f);
		fprintf(r->f, "}\n\\toprule\n%srun", all ? " & " : "");
	} else {
		fprintf(r->f, "|%s run", all ? "  |" : "");
	}
	for (size_t j = 0; j < x->m; j++) {
		fputs(r->latex ? " & " : " | ", r->f);
		put_text(r, x->s->slots[x->slot[j]].name);
	}
	if (r->latex) {
		fputs(" \\\\\n\\midrule\n", r->f);
		return;
	}
	fprintf(r->f, " |\n|%s :---", all ? " :--- |" : "");
	for (size_t j = 0; j < x->m; j++)
		fputs(" | ---:", r->f);
	fputs(" |\n", r->f);
}

/* The legend line: the test, the correction, alpha and the markers. */
static void put_legend(const struct rep *r)
{
	static const char *const tname[CMP_NTESTS] = {
		"paired t-test", "Wilcoxon signed-rank test",
		"Fisher's paired randomization test", "paired bootstrap test" };
	static const char *const cname[] = {
		"Holm", "no", "Bonferroni", "Benjamini-Hochberg" };
	const struct cmp *x = r->x;
	const struct cmp_opts *o = x->o;
	enum cmp_test t = o->tests[0];
	FILE *f = r->f;
	fprintf(f, "%s%s", r->latex ? "" : "\n", tname[t]);
	if (t == CMP_RAND)
		fprintf(f, " (R = %lu)", o->R);
	if (t == CMP_BOOT)
		fprintf(f, " (T = %lu)", o->T);
	fprintf(f, ", %s correction over %zu comparison%s per measure, %s = ",
		cname[o->correct], x->C, x->C == 1 ? "" : "s",
		r->latex ? "$\\alpha$" : "alpha");
	fprintf(f, "%g; ", o->alpha);
	if (x->base != SIZE_MAX) {
		put_sup(r, "+");
		fputs(" (", f);
		put_sup(r, "-");
		fputs("): significantly better (worse) than the baseline", f);
	} else {
		put_sup(r, "a");
		fputs(": significantly better than run a", f);
	}
	fputs("; bold: the highest score of each measure", f);
	if (o->br)
		fprintf(f, "; [lo, hi]: 95%s corpus-bootstrap %s interval",
			r->latex ? "\\%" : "%", ci_method_name(o->ci));
	fputs(r->latex ? ".} \\\\\n" : ".\n", f);
}

int cmp_report(FILE *f, const struct cmp *x)
{
	struct rep r;
	double *best = xcalloc(x->m + 1, sizeof *best);
	int all = x->base == SIZE_MAX;
	char l[4];
	r.f = f;
	r.latex = x->o->format == FORMAT_LATEX;
	r.x = x;
	marks_fill(&r);
	for (size_t j = 0; j < x->m; j++)
		best[j] = best_of(x, j);
	put_head(&r);
	for (size_t i = 0; i < x->S; i++) {
		if (!r.latex)
			fputs("| ", f);
		if (all) {
			cmp_label(l, i);
			fprintf(f, "%s%s", l, r.latex ? " & " : " | ");
		}
		put_text(&r, x->s->runs[i].name);
		if (i == x->base)
			fputs(" (baseline)", f);
		for (size_t j = 0; j < x->m; j++)
			put_cell(&r, i, j, best[j]);
		fputs(r.latex ? " \\\\\n" : " |\n", f);
	}
	if (r.latex)
		fprintf(f, "\\bottomrule\n\\multicolumn{%zu}{l}{\\footnotesize ",
			x->m + 1 + (size_t)all);
	put_legend(&r);
	if (r.latex)
		fputs("\\end{tabular}\n", f);
	free(best);
	free(r.marks);
	return ferror(f) ? -1 : 0;
}
