/* A loop branch that straddles two fetch blocks must be predicted like any
 * other. The inner loop's 32-bit bnez starts 2 bytes before a 16-byte
 * boundary (so it straddles the 8-byte blocks of the default config and
 * the 16-byte ones of the large config), and the outer loop's bnez follows
 * it in the block that completes it. The front end fetches that block
 * for the straddler's upper half; the predictor must not take the outer
 * branch's lookup there as fetched, and the straddler must be trained at
 * the history it was predicted with. The outer branch and the inner loop's
 * exit form a pattern of INNER + 1 outcomes, shorter than the global
 * history of either config, so once warm the loop should hardly
 * mispredict. */
#include "uarch.h"

#define OUTER 1000
#define INNER 4

struct run {
	struct hpm d;
	uint64_t acc;
};

static void run(struct run *r)
{
	uint64_t acc = 0, n = OUTER, i;

	REG(acc); REG(n);
	HPM_MEASURE(&r->d, __asm__ volatile (
		".option push\n\t"
		".option norvc\n\t"
		".balign 16\n"
		"1:\n\t"
		"addi	%[n], %[n], -1\n\t"         /* +0 */
		"addi	%[i], zero, %[inner]\n"     /* +4 */
		"2:\n\t"
		"addi	%[acc], %[acc], 1\n\t"      /* +8 */
		".option rvc\n\t"
		"c.addi	%[i], -1\n\t"               /* +12, 2 bytes */
		".option norvc\n\t"
		"bnez	%[i], 2b\n\t"               /* +14..+17: straddles */
		"bnez	%[n], 1b\n\t"               /* +18, in the next block */
		".option pop"
		: [acc] "+r"(acc), [n] "+r"(n), [i] "=&r"(i)
		: [inner] "i"(INNER)));
	r->acc = acc;
}

int main(void)
{
	struct run r;
	char what[160];

	hpm_select(EV_BR_MISPRED, EV_ICACHE_MISS, EV_MEM_ORDER, EV_EXCEPTION);
	run(&r);	/* warm the I-cache and the predictor */
	run(&r);

	printf("straddle-branch: %d x %d iterations, %" PRIu64 " mispredicts, %" PRIu64
	       " cycles, %" PRIu64 " instructions\n", OUTER, INNER, r.d.ev[0], r.d.cycle,
	       r.d.instret);
	check(r.acc == (uint64_t)OUTER * INNER, EXIT_SETUP, "the loop computed the right count");
	check(r.d.ev[1] + r.d.ev[2] + r.d.ev[3] == 0, EXIT_SETUP,
	      "no I-cache miss, replay or exception in the measured run");
	snprintf(what, sizeof(what), "fewer mispredicts than 5%% of the outer iterations: %"
		 PRIu64 " of %d", r.d.ev[0], OUTER);
	check(r.d.ev[0] * 100 < 5ull * OUTER, EXIT_CLAIM, what);
	return uarch_finish("straddle-branch");
}
