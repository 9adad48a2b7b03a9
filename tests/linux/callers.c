/* A user program of the Linux image whose time goes to a function three
 * calls deep, for call chains (teaperf record -g, tests/linux/perf.sh):
 * main calls outer, outer middle, middle leaf, whose loop does arithmetic,
 * N rounds (default 2000). Built with frame pointers (driver/linux/linux.mk),
 * which the kernel's unwinder of user stacks walks. Prints a checksum,
 * exits with 0. */
#include <stdio.h>
#include <stdlib.h>

static unsigned long __attribute__((noinline)) mix(unsigned long a, unsigned long b)
{
	return a ^ (b << 1);
}

/*
 * The call to mix makes GCC keep leaf's frame record (saved fp and ra at
 * the frame pointer): a function that calls nothing saves fp alone, where
 * the unwinder reads the record, and the chain of its samples would end
 * after its caller (docs/linux.md).
 */
static unsigned long __attribute__((noinline)) leaf(unsigned long rounds, unsigned long seed)
{
	unsigned long a = seed, b = 2;

	for (unsigned long r = 0; r < rounds * 16; r++) {
		a = a * 3 + b;
		b ^= a >> 7;
	}
	return mix(a, b) + 1;
}

static unsigned long __attribute__((noinline)) middle(unsigned long rounds, unsigned long seed)
{
	return leaf(rounds, seed) ^ seed;
}

static unsigned long __attribute__((noinline)) outer(unsigned long rounds)
{
	return middle(rounds, rounds + 1) + 1;
}

int main(int argc, char **argv)
{
	unsigned long rounds = argc > 1 ? (unsigned long)atol(argv[1]) : 2000;

	printf("callers: %lu\n", outer(rounds));
	return 0;
}
