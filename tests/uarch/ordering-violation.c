/* Loads run ahead of older stores whose address is not known yet; when the
 * store's address turns out to overlap the load, the load is replayed (a
 * memory-ordering violation, flushed at commit). Each iteration here: a
 * store whose address comes out of two divisions (about 130 cycles), then a
 * load whose address is ready at once.
 * - aliasing: the load reads the stored word. It must return the value
 *   just stored, and the violation counter must count exactly one per
 *   iteration;
 * - the load reads another word of the same line, or another line: the
 *   counter must not move (and the value is the one there). */
#include "uarch.h"

#define ITERS 40

static uint64_t slot[16] __attribute__((aligned(64)));
static uint64_t other_line[8] __attribute__((aligned(64)));

struct run {
	struct hpm d;
	uint64_t sum;		/* of the values loaded */
};

/* ITERS times: store i * 3 + 1 to *st (address late), load *ld. */
static void run(struct run *r, uint64_t *st, uint64_t *ld)
{
	unsigned long one = 1, sp = (unsigned long)st, lp = (unsigned long)ld;
	uint64_t sum = 0, n = ITERS, v = 1;
	unsigned long a, x;

	REG(one); REG(sp); REG(lp); REG(n); REG(v); REG(sum);
	HPM_MEASURE(&r->d, __asm__ volatile (
		"1:\n\t"
		"divu	%[a], %[sp], %[one]\n\t"
		"divu	%[a], %[a], %[one]\n\t"
		"sd	%[v], 0(%[a])\n\t"
		"ld	%[x], 0(%[lp])\n\t"
		"add	%[sum], %[sum], %[x]\n\t"
		"addi	%[v], %[v], 3\n\t"
		"addi	%[n], %[n], -1\n\t"
		"bnez	%[n], 1b"
		: [a] "=&r"(a), [x] "=&r"(x), [sum] "+r"(sum), [v] "+r"(v), [n] "+r"(n)
		: [sp] "r"(sp), [one] "r"(one), [lp] "r"(lp)
		: "memory"));
	r->sum = sum;
}

int main(void)
{
	struct run alias, same_line, far;
	uint64_t expect_alias = 0;
	char what[160];

	for (int i = 0; i < ITERS; i++)
		expect_alias += (uint64_t)i * 3 + 1;
	slot[1] = 1000;
	other_line[0] = 2000;

	hpm_select(EV_MEM_ORDER, EV_BR_MISPRED, EV_EXCEPTION, 0);
	/* Once each to warm the code and the lines, then measured. */
	run(&alias, &slot[0], &slot[0]);
	run(&alias, &slot[0], &slot[0]);
	run(&same_line, &slot[0], &slot[1]);
	run(&same_line, &slot[0], &slot[1]);
	run(&far, &slot[0], &other_line[0]);
	run(&far, &slot[0], &other_line[0]);

	printf("ordering-violation: %d iterations\n", ITERS);
	printf("  aliasing:        %" PRIu64 " violations, %" PRIu64 " cycles, sum %" PRIu64
	       " (expected %" PRIu64 ")\n", alias.d.ev[0], alias.d.cycle, alias.sum, expect_alias);
	printf("  same line:       %" PRIu64 " violations, %" PRIu64 " cycles, sum %" PRIu64 "\n",
	       same_line.d.ev[0], same_line.d.cycle, same_line.sum);
	printf("  other line:      %" PRIu64 " violations, %" PRIu64 " cycles, sum %" PRIu64 "\n",
	       far.d.ev[0], far.d.cycle, far.sum);
	printf("  replay cost:     %" PRIu64 " cycles per violation\n",
	       alias.d.ev[0] ? (alias.d.cycle - min_u64(alias.d.cycle, far.d.cycle)) /
	       alias.d.ev[0] : 0);

	check(alias.sum == expect_alias && same_line.sum == 1000 * ITERS &&
	      far.sum == 2000 * ITERS, EXIT_SETUP, "every load returned the right value");
	check(alias.d.ev[2] + same_line.d.ev[2] + far.d.ev[2] == 0, EXIT_SETUP,
	      "no exception in the loops");
	snprintf(what, sizeof(what), "aliasing load ahead of its store: %" PRIu64
		 " violations == %d iterations", alias.d.ev[0], ITERS);
	check(alias.d.ev[0] == ITERS, EXIT_CLAIM, what);
	snprintf(what, sizeof(what), "load of another word of the line: %" PRIu64
		 " violations == 0", same_line.d.ev[0]);
	check(same_line.d.ev[0] == 0, EXIT_CLAIM, what);
	snprintf(what, sizeof(what), "load of another line: %" PRIu64 " violations == 0",
		 far.d.ev[0]);
	check(far.d.ev[0] == 0, EXIT_CLAIM, what);
	return uarch_finish("ordering-violation");
}
