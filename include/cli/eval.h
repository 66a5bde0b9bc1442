/*
 * eval.h - the whole pipeline behind the command line: parse the qrels,
 * parse and intern and order the runs (in parallel), score, summarise and
 * print.  Everything is validated before the first byte reaches stdout.
 */
#ifndef CBEVAL_EVAL_H
#define CBEVAL_EVAL_H

#include "cli.h"
#include "diag.h"

/* Exit statuses (documented in the man page). */
enum { EXIT_OK = 0, EXIT_USAGE = 1, EXIT_DATA = 2 };

/* Run cbeval with parsed options.  Returns an exit status; on failure d
 * holds the message.  Warnings go to stderr as they become final. */
int eval_main(const struct options *o, struct diag *d);

#endif
