/* The host file channel: a device of teasim's through which a program
 * (teaperf record under Linux, above all) writes files into a folder of the
 * host, given with teasim --host-dir. On the ISS it sits in the SoC's map;
 * on the RTL the SoC routes its window to the host port. It is the
 * simulator's; a board has none (docs/linux.md).
 *
 * Registers, at offsets from SOC_HOST_FILES_BASE, 8-byte aligned:
 *   0x000-0x0ff NAME   the file name, NUL-terminated; any store size
 *   0x100       CMD    write 1: create (or truncate) NAME for writing,
 *                      2: close it
 *   0x108       STATUS read: HOST_FILES_OK, or the first error since the
 *                      file was opened (of the open, a write or the close)
 *   0x110       DATA   write: appends the 8 bytes, little-endian
 *   0x118       BYTE   write: appends the low byte
 * A name is 1 to 255 bytes of letters, digits, '.', '-' and '_', not
 * starting with '.': it cannot leave the folder. */
#ifndef TEA_SIM_HOST_FILES_H
#define TEA_SIM_HOST_FILES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define HOST_FILES_NAME		0x000
#define HOST_FILES_CMD		0x100
#define HOST_FILES_STATUS	0x108
#define HOST_FILES_DATA		0x110
#define HOST_FILES_BYTE		0x118

#define HOST_FILES_OPEN		1
#define HOST_FILES_CLOSE	2

enum host_files_status {
	HOST_FILES_OK = 0,
	HOST_FILES_NO_DIR = 1,	/* teasim has no --host-dir */
	HOST_FILES_BAD_NAME = 2,
	HOST_FILES_NOT_OPEN = 3,
	HOST_FILES_IO = 4,	/* the host could not create or write the file */
	HOST_FILES_BAD_CMD = 5,
};

struct host_files {
	const char *dir;	/* NULL: writes are refused */
	char name[256];
	FILE *file;
	uint64_t status;
	uint64_t bytes;		/* written to the files so far */
};

void host_files_init(struct host_files *hf, const char *dir);
/* Closes a file left open. */
void host_files_finish(struct host_files *hf);
/* An access at offset off of the window, size 1, 2, 4 or 8 bytes, the
 * value in the low bytes. Other offsets read 0 and ignore writes, as the
 * RTL's host port, which has no error response, does; both return 0. */
int host_files_store(void *hf, uint64_t off, unsigned size, uint64_t val);
int host_files_load(void *hf, uint64_t off, unsigned size, uint64_t *val);

#endif
