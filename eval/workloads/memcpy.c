/* memcpy: store-heavy copying of large buffers, the shape of memcpy and
 * memset in network stacks, file systems and garbage collectors. A buffer
 * is filled with a pattern (stores only), copied forwards in 64-byte
 * strides (eight loads, eight stores), copied again with an overlap
 * backwards (memmove), and checked. The store queue, the D-cache's write
 * allocation and the DRAM bandwidth are what limit it.
 *
 * Check: every word of every copy holds what the pattern says. */
#include <stdint.h>

#define WL_NAME "memcpy"
#define WL_MODE PRV_S
#ifndef SCALE
#define SCALE 40
#endif

#define WORDS (8192ul * SCALE)	/* 64 KiB per SCALE */
#define ROUNDS 4
#define SHIFT 24		/* words the memmove moves the data by */

#define WL_ARENA (2 * WORDS * 8 + SHIFT * 8 + 4096)

#include "workload.h"

static inline uint64_t pattern(unsigned long i, unsigned round)
{
	return i * 0x0101010101010101ull ^ ((uint64_t)round << 56 | i << 3);
}

static void fill(uint64_t *dst, unsigned long words, unsigned round)
{
	for (unsigned long i = 0; i < words; i++)
		dst[i] = pattern(i, round);
}

/* words is a multiple of 8. */
static void copy_forward(uint64_t *restrict dst, const uint64_t *restrict src, unsigned long words)
{
	for (unsigned long i = 0; i < words; i += 8) {
		uint64_t a = src[i], b = src[i + 1], c = src[i + 2], d = src[i + 3];
		uint64_t e = src[i + 4], f = src[i + 5], g = src[i + 6], h = src[i + 7];

		dst[i] = a;
		dst[i + 1] = b;
		dst[i + 2] = c;
		dst[i + 3] = d;
		dst[i + 4] = e;
		dst[i + 5] = f;
		dst[i + 6] = g;
		dst[i + 7] = h;
	}
}

/* Overlapping, dst above src: from the top down, 4 words a time. */
static void move_backward(uint64_t *dst, const uint64_t *src, unsigned long words)
{
	for (unsigned long i = words; i >= 4; i -= 4) {
		uint64_t a = src[i - 1], b = src[i - 2], c = src[i - 3], d = src[i - 4];

		dst[i - 1] = a;
		dst[i - 2] = b;
		dst[i - 3] = c;
		dst[i - 4] = d;
	}
}

static long wl_run(void)
{
	uint64_t *src = wl_alloc(WORDS * 8), *dst = wl_alloc(WORDS * 8 + SHIFT * 8);

	for (unsigned round = 0; round < ROUNDS; round++) {
		fill(src, WORDS, round);
		copy_forward(dst, src, WORDS);
		move_backward(dst + SHIFT, dst, WORDS);
		for (unsigned long i = 0; i < WORDS; i += 1) {
			if (dst[i + SHIFT] != pattern(i, round))
				WL_FAIL("round %u: word %lu is %" PRIx64 ", expected %" PRIx64,
					round, i, dst[i + SHIFT], pattern(i, round));
		}
	}
	printf(WL_NAME ": %lu KiB buffers, %d rounds\n", WORDS / 128, ROUNDS);
	return 0;
}

WL_MAIN
