/* tlb: random read-modify-writes of one word each over many pages, the
 * shape of HPCC RandomAccess (GUPS) and of hash joins much larger than
 * the TLB reach: nearly every update lands on a page the TLBs do not hold
 * (8 or 32 entries of 4 KiB) and a line no cache holds.
 *
 * Check (as GUPS does it): the updates are xors from a pseudo-random
 * stream; running the same stream again undoes them, and the table must
 * then hold its initial contents again. */
#include <stdint.h>

#define WL_NAME "tlb"
#define WL_MODE PRV_S
#ifndef SCALE
#define SCALE 32
#endif

#define WORDS (32768ul * SCALE)	/* 256 KiB per SCALE; a power of two when SCALE is */
#define UPDATES (WORDS / 4)
#define POLY 0x0000000000000007ull

#define WL_ARENA (WORDS * 8 + 4096)

#include "workload.h"

/* HPCC's stream: a shift register over GF(2). */
static inline uint64_t next_ran(uint64_t r)
{
	return (r << 1) ^ ((int64_t)r < 0 ? POLY : 0);
}

static void updates(uint64_t *table)
{
	uint64_t ran = 1;

	for (unsigned long i = 0; i < UPDATES; i++) {
		ran = next_ran(ran);
		/* Scrambled so that consecutive updates hit far-apart pages. */
		table[(ran * 0x9e3779b97f4a7c15ull >> 17) % WORDS] ^= ran;
	}
}

static long wl_run(void)
{
	uint64_t *table = wl_alloc(WORDS * 8);
	unsigned long changed = 0;

	for (unsigned long i = 0; i < WORDS; i++)
		table[i] = i;
	updates(table);
	for (unsigned long i = 0; i < WORDS; i += 64)
		changed += table[i] != i;
	updates(table);
	for (unsigned long i = 0; i < WORDS; i++)
		if (table[i] != i)
			WL_FAIL("word %lu is %" PRIx64 " after undoing the updates", i, table[i]);
	if (changed == 0)
		WL_FAIL("the updates changed nothing");
	printf(WL_NAME ": %lu words (%lu pages), 2 x %lu updates\n", WORDS, WORDS / 512, UPDATES);
	return 0;
}

WL_MAIN
