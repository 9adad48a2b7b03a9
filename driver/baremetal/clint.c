/* The CLINT's machine timer. */
#include <stdint.h>

#include "tea/baremetal.h"

#define CLINT_MTIMECMP 0x4000   /* one 64-bit compare register per hart */
#define CLINT_MTIME    0xbff8

uint64_t bm_mtime(void)
{
	return *(volatile uint64_t *)(BM_CLINT_BASE + CLINT_MTIME);
}

void bm_set_timecmp(uint64_t when)
{
	volatile uint64_t *cmp = (volatile uint64_t *)(BM_CLINT_BASE + CLINT_MTIMECMP);

	cmp[bm_hartid()] = when;
}
