/* Bursts of stores to lines that miss: they drain slowly after commit, the
 * store queue fills, and the next store cannot dispatch (DR-SQ on it). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

extern char __heap_start[];	/* tea-baremetal.ld: 1 MiB, not cleared */

#define BYTES (64 * 1024)
#define LINES (BYTES / 64)
#define ROUNDS 16

static void __attribute__((noinline)) burst(uint8_t *p, unsigned lines, uint64_t v)
{
	for (unsigned i = 0; i < lines; i++)
		__asm__ volatile(".globl tea_store\n"
				 "tea_store:\n\t"
				 "sd %0, 0(%1)"
				 : : "r"(v + i), "r"(p + 64ul * i) : "memory");
}

int main(void)
{
	/* the runtime's heap, used directly: malloc would clear it byte by byte */
	uint8_t *p = (uint8_t *)(((uintptr_t)__heap_start + 63) & ~(uintptr_t)63);

	for (unsigned r = 0; r < ROUNDS; r++)
		burst(p, LINES, r * 1000);
	for (unsigned i = 0; i < LINES; i++) {
		if (*(uint64_t *)(p + 64ul * i) != (ROUNDS - 1) * 1000 + i) {
			printf("store-burst: line %u holds the wrong value\n", i);
			return 1;
		}
	}
	printf("store-burst: %u stores\n", ROUNDS * LINES);
	return 0;
}
