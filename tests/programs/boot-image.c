/* What teaperf boot put beside the program on a board, for
 * tests/boards/boot-serial.sh: the CRC-32 of argv[1] bytes at argv[2]
 * (the kernel's load address) and of the initrd the device tree names.
 * Without arguments there is nothing to check, and it says so. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <tea/baremetal.h>
#include <tea/serial_boot.h>

/* The CRC-32 gzip's trailer holds, of memory the host wrote. */
static uint32_t crc32(uint64_t addr, uint64_t len)
{
	return serial_boot_crc(0, (const uint8_t *)(uintptr_t)addr, (size_t)len);
}

int main(int argc, char **argv)
{
	uint64_t start, end;

	if (argc != 3) {
		printf("boot-image: no image to check (arguments: LENGTH ADDRESS)\n");
		return 0;
	}
	uint64_t len = strtoull(argv[1], NULL, 0), at = strtoull(argv[2], NULL, 0);

	printf("kernel %" PRIu64 " bytes at 0x%" PRIx64 ": crc %08" PRIx32 "\n", len, at,
	       crc32(at, len));
	if (bm_initrd(&start, &end))
		printf("initrd %" PRIu64 " bytes at 0x%" PRIx64 ": crc %08" PRIx32 "\n",
		       end - start, start,
		       crc32(start, end - start));
	else
		printf("no initrd\n");
	return 0;
}
