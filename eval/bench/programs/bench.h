/* What the benchmark programs share: a xorshift generator seeded with
 * BENCH_SEED (each program defines it before including this), and the
 * count of failed self-checks that becomes the exit code. */
#ifndef TEA_BENCH_H
#define TEA_BENCH_H

#include <stdint.h>
#include <stdio.h>

static uint32_t rng = BENCH_SEED;
static int failures;

static inline uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

static inline void check(int ok, const char *what, int round)
{
	if (!ok) {
		printf("FAIL %s (round %d)\n", what, round);
		failures++;
	}
}

#endif
