/*
 * main.c - entry point: parse the command line, run the pipeline, map
 * failures to the documented exit statuses (0 ok, 1 usage, 2 input/I/O).
 */
#include "cli.h"
#include "eval.h"
#include "xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Flush stdout after --help or --version; a failed write is an error. */
static int finish_stdout(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return EXIT_OK;
	if (errno == EPIPE)
		return EXIT_DATA;
	fprintf(stderr, "cbeval: cannot write output: %s\n", strerror(errno));
	return EXIT_DATA;
}

int main(int argc, char **argv)
{
	struct options o;
	struct diag d = { .set = 0 };
	int status;

	xalloc_setup();
	options_init(&o);
	if (cli_parse(&o, argc, argv, &d) != 0) {
		diag_print(stderr, &d);
		cli_usage(stderr);
		options_release(&o);
		return EXIT_USAGE;
	}
	if (o.help) {
		cli_help(stdout);
		options_release(&o);
		return finish_stdout();
	}
	if (o.version) {
		printf("cbeval %s\n", CBEVAL_VERSION);
		options_release(&o);
		return finish_stdout();
	}
	status = eval_main(&o, &d);
	if (status != EXIT_OK)   /* an empty message: closed pipe, quiet */
		diag_print(stderr, &d);
	diag_release(&d);
	options_release(&o);
	return status;
}
