#include "host/host_mem.h"

#include <string.h>

int host_mem_soc_access(void *ctx, uint64_t pa, void *buf, size_t len, bool write)
{
	struct soc *soc = ctx;
	uint8_t *p = soc_dram(soc, pa, len), *b = buf;

	if (p) {
		if (write)
			memcpy(p, buf, len);
		else
			memcpy(buf, p, len);
		return 0;
	}
	/* Not all DRAM: byte by byte, so that the boot ROM and devices answer
	 * as they do to the hart. */
	for (size_t i = 0; i < len; i++) {
		uint64_t v;

		if (write && soc_store(soc, pa + i, 1, b[i]) != 0)
			return -1;
		if (!write && soc_load(soc, pa + i, 1, &v) != 0)
			return -1;
		if (!write)
			b[i] = (uint8_t)v;
	}
	return 0;
}

struct host_mem host_mem_of_soc(struct soc *soc)
{
	return (struct host_mem){ .access = host_mem_soc_access, .ctx = soc };
}
