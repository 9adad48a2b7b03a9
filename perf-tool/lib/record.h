/* teaperf record's options, shared by its backends: the command
 * (perf-tool/record.c) runs the simulator (--sim), record_serial.c a
 * board (--serial). */
#ifndef TEAPERF_RECORD_H
#define TEAPERF_RECORD_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

struct record_options {
	bool sim;
	const char *serial;	/* a board's UART (its boot ROM loads the program) */
	uint64_t baud;
	const char *dtb;	/* the board's device tree, to pass arguments */
	const char *linux_dir;
	char linux_default[PATH_MAX];	/* --linux without DIR */
	bool iss;		/* --iss: the reference ISS and its sampler model */
	const char *output;
	uint64_t period, jitter;
	bool period_set, jitter_set;	/* else the defaults */
	const char *golden, *baselines, *teasim, *config;
	bool stages;		/* with golden: its dispatch, issue and FLOPS views */
	const char *mode;	/* --linux: the driver's mode, "interrupt" or "buffer" */
	bool callchain;		/* -g (--linux): each sample's callers */
	const char *program;
	char **program_args;	/* after the program, NULL-terminated */
	int nprogram_args;
};

/* A run under Linux (record_linux.c): its temporary folder with teasim's
 * --host-dir, the kernel, the initramfs (tea.cpio, or tea.cpio and the
 * host program's), the command's path on the target and the kernel's
 * command line. */
struct linux_run {
	char work[PATH_MAX];
	char host_dir[PATH_MAX + 8];
	char image[PATH_MAX], image_initrd[PATH_MAX], initrd[PATH_MAX + 16];
	char program[PATH_MAX];
	char *cmdline;
};

/* 0, or -1 after printing why. */
int linux_run_prepare(const struct record_options *o, struct linux_run *r);
/* Moves the target's sample file to @to: 0, or -1 after printing why. */
int linux_run_take_file(const struct linux_run *r, const char *to);
void linux_run_cleanup(struct linux_run *r);

/* Runs the program on the board at o->serial and writes the sample log it
 * prints at exit to o->output. Returns the program's exit status (0-255),
 * or -1 after printing why it could not. */
int record_serial(const struct record_options *o);

#endif
