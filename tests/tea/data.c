/* Two arrays that loads read: one eight times the L1 D-cache, walked a
 * line at a time (each of its loads misses), and one that fits, read over
 * and over in between (its loads hit). TEA's samples carry the loads' data
 * addresses: teaperf report --sort data names both arrays, the large one
 * first and blamed on the L1 misses, the small one with Base cycles
 * (tests/tea/data-report.sh). */
#include <stdint.h>
#include <stdio.h>

#define BIG_LINES 4096		/* 256 KiB */
#define ROUNDS 4

/* initialized, so in .data: the loader writes it, no start-up code
 * clears it (its stores would be big's cycles too) */
uint64_t big[BIG_LINES * 8] = { 1 };
uint64_t small[64] = { 2 };

uint64_t __attribute__((noinline)) walk(unsigned rounds)
{
	uint64_t s = 0;

	for (unsigned r = 0; r < rounds; r++) {
		for (unsigned i = 0; i < BIG_LINES; i++) {
			s += big[8 * i];
			for (unsigned k = 0; k < 8; k++)
				s += small[(i + k) & 63];
		}
	}
	return s;
}

int main(void)
{
	uint64_t s = walk(ROUNDS);

	printf("data: %u lines of big, %u reads of small\n", ROUNDS * BIG_LINES,
	       ROUNDS * BIG_LINES * 8);
	return s != ROUNDS * (1 + 2 * 8 * BIG_LINES / 64);
}
