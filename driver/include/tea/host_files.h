/* teasim's host file channel, as the program and teasim both see it: a
 * device through which a program (teaperf record under Linux, above all)
 * writes files into the host folder given with teasim --host-dir. It is
 * the simulator's (sim/host/host_files.c); a board has none. No includes,
 * so that the kernel's nolibc programs can use it too.
 *
 * Registers, at offsets from the channel's base (the device tree's
 * "tea,host-files" node), 8-byte aligned:
 *   0x000-0x0ff NAME   the file name, NUL-terminated; any store size. OPEN
 *                      reads it and clears it, so each OPEN needs the name
 *                      written anew
 *   0x100       CMD    write HOST_FILES_OPEN: create NAME for writing,
 *                      HOST_FILES_CLOSE: close it
 *   0x108       STATUS read: HOST_FILES_OK, or the first error since the
 *                      file was opened (of the open, a write or the close)
 *   0x110       DATA   write: appends the 8 bytes, little-endian
 *   0x118       BYTE   write: appends the low byte
 *
 * The name is the bytes of NAME before its first NUL: 1 to
 * HOST_FILES_NAME_MAX of [A-Za-z0-9._-], not starting with '.'
 * (tea_file_name_ok in tea/host_console.h), so that it cannot leave the
 * folder. A NAME without a NUL, or with bytes other than NUL after its
 * first, is refused rather than cut short. OPEN creates a new regular
 * file: it never replaces, nor writes through, anything already in the
 * folder under that name (a file, a link, a FIFO). teasim caps the files
 * and the bytes of a run (--host-max-files, --host-max-bytes). */
#ifndef TEA_HOST_FILES_H
#define TEA_HOST_FILES_H

#define HOST_FILES_NAME		0x000
#define HOST_FILES_CMD		0x100
#define HOST_FILES_STATUS	0x108
#define HOST_FILES_DATA		0x110
#define HOST_FILES_BYTE		0x118

#define HOST_FILES_NAME_SIZE	0x100
#define HOST_FILES_NAME_MAX	(HOST_FILES_NAME_SIZE - 1)

#define HOST_FILES_OPEN		1
#define HOST_FILES_CLOSE	2

enum host_files_status {
	HOST_FILES_OK = 0,
	HOST_FILES_NO_DIR = 1,		/* teasim has no --host-dir */
	HOST_FILES_BAD_NAME = 2,
	HOST_FILES_NOT_OPEN = 3,
	HOST_FILES_IO = 4,		/* the host could not create or write the file */
	HOST_FILES_BAD_CMD = 5,
	HOST_FILES_EXISTS = 6,		/* the folder already holds that name */
	HOST_FILES_TOO_MANY = 7,	/* the run created --host-max-files files */
	HOST_FILES_TOO_BIG = 8,		/* the run wrote --host-max-bytes bytes */
};

#endif
