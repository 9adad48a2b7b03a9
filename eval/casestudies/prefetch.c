/* Case study: a memory-bound loop and software prefetching
 * (docs/casestudies.md; the TEA paper's lbm). A stream reads each word of
 * an array (64 KiB per SCALE, the LLC's size at the default SCALE of 4)
 * and writes a second array of the same size, both in DRAM nobody has
 * touched: every line of both misses the LLC. The
 * loads' misses dominate; prefetch.r (Zicbop) DIST lines ahead of the
 * loads hides them, and the bottleneck moves to the stores, whose lines
 * the store queue fetches one at a time when it drains (DR-SQ).
 * Built once per prefetch distance: -DDIST=0 (none), 1, 2, 4, ...; with
 * -DPREFETCH_DST the destination is prefetched too (prefetch.w), so that
 * the stores hit as well.
 *
 * Runs in M mode on DRAM nobody has written before (reads as zero, so
 * the result is known). */
#include <stdint.h>
#include <stdio.h>

#include "tea/baremetal.h"

#ifndef SCALE
#define SCALE 4
#endif
#ifndef DIST
#define DIST 0
#endif
#ifdef PREFETCH_DST
#define DST_NAME ", destination too"
#else
#define DST_NAME ""
#endif
#define ELEMS (SCALE * 8192u)			/* uint64_t: 64 KiB per SCALE */
#define SRC ((uint64_t *)0x88000000ul)		/* untouched DRAM */
#define DST ((uint64_t *)0x89000000ul)

/* prefetch.r/prefetch.w OFF(base): ori x0, base, OFF with OFF's low five
 * bits 00001 or 00011 */
#define PREFETCH_R(p, off) __asm__ volatile("ori x0, %0, %1" :: "r"(p), "i"((off) | 1))
#define PREFETCH_W(p, off) __asm__ volatile("ori x0, %0, %1" :: "r"(p), "i"((off) | 3))

static void __attribute__((noinline, noclone)) stream(const uint64_t *src, uint64_t *dst, unsigned n)
{
	for (unsigned i = 0; i < n; i += 8) {
		const uint64_t *s = src + i;
		uint64_t *d = dst + i;
#if DIST
		PREFETCH_R(s, DIST * 64);
#endif
#ifdef PREFETCH_DST
		PREFETCH_W(d, DIST * 64);
#endif
		for (unsigned k = 0; k < 8; k++) {
			uint64_t v;

			__asm__ volatile("ld %0, 0(%1)" : "=r"(v) : "r"(s + k) : "memory");
			d[k] = 3 * v + i + k;
		}
	}
}

int main(void)
{
	uint64_t start = csr_read(cycle), spent;

	stream(SRC, DST, ELEMS);
	spent = csr_read(cycle) - start;
	for (unsigned i = 0; i < ELEMS; i++)
		if (DST[i] != i) {
			printf("prefetch: dst[%u] = %llu, expected %u\n", i,
			       (unsigned long long)DST[i], i);
			return 1;
		}
	printf("prefetch (distance %d lines%s): %u elements, %llu cycles in the loop\n", DIST,
	       DST_NAME, ELEMS, (unsigned long long)spent);
	return 0;
}
