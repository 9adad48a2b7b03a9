/* Store queue full: stores leave the SQ only after commit, when the
 * D-cache takes them, and a store to a line that is not in the D-cache
 * waits there for the line (write-allocate from memory). A burst of stores
 * to cold lines longer than the SQ must fill it, so that dispatch stalls
 * (the SQ-full stall counter counts those cycles); a burst shorter than the
 * smallest SQ must not stall at all. Sizes: 2 x the largest SQ, and half
 * the smallest. */
#include "uarch.h"

#define LONG_BURST  (2 * CFG_MAX_SQ)
#define SHORT_BURST (CFG_MIN_SQ / 2)
#define STRIDE      (4096ul + LINE_BYTES)	/* another page, L1 set and LLC set */

/* n stores, one to each of n lines from base on; the SQ is empty before
 * (fence) and drained after, inside the region. */
static void burst(struct hpm *d, unsigned long base, unsigned long n)
{
	unsigned long stride = STRIDE, v = 0x5a5a;

	REG(base); REG(n); REG(stride); REG(v);
	__asm__ volatile ("fence" ::: "memory");
	HPM_MEASURE(d, __asm__ volatile (
		"1:\n\t"
		"sd	%[v], 0(%[p])\n\t"
		"add	%[p], %[p], %[s]\n\t"
		"addi	%[n], %[n], -1\n\t"
		"bnez	%[n], 1b\n\t"
		"fence"
		: [p] "+r"(base), [n] "+r"(n)
		: [s] "r"(stride), [v] "r"(v)
		: "memory"));
}

int main(void)
{
	struct hpm lng, shrt, warm;
	unsigned long cold = COLD_SLICE(1);
	uint64_t bad = 0;
	char what[160];

	hpm_select(EV_SQ_FULL, EV_DCACHE_MISS, EV_MEM_ORDER, EV_EXCEPTION);
	/* A first short burst warms the code. */
	burst(&warm, cold, SHORT_BURST);
	cold += 1ul << 20;
	burst(&shrt, cold, SHORT_BURST);
	cold += 1ul << 20;
	burst(&lng, cold, LONG_BURST);

	/* The stores landed. */
	for (unsigned long i = 0; i < LONG_BURST; i++)
		bad += *(volatile uint64_t *)(cold + i * STRIDE) != 0x5a5a;

	printf("sq-full-stall: SQ %d..%d entries\n", CFG_MIN_SQ, CFG_MAX_SQ);
	printf("  %3d stores: %" PRIu64 " SQ-full stall cycles, %" PRIu64 " cycles (%" PRIu64
	       " per store)\n", LONG_BURST, lng.ev[0], lng.cycle, lng.cycle / LONG_BURST);
	printf("  %3d stores: %" PRIu64 " SQ-full stall cycles, %" PRIu64 " cycles (%" PRIu64
	       " per store)\n", SHORT_BURST, shrt.ev[0], shrt.cycle, shrt.cycle / SHORT_BURST);

	check(bad == 0 && lng.ev[2] + lng.ev[3] + shrt.ev[2] + shrt.ev[3] == 0, EXIT_SETUP,
	      "every store landed; no replay or exception");
	/* Each store drains only when its line is in: a short burst costs
	 * about one miss per store too, or the lines were not cold. */
	check(shrt.cycle >= SHORT_BURST * 40ull, EXIT_SETUP,
	      "stores to cold lines take a memory access each");
	/* At least LONG_BURST - the largest SQ stores wait for a slot, each
	 * while one store miss is served (tens of cycles). */
	snprintf(what, sizeof(what), "%d stores to cold lines stall dispatch: %" PRIu64
		 " cycles >= %d", LONG_BURST, lng.ev[0], (LONG_BURST - CFG_MAX_SQ) * 10);
	check(lng.ev[0] >= (LONG_BURST - CFG_MAX_SQ) * 10ull, EXIT_CLAIM, what);
	snprintf(what, sizeof(what), "%d stores do not: %" PRIu64 " cycles == 0",
		 SHORT_BURST, shrt.ev[0]);
	check(shrt.ev[0] == 0, EXIT_CLAIM, what);
	return uarch_finish("sq-full-stall");
}
