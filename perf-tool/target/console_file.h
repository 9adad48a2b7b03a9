/* The target's teaperf: files for the host that leave on the console
 * (teaperf record -o console:NAME, teaperf put FILE console:NAME) and
 * files in general for teaperf put. Built with the kernel's nolibc. */
#ifndef TEA_TARGET_CONSOLE_FILE_H
#define TEA_TARGET_CONSOLE_FILE_H

#include <std.h>	/* nolibc: the fixed-width integer types */

/* Prints @len bytes of @data as the CONSOLE_FILE_* lines of
 * tea/host_console.h, named @name: 0, or -1 when the console fails. */
int console_file_print(const char *name, const uint8_t *data, size_t len);

/* teaperf put FILE host:NAME|console:NAME (put.c); argv[0] is "put". */
int put_main(int argc, char **argv);

#endif
