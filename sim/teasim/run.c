/* What the runs share (run_iss.c, run_rtl.c): the end of the program,
 * the instruction limit, progress lines and the exit status; and teasim's
 * error message, which every part prints. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#include "teasim/teasim.h"

int error(int code, const char *fmt, ...)
{
	va_list ap;

	fputs("teasim: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return code;
}

double seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

bool program_ended(const struct run *r, int *code)
{
	if (r->htif.exited)
		*code = r->htif.exit_code;
	else if (r->semihost.exited)
		*code = r->semihost.exit_code;
	else
		return soc_exit_requested(r->soc, code);
	return true;
}

int check_limit(const struct run *r, const struct options *o)
{
	if (!o->max_insns || r->steps < o->max_insns)
		return 0;
	fflush(stdout);
	console_print_tail(stderr, CONSOLE_TAIL_LINES);
	return error(EXIT_LIMIT, "instruction limit of %" PRIu64 " reached at pc 0x%" PRIx64
		     " (the program did not exit; raise it with --max-insns)",
		     o->max_insns, hart_pc(r->hart));
}

bool progress_due(struct run *r)
{
	double secs = seconds_since(&r->t0);

	if (secs - r->last_progress < 1.0)
		return false;
	r->last_progress = secs;
	return true;
}

/* "\r" on a terminal, where the next line overwrites this one */
const char *progress_end(void)
{
	return isatty(STDERR_FILENO) ? "\r" : "\n";
}

void end_output(const struct run *r)
{
	fflush(stdout);
	if (r->last_progress > 0 && isatty(STDERR_FILENO))
		fputs("\n", stderr);
}

int exit_status(const struct run *r, int code)
{
	if (soc_reset_requested(r->soc)) {
		console_print_tail(stderr, CONSOLE_TAIL_LINES);
		return error(1, "the machine asked for a reset through the test finisher (0x7777), "
			     "as a kernel panics with panic=-1: a failure");
	}
	return (code & 0xff) || code == 0 ? code & 0xff : 1;
}
