/* From the start-up code to main() and back out through exit(). */
#include <stddef.h>
#include <stdlib.h>

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

void bm_boot(unsigned long hartid, const void *fdt)
{
	/* argv[argc] must be a null pointer even when there are no arguments. */
	static char *no_args[] = { NULL };

	boot_hartid = hartid;
	boot_devicetree = fdt;
	__libc_init_array();
	exit(main(0, no_args));
}
