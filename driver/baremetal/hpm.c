/* Counting every hardware performance event at once. */
#include "tea/baremetal.h"
#include "tea/hpm.h"

static const char *const names[TEA_HPM_NUM_EVENTS] = {
	"icache-miss", "itlb-miss", "dcache-miss", "dtlb-miss", "llc-miss",
	"br-mispred", "mem-order", "sq-full", "exception", "interrupt",
	"store-error",
};

const char *bm_hpm_event_name(unsigned e)
{
	return e >= 1 && e <= TEA_HPM_NUM_EVENTS ? names[e - 1] : 0;
}

/* CSR numbers are immediates: one line per counter. */
#define COUNT(n, e) do { csr_write(mhpmevent##n, e); csr_write(mhpmcounter##n, 0); } while (0)

void bm_hpm_count_all(void)
{
	COUNT(3, EV_ICACHE_MISS);
	COUNT(4, EV_ITLB_MISS);
	COUNT(5, EV_DCACHE_MISS);
	COUNT(6, EV_DTLB_MISS);
	COUNT(7, EV_LLC_MISS);
	COUNT(8, EV_BR_MISPRED);
	COUNT(9, EV_MEM_ORDER);
	COUNT(10, EV_SQ_FULL);
	COUNT(11, EV_EXCEPTION);
	COUNT(12, EV_INTERRUPT);
	COUNT(13, EV_ST_ERROR);
	csr_write(mcounteren, 0xfffffffful);
}

void bm_hpm_read_all(uint64_t v[])
{
	v[0] = csr_read(hpmcounter3);
	v[1] = csr_read(hpmcounter4);
	v[2] = csr_read(hpmcounter5);
	v[3] = csr_read(hpmcounter6);
	v[4] = csr_read(hpmcounter7);
	v[5] = csr_read(hpmcounter8);
	v[6] = csr_read(hpmcounter9);
	v[7] = csr_read(hpmcounter10);
	v[8] = csr_read(hpmcounter11);
	v[9] = csr_read(hpmcounter12);
	v[10] = csr_read(hpmcounter13);
}
