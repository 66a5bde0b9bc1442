/*
 * trec_help.c - the trec_eval link's usage, -h and -v (see cli.h):
 * trec_eval's options as cbeval takes them, and with -h -m M the
 * description of the measures M names.  Text only.
 */
#include "cli.h"
#include "measure.h"
#include "trec_marks.h"

#include <stdio.h>
#include <stdlib.h>

void trec_usage(FILE *f)
{
	fputs("Usage: trec_eval [-h] [-q] {-m measure}* trec_rel_file trec_top_file\n"
	      "   -h: full help, with the measures named by -m\n"
	      "   -q: also one evaluation per topic\n"
	      "   -m: the measures to compute ('-m official' is the default;\n"
	      "       '-m all_trec' every measure of trec_eval's standard files)\n"
	      "(this is cbeval answering under the name trec_eval; see cbeval(1))\n", f);
}

/* The measures of the -m arguments of o, one line each. */
static void help_measures(FILE *f, const struct options *o)
{
	struct trec_marks tm;
	struct measure *m = NULL;
	size_t nm = 0;
	char err[300];
	trec_marks_init(&tm);
	if (trec_marks_make(&tm, (const char *const *)o->mspec, o->nmspec, err,
			    sizeof err) != 0 ||
	    (tm.nspecs && measure_parse_list((const char *const *)tm.specs,
					     tm.nspecs, &m, &nm, err,
					     sizeof err) != 0)) {
		fprintf(f, "-- %s\n", err);
		trec_marks_release(&tm);
		return;
	}
	if (tm.runid)
		fprintf(f, "runid\n    the run's name, from the tag of its last line\n");
	if (tm.relstring)
		fprintf(f, "%s\n    the grades of the first %ld documents, one character each\n"
			"    (0-9, '>' above 9, '-' unjudged, '.' judged below 0)\n",
			tm.relstring_name, tm.relstring_len);
	for (size_t i = 0; i < nm; i++) {
		fprintf(f, "%s\n    cbeval's %s (%s)\n", m[i].trec[0], m[i].name[0],
			m[i].def->synopsis);
		measure_release(&m[i]);
	}
	free(m);
	trec_marks_release(&tm);
}

void trec_help(FILE *f, const struct options *o)
{
	trec_usage(f);
	fputs("\n"
	      "Evaluate the results file against the judgements as trec_eval 10 does,\n"
	      "with its options, output and exit statuses; several results files\n"
	      "print one block each.  '-' reads the results from standard input.\n"
	      "\n"
	      " -h, --help: this text; with -m, the measures named\n"
	      " -v, --version: the version, on standard error\n"
	      " -q, --query_eval_wanted: also the values of each topic\n"
	      " -m, --measure NAME[.PARAMS]: a measure, a family with its parameters\n"
	      "     (P.5,10) or a group (official, set, all_trec); repeatable\n"
	      " -c, --complete_rel_info_wanted: average over every topic of the\n"
	      "     judgements; a topic the results lack counts as trec_eval counts it\n"
	      "     (without -c such a topic stops trec_eval: exit status 4)\n"
	      " -l, --level_for_rel N: relevant at grade >= N (default 1)\n"
	      " -n, --nosummary: no lines for \"all\"\n"
	      " -D, --Debug_level 0.QID: evaluate topic QID only (no debugging output)\n"
	      " -N, --Number_docs_in_coll N: documents in the collection (utility)\n"
	      " -M, --Max_retrieved_per_topic N: the first N documents of each ranking\n"
	      " -J, --Judged_docs_only: drop the documents without a grade >= 0\n"
	      " -R, --Rel_info_format qrels: the only judgement format read\n"
	      " -T, --Results_format trec_results: the only results format read\n"
	      " -Z, --Zscore FILE: z-scores from the lines 'qid measure mean stddev'\n"
	      "\n"
	      "Measures requested:\n", f);
	if (o->nmspec)
		help_measures(f, o);
	else
		fputs("-- No measures named: give -m NAME for a measure's description\n", f);
}
