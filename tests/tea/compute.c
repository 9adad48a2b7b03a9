/* Independent ALU work with no event: every cycle is Base, shared out over
 * the instructions that commit together. */
#include <stdint.h>
#include <stdio.h>

#define ITERS 30000

static uint64_t __attribute__((noinline, noclone)) run(unsigned n)
{
	uint64_t a = 1, b = 2, c = 3, d = 4;

	for (unsigned i = 0; i < n; i++)
		__asm__ volatile("addi %0, %0, 3\n\t"
				 "xori %1, %1, 5\n\t"
				 "addi %2, %2, 7\n\t"
				 "xori %3, %3, 9\n\t"
				 "addi %0, %0, 11\n\t"
				 "xori %1, %1, 13\n\t"
				 "addi %2, %2, 15\n\t"
				 "xori %3, %3, 17"
				 : "+r"(a), "+r"(b), "+r"(c), "+r"(d));
	return a + b + c + d;
}

int main(void)
{
	uint64_t r = run(ITERS), want;

	/* b and d toggle: xori 5 then 13 is xor 8, 9 then 17 is xor 24 */
	want = (1 + 14ull * ITERS) + (ITERS % 2 ? 2 ^ 8 : 2) + (3 + 22ull * ITERS) +
	       (ITERS % 2 ? 4 ^ 24 : 4);
	if (r != want) {
		printf("compute: %llu, expected %llu\n", (unsigned long long)r,
		       (unsigned long long)want);
		return 1;
	}
	printf("compute: done\n");
	return 0;
}
