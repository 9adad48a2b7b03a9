/* The core's hardware performance events: the numbers software writes to
 * mhpmevent3..31 to make the matching mhpmcounter count an event, used by
 * the bare-metal runtime and the tests.
 * rtl/include/hpm_events.svh holds the same numbers for the RTL; a unit
 * test checks that the two agree. Never renumber. */
#ifndef TEA_HPM_H
#define TEA_HPM_H

enum tea_hpm_event {
	EV_ICACHE_MISS = 1,
	EV_ITLB_MISS   = 2,
	EV_DCACHE_MISS = 3,	/* loads only */
	EV_DTLB_MISS   = 4,
	EV_LLC_MISS    = 5,	/* line reads from memory, I and D side */
	EV_BR_MISPRED  = 6,
	EV_MEM_ORDER   = 7,
	EV_SQ_FULL     = 8,	/* cycles */
	EV_EXCEPTION   = 9,
	EV_INTERRUPT   = 10,
	EV_ST_ERROR    = 11,	/* committed stores lost to a bus error */
};

#define TEA_HPM_NUM_EVENTS 11

#endif
