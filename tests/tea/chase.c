/* A chain of dependent loads that miss in the L1 D-cache and the LLC: the
 * time is the load's, as ST-L1 and ST-LLC. Each load's address depends on
 * the value the previous load returned (memory that was never written holds
 * zero, so the value adds nothing but the dependence), plus a pseudo-random
 * line offset in 512 KiB, twice the default config's LLC: most loads miss
 * both levels and none can start before the one before it is done. */
#include <stdint.h>
#include <stdio.h>

#define SPAN (512 * 1024)
#define STEPS 4000

extern char __heap_start[];	/* tea-baremetal.ld: 1 MiB, never written */

static uint64_t __attribute__((noinline)) chase(uintptr_t base, uint64_t x, unsigned steps)
{
	uintptr_t p = base;

	for (unsigned i = 0; i < steps; i++) {
		uint64_t v;

		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		__asm__ volatile(".globl tea_chase_load\n"
				 "tea_chase_load:\n\t"
				 "ld %0, 0(%1)"
				 : "=r"(v) : "r"(p) : "memory");
		p = base + (x & (SPAN - 64)) + v;
	}
	return p - base;
}

int main(void)
{
	uintptr_t base = ((uintptr_t)__heap_start + 63) & ~(uintptr_t)63;
	uint64_t x = 88172645463325252ull, want = 0;
	uint64_t got = chase(base, x, STEPS);

	for (unsigned i = 0; i < STEPS; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		want = x & (SPAN - 64);
	}
	if (got != want) {
		printf("chase: ended at offset %llu, expected %llu (memory not zero?)\n",
		       (unsigned long long)got, (unsigned long long)want);
		return 1;
	}
	printf("chase: %u dependent missing loads\n", STEPS);
	return 0;
}
