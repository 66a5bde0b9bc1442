/*
 * cli.h - command-line options: parsing and --help.  Parsing is strict
 * (every number checked for syntax and range) and has no side effects
 * beyond filling struct options; the caller prints errors and exits.
 */
#ifndef CBEVAL_CLI_H
#define CBEVAL_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "options.h"

/* Parse argv.  Returns 0, or -1 with d set to a usage error message. */
int cli_parse(struct options *o, int argc, char **argv, struct diag *d);

void cli_help(FILE *f);
void cli_usage(FILE *f);
/* The trec_eval link's usage and -h (trec_help.c). */
void trec_usage(FILE *f);
void trec_help(FILE *f, const struct options *o);

#endif
