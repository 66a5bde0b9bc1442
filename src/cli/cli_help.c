/*
 * cli_help.c - the usage lines and --help (see cli.h).  The measure list
 * comes from the measure table (measure_help), so new measures appear by
 * themselves; tests/t_docs.sh checks that every option here has its entry
 * in the manual page and README.
 */
#include "analysis.h"
#include "cli_int.h"
#include "measure.h"

#include <stdio.h>

void cli_usage(FILE *f)
{
	analysis_usage(f, "usage: cbeval",
		       "[-c] [-q] [-n] [-J] [-b B] [-F tsv|trec|markdown|latex]\n"
		       "[-j N] [-l N] [-M N] [-m SPEC]... [-p N]\n"
		       "[--ci percentile|basic|bc] [--dedup] [--images FILE]\n"
		       "[--order score|rank|file] [--names tag|file]",
		       "[--quiet] [--pool K] [--seed S] [--top N] [--top-by MEASURE] "
		       "[--image-range FIRST-LAST] [--svg FILE] [--save-collection FILE] "
		       "[--mean qrels|run] [-N DOCS] [-D 0.QID] [-Z FILE] [-R qrels] "
		       "[-T trec_results] QRELS RUN...", 0);
	fputs("       trec_eval [trec_eval's options] QRELS RUN... (a link to cbeval)\n"
	      "       cbeval --collection FILE [the options above but -l, -M, --order,\n"
	      "              --dedup, --names]\n", f);
	analysis_usage(f, "       cbeval",
		       "--from-images FILE [--from-images FILE]... [-q] [-j N] [-p N] "
		       "[--quiet] [--ci METHOD] [--images FILE]", "[--svg FILE]", 1);
}

/* The end of --help: the options after the analyses', the output and
 * exit status summary. */
static void help_more(FILE *f)
{
	fputs("  --pool K        in every image judge only the documents at positions\n"
	      "                  1..K of the runs (of each pair with --pairs); the\n"
	      "                  other judgements count as unjudged (1 to 100000)\n"
	      "  --image-range FIRST-LAST  with -b B and --images FILE: compute only the\n"
	      "                  root and images FIRST..LAST (1 <= FIRST <= LAST <= B) and\n"
	      "                  write them to FILE as a binary image file, printing nothing\n"
	      "  --save-collection FILE  also write the qrels and runs as loaded to\n"
	      "                  FILE, a binary collection file for --collection\n"
	      "  --collection FILE  instead of QRELS and RUN: read a file written by\n"
	      "                  --save-collection, with its -l, -M, --order and --dedup\n"
	      "                  (no parsing: for the processes of --image-range)\n"
	      "  --from-images FILE  repeatable, instead of QRELS and RUN: merge the image\n"
	      "                  files of ranges covering 1..B, in any order, and print what\n"
	      "                  one run with -b B prints (summary, -q, --pairs,\n"
	      "                  --reliability, --images); scoring options, -b and --seed\n"
	      "                  come from the files\n"
	      "  --svg FILE      also draw the table as an SVG figure in FILE (per run,\n"
	      "                  topic, pair, measure or collection; see cbeval(1))\n"
	      "  --top N         keep only the N runs with the highest score on the\n"
	      "                  first measure (ties: command-line order)\n"
	      "  --top-by M      with --top: rank the runs by measure M instead\n"
	      "  -h, --help      this text\n"
	      "  -v, --version   the version\n"
	      "\n"
	      "output: TSV with a header line; ", f);
	analysis_columns(f);
	fputs("exit status: 0 success, 1 usage error, 2 bad input or I/O error;\n"
	      "as trec_eval, 4: a qrels topic missing from a run without -c.\n", f);
}

/* The middle of --help: -p to --images. */
static void help_options(FILE *f)
{
	fputs("  -p N            decimal places (default 4)\n"
	      "  -F FORMAT       tsv (default) or trec: trec_eval 10's bytes, its -m\n"
	      "                  reading (default official; relstring) and options:\n"
	      "  -n              no lines for all\n"
	      "  -J              drop from the rankings the documents not judged >= 0\n"
	      "  -N DOCS         documents in the collection (utility)\n"
	      "  -D 0.QID        with -F trec: evaluate topic QID alone\n"
	      "  -Z FILE         with -F trec: z-scores from lines 'qid measure mean sd'\n"
	      "  -R qrels, -T trec_results  trec_eval's formats (the only ones read)\n"
	      "                  and trec_eval's long options (--query_eval_wanted,\n"
	      "                  --measure, --level_for_rel, ...); called as trec_eval\n"
	      "                  (a link), cbeval is trec_eval: see cbeval(1); with\n"
	      "                  --compare, markdown or latex: the report for a paper\n"
	      "  -b B            bootstrap images (default 0: plain evaluation)\n"
	      "  --seed S        seed of the images (default 1)\n"
	      "  --ci METHOD     with -b (the summary, --pairs): the 95% interval ci_lo..\n"
	      "                  ci_hi: percentile (default), basic (reverse percentile)\n"
	      "                  or bc (bias-corrected); read the bias column with it\n"
	      "  -j N            threads, at most the online CPUs (default: all of them)\n"
	      "  --images FILE   write every per-image value to FILE ('-' = stdout)\n"
	      , f);
}

void cli_help(FILE *f)
{
	cli_usage(f);
	fputs("\n"
	      "Score every RUN against QRELS with IR effectiveness measures and, with -b,\n"
	      "measure how precisely each score is known by bootstrapping the corpus\n"
	      "(Zobel & Rashidi, CIKM 2020).  A RUN of '-' is standard input; a file\n"
	      "ending in .gz is read through gzip -dc.  See cbeval(1).\n"
	      "\n"
	      "options:\n"
	      "  -m SPEC         measures, repeatable, comma lists allowed:\n", f);
	measure_help(f);
	fputs("                  (default AP,nDCG@1000,P@10,RBP(p=0.95),INSQ(T=5),RR)\n"
	      "  -l N            relevance level: grade >= N is relevant (default 1)\n"
	      "  -M N            keep the first N documents of each ranking\n"
	      "  --order=KEY     ranking order: score (default; ties by docno\n"
	      "                  descending, as trec_eval), rank, or file\n"
	      "  --dedup         keep the first of duplicate documents and judgements\n"
	      "  -q              also print one row per topic\n"
	      "  -c              trec_eval's -c: all averages over every qrels topic (the\n"
	      "                  TSV's rule always; -F trec without -c: the run's topics)\n"
	      "  --mean qrels|run  the topics all averages over: every qrels topic\n"
	      "                  (default) or those the run has (trec_eval 9, ir_measures)\n"
	      "  --quiet         print no warnings; --quiet=KIND,... none of these kinds:\n"
	      "                  unjudged (run topics not in the qrels), missing (qrels\n"
	      "                  topics a run lacks), shared, duplicates, names, analysis\n"
	      "  --names tag|file  name runs by their first tag (default) or by their\n"
	      "                  file names (without directory and .gz/.run/.txt/.tsv)\n"
	      , f);
	help_options(f);
	fputs("\nanalyses (one at a time; see cbeval-analyses(7)):\n", f);
	analysis_help(f);
	fputs("\nmore options:\n", f);
	help_more(f);
}
