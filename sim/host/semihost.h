/* RISC-V semihosting: how picolibc programs (--oslib=semihost) reach the
 * host. The hart calls semihost_call() on the EBREAK of the semihosting
 * sequence; a0 holds the operation and a1 its argument block. Console I/O,
 * the command line, clocks and exit are served; host files are not.
 *
 * Only calls from M-mode are served unless userspace is set: a call ends
 * the run with an exit code of its choosing or writes to the host's
 * stdout, which under an operating system must not be any user's to do.
 * A call from S or U is then an EBREAK like any other, as QEMU treats one
 * from U without -semihosting-config userspace=on. */
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
	bool userspace;         /* serve calls from S- and U-mode too */
	bool exited;
	int exit_code;
};

/* The hart_semihost_fn callback; ctx is a struct semihost. It declines
 * (returns false) the calls semihost_serves() refuses. */
bool semihost_call(void *ctx, struct hart *h);
/* Whether a call the hart makes now, at its privilege, is served. */
bool semihost_serves(const struct semihost *s, const struct hart *h);

/* Checkpoints: the features file's read position and the program's end;
 * no host file is ever open. */
struct ckpt_out;
struct ckpt_in;
void semihost_save(const struct semihost *s, struct ckpt_out *o);
bool semihost_restore(struct semihost *s, struct ckpt_in *in);

#endif
