/* Store queue full: stores leave the SQ only after commit, when the
 * D-cache takes them, and a store to a line that is not in the D-cache
 * waits there for the line (write-allocate from memory). The committed
 * stores behind it prefetch their lines, so the misses of a run of stores
 * overlap: a burst shorter than the smallest SQ takes less than half the
 * time of its stores' misses one after another (one store alone measures a
 * miss), and must not stall dispatch at all. A burst of stores to cold
 * lines longer than the SQ must fill it, so that dispatch stalls (the
 * SQ-full stall counter counts those cycles). Sizes: 2 x the largest SQ,
 * and half the smallest. */
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
	struct hpm lng, shrt, one, warm;
	unsigned long cold = COLD_SLICE(1);
	uint64_t bad = 0;
	char what[160];

	hpm_select(EV_SQ_FULL, EV_LLC_MISS, EV_MEM_ORDER, EV_EXCEPTION);
	/* A first short burst warms the code. */
	burst(&warm, cold, SHORT_BURST);
	cold += 1ul << 20;
	burst(&one, cold, 1);
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
	printf("    1 store:  %" PRIu64 " cycles; LLC misses %" PRIu64 ", %" PRIu64
	       " and %" PRIu64 "\n", one.cycle, one.ev[1], shrt.ev[1], lng.ev[1]);

	check(bad == 0 && lng.ev[2] + lng.ev[3] + shrt.ev[2] + shrt.ev[3] == 0, EXIT_SETUP,
	      "every store landed; no replay or exception");
	/* At least half: enough to show cold lines (the large config counts
	 * 127 of 128 in the long burst). */
	check(one.ev[1] >= 1 && shrt.ev[1] >= SHORT_BURST / 2 && lng.ev[1] >= LONG_BURST / 2 &&
	      one.cycle >= 40, EXIT_SETUP, "the stores' lines come from memory");
	snprintf(what, sizeof(what), "%d stores to cold lines overlap their misses: %" PRIu64
		 " cycles < %d x %" PRIu64 " / 2", SHORT_BURST, shrt.cycle, SHORT_BURST, one.cycle);
	check(shrt.cycle * 2 < SHORT_BURST * one.cycle, EXIT_CLAIM, what);
	/* At least LONG_BURST - the largest SQ stores wait for a slot, each
	 * while the misses of up to CFG_MAX_L1D_MSHRS stores are served. */
	snprintf(what, sizeof(what), "%d stores to cold lines stall dispatch: %" PRIu64
		 " cycles >= %" PRIu64, LONG_BURST, lng.ev[0],
		 (LONG_BURST - CFG_MAX_SQ) * one.cycle / (2 * CFG_MAX_L1D_MSHRS));
	check(lng.ev[0] >= (LONG_BURST - CFG_MAX_SQ) * one.cycle / (2 * CFG_MAX_L1D_MSHRS),
	      EXIT_CLAIM, what);
	snprintf(what, sizeof(what), "%d stores do not: %" PRIu64 " cycles == 0",
		 SHORT_BURST, shrt.ev[0]);
	check(shrt.ev[0] == 0, EXIT_CLAIM, what);
	return uarch_finish("sq-full-stall");
}
