/* teaperf record's options, shared by its backends: record.c runs the
 * simulator (--sim), record_serial.c a board (--serial). */
#ifndef TEAPERF_RECORD_H
#define TEAPERF_RECORD_H

#include <stdbool.h>
#include <stdint.h>

struct record_options {
	bool sim;
	const char *serial;	/* a board's UART (its boot ROM loads the program) */
	uint64_t baud;
	const char *dtb;	/* the board's device tree, to pass arguments */
	const char *linux_dir;
	const char *output;
	uint64_t period, jitter;
	bool period_set, jitter_set;	/* else the defaults */
	const char *golden, *baselines, *teasim, *config;
	bool stages;		/* with golden: its dispatch, issue and FLOPS views */
	const char *program;
	char **program_args;	/* after the program, NULL-terminated */
	int nprogram_args;
};

/* Runs the program on the board at o->serial and writes the sample log it
 * prints at exit to o->output. Returns the program's exit status (0-255),
 * or -1 after printing why it could not. */
int record_serial(const struct record_options *o);

#endif
