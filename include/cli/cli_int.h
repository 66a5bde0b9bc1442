/*
 * cli_int.h - what the files of the command line share: cli.c (parsing),
 * cli_check.c (the rules between options) and cli_help.c (--help and the
 * usage lines).  Not an interface for anything else; see cli.h.
 */
#ifndef CBEVAL_CLI_INT_H
#define CBEVAL_CLI_INT_H

#include "cli.h"
#include "diag.h"

#include <stddef.h>

/* Check the rules between the parsed options (what needs what, what
 * excludes what, what needs two runs).  Returns 0, or -1 with d set to
 * the first broken rule.  Changes nothing. */
int cli_check(const struct options *o, struct diag *d);

/* trec_eval's options (cli_trec.c).  cli_trec_long: the short option
 * *opt that trec_eval's long option name (n bytes; a unique prefix will
 * do, as with getopt_long) stands for, and whether it takes a value;
 * returns 0, -1 when it names none, -2 when the prefix is ambiguous.
 * cli_trec_flag: set the flag -c (0), or -1 when c is not one of
 * -c -n -J -v.  cli_trec_value: the option -c with value v (-N -R -T -Z
 * -D -o); cli_parse_mean: --mean.  Both return 0, or -1 with d set.
 * cli_trec_check: the rules of these options among the others. */
int cli_trec_long(const char *name, size_t n, char *opt, int *value);
/* trec_eval's long option names into out[0..max); returns how many. */
size_t cli_trec_long_names(const char **out, size_t max);
int cli_trec_flag(struct options *o, char c);
int cli_trec_value(struct options *o, char c, const char *v, struct diag *d);
int cli_parse_mean(struct options *o, const char *v, struct diag *d);
int cli_trec_check(const struct options *o, struct diag *d);

/* The values of options (cli_values.c): --order; --image-range
 * FIRST-LAST; one --from-images FILE.  Each returns 0, or -1 with d set. */
int cli_parse_order(const char *v, struct options *o, struct diag *d);
int cli_parse_range(struct options *o, const char *v, struct diag *d);
int cli_add_from(struct options *o, const char *v, struct diag *d);

#endif
