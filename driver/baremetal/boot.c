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

bool bm_host_console(void)
{
	const void *value;
	uint32_t len;

	return boot_devicetree &&
	       bm_fdt_getprop(boot_devicetree, BM_FDT_MAX_SIZE, "/chosen", "tea,host-console",
			      &value, &len) == 0;
}

/* A /chosen address property: one or two cells, big-endian. */
static bool chosen_address(const char *name, uint64_t *addr)
{
	const uint8_t *p;
	uint32_t len;

	if (!boot_devicetree ||
	    bm_fdt_getprop(boot_devicetree, BM_FDT_MAX_SIZE, "/chosen", name,
			   (const void **)&p, &len) || (len != 4 && len != 8))
		return false;
	*addr = 0;
	for (uint32_t i = 0; i < len; i++)
		*addr = *addr << 8 | p[i];
	return true;
}

bool bm_initrd(uint64_t *start, uint64_t *end)
{
	return chosen_address("linux,initrd-start", start) &&
	       chosen_address("linux,initrd-end", end) && *start <= *end;
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
	int err = bm_fdt_getprop(fdt, BM_FDT_MAX_SIZE, "/chosen", "bootargs", &value, &len);
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
