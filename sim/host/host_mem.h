/* How the host reaches target memory: HTIF's syscall blocks, semihosting's
 * buffers, the sample log and the signature read at the end of a run. On
 * the ISS that is the SoC's memory itself; on the RTL it is the SoC's
 * coherent host port, so that the host reads what the program last wrote,
 * wherever it sits in the caches, and the program's next load sees what
 * the host wrote. */
#ifndef TEA_SIM_HOST_MEM_H
#define TEA_SIM_HOST_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "soc/soc.h"

struct host_mem {
	/* Copies len bytes at physical address pa to or from buf. Returns 0,
	 * or -1 when part of the range is not memory (nothing is written
	 * then) or the access failed. */
	int (*access)(void *ctx, uint64_t pa, void *buf, size_t len, bool write);
	void *ctx;
};

static inline int host_mem_read(const struct host_mem *m, uint64_t pa, void *buf, size_t len)
{
	return m->access(m->ctx, pa, buf, len, false);
}

static inline int host_mem_write(const struct host_mem *m, uint64_t pa, const void *buf, size_t len)
{
	/* access only reads buf when writing */
	return m->access(m->ctx, pa, (void *)(uintptr_t)buf, len, true);
}

/* The SoC's own memory and devices, as a load or store of the ISS reaches
 * them. */
struct host_mem host_mem_of_soc(struct soc *soc);
int host_mem_soc_access(void *soc, uint64_t pa, void *buf, size_t len, bool write);

#endif
