/*
 * cli_int.h - what the files of the command line share: cli.c (parsing),
 * cli_check.c (the rules between options) and cli_help.c (--help and the
 * usage lines).  Not an interface for anything else; see cli.h.
 */
#ifndef CBEVAL_CLI_INT_H
#define CBEVAL_CLI_INT_H

#include "cli.h"
#include "diag.h"

/* Check the rules between the parsed options (what needs what, what
 * excludes what, what needs two runs).  Returns 0, or -1 with d set to
 * the first broken rule.  Changes nothing. */
int cli_check(const struct options *o, struct diag *d);

/* The options of --compare (--compare, --test, --correct, --alpha):
 * 0 when opt is one and v is good, -1 with d set when v is not, 1 when
 * opt is another option (cli_cmp.c). */
int cli_compare_opt(struct options *o, const char *opt, const char *v,
		    struct diag *d);

/* The usage rules of --compare and its options (cli_cmp.c): 0, or -1
 * with d set. */
int cli_compare_check(const struct options *o, struct diag *d);

#endif
