/* From the start-up code to main() and back out through exit(). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmdline.h"
#include "fdt.h"
#include "tea/baremetal.h"

int main(int argc, char **argv);
void __libc_init_array(void);
__attribute__((noreturn)) void bm_boot(unsigned long hartid, const void *fdt);

/* The largest blob read: QEMU's virt machine passes one of 1 MiB. */
#define FDT_MAX_SIZE (4ul << 20)

static unsigned long boot_hartid;
static const void *boot_devicetree;

unsigned long bm_hartid(void)
{
	return boot_hartid;
}

const void *bm_devicetree(void)
{
	return boot_devicetree;
}

/* main()'s arguments: /chosen/bootargs split at spaces. No device tree, no
 * /chosen or no bootargs is no arguments (argc 0). A malformed tree, or a
 * line that does not fit, ends the run: a program must not run with
 * arguments other than those it was given. */
static int boot_args(const void *fdt, char **argv)
{
	static char line[BM_CMDLINE_MAX];
	const void *value;
	uint32_t len;
	int err = bm_fdt_getprop(fdt, FDT_MAX_SIZE, "/chosen", "bootargs", &value, &len);
	int argc;

	argv[0] = NULL;
	if (err == BM_FDT_BAD_MAGIC || err == BM_FDT_NOT_FOUND)
		return 0;
	if (err) {
		fprintf(stderr, "bare-metal runtime: device tree at 0x%lx: %s\n", (unsigned long)fdt,
			bm_fdt_strerror(err));
		exit(BM_EXIT_BAD_ARGS);
	}
	argc = bm_cmdline_split(value, len, line, sizeof(line), argv, BM_ARGS_MAX);
	if (argc < 0) {
		fprintf(stderr, "bare-metal runtime: /chosen/bootargs has %s (at most %d bytes "
			"and %d arguments)\n", argc == BM_CMDLINE_TOO_LONG ? "too many bytes" :
			"too many arguments", BM_CMDLINE_MAX - 1, BM_ARGS_MAX);
		exit(BM_EXIT_BAD_ARGS);
	}
	return argc;
}

void bm_boot(unsigned long hartid, const void *fdt)
{
	/* argv[argc] is a null pointer, also when there are no arguments. */
	static char *argv[BM_ARGS_MAX + 1];
	int argc;

	boot_hartid = hartid;
	boot_devicetree = fdt;
	__libc_init_array();
	argc = boot_args(fdt, argv);
	exit(main(argc, argv));
}
