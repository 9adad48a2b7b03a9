/* A branch on a pseudo-random bit: about half of its executions are
 * mispredicted, and the refill after each is the branch's fault (FL-MB on
 * the branch, not on the instruction after it). */
#include <stdint.h>
#include <stdio.h>

#define ITERS 20000

static uint64_t __attribute__((noinline)) run(uint64_t x, unsigned n)
{
	uint64_t taken = 0;

	for (unsigned i = 0; i < n; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		__asm__ volatile("andi t0, %1, 1\n\t"
				 ".globl tea_branch\n"
				 "tea_branch:\n\t"
				 "beqz t0, 1f\n\t"
				 "addi %0, %0, 1\n"
				 "1:"
				 : "+r"(taken) : "r"(x) : "t0");
	}
	return taken;
}

int main(void)
{
	uint64_t taken = run(88172645463325252ull, ITERS);

	/* an xorshift's low bit is set about half of the time */
	if (taken < ITERS / 3 || taken > 2 * ITERS / 3) {
		printf("branch: %llu of %u odd\n", (unsigned long long)taken, ITERS);
		return 1;
	}
	printf("branch: %llu of %u taken\n", (unsigned long long)taken, ITERS);
	return 0;
}
