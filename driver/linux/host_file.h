/* For the Linux image's own programs: a file written into the host's
 * folder through teasim's host file channel (tea/host_files.h; the
 * "tea,host-files" node of the device tree), by name, a word per store.
 * One file at a time. Built with the kernel's nolibc. */
#ifndef TEA_LINUX_HOST_FILE_H
#define TEA_LINUX_HOST_FILE_H

#include <std.h>	/* nolibc: the fixed-width integer types */

/* Each returns NULL, or what went wrong in a few words. */
const char *host_file_open(const char *name);
const char *host_file_write(const void *buf, size_t len);
const char *host_file_close(void);

#endif
