/* The target's teaperf: GNU build-ids (20 bytes at the most), by which
 * the host finds the binaries a recording names (build_id.c). Built with
 * the kernel's nolibc. */
#ifndef TEA_TARGET_BUILD_ID_H
#define TEA_TARGET_BUILD_ID_H

#include <std.h>	/* nolibc: the fixed-width integer types */

/* The build-id of the ELF file at @path, from its PT_NOTE segments, into
 * @id; its length, 0 when it has none or cannot be read. */
unsigned elf_build_id(const char *path, uint8_t *id);
/* The same from a file of bare ELF notes, such as /sys/kernel/notes. */
unsigned notes_build_id(const char *path, uint8_t *id);

#endif
