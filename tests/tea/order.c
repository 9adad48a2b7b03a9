/* A load that runs ahead of an older store whose address comes late (from
 * a division) and that turns out to alias it: a memory-ordering violation
 * every iteration, and the flush is the load's (FL-MO on it). */
#include <stdint.h>
#include <stdio.h>

#define ITERS 12000

static uint64_t __attribute__((noinline)) run(volatile uint64_t *buf, uint64_t seven, unsigned n)
{
	uint64_t sum = 0;

	for (unsigned i = 0; i < n; i++) {
		uint64_t v;

		/* the store's address is buf + (7*i)/7 * 8 = buf + 8i, known only
		 * after the division; the load's is buf + 8i at once */
		__asm__ volatile("mul t0, %[i], %[seven]\n\t"
				 "divu t0, t0, %[seven]\n\t"
				 "slli t0, t0, 3\n\t"
				 "add t0, t0, %[buf]\n\t"
				 "sd %[i], 0(t0)\n\t"
				 "slli t1, %[i], 3\n\t"
				 "add t1, t1, %[buf]\n\t"
				 ".globl tea_order_load\n"
				 "tea_order_load:\n\t"
				 "ld %[v], 0(t1)"
				 : [v] "=&r"(v)
				 : [i] "r"((uint64_t)(i & 63)), [seven] "r"(seven), [buf] "r"(buf)
				 : "t0", "t1", "memory");
		sum += v;
	}
	return sum;
}

int main(void)
{
	static volatile uint64_t buf[64];
	uint64_t sum = run(buf, 7, ITERS), want = 0;

	for (unsigned i = 0; i < ITERS; i++)
		want += i & 63;
	if (sum != want) {
		printf("order: sum %llu, expected %llu\n", (unsigned long long)sum,
		       (unsigned long long)want);
		return 1;
	}
	printf("order: %u store-load pairs\n", ITERS);
	return 0;
}
