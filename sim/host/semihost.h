/* RISC-V semihosting: how picolibc programs (--oslib=semihost) reach the
 * host. The hart calls semihost_call() on the EBREAK of the semihosting
 * sequence; a0 holds the operation and a1 its argument block. Console I/O,
 * the command line, clocks and exit are served; host files are not. */
#ifndef TEA_SIM_SEMIHOST_H
#define TEA_SIM_SEMIHOST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct hart;

struct semihost {
	FILE *out;              /* the program's stdout */
	FILE *err;              /* its stderr */
	const char *cmdline;    /* program name and arguments, space separated */
	uint64_t clock_hz;      /* for SYS_CLOCK and SYS_TICKFREQ */
	uint64_t features_pos;  /* read position in the features file */
	bool exited;
	int exit_code;
};

/* The hart_semihost_fn callback; ctx is a struct semihost. */
bool semihost_call(void *ctx, struct hart *h);

#endif
