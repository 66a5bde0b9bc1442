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

/* 1 when the program is called trec_eval (a link to cbeval). */
static int called_trec_eval(const char *argv0)
{
	const char *base = argv0 ? strrchr(argv0, '/') : NULL;
	base = base ? base + 1 : argv0 ? argv0 : "";
	return strcmp(base, "trec_eval") == 0;
}

int main(int argc, char **argv)
{
	struct options o;
	struct diag d = { .set = 0 };
	const char *prog = "cbeval";
	int status;

	xalloc_setup();
	options_init(&o);
	if (called_trec_eval(argv[0])) {
		/* trec_eval's output, messages, silence and exit statuses */
		prog = "trec_eval";
		o.trec_name = 1;
		o.format = FORMAT_TREC;
		o.quiet = 1;
	}
	if (cli_parse(&o, argc, argv, &d) != 0) {
		/* one line, and where to look: not the whole usage text */
		diag_print_as(stderr, prog, &d);
		fprintf(stderr, "try '%s'\n", o.trec_name ? "trec_eval -h" : "cbeval --help");
		options_release(&o);
		return EXIT_USAGE;
	}
	if (o.help) {
		if (o.trec_name)
			trec_help(stdout, &o);
		else
			cli_help(stdout);
		options_release(&o);
		return finish_stdout();
	}
	if (o.version) {
		if (o.trec_name)   /* trec_eval says it on standard error */
			fprintf(stderr, "trec_eval version cbeval %s\n", CBEVAL_VERSION);
		else
			printf("cbeval %s\n", CBEVAL_VERSION);
		options_release(&o);
		return finish_stdout();
	}
	status = eval_main(&o, &d);
	if (status != EXIT_OK)   /* an empty message: closed pipe, quiet */
		diag_print_as(stderr, prog, &d);
	diag_release(&d);
	options_release(&o);
	return status;
}
