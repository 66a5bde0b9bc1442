/*
 * cli_help.c - the usage lines and --help (see cli.h).  The measure list
 * comes from the measure table (measure_help), so new measures appear by
 * themselves; tests/t_docs.sh checks that every option here has its entry
 * in the manual page and README.
 */
#include "cli_int.h"
#include "measure.h"

#include <stdio.h>

void cli_usage(FILE *f)
{
	fputs("usage: cbeval [-c] [-q] [-n] [-J] [-b B] [-F tsv|trec|markdown|latex]\n"
	      "              [-j N] [-l N] [-M N] [-m SPEC]... [-p N] [-t T]\n"
	      "              [--ci percentile|basic|bc] [--dedup] [--images FILE]\n"
	      "              [--order score|rank|file] [--names tag|file]\n"
	      "              [--pairs | --reliability | --sensitivity | --partitions X\n"
	      "               | --meld LABELS|rank | --bias | --compare BASE|all]\n"
	      "              [--test LIST] [--correct none|bonferroni|holm|bh] [--alpha A]\n"
	      "              [--mf LIST] [--splits K]\n"
	      "              [--resamples M] [--randomizations R] [--against SPEC]...\n"
	      "              [--topics N] [--engineered] [--quiet] [--pool K]\n"
	      "              [--pair-images FILE] [--seed S] [--top N] [--top-by MEASURE]\n"
	      "              [--image-range FIRST-LAST] [--svg FILE]\n"
	      "              [--save-collection FILE] [--mean qrels|run] [-N DOCS]\n"
	      "              [-D 0.QID] [-Z FILE] [-R qrels] [-T trec_results] QRELS RUN...\n"
	      "       trec_eval [trec_eval's options] QRELS RUN... (a link to cbeval)\n"
	      "       cbeval --collection FILE [the options above but -l, -M, --order,\n"
	      "              --dedup, --names]\n"
	      "       cbeval --from-images FILE [--from-images FILE]... [-q] [-j N] [-p N]\n"
	      "              [--quiet] [--ci METHOD] [--images FILE] [--pairs | --reliability]\n"
	      "              [--pair-images FILE] [--svg FILE]\n", f);
}

/* The second half of --help: --bias and what follows, and the output
 * and exit status summary. */
static void help_more(FILE *f)
{
	fputs("  --bias          the bias, variance and error of the ranking of the runs\n"
	      "                  (Cormack & Grossman) on each --against collection\n"
	      "                  against the others, by topic bootstrap samples\n"
	      "  --against SPEC  with --bias, repeatable: a qrels file, a comma list of\n"
	      "                  qrels files (replicates), or pool:K (the judgements of\n"
	      "                  the runs' top K); with -b the images are the replicates\n"
	      "  --topics N      with --bias: topics per sample (default: every topic)\n"
	      "  --engineered    with --bias: add per run one with its relevant documents\n"
	      "                  permuted among its relevant ranks (NAME~perm)\n"
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
	      "output: TSV with a header line; run qid measure value (-b 0), or\n"
	      "run qid measure root mean bias sd ci_lo q25 median q75 ci_hi rank\n"
	      "rank_min rank_q25 rank_median rank_q75 rank_max (-b B; bias = mean - root);\n"
	      "--pairs: runA runB measure qid root_diff mean bias sd ci_lo ci_hi p_gt p_eq\n"
	      "root_p p_median p_lt05;\n"
	      "--pair-images: runA runB measure qid image diff p;\n"
	      "--reliability: measure run qid statistic value;\n"
	      "--sensitivity: measure runA runB statistic value;\n"
	      "--partitions: measure split runA runB statistic value;\n"
	      "--meld: measure mf statistic value;\n"
	      "--bias: measure collection truth statistic value;\n"
	      "--compare: runA runB measure test n diff effect p p_adj sig.\n"
	      "exit status: 0 success, 1 usage error, 2 bad input or I/O error;\n"
	      "as trec_eval, 4: a qrels topic missing from a run without -c.\n", f);
}

/* The middle of --help: -p to --pair-images. */
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
	      "  --pairs         with -b: compare every pair of runs (differences,\n"
	      "                  paired t-tests); -q adds per-topic rows\n"
	      "  --reliability   with -b >= 2: precision of each measure (per-topic sd,\n"
	      "                  interval coverage, Kendall tau, rank spread)\n"
	      "  --sensitivity   without -b: topic-bootstrap tests of every pair of runs\n"
	      "                  and the sensitivity of each measure (Sakai, SIGIR 2006):\n"
	      "                  discriminative power, required difference, MR-PT,\n"
	      "                  swap rates, Kendall tau between measures\n"
	      "  -t T            with --sensitivity, --bias or --compare: topic samples\n"
	      "                  (default 1000)\n"
	      "  --partitions X  without -b: split the documents into X random parts,\n"
	      "                  each a replicate; bootstrap ANOVA of the system effects\n"
	      "                  (Voorhees), against the t-test and randomization test\n"
	      "  --meld LABELS   with -b: predictivity (Rashidi, Zobel & Moffat): documents\n"
	      "                  labelled L or R (LABELS: lines 'docno L|R'; or 'rank':\n"
	      "                  by the runs' shallowest rank against its median), labels\n"
	      "                  melded, each sub-collection bootstrapped; self-comparison\n"
	      "                  p-values and non-support of pairs significant on L\n"
	      "  --mf LIST       with --meld: meld factors (default 1.0,0.8,0.6,0.4,0.2,0.0)\n"
	      "  --splits K      with --partitions: random splits (default 1); with\n"
	      "                  --meld: random meld splits per factor (default 10)\n"
	      "  --resamples M   with --partitions: residual resamples (default 1000)\n"
	      "  --randomizations R  with --partitions or --compare: randomization test\n"
	      "                  (default 10000)\n"
	      "  --compare BASE  without -b or with it (the report's intervals): test\n"
	      "                  every run against run BASE (name or file), or every\n"
	      "                  pair with 'all', topic by topic, corrected for the number\n"
	      "                  of comparisons; -F markdown|latex prints a report table\n"
	      "  --test LIST     with --compare: t, wilcoxon, rand, boot (default t)\n"
	      "  --correct C     with --compare: none, bonferroni, holm (default) or bh\n"
	      "  --alpha A       with --compare: significance level (default 0.05)\n"
	      "  --pool K        in every image judge only the documents at positions\n"
	      "                  1..K of the runs (of each pair with --pairs); the\n"
	      "                  other judgements count as unjudged (1 to 100000)\n"
	      "  --pair-images FILE  with --pairs: write each pair's difference and\n"
	      "                  t-test p in every image to FILE\n"
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
	help_more(f);
}
