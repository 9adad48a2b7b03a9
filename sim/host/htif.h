/* HTIF: the host-target interface of programs built the riscv-tests way. The
 * program writes a command to the `tohost` word; the host answers through
 * `fromhost`. Supported: exit (riscv-tests pass/fail), console output
 * (device 1) and the syscall proxy's write and exit. */
#ifndef TEA_SIM_HTIF_H
#define TEA_SIM_HTIF_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "host/host_mem.h"
#include "soc/soc.h"

/* The tohost and fromhost words are the SoC's (the RTL keeps them out of
 * its caches, and the reference commits the same stores to them); the
 * syscall proxy's block and buffers are target memory, reached through
 * mem. */
struct htif {
	struct soc *soc;
	struct host_mem mem;
	uint64_t tohost, fromhost;  /* physical addresses; tohost 0 = no HTIF */
	FILE *console;
	bool exited;
	int exit_code;
	char error[160];            /* set when the program sent a command we reject */
};

void htif_init(struct htif *h, struct soc *soc, const struct host_mem *mem, uint64_t tohost,
	       uint64_t fromhost, FILE *console);

/* Handles a pending command, if any. Call it every few thousand
 * instructions: programs write tohost and wait for the answer. Returns
 * false when the program sent a malformed command (see h->error). */
bool htif_poll(struct htif *h);

#endif
