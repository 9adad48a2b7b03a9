/* The interrupt-driven way samples leave the core: the bare-metal runtime's
 * handler copies the sample CSRs into a log in memory (struct bm_tea_log,
 * driver/baremetal/include/tea/sampling.h); at the end of the run teasim
 * reads the log out of the simulated memory and writes it as a sample file,
 * the same format the trace port's samples take. */
#ifndef TEA_SIM_PROGRAM_LOG_H
#define TEA_SIM_PROGRAM_LOG_H

#include <stddef.h>
#include <stdint.h>

/* Reads @len bytes of simulated memory at @addr; 0, or -1 outside it. */
typedef int (*tea_mem_read_fn)(void *ctx, uint64_t addr, void *buf, size_t len);

/* Writes the log at @log_addr to @path. @binary names the program in the
 * header. Returns the samples written, or -1 with a one-line reason. */
int64_t tea_program_log_write(tea_mem_read_fn read, void *ctx, uint64_t log_addr,
			      const char *path, const char *binary, char *msg, size_t len);

#endif
