/* A user program of the Linux image with known hot spots: a pointer chase
 * over 256 KiB (loads that miss) and an arithmetic loop, N rounds each
 * (default 2000). Prints a checksum, exits with 0. */
#include <stdio.h>
#include <stdlib.h>

#define NODES 32768

static unsigned long next[NODES];

static unsigned long __attribute__((noinline)) chase(unsigned long rounds)
{
	unsigned long i = 0;

	for (unsigned long r = 0; r < rounds * 16; r++)
		i = next[i];
	return i;
}

static unsigned long __attribute__((noinline)) compute(unsigned long rounds)
{
	unsigned long a = 1, b = 2;

	for (unsigned long r = 0; r < rounds * 16; r++) {
		a = a * 3 + b;
		b ^= a >> 7;
	}
	return a + b;
}

int main(int argc, char **argv)
{
	unsigned long rounds = argc > 1 ? (unsigned long)atol(argv[1]) : 2000;

	/* a cycle through every node, 4099 nodes (about 32 KiB) apart */
	for (unsigned long k = 0; k < NODES; k++)
		next[(k * 4099) % NODES] = ((k + 1) * 4099) % NODES;
	printf("loop: %lu %lu\n", chase(rounds), compute(rounds));
	return 0;
}
