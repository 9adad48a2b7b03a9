/* For the Linux image's own programs (init, teaperf record): a device of
 * the SoC found in the device tree by its compatible string, its registers
 * mapped through /dev/mem. Built with the kernel's nolibc. */
#ifndef TEA_LINUX_SOC_DEVICE_H
#define TEA_LINUX_SOC_DEVICE_H

#include <std.h>	/* nolibc: the fixed-width integer types */

/* The first reg address of the node under /soc whose compatible list names
 * compatible; 0 when there is none. */
uint64_t soc_device_address(const char *compatible);
/* Its first page mapped for reading and writing; NULL when it cannot be. */
volatile void *soc_device_map(const char *compatible);

#endif
