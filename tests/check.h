/*
 * check.h - the minimal test protocol of cbeval's C tests.  Each check
 * prints "ok - what" or "not ok - what (details)"; check_exit() returns the
 * process status (1 if any check failed).  tests/run.sh counts the lines.
 * Header-only so every tests/test_*.c stays a single file.
 */
#ifndef CBEVAL_CHECK_H
#define CBEVAL_CHECK_H

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int check_failed_count;

static void check_report(int ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void check_report(int ok, const char *fmt, ...)
{
	va_list ap;
	printf(ok ? "ok - " : "not ok - ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	if (!ok)
		check_failed_count++;
}

/* CHECK(cond, "what", ...) */
#define CHECK(cond, ...) check_report(!!(cond), __VA_ARGS__)

/* Absolute tolerance comparison, reporting both values on failure. */
__attribute__((unused)) static int check_near(double got, double want, double tol, const char *what)
{
	int ok = fabs(got - want) <= tol || (got == want);
	if (ok)
		check_report(1, "%s", what);
	else
		check_report(0, "%s (got %.17g, want %.17g, tol %g)", what, got,
			     want, tol);
	return ok;
}

/* A value drawn as run scores come, from the generator state *z (a
 * 64-bit LCG): 0 a quarter of the time, one of 0, 0.25 .. 1 a quarter,
 * else uniform in [0, 1) - ties and zeros included.  The same state
 * gives the same values on every machine. */
__attribute__((unused)) static double check_draw_score(uint64_t *z)
{
	*z = *z * 6364136223846793005ULL + 1442695040888963407ULL;
	switch ((*z >> 60) % 4) {
	case 0: return 0;
	case 1: return 0.25 * (double)((*z >> 20) % 5);
	default: return (double)(*z >> 11) * 0x1p-53;
	}
}

static int check_exit(void)
{
	return check_failed_count ? 1 : 0;
}

#endif
