/* A program's own sample log, written out as a sample file. */
#ifndef PICS_SAMPLE_LOG_H
#define PICS_SAMPLE_LOG_H

#include <stddef.h>
#include <stdint.h>

#include "pics_error.h"

/* A program that takes TEA samples itself (the bare-metal runtime,
 * tea/sampling.h) keeps them in a log in its memory (tea/sample_log.h).
 * pics_log_write() writes the log at @log_addr as a sample file, reading
 * the program's memory through @read (0, or -1 for an address outside
 * it); pics_log_write_console() rebuilds the log from the lines a board
 * printed on its console (TEA_LOG_CONSOLE_*, anywhere in @text) and writes
 * it. @binary names the program in the header. Both return the samples
 * written, or -1. */
typedef int (*pics_mem_read_fn)(void *ctx, uint64_t addr, void *buf, size_t len);
int64_t pics_log_write(pics_mem_read_fn read, void *ctx, uint64_t log_addr, const char *path,
		       const char *binary, struct pics_error *err);
int64_t pics_log_write_console(const char *text, size_t len, const char *path,
			       const char *binary, struct pics_error *err);

#endif
