/* Branch mispredictions: one loop, a branch on bit 63 of a xorshift64
 * state (a new pseudo-random bit every iteration, which no history-based
 * predictor can learn) or on that bit masked off (always the same way).
 * The mispredict counter must see about half the iterations in the first
 * case and almost none in the second, and the cycles the random branch
 * costs extra, per mispredict, must be a pipeline refill: 3 to 40 cycles.
 * The loop is bound by the front end, so this is the whole loss: the
 * wrong-path fetch from the branch's fetch to its resolution, then the
 * refill (4 to 5 cycles on the default config, 8 on the large one when
 * written). Both directions of the branch run two instructions and one
 * taken control transfer (the branch itself, or the jump after it), so the
 * loops differ in the predictions only. */
#include "uarch.h"

#define ITERS 2000

struct run {
	struct hpm d;
	uint64_t acc;
};

static void run(struct run *r, uint64_t mask)
{
	uint64_t x = 0x9e3779b97f4a7c15ull, acc = 0, n = ITERS, t;

	REG(x); REG(acc); REG(n); REG(mask);
	HPM_MEASURE(&r->d, __asm__ volatile (
		".balign 16\n"
		"1:\n\t"
		"slli	%[t], %[x], 13\n\t"
		"xor	%[x], %[x], %[t]\n\t"
		"srli	%[t], %[x], 7\n\t"
		"xor	%[x], %[x], %[t]\n\t"
		"slli	%[t], %[x], 17\n\t"
		"xor	%[x], %[x], %[t]\n\t"
		"srli	%[t], %[x], 63\n\t"
		"and	%[t], %[t], %[m]\n\t"
		"beqz	%[t], 2f\n\t"
		"addi	%[acc], %[acc], 3\n\t"
		"j	3f\n"
		"2:\n\t"
		"addi	%[acc], %[acc], 5\n\t"
		"addi	%[t], %[t], 0\n"
		"3:\n\t"
		"addi	%[n], %[n], -1\n\t"
		"bnez	%[n], 1b"
		: [x] "+r"(x), [acc] "+r"(acc), [n] "+r"(n), [t] "=&r"(t)
		: [m] "r"(mask)));
	r->acc = acc;
}

/* The same generator in C: what acc must come to. */
static uint64_t expected_acc(uint64_t mask)
{
	uint64_t x = 0x9e3779b97f4a7c15ull, acc = 0;

	for (int i = 0; i < ITERS; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		acc += (x >> 63 & mask) ? 3 : 5;
	}
	return acc;
}

int main(void)
{
	struct run rnd, fixed;
	uint64_t extra_cycles, extra_mis, cost_x10;
	char what[160];

	hpm_select(EV_BR_MISPRED, EV_ICACHE_MISS, EV_MEM_ORDER, EV_EXCEPTION);
	/* Warm the code and the predictor's view of the loop branch once. */
	run(&fixed, 0);
	run(&fixed, 0);
	run(&rnd, 1);
	run(&rnd, 1);

	extra_cycles = rnd.d.cycle > fixed.d.cycle ? rnd.d.cycle - fixed.d.cycle : 0;
	extra_mis = rnd.d.ev[0] > fixed.d.ev[0] ? rnd.d.ev[0] - fixed.d.ev[0] : 0;
	cost_x10 = extra_mis ? extra_cycles * 10 / extra_mis : 0;
	printf("mispredict-cost: %d iterations\n", ITERS);
	printf("  random branch:      %" PRIu64 " mispredicts (%" PRIu64 "%%), %" PRIu64
	       " cycles, %" PRIu64 " instructions\n", rnd.d.ev[0], rnd.d.ev[0] * 100 / ITERS,
	       rnd.d.cycle, rnd.d.instret);
	printf("  predictable branch: %" PRIu64 " mispredicts (%" PRIu64 "%%), %" PRIu64
	       " cycles, %" PRIu64 " instructions\n", fixed.d.ev[0],
	       fixed.d.ev[0] * 100 / ITERS, fixed.d.cycle, fixed.d.instret);
	printf("  cost: %" PRIu64 ".%" PRIu64 " cycles per mispredict\n",
	       cost_x10 / 10, cost_x10 % 10);

	check(rnd.acc == expected_acc(1) && fixed.acc == expected_acc(0), EXIT_SETUP,
	      "both loops computed the right result");
	check(rnd.d.instret == fixed.d.instret && rnd.d.ev[1] == 0 && fixed.d.ev[1] == 0 &&
	      rnd.d.ev[2] + rnd.d.ev[3] + fixed.d.ev[2] + fixed.d.ev[3] == 0, EXIT_SETUP,
	      "same instruction count, no I-cache miss, replay or exception in either loop");
	snprintf(what, sizeof(what), "random branch mispredicted in 35..65%% of iterations: %"
		 PRIu64 " of %d", rnd.d.ev[0], ITERS);
	check(rnd.d.ev[0] * 100 >= 35ull * ITERS && rnd.d.ev[0] * 100 <= 65ull * ITERS,
	      EXIT_CLAIM, what);
	snprintf(what, sizeof(what), "predictable branch mispredicted in < 1%% of iterations: %"
		 PRIu64, fixed.d.ev[0]);
	check(fixed.d.ev[0] * 100 < ITERS, EXIT_CLAIM, what);
	/* At least redirect, I-cache, fetch buffer and decode/dispatch, and
	 * issue/execute of the refetched path; at most a full ROB. */
	snprintf(what, sizeof(what), "a mispredict costs 3..40 cycles: %" PRIu64 ".%" PRIu64,
		 cost_x10 / 10, cost_x10 % 10);
	check(cost_x10 >= 30 && cost_x10 <= 400, EXIT_CLAIM, what);
	return uarch_finish("mispredict-cost");
}
