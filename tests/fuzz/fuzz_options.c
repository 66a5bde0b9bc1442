/*
 * fuzz_options.c - libFuzzer target: the command line and the measure
 * specs.  The input is split at NUL bytes into argv words; every word is
 * also tried as a -m spec such as "RBP(p=0.95)".
 */
#include "fuzz.h"
#include "cli.h"
#include "measure.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	char *buf = malloc(n + 1);
	char *argv[66];
	int argc = 1;
	struct options o;
	struct diag d = { .set = 0 };
	memcpy(buf, data, n);
	buf[n] = '\0';
	argv[0] = "cbeval";
	for (size_t i = 0; i <= n && argc < 65;) {
		char *w = buf + i;
		size_t len = strlen(w);
		struct measure m;
		char err[200];
		argv[argc++] = w;
		if (measure_parse(&m, w, err, sizeof err) == 0) {
			if (m.n_out < 1 || m.n_out > m.def->n_out ||
			    m.def->n_out > MEASURE_MAX_OUT ||
			    !m.name[0][0])
				abort();
			measure_release(&m);
		}
		i += len + 1;
	}
	argv[argc] = NULL;
	options_init(&o);
	if (cli_parse(&o, argc, argv, &d) != 0 && !d.set)
		abort();
	options_release(&o);
	free(buf);
	return 0;
}
